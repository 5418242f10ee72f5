//! Read + write throughput: a 100-kernel cubin (built here) and, when generated, ptxas's
//! 66,013-section file (`cargo xtask cubin-corpus --xindex`). Run: `cargo bench -p cubin`.
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use cubin::builder::{Kernel, Target, build_exec};
use cubin::consts::*;
use cubin::nv_info::{Attribute, Payload};

fn hundred_kernels() -> Vec<u8> {
    let target = Target {
        sm: 90,
        virtual_sm: 75,
        tool_options: "-arch sm_90 ".into(),
        compat: Vec::new(),
    };
    let kernels: Vec<Kernel> = (0..100)
        .map(|i| Kernel {
            name: format!("kernel_{i}"),
            params: Vec::new(),
            code: vec![0; 512],
            regcount: 16,
            frame_size: 0,
            min_stack_size: 0,
            max_stack_size: 0,
            code_attributes: vec![
                Attribute::sval(EIATTR_CUDA_API_VERSION, Payload::Words(vec![130])),
                Attribute::sval(EIATTR_EXIT_INSTR_OFFSETS, Payload::Words(vec![0x100])),
                Attribute::sval(EIATTR_SW_WAR, Payload::Words(vec![8])),
            ],
            frame_program: vec![0; 20],
        })
        .collect();
    cubin::write(&build_exec(&target, &kernels).unwrap())
}

fn read_write(c: &mut Criterion) {
    let small = hundred_kernels();
    c.bench_function("read+write 100-kernel cubin", |b| {
        b.iter(|| cubin::write(&cubin::read(&small).unwrap()))
    });
    let big = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test_data/generated/cubin/xindex/xindex.sm_90.exec.cubin");
    if let Ok(big) = std::fs::read(big) {
        let mut group = c.benchmark_group("xindex");
        group.sample_size(10);
        group.bench_function("read+write 66013-section cubin", |b| {
            b.iter(|| cubin::write(&cubin::read(&big).unwrap()))
        });
        group.finish();
    }
}

criterion_group!(benches, read_write);
criterion_main!(benches);
