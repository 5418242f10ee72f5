//! A small typing of expressions whose types follow from declarations, for call arguments:
//! literals, names of parameters, locals, data members and namespace-scope variables, `&`, `*`,
//! subscripts, member access on known class types (instances included), casts, arithmetic with
//! the usual conversions, comparisons, and calls of non-template functions whose overloads all
//! return one type. Anything else is unknown (`None`): a caller makes no instance from an
//! unknown argument rather than guess. Overload resolution and the rest of expression semantics
//! are the next layer's; this is the part of it that deduction needs now.
use syntax::{SyntaxKind::*, SyntaxNode};

use super::ArgType;
use crate::IlDatabase;
use crate::instantiate::{Bound, canonical, instance_definition};
use crate::item::{Item, ItemKind};
use crate::lookup::{ScopeRef, lookup_path, lookup_unqualified, members_named, name_segments};
use crate::resolve::{
    declarator_type, declarator_type_in, specifier_type, specifier_type_in, type_id_type_in,
};
use crate::ty::{Builtin, Cv, RefKind, Ty, TyKind};

/// What names mean at one point of a function body: the enclosing namespace or class scope for
/// lookup, and the parameters and locals declared before the point, innermost last.
pub struct ExprEnv<'db> {
    pub from: ScopeRef<'db>,
    /// The class whose member function encloses the point (for its data members).
    pub class: Option<Item<'db>>,
    locals: Vec<(String, Option<Ty<'db>>)>,
    /// Function parameter packs of an instance (`Ts... xs`): their elements' types.
    packs: Vec<(String, Vec<Ty<'db>>)>,
    /// Whether the enclosing member function is `const` (so is `*this`).
    this_const: bool,
    /// Inside a function template instance: its template's parameters bound.
    bound: Option<Bound<'db>>,
}

impl<'db> ExprEnv<'db> {
    /// The environment of `at`, a node inside a function body (or a namespace-scope
    /// initializer) of the file; `from` is the scope of the enclosing declaration.
    pub fn at(
        db: &'db dyn IlDatabase,
        from: ScopeRef<'db>,
        class: Option<Item<'db>>,
        at: &SyntaxNode,
    ) -> ExprEnv<'db> {
        let mut env = ExprEnv {
            from,
            class,
            locals: Vec::new(),
            packs: Vec::new(),
            this_const: false,
            bound: None,
        };
        let start = at.text_range().start();
        // Outermost first, so inner declarations come later and shadow.
        let mut scopes: Vec<SyntaxNode> = at
            .ancestors()
            .filter(|a| matches!(a.kind(), FUNCTION_DEF | LAMBDA_EXPR))
            .collect();
        scopes.reverse();
        env.this_const = scopes
            .iter()
            .rev()
            .find(|s| s.kind() == FUNCTION_DEF)
            .and_then(|f| f.children().find(|n| n.kind() == DECLARATOR))
            .and_then(|d| d.children().find(|n| n.kind() == FUNCTION_SUFFIX))
            .is_some_and(|suffix| suffix.children_with_tokens().any(|t| t.kind() == CONST_KW));
        for scope in &scopes {
            let params = match scope.kind() {
                FUNCTION_DEF => scope
                    .children()
                    .find(|n| n.kind() == DECLARATOR)
                    .and_then(|d| d.descendants().find(|n| n.kind() == PARAM_LIST)),
                _ => scope.children().find(|n| n.kind() == PARAM_LIST),
            };
            for param in params.iter().flat_map(|p| p.children()) {
                if param.kind() != PARAM {
                    continue;
                }
                let Some(declarator) = param.children().find(|n| n.kind() == DECLARATOR) else {
                    continue;
                };
                let Some(name) = declared_name(&declarator) else {
                    continue;
                };
                let base = specifier_type(db, from, &param);
                let ty = declarator_type(db, from, base, &declarator);
                env.locals.push((name, known(db, ty)));
            }
            let Some(body) = scope.children().find(|n| n.kind() == COMPOUND_STMT) else {
                continue;
            };
            let decls = body
                .descendants()
                .filter(|n| n.kind() == SIMPLE_DECLARATION)
                .filter(|d| d.text_range().end() <= start)
                .filter(|d| visible_from(d, at));
            for decl in decls {
                env.declare(db, &decl);
            }
        }
        env
    }

    /// The environment at `at` in the body of a function template instance: its parameters
    /// with the instance's types, pack parameters with their elements' types, and the locals
    /// declared before `at`, resolved with the template's parameters bound.
    pub fn in_instance(
        db: &'db dyn IlDatabase,
        from: ScopeRef<'db>,
        class: Option<Item<'db>>,
        bound: Bound<'db>,
        params: Vec<(String, Ty<'db>)>,
        packs: Vec<(String, Vec<Ty<'db>>)>,
        at: &SyntaxNode,
    ) -> ExprEnv<'db> {
        let mut env = ExprEnv {
            from,
            class,
            locals: params.into_iter().map(|(n, t)| (n, Some(t))).collect(),
            packs,
            this_const: false,
            bound: Some(bound),
        };
        let start = at.text_range().start();
        let Some(body) = at.ancestors().last() else {
            return env;
        };
        let decls = body
            .descendants()
            .filter(|n| n.kind() == SIMPLE_DECLARATION)
            .filter(|d| d.text_range().end() <= start)
            .filter(|d| visible_from(d, at));
        for decl in decls {
            env.declare(db, &decl);
        }
        env
    }

    fn declare(&mut self, db: &'db dyn IlDatabase, decl: &SyntaxNode) {
        let is_auto = decl
            .children_with_tokens()
            .any(|t| t.kind() == AUTO_KW && t.as_token().is_some());
        for init in decl.children().filter(|n| n.kind() == INIT_DECLARATOR) {
            let Some(declarator) = init.children().find(|n| n.kind() == DECLARATOR) else {
                continue;
            };
            if declarator.children().any(|n| n.kind() == FUNCTION_SUFFIX) {
                continue;
            }
            if declarator
                .first_token()
                .is_some_and(|t| t.kind() == L_BRACK)
            {
                self.declare_bindings(db, &init, &declarator);
                continue;
            }
            let Some(name) = declared_name(&declarator) else {
                continue;
            };
            let ty = if is_auto {
                // `auto x = e;` with a plain `auto`: the type of `e`, decayed, without cv.
                let plain = declarator.children().all(|n| n.kind() == NAME_REF);
                init.children()
                    .find(|n| n.kind() == INITIALIZER)
                    .and_then(|i| i.children().next())
                    .filter(|_| plain)
                    .and_then(|e| type_of(db, self, &e))
                    .map(|a| decay(db, a.ty))
            } else {
                let base =
                    specifier_type_in(db, self.from, self.bound, decl.children_with_tokens());
                known(
                    db,
                    declarator_type_in(db, self.from, self.bound, base, &declarator),
                )
            };
            self.locals.push((name, ty));
        }
    }

    /// `auto [a, b] = e;` ([dcl.struct.bind]): an array's names are its elements, a class's its
    /// non-static data members in order (all in the class itself; bases are not searched).
    /// Their types are unknown where `e`'s is, or where the counts differ.
    fn declare_bindings(
        &mut self,
        db: &'db dyn IlDatabase,
        init: &SyntaxNode,
        declarator: &SyntaxNode,
    ) {
        let names: Vec<String> = declarator
            .children_with_tokens()
            .filter(|t| t.kind() == IDENT)
            .map(|t| t.to_string())
            .collect();
        let source = init
            .children()
            .find(|n| n.kind() == INITIALIZER)
            .and_then(|i| i.children().next())
            .and_then(|e| type_of(db, self, &e))
            .map(|a| unqualified(db, canonical(db, a.ty)));
        let types: Vec<Ty<'db>> = match source.map(|t| (t, t.kind(db))) {
            Some((_, TyKind::Array(element, Some(n)))) => vec![*element; *n as usize],
            Some((_, TyKind::Class(class))) => crate::scope::scope_items(db, *class)
                .iter()
                .filter(|m| m.kind(db) == ItemKind::Field && m.name(db).is_some())
                .map(|&m| crate::resolve::declared_type(db, m))
                .collect(),
            _ => Vec::new(),
        };
        let fits = types.len() == names.len();
        for (i, name) in names.into_iter().enumerate() {
            let ty = fits.then(|| known(db, types[i])).flatten();
            self.locals.push((name, ty));
        }
    }

    /// Whether a parameter or local named `name` is visible (it hides namespace-scope names
    /// and argument-dependent lookup).
    pub fn declares(&self, name: &str) -> bool {
        self.local(name).is_some()
    }

    /// The declared type of a parameter or local named `name` (`Some(None)`: declared, type
    /// unknown, which hides outer declarations).
    fn local(&self, name: &str) -> Option<Option<Ty<'db>>> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, t)| *t)
    }
}

