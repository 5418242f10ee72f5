//! nvcc's verdict on one open document, kept warm: the same pipeline as `cufe check` (both
//! views preprocessed by cufe's preprocessor, each checked by the `check` crate's per-entity
//! queries, the device view only when the host view has no error, as nvcc runs them), in one
//! long-lived database whose inputs are updated in place, so that an edit re-runs only the
//! queries it affects.
//!
//! The document's unsaved text is seen through an overlay over the disk, and each view is a
//! warm preprocessor unit whose `.ii` is reparsed incrementally ([`crate::views`]).
use std::path::Path;

use base_db::SourceFile;
use check::{DiagOptions, Pass};
use preprocessor::nvcc::NvccArgs;
use salsa::Setter;

use crate::views::Views;

/// How a finding is reported, in nvcc's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
}

/// Which of nvcc's passes reported a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reporter {
    /// The preprocessor (gcc's wording).
    Preprocessor,
    /// cudafe++ on the host view.
    Host,
    /// cicc on the device view.
    Device,
    /// Both passes (nvcc prints such a warning twice).
    Both,
}

/// One finding, placed in a file of the translation unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file as the line markers name it (the document's path for its own findings).
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// 0-based, in characters of the preprocessed line (gcc keeps the indentation, so this is
    /// the source column up to runs of blanks inside the line).
    pub column: u32,
    /// The word at the position in the preprocessed text, for finding it in the source line.
    pub word: String,
    pub severity: Severity,
    /// `N-D` for a discretionary diagnostic, `N` for another one with a number.
    pub code: Option<String>,
    pub text: String,
    pub reporter: Reporter,
    /// What nvcc prints after it (`note #3287-D: ...` after a deprecation), each placed.
    pub notes: Vec<FindingNote>,
}

/// A note nvcc prints after a finding, placed as the finding is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindingNote {
    /// The file as the line markers name it.
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// `N-D` for a discretionary note.
    pub code: String,
    pub text: String,
}

/// A warm checker: the database and the file system live as long as the server.
pub struct Checker {
    db: ide::RootDatabase,
    views: Views,
    cuda_include: String,
    /// Files under these prefixes are CUDA's headers (not checked, as `cufe check`).
    system_prefixes: Vec<String>,
    options_set: bool,
    /// The host view's `.ii` of each document at its last verdict: what hover, go to
    /// definition and references read (`crate::navigation`).
    host_units: rustc_hash::FxHashMap<std::path::PathBuf, SourceFile>,
}

impl Checker {
    /// `cuda_root`: the toolchain root holding `include/cuda_runtime.h`.
    pub fn new(cuda_root: &Path) -> Checker {
        Checker {
            db: ide::RootDatabase::default(),
            views: Views::default(),
            cuda_include: cuda_root.join("include").display().to_string(),
            system_prefixes: vec![cuda_root.display().to_string()],
            options_set: false,
            host_units: Default::default(),
        }
    }

    /// The unsaved text of an open document (read instead of the disk).
    pub fn set_document(&mut self, path: &Path, text: String) {
        self.views.set_document(&mut self.db, path, text);
    }

    /// A closed document: the disk is read again.
    pub fn remove_document(&mut self, path: &Path) {
        self.host_units.remove(path);
        self.views.remove_document(&mut self.db, path);
    }

    /// How many views were brought up to date warm and how many were made again.
    pub fn view_counts(&self) -> crate::views::ViewCounts {
        self.views.counts
    }

    /// The database and the host view's `.ii` of a document at its last verdict.
    pub(crate) fn host_unit(&self, path: &Path) -> Option<(&ide::RootDatabase, SourceFile)> {
        Some((&self.db, *self.host_units.get(path)?))
    }

    /// Files on disk may have changed (a save): every file is read again.
    pub fn disk_changed(&mut self) {
        self.views.disk_changed();
    }

    /// What `nvcc -c <nvcc_args> <path>` prints about the document, as findings, in nvcc's
    /// order. An nvcc option that nvcc rejects is reported as an error at the top of the file.
    pub fn verdict(&mut self, path: &Path, nvcc_args: &[String]) -> Vec<Finding> {
        let input = path.display().to_string();
        let top = |text: String| Finding {
            file: input.clone(),
            line: 1,
            column: 0,
            word: String::new(),
            severity: Severity::Error,
            code: None,
            text,
            reporter: Reporter::Preprocessor,
            notes: Vec::new(),
        };
        let diag = match DiagOptions::parse(nvcc_args) {
            Ok(d) => d,
            Err(check::options::Fatal(message)) => return vec![top(format!("nvcc: {message}"))],
        };
        let mut args = nvcc_args.to_vec();
        args.push(input.clone());
        let host_args = NvccArgs::from_command_line(&args, &self.cuda_include, false);
        self.set_compile_options(&host_args);
        let mut findings = Vec::new();
        let Some(host) = self.view(&host_args, &mut findings) else {
            self.host_units.remove(path);
            return findings;
        };
        self.host_units.insert(path.to_path_buf(), host);
        // Both views are brought up to date first, then checked on two threads (a snapshot
        // of the database each); the device view's findings count only when the host view
        // has no error, as nvcc runs the device pass only then.
        let device_args = NvccArgs {
            device: true,
            ..host_args
        };
        let mut device_findings = Vec::new();
        let device = self.view(&device_args, &mut device_findings);
        let (db, prefixes) = (&self.db, &self.system_prefixes);
        let (host_errors, device_findings) = std::thread::scope(|scope| {
            let device_check = device.map(|device| {
                let (db, diag) = (db.clone(), &diag);
                let mut out = std::mem::take(&mut device_findings);
                scope.spawn(move || {
                    check_view(&db, prefixes, device, Pass::Device, diag, &mut out);
                    out
                })
            });
            let host_errors = check_view(db, prefixes, host, Pass::Host, &diag, &mut findings);
            let device_findings = match device_check {
                Some(handle) => handle.join().expect("the device view's check panicked"),
                None => device_findings,
            };
            (host_errors, device_findings)
        });
        if host_errors > 0 {
            return findings;
        }
        findings.extend(device_findings);
        merge_passes(findings)
    }

