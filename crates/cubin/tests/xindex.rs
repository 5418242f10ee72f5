//! More than 65,280 sections: extended numbering (e_shnum 0, the count in section 0),
//! `.symtab_shndx` and SHN_XINDEX symbols with ptxas's off-by-one.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use cubin::builder::{Kernel, Target, build_exec};
use cubin::consts::*;
use cubin::nv_info::{Attribute, Payload};
use cubin::{SectionData, SymSection};

const KERNELS: usize = 22_000;

fn generated() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test_data/generated/cubin")
}

/// The `.nv.compat` records ptxas writes for a small sm_90 kernel (spec §4).
fn sm90_compat() -> Vec<Attribute> {
    vec![
        Attribute::short(EIFMT_BVAL, 9, 0),
        Attribute::short(EIFMT_BVAL, 2, 1),
        Attribute::short(EIFMT_BVAL, 5, 5),
        Attribute::short(EIFMT_HVAL, 7, 0x0101),
        Attribute::short(EIFMT_BVAL, 3, 0),
        Attribute::short(EIFMT_BVAL, 6, 1),
        Attribute::sval(11, Payload::Words(vec![0, 0])),
    ]
}

fn kernel(i: usize) -> Kernel {
    Kernel {
        name: format!("x{i}"),
        params: Vec::new(),
        // Opaque code bytes: ELF readers do not look into them.
        code: vec![0; 128],
        regcount: 8,
        frame_size: 0,
        min_stack_size: 0,
        max_stack_size: 0,
        code_attributes: vec![
            Attribute::sval(EIATTR_CUDA_API_VERSION, Payload::Words(vec![130])),
            Attribute::short(EIFMT_HVAL, EIATTR_SPARSE_MMA_MASK, 0),
            Attribute::short(EIFMT_HVAL, EIATTR_MAXREG_COUNT, 0xff),
            Attribute::short(EIFMT_HVAL, EIATTR_MERCURY_ISA_VERSION, 0x0101),
            Attribute::sval(EIATTR_EXIT_INSTR_OFFSETS, Payload::Words(vec![0])),
            Attribute::sval(EIATTR_SW_WAR, Payload::Words(vec![8])),
        ],
        frame_program: vec![
            0x04, 0x04, 0, 0, 0, 0x0c, 0x81, 0x80, 0x80, 0x28, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
    }
}

#[test]
fn builder_escapes_section_numbers_above_0xff00() {
    let target = Target {
        sm: 90,
        virtual_sm: 75,
        tool_options: "-arch sm_90 ".into(),
        compat: sm90_compat(),
    };
    let kernels: Vec<Kernel> = (0..KERNELS).map(kernel).collect();
    let model = build_exec(&target, &kernels).unwrap();
    let n = model.sections.len();
    assert!(n >= 66_000, "{n} sections");
    let bytes = cubin::write(&model);
    assert_eq!(
        u16::from_le_bytes([bytes[60], bytes[61]]),
        0,
        "e_shnum escaped"
    );
    assert_eq!(bytes[51], 0x07, "e_flags marks .symtab_shndx");
    assert_eq!(model.section_name(4), ".symtab_shndx");

    let started = Instant::now();
    let back = cubin::read(&bytes).unwrap();
    let again = cubin::write(&back);
    eprintln!(
        "{n} sections, {} bytes: read + write took {:?}",
        bytes.len(),
        started.elapsed()
    );
    assert!(again == bytes, "model round trip changed the file");
    let (_, syms, _) = back.symbol_table().unwrap();
    assert!(
        syms.iter()
            .any(|s| matches!(s.section, SymSection::Index(i) if i > 0xff00))
    );
    assert!(matches!(back.sections[4].data, SectionData::SymtabShndx(_)));
}

/// readelf and cuobjdump read the 66,013-section file without complaint. Ignored by default:
/// cuobjdump needs about 100 s for it (`cargo test -p cubin --test xindex -- --ignored`).
#[test]
#[ignore]
fn readelf_and_cuobjdump_accept_built_xindex_file() {
    let target = Target {
        sm: 90,
        virtual_sm: 75,
        tool_options: "-arch sm_90 ".into(),
        compat: sm90_compat(),
    };
    let kernels: Vec<Kernel> = (0..KERNELS).map(kernel).collect();
    let back = build_exec(&target, &kernels).unwrap();
    let bytes = cubin::write(&back);
    let Ok(bin) = std::fs::read_to_string(generated().join("toolchain_bin")) else {
        eprintln!(
            "note: no toolchain_bin marker (cargo xtask cubin-corpus); readelf/cuobjdump not run"
        );
        return;
    };
    let path = generated().join("builder-out/xindex-built.cubin");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    for (tool, args) in [
        (PathBuf::from("readelf"), vec!["-a", "-W"]),
        (Path::new(bin.trim()).join("cuobjdump"), vec!["-elf"]),
    ] {
        let out = Command::new(&tool).args(&args).arg(&path).output();
        let Ok(out) = out else {
            eprintln!("note: {} not found", tool.display());
            continue;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        // readelf flags the CUDA convention that `.text.F`'s sh_info holds the function's symbol
        // index; it says the same about every small ptxas file. Anything else is a complaint.
        let complaints: Vec<&str> = stderr
            .lines()
            .filter(|l| {
                let text_info = l.strip_prefix("readelf: Warning: [").and_then(|rest| {
                    let (idx, rest) = rest.split_once("]: Unexpected value (")?;
                    let idx: usize = idx.parse().ok()?;
                    let (sym, _) = rest.split_once(") in info field.")?;
                    Some(
                        back.section_name(idx).starts_with(".text.")
                            && back.sections[idx].info.to_string() == sym,
                    )
                });
                text_info != Some(true)
            })
            .collect();
        assert!(
            out.status.success() && complaints.is_empty(),
            "{} complained: {complaints:?}",
            tool.display()
        );
        eprintln!(
            "{} read it: {} bytes of output",
            tool.display(),
            out.stdout.len()
        );
    }
}

#[test]
fn ptxas_xindex_file_round_trips() {
    let path = generated().join("xindex/xindex.sm_90.exec.cubin");
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!(
            "note: {} absent (cargo xtask cubin-corpus --xindex)",
            path.display()
        );
        return;
    };
    let started = Instant::now();
    let model = cubin::read(&bytes).unwrap();
    let again = cubin::write(&model);
    eprintln!(
        "ptxas file, {} sections: read + write took {:?}",
        model.sections.len(),
        started.elapsed()
    );
    assert!(model.sections.len() > 0xff00);
    assert!(again == bytes, "not byte-identical");
}