/// Whether a declaration's block encloses `at` (it is then in scope there).
fn visible_from(decl: &SyntaxNode, at: &SyntaxNode) -> bool {
    let block = decl.ancestors().skip(1).find(|a| {
        matches!(
            a.kind(),
            COMPOUND_STMT
                | FOR_STMT
                | RANGE_FOR_STMT
                | IF_STMT
                | WHILE_STMT
                | SWITCH_STMT
                | LAMBDA_EXPR
        )
    });
    block.is_some_and(|b| at.ancestors().any(|a| a == b))
}

fn declared_name(declarator: &SyntaxNode) -> Option<String> {
    let name = declarator.descendants().find(|n| n.kind() == NAME_REF)?;
    name.children_with_tokens()
        .find(|t| t.kind() == IDENT)
        .map(|t| t.to_string())
}

/// The closure type of a lambda expression of the file's tree (not of a body re-rooted alone,
/// where its place in the file is unknown).
fn closure_type<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    lambda: &SyntaxNode,
) -> Option<Ty<'db>> {
    let root = lambda.ancestors().last()?;
    if root.kind() != SOURCE_FILE {
        return None;
    }
    let index = root
        .descendants()
        .filter(|n| n.kind() == LAMBDA_EXPR)
        .position(|n| n == *lambda)?;
    let file = match env.from {
        ScopeRef::File(file) => file,
        ScopeRef::Item(item) => item.file(db),
    };
    let index = u32::try_from(index).ok()?;
    Some(Ty::new(db, TyKind::Closure { file, index }))
}

