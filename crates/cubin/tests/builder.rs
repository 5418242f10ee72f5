//! "Not a copy": the builder assembles a multi-kernel cubin from what ptxas produced for each
//! kernel alone (code bytes and code-dependent records) plus the kernels' PTX parameter lists,
//! and must equal ptxas's cubin of the whole file byte for byte. Renaming a kernel or giving it
//! one more parameter in the builder's input must equal ptxas on the edited PTX.
//!
//! Inputs: test_data/cubin/ptx/multi_*.ptx and the cubins `cargo xtask cubin-corpus` generates.
//! When `test_data/generated/cubin/toolchain_bin` names the toolchain, every builder-made cubin
//! is also given to `cuobjdump -elf` and `nvdisasm`, which must accept it.
use std::path::{Path, PathBuf};
use std::process::Command;

use cubin::builder::{AddressSpace, Kernel, Param, Pointee, Target, build_exec, build_relocatable};
use cubin::consts::*;
use cubin::note::NoteDesc;
use cubin::nv_info::{Attribute, Payload};
use cubin::{Cubin, SectionData};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Kernel names and parameters of a PTX file, in definition order.
fn ptx_kernels(text: &str) -> Vec<(String, Vec<Param>)> {
    let mut res = Vec::new();
    for chunk in text.split(".visible .entry ").skip(1) {
        let name = chunk.split('(').next().unwrap().trim().to_string();
        let list = &chunk[chunk.find('(').unwrap() + 1..chunk.find("\n)").unwrap()];
        let params = list.split(',').map(|decl| ptx_param(decl.trim())).collect();
        res.push((name, params));
    }
    res
}

fn ptx_param(decl: &str) -> Param {
    let words: Vec<&str> = decl.split_whitespace().collect();
    let align_of = |ws: &[&str]| {
        ws.iter()
            .position(|w| *w == ".align")
            .map(|i| ws[i + 1].parse::<u32>().unwrap())
    };
    if let Some(i) = words.iter().position(|w| w.starts_with(".ptr")) {
        let space = match words[i] {
            ".ptr.global" => AddressSpace::Global,
            ".ptr.shared" => AddressSpace::Shared,
            ".ptr.const" => AddressSpace::Const,
            ".ptr.local" => AddressSpace::Local,
            _ => AddressSpace::Generic,
        };
        let align = align_of(&words).unwrap_or(1);
        return Param {
            size: 8,
            align: 8,
            pointee: Some(Pointee { space, align }),
        };
    }
    let last = words.last().unwrap();
    if let Some(open) = last.find('[') {
        let n: u32 = last[open + 1..last.len() - 1].parse().unwrap();
        return Param {
            size: n,
            align: align_of(&words).unwrap_or(1),
            pointee: None,
        };
    }
    let size = match words[1] {
        ".u8" | ".s8" | ".b8" => 1,
        ".u16" | ".s16" | ".b16" | ".f16" => 2,
        ".u32" | ".s32" | ".b32" | ".f32" => 4,
        _ => 8,
    };
    Param {
        size,
        align: size,
        pointee: None,
    }
}

fn read(path: &Path) -> Cubin {
    cubin::read(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn section<'a>(c: &'a Cubin, name: &str) -> &'a SectionData {
    &c.sections[c
        .section_by_name(name)
        .unwrap_or_else(|| panic!("no section {name}"))]
    .data
}

fn attributes<'a>(c: &'a Cubin, name: &str) -> &'a [Attribute] {
    match section(c, name) {
        SectionData::Attributes(a) => a,
        other => panic!("{name}: {other:?}"),
    }
}

/// What code generation produced for the kernel of a single-kernel cubin.
fn kernel_from_single(single: &Cubin, name: &str, params: Vec<Param>) -> Kernel {
    let SectionData::Bytes(code) = section(single, &format!(".text.{name}")) else {
        panic!()
    };
    let value_of = |id: u8| {
        attributes(single, ".nv.info")
            .iter()
            .find_map(|a| match a.payload() {
                Some(Payload::SymbolValue { value, .. }) if a.id == id => Some(*value),
                _ => None,
            })
            .unwrap_or(0)
    };
    let code_attributes = attributes(single, &format!(".nv.info.{name}"))
        .iter()
        .filter(|a| {
            ![
                EIATTR_KPARAM_INFO,
                EIATTR_KPARAM_INFO_V2,
                EIATTR_CBANK_PARAM_SIZE,
                EIATTR_PARAM_CBANK,
            ]
            .contains(&a.id)
        })
        .cloned()
        .collect();
    let SectionData::Bytes(frame) = section(single, ".debug_frame") else {
        panic!()
    };
    // One CIE (0x30 bytes), then the FDE: 12-byte 64-bit length, CIE pointer, location, range.
    let fde_len = u64::from_le_bytes(frame[0x34..0x3c].try_into().unwrap()) as usize;
    let frame_program = frame[0x3c + 24..0x3c + fde_len].to_vec();
    Kernel {
        name: name.to_string(),
        params,
        code: code.clone(),
        regcount: value_of(EIATTR_REGCOUNT),
        frame_size: value_of(EIATTR_FRAME_SIZE),
        min_stack_size: value_of(EIATTR_MIN_STACK_SIZE),
        max_stack_size: value_of(EIATTR_MAX_STACK_SIZE),
        code_attributes,
        frame_program,
    }
}

