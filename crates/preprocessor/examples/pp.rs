//! Cold preprocessing of one `.cu` with nvcc's host flags, for profiling the crate without
//! building the `cufe` binary: `pp INPUT STD CUDA_INCLUDE OUT [RUNS]`.
use std::path::Path;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, std, include, out, ..] = &args[..] else {
        eprintln!("usage: pp INPUT STD CUDA_INCLUDE OUT [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.get(5).and_then(|r| r.parse().ok()).unwrap_or(1);
    let nvcc = preprocessor::nvcc::NvccArgs {
        input: input.clone(),
        cuda_include: include.clone(),
        std: Some(std.clone()),
        arch_list: vec![preprocessor::nvcc::DEFAULT_ARCH],
        ..Default::default()
    };
    let options = nvcc
        .options(&mut |d| Path::new(d).is_dir())
        .expect("known -std");
    for _ in 0..runs {
        let mut fs = preprocessor::RealFs::default();
        let mut file = std::fs::File::create(out).expect("creating the output");
        let diagnostics =
            preprocessor::preprocess_to(&options, &mut fs, &mut file).expect("writing the output");
        for d in &diagnostics {
            eprintln!("{d}");
        }
    }
    if std::env::var_os("PP_THREAD_CPU").is_some() {
        // The main thread's time on a CPU (ns), without the prefetching thread's.
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
        let ns: f64 = s
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        eprintln!("main thread CPU {:.1} ms", ns / 1e6);
    }
}