/// `Some` for a type with no unresolved part.
pub fn known<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Option<Ty<'db>> {
    fn ok(db: &dyn IlDatabase, ty: Ty<'_>) -> bool {
        match ty.kind(db) {
            TyKind::Unknown
            | TyKind::TemplateId(_)
            | TyKind::TemplateParam { .. }
            | TyKind::DependentArray(..) => false,
            TyKind::Qualified(_, t)
            | TyKind::Pointer(t)
            | TyKind::Reference(_, t)
            | TyKind::Array(t, _)
            | TyKind::Vector { elem: t, .. } => ok(db, *t),
            TyKind::Function(sig) => ok(db, sig.ret) && sig.params.iter().all(|&p| ok(db, p)),
            _ => true,
        }
    }
    ok(db, ty).then_some(ty)
}

/// The type an expression of type `ty` has as a value: references are transparent.
fn value_of<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>, lvalue: bool) -> ArgType<'db> {
    match ty.kind(db) {
        TyKind::Reference(RefKind::Lvalue, inner) => ArgType::lvalue(*inner),
        TyKind::Reference(RefKind::Rvalue, inner) => ArgType::prvalue(*inner),
        _ => ArgType { ty, lvalue },
    }
}

/// The type of a value of type `ty` ([conv.array], [conv.func], [conv.lval]): arrays and
/// functions become pointers, top-level cv goes (cv on an array is its elements').
pub fn decay<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Ty<'db> {
    match canonical(db, ty).kind(db) {
        TyKind::Array(elem, _) => Ty::new(db, TyKind::Pointer(*elem)),
        TyKind::Function(_) => Ty::new(db, TyKind::Pointer(ty)),
        TyKind::Qualified(cv, inner) => match canonical(db, *inner).kind(db) {
            TyKind::Array(elem, _) => Ty::new(db, TyKind::Pointer(elem.qualified(db, *cv))),
            _ => *inner,
        },
        _ => ty,
    }
}

