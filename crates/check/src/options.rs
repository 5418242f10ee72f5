//! nvcc's diagnostic options: `-diag-suppress/-diag-warn/-diag-error N[,N]` (numbers only: nvcc
//! itself rejects tags with `expected a number`), `-Xcudafe --diag_suppress=N|TAG` (host pass
//! only), `--Werror all-warnings` (`--promote_warnings`), `-Xcudafe --remarks` (both passes),
//! and what they and the pragmas make of one diagnostic.
use rustc_hash::FxHashMap;

use crate::diagnostic::{Diagnostic, ItemDiagnostic, Pass};
use crate::messages::{self, Severity};
use crate::pragmas::{Action, Pragmas};

/// The diagnostic options of one nvcc command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiagOptions {
    /// By number: what the command line does to it in each pass (host, device).
    pub host: FxHashMap<u32, Action>,
    pub device: FxHashMap<u32, Action>,
    /// `--Werror all-warnings`: warnings become `error #N-D`.
    pub werror: bool,
    /// `-Xcudafe --remarks`: remarks are shown.
    pub remarks: bool,
    /// `-w` (`--disable-warnings`): nvcc passes it to every tool; cicc's back end then prints
    /// no warning (EDG's are not silenced here yet).
    pub no_warnings: bool,
    /// `-G` (`--device-debug`) or `-Xcicc -O0`: the device code is not optimized, and the back
    /// end's warnings on what optimized code stores are not printed (measured).
    pub device_unoptimized: bool,
}

/// An option nvcc rejects, worded as nvcc words it (`nvcc fatal   : ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fatal(pub String);

impl DiagOptions {
    /// Reads the diagnostic options out of nvcc's arguments; the others are left alone.
    pub fn parse(args: &[String]) -> Result<DiagOptions, Fatal> {
        let mut o = DiagOptions::default();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let mut value = |name: &str| -> Option<String> {
                for prefix in [format!("-{name}"), format!("--{name}")] {
                    if a == prefix {
                        i += 1;
                        return args.get(i).cloned();
                    }
                    if let Some(v) = a.strip_prefix(&format!("{prefix}=")) {
                        return Some(v.to_string());
                    }
                }
                None
            };
            let nvcc_diag = [
                ("diag-suppress", Action::Suppress),
                ("diag-warn", Action::Warning),
                ("diag-error", Action::Error),
            ];
            let mut handled = false;
            for (name, action) in nvcc_diag {
                if let Some(v) = value(name) {
                    for n in v.split(',').filter(|s| !s.is_empty()) {
                        let Ok(number) = n.trim().parse::<u32>() else {
                            return Err(Fatal(format!("'{n}': expected a number")));
                        };
                        o.host.insert(number, action);
                        o.device.insert(number, action);
                    }
                    handled = true;
                    break;
                }
            }
            if !handled {
                if ["-w", "--disable-warnings"].contains(&a) {
                    o.no_warnings = true;
                } else if ["-G", "--device-debug"].contains(&a) {
                    o.device_unoptimized = true;
                } else if let Some(v) = value("Xcicc") {
                    if v.split([' ', ',']).any(|w| w == "-O0") {
                        o.device_unoptimized = true;
                    }
                } else if let Some(v) = value("Werror") {
                    if v.split(',').any(|w| w == "all-warnings") {
                        o.werror = true;
                    }
                } else if let Some(v) = value("Xcudafe") {
                    o.cudafe_option(&v);
                }
            }
            i += 1;
        }
        Ok(o)
    }

    /// One `-Xcudafe` value (it may hold several options separated by commas or blanks).
    fn cudafe_option(&mut self, value: &str) {
        let words: Vec<&str> = value.split([' ', ',']).filter(|s| !s.is_empty()).collect();
        let mut i = 0;
        while i < words.len() {
            let w = words[i].trim_start_matches('-');
            if w == "remarks" {
                self.remarks = true;
            }
            for (name, action) in [
                ("diag_suppress", Action::Suppress),
                ("diag_warning", Action::Warning),
                ("diag_error", Action::Error),
                ("diag_remark", Action::Remark),
            ] {
                let list = if w == name {
                    i += 1;
                    words.get(i).copied()
                } else {
                    w.strip_prefix(name).and_then(|r| r.strip_prefix('='))
                };
                if let Some(list) = list {
                    for n in list.split(',') {
                        if let Some(number) = messages::number_of(n) {
                            self.host.insert(number, action);
                        }
                    }
                }
            }
            i += 1;
        }
    }

    /// What the options and the pragmas in force at `offset` make of `d` in `pass`: `None` when
    /// it is suppressed (or a remark while remarks are off).
    pub fn apply(
        &self,
        d: &ItemDiagnostic,
        pass: Pass,
        offset: u32,
        pragmas: &Pragmas,
    ) -> Option<Diagnostic> {
        let mut severity = d.severity;
        let mut numbered = d.discretionary;
        if d.discretionary {
            let command_line = match pass {
                Pass::Host => self.host.get(&d.number),
                Pass::Device => self.device.get(&d.number),
            };
            let action = pragmas
                .action_at(d.number, offset)
                .or(command_line.copied());
            match action {
                Some(Action::Suppress) => return None,
                Some(Action::Error) => {
                    severity = Severity::Error;
                    numbered = false;
                }
                Some(Action::Warning) => severity = Severity::Warning,
                Some(Action::Remark) => severity = Severity::Remark,
                Some(Action::Default) | None => {}
            }
            if self.werror && severity == Severity::Warning {
                severity = Severity::Error;
            }
            if severity == Severity::Remark && !self.remarks {
                return None;
            }
        }
        Some(Diagnostic {
            number: d.number,
            severity,
            discretionary: numbered,
            text: d.text.clone(),
            phase: d.phase,
            offset,
            notes: Vec::new(),
            context: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &str) -> Result<DiagOptions, Fatal> {
        DiagOptions::parse(&args.split(' ').map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn numbers_tags_and_passes() {
        let o = parse(
            "-diag-suppress 177,550 -diag-error=20011 -Xcudafe --diag_suppress=h_hd_illegal_call",
        )
        .unwrap();
        assert_eq!(o.host.get(&177), Some(&Action::Suppress));
        assert_eq!(o.device.get(&20011), Some(&Action::Error));
        // -Xcudafe reaches cudafe++ (the host pass) only.
        assert_eq!(o.host.get(&20011), Some(&Action::Suppress));
        assert_eq!(
            parse("-diag-suppress=h_hd_illegal_call"),
            Err(Fatal("'h_hd_illegal_call': expected a number".into()))
        );
        let o = parse("--Werror all-warnings -Xcudafe --remarks").unwrap();
        assert!(o.werror && o.remarks);
    }
}
