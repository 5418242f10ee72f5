//! The closure class EDG makes for each lambda expression, with its members: an unnamed
//! `tk_class` type at the `[`, the deleted default constructor, the copy and move constructors
//! and the deleted copy assignment at the same position, `operator()` at the parameter list, one
//! private field per capture (at the capture, or for an implicit capture at the first use of
//! the variable in the body), and for a lambda without captures the static invoker `_FUN` and
//! the conversion to a function pointer. Measured rules: `docs/spec/il-display.md`.
//!
//! Typing is hir-ty's: a return type without a written one is the first `return`'s operand as
//! `hir_ty::infer` of the enclosing body types it, and the call operators that calls of a
//! generic lambda instantiate are `hir_ty::closure_call_signature`'s (which calls call the
//! closure, the parameters deduced from the arguments, the return typed under them). Still
//! outside hir-ty: the types of captured locals come from their declarations (an init
//! capture's is inference's).
use std::fmt::Write as _;

use base_db::SourceFile;
use rustc_hash::{FxHashMap, FxHashSet};
use syntax::{SyntaxKind::*, SyntaxNode};

use hir_ty::HirTyDatabase;
use il::IlDatabase;
use il::layout::SizeAlign;
use il::lookup::ScopeRef;
use il::record::size_align_of;
use il::resolve::{declarator_type, specifier_type};
use il::ty::{Ty, TyKind};

use super::{Lines, field, flag, next_id, spell};

/// A type as the display spells it, with its size where known.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Known {
    spelled: String,
    size: Option<SizeAlign>,
}

impl Known {
    fn pointer(spelled: String) -> Known {
        Known {
            spelled,
            size: Some(SizeAlign { size: 8, align: 8 }),
        }
    }
}

/// Execution space flags of a closure's members.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Space {
    host: bool,
    device: bool,
}

/// One data member of a closure.
struct Capture {
    name: Option<String>,
    offset: usize,
    ty: Option<Known>,
}

/// Writes the closure entries of every lambda outside templates, in source order.
pub(super) fn entries(
    hdb: &dyn HirTyDatabase,
    file: SourceFile,
    root: &SyntaxNode,
    lines: &Lines,
    ids: &mut usize,
    out: &mut String,
) {
    let from = ScopeRef::File(file);
    // Closure sizes by the lambda's offset, for locals initialized by an earlier lambda.
    let mut closures: FxHashMap<usize, Known> = FxHashMap::default();
    let lambdas = root.descendants().filter(|n| n.kind() == LAMBDA_EXPR);
    for (index, lambda) in lambdas.enumerate() {
        if lambda.ancestors().any(|a| a.kind() == TEMPLATE_DECL) {
            continue;
        }
        let mut closure = Closure::new(hdb, file, &lambda, &closures);
        closure.file = Some(file);
        closure.index = u32::try_from(index).ok();
        closures.insert(
            usize::from(lambda.text_range().start()),
            Known {
                spelled: "<unnamed>".to_string(),
                size: closure.size,
            },
        );
        closure.returned = closure.returned_by_inference(hdb, file);
        closure.write(hdb, from, lines, ids, out);
    }
}

struct Closure {
    lambda: SyntaxNode,
    /// The `[`.
    offset: usize,
    /// Where `operator()` is declared: the parameter list, or what follows the captures.
    call_offset: usize,
    enclosing: Option<String>,
    space: Space,
    captures: Vec<Capture>,
    size: Option<SizeAlign>,
    generic: bool,
    mutable: bool,
    /// The file and the lambda's index among its lambdas (its closure type's identity).
    file: Option<SourceFile>,
    index: Option<u32>,
    /// The type of the first `return`'s operand, as inference types it (decayed, without
    /// top-level qualifiers: what `auto` deduces).
    returned: Option<String>,
}