/// The type and value category of `expr`, where declarations determine it.
pub fn type_of<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    expr: &SyntaxNode,
) -> Option<ArgType<'db>> {
    let builtin = |b| Ty::builtin(db, b);
    match expr.kind() {
        LITERAL => literal(db, expr),
        LAMBDA_EXPR => closure_type(db, env, expr).map(ArgType::prvalue),
        PAREN_EXPR => type_of(db, env, &expr.children().next()?),
        ID_EXPR => {
            let name = expr.children().next()?;
            name_type(db, env, &name)
        }
        PREFIX_EXPR => {
            let op = first_token(expr)?;
            let operand = type_of(db, env, &expr.children().next()?)?;
            match op {
                AMP => {
                    if !operand.lvalue {
                        return None;
                    }
                    Some(ArgType::prvalue(Ty::new(db, TyKind::Pointer(operand.ty))))
                }
                STAR => match decay(db, operand.ty).kind(db) {
                    TyKind::Pointer(inner) => Some(ArgType::lvalue(*inner)),
                    _ => None,
                },
                PLUS2 | MINUS2 => Some(operand),
                BANG => Some(ArgType::prvalue(builtin(Builtin::Bool))),
                PLUS | MINUS | TILDE => {
                    let b = arithmetic(db, operand.ty)?;
                    Some(ArgType::prvalue(builtin(promote(b))))
                }
                _ => None,
            }
        }
        POSTFIX_EXPR => {
            let operand = type_of(db, env, &expr.children().next()?)?;
            Some(ArgType::prvalue(unqualified(db, operand.ty)))
        }
        INDEX_EXPR => {
            let mut operands = expr.children();
            let base = type_of(db, env, &operands.next()?)?;
            match decay(db, base.ty).kind(db) {
                TyKind::Pointer(elem) => Some(ArgType::lvalue(*elem)),
                _ => None,
            }
        }
        MEMBER_EXPR => {
            let object = type_of(db, env, &expr.children().next()?)?;
            let arrow = expr.children_with_tokens().any(|t| t.kind() == ARROW);
            let (class_ty, lvalue) = if arrow {
                match decay(db, object.ty).kind(db) {
                    TyKind::Pointer(inner) => (*inner, true),
                    _ => return None,
                }
            } else {
                (object.ty, object.lvalue)
            };
            let member = expr.children().filter(|n| n.kind() == NAME_REF).last()?;
            let name = ident(&member)?;
            let (ty, _) = data_member(db, class_ty, &name)?;
            Some(value_of(db, ty, lvalue))
        }
        NAMED_CAST_EXPR | CAST_EXPR => {
            let ty = known(
                db,
                type_id_type_in(
                    db,
                    env.from,
                    env.bound,
                    &expr.children().find(|n| n.kind() == TYPE_ID)?,
                ),
            )?;
            Some(value_of(db, ty, false))
        }
        // `float(h)`, `S{1}`, `V<int>()`: a prvalue of the named type.
        FUNCTIONAL_CAST => {
            let ty = specifier_type_in(db, env.from, env.bound, expr.children_with_tokens());
            Some(ArgType::prvalue(known(db, ty)?))
        }
        BIN_EXPR => binary(db, env, expr),
        COND_EXPR => {
            let mut operands = expr.children().skip(1);
            let a = type_of(db, env, &operands.next()?)?;
            let b = type_of(db, env, &operands.next()?)?;
            if canonical(db, a.ty) == canonical(db, b.ty) {
                return Some(ArgType {
                    ty: a.ty,
                    lvalue: a.lvalue && b.lvalue,
                });
            }
            let common = usual_arithmetic(arithmetic(db, a.ty)?, arithmetic(db, b.ty)?);
            Some(ArgType::prvalue(builtin(common)))
        }
        SIZEOF_EXPR | ALIGNOF_EXPR => Some(ArgType::prvalue(builtin(Builtin::UnsignedLong))),
        // Inside a member function: a pointer to its class, const in a const member function.
        THIS_EXPR => Some(ArgType::prvalue(Ty::new(
            db,
            TyKind::Pointer(this_class(db, env)?),
        ))),
        CALL_EXPR => call(db, env, expr),
        FOLD_EXPR => fold(db, env, expr),
        _ => None,
    }
}

fn first_token(node: &SyntaxNode) -> Option<syntax::SyntaxKind> {
    node.children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| !t.kind().is_trivia())
        .map(|t| t.kind())
}

fn ident(name_ref: &SyntaxNode) -> Option<String> {
    name_ref
        .children_with_tokens()
        .find(|t| t.kind() == IDENT)
        .map(|t| t.to_string())
}

