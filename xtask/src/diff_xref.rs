//! `cargo xtask diff-xref`: cufe's `--xref` log against cudafe++ 13.0.88's, on every
//! `test_data/cu` program (and with `--corpus` every CCCL example of ../shared/corpus, totals
//! printed separately), own file and whole translation unit.
//!
//! Each program is preprocessed as `docs/spec/xref.md` says (gcc in the source's directory with
//! the bare file name, the `-D`s its `// nvcc-flags:` line implies), then both tools run on the
//! same `.ii` with the cudafe++ options nvcc passes plus `--xref`. A corpus program is
//! preprocessed with the include paths its nvcc options name. Scratch files go to the ignored
//! `test_data/generated/xref/` (the corpus's to `corpus/` there, its logs removed once read:
//! tens of megabytes each).
//!
//! Normalization: addresses are only identities, so a line is compared by (name, kind, file,
//! line, column), as a multiset; a matched line is also *id-consistent* when its pair of ids
//! agrees with the one-to-one mapping between the tools' ids built from the matched lines in
//! order (first pairing wins). The declaration kinds `D`/`d` are compared together; every other
//! kind cufe produces (the references declarations make, `R`) is compared per kind, split by
//! where the line's position lies: outside function bodies (what cufe aims at) or inside one
//! (from a constructor's mem-initializers or the `{` to the definition's end, found by parsing
//! the `.ii`). Kinds cufe does not produce are counted on cudafe++'s side and reported as such.
//! The last lines add everything up, every kind and place, own files and whole units: what the
//! bar of issue 12 is read from (kinds cufe does not produce count as missing).
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::project_root;

#[derive(clap::Args)]
pub struct Args {
    /// Only programs whose name contains this.
    #[arg(long)]
    filter: Option<String>,
    /// Print up to this many missing and extra lines per program and compared set (own file
    /// first).
    #[arg(long, default_value_t = 0)]
    show: usize,
    /// Use the release build of cufe (faster on the large translation units); `$CUFE`, when
    /// set, names the binary to use instead (not built).
    #[arg(long)]
    release: bool,
    /// Also the CCCL examples of ../shared/corpus (the programs and flags of `diff-checks
    /// --clean`), their totals printed separately (`xref corpus ...`); `--filter` matches
    /// their path under cccl-3.0.3.
    #[arg(long)]
    corpus: bool,
}

/// One log line; the address is kept as an opaque id.
#[derive(Debug, Clone)]
struct Line {
    id: String,
    name: String,
    kind: char,
    file: String,
    line: u32,
    col: u32,
}

type Key = (String, char, String, u32, u32);

impl Line {
    fn key(&self) -> Key {
        (
            self.name.clone(),
            self.kind,
            self.file.clone(),
            self.line,
            self.col,
        )
    }
}

/// Match counts for one set of lines.
#[derive(Default, Clone, Copy)]
struct Stats {
    expected: usize,
    matched: usize,
    id_consistent: usize,
    extra: usize,
}

impl Stats {
    fn add(&mut self, o: Stats) {
        self.expected += o.expected;
        self.matched += o.matched;
        self.id_consistent += o.id_consistent;
        self.extra += o.extra;
    }
    fn summary(&self) -> String {
        let pct = |n: usize| {
            if self.expected == 0 {
                100.0
            } else {
                n as f64 * 100.0 / self.expected as f64
            }
        };
        format!(
            "{}/{} exact ({:.1}%), {} id-consistent ({:.1}%), {} extra ({:.1}%)",
            self.matched,
            self.expected,
            pct(self.matched),
            self.id_consistent,
            pct(self.id_consistent),
            self.extra,
            pct(self.extra)
        )
    }
}

/// The totals of one set of programs (test_data/cu, or the corpus).
#[derive(Default)]
struct Totals {
    /// `D`/`d` lines, own files and whole units.
    own: Stats,
    tu: Stats,
    /// Every line of every kind, what the bar reads: own files and whole units.
    all_own: Stats,
    all_tu: Stats,
    not_produced: BTreeMap<char, usize>,
    /// Per reference kind and place (outside/inside bodies): own-file and whole-unit totals.
    references: BTreeMap<(char, Place), (Stats, Stats)>,
    failed: Vec<String>,
}

