//! The dumper's text, checked two ways:
//! - a small builder-made cubin, written and read back, against an inline snapshot (no toolchain);
//! - ptxas cubins of the generated corpus against the committed dumps in test_data/cubin/expected
//!   (`UPDATE_EXPECT=1` rewrites them), so reader/dumper changes show up as reviewed diffs.
use std::path::{Path, PathBuf};

use cubin::builder::{AddressSpace, Kernel, Param, Pointee, Target, build_exec};
use cubin::consts::*;
use cubin::dump::{DumpOptions, dump};
use cubin::nv_info::{Attribute, Payload};
use expect_test::expect;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn built_cubin_reads_back_and_dumps() {
    let kernel = |name: &str, params: Vec<Param>| Kernel {
        name: name.into(),
        params,
        code: vec![0; 128],
        regcount: 8,
        frame_size: 0,
        min_stack_size: 0,
        max_stack_size: 0,
        code_attributes: vec![
            Attribute::short(EIFMT_BVAL, EIATTR_SW_WAR, 0),
            Attribute::sval(EIATTR_CUDA_API_VERSION, Payload::Words(vec![130])),
            Attribute::short(EIFMT_HVAL, EIATTR_MAXREG_COUNT, 0xff),
            Attribute::sval(EIATTR_EXIT_INSTR_OFFSETS, Payload::Words(vec![0x50])),
        ],
        frame_program: vec![0x04, 0x14, 0, 0, 0, 0x0c, 0x81, 0x80, 0x80, 0x28, 0, 0],
    };
    let ptr = Param {
        size: 8,
        align: 8,
        pointee: Some(Pointee {
            space: AddressSpace::Const,
            align: 4,
        }),
    };
    let target = Target {
        sm: 75,
        virtual_sm: 75,
        tool_options: "-arch sm_75 ".into(),
        compat: Vec::new(),
    };
    let model = build_exec(
        &target,
        &[
            kernel(
                "kb",
                vec![
                    Param {
                        size: 3,
                        align: 1,
                        pointee: None,
                    },
                    ptr,
                ],
            ),
            kernel("ka", vec![]),
        ],
    )
    .unwrap();
    let bytes = cubin::write(&model);
    let back = cubin::read(&bytes).unwrap();
    assert!(back == model, "read(write(model)) != model");
    expect![[r#"
        header: type=EXEC sm=75 family=L e_flags=0x06004b04 (X=0x06 layout=4) osabi=0x41 abiversion=8
        layout: shoff=0xa80 phoff=0xec0 file_size=0xf68
        sections (17):
          [  1] .shstrtab                        STRTAB                 flags=-      link=0 info=0 align=1 entsize=0 size=0x13f offset=0x40
          [  2] .strtab                          STRTAB                 flags=-      link=0 info=0 align=1 entsize=0 size=0x145 offset=0x17f
          [  3] .symtab                          SYMTAB                 flags=-      link=2 info=10 align=8 entsize=24 size=0x120 offset=0x2c8
          [  4] .debug_frame                     PROGBITS               flags=-      link=0 info=0 align=1 entsize=0 size=0xc0 offset=0x3e8
          [  5] .note.nv.tkinfo                  NOTE                   flags=+NVTK  link=0 info=0 align=4 entsize=0 size=0xa0 offset=0x4a8
          [  6] .note.nv.cuinfo                  NOTE                   flags=+NVCU  link=5 info=0 align=4 entsize=0 size=0x20 offset=0x548
          [  7] .nv.info                         CUDA_INFO              flags=-      link=3 info=0 align=4 entsize=0 size=0x48 offset=0x568
          [  8] .nv.info.kb                      CUDA_INFO              flags=I      link=3 info=15 align=4 entsize=0 size=0x48 offset=0x5b0
          [  9] .nv.info.ka                      CUDA_INFO              flags=I      link=3 info=16 align=4 entsize=0 size=0x28 offset=0x5f8
          [ 10] .nv.callgraph                    CUDA_CALLGRAPH         flags=-      link=3 info=0 align=4 entsize=8 size=0x20 offset=0x620
          [ 11] .nv.rel.action                   CUDA_RELOCINFO         flags=-      link=0 info=0 align=8 entsize=8 size=0x10 offset=0x640
          [ 12] .rel.debug_frame                 REL                    flags=I      link=3 info=4 align=8 entsize=16 size=0x20 offset=0x650
          [ 13] .nv.constant0.kb                 PROGBITS               flags=AI     link=0 info=15 align=4 entsize=0 size=0x170 offset=0x670
          [ 14] .nv.constant0.ka                 PROGBITS               flags=AI     link=0 info=16 align=4 entsize=0 size=0x160 offset=0x7e0
          [ 15] .text.kb                         PROGBITS               flags=AX     link=3 info=134217738 align=128 entsize=0 size=0x80 offset=0x980
          [ 16] .text.ka                         PROGBITS               flags=AX     link=3 info=134217739 align=128 entsize=0 size=0x80 offset=0xa00
        program headers (3):
          PHDR RX  covers=<program headers>
          LOAD RX  covers=.nv.constant0.kb,.nv.constant0.ka,.text.kb,.text.ka
          LOAD RX  covers=<program headers>
        symbols (12) in section 3:
          [  0] ""                                       LOCAL  NOTYPE      other=0x00 shndx=UND value=0x0 size=0x0
          [  1] .note.nv.tkinfo                          LOCAL  SECTION     other=0x00 shndx=5(.note.nv.tkinfo) value=0x0 size=0x0
          [  2] .note.nv.cuinfo                          LOCAL  SECTION     other=0x00 shndx=6(.note.nv.cuinfo) value=0x0 size=0x0
          [  3] .text.kb                                 LOCAL  SECTION     other=0x00 shndx=15(.text.kb) value=0x0 size=0x0
          [  4] .nv.constant0.kb                         LOCAL  SECTION     other=0x00 shndx=13(.nv.constant0.kb) value=0x0 size=0x0
          [  5] .text.ka                                 LOCAL  SECTION     other=0x00 shndx=16(.text.ka) value=0x0 size=0x0
          [  6] .nv.constant0.ka                         LOCAL  SECTION     other=0x00 shndx=14(.nv.constant0.ka) value=0x0 size=0x0
          [  7] .debug_frame                             LOCAL  SECTION     other=0x00 shndx=4(.debug_frame) value=0x0 size=0x0
          [  8] .nv.callgraph                            LOCAL  SECTION     other=0x00 shndx=10(.nv.callgraph) value=0x0 size=0x0
          [  9] .nv.rel.action                           LOCAL  SECTION     other=0x00 shndx=11(.nv.rel.action) value=0x0 size=0x0
          [ 10] kb                                       GLOBAL FUNC        other=0x10 shndx=15(.text.kb) value=0x0 size=0x80
          [ 11] ka                                       GLOBAL FUNC        other=0x10 shndx=16(.text.ka) value=0x0 size=0x80
        .note.nv.tkinfo:
          note "NVIDIA Corp" type=2000 tkinfo version=2
            objFname=""
            toolName="ptxas"
            toolVersion="Cuda compilation tools, release 13.0, V13.0.88"
            toolBranch="Build cuda_13.0.r13.0/compiler.36424714_0"
            toolOptions="-arch sm_75 "
        .note.nv.cuinfo:
          note "NVIDIA Corp" type=1000 cuinfo version=2 virtual_sm=75 toolkit=130
        .nv.info:
          SVAL EIATTR_REGCOUNT sym=11(ka) value=0x8
          SVAL EIATTR_FRAME_SIZE sym=11(ka) value=0x0
          SVAL EIATTR_REGCOUNT sym=10(kb) value=0x8
          SVAL EIATTR_FRAME_SIZE sym=10(kb) value=0x0
          SVAL EIATTR_MIN_STACK_SIZE sym=10(kb) value=0x0
          SVAL EIATTR_MIN_STACK_SIZE sym=11(ka) value=0x0
        .nv.info.kb:
          BVAL EIATTR_SW_WAR value=0x0
          SVAL EIATTR_CUDA_API_VERSION 0x82
          SVAL EIATTR_PARAM_CBANK sym=4(.nv.constant0.kb) base=0x160 size=0x10
          HVAL EIATTR_CBANK_PARAM_SIZE value=0x10
          SVAL EIATTR_KPARAM_INFO index=0 ordinal=1 offset=0x8 size=8 log_align=2 space=3 cbank=31 smem=0
          SVAL EIATTR_KPARAM_INFO index=0 ordinal=0 offset=0x0 size=3 log_align=0 space=0 cbank=31 smem=0
          HVAL EIATTR_MAXREG_COUNT value=0xff
          SVAL EIATTR_EXIT_INSTR_OFFSETS 0x50
        .nv.info.ka:
          BVAL EIATTR_SW_WAR value=0x0
          SVAL EIATTR_CUDA_API_VERSION 0x82
          SVAL EIATTR_PARAM_CBANK sym=6(.nv.constant0.ka) base=0x160 size=0x0
          HVAL EIATTR_CBANK_PARAM_SIZE value=0x0
          HVAL EIATTR_MAXREG_COUNT value=0xff
          SVAL EIATTR_EXIT_INSTR_OFFSETS 0x50
        .nv.callgraph:
          marker -1
          marker -2
          marker -3
          marker -4
        .rel.debug_frame: 2 relocations for section .debug_frame
          offset=0xa4 R_CUDA_64 sym=11(ka)
          offset=0x44 R_CUDA_64 sym=10(kb)
    "#]]
    .assert_eq(&dump(&back, DumpOptions { offsets: true }));
}

/// Corpus cubins whose dumps are committed: one per input and family/mode mix.
const EXPECTED: &[&str] = &[
    "params.sm_90.exec",
    "params.sm_75.rel",
    "bigparams.sm_100.exec",
    "gridconst.sm_89.exec",
    "devfn.sm_90.rel",
    "devfn.sm_75.exec",
    "vars.sm_90.exec",
    "vars.sm_120.rel",
    "extshared.sm_80.exec",
    "printf.sm_90a.exec",
    "malloc.sm_90.rel",
    "assert.sm_75.exec",
    "fnptr.sm_90.exec",
    "launchbounds.sm_100.rel",
    "templates.sm_75.exec",
    "recursion.sm_90.rel",
    "manykernels.sm_120.exec",
    "local.sm_89.rel",
    "texture.sm_90.exec",
    "funcs_vars.sm_90.exec",
    "multi_00.sm_75.exec",
    "devfn.lineinfo.sm_90.exec",
    // sm_110: the Mercury copy of `.nv.shared.reserved.0` holds file data.
    "printf.sm_110.exec",
    "vars.sm_110a.rel",
    // No -G cubin here: its DWARF holds the compile directory and ptxas names its
    // `.nv_debug_ptx_txt.<hash>` section after the input, so the bytes depend on where the
    // checkout lives. The -G cubins are covered by the round-trip test instead.
];

#[test]
fn corpus_dumps_match_committed() {
    let generated = root().join("test_data/generated/cubin");
    let expected_dir = root().join("test_data/cubin/expected");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut checked = 0;
    let mut failures = Vec::new();
    for name in EXPECTED {
        let Ok(bytes) = std::fs::read(generated.join(format!("{name}.cubin"))) else {
            continue;
        };
        let text = dump(
            &cubin::read(&bytes).unwrap(),
            DumpOptions { offsets: false },
        );
        let path = expected_dir.join(format!("{name}.dump"));
        if update {
            std::fs::create_dir_all(&expected_dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            failures.push(path.display().to_string());
        }
        checked += 1;
    }
    if checked == 0 {
        eprintln!("note: no generated cubin corpus; run `cargo xtask cubin-corpus`");
    }
    assert!(
        failures.is_empty(),
        "dumps differ (UPDATE_EXPECT=1 to accept):\n{}",
        failures.join("\n")
    );
}