pub fn literal<'db>(db: &'db dyn IlDatabase, expr: &SyntaxNode) -> Option<ArgType<'db>> {
    let token = expr
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .find(|t| !t.kind().is_trivia())?;
    let b = match token.kind() {
        INT_LIT => {
            let text = token.text().to_ascii_lowercase();
            let digits = text.trim_end_matches(['u', 'l']);
            let suffix = &text[digits.len()..];
            let value = parse_int(digits);
            let (unsigned, longs) = (suffix.contains('u'), suffix.matches('l').count());
            let decimal = !digits.starts_with('0') || digits == "0";
            // [lex.icon]: the first type of the list that can represent the value.
            let fits_int = value.is_some_and(|v| v <= i32::MAX as u128);
            let fits_uint = value.is_some_and(|v| v <= u32::MAX as u128);
            let fits_long = value.is_some_and(|v| v <= i64::MAX as u128);
            match (unsigned, longs) {
                (false, 0) if fits_int => Builtin::Int,
                (false, 0) if !decimal && fits_uint => Builtin::UnsignedInt,
                (false, 0 | 1) if fits_long => Builtin::Long,
                (false, 0 | 1) if !decimal => Builtin::UnsignedLong,
                (true, 0) if fits_uint => Builtin::UnsignedInt,
                (true, 0 | 1) => Builtin::UnsignedLong,
                (false, _) => Builtin::LongLong,
                (true, _) => Builtin::UnsignedLongLong,
            }
        }
        FLOAT_LIT => {
            let text = token.text();
            if text.ends_with(['f', 'F']) && !text.starts_with("0x") {
                Builtin::Float
            } else if text.ends_with(['l', 'L']) {
                Builtin::LongDouble
            } else {
                Builtin::Double
            }
        }
        CHAR_LIT if token.text().starts_with('\'') => Builtin::Char,
        TRUE_KW | FALSE_KW => Builtin::Bool,
        NULLPTR_KW => Builtin::NullPtr,
        STRING_LIT => return string_literal(db, expr),
        _ => return None,
    };
    Some(ArgType::prvalue(Ty::builtin(db, b)))
}

/// A string literal, adjacent pieces concatenated (`"ab" "cd"`): an lvalue `const C [n]`, its
/// code units and the terminating null, `C` from the encoding prefix (`u8` is `char` in
/// C++17). Raw strings and prefixes mixed with others are left unknown.
fn string_literal<'db>(db: &'db dyn IlDatabase, expr: &SyntaxNode) -> Option<ArgType<'db>> {
    let mut elem: Option<Builtin> = None;
    let mut n = 0;
    for piece in expr
        .children_with_tokens()
        .filter_map(|t| t.into_token())
        .filter(|t| !t.kind().is_trivia())
    {
        if piece.kind() != STRING_LIT {
            return None;
        }
        let text = piece.text();
        let quote = text.find('"')?;
        let (this, per_char): (Builtin, fn(char) -> u64) = match &text[..quote] {
            "" | "u8" => (Builtin::Char, |c| c.len_utf8() as u64),
            "u" => (Builtin::Char16, |c| c.len_utf16() as u64),
            "U" => (Builtin::Char32, |_| 1),
            "L" => (Builtin::WChar, |_| 1),
            _ => return None,
        };
        // An unprefixed piece takes the others' encoding.
        elem = match (elem, this) {
            (None | Some(Builtin::Char), this) => Some(this),
            (Some(e), Builtin::Char) => Some(e),
            (Some(e), this) if e == this => Some(e),
            _ => return None,
        };
        n += string_length(&text[quote..], per_char)?;
    }
    let elem = Ty::builtin(db, elem?).qualified(db, CONST);
    Some(ArgType::lvalue(Ty::new(
        db,
        TyKind::Array(elem, Some(n + 1)),
    )))
}

const CONST: Cv = Cv {
    is_const: true,
    is_volatile: false,
    is_restrict: false,
};

fn parse_int(digits: &str) -> Option<u128> {
    let digits = digits.replace('\'', "");
    if let Some(hex) = digits.strip_prefix("0x") {
        u128::from_str_radix(hex, 16).ok()
    } else if let Some(bin) = digits.strip_prefix("0b") {
        u128::from_str_radix(bin, 2).ok()
    } else if digits.len() > 1 && digits.starts_with('0') {
        u128::from_str_radix(&digits[1..], 8).ok()
    } else {
        digits.parse().ok()
    }
}

/// The number of code units a string literal's text (from its opening quote) denotes, a
/// source character counting `per_char` units and an escape one (`\\0`, `\\x41`, `\\n`);
/// `None` for universal character names, which this does not count.
fn string_length(text: &str, per_char: fn(char) -> u64) -> Option<u64> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    let mut n = 0;
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            n += per_char(c);
            continue;
        }
        match chars.next()? {
            'u' | 'U' => return None,
            // Up to three octal digits, or any number of hex digits, make one unit.
            '0'..='7' => {
                for _ in 0..2 {
                    chars.next_if(|d| ('0'..='7').contains(d));
                }
            }
            'x' => while chars.next_if(char::is_ascii_hexdigit).is_some() {},
            _ => {}
        }
        n += 1;
    }
    Some(n)
}