impl Closure {
    fn new(
        hdb: &dyn HirTyDatabase,
        file: SourceFile,
        lambda: &SyntaxNode,
        closures: &FxHashMap<usize, Known>,
    ) -> Closure {
        let db: &dyn IlDatabase = hdb;
        let from = ScopeRef::File(file);
        let offset = usize::from(lambda.text_range().start());
        let params = lambda.children().find(|n| n.kind() == PARAM_LIST);
        let call_offset = params.as_ref().map_or_else(
            || {
                lambda
                    .children()
                    .find(|n| n.kind() != LAMBDA_CAPTURES)
                    .map_or(offset, |n| usize::from(n.text_range().start()))
            },
            |p| usize::from(p.text_range().start()),
        );
        let function = lambda.ancestors().find(|a| a.kind() == FUNCTION_DEF);
        let enclosing = function.as_ref().and_then(routine_name);
        let space = lambda_space(lambda, function.as_ref());
        let generic = params
            .as_ref()
            .is_some_and(|p| p.descendants_with_tokens().any(|n| n.kind() == AUTO_KW));
        let mutable = lambda
            .children_with_tokens()
            .any(|t| t.as_token().is_some_and(|t| t.text() == "mutable"));
        let env = Env::new(db, from, lambda, function.as_ref(), closures);
        // An init capture (`[v = e]`) has the type `auto` deduces from `e`, as inference types it.
        let init_type = |init: &SyntaxNode| {
            super::inferred::deduced_type(hdb, file, init).and_then(|t| known(db, t))
        };
        let mut captures = captures(lambda, &env, &init_type);
        // An extended `__host__ __device__` lambda carries a hidden pointer after its captures.
        let extended_hd = space.host && space.device && has_space_attribute(lambda);
        if extended_hd {
            captures.push(Capture {
                name: None,
                offset,
                ty: Some(Known::pointer("void *".to_string())),
            });
        }
        let size = layout(&captures);
        Closure {
            lambda: lambda.clone(),
            offset,
            call_offset,
            enclosing,
            space,
            captures,
            size,
            generic,
            mutable,
            file: None,
            index: None,
            returned: None,
        }
    }

    /// The operand of the body's first `return` (not a nested lambda's).
    fn first_returned(&self) -> Option<SyntaxNode> {
        let body = self.lambda.children().find(|n| n.kind() == COMPOUND_STMT)?;
        body.descendants()
            .filter(|n| n.kind() == RETURN_STMT)
            .filter(|r| {
                // Returns of nested lambdas are theirs.
                r.ancestors().find(|a| a.kind() == LAMBDA_EXPR).as_ref() == Some(&self.lambda)
            })
            .find_map(|r| r.children().next())
    }

    /// What the first `return` returns, typed by inference (`3000000000` is a `long`, a call's
    /// type is its callee's return type), spelled as the display spells types.
    fn returned_by_inference(&self, db: &dyn HirTyDatabase, file: SourceFile) -> Option<String> {
        let expr = self.first_returned()?;
        Some(spell(db, super::inferred::deduced_type(db, file, &expr)?))
    }

