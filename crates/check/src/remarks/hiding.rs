//! Declarations that hide another (remarks of both passes): a local declared in a nested
//! block hiding a parameter or a local of an enclosing block (1348, `declaration hides
//! parameter "x"`), a parameter or local hiding a namespace-scope variable or, in a member
//! function, a data member of its class (2349, `declaration hides variable "g"`, `declaration
//! hides member "S::x"`). Per function ([`hiding_remarks`]) over hir-def's lowered body,
//! walking its blocks; the outside names through il's unqualified lookup.
//!
//! Not reported, as nvcc: a local of the outermost block against a parameter (error 101), a
//! for-loop or condition name against its own statement's block (error 779), a handler
//! parameter against its handler's block (warning 1210). The device pass sees templates only
//! in their instances (not modeled: host pass only for templates).
use hir_def::Body;
use hir_def::body::body_with_source_map;
use hir_def::hir::{BindingId, BindingKind, Condition, Stmt, StmtId};
use il::lookup::{ScopeRef, lookup_unqualified};
use il::{Item, ItemKind};
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::diagnostic::{DECLARED_LINE, ItemDiagnostic, Passes, Related};
use crate::header::name_offset;
use crate::messages::{self as m, Severity};

#[salsa::tracked(returns(ref))]
pub fn hiding_remarks<'db>(db: &'db dyn CheckDatabase, item: Item<'db>) -> Vec<ItemDiagnostic> {
    if !crate::is_body_owner(db, item) {
        return Vec::new();
    }
    let Some(root) = hir_def::source::definition_root(db, item) else {
        return Vec::new();
    };
    let (body, map) = body_with_source_map(db, item);
    let passes = if super::is_template(db, item) {
        Passes::Host
    } else {
        Passes::Both
    };
    let offset_of = |b: BindingId| -> Option<u32> {
        let node: SyntaxNode = map.binding_syntax(b)?.to_node(&root);
        Some(name_offset(&node))
    };
    let mut walk = Walk {
        body: &body,
        blocks: vec![Block {
            names: body.params.to_vec(),
            kind: BlockKind::Params,
        }],
        found: Vec::new(),
    };
    for p in body.params.iter() {
        walk.outside(*p);
    }
    if let Some(top) = body.body_stmt {
        walk.stmt(top, BlockKind::Outermost);
    }
    let scope = match item.parent(db) {
        Some(p) => ScopeRef::Item(p),
        None => ScopeRef::File(item.file(db)),
    };
    let mut out = Vec::new();
    for (binding, hidden) in walk.found {
        let Some(at) = offset_of(binding) else {
            continue;
        };
        let name = body.bindings[binding].name.as_deref().unwrap_or("");
        let (message, what, related) = match hidden {
            Hidden::Local(other) => {
                let kind = match body.bindings[other].kind {
                    BindingKind::Param => "parameter",
                    BindingKind::Catch => "handler parameter",
                    _ => "variable",
                };
                let Some(other_at) = offset_of(other) else {
                    continue;
                };
                (
                    m::LOCAL_HIDDEN,
                    format!("{kind} \"{name}\""),
                    Related {
                        item: salsa::plumbing::AsId::as_id(&item),
                        offset: other_at,
                        note: None,
                    },
                )
            }
            Hidden::Outside => {
                let Some((outer, what)) =
                    lookup_unqualified(db, scope, name)
                        .into_iter()
                        .find_map(|o| match o.kind(db) {
                            ItemKind::Variable => Some((o, format!("variable \"{name}\""))),
                            ItemKind::Field => {
                                Some((o, format!("member \"{}\"", crate::names::qualified(db, o))))
                            }
                            _ => None,
                        })
                else {
                    continue;
                };
                (
                    m::VARIABLE_HIDES_ENTITY,
                    what,
                    Related {
                        item: salsa::plumbing::AsId::as_id(&outer),
                        offset: crate::header::name_offset_of(db, outer),
                        note: None,
                    },
                )
            }
        };
        let mut d = ItemDiagnostic::discretionary(
            message,
            Severity::Remark,
            &[&format!("{what} (declared at line {DECLARED_LINE})")],
            passes,
            at,
        );
        d.related = Some(related);
        out.push(d);
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    Params,
    /// The function's compound statement.
    Outermost,
    /// A nested compound statement.
    Nested,
    /// The names a statement declares in its header (for-init, condition, range-for
    /// variable, handler parameter): its body may not redeclare them.
    Header,
}

struct Block {
    names: Vec<BindingId>,
    kind: BlockKind,
}

enum Hidden {
    Local(BindingId),
    /// Not declared in the body: namespace-scope or member names decide.
    Outside,
}

struct Walk<'a> {
    body: &'a Body,
    blocks: Vec<Block>,
    found: Vec<(BindingId, Hidden)>,
}