fn target_from_single(single: &Cubin) -> Target {
    let (mut virtual_sm, mut tool_options) = (0, String::new());
    for s in &single.sections {
        if let SectionData::Notes(notes) = &s.data {
            for n in notes {
                match &n.desc {
                    NoteDesc::CuInfo { virtual_sm: v, .. } => virtual_sm = *v,
                    NoteDesc::TkInfo { strings, .. } => {
                        tool_options = String::from_utf8_lossy(&strings[4]).into_owned()
                    }
                    NoteDesc::Raw(_) => {}
                }
            }
        }
    }
    let compat = match single
        .section_by_name(".nv.compat")
        .map(|i| &single.sections[i].data)
    {
        Some(SectionData::Attributes(a)) => a.clone(),
        _ => Vec::new(),
    };
    Target {
        sm: single.header.sm(),
        virtual_sm,
        tool_options,
        compat,
    }
}

fn toolchain_bin() -> Option<PathBuf> {
    let marker = root().join("test_data/generated/cubin/toolchain_bin");
    let dir = PathBuf::from(std::fs::read_to_string(marker).ok()?.trim());
    dir.join("cuobjdump").exists().then_some(dir)
}

/// cuobjdump -elf and nvdisasm must accept `bytes` (a builder-made cubin).
fn check_accepted(bin: &Path, bytes: &[u8], label: &str) -> Result<(), String> {
    let dir = tempfile_dir();
    let path = dir.join(format!("{}.cubin", label.replace('/', "_")));
    std::fs::write(&path, bytes).unwrap();
    for (tool, args) in [("cuobjdump", vec!["-elf"]), ("nvdisasm", vec![])] {
        let out = Command::new(bin.join(tool))
            .args(&args)
            .arg(&path)
            .output()
            .unwrap();
        if !out.status.success() || !out.stderr.is_empty() {
            return Err(format!(
                "{label}: {tool} rejected it: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    Ok(())
}

fn tempfile_dir() -> PathBuf {
    let dir = root().join("test_data/generated/cubin/builder-out");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn builder_reproduces_multi_kernel_files() {
    let generated = root().join("test_data/generated/cubin");
    if !generated.join("split").exists() {
        eprintln!(
            "note: no generated cubin corpus at {}; run `cargo xtask cubin-corpus`",
            generated.display()
        );
        return;
    }
    let tools = toolchain_bin();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("test_data/cubin/ptx"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("multi_")
        })
        .collect();
    files.sort();
    let (mut same, mut total) = (0, 0);
    let mut failures = Vec::new();
    let mut built_files = Vec::new();
    for ptx in &files {
        let stem = ptx.file_stem().unwrap().to_string_lossy().into_owned();
        let kernels = ptx_kernels(&std::fs::read_to_string(ptx).unwrap());
        let split = generated.join("split").join(&stem);
        // (target, -c): whole-program output for families L and H, relocatable output for H.
        for (sm, rel) in [("sm_75", false), ("sm_90", false), ("sm_90", true)] {
            let suffix = if rel { ".rel" } else { "" };
            let singles: Vec<Cubin> = kernels
                .iter()
                .map(|(name, _)| read(&split.join(format!("{name}.{sm}{suffix}.cubin"))))
                .collect();
            let mut function_order: Vec<Kernel> = kernels
                .iter()
                .zip(&singles)
                .map(|((name, params), single)| kernel_from_single(single, name, params.clone()))
                .collect();
            // Whole-program function order is the reverse of PTX definition order.
            function_order.reverse();
            let target = target_from_single(&singles[0]);
            let first = function_order.len() - 1;
            let mut renamed = function_order.clone();
            renamed[first].name.push_str("_renamed");
            let mut reparam = function_order.clone();
            reparam[first].params.push(Param {
                size: 4,
                align: 4,
                pointee: None,
            });
            for (variant, input, reference) in [
                (
                    "whole",
                    &function_order,
                    generated.join(format!(
                        "{stem}.{sm}.{}.cubin",
                        if rel { "rel" } else { "exec" }
                    )),
                ),
                (
                    "renamed",
                    &renamed,
                    split.join(format!("renamed.{sm}{suffix}.cubin")),
                ),
                (
                    "reparam",
                    &reparam,
                    split.join(format!("reparam.{sm}{suffix}.cubin")),
                ),
            ] {
                total += 1;
                let label = format!("{stem}/{sm}{suffix}/{variant}");
                let model = if rel {
                    build_relocatable(&target, input)
                } else {
                    build_exec(&target, input)
                };
                let built = cubin::write(&model.unwrap());
                let expected = std::fs::read(&reference).unwrap();
                if built == expected {
                    same += 1;
                } else {
                    let at = built
                        .iter()
                        .zip(&expected)
                        .position(|(a, b)| a != b)
                        .unwrap_or(0);
                    failures.push(format!("{label}: differs from ptxas at {at:#x}"));
                }
                built_files.push((label, built));
            }
        }
    }
    let mut accepted = 0;
    if let Some(bin) = &tools {
        // nvdisasm takes over a second per file, mostly waiting: check several at once.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results = std::sync::Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..6 {
                scope.spawn(|| {
                    while let Some((label, bytes)) =
                        built_files.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        let res = check_accepted(bin, bytes, label);
                        results.lock().unwrap().push(res);
                    }
                });
            }
        });
        for res in results.into_inner().unwrap() {
            match res {
                Ok(()) => accepted += 1,
                Err(e) => failures.push(e),
            }
        }
    } else {
        eprintln!("note: no toolchain_bin marker; cuobjdump/nvdisasm acceptance not checked");
    }
    eprintln!(
        "builder: {same}/{total} byte-identical to ptxas; cuobjdump+nvdisasm accepted {accepted}"
    );
    assert!(
        total >= 20 * 3 * 3 || files.len() < 20,
        "too few multi-kernel inputs"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