/// A name used as an expression: a parameter or local, a data member of the enclosing class,
/// or a variable found by lookup.
fn name_type<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    name: &SyntaxNode,
) -> Option<ArgType<'db>> {
    if name.kind() == NAME_REF {
        if name.children().next().is_some() {
            return None;
        }
        let text = ident(name)?;
        if let Some(local) = env.local(&text) {
            return Some(value_of(db, local?, true));
        }
        if let Some(class) = this_class(db, env)
            && let Some((ty, _)) = data_member(db, class, &text)
        {
            return Some(value_of(db, ty, true));
        }
        let found = lookup_unqualified(db, env.from, &text);
        return variable_type(db, &found);
    }
    let (global, segments) = name_segments(name);
    let found = lookup_path(db, env.from, global, &segments);
    variable_type(db, &found)
}

/// The type `*this` has where `env` is: the enclosing member function's class, with its
/// constness.
fn this_class<'db>(db: &'db dyn IlDatabase, env: &ExprEnv<'db>) -> Option<Ty<'db>> {
    let class = Ty::new(db, TyKind::Class(env.class?));
    Some(if env.this_const {
        class.qualified(db, CONST)
    } else {
        class
    })
}

fn variable_type<'db>(db: &'db dyn IlDatabase, found: &[Item<'db>]) -> Option<ArgType<'db>> {
    let [item] = found else { return None };
    if item.kind(db) != ItemKind::Variable {
        return None;
    }
    let mut ty = crate::resolve::declared_type(db, *item);
    if crate::decl::variable_decl(db, *item)
        .specifiers
        .is_constexpr
    {
        ty = ty.qualified(db, CONST);
    }
    Some(value_of(db, known(db, ty)?, true))
}

/// The type of the data member `name` of a class type (cv of the object applied), and the
/// class it was found in.
pub fn data_member<'db>(
    db: &'db dyn IlDatabase,
    object: Ty<'db>,
    name: &str,
) -> Option<(Ty<'db>, Item<'db>)> {
    let object = canonical(db, object);
    let (cv, class_ty) = match object.kind(db) {
        TyKind::Qualified(cv, inner) => (*cv, canonical(db, *inner)),
        _ => (Cv::default(), object),
    };
    let (scope, env): (Item<'db>, Option<Bound<'db>>) = match class_ty.kind(db) {
        TyKind::Class(item) => (*item, None),
        TyKind::Instance(inst) => {
            let bound = instance_definition(db, *inst)?;
            (bound.definition(db), Some(bound))
        }
        _ => return None,
    };
    let found = members_named(db, ScopeRef::Item(scope), name);
    let [member] = found.as_slice() else {
        return None;
    };
    if !matches!(member.kind(db), ItemKind::Field | ItemKind::Variable) {
        return None;
    }
    let ty = crate::resolve::declared_type_in(db, *member, env);
    let ty = known(db, ty)?;
    let ty = match ty.kind(db) {
        TyKind::Reference(..) => ty,
        _ => ty.qualified(db, cv),
    };
    Some((ty, *member))
}

fn binary<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    expr: &SyntaxNode,
) -> Option<ArgType<'db>> {
    let op = first_token(expr)?;
    let mut operands = expr.children();
    let a = type_of(db, env, &operands.next()?)?;
    let b = || type_of(db, env, &operands.clone().next()?);
    let bool_ty = || Some(ArgType::prvalue(Ty::builtin(db, Builtin::Bool)));
    match op {
        EQ2 | NEQ | L_ANGLE | R_ANGLE | LTEQ | GTEQ | AMP2 | PIPE2 => bool_ty(),
        EQ | PLUSEQ | MINUSEQ | STAREQ | SLASHEQ | PERCENTEQ | AMPEQ | PIPEEQ | CARETEQ | SHLEQ
        | SHREQ => a.lvalue.then_some(a),
        COMMA => b(),
        SHL | SHR => {
            let left = arithmetic(db, a.ty)?;
            arithmetic(db, b()?.ty)?;
            Some(ArgType::prvalue(Ty::builtin(db, promote(left))))
        }
        PLUS | MINUS | STAR | SLASH | PERCENT | AMP | PIPE | CARET => {
            let b = b()?;
            match (arithmetic(db, a.ty), arithmetic(db, b.ty)) {
                (Some(x), Some(y)) => {
                    Some(ArgType::prvalue(Ty::builtin(db, usual_arithmetic(x, y))))
                }
                // Pointer arithmetic: `p + n`, `n + p`.
                (None, Some(_)) if matches!(op, PLUS | MINUS) => pointer(db, a.ty),
                (Some(_), None) if op == PLUS => pointer(db, b.ty),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A unary fold over a parameter pack (`xs + ...`): the operator applied along the elements.
fn fold<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    expr: &SyntaxNode,
) -> Option<ArgType<'db>> {
    let op = first_token(expr)?;
    let operand = expr.children().next()?;
    let name = (operand.kind() == ID_EXPR)
        .then(|| operand.children().next())
        .flatten()
        .filter(|n| n.kind() == NAME_REF)
        .and_then(|n| ident(&n))?;
    let (_, elements) = env.packs.iter().find(|(n, _)| *n == name)?;
    let bool_ty = ArgType::prvalue(Ty::builtin(db, Builtin::Bool));
    match op {
        AMP2 | PIPE2 => Some(bool_ty),
        PLUS | MINUS | STAR | SLASH | PERCENT | AMP | PIPE | CARET => {
            let mut acc: Option<Builtin> = None;
            for &element in elements {
                let b = arithmetic(db, element)?;
                acc = Some(match acc {
                    None => promote(b),
                    Some(a) => usual_arithmetic(a, b),
                });
            }
            Some(ArgType::prvalue(Ty::builtin(db, acc?)))
        }
        _ => None,
    }
}

fn pointer<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Option<ArgType<'db>> {
    let ty = decay(db, ty);
    matches!(ty.kind(db), TyKind::Pointer(_)).then_some(ArgType::prvalue(ty))
}