    fn write(
        &self,
        hdb: &dyn HirTyDatabase,
        from: ScopeRef<'_>,
        lines: &Lines,
        ids: &mut usize,
        out: &mut String,
    ) {
        let db: &dyn IlDatabase = hdb;
        let id = next_id(ids);
        let class = "<unnamed>";
        // The closure type.
        out.push('\n');
        writeln!(out, "file-scope type@s{id}").unwrap();
        position(out, lines, self.offset);
        field(out, "  parent_scope", "NULL");
        let enclosing = self
            .enclosing
            .as_deref()
            .map_or("NULL".to_string(), |r| format!("file-scope routine@r: {r}"));
        field(out, "  enclosing_routine", &enclosing);
        flag(out, "  is_local_to_function", self.enclosing.is_some());
        if let Some(s) = self.size {
            field(out, "size", &s.size.to_string());
            field(out, "alignment", &s.align.to_string());
        }
        field(out, "kind", "tk_class");
        // The implicit members at the `[`.
        let members = [
            (None, "void ()".to_string(), true, true),
            (None, format!("void ({class} &&)"), false, false),
            (None, format!("void (const {class} &)"), false, false),
            (
                Some("operator="),
                format!("{class} &(const {class} &)"),
                true,
                true,
            ),
        ];
        for (name, ty, defined, deleted) in members {
            let member = Member {
                name,
                ty,
                storage: "sc_static",
                defined,
                deleted,
                compiler_generated: true,
            };
            self.member(out, lines, ids, self.offset, &member);
        }
        // The call operator, and for a lambda without captures its invoker and conversion.
        let params = self.param_types(db, from);
        let ret = if self.generic {
            "auto".to_string()
        } else {
            self.return_type(db, from)
        };
        let mutable = if self.mutable { " mutable" } else { "" };
        let call = Member {
            name: Some("operator()"),
            ty: format!("({params}){mutable}->{ret}"),
            storage: if self.generic {
                "sc_unspecified"
            } else {
                "sc_static"
            },
            defined: true,
            deleted: false,
            compiler_generated: false,
        };
        self.member(out, lines, ids, self.call_offset, &call);
        let captureless = self
            .lambda
            .children()
            .find(|n| n.kind() == LAMBDA_CAPTURES)
            .is_some_and(|c| !c.children().any(|n| n.kind() == CAPTURE));
        if captureless {
            let invoker = Member {
                name: Some("_FUN"),
                ty: format!("{ret} ({params})"),
                storage: if self.generic {
                    "sc_extern"
                } else {
                    "sc_static"
                },
                defined: false,
                deleted: false,
                compiler_generated: true,
            };
            self.member(out, lines, ids, self.call_offset, &invoker);
            let name = format!("operator {ret} (*)({params})");
            let conversion = Member {
                name: Some(&name),
                ty: format!("{ret} (*() const noexcept)({params})"),
                storage: if self.generic {
                    "sc_extern"
                } else {
                    "sc_unspecified"
                },
                defined: !self.generic,
                deleted: false,
                compiler_generated: true,
            };
            self.member(out, lines, ids, self.call_offset, &conversion);
        }
        // The captures, laid out in order.
        let mut offset = 0u64;
        for capture in &self.captures {
            let id = next_id(ids);
            out.push('\n');
            writeln!(out, "file-scope field@s{id}").unwrap();
            out.push_str("source_corresp:\n");
            if let Some(name) = &capture.name {
                field(
                    out,
                    "  name",
                    &format!("file-scope id-name@s{id}: \"{name}\""),
                );
            }
            let pos = lines.pos(capture.offset);
            field(out, "  decl_position.seq", &pos.seq.to_string());
            field(out, "  decl_position.column", &pos.column.to_string());
            field(out, "  is_class_member", "TRUE");
            field(out, "  access", "as_private");
            field(out, "  enclosing_routine", "NULL");
            if capture.name.is_some() {
                field(out, "  name_linkage", "no");
            }
            if let Some(ty) = &capture.ty {
                field(out, "type", &format!("file-scope type@ty: {}", ty.spelled));
            }
            match capture.ty.as_ref().and_then(|t| t.size) {
                Some(s) => {
                    offset = offset.next_multiple_of(s.align.max(1));
                    field(out, "offset", &offset.to_string());
                    offset += s.size;
                }
                // Later offsets are unknown too.
                None => offset = u64::MAX / 2,
            }
        }
        if self.generic {
            self.auto_params(lines, ids, out);
            self.call_operator_instances(hdb, lines, ids, out);
        }
    }

    /// A generic lambda's call operator is a member template: each call of the local the
    /// lambda initializes (`auto g = [](auto a, auto b) {...}; g(1, 2)`) instantiates it,
    /// defined, at the parameter list, typed with the deduced parameters and the return type
    /// of the body's first `return` (`(int, int)->int`; measured with cudafe++). Which calls
    /// call this closure, and the signature each instantiates, are hir-ty's inference of the
    /// enclosing body ([`hir_ty::closure_call_signature`]); the calls in source order.
    fn call_operator_instances(
        &self,
        db: &dyn HirTyDatabase,
        lines: &Lines,
        ids: &mut usize,
        out: &mut String,
    ) {
        let Some(file) = self.file else {
            return;
        };
        let Some((owner, lambda)) = super::inferred::lowered_expr(db, file, &self.lambda) else {
            return;
        };
        let result = hir_ty::infer(db, owner);
        let (_, map) = hir_def::body::body_with_source_map(db, owner);
        let mut calls: Vec<(u32, hir_def::hir::ExprId)> = result
            .closure_calls()
            .filter(|(_, closure)| closure.expr == lambda)
            .filter_map(|(call, _)| {
                let at = map.expr_syntax(call)?.text_range().start();
                Some((u32::from(at), call))
            })
            .collect();
        calls.sort_unstable();
        let mut seen: FxHashSet<String> = FxHashSet::default();
        for (_, call) in calls {
            let Some(sig) = hir_ty::closure_call_signature(db, owner, call) else {
                continue;
            };
            let Some(types) = sig
                .params
                .iter()
                .map(|&p| hir_ty::to_il::il_ty(db, p).map(|t| spell(db, t)))
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let Some(ret) = hir_ty::to_il::il_ty(db, sig.ret) else {
                continue;
            };
            let ty = format!("({})->{}", types.join(", "), spell(db, ret));
            if !seen.insert(ty.clone()) {
                continue;
            }
            let call_member = Member {
                name: Some("operator()"),
                ty,
                storage: "sc_unspecified",
                defined: true,
                deleted: false,
                compiler_generated: false,
            };
            self.member(out, lines, ids, self.call_offset, &call_member);
        }
    }