    fn set_compile_options(&mut self, args: &NvccArgs) {
        let compile = base_db::CompileOptions {
            cpp_std: args.cpp_year(),
            extended_lambda: args.extended_lambda,
            relaxed_constexpr: args.relaxed_constexpr,
            relocatable_device_code: args.rdc,
            ..Default::default()
        };
        if !self.options_set {
            base_db::Options::new(&self.db, compile);
            self.options_set = true;
        } else if let Some(options) = base_db::Options::try_get(&self.db)
            && *options.compile(&self.db) != compile
        {
            options.set_compile(&mut self.db).to(compile);
        }
    }

    /// One view's `.ii`, as the input of its view (updated in place); `None` after the
    /// preprocessor's errors.
    fn view(&mut self, args: &NvccArgs, findings: &mut Vec<Finding>) -> Option<SourceFile> {
        let options = match args.options(&mut |d| Path::new(d).is_dir()) {
            Some(o) => o,
            None => {
                findings.push(Finding {
                    file: args.input.clone(),
                    line: 1,
                    column: 0,
                    word: String::new(),
                    severity: Severity::Error,
                    code: None,
                    text: format!("unsupported -std {:?}", args.std),
                    reporter: Reporter::Preprocessor,
                    notes: Vec::new(),
                });
                return None;
            }
        };
        let (file, diagnostics) = self
            .views
            .view(&mut self.db, &args.input, args.device, options);
        for d in &diagnostics {
            findings.push(Finding {
                file: d.file.clone(),
                line: d.line,
                column: d.col.saturating_sub(1),
                word: String::new(),
                severity: match d.severity {
                    preprocessor::Severity::Warning => Severity::Warning,
                    _ => Severity::Error,
                },
                code: None,
                text: d.message.clone(),
                reporter: Reporter::Preprocessor,
                notes: Vec::new(),
            });
        }
        file
    }
}

/// nvcc prints a warning that both passes report twice; an editor shows it once.
fn merge_passes(findings: Vec<Finding>) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    for f in findings {
        let same = |g: &Finding| {
            g.reporter == Reporter::Host
                && f.reporter == Reporter::Device
                && (&g.file, g.line, g.column, &g.code, &g.text)
                    == (&f.file, f.line, f.column, &f.code, &f.text)
        };
        match out.iter_mut().find(|g| same(g)) {
            Some(g) => g.reporter = Reporter::Both,
            None => out.push(f),
        }
    }
    out
}

/// Checks one view and appends its findings; returns its error count.
fn check_view(
    db: &ide::RootDatabase,
    system_prefixes: &[String],
    file: SourceFile,
    pass: Pass,
    options: &DiagOptions,
    out: &mut Vec<Finding>,
) -> usize {
    let diagnostics = check::pass_diagnostics(db, file, pass, options, system_prefixes);
    let text = file.text(db);
    let line_map = base_db::line_map(db, file);
    let unit = file.path(db).display().to_string();
    let unit = unit
        .trim_end_matches(".cpp4.ii")
        .trim_end_matches(".cpp1.ii");
    let mut errors = 0;
    for d in diagnostics {
        let pos = line_map.position(d.offset.into());
        let at = (d.offset as usize).min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let word: String = text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let severity = match d.severity {
            check::messages::Severity::Error => Severity::Error,
            check::messages::Severity::Warning => Severity::Warning,
            check::messages::Severity::Remark => Severity::Remark,
        };
        errors += usize::from(severity == Severity::Error);
        out.push(Finding {
            file: pos.file.unwrap_or(unit).to_string(),
            line: pos.line,
            column: text[start..at].chars().count() as u32,
            word,
            severity,
            code: match (d.discretionary, d.number) {
                (true, n) => Some(format!("{n}-D")),
                (false, 0) => None,
                (false, n) => Some(n.to_string()),
            },
            text: d.text,
            reporter: match pass {
                Pass::Host => Reporter::Host,
                Pass::Device => Reporter::Device,
            },
            notes: d
                .notes
                .iter()
                .map(|n| {
                    let at = line_map.position(n.offset.into());
                    FindingNote {
                        file: at.file.unwrap_or(unit).to_string(),
                        line: at.line,
                        code: format!("{}-D", n.number),
                        text: n.text.clone(),
                    }
                })
                .collect(),
        });
    }
    errors
}