/// A call of a non-template function or member function: its return type when every overload
/// with that many parameters (for a member, of the object's constness) returns the same type.
fn call<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    expr: &SyntaxNode,
) -> Option<ArgType<'db>> {
    let callee = expr.children().next()?;
    let args = expr
        .children()
        .find(|n| n.kind() == ARG_LIST)?
        .children()
        .count();
    // The overloads, each with its type, and the constness of the object for members.
    let (types, const_object): (Vec<Ty<'db>>, Option<bool>) = match callee.kind() {
        ID_EXPR => {
            let name = callee.children().next()?;
            if name.descendants().any(|n| n.kind() == TEMPLATE_ARG_LIST) {
                return None;
            }
            let found = if name.kind() == NAME_REF {
                let text = ident(&name)?;
                if env.local(&text).is_some() {
                    return None;
                }
                lookup_unqualified(db, env.from, &text)
            } else {
                let (global, segments) = name_segments(&name);
                lookup_path(db, env.from, global, &segments)
            };
            if !found.is_empty()
                && found
                    .iter()
                    .all(|i| i.kind(db) == ItemKind::FunctionTemplate)
            {
                return template_call(db, env, expr, &found);
            }
            if found.iter().any(|i| i.kind(db) != ItemKind::Routine) {
                return None;
            }
            let types = found
                .iter()
                .map(|&i| crate::resolve::routine_type(db, i))
                .collect();
            // Members of the enclosing class are called on `*this`.
            let on_this = env.class.is_some()
                && !found.is_empty()
                && found.iter().all(|i| i.parent(db) == env.class);
            (types, on_this.then_some(env.this_const))
        }
        MEMBER_EXPR => {
            let object = type_of(db, env, &callee.children().next()?)?;
            let arrow = callee.children_with_tokens().any(|t| t.kind() == ARROW);
            let class_ty = if arrow {
                match decay(db, object.ty).kind(db) {
                    TyKind::Pointer(inner) => *inner,
                    _ => return None,
                }
            } else {
                object.ty
            };
            let member = callee.children().filter(|n| n.kind() == NAME_REF).last()?;
            if member.children().next().is_some() {
                return None;
            }
            let is_const =
                matches!(canonical(db, class_ty).kind(db), TyKind::Qualified(cv, _) if cv.is_const);
            let (types, _) = member_functions(db, class_ty, &ident(&member)?)?;
            (types, Some(is_const))
        }
        _ => return None,
    };
    let sigs: Vec<&crate::ty::FnSig<'db>> = types
        .iter()
        .map(|t| match t.kind(db) {
            TyKind::Function(sig) => Some(sig),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let mut viable: Vec<&crate::ty::FnSig<'db>> = sigs
        .into_iter()
        .filter(|s| s.params.len() == args || (s.variadic && s.params.len() <= args))
        .collect();
    if let Some(is_const) = const_object {
        // A const object calls only const members; a non-const one prefers non-const ones.
        let prefer_const = is_const || viable.iter().all(|s| s.this_cv.is_const);
        viable.retain(|s| s.this_cv.is_const == prefer_const);
    }
    let mut ret = None;
    for sig in viable {
        let r = known(db, sig.ret)?;
        if ret.is_some_and(|prev| prev != r) {
            return None;
        }
        ret = Some(r);
    }
    Some(value_of(db, ret?, false))
}

/// A call of a function template (its name finds only templates): the return type of the one
/// instance the arguments deduce.
fn template_call<'db>(
    db: &'db dyn IlDatabase,
    env: &ExprEnv<'db>,
    expr: &SyntaxNode,
    templates: &[Item<'db>],
) -> Option<ArgType<'db>> {
    let args: Vec<ArgType<'db>> = expr
        .children()
        .find(|n| n.kind() == ARG_LIST)?
        .children()
        .map(|a| type_of(db, env, &a))
        .collect::<Option<_>>()?;
    let mut instances = templates
        .iter()
        .filter(|&&t| !crate::instantiate::template_params(db, t).is_empty())
        .filter_map(|&t| super::instance::instantiate_call(db, t, None, &[], &args));
    let instance = instances.next()?;
    if instances.next().is_some() {
        return None;
    }
    let TyKind::Function(sig) = instance.ty.kind(db) else {
        return None;
    };
    Some(value_of(db, sig.ret, false))
}