/// One program to compare: its path, its nvcc options, the name it is reported under and the
/// stem of its scratch files.
struct Program {
    path: PathBuf,
    flags: Vec<String>,
    name: String,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::locate(None)?;
    let root = project_root();
    // `$CUFE` names another build (a base to compare with), used as it is.
    let cufe = match std::env::var_os("CUFE") {
        Some(cufe) => PathBuf::from(cufe),
        None => {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut build = Command::new(cargo);
            build.args(["build", "-p", "cufe"]);
            if args.release {
                build.arg("--release");
            }
            if !build.status()?.success() {
                bail!("building cufe failed");
            }
            root.join(if args.release {
                "target/release/cufe"
            } else {
                "target/debug/cufe"
            })
        }
    };
    let scratch = root.join("test_data/generated/xref");
    std::fs::create_dir_all(&scratch)?;

    let test_data: Vec<Program> = crate::diff_nvcc::test_data_programs()?
        .into_iter()
        .map(|(path, flags)| Program {
            name: path.file_stem().unwrap().to_string_lossy().into_owned(),
            path,
            flags,
        })
        .collect();
    let totals = compare_set(&args, &tc, &cufe, &test_data, &scratch, true);
    totals.print("");
    if args.corpus {
        let corpus_root = root.join("../shared/corpus/cccl-3.0.3");
        if !corpus_root.is_dir() {
            println!(
                "note: {} absent; the corpus is not compared",
                corpus_root.display()
            );
            return Ok(());
        }
        // The corpus's scratch files go into a folder of their own, so that `bench xref`'s
        // largest test_data program stays what it was.
        let corpus_scratch = scratch.join("corpus");
        std::fs::create_dir_all(&corpus_scratch)?;
        let corpus: Vec<Program> = crate::diff_nvcc::corpus_programs()?
            .into_iter()
            .map(|(path, flags)| Program {
                name: path
                    .strip_prefix(&corpus_root)
                    .unwrap_or(&path)
                    .with_extension("")
                    .display()
                    .to_string(),
                path,
                flags,
            })
            .collect();
        let totals = compare_set(&args, &tc, &cufe, &corpus, &corpus_scratch, false);
        totals.print("corpus ");
    }
    Ok(())
}

/// Compares every program of a set whose name contains `--filter`, printing each; the two
/// logs are kept in `scratch` when `keep_logs`.
fn compare_set(
    args: &Args,
    tc: &toolchain::Toolchain,
    cufe: &Path,
    programs: &[Program],
    scratch: &Path,
    keep_logs: bool,
) -> Totals {
    let mut t = Totals::default();
    for program in programs {
        let name = &program.name;
        if args.filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let result = compare_program(tc, cufe, program, scratch, keep_logs);
        let (theirs, ours, bodies) = match result {
            Ok(logs) => logs,
            Err(e) => {
                println!("{name}: skipped: {e:#}");
                t.failed.push(name.clone());
                continue;
            }
        };
        let own_file = program
            .path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let our_kinds: BTreeSet<char> = ours.iter().map(|l| l.kind).collect();
        for l in &theirs {
            if !is_declaration(l.kind) && !our_kinds.contains(&l.kind) {
                *t.not_produced.entry(l.kind).or_default() += 1;
                t.all_tu.expected += 1;
                if l.file == own_file {
                    t.all_own.expected += 1;
                }
            }
        }
        let decl = |lines: &[Line], own: bool| -> Vec<Line> {
            lines
                .iter()
                .filter(|l| is_declaration(l.kind) && (!own || l.file == own_file))
                .cloned()
                .collect()
        };
        let (own, own_missing, own_extra) = compare(&decl(&theirs, true), &decl(&ours, true));
        let (tu, tu_missing, tu_extra) = compare(&decl(&theirs, false), &decl(&ours, false));
        t.own.add(own);
        t.tu.add(tu);
        t.all_own.add(own);
        t.all_tu.add(tu);
        println!("{name}: own {} | TU {}", own.summary(), tu.summary());
        show(
            args.show,
            [&own_missing, &own_extra, &tu_missing, &tu_extra],
        );
        for kind in our_kinds.iter().copied().filter(|k| !is_declaration(*k)) {
            for place in [Place::Outside, Place::Inside] {
                let select = |lines: &[Line], own: bool| -> Vec<Line> {
                    lines
                        .iter()
                        .filter(|l| {
                            l.kind == kind
                                && (!own || l.file == own_file)
                                && Place::of(l, &bodies) == place
                        })
                        .cloned()
                        .collect()
                };
                let (own, own_missing, own_extra) =
                    compare(&select(&theirs, true), &select(&ours, true));
                let (tu, tu_missing, tu_extra) =
                    compare(&select(&theirs, false), &select(&ours, false));
                t.all_own.add(own);
                t.all_tu.add(tu);
                let totals = t.references.entry((kind, place)).or_default();
                totals.0.add(own);
                totals.1.add(tu);
                println!(
                    "  {kind} {}: own {} | TU {}",
                    place.label(),
                    own.summary(),
                    tu.summary()
                );
                show(
                    args.show,
                    [&own_missing, &own_extra, &tu_missing, &tu_extra],
                );
            }
        }
    }
    t
}

