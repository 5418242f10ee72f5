//! The mangler: an [`Ast`] back to Itanium bytes.
//!
//! It mirrors the parser: wherever the parser adds a component to the substitution table,
//! the mangler does too, and before writing a substitutable component it looks it up. The
//! arena is hash-consed, so "the same component" is simply "the same [`NodeId`]".

use std::fmt::Write;

pub use demangle::ast;
use demangle::ast::{Ast, Cv, List, Node, NodeId, NvWrapperKind, RefKind, RefQual, Special, Str};
use demangle::ops::OpKind;

// This file is the crate root (see Cargo.toml's `[lib]`: it kept its path when the
// demangler moved to its own crate), so its submodule's path is spelled out.
#[path = "mangle/expressions.rs"]
mod expressions;

use expressions::{is_expr, is_primary_expr};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MangleError {
    /// The AST holds something that has no Itanium spelling (or that we do not write yet).
    Unsupported(&'static str),
    /// Nesting beyond [`MAX_DEPTH`](demangle::MAX_DEPTH).
    TooDeep,
}

impl std::fmt::Display for MangleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MangleError::Unsupported(what) => write!(f, "cannot mangle {what}"),
            MangleError::TooDeep => write!(f, "name nests too deeply to mangle"),
        }
    }
}

impl std::error::Error for MangleError {}

type MResult = Result<(), MangleError>;

/// Mangles the entity rooted at `root`: `_Z<encoding>` for names, the bare `<type>` for a
/// type, with NVIDIA's `__nv_static_` prefix and the other top-level forms as parsed.
pub fn mangle(ast: &Ast, root: NodeId) -> Result<String, MangleError> {
    let mut m = Mangler {
        ast,
        out: String::new(),
        subs: Vec::new(),
        depth: 0,
    };
    m.top(root)?;
    Ok(m.out)
}

struct Mangler<'a> {
    ast: &'a Ast,
    out: String,
    /// The substitution table; `S_` is `subs[0]`.
    subs: Vec<NodeId>,
    depth: u32,
}

fn builtin_code(name: &str) -> Option<&'static str> {
    Some(match name {
        "void" => "v",
        "wchar_t" => "w",
        "bool" => "b",
        "char" => "c",
        "signed char" => "a",
        "unsigned char" => "h",
        "short" => "s",
        "unsigned short" => "t",
        "int" => "i",
        "unsigned int" => "j",
        "long" => "l",
        "unsigned long" => "m",
        "long long" => "x",
        "unsigned long long" => "y",
        "__int128" => "n",
        "unsigned __int128" => "o",
        "float" => "f",
        "double" => "d",
        "long double" => "e",
        "__float128" => "g",
        "..." => "z",
        "decimal64" => "Dd",
        "decimal128" => "De",
        "decimal32" => "Df",
        "half" => "Dh",
        "char32_t" => "Di",
        "char16_t" => "Ds",
        "char8_t" => "Du",
        "auto" => "Da",
        "decltype(auto)" => "Dc",
        "std::nullptr_t" => "Dn",
        "std::bfloat16_t" => "DF16b",
        _ => return None,
    })
}

fn cv_code(cv: Cv) -> String {
    let mut s = String::new();
    if cv.restrict {
        s.push('r');
    }
    if cv.volatile {
        s.push('V');
    }
    if cv.konst {
        s.push('K');
    }
    s
}