/// The types of the member functions named `name` of a class type (an instance's resolved
/// under its binding), and the class searched.
fn member_functions<'db>(
    db: &'db dyn IlDatabase,
    object: Ty<'db>,
    name: &str,
) -> Option<(Vec<Ty<'db>>, Item<'db>)> {
    let object = canonical(db, object);
    let class_ty = match object.kind(db) {
        TyKind::Qualified(_, inner) => canonical(db, *inner),
        _ => object,
    };
    let (scope, env) = match class_ty.kind(db) {
        TyKind::Class(item) => (*item, None),
        TyKind::Instance(inst) => {
            let bound = instance_definition(db, *inst)?;
            (bound.definition(db), Some(bound))
        }
        _ => return None,
    };
    let found = members_named(db, ScopeRef::Item(scope), name);
    if found.is_empty() || found.iter().any(|m| m.kind(db) != ItemKind::Routine) {
        return None;
    }
    let types = found
        .iter()
        .map(|&m| match env {
            Some(bound) => crate::resolve::declared_type_under(db, m, bound),
            None => crate::resolve::routine_type(db, m),
        })
        .collect();
    Some((types, scope))
}

fn unqualified<'db>(db: &'db dyn IlDatabase, ty: Ty<'db>) -> Ty<'db> {
    match canonical(db, ty).kind(db) {
        TyKind::Qualified(_, inner) => *inner,
        _ => ty,
    }
}

/// The arithmetic builtin an operand of type `ty` is (through typedefs and cv).
fn arithmetic(db: &dyn IlDatabase, ty: Ty<'_>) -> Option<Builtin> {
    match unqualified(db, ty).kind(db) {
        TyKind::Builtin(b) if *b != Builtin::Void && *b != Builtin::NullPtr => Some(*b),
        _ => None,
    }
}

/// Integral promotion ([conv.prom]) of a builtin.
pub fn promote(b: Builtin) -> Builtin {
    use Builtin::*;
    match b {
        Bool | Char | SignedChar | UnsignedChar | Short | UnsignedShort | Char8 | Char16 => Int,
        WChar | Char32 => UnsignedInt,
        other => other,
    }
}

/// The usual arithmetic conversions ([expr.arith.conv]) on two builtins (LP64).
pub fn usual_arithmetic(a: Builtin, b: Builtin) -> Builtin {
    use Builtin::*;
    for floating in [Float128, LongDouble, Double, Float] {
        if a == floating || b == floating {
            return floating;
        }
    }
    let (a, b) = (promote(a), promote(b));
    // Integer conversion ranks, and whether the type is unsigned.
    let rank = |t: Builtin| match t {
        Int | UnsignedInt => 1,
        Long | UnsignedLong => 2,
        LongLong | UnsignedLongLong => 3,
        _ => 4,
    };
    let unsigned = |t: Builtin| {
        matches!(
            t,
            UnsignedInt | UnsignedLong | UnsignedLongLong | UnsignedInt128
        )
    };
    if a == b {
        return a;
    }
    if unsigned(a) == unsigned(b) {
        return if rank(a) >= rank(b) { a } else { b };
    }
    let (u, s) = if unsigned(a) { (a, b) } else { (b, a) };
    if rank(u) >= rank(s) {
        return u;
    }
    // The signed type is wider: on LP64 `long` holds every `unsigned int`.
    if Builtin::size_align(s).map(|x| x.size) > Builtin::size_align(u).map(|x| x.size) {
        return s;
    }
    match s {
        Long => UnsignedLong,
        LongLong => UnsignedLongLong,
        other => other,
    }
}