impl Totals {
    /// The totals' lines, each starting with `xref ` and then `set` (empty for test_data/cu,
    /// `corpus ` for the corpus).
    fn print(&self, set: &str) {
        println!("xref {set}D/d lines, own files: {}", self.own.summary());
        println!(
            "xref {set}D/d lines, whole translation units: {}",
            self.tu.summary()
        );
        for ((kind, place), (own, tu)) in &self.references {
            println!(
                "xref {set}{kind} lines {}, own files: {}",
                place.label(),
                own.summary()
            );
            println!(
                "xref {set}{kind} lines {}, whole translation units: {}",
                place.label(),
                tu.summary()
            );
        }
        println!("xref {set}all kinds, own files: {}", self.all_own.summary());
        println!(
            "xref {set}all kinds, whole translation units: {}",
            self.all_tu.summary()
        );
        if !self.not_produced.is_empty() {
            let kinds: Vec<String> = self
                .not_produced
                .iter()
                .map(|(k, n)| format!("{k} {n}"))
                .collect();
            println!(
                "{set}reference kinds not produced yet (cudafe++'s lines, whole units): {}",
                kinds.join(", ")
            );
        }
        if !self.failed.is_empty() {
            println!("{set}not compared: {}", self.failed.join(", "));
        }
    }
}

fn is_declaration(kind: char) -> bool {
    matches!(kind, 'D' | 'd')
}

/// Where a reference line's position lies.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Outside,
    Inside,
}

impl Place {
    fn of(line: &Line, bodies: &xref::FunctionBodies) -> Place {
        if bodies.contains(&line.file, line.line, line.col) {
            Place::Inside
        } else {
            Place::Outside
        }
    }
    fn label(self) -> &'static str {
        match self {
            Place::Outside => "outside function bodies",
            Place::Inside => "inside function bodies",
        }
    }
}

/// Prints up to `limit` lines: own-file missing and extra, then whole-unit missing and extra.
fn show(limit: usize, [own_missing, own_extra, tu_missing, tu_extra]: [&[Line]; 4]) {
    let shown = own_missing
        .iter()
        .map(|l| ("missing", l))
        .chain(own_extra.iter().map(|l| ("extra", l)))
        .chain(tu_missing.iter().map(|l| ("missing", l)))
        .chain(tu_extra.iter().map(|l| ("extra", l)))
        .take(limit);
    for (what, l) in shown {
        println!(
            "  {what:7} {}\t{}\t{}\t{}\t{}",
            l.name, l.kind, l.file, l.line, l.col
        );
    }
}

