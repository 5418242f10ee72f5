//! Small functions over syntax that the lowering shares: operators, paths, literals, and the
//! spelling of types and names as written.
use rowan::ast::AstNode;
use syntax::ast;
use syntax::{SyntaxElement, SyntaxKind, SyntaxKind::*, SyntaxNode, SyntaxToken};

use crate::hir::{ArithOp, BinaryOp, Expr, Literal, LiteralKind, Path, PathSegment, UnaryOp};
pub(crate) use crate::type_ref::{
    direct_tokens, push_token, specifier_spelling, text_of, type_ref, type_spelling,
};

pub(super) fn is_name_kind(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
    )
}

pub(super) fn empty_path() -> Path {
    Path {
        global: false,
        segments: Box::new([]),
    }
}

/// A `NAME_REF`, `QUALIFIED_NAME`, `OPERATOR_NAME`, `DESTRUCTOR_NAME` or `DECLTYPE_SPEC` as a path.
pub(crate) fn lower_path(node: &SyntaxNode) -> Path {
    if node.kind() != QUALIFIED_NAME {
        return Path {
            global: false,
            segments: Box::new([lower_segment(node, false)]),
        };
    }
    let mut global = false;
    let mut segments = Vec::new();
    let mut template_kw = false;
    let mut seen_segment = false;
    for element in node.children_with_tokens() {
        match element {
            SyntaxElement::Token(t) => match t.kind() {
                COLON2 if !seen_segment => global = true,
                TEMPLATE_KW => template_kw = true,
                _ => {}
            },
            SyntaxElement::Node(n) => {
                seen_segment = true;
                segments.push(lower_segment(&n, template_kw));
                template_kw = false;
            }
        }
    }
    Path {
        global,
        segments: segments.into_boxed_slice(),
    }
}

pub(super) fn lower_segment(node: &SyntaxNode, template_kw: bool) -> PathSegment {
    if let Some(name_ref) = ast::NameRef::cast(node.clone())
        && let Some(ident) = name_ref.ident()
    {
        let args = name_ref
            .template_args()
            .map(|list| template_args(list.syntax()));
        return PathSegment {
            name: ident.text().into(),
            args,
            template_kw,
        };
    }
    PathSegment {
        name: text_of(node).into(),
        args: None,
        template_kw,
    }
}

/// Template arguments as written, one string per argument (`...` kept with its argument).
pub(super) fn template_args(list: &SyntaxNode) -> Box<[Box<str>]> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut any = false;
    for element in list.children_with_tokens() {
        match element.kind() {
            L_ANGLE | R_ANGLE if element.as_token().is_some() => {}
            COMMA => {
                out.push(std::mem::take(&mut current).into_boxed_str());
                any = false;
            }
            k if k.is_trivia() => {}
            _ => {
                any = true;
                match &element {
                    SyntaxElement::Node(n) => push_token(&mut current, &text_of(n)),
                    SyntaxElement::Token(t) => push_token(&mut current, t.text()),
                }
            }
        }
    }
    if any || !out.is_empty() {
        out.push(current.into_boxed_str());
    }
    out.into_boxed_slice()
}

pub(super) fn lower_literal(lit: &ast::Literal) -> Expr {
    literal_of(lit).map_or(Expr::Missing, Expr::Literal)
}

/// A literal's kind and text as bodies hold it (adjacent string literals joined); `None` for
/// a literal with no token of a literal's kind. The xref log's evaluation of template
/// arguments reads literals through this too.
pub fn literal_of(lit: &ast::Literal) -> Option<Literal> {
    let tokens = lit.tokens();
    let kind = match tokens.first()?.kind() {
        INT_LIT => LiteralKind::Int,
        FLOAT_LIT => LiteralKind::Float,
        CHAR_LIT => LiteralKind::Char,
        STRING_LIT => LiteralKind::String,
        TRUE_KW | FALSE_KW => LiteralKind::Bool,
        NULLPTR_KW => LiteralKind::Nullptr,
        _ => return None,
    };
    Some(Literal {
        kind,
        text: join_tokens(&tokens),
    })
}