    fn member(&self, out: &mut String, lines: &Lines, ids: &mut usize, at: usize, m: &Member<'_>) {
        let id = next_id(ids);
        out.push('\n');
        writeln!(out, "file-scope routine@s{id}").unwrap();
        out.push_str("source_corresp:\n");
        if let Some(name) = m.name {
            field(
                out,
                "  name",
                &format!("file-scope id-name@s{id}: \"{name}\""),
            );
        }
        let pos = lines.pos(at);
        field(out, "  decl_position.seq", &pos.seq.to_string());
        field(out, "  decl_position.column", &pos.column.to_string());
        field(out, "  is_class_member", "TRUE");
        field(out, "  access", "as_public");
        field(out, "  enclosing_routine", "NULL");
        if m.name.is_some() {
            // A generic lambda's call operator is a member template, which has linkage.
            let linkage = if self.generic && m.name == Some("operator()") {
                "C++"
            } else {
                "no"
            };
            field(out, "  name_linkage", linkage);
        }
        field(out, "type", &format!("file-scope type@ty: {}", m.ty));
        field(out, "storage_class", m.storage);
        field(out, "declared_storage_class", "sc_unspecified");
        flag(out, "compiler_generated", m.compiler_generated);
        field(out, "defined", if m.defined { "TRUE" } else { "FALSE" });
        flag(out, "device", self.space.device);
        flag(out, "host", self.space.host);
        flag(out, "is_deleted", m.deleted);
    }

    fn param_types(&self, db: &dyn IlDatabase, from: ScopeRef<'_>) -> String {
        let Some(params) = self.lambda.children().find(|n| n.kind() == PARAM_LIST) else {
            return String::new();
        };
        let types: Vec<String> = params
            .children()
            .filter(|n| n.kind() == PARAM)
            .map(|p| {
                if p.children_with_tokens().any(|t| t.kind() == AUTO_KW) {
                    return auto_param_spelling(&p);
                }
                param_type(db, from, &p).map_or("<unknown>".to_string(), |k| k.spelled)
            })
            .collect();
        types.join(", ")
    }

    /// A trailing return type, or what the body's `return` statements return: `void` without
    /// one, else the type inference gives the first returned expression.
    fn return_type(&self, db: &dyn IlDatabase, from: ScopeRef<'_>) -> String {
        if let Some(trailing) = self.lambda.children().find(|n| n.kind() == TRAILING_RETURN)
            && let Some(type_id) = trailing.children().find(|n| n.kind() == TYPE_ID)
        {
            return spell(db, il::resolve::type_id_type(db, from, &type_id));
        }
        if self.first_returned().is_none() {
            return "void".to_string();
        }
        // Inference's type of the first `return`'s operand; the display types nothing itself.
        self.returned
            .clone()
            .unwrap_or_else(|| "<unknown>".to_string())
    }

    /// A generic lambda's `auto` parameters are invented template type parameters.
    fn auto_params(&self, lines: &Lines, ids: &mut usize, out: &mut String) {
        let Some(params) = self.lambda.children().find(|n| n.kind() == PARAM_LIST) else {
            return;
        };
        for (n, auto) in params
            .descendants_with_tokens()
            .filter(|t| t.kind() == AUTO_KW)
            .enumerate()
        {
            let id = next_id(ids);
            out.push('\n');
            writeln!(out, "file-scope type@s{id}").unwrap();
            position(out, lines, usize::from(auto.text_range().start()));
            field(out, "  enclosing_routine", "NULL");
            field(out, "size", "1");
            field(out, "alignment", "1");
            field(out, "kind", "tk_template_param");
            field(out, "kind", "tptk_param");
            field(out, "coordinates.position", &(n + 1).to_string());
        }
    }
}

/// An `auto` parameter as written, without its name: `auto`, `const auto &`, `auto &&`.
fn auto_param_spelling(param: &SyntaxNode) -> String {
    let words: Vec<String> = param
        .children_with_tokens()
        .filter(|t| t.kind() != DECLARATOR && !t.kind().is_trivia())
        .map(|t| t.to_string())
        .collect();
    let ops: String = param
        .children()
        .find(|n| n.kind() == DECLARATOR)
        .into_iter()
        .flat_map(|d| d.descendants_with_tokens())
        .filter(|t| matches!(t.kind(), AMP | AMP2 | STAR))
        .map(|t| t.to_string())
        .collect();
    let base = words.join(" ");
    if ops.is_empty() {
        base
    } else {
        format!("{base} {ops}")
    }
}