fn seq_id(mut n: usize) -> String {
    // `S_` is entry 0; `S<seq-id>_` is entry seq-id + 1, in base 36.
    if n == 0 {
        return String::new();
    }
    n -= 1;
    let mut digits = Vec::new();
    loop {
        let d = (n % 36) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

impl<'a> Mangler<'a> {
    /// The text of a node, for as long as the AST lives.
    fn str(&self, s: Str) -> &'a str {
        self.ast.str(s)
    }
    /// The nodes of a list, for as long as the AST lives.
    fn list(&self, l: List) -> &'a [NodeId] {
        self.ast.list(l)
    }
    fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }
    fn source_name(&mut self, s: &str) {
        let _ = write!(self.out, "{}{}", s.len(), s);
    }
    fn enter(&mut self) -> MResult {
        if self.depth >= 4 * demangle::MAX_DEPTH {
            return Err(MangleError::TooDeep);
        }
        self.depth += 1;
        Ok(())
    }

    /// Writes `S<seq-id>_` if `id` is in the table.
    fn try_sub(&mut self, id: NodeId) -> bool {
        match self.subs.iter().position(|&s| s == id) {
            Some(i) => {
                let code = format!("S{}_", seq_id(i));
                self.w(&code);
                true
            }
            None => false,
        }
    }

    fn top(&mut self, root: NodeId) -> MResult {
        match &self.ast[root] {
            Node::NvStatic { module_id, name } => {
                let module_id = self.str(*module_id);
                let _ = write!(self.out, "__nv_static_{}_{module_id}_", module_id.len());
                self.w("_Z");
                self.encoding(*name)
            }
            Node::BlockInvoke { encoding, suffix } => {
                self.w("___Z");
                self.encoding(*encoding)?;
                self.w(self.str(*suffix));
                Ok(())
            }
            Node::GlobalCtorDtor { ctor, name } => {
                self.w(if *ctor { "_GLOBAL__I_" } else { "_GLOBAL__D_" });
                match &self.ast[*name] {
                    Node::Name(s) => {
                        self.w(self.str(*s));
                        Ok(())
                    }
                    _ => {
                        self.w("_Z");
                        self.encoding(*name)
                    }
                }
            }
            n if is_type_root(n) => self.ty(root),
            _ => {
                self.w("_Z");
                self.encoding(root)
            }
        }
    }

    /// `<encoding>`
    fn encoding(&mut self, id: NodeId) -> MResult {
        self.enter()?;
        let ast = self.ast;
        let res = match &ast[id] {
            Node::FunctionEncoding {
                ret,
                name,
                params,
                attrs,
                requires,
                cv,
                ref_qual,
            } => {
                let explicit_object = self
                    .list(*params)
                    .first()
                    .is_some_and(|p| matches!(ast[*p], Node::ExplicitObjectParameter(_)));
                self.name(*name, *cv, *ref_qual, explicit_object)?;
                if let Some(a) = attrs {
                    let Node::EnableIf(args) = &ast[*a] else {
                        return Err(MangleError::Unsupported("attribute"));
                    };
                    self.w("Ua9enable_ifI");
                    for a in self.list(*args) {
                        self.template_arg(*a)?;
                    }
                    self.w("E");
                }
                if let Some(r) = ret {
                    self.ty(*r)?;
                }
                if params.is_empty() {
                    self.w("v");
                }
                for p in self.list(*params) {
                    match ast[*p] {
                        Node::ExplicitObjectParameter(t) => self.ty(t)?,
                        _ => self.ty(*p)?,
                    }
                }
                if let Some(r) = requires {
                    self.w("Q");
                    self.expr(*r)?;
                }
                Ok(())
            }
            Node::SpecialName { kind, child, extra } => {
                self.special_name(*kind, *child, self.str(*extra))
            }
            Node::CtorVtable {
                first,
                second,
                offset,
            } => {
                self.w("TC");
                self.ty(*first)?;
                self.w(self.str(*offset));
                self.w("_");
                self.ty(*second)
            }
            Node::DotSuffix { prefix, suffix } => {
                self.encoding(*prefix)?;
                self.w(self.str(*suffix));
                Ok(())
            }
            _ => self.name(id, Cv::default(), RefQual::None, false),
        };
        self.depth -= 1;
        res
    }

    fn special_name(&mut self, kind: Special, child: NodeId, extra: &str) -> MResult {
        use Special as S;
        match kind {
            S::VTable
            | S::Vtt
            | S::TypeInfo
            | S::TypeInfoName
            | S::TypeInfoFunction
            | S::Javaclass => {
                self.w(match kind {
                    S::VTable => "TV",
                    S::Vtt => "TT",
                    S::TypeInfo => "TI",
                    S::TypeInfoName => "TS",
                    S::TypeInfoFunction => "TF",
                    _ => "TJ",
                });
                self.ty(child)
            }
            S::GuardVariable | S::TlsInit | S::TlsWrapper => {
                self.w(match kind {
                    S::GuardVariable => "GV",
                    S::TlsInit => "TH",
                    _ => "TW",
                });
                self.name(child, Cv::default(), RefQual::None, false)
            }
            S::ReferenceTemporary => {
                self.w("GR");
                self.name(child, Cv::default(), RefQual::None, false)?;
                self.w(extra);
                Ok(())
            }
            S::NonVirtualThunk | S::VirtualThunk => {
                self.w("T");
                self.w(extra);
                self.encoding(child)
            }
            S::CovariantThunk => {
                self.w("Tc");
                self.w(extra);
                self.encoding(child)
            }
            S::TransactionClone | S::NonTransactionClone => {
                self.w(if kind == S::TransactionClone {
                    "GTt"
                } else {
                    "GTn"
                });
                self.encoding(child)
            }
            S::JavaResource => {
                let Node::Name(path) = &self.ast[child] else {
                    return Err(MangleError::Unsupported("java resource"));
                };
                let mut escaped = String::with_capacity(self.str(*path).len() + 8);
                for c in self.str(*path).chars() {
                    match c {
                        '/' => escaped.push_str("$S"),
                        '.' => escaped.push_str("$_"),
                        '$' => escaped.push_str("$$"),
                        c => escaped.push(c),
                    }
                }
                let text = format!("Gr{}_{escaped}", escaped.len() + 1);
                self.w(&text);
                Ok(())
            }
            S::ModuleInit => {
                self.w("GI");
                self.module_name(child)
            }
            S::TemplateParamObject => {
                self.w("TA");
                self.template_arg(child)
            }
        }
    }

    fn module_name(&mut self, id: NodeId) -> MResult {
        if self.try_sub(id) {
            return Ok(());
        }
        let Node::ModuleName {
            parent,
            name,
            partition,
        } = &self.ast[id]
        else {
            return Err(MangleError::Unsupported("module name"));
        };
        if let Some(p) = parent {
            self.module_name(*p)?;
        }
        self.w(if *partition { "WP" } else { "W" });
        self.unqualified(*name)?;
        self.subs.push(id);
        Ok(())
    }

    /// `<name>`; `cv`/`ref_qual` are the member function's qualifiers (in a nested name).
    fn name(&mut self, id: NodeId, cv: Cv, ref_qual: RefQual, explicit_object: bool) -> MResult {
        self.enter()?;
        let res = self.name_inner(id, cv, ref_qual, explicit_object);
        self.depth -= 1;
        res
    }

    fn name_inner(
        &mut self,
        id: NodeId,
        cv: Cv,
        ref_qual: RefQual,
        explicit_object: bool,
    ) -> MResult {
        let ast = self.ast;
        let needs_nested = !cv.is_empty() || ref_qual != RefQual::None || explicit_object;
        match &ast[id] {
            Node::BlockScope { text, name } => {
                self.w("B");
                self.w(self.str(*text));
                self.name(*name, cv, ref_qual, explicit_object)
            }
            Node::Local {
                encoding,
                entity,
                discriminator,
            } => {
                self.w("Z");
                self.encoding(*encoding)?;
                self.w("E");
                match &ast[*entity] {
                    Node::StringLiteralName => self.w("s"),
                    Node::DefaultArgScope { index, entity } => {
                        self.w("d");
                        if *index > 0 {
                            let _ = write!(self.out, "{}", index - 1);
                        }
                        self.w("_");
                        self.name(*entity, cv, ref_qual, explicit_object)?;
                    }
                    _ => self.name(*entity, cv, ref_qual, explicit_object)?,
                }
                if let Some(d) = discriminator {
                    if *d < 10 {
                        let _ = write!(self.out, "_{d}");
                    } else {
                        let _ = write!(self.out, "__{d}_");
                    }
                }
                Ok(())
            }
            Node::Nested { qual, .. } if needs_nested || !self.is_std(*qual) => {
                self.nested_name(id, cv, ref_qual, explicit_object)
            }
            Node::Nested { name, .. } => {
                // St <unqualified-name>
                self.w("St");
                self.unqualified(*name)
            }
            Node::MemberLikeFriend { .. } => self.nested_name(id, cv, ref_qual, explicit_object),
            Node::NameWithTemplateArgs { name, args } => {
                let nested = match &ast[*name] {
                    Node::Nested { qual, .. } => needs_nested || !self.is_std(*qual),
                    Node::MemberLikeFriend { .. } => true,
                    _ => needs_nested,
                };
                if nested {
                    return self.nested_name(id, cv, ref_qual, explicit_object);
                }
                // <unscoped-template-name> <template-args>: the template name is substitutable.
                let special = matches!(
                    ast[*name],
                    Node::SpecialSubstitution(_) | Node::ExpandedSpecialSubstitution(_)
                );
                if !self.try_sub(*name) {
                    self.unscoped(*name)?;
                    if !special {
                        self.subs.push(*name);
                    }
                }
                self.template_args(*args)
            }
            _ if needs_nested => self.nested_name(id, cv, ref_qual, explicit_object),
            _ => self.unscoped(id),
        }
    }

    fn is_std(&self, id: NodeId) -> bool {
        matches!(&self.ast[id], Node::Name(n) if self.str(*n) == "std")
    }

    fn unscoped(&mut self, id: NodeId) -> MResult {
        match &self.ast[id] {
            Node::Nested { qual, name } if self.is_std(*qual) => {
                self.w("St");
                self.unqualified(*name)
            }
            Node::SpecialSubstitution(k) | Node::ExpandedSpecialSubstitution(k) => {
                self.w(k.code());
                Ok(())
            }
            _ => {
                if self.subs.contains(&id) {
                    self.try_sub(id);
                    return Ok(());
                }
                self.unqualified(id)
            }
        }
    }

    /// `N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E`
    fn nested_name(
        &mut self,
        id: NodeId,
        cv: Cv,
        ref_qual: RefQual,
        explicit_object: bool,
    ) -> MResult {
        self.w("N");
        if explicit_object {
            self.w("H");
        } else {
            let cv = cv_code(cv);
            self.w(&cv);
            self.w(match ref_qual {
                RefQual::None => "",
                RefQual::LValue => "R",
                RefQual::RValue => "O",
            });
        }
        let first_component = self.out.len();
        // The full name is not a candidate as a prefix of itself: the parser pops it.
        self.prefix_components(id, false)?;
        // With no qualifiers written, a first component starting with `r` (`rm`, `rs`: the
        // operators `%` and `>>`) would read back as the `restrict` qualifier.
        let qualifiers_written = explicit_object || !cv.is_empty() || ref_qual != RefQual::None;
        if !qualifiers_written && self.out.as_bytes().get(first_component) == Some(&b'r') {
            return Err(MangleError::Unsupported(
                "a nested name whose first component reads as `restrict`",
            ));
        }
        self.subs.pop();
        self.w("E");
        Ok(())
    }

    /// Writes the prefix chain ending in `id` and records each component as the parser does.
    fn prefix_components(&mut self, id: NodeId, allow_sub: bool) -> MResult {
        self.enter()?;
        let res = self.prefix_components_inner(id, allow_sub);
        self.depth -= 1;
        res
    }

    fn prefix_components_inner(&mut self, id: NodeId, allow_sub: bool) -> MResult {
        let ast = self.ast;
        if allow_sub {
            if self.is_std(id) {
                self.w("St");
                return Ok(());
            }
            if let Node::SpecialSubstitution(k) | Node::ExpandedSpecialSubstitution(k) = ast[id] {
                self.w(k.code());
                return Ok(());
            }
            if self.try_sub(id) {
                return Ok(());
            }
        }
        match &ast[id] {
            Node::Nested { qual, name } => {
                self.prefix_components(*qual, true)?;
                self.unqualified(*name)?;
            }
            Node::MemberLikeFriend { qual, name } => {
                self.prefix_components(*qual, true)?;
                self.w("F");
                self.unqualified(*name)?;
            }
            Node::NameWithTemplateArgs { name, args } => {
                self.prefix_components(*name, true)?;
                self.template_args(*args)?;
            }
            Node::TemplateParam { .. } => self.template_param(id)?,
            Node::Enclosing {
                prefix: "decltype",
                child,
                ..
            } => {
                self.w("DT");
                self.expr(*child)?;
                self.w("E");
            }
            _ => self.unqualified(id)?,
        }
        self.subs.push(id);
        Ok(())
    }

    /// `<unqualified-name> [<abi-tags>]`
    fn unqualified(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::Name(s) => {
                self.source_name(self.str(*s));
            }
            Node::Internal(n) => {
                self.w("L");
                self.unqualified(*n)?;
            }
            Node::AnonymousNamespace(ident) => {
                self.source_name(self.str(*ident));
            }
            Node::Operator(op) => self.w(op.code()),
            Node::VendorOperator { digit, name } => {
                let _ = write!(self.out, "v{digit}");
                self.source_name(self.str(*name));
            }
            Node::ConversionOperator(t) => {
                self.w("cv");
                self.ty(*t)?;
            }
            Node::LiteralOperator(n) => {
                self.w("li");
                self.unqualified(*n)?;
            }
            Node::CtorDtor {
                dtor,
                variant,
                inherited,
                ..
            } => {
                let _ = write!(
                    self.out,
                    "{}{}{}",
                    if *dtor { 'D' } else { 'C' },
                    if inherited.is_some() { "I" } else { "" },
                    variant
                );
                if let Some(i) = inherited {
                    self.name(*i, Cv::default(), RefQual::None, false)?;
                }
            }
            Node::AbiTagged { base, tag } => {
                self.unqualified(*base)?;
                let t = *tag;
                self.w("B");
                self.source_name(self.str(t));
            }
            Node::UnnamedType(count) => {
                self.w("Ut");
                if *count > 0 {
                    let _ = write!(self.out, "{}", count - 1);
                }
                self.w("_");
            }
            Node::Closure {
                template_params,
                requires1,
                params,
                requires2,
                count,
            } => {
                self.w("Ul");
                for p in self.list(*template_params) {
                    self.template_param_decl(*p)?;
                }
                if let Some(r) = requires1 {
                    self.w("Q");
                    self.expr(*r)?;
                }
                if params.is_empty() {
                    self.w("v");
                }
                for p in self.list(*params) {
                    self.ty(*p)?;
                }
                if let Some(r) = requires2 {
                    self.w("Q");
                    self.expr(*r)?;
                }
                self.w("E");
                if *count > 0 {
                    let _ = write!(self.out, "{}", count - 1);
                }
                self.w("_");
            }
            Node::StructuredBinding(names) => {
                self.w("DC");
                for n in self.list(*names) {
                    self.unqualified(*n)?;
                }
                self.w("E");
            }
            Node::ModuleEntity { module, name } => {
                self.module_name(*module)?;
                self.unqualified(*name)?;
            }
            Node::DeviceStub { encoding, .. } => {
                // The identifier embeds a whole mangled name with its own substitutions.
                let inner = mangle(self.ast, *encoding)?;
                let ident = format!("__device_stub_{inner}");
                self.source_name(&ident);
            }
            Node::SpecialSubstitution(k) | Node::ExpandedSpecialSubstitution(k) => self.w(k.code()),
            // cudafe++ names a closure by its wrapper type in a local scope.
            Node::NvLambdaWrapper { .. } => self.nv_wrapper(id)?,
            _ => return Err(MangleError::Unsupported("this kind of name")),
        }
        Ok(())
    }

    fn template_param_decl(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::TypeTemplateParamDecl(_) => self.w("Ty"),
            Node::ConstrainedTypeTemplateParamDecl { constraint, .. } => {
                self.w("Tk");
                self.name(*constraint, Cv::default(), RefQual::None, false)?;
            }
            Node::NonTypeTemplateParamDecl { ty, .. } => {
                self.w("Tn");
                self.ty(*ty)?;
            }
            Node::TemplateTemplateParamDecl {
                params, requires, ..
            } => {
                self.w("Tt");
                for p in self.list(*params) {
                    self.template_param_decl(*p)?;
                }
                if let Some(r) = requires {
                    self.w("Q");
                    self.expr(*r)?;
                }
                self.w("E");
            }
            Node::TemplateParamPackDecl(p) => {
                self.w("Tp");
                self.template_param_decl(*p)?;
            }
            _ => return Err(MangleError::Unsupported("template parameter declaration")),
        }
        Ok(())
    }

    fn template_param(&mut self, id: NodeId) -> MResult {
        let (level, index) = match self.ast[id] {
            Node::TemplateParam { level, index, .. }
            | Node::ForwardTemplateRef { level, index, .. } => (level, index),
            _ => return Err(MangleError::Unsupported("template parameter")),
        };
        if level > 0 {
            let _ = write!(self.out, "TL{}_", level - 1);
        } else {
            self.w("T");
        }
        if index > 0 {
            let _ = write!(self.out, "{}", index - 1);
        }
        self.w("_");
        Ok(())
    }

    fn template_args(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        let Node::TemplateArgs { args, requires } = &ast[id] else {
            return Err(MangleError::Unsupported("template argument list"));
        };
        self.w("I");
        for a in self.list(*args) {
            self.template_arg(*a)?;
        }
        if let Some(r) = requires {
            self.w("Q");
            self.expr(*r)?;
        }
        self.w("E");
        Ok(())
    }

    fn template_arg(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::TemplateArgumentPack(args) => {
                self.w("J");
                for a in self.list(*args) {
                    self.template_arg(*a)?;
                }
                self.w("E");
                Ok(())
            }
            Node::TemplateParamQualifiedArg { param, arg } => {
                self.template_param_decl(*param)?;
                self.template_arg(*arg)
            }
            Node::FunctionEncoding { .. } | Node::SpecialName { .. } => {
                self.w("LZ");
                self.encoding(id)?;
                self.w("E");
                Ok(())
            }
            n if is_primary_expr(n) => self.expr(id),
            n if is_expr(n) => {
                self.w("X");
                self.expr(id)?;
                self.w("E");
                Ok(())
            }
            _ => self.ty(id),
        }
    }

    /// `<type>`
    fn ty(&mut self, id: NodeId) -> MResult {
        self.enter()?;
        let res = self.ty_inner(id);
        self.depth -= 1;
        res
    }

    fn ty_inner(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        if let Node::Builtin(n) = &ast[id] {
            self.w(builtin_code(n).ok_or(MangleError::Unsupported("builtin type"))?);
            return Ok(());
        }
        if let Node::SpecialSubstitution(k) | Node::ExpandedSpecialSubstitution(k) = ast[id] {
            self.w(k.code());
            return Ok(());
        }
        if self.try_sub(id) {
            return Ok(());
        }
        match &ast[id] {
            Node::Qualified { child, cv } => {
                let c = cv_code(*cv);
                self.w(&c);
                self.ty(*child)?;
            }
            Node::VendorQualified { .. } => self.vendor_qualified(id)?,
            Node::Pointer(c) => {
                self.w("P");
                self.ty(*c)?;
            }
            Node::Reference { child, kind } => {
                self.w(if *kind == RefKind::LValue { "R" } else { "O" });
                self.ty(*child)?;
            }
            Node::PointerToMember { class, member } => {
                self.w("M");
                self.ty(*class)?;
                self.ty(*member)?;
            }
            Node::Array { base, dim } => {
                self.w("A");
                if let Some(d) = dim {
                    match &ast[*d] {
                        Node::Name(n) if self.str(*n).bytes().all(|c| c.is_ascii_digit()) => {
                            self.w(self.str(*n));
                        }
                        _ => self.expr(*d)?,
                    }
                }
                self.w("_");
                self.ty(*base)?;
            }
            Node::Function {
                ret,
                params,
                cv,
                ref_qual,
                exception,
            } => {
                let c = cv_code(*cv);
                self.w(&c);
                if let Some(e) = exception {
                    match &ast[*e] {
                        Node::Name(n) if self.str(*n) == "noexcept" => self.w("Do"),
                        Node::Name(n) if self.str(*n) == "transaction_safe" => self.w("Dx"),
                        Node::NoexceptSpec(x) => {
                            self.w("DO");
                            self.expr(*x)?;
                            self.w("E");
                        }
                        Node::DynamicExceptionSpec(types) => {
                            self.w("Dw");
                            for t in self.list(*types) {
                                self.ty(*t)?;
                            }
                            self.w("E");
                        }
                        _ => return Err(MangleError::Unsupported("exception specification")),
                    }
                }
                self.w("F");
                self.ty(*ret)?;
                if params.is_empty() {
                    self.w("v");
                }
                for p in self.list(*params) {
                    self.ty(*p)?;
                }
                self.w(match ref_qual {
                    RefQual::None => "",
                    RefQual::LValue => "R",
                    RefQual::RValue => "O",
                });
                self.w("E");
            }
            Node::PostfixQualified { child, postfix } => match &**postfix {
                " complex" => {
                    self.w("C");
                    self.ty(*child)?;
                }
                " imaginary" => {
                    self.w("G");
                    self.ty(*child)?;
                }
                " auto" | " decltype(auto)" => {
                    self.w(if &**postfix == " auto" { "Dk" } else { "DK" });
                    self.name(*child, Cv::default(), RefQual::None, false)?;
                    return Ok(()); // Not a substitution candidate (the parser returns early).
                }
                "x" => {
                    let Node::BinaryFp(d) = ast[*child] else {
                        return Err(MangleError::Unsupported("_FloatNx"));
                    };
                    self.w("DF");
                    self.expr_or_number(d)?;
                    self.w("x");
                    return Ok(());
                }
                _ => return Err(MangleError::Unsupported("postfix-qualified type")),
            },
            Node::BinaryFp(d) => {
                self.w("DF");
                self.expr_or_number(*d)?;
                self.w("_");
                return Ok(());
            }
            Node::BitInt { size, signed } => {
                self.w(if *signed { "DB" } else { "DU" });
                self.expr_or_number(*size)?;
                self.w("_");
                return Ok(());
            }
            Node::Vector { base, dim } => {
                self.w("Dv");
                if let Some(d) = dim {
                    self.expr_or_number(*d)?;
                }
                self.w("_");
                self.ty(*base)?;
            }
            Node::PixelVector(d) => {
                self.w("Dv");
                self.expr_or_number(*d)?;
                self.w("_p");
            }
            Node::TemplateParam { .. } | Node::ForwardTemplateRef { .. } => {
                self.template_param(id)?
            }
            Node::NameWithTemplateArgs { name, args }
                if matches!(ast[*name], Node::TemplateParam { .. }) =>
            {
                // <template-template-param> <template-args>
                if !self.try_sub(*name) {
                    self.template_param(*name)?;
                    self.subs.push(*name);
                }
                self.template_args(*args)?;
            }
            Node::ParameterPackExpansion(c) => {
                self.w("Dp");
                self.ty(*c)?;
            }
            Node::Elaborated { kw, child } => {
                self.w(match &**kw {
                    "struct" => "Ts",
                    "union" => "Tu",
                    _ => "Te",
                });
                self.name(*child, Cv::default(), RefQual::None, false)?;
            }
            Node::Transformed { transform, child } => {
                self.w("u");
                self.source_name(self.str(*transform));
                self.w("I");
                self.ty(*child)?;
                self.w("E");
            }
            Node::VendorType(n) => {
                // `u <source-name>`: a vendor extended builtin type (a substitution candidate).
                let n = *n;
                self.w("u");
                self.source_name(self.str(n));
            }
            Node::Enclosing {
                prefix: "decltype",
                child,
                ..
            } => {
                self.w("DT");
                self.expr(*child)?;
                self.w("E");
            }
            Node::NvLambdaWrapper { .. } => self.nv_wrapper(id)?,
            // As a type, only a source name may stand unscoped: `cl` would read as `char`,
            // `long`. Anything else takes the one-component nested form `NclE`.
            _ if !self.unscoped_type_ok(id) => {
                self.nested_name(id, Cv::default(), RefQual::None, false)?
            }
            _ => self.name(id, Cv::default(), RefQual::None, false)?,
        }
        self.subs.push(id);
        Ok(())
    }

    /// NVIDIA's `Unvdl`/`Unvdtl`/`Unvhdl` lambda wrapper type.
    fn nv_wrapper(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        let Node::NvLambdaWrapper {
            kind,
            fn_type,
            enclosing,
            id: lambda_id,
            ret,
            signature,
            captures,
        } = &ast[id]
        else {
            return Err(MangleError::Unsupported("NVIDIA wrapper"));
        };
        match kind {
            NvWrapperKind::Device => self.w("Unvdl"),
            NvWrapperKind::DeviceTrailingReturn => self.w("Unvdtl"),
            NvWrapperKind::HostDevice {
                mutable,
                fnptr_conv,
                never_throws,
            } => {
                let _ = write!(
                    self.out,
                    "Unvhdl{}_{}_{}_",
                    u8::from(*mutable),
                    u8::from(*fnptr_conv),
                    u8::from(*never_throws)
                );
            }
        }
        let _ = write!(self.out, "{}_", captures.len());
        self.ty(*fn_type)?;
        match ast[*enclosing] {
            // cudafe++ writes a template function it already named as `S1_IlE`, not `NS1_IlEE`.
            Node::NameWithTemplateArgs { name, args } if self.subs.contains(&name) => {
                self.try_sub(name);
                self.template_args(args)?;
            }
            _ => self.name(*enclosing, Cv::default(), RefQual::None, false)?,
        }
        if let Some(r) = ret {
            self.ty(*r)?;
        }
        let _ = write!(self.out, "{lambda_id}_");
        if !signature.is_empty() {
            for t in self.list(*signature) {
                self.ty(*t)?;
            }
            self.w("E");
        }
        for c in self.list(*captures) {
            self.ty(*c)?;
        }
        Ok(())
    }

    /// Whether `id`, as a `<class-enum-type>`, may be written as an unscoped name.
    fn unscoped_type_ok(&self, mut id: NodeId) -> bool {
        loop {
            match &self.ast[id] {
                Node::AbiTagged { base, .. } => id = *base,
                Node::NameWithTemplateArgs { name, .. } => id = *name,
                Node::Name(_)
                | Node::AnonymousNamespace(_)
                | Node::DeviceStub { .. }
                | Node::ModuleEntity { .. }
                | Node::Nested { .. }
                | Node::Local { .. }
                | Node::MemberLikeFriend { .. }
                | Node::Internal(_)
                | Node::SpecialSubstitution(_)
                | Node::ExpandedSpecialSubstitution(_) => return true,
                _ => return false,
            }
        }
    }

    fn vendor_qualified(&mut self, id: NodeId) -> MResult {
        let ast = self.ast;
        match &ast[id] {
            Node::VendorQualified { child, ext, args } => {
                let e = *ext;
                self.w("U");
                self.source_name(self.str(e));
                if let Some(a) = args {
                    self.template_args(*a)?;
                }
                self.vendor_qualified(*child)
            }
            Node::Qualified { child, cv } => {
                let c = cv_code(*cv);
                self.w(&c);
                self.ty(*child)
            }
            _ => self.ty(id),
        }
    }
}

/// Nodes that are written as `<type>` when they are the whole input (`c++filt -t`).
fn is_type_root(n: &Node) -> bool {
    matches!(
        n,
        Node::Pointer(_)
            | Node::Reference { .. }
            | Node::Qualified { .. }
            | Node::PointerToMember { .. }
            | Node::Array { .. }
            | Node::Function { .. }
            | Node::VendorQualified { .. }
            | Node::PostfixQualified { .. }
            | Node::Vector { .. }
            | Node::BinaryFp(_)
            | Node::BitInt { .. }
            | Node::ParameterPackExpansion(_)
            | Node::Elaborated { .. }
            | Node::Transformed { .. }
            | Node::NvLambdaWrapper { .. }
    ) || matches!(n, Node::Builtin(_))
}
