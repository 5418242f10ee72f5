//! The diagnostic every layer reports: cudafe++'s severities and numbers, a message, a range.
use std::fmt;

use syntax::TextRange;

/// cudafe++'s severities, ordered from least to most severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Remark,
    Warning,
    Error,
    /// "catastrophic error": processing stops.
    Fatal,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
            Severity::Fatal => "catastrophic error",
        })
    }
}

/// One diagnostic. `number` is cudafe++'s (EDG's or CUDA's) message number when it has one, so
/// `--diag_suppress` and users' greps work the same.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub number: Option<u32>,
    pub message: String,
    pub range: TextRange,
}

impl Diagnostic {
    pub fn error(range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            number: None,
            message: message.into(),
            range,
        }
    }
}
