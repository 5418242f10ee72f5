//! GNU: libiberty's modifier stack around closure types (see [`PendingDeclarator`]).

use super::{MAX_PRINT_DEPTH, Printer};
use crate::ast::{List, Node, NodeId};

/// libiberty prints a declarator from a stack of modifiers (the pointers, references,
/// qualifiers and arrays applied to a type, and the function whose return type it is, with its
/// name and parameters), emptied only for template arguments and function parameters. It keeps
/// that stack while it prints a lambda's parameters, so the declarator around a closure type is
/// printed by the first parameter of the closure that opens a parenthesised declarator (whose
/// `(...)` prints the whole stack), and then nowhere else:
/// `{lambda(auto:1 (*&) [5])#3}` for a `&` to `{lambda(auto:1 (*) [5])#3}`, and
/// `{lambda(int (* const*f<...>()) [5])#1}` for a function `f` returning a `const*` to
/// `{lambda(int (*) [5])#1}`. Inside, the parameters' `T_` are still the lambda's `auto:N`.
#[derive(Clone, Copy)]
pub(super) struct PendingDeclarator {
    /// The whole type or function encoding whose declarator it is (libiberty's stack was empty
    /// when it began).
    pub(super) root: NodeId,
    /// The node at the bottom of `root`'s declarator that names the closure type.
    pub(super) base: NodeId,
    /// The closure parameter-list depth (`lambda_args`) at which it may be printed.
    pub(super) depth: u32,
    pub(super) state: PendingState,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PendingState {
    /// The closure's parameter list has not opened a declarator yet.
    Waiting,
    /// Being printed inside the closure's parameter list.
    Printing,
    /// Printed; the output after the closure type (where the declarator would normally go),
    /// from this offset on, is dropped when `root` is done.
    Printed { closure_end: Option<usize> },
    /// The closure type was printed without a parameter that opens a declarator.
    Spent,
}

impl Printer<'_> {
    /// Whether `id` is a type with a declarator (or a function encoding with a return type),
    /// whose bottom may be a closure type.
    pub(super) fn is_declarator(&self, id: NodeId) -> bool {
        matches!(
            self.ast[id],
            Node::Pointer(_)
                | Node::Reference { .. }
                | Node::Qualified { .. }
                | Node::Array { .. }
                | Node::PointerToMember { .. }
                | Node::Function { .. }
                | Node::FunctionEncoding { ret: Some(_), .. }
        )
    }

    /// GNU: prints a whole type or function encoding. When a closure type is at the bottom of
    /// its declarator, the declarator waits for that closure's parameter list
    /// ([`PendingDeclarator`]); when it was printed there, what the usual order printed after
    /// the closure type is dropped again.
    #[inline(never)]
    pub(super) fn print_declarator_root(&mut self, id: NodeId) {
        // A parameter of the closure whose declarator waits is no new root: libiberty's stack
        // still holds that declarator there.
        let in_waiting_closure = self
            .pending
            .is_some_and(|p| p.state == PendingState::Waiting && p.depth == self.lambda_args);
        let base = if in_waiting_closure {
            None
        } else {
            self.closure_at_declarator_bottom(id)
        };
        let outer = match base {
            Some(base) => Some(self.pending.replace(PendingDeclarator {
                root: id,
                base,
                depth: self.lambda_args + 1,
                state: PendingState::Waiting,
            })),
            None => None,
        };
        self.print_left_in_scope(id);
        if self.has_rhs(id) {
            self.print_right(id);
        }
        if let Some(outer) = outer {
            let mine = std::mem::replace(&mut self.pending, outer);
            if let Some(PendingDeclarator {
                state:
                    PendingState::Printed {
                        closure_end: Some(end),
                    },
                ..
            }) = mine
                && end <= self.out.len()
            {
                self.out.truncate(end);
            }
        }
    }

    /// GNU: the node naming a closure type at the bottom of `id`'s declarator (through
    /// pointers, references, qualifiers, arrays, member pointers and return types), reached
    /// exactly as printing `id`'s left half reaches it.
    fn closure_at_declarator_bottom(&mut self, id: NodeId) -> Option<NodeId> {
        let pushed = self.push_function_templates(id);
        let mut found = None;
        let mut cur = id;
        for _ in 0..MAX_PRINT_DEPTH {
            if cur != id && self.names_closure(cur) {
                found = Some(cur);
                break;
            }
            let sn = self.syntax_node(cur);
            cur = match self.ast[sn] {
                Node::Pointer(c) => c,
                Node::Reference { .. } => match self.collapse(sn) {
                    Some((_, target)) => target,
                    None => break,
                },
                Node::Qualified { child, .. } => child,
                Node::Array { base, .. } => base,
                Node::PointerToMember { member, .. } => member,
                Node::Function { ret, .. } => ret,
                Node::FunctionEncoding { ret: Some(r), .. } => r,
                _ => break,
            };
        }
        if pushed {
            self.templates.pop();
        }
        found
    }

    /// Whether `id` is the blanked closure type of a pending declarator being printed; the
    /// first time it is reached it prints as nothing.
    #[inline(never)]
    pub(super) fn take_blank(&mut self, id: NodeId) -> bool {
        if self.blank == Some(id) {
            self.blank = None;
            true
        } else {
            false
        }
    }

    /// Where a closure's parameter opens a parenthesised declarator: prints the declarator
    /// waiting for this parameter list there (see [`PendingDeclarator`]).
    pub(super) fn print_pending_declarator(&mut self) {
        let Some(p) = self.pending else {
            return;
        };
        if p.state != PendingState::Waiting || p.depth != self.lambda_args {
            return;
        }
        self.set_pending_state(PendingState::Printing);
        let saved = self.blank.replace(p.base);
        self.print_left_in_scope(p.root);
        if self.has_rhs(p.root) {
            self.print_right(p.root);
        }
        self.blank = saved;
        self.set_pending_state(PendingState::Printed { closure_end: None });
    }

    fn set_pending_state(&mut self, state: PendingState) {
        if let Some(p) = &mut self.pending {
            p.state = state;
        }
    }

    /// At the end of a closure type: a declarator waiting for its parameter list is spent,
    /// one printed there records where the closure type ended.
    pub(super) fn end_closure_for_pending(&mut self) {
        let end = self.out.len();
        if let Some(p) = &mut self.pending
            && p.depth == self.lambda_args + 1
        {
            match p.state {
                PendingState::Waiting => p.state = PendingState::Spent,
                PendingState::Printed { closure_end: None } => {
                    p.state = PendingState::Printed {
                        closure_end: Some(end),
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `id` is the function encoding whose declarator is being printed inside a
    /// closure's parameter list (libiberty writes no space before its name there).
    pub(super) fn printing_pending_root(&self, id: NodeId) -> bool {
        self.pending
            .is_some_and(|p| p.state == PendingState::Printing && p.root == id)
    }

    /// A function's parameter list: libiberty empties its modifier stack for it.
    pub(super) fn print_params(&mut self, params: List) {
        let pending = self.pending.take();
        self.print_with_comma(self.list(params));
        self.pending = pending;
    }

    /// Whether `id` is a closure type (`Foo()::{lambda()#1}`).
    fn names_closure(&mut self, id: NodeId) -> bool {
        let mut cur = id;
        for _ in 0..MAX_PRINT_DEPTH {
            cur = self.syntax_node(cur);
            match self.ast[cur] {
                Node::Local { entity, .. } => cur = entity,
                Node::Nested { name, .. } => cur = name,
                Node::Closure { .. } => return true,
                _ => return false,
            }
        }
        false
    }
}
