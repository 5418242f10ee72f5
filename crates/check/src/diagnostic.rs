//! A check's finding before it is placed and printed.
use crate::messages::{self, Message, Severity};

/// Which of nvcc's passes reports a diagnostic: cudafe++ on the host view, cicc on the device
/// view, or both (then a warning is printed twice, P2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Passes {
    Host,
    Device,
    Both,
}

impl Passes {
    pub fn includes(self, pass: Pass) -> bool {
        matches!(
            (self, pass),
            (Passes::Both, _) | (Passes::Host, Pass::Host) | (Passes::Device, Pass::Device)
        )
    }
}

/// One pass of nvcc: the view a check runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pass {
    Host,
    Device,
}

/// When in a pass the tool reports it (rule P7): while parsing (with the source line echoed and
/// a caret) or late, while walking the code kept for the device (no echo).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    Parse,
    /// At the end of the translation unit, before the late phase, with the line echoed (the
    /// device pass's 679 for `constexpr` functions).
    EndOfUnit,
    Late,
    /// cicc's back end, after the front end: `warning: FILE(LINE): Warning: TEXT` lines
    /// (no number, no echo), then one blank line.
    Backend,
}

/// A finding of one check, positioned relative to the item it belongs to (its definition tree,
/// `hir_def::source::definition_tree`, or its header for items without a body), so that it
/// stays valid while other items move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ItemDiagnostic {
    pub number: u32,
    /// The severity before options and pragmas.
    pub severity: Severity,
    /// `#N-D`: options and pragmas may change it.
    pub discretionary: bool,
    pub text: String,
    pub passes: Passes,
    pub phase: Phase,
    /// Offset in the item's tree.
    pub offset: u32,
    /// Reported only when the item is kept for the device (rule P7: non-inline with external
    /// linkage, or referenced from anywhere in the translation unit).
    pub kept_only: bool,
    /// Dropped when `#pragma nv_exec_check_disable` precedes the item (and, with
    /// `hd_warning_disable` too, when this is a warning).
    pub exec_check: bool,
    /// Another item the diagnostic points at (a deleted function's declaration, a deprecated
    /// entity's attribute): placed when the diagnostic is, so the query stays per item.
    pub related: Option<Related>,
    /// The item whose tree `offset` is in, when it is not the item that reports it (a
    /// function template's instance, checked where a body demands it).
    pub placed_in: Option<salsa::Id>,
    /// Placed in another item's tree but printed for every item that reports it (the calls
    /// of a default argument, once per caller), not once in all (a template instance's).
    pub per_reporter: bool,
    /// The template instantiations that led here, innermost first (`detected during
    /// instantiation of "..." at line N`); lines are placed when the diagnostic is.
    pub context: Vec<ContextFrame>,
    /// The template instance the finding was made in, when it is printed once per instance in
    /// the translation unit (at its first point of instantiation in source order).
    pub once_per_instance: Option<salsa::Id>,
}

/// One instantiation of a diagnostic's context: what was instantiated, and where (a place in
/// an item's tree: the call that demanded the instance).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ContextFrame {
    /// `instantiation of "int f<T>() [with T=S]"`.
    pub text: String,
    /// The item whose tree `offset` is in (an `il::Item`'s id).
    pub item: salsa::Id,
    pub offset: u32,
}

/// A place in another item's tree that a diagnostic mentions: the line `text` names where
/// it holds [`DECLARED_LINE`], or a note printed after the diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    /// The other item (an `il::Item`'s id).
    pub item: salsa::Id,
    /// Offset in that item's tree.
    pub offset: u32,
    pub note: Option<(u32, String)>,
}

/// Stands in a diagnostic's text for the line of its related item (`declared at line N`).
pub const DECLARED_LINE: &str = "\u{1}line\u{1}";

impl ItemDiagnostic {
    /// A hard error (printed `error:` without number; options cannot change it).
    pub fn error(message: Message, args: &[&str], passes: Passes, offset: u32) -> Self {
        ItemDiagnostic {
            number: message.number,
            severity: Severity::Error,
            discretionary: false,
            text: messages::format(&message, args),
            passes,
            phase: Phase::Parse,
            offset,
            kept_only: false,
            exec_check: false,
            related: None,
            placed_in: None,
            per_reporter: false,
            context: Vec::new(),
            once_per_instance: None,
        }
    }

    /// A discretionary diagnostic (`#N-D`) of the given default severity.
    pub fn discretionary(
        message: Message,
        severity: Severity,
        args: &[&str],
        passes: Passes,
        offset: u32,
    ) -> Self {
        ItemDiagnostic {
            discretionary: true,
            severity,
            ..ItemDiagnostic::error(message, args, passes, offset)
        }
    }

    /// Late phase (no echo), and only for items kept for the device.
    pub fn late(mut self) -> Self {
        self.phase = Phase::Late;
        self.kept_only = true;
        self
    }

    /// Positioned in another item's tree (`item` is an `il::Item`'s id).
    pub fn placed_in(mut self, item: salsa::Id) -> Self {
        self.placed_in = Some(item);
        self
    }

    /// Positioned in another item's tree (`item` is an `il::Item`'s id) and printed for each
    /// item that reports it.
    pub fn placed_in_per_reporter(mut self, item: salsa::Id) -> Self {
        self.placed_in = Some(item);
        self.per_reporter = true;
        self
    }

    /// Made while instantiating `instance` (a `hir_ty::Instance`'s id), whose instantiation
    /// `frame` describes: printed with that context, once per instance.
    pub fn in_instantiation(mut self, instance: salsa::Id, frame: ContextFrame) -> Self {
        self.context = vec![frame];
        self.once_per_instance = Some(instance);
        self
    }

    /// Subject to the execution-check pragmas.
    pub fn exec_check(mut self) -> Self {
        self.exec_check = true;
        self
    }
}

/// A finding placed in one view's preprocessed text, ready to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub number: u32,
    pub severity: Severity,
    pub discretionary: bool,
    pub text: String,
    pub phase: Phase,
    /// Offset in the view's `.ii` text.
    pub offset: u32,
    /// Notes printed right after it (`note #N-D: ...`, with the line echoed).
    pub notes: Vec<Note>,
    /// Its instantiation context, innermost first, placed: `instantiation of "..." at line N`.
    pub context: Vec<String>,
}

/// A note following a diagnostic (its location echoed with a caret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub number: u32,
    pub text: String,
    /// Offset in the view's `.ii` text.
    pub offset: u32,
}