impl Walk<'_> {
    fn name(&self, b: BindingId) -> Option<&str> {
        self.body.bindings[b].name.as_deref()
    }

    /// A name declared in the innermost block: what it hides.
    fn declare(&mut self, b: BindingId) {
        let Some(name) = self.name(b).map(str::to_string) else {
            return;
        };
        let depth = self.blocks.len() - 1;
        let kind = self.blocks[depth].kind;
        let mut hidden = None;
        for (level, block) in self.blocks[..depth].iter().enumerate().rev() {
            if let Some(other) = block
                .names
                .iter()
                .rev()
                .find(|o| self.name(**o) == Some(&name))
            {
                // Errors or warnings of their own, not this remark.
                let immediate = level + 1 == depth;
                let excused = immediate
                    && matches!(
                        (block.kind, kind),
                        (BlockKind::Params, BlockKind::Outermost)
                            | (BlockKind::Header, BlockKind::Nested)
                            | (BlockKind::Header, BlockKind::Header)
                    );
                if !excused {
                    hidden = Some(Hidden::Local(*other));
                }
                break;
            }
        }
        self.blocks[depth].names.push(b);
        match hidden {
            Some(h) => self.found.push((b, h)),
            None if self.blocks[..depth]
                .iter()
                .chain(std::iter::once(&self.blocks[depth]))
                .flat_map(|bl| bl.names.iter())
                .filter(|o| self.name(**o) == Some(&name))
                .count()
                == 1 =>
            {
                self.found.push((b, Hidden::Outside))
            }
            None => {}
        }
    }

    /// A parameter: only namespace-scope and member names can be hidden.
    fn outside(&mut self, b: BindingId) {
        if self.name(b).is_some() {
            self.found.push((b, Hidden::Outside));
        }
    }

    fn with_block(&mut self, kind: BlockKind, f: impl FnOnce(&mut Self)) {
        self.blocks.push(Block {
            names: Vec::new(),
            kind,
        });
        f(self);
        self.blocks.pop();
    }

    fn stmt(&mut self, id: StmtId, compound_kind: BlockKind) {
        let body = self.body;
        match body.stmts[id].clone() {
            Stmt::Compound(stmts) => self.with_block(compound_kind, |w| {
                for s in stmts.iter() {
                    w.stmt(*s, BlockKind::Nested);
                }
            }),
            Stmt::Decl(decls) => {
                for d in decls.iter() {
                    if matches!(
                        body.bindings[d.binding].kind,
                        BindingKind::Local
                            | BindingKind::Condition
                            | BindingKind::RangeFor
                            | BindingKind::Catch
                            | BindingKind::StructuredBinding
                    ) && !body.bindings[d.binding].flags.is_extern
                    {
                        self.declare(d.binding);
                    }
                }
            }
            Stmt::If {
                init,
                cond,
                then,
                else_,
                ..
            } => self.with_block(BlockKind::Header, |w| {
                if let Some(i) = init {
                    w.stmt(i, BlockKind::Nested);
                }
                w.condition(&cond);
                w.stmt(then, BlockKind::Nested);
                if let Some(e) = else_ {
                    w.stmt(e, BlockKind::Nested);
                }
            }),
            Stmt::IfConsteval { then, else_, .. } => {
                self.stmt(then, BlockKind::Nested);
                if let Some(e) = else_ {
                    self.stmt(e, BlockKind::Nested);
                }
            }
            Stmt::Switch { init, cond, body } => self.with_block(BlockKind::Header, |w| {
                if let Some(i) = init {
                    w.stmt(i, BlockKind::Nested);
                }
                w.condition(&cond);
                w.stmt(body, BlockKind::Nested);
            }),
            Stmt::While { cond, body } => self.with_block(BlockKind::Header, |w| {
                w.condition(&cond);
                w.stmt(body, BlockKind::Nested);
            }),
            Stmt::DoWhile { body, .. } => self.stmt(body, BlockKind::Nested),
            Stmt::For {
                init, cond, body, ..
            } => self.with_block(BlockKind::Header, |w| {
                if let Some(i) = init {
                    w.stmt(i, BlockKind::Nested);
                }
                if let Some(c) = cond {
                    w.condition(&c);
                }
                w.stmt(body, BlockKind::Nested);
            }),
            Stmt::RangeFor { decl, body, .. } => self.with_block(BlockKind::Header, |w| {
                w.stmt(decl, BlockKind::Nested);
                w.stmt(body, BlockKind::Nested);
            }),
            Stmt::Try { body, handlers } => {
                self.stmt(body, compound_kind);
                for h in handlers.iter() {
                    self.with_block(BlockKind::Header, |w| {
                        if let Some(p) = h.param {
                            w.declare(p);
                        }
                        w.stmt(h.body, BlockKind::Nested);
                    });
                }
            }
            _ => {}
        }
    }

    fn condition(&mut self, cond: &Condition) {
        if let Condition::Decl(s) = cond {
            self.stmt(*s, BlockKind::Nested);
        }
    }
}