pub fn binary_op(kind: SyntaxKind) -> Option<BinaryOp> {
    Some(match kind {
        STAR => BinaryOp::Mul,
        SLASH => BinaryOp::Div,
        PERCENT => BinaryOp::Rem,
        PLUS => BinaryOp::Add,
        MINUS => BinaryOp::Sub,
        SHL => BinaryOp::Shl,
        SHR => BinaryOp::Shr,
        L_ANGLE => BinaryOp::Lt,
        R_ANGLE => BinaryOp::Gt,
        LTEQ => BinaryOp::Le,
        GTEQ => BinaryOp::Ge,
        SPACESHIP => BinaryOp::Spaceship,
        EQ2 => BinaryOp::Eq,
        NEQ => BinaryOp::Ne,
        AMP => BinaryOp::BitAnd,
        CARET => BinaryOp::BitXor,
        PIPE => BinaryOp::BitOr,
        AMP2 => BinaryOp::And,
        PIPE2 => BinaryOp::Or,
        EQ => BinaryOp::Assign,
        STAREQ => BinaryOp::CompoundAssign(ArithOp::Mul),
        SLASHEQ => BinaryOp::CompoundAssign(ArithOp::Div),
        PERCENTEQ => BinaryOp::CompoundAssign(ArithOp::Rem),
        PLUSEQ => BinaryOp::CompoundAssign(ArithOp::Add),
        MINUSEQ => BinaryOp::CompoundAssign(ArithOp::Sub),
        SHLEQ => BinaryOp::CompoundAssign(ArithOp::Shl),
        SHREQ => BinaryOp::CompoundAssign(ArithOp::Shr),
        AMPEQ => BinaryOp::CompoundAssign(ArithOp::BitAnd),
        CARETEQ => BinaryOp::CompoundAssign(ArithOp::BitXor),
        PIPEEQ => BinaryOp::CompoundAssign(ArithOp::BitOr),
        COMMA => BinaryOp::Comma,
        DOT_STAR => BinaryOp::PtrMemDot,
        ARROW_STAR => BinaryOp::PtrMemArrow,
        _ => return None,
    })
}

pub fn prefix_op(kind: SyntaxKind) -> Option<UnaryOp> {
    Some(match kind {
        STAR => UnaryOp::Deref,
        AMP => UnaryOp::AddrOf,
        PLUS => UnaryOp::Plus,
        MINUS => UnaryOp::Neg,
        BANG => UnaryOp::Not,
        TILDE => UnaryOp::BitNot,
        PLUS2 => UnaryOp::PreInc,
        MINUS2 => UnaryOp::PreDec,
        EXTENSION_KW => UnaryOp::Extension,
        REAL_KW => UnaryOp::Real,
        IMAG_KW => UnaryOp::Imag,
        _ => return None,
    })
}

/// A declared name as il spells it: the identifier, or the qualified/operator name's text.
pub(super) fn declared_name_text(name: &SyntaxNode) -> String {
    match ast::NameRef::cast(name.clone()).and_then(|n| n.ident()) {
        Some(ident) => ident.text().to_string(),
        None => text_of(name),
    }
}

pub(super) fn template_param_name(param: &SyntaxNode) -> Option<String> {
    if let Some(p) = ast::TypeParam::cast(param.clone()) {
        return p.name().map(|t| t.text().to_string());
    }
    if let Some(p) = ast::TemplateTemplateParam::cast(param.clone()) {
        return p.name().map(|t| t.text().to_string());
    }
    ast::Param::cast(param.clone())
        .and_then(|p| p.declarator())
        .and_then(|d| d.name())
        .map(|n| declared_name_text(&n))
}

/// The GNU attribute names of a declaration's own specifiers.
pub(super) fn attribute_names_direct(node: &SyntaxNode) -> Vec<Box<str>> {
    node.children()
        .filter_map(ast::AttributeSpec::cast)
        .flat_map(|spec| spec.attributes().collect::<Vec<_>>())
        .filter_map(|a| a.name().map(|t| bare_attribute(t.text())))
        .collect()
}

/// The attribute names anywhere under `node` but inside initializers.
pub(super) fn attribute_names(node: &SyntaxNode) -> Box<[Box<str>]> {
    node.descendants()
        .filter(|n| {
            !n.ancestors()
                .take_while(|a| a != node)
                .any(|a| a.kind() == INITIALIZER)
        })
        .filter_map(ast::AttributeSpec::cast)
        .flat_map(|spec| spec.attributes().collect::<Vec<_>>())
        .filter_map(|a| a.name().map(|t| bare_attribute(t.text())))
        .collect()
}

/// `__shared__` is `shared`: GNU's optional surrounding underscores dropped.
pub(crate) fn bare_attribute(text: &str) -> Box<str> {
    text.strip_prefix("__")
        .and_then(|t| t.strip_suffix("__"))
        .unwrap_or(text)
        .into()
}

pub(super) fn has_direct_token(node: &SyntaxNode, kind: SyntaxKind) -> bool {
    direct_tokens(node).any(|t| t.kind() == kind)
}

pub(super) fn token_text(token: Option<SyntaxToken>) -> Box<str> {
    token.map_or_else(|| "".into(), |t| t.text().into())
}

/// Adjacent tokens (string literal pieces) joined by one space.
pub(super) fn join_tokens(tokens: &[SyntaxToken]) -> Box<str> {
    tokens
        .iter()
        .map(|t| t.text())
        .collect::<Vec<_>>()
        .join(" ")
        .into()
}

pub(super) fn elements_text(elements: &[SyntaxElement]) -> String {
    let mut out = String::new();
    for element in elements {
        match element {
            SyntaxElement::Node(n) => push_token(&mut out, &text_of(n)),
            SyntaxElement::Token(t) => push_token(&mut out, t.text()),
        }
    }
    out
}