struct Member<'a> {
    name: Option<&'a str>,
    ty: String,
    storage: &'static str,
    defined: bool,
    deleted: bool,
    compiler_generated: bool,
}

fn position(out: &mut String, lines: &Lines, offset: usize) {
    out.push_str("source_corresp:\n");
    let pos = lines.pos(offset);
    field(out, "  decl_position.seq", &pos.seq.to_string());
    field(out, "  decl_position.column", &pos.column.to_string());
}

fn routine_name(function: &SyntaxNode) -> Option<String> {
    let declarator = function.children().find(|n| n.kind() == DECLARATOR)?;
    let name = declarator
        .descendants()
        .find(|n| matches!(n.kind(), NAME_REF | QUALIFIED_NAME))?;
    let last = if name.kind() == QUALIFIED_NAME {
        name.children().filter(|n| n.kind() == NAME_REF).last()?
    } else {
        name
    };
    Some(il::lower::tokens_text(&last))
}

fn space_attributes(node: &SyntaxNode) -> Space {
    let mut space = Space {
        host: false,
        device: false,
    };
    for spec in node.children().filter(|n| n.kind() == ATTRIBUTE_SPEC) {
        for attr in spec.descendants().filter(|n| n.kind() == ATTRIBUTE) {
            match attr.first_token().map(|t| t.text().to_string()).as_deref() {
                Some("host" | "__host__") => space.host = true,
                Some("device" | "__device__" | "global" | "__global__") => space.device = true,
                _ => {}
            }
        }
    }
    space
}

fn has_space_attribute(lambda: &SyntaxNode) -> bool {
    let s = space_attributes(lambda);
    s.host || s.device
}

/// A lambda's own `__host__`/`__device__`, or else its enclosing function's space (a kernel's
/// and a `__device__` function's lambdas are device code, a host function's host code).
fn lambda_space(lambda: &SyntaxNode, function: Option<&SyntaxNode>) -> Space {
    let own = space_attributes(lambda);
    if own.host || own.device {
        return own;
    }
    let outer = function.map_or(
        Space {
            host: true,
            device: false,
        },
        space_attributes,
    );
    if outer.device {
        outer
    } else {
        Space {
            host: true,
            device: false,
        }
    }
}

/// The names a lambda body can see: its parameters, the enclosing function's parameters and
/// the locals declared before the lambda, and (through `this`) its class's data members.
struct Env {
    names: FxHashMap<String, Known>,
    /// Names declared by the enclosing function (what a capture default captures).
    locals: Vec<String>,
    class: Option<String>,
}

impl Env {
    fn new(
        db: &dyn IlDatabase,
        from: ScopeRef<'_>,
        lambda: &SyntaxNode,
        function: Option<&SyntaxNode>,
        closures: &FxHashMap<usize, Known>,
    ) -> Env {
        let mut env = Env {
            names: FxHashMap::default(),
            locals: Vec::new(),
            class: None,
        };
        let before = lambda.text_range().start();
        if let Some(function) = function {
            // Data members of the class the function is a member of.
            let class = function
                .ancestors()
                .find(|a| a.kind() == CLASS_SPECIFIER)
                .filter(|_| function.parent().is_some_and(|p| p.kind() == MEMBER_LIST));
            if let Some(class) = &class {
                env.class = class
                    .children()
                    .find(|n| n.kind() == NAME_REF)
                    .map(|n| il::lower::tokens_text(&n));
                if let Some(members) = class.children().find(|n| n.kind() == MEMBER_LIST) {
                    for decl in members
                        .children()
                        .filter(|n| n.kind() == SIMPLE_DECLARATION)
                    {
                        env.declare(db, from, &decl, closures, false);
                    }
                }
            }
            for param in function
                .children()
                .filter(|n| n.kind() == DECLARATOR)
                .flat_map(|d| d.descendants().filter(|n| n.kind() == PARAM))
            {
                if let Some(name) = param_name(&param) {
                    let ty = param_type(db, from, &param);
                    env.locals.push(name.clone());
                    env.insert(name, ty);
                }
            }
            if let Some(body) = function.children().find(|n| n.kind() == COMPOUND_STMT) {
                for decl in body
                    .descendants()
                    .filter(|n| n.kind() == SIMPLE_DECLARATION)
                    .filter(|d| d.text_range().end() <= before)
                {
                    env.declare(db, from, &decl, closures, true);
                }
            }
        }
        if let Some(params) = lambda.children().find(|n| n.kind() == PARAM_LIST) {
            for param in params.children().filter(|n| n.kind() == PARAM) {
                if let Some(name) = param_name(&param) {
                    let ty = param_type(db, from, &param);
                    env.insert(name, ty);
                }
            }
        }
        env
    }

