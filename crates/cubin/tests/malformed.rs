//! Malformed input gives an error naming the offset and what was expected, never a panic:
//! every truncation and every single-byte corruption of a builder-made cubin is tried.
use cubin::builder::{Kernel, Param, Target, build_exec};
use cubin::consts::*;
use cubin::nv_info::{Attribute, Payload};
use expect_test::expect;

fn sample() -> Vec<u8> {
    let kernel = Kernel {
        name: "k".into(),
        params: vec![Param {
            size: 8,
            align: 8,
            pointee: None,
        }],
        code: vec![0x11; 128],
        regcount: 8,
        frame_size: 0,
        min_stack_size: 0,
        max_stack_size: 0,
        code_attributes: vec![
            Attribute::sval(EIATTR_CUDA_API_VERSION, Payload::Words(vec![130])),
            Attribute::sval(EIATTR_EXIT_INSTR_OFFSETS, Payload::Words(vec![0x50])),
            Attribute::sval(EIATTR_SW_WAR, Payload::Words(vec![8])),
        ],
        frame_program: vec![0x04, 0x14, 0, 0, 0],
    };
    let target = Target {
        sm: 90,
        virtual_sm: 90,
        tool_options: "-arch sm_90 ".into(),
        compat: Vec::new(),
    };
    cubin::write(&build_exec(&target, &[kernel]).unwrap())
}

#[test]
fn truncations_and_corruptions_are_errors_not_panics() {
    let good = sample();
    assert!(cubin::read(&good).is_ok());
    let mut errors = 0;
    for len in 0..good.len() {
        errors += cubin::read(&good[..len]).is_err() as usize;
    }
    assert_eq!(errors, good.len(), "every truncation is rejected");
    for at in 0..good.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= flip;
            if let Ok(model) = cubin::read(&bad) {
                // Whatever is accepted must write without panicking.
                let _ = cubin::write(&model);
            }
        }
    }
}

#[test]
fn errors_name_offset_and_expectation() {
    let good = sample();
    let err = |bytes: &[u8]| cubin::read(bytes).unwrap_err().to_string();
    let mut bad_magic = good.clone();
    bad_magic[1] = b'X';
    let mut bad_info = good.clone();
    // The first `.nv.info` record's format byte.
    let model = cubin::read(&good).unwrap();
    let info = model.section_by_name(".nv.info").unwrap();
    let off = cubin::file_layout(&model).offsets[info] as usize;
    bad_info[off] = 9;
    expect![[r#"
        offset 0x0: expected the ELF magic 7f 45 4c 46
        offset 0x0: expected an ELF header (64 bytes) within the file
    "#]]
    .assert_eq(&format!("{}\n{}\n", err(&bad_magic), err(&good[..10])));
    assert_eq!(
        err(&bad_info),
        format!("offset {off:#x}: expected an EIFMT format byte (1..=4)")
    );
}