/// Preprocesses one program, runs both tools, and reads both logs.
fn compare_program(
    tc: &toolchain::Toolchain,
    cufe: &Path,
    program: &Program,
    scratch: &Path,
    keep_logs: bool,
) -> anyhow::Result<(Vec<Line>, Vec<Line>, xref::FunctionBodies)> {
    let flags = &program.flags;
    let stem = program.name.replace('/', "_");
    let ii = scratch.join(format!("{stem}.cpp4.ii"));
    // The host preprocessor gets the `-D`s nvcc's options imply and the include paths.
    let mut extra = toolchain::host_defines_for_nvcc_options(flags);
    extra.extend(flags.iter().filter(|f| f.starts_with("-I")).cloned());
    // As nvcc runs it in the source's directory: the line markers then say `NAME.cu`.
    let program_path = &program.path;
    let status = tc
        .host_preprocess_command(
            Path::new(program_path.file_name().unwrap()),
            &ii,
            None,
            &extra,
        )
        .current_dir(program_path.parent().unwrap())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        bail!("preprocessing failed");
    }
    let options = toolchain::cudafe_host_options(program_path, flags, scratch);
    let theirs_path = scratch.join(format!("{stem}.cudafe.xref"));
    let ours_path = scratch.join(format!("{stem}.cufe.xref"));
    let status = Command::new(tc.bin("cudafe++"))
        .args(&options)
        .arg("--xref")
        .arg(&theirs_path)
        .arg(&ii)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    if !status.success() {
        bail!("cudafe++ exited with {status}");
    }
    // cufe exits 4 when asked for outputs it does not write yet; the log is written first.
    let _ = std::fs::remove_file(&ours_path);
    let output = Command::new(cufe)
        .arg("cudafe")
        .args(&options)
        .arg("--xref")
        .arg(&ours_path)
        .arg(&ii)
        .stdout(Stdio::null())
        .output()?;
    if !ours_path.exists() {
        bail!(
            "cufe wrote no log ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .next()
                .unwrap_or("")
        );
    }
    let theirs = read_log(&theirs_path).context("cudafe++'s log")?;
    let ours = read_log(&ours_path).context("cufe's log")?;
    if !keep_logs {
        // A corpus program's logs are tens of megabytes each: not kept.
        let _ = std::fs::remove_file(&theirs_path);
        let _ = std::fs::remove_file(&ours_path);
    }
    let text = std::fs::read(&ii)?;
    let bodies = xref::FunctionBodies::new(&String::from_utf8_lossy(&text));
    Ok((theirs, ours, bodies))
}

fn read_log(path: &Path) -> anyhow::Result<Vec<Line>> {
    let text = std::fs::read(path)?;
    let text = String::from_utf8_lossy(&text);
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let parsed = (f.len() == 6)
            .then(|| {
                Some(Line {
                    id: f[0].to_string(),
                    name: f[1].to_string(),
                    kind: f[2].chars().next()?,
                    file: f[3].to_string(),
                    line: f[4].parse().ok()?,
                    col: f[5].parse().ok()?,
                })
            })
            .flatten();
        match parsed {
            Some(l) => lines.push(l),
            None => bail!("{}:{}: not an xref line: {line:?}", path.display(), n + 1),
        }
    }
    Ok(lines)
}

/// Multiset comparison of the lines by key, then the id check over the matched pairs.
fn compare(expected: &[Line], ours: &[Line]) -> (Stats, Vec<Line>, Vec<Line>) {
    let mut pool: HashMap<Key, Vec<&Line>> = HashMap::new();
    for l in ours.iter().rev() {
        pool.entry(l.key()).or_default().push(l);
    }
    let mut their_to_ours: HashMap<&str, &str> = HashMap::new();
    let mut ours_to_their: HashMap<&str, &str> = HashMap::new();
    let mut stats = Stats {
        expected: expected.len(),
        ..Stats::default()
    };
    let mut missing = Vec::new();
    for l in expected {
        let Some(o) = pool.get_mut(&l.key()).and_then(Vec::pop) else {
            missing.push(l.clone());
            continue;
        };
        stats.matched += 1;
        let mapped = *their_to_ours.entry(&l.id).or_insert(&o.id);
        let back = *ours_to_their.entry(&o.id).or_insert(&l.id);
        if mapped == o.id && back == l.id {
            stats.id_consistent += 1;
        }
    }
    let mut extra: Vec<Line> = pool.into_values().flatten().cloned().collect();
    extra.sort_by_key(Line::key);
    stats.extra = extra.len();
    (stats, missing, extra)
}