    fn insert(&mut self, name: String, ty: Option<Known>) {
        match ty {
            Some(ty) => {
                self.names.insert(name, ty);
            }
            None => {
                self.names.remove(&name);
            }
        }
    }

    fn declare(
        &mut self,
        db: &dyn IlDatabase,
        from: ScopeRef<'_>,
        decl: &SyntaxNode,
        closures: &FxHashMap<usize, Known>,
        local: bool,
    ) {
        for init in decl.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            if declarator.children().any(|n| n.kind() == FUNCTION_SUFFIX) {
                continue;
            }
            let Some(name) = declarator
                .children()
                .find(|n| n.kind() == NAME_REF)
                .map(|n| il::lower::tokens_text(&n))
            else {
                continue;
            };
            // `auto f = [...] ...`: the closure of that lambda.
            let lambda_init = init
                .children()
                .find(|n| n.kind() == INITIALIZER)
                .and_then(|i| i.children().find(|n| n.kind() == LAMBDA_EXPR));
            let ty = match lambda_init {
                Some(l) => closures.get(&usize::from(l.text_range().start())).cloned(),
                None => {
                    let base = specifier_type(db, from, decl);
                    known(db, declarator_type(db, from, base, &declarator))
                }
            };
            if local {
                self.locals.push(name.clone());
            }
            self.insert(name, ty);
        }
    }
}

fn param_name(param: &SyntaxNode) -> Option<String> {
    let declarator = param.children().find(|n| n.kind() == DECLARATOR)?;
    let name = declarator.descendants().find(|n| n.kind() == NAME_REF)?;
    Some(il::lower::tokens_text(&name))
}

fn param_type(db: &dyn IlDatabase, from: ScopeRef<'_>, param: &SyntaxNode) -> Option<Known> {
    let base = specifier_type(db, from, param);
    let ty = match param.children().find(|n| n.kind() == DECLARATOR) {
        Some(d) => declarator_type(db, from, base, &d),
        None => base,
    };
    known(db, ty)
}

fn known<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Option<Known> {
    if matches!(ty.kind(db), TyKind::Unknown) {
        return None;
    }
    Some(Known {
        spelled: spell(db, ty),
        size: size_align_of(db, ty),
    })
}

/// The captures of a lambda in layout order: the explicit ones in the order written, then those
/// a capture default (`=`, `&`) makes, in the order of their first use in the body.
fn captures(
    lambda: &SyntaxNode,
    env: &Env,
    init_type: &dyn Fn(&SyntaxNode) -> Option<Known>,
) -> Vec<Capture> {
    let mut out = Vec::new();
    let Some(list) = lambda.children().find(|n| n.kind() == LAMBDA_CAPTURES) else {
        return out;
    };
    let mut default = None;
    let mut explicit: Vec<String> = Vec::new();
    for capture in list.children().filter(|n| n.kind() == CAPTURE) {
        let tokens: Vec<_> = capture
            .children_with_tokens()
            .filter(|t| !t.kind().is_trivia())
            .collect();
        let by_ref = tokens.iter().any(|t| t.kind() == AMP);
        if let Some(this) = tokens.iter().find(|t| t.kind() == THIS_KW) {
            let class = env.class.clone().unwrap_or_else(|| "<unknown>".to_string());
            out.push(Capture {
                name: None,
                offset: usize::from(this.text_range().start()),
                ty: Some(Known::pointer(format!("{class} *const"))),
            });
            continue;
        }
        let Some(name) = tokens.iter().find(|t| t.kind() == IDENT) else {
            // `=` or `&` alone: the capture default.
            default = Some(by_ref);
            continue;
        };
        let text = name.as_token().unwrap().text().to_string();
        let init = capture
            .children()
            .find(|n| !matches!(n.kind(), NAME_REF))
            .filter(|_| tokens.iter().any(|t| t.kind() == EQ));
        let ty = match init {
            Some(init) => init_type(&init),
            None => env.names.get(&text).map(|t| captured(t, by_ref)),
        };
        explicit.push(text.clone());
        out.push(Capture {
            name: Some(text),
            offset: usize::from(name.text_range().start()),
            ty,
        });
    }
    let Some(by_ref) = default else { return out };
    let Some(body) = lambda.children().find(|n| n.kind() == COMPOUND_STMT) else {
        return out;
    };
    let declared_inside: Vec<String> = body
        .descendants()
        .filter(|n| n.kind() == DECLARATOR)
        .filter_map(|d| d.children().find(|n| n.kind() == NAME_REF))
        .map(|n| il::lower::tokens_text(&n))
        .collect();
    let mut seen: Vec<String> = explicit;
    for id in body.descendants().filter(|n| n.kind() == ID_EXPR) {
        let Some(name) = id.children().find(|n| n.kind() == NAME_REF) else {
            continue;
        };
        let text = il::lower::tokens_text(&name);
        if seen.contains(&text)
            || declared_inside.contains(&text)
            || !env.locals.contains(&text)
            || is_lambda_param(lambda, &text)
        {
            continue;
        }
        seen.push(text.clone());
        out.push(Capture {
            name: Some(text.clone()),
            offset: usize::from(name.text_range().start()),
            ty: env.names.get(&text).map(|t| captured(t, by_ref)),
        });
    }
    out
}

fn is_lambda_param(lambda: &SyntaxNode, name: &str) -> bool {
    lambda
        .children()
        .find(|n| n.kind() == PARAM_LIST)
        .is_some_and(|p| {
            p.children()
                .filter(|n| n.kind() == PARAM)
                .any(|p| param_name(&p).as_deref() == Some(name))
        })
}

/// A captured variable's member type: a reference for a by-reference capture, else the
/// variable's type without a reference.
fn captured(ty: &Known, by_ref: bool) -> Known {
    let base = ty.spelled.trim_end_matches(['&', ' ']).to_string();
    if by_ref {
        Known::pointer(format!("{base} &"))
    } else if ty.spelled.ends_with('&') {
        Known {
            spelled: base,
            size: None,
        }
    } else {
        ty.clone()
    }
}

/// Sequential layout of the captures: the closure's size and alignment.
fn layout(captures: &[Capture]) -> Option<SizeAlign> {
    let (mut size, mut align) = (0u64, 1u64);
    for c in captures {
        let s = c.ty.as_ref()?.size?;
        size = size.next_multiple_of(s.align.max(1)) + s.size;
        align = align.max(s.align);
    }
    // An empty class still occupies a byte.
    Some(SizeAlign {
        size: size.next_multiple_of(align).max(1),
        align,
    })
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    /// The lambda entries only (after the function's own entry).
    fn closure_entries(text: &str) -> String {
        let out = crate::display_fixture(text);
        let start = out.find("\nfile-scope type@s").unwrap_or(out.len());
        out[start..].trim_start().to_string()
    }

    #[test]
    fn closure_of_a_lambda_with_a_copy_capture_in_a_kernel() {
        expect![[r#"
            file-scope type@s1
            source_corresp:
              decl_position.seq:     3
              decl_position.column:  12
              parent_scope:          NULL
              enclosing_routine:     file-scope routine@r: k
              is_local_to_function:  TRUE
            size:                    4
            alignment:               4
            kind:                    tk_class

            file-scope routine@s2
            source_corresp:
              decl_position.seq:     3
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void ()
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 TRUE
            device:                  TRUE
            is_deleted:              TRUE

            file-scope routine@s3
            source_corresp:
              decl_position.seq:     3
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void (<unnamed> &&)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 FALSE
            device:                  TRUE

            file-scope routine@s4
            source_corresp:
              decl_position.seq:     3
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void (const <unnamed> &)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 FALSE
            device:                  TRUE

            file-scope routine@s5
            source_corresp:
              name:                  file-scope id-name@s5: "operator="
              decl_position.seq:     3
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: <unnamed> &(const <unnamed> &)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 TRUE
            device:                  TRUE
            is_deleted:              TRUE

            file-scope routine@s6
            source_corresp:
              name:                  file-scope id-name@s6: "operator()"
              decl_position.seq:     3
              decl_position.column:  15
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: (int)->int
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            defined:                 TRUE
            device:                  TRUE

            file-scope field@s7
            source_corresp:
              name:                  file-scope id-name@s7: "b"
              decl_position.seq:     3
              decl_position.column:  13
              is_class_member:       TRUE
              access:                as_private
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: int
            offset:                  0
        "#]]
        .assert_eq(&closure_entries(
            "__attribute__((global)) void k(int *o) {\n  int b = 1;\n  auto f = [b](int x) { return x + b; };\n}\n",
        ));
    }

    #[test]
    fn closure_of_a_captureless_lambda_has_an_invoker_and_a_conversion() {
        expect![[r#"
            file-scope type@s1
            source_corresp:
              decl_position.seq:     2
              decl_position.column:  12
              parent_scope:          NULL
              enclosing_routine:     file-scope routine@r: h
              is_local_to_function:  TRUE
            size:                    1
            alignment:               1
            kind:                    tk_class

            file-scope routine@s2
            source_corresp:
              decl_position.seq:     2
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void ()
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 TRUE
            host:                    TRUE
            is_deleted:              TRUE

            file-scope routine@s3
            source_corresp:
              decl_position.seq:     2
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void (<unnamed> &&)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 FALSE
            host:                    TRUE

            file-scope routine@s4
            source_corresp:
              decl_position.seq:     2
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
            type:                    file-scope type@ty: void (const <unnamed> &)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 FALSE
            host:                    TRUE

            file-scope routine@s5
            source_corresp:
              name:                  file-scope id-name@s5: "operator="
              decl_position.seq:     2
              decl_position.column:  12
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: <unnamed> &(const <unnamed> &)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 TRUE
            host:                    TRUE
            is_deleted:              TRUE

            file-scope routine@s6
            source_corresp:
              name:                  file-scope id-name@s6: "operator()"
              decl_position.seq:     2
              decl_position.column:  14
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: (long)->long
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            defined:                 TRUE
            host:                    TRUE

            file-scope routine@s7
            source_corresp:
              name:                  file-scope id-name@s7: "_FUN"
              decl_position.seq:     2
              decl_position.column:  14
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: long (long)
            storage_class:           sc_static
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 FALSE
            host:                    TRUE

            file-scope routine@s8
            source_corresp:
              name:                  file-scope id-name@s8: "operator long (*)(long)"
              decl_position.seq:     2
              decl_position.column:  14
              is_class_member:       TRUE
              access:                as_public
              enclosing_routine:     NULL
              name_linkage:          no
            type:                    file-scope type@ty: long (*() const noexcept)(long)
            storage_class:           sc_unspecified
            declared_storage_class:  sc_unspecified
            compiler_generated:      TRUE
            defined:                 TRUE
            host:                    TRUE
        "#]]
        .assert_eq(&closure_entries(
            "int h() {\n  auto l = [](long z) { return z; };\n  return 0;\n}\n",
        ));
    }

    /// Checked with cudafe++ 13.0.88: each call of a local holding a generic lambda
    /// instantiates its call operator once per deduced signature, at the parameter list; the
    /// template's own `auto` parameters keep their declarator (`auto &`), an instance's bind
    /// the argument's type (`int &`).
    #[test]
    fn generic_lambda_calls_instantiate_the_call_operator() {
        let entries = crate::fixture_entries_containing(
            "void f() {\n\
             \x20   auto g = [](auto a, auto b) { return a + b; };\n\
             \x20   int r = g(1, 2) + g(1.0f, 2) + g(3, 4);\n\
             \x20   auto h = [](auto &x, long y) { return x * y; };\n\
             \x20   long v = h(r, 2);\n\
             }\n",
            "\"operator()\"",
        );
        let types: Vec<String> = entries
            .split("\n\n")
            .filter(|e| !e.trim().is_empty())
            .map(|e| {
                let at = crate::entry_field(e, "decl_position.column");
                format!("{at} {}", crate::entry_field(e, "type"))
            })
            .collect();
        expect![[r#"
            [
                "16 file-scope type@ty: (auto, auto)->auto",
                "16 file-scope type@ty: (int, int)->int",
                "16 file-scope type@ty: (float, int)->float",
                "16 file-scope type@ty: (auto &, long)->auto",
                "16 file-scope type@ty: (int &, long)->long",
            ]
        "#]]
        .assert_debug_eq(&types);
    }
}

#[cfg(test)]
mod inferred_return_tests {
    use expect_test::expect;

    /// The `operator()` types of the file's closures.
    fn call_operator_types(text: &str) -> String {
        let out = crate::display_fixture(text);
        out.split("\n\n")
            .filter(|e| e.contains("\"operator()\""))
            .map(|e| crate::entry_field(e, "type"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn return_types_are_inferred() {
        // Checked against the language rules (cudafe++ prints the deduced return type):
        // `3000000000` does not fit an `int` and is a `long`; a call returns its callee's
        // return type; a `const` local's copy is not `const`.
        expect![[r#"
            file-scope type@ty: ()->long
            file-scope type@ty: (int)->short
            file-scope type@ty: ()->double"#]]
        .assert_eq(&call_operator_types(
            "short half(int);\n\
             void f() {\n\
             const double d = 1.0;\n\
             auto a = [] { return 3000000000; };\n\
             auto b = [](int x) { return half(x); };\n\
             auto c = [d] { return d; };\n\
             }\n",
        ));
    }
}
