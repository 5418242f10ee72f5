//! The mangler's differential corpus: C++ declarations, each paired with the AST the mangler
//! must turn into the symbol g++ emits for it.
//!
//! Each declaration carries a unique identifier `u<n>z` in its name, so the symbol g++ emits
//! for it can be found in the symbol table (`cargo xtask mangle-expect`), and the committed
//! `test_data/mangle/gxx_expect.tsv` (id -> symbol) lets `cargo test` check the mangler
//! without g++. The types of free functions are printed from their AST by our own printer
//! (the `llvm` dialect is valid C++ for them), so source and AST cannot drift apart.

use mangle::ast::{Ast, Cv, List, Node, NodeId, RefKind, RefQual, Special, SpecialSub, Str};

pub struct Decl {
    /// `u<n>z`, with a `/suffix` for the several symbols of one C++ entity.
    pub id: String,
    pub root: NodeId,
}

impl Decl {
    /// The identifier that appears in the symbol.
    pub fn ident(&self) -> &str {
        self.id.split('/').next().unwrap_or(&self.id)
    }
}

/// The whole corpus: the C++ translation unit and the declarations in it, all in one arena.
pub struct Corpus {
    pub cpp: String,
    pub ast: Ast,
    pub decls: Vec<Decl>,
}

struct B {
    ast: Ast,
}

impl B {
    fn n(&mut self, node: Node) -> NodeId {
        self.ast.alloc(node)
    }
    fn name(&mut self, s: &str) -> NodeId {
        let s = self.ast.alloc_str(s);
        self.n(Node::Name(s))
    }
    fn builtin(&mut self, s: &'static str) -> NodeId {
        self.n(Node::Builtin(s))
    }
    fn list(&mut self, items: &[NodeId]) -> List {
        self.ast.alloc_list(items)
    }
    fn nested(&mut self, path: &[&str]) -> NodeId {
        let mut cur = self.name(path[0]);
        for p in &path[1..] {
            let name = self.name(p);
            cur = self.n(Node::Nested { qual: cur, name });
        }
        cur
    }
    fn ptr(&mut self, t: NodeId) -> NodeId {
        self.n(Node::Pointer(t))
    }
    fn cv(&mut self, t: NodeId, konst: bool, volatile: bool) -> NodeId {
        self.n(Node::Qualified {
            child: t,
            cv: Cv {
                konst,
                volatile,
                restrict: false,
            },
        })
    }
    fn lref(&mut self, t: NodeId) -> NodeId {
        self.n(Node::Reference {
            child: t,
            kind: RefKind::LValue,
        })
    }
    fn rref(&mut self, t: NodeId) -> NodeId {
        self.n(Node::Reference {
            child: t,
            kind: RefKind::RValue,
        })
    }
    fn targs(&mut self, args: Vec<NodeId>) -> NodeId {
        let args = self.list(&args);
        self.n(Node::TemplateArgs {
            args,
            requires: None,
        })
    }
    fn inst(&mut self, name: NodeId, args: Vec<NodeId>) -> NodeId {
        let args = self.targs(args);
        self.n(Node::NameWithTemplateArgs { name, args })
    }
    fn func(&mut self, ret: NodeId, params: Vec<NodeId>) -> NodeId {
        let params = self.list(&params);
        self.n(Node::Function {
            ret,
            params,
            cv: Cv::default(),
            ref_qual: RefQual::None,
            exception: None,
        })
    }
    fn int_lit(&mut self, code: &str, v: i64) -> NodeId {
        let value = if v < 0 {
            format!("n{}", -v)
        } else {
            v.to_string()
        };
        let ty = self.ast.alloc_str(code);
        let value = self.ast.alloc_str(&value);
        self.n(Node::IntegerLiteral { ty, value })
    }
    fn encoding(&mut self, name: NodeId, params: Vec<NodeId>) -> NodeId {
        let params = self.list(&params);
        self.n(Node::FunctionEncoding {
            ret: None,
            name,
            params,
            attrs: None,
            requires: None,
            cv: Cv::default(),
            ref_qual: RefQual::None,
        })
    }
    fn print(&self, id: NodeId) -> String {
        let parsed = demangle::Parsed {
            ast: self.ast.clone(),
            root: id,
        };
        demangle::print(
            &parsed,
            &demangle::DemangleOptions {
                style: demangle::Style::Llvm,
                params: true,
                types: true,
            },
        )
        .unwrap()
    }
}

/// The C++ prelude: the classes and templates the generated declarations use.
const PRELUDE: &str = r#"
#include <string>
#include <memory>
#include <iosfwd>
struct A { int x; int f(int); };
struct Bb {};
namespace ns { struct C {}; struct D {}; namespace inner { struct E {}; } template<class T> struct Box {}; enum Color { red, green }; }
template<class T> struct Tpl {};
template<class T, class U> struct Pair {};
template<int N> struct IntT {};
template<bool B> struct BoolT {};
enum Plain { p0, p1 };
"#;

/// Builds one type of the pool: its AST (C++ spelling comes from printing it).
fn type_pool(b: &mut B) -> Vec<NodeId> {
    let mut pool = Vec::new();
    for builtin in [
        "int",
        "char",
        "signed char",
        "unsigned char",
        "short",
        "unsigned short",
        "unsigned int",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "bool",
        "float",
        "double",
        "long double",
        "wchar_t",
        "char16_t",
        "char32_t",
        "char8_t",
        "__int128",
        "unsigned __int128",
        "std::nullptr_t",
    ] {
        pool.push(b.builtin(builtin));
    }
    let a = b.name("A");
    let bb = b.name("Bb");
    let c = b.nested(&["ns", "C"]);
    let d = b.nested(&["ns", "D"]);
    let e = b.nested(&["ns", "inner", "E"]);
    let color = b.nested(&["ns", "Color"]);
    let plain = b.name("Plain");
    let classes = [a, bb, c, d, e, color, plain];
    pool.extend(classes);
    let int = b.builtin("int");
    let chr = b.builtin("char");
    let void = b.builtin("void");
    let dbl = b.builtin("double");
    // Pointers, references and cv-qualification.
    for &t in &[int, chr, a, c, e, dbl] {
        let p = b.ptr(t);
        pool.push(p);
        let ct = b.cv(t, true, false);
        let pc = b.ptr(ct);
        pool.push(pc);
        let vt = b.cv(t, false, true);
        let pv = b.ptr(vt);
        pool.push(pv);
        let cvt = b.cv(t, true, true);
        let pcv = b.ptr(cvt);
        pool.push(pcv);
        let r = b.lref(t);
        pool.push(r);
        let rc = b.lref(ct);
        pool.push(rc);
        let rr = b.rref(t);
        pool.push(rr);
        let pp = b.ptr(p);
        pool.push(pp);
        let cp = b.cv(p, true, false);
        let pcp = b.ptr(cp);
        pool.push(pcp);
    }
    // Arrays and pointers to arrays.
    for n in ["3", "10", "16"] {
        let dim = b.name(n);
        let arr = b.n(Node::Array {
            base: int,
            dim: Some(dim),
        });
        let parr = b.ptr(arr);
        pool.push(parr);
        let rarr = b.lref(arr);
        pool.push(rarr);
        let arr2 = b.n(Node::Array {
            base: arr,
            dim: Some(dim),
        });
        let parr2 = b.ptr(arr2);
        pool.push(parr2);
    }
    // Function pointers and references.
    for (ret, params) in [
        (void, vec![]),
        (int, vec![int]),
        (chr, vec![int, dbl]),
        (void, vec![a, c]),
        (a, vec![a]),
    ] {
        let f = b.func(ret, params);
        let pf = b.ptr(f);
        pool.push(pf);
        let rf = b.lref(f);
        pool.push(rf);
        let ppf = b.ptr(pf);
        pool.push(ppf);
    }
    // Pointers to members.
    for &cls in &[a, c] {
        let m = b.n(Node::PointerToMember {
            class: cls,
            member: int,
        });
        pool.push(m);
        let f = b.func(int, vec![int]);
        let mf = b.n(Node::PointerToMember {
            class: cls,
            member: f,
        });
        pool.push(mf);
        let params_list = b.list(&[]);
        let fc = b.n(Node::Function {
            ret: void,
            params: params_list,
            cv: Cv {
                konst: true,
                ..Cv::default()
            },
            ref_qual: RefQual::None,
            exception: None,
        });
        let mfc = b.n(Node::PointerToMember {
            class: cls,
            member: fc,
        });
        pool.push(mfc);
    }
    // Templates and the std abbreviations.
    let tpl = b.name("Tpl");
    let pair = b.name("Pair");
    let boxn = b.nested(&["ns", "Box"]);
    for &t in &[int, a, c, e] {
        let ti = b.inst(tpl, vec![t]);
        pool.push(ti);
        let pti = b.ptr(ti);
        pool.push(pti);
        let bi = b.inst(boxn, vec![t]);
        pool.push(bi);
        let pr = b.inst(pair, vec![t, ti]);
        pool.push(pr);
        let tt = b.inst(tpl, vec![ti]);
        pool.push(tt);
    }
    let intt = b.name("IntT");
    for v in [0, 7, -3, 1000] {
        let lit = b.int_lit("i", v);
        let it = b.inst(intt, vec![lit]);
        pool.push(it);
    }
    let boolt = b.name("BoolT");
    for v in [false, true] {
        let lit = b.n(Node::Bool(v));
        let it = b.inst(boolt, vec![lit]);
        pool.push(it);
    }
    // std::string under the C++11 ABI: std::__cxx11::basic_string<char, ...>.
    let char_traits = b.nested(&["std", "char_traits"]);
    let traits = b.inst(char_traits, vec![chr]);
    let alloc = b.n(Node::SpecialSubstitution(SpecialSub::Allocator));
    let alloc_char = b.inst(alloc, vec![chr]);
    let basic_string = b.nested(&["std", "__cxx11", "basic_string"]);
    let std_string = b.inst(basic_string, vec![chr, traits, alloc_char]);
    pool.push(std_string);
    let rs = b.lref(std_string);
    let crs = b.cv(std_string, true, false);
    let rcrs = b.lref(crs);
    pool.push(rs);
    pool.push(rcrs);
    let std = b.name("std");
    let unique = b.name("unique_ptr");
    let unique = b.n(Node::Nested {
        qual: std,
        name: unique,
    });
    let deleter = b.name("default_delete");
    let deleter = b.n(Node::Nested {
        qual: std,
        name: deleter,
    });
    for &t in &[int, a, c] {
        let del = b.inst(deleter, vec![t]);
        let up = b.inst(unique, vec![t, del]);
        pool.push(up);
    }
    let ai = b.inst(alloc, vec![int]);
    pool.push(ai);
    let ostream = b.n(Node::SpecialSubstitution(SpecialSub::OStream));
    let ros = b.lref(ostream);
    pool.push(ros);
    let istream = b.n(Node::SpecialSubstitution(SpecialSub::IStream));
    let ris = b.lref(istream);
    pool.push(ris);
    pool
}

pub fn corpus() -> Corpus {
    let mut cpp = String::from(PRELUDE);
    let mut decls = Vec::new();
    let mut next_id = 0usize;
    let mut fresh = || {
        next_id += 1;
        format!("u{next_id}z")
    };
    let mut b = B { ast: Ast::new() };
    let pool = type_pool(&mut b);
    let spelled: Vec<String> = pool.iter().map(|&t| b.print(t)).collect();

    // 1. Free functions over one, two and three parameters, at global scope and in namespaces:
    // builtin codes, qualifiers, declarators, and substitutions of repeated components.
    let scopes: [&[&str]; 3] = [&[], &["ns"], &["ns", "inner"]];
    let n = pool.len();
    let mut k = 0usize;
    for i in 0..n {
        for j in [0, 1, 2, 5, 9, 17, 33, 47, 61, 77, 89, 101] {
            let j = (i + j) % n;
            let scope = scopes[k % scopes.len()];
            k += 1;
            let id = fresh();
            let mut path: Vec<&str> = scope.to_vec();
            path.push(&id);
            let name = b.nested(&path);
            let params = if k.is_multiple_of(3) {
                vec![pool[i], pool[j], pool[i]]
            } else {
                vec![pool[i], pool[j]]
            };
            let root = b.encoding(name, params.clone());
            let sig: Vec<String> = params
                .iter()
                .map(|p| spelled[pool.iter().position(|q| q == p).unwrap()].clone())
                .collect();
            let open: String = scope.iter().map(|s| format!("namespace {s} {{ ")).collect();
            let close: String = scope.iter().map(|_| "} ").collect();
            cpp += &format!("{open}void {id}({}) {{}} {close}\n", sig.join(", "));
            decls.push(Decl { id, root });
        }
    }

    // 2. Function templates: return types, `T_`/`T0_`, template-args substitution.
    let int = b.builtin("int");
    let a = b.name("A");
    let c = b.nested(&["ns", "C"]);
    for (ti, &targ) in [int, a, c, pool[30 % n], pool[45 % n]].iter().enumerate() {
        let targ_spelled = b.print(targ);
        // template<class T> T* u(T, T const&)
        let id = fresh();
        let name = b.name(&id);
        let name = b.inst(name, vec![targ]);
        let t0 = b.n(Node::TemplateParam {
            level: 0,
            index: 0,
            resolved: Some(targ),
        });
        let pt = b.ptr(t0);
        let ct = b.cv(t0, true, false);
        let rct = b.lref(ct);
        let params_list = b.list(&[t0, rct]);
        let root = b.n(Node::FunctionEncoding {
            ret: Some(pt),
            name,
            params: params_list,
            attrs: None,
            requires: None,
            cv: Cv::default(),
            ref_qual: RefQual::None,
        });
        cpp += &format!(
            "template<class T> T* {id}(T, T const&) {{ return nullptr; }}\ntemplate {targ_spelled}* {id}<{targ_spelled}>({targ_spelled}, {targ_spelled} const&);\n"
        );
        decls.push(Decl { id, root });
        // template<class T, class U> void u(U, T*, Tpl<U>)
        let id = fresh();
        let name = b.name(&id);
        let second = pool[(ti * 7 + 3) % n];
        let second_spelled = b.print(second);
        let name = b.inst(name, vec![targ, second]);
        let void = b.builtin("void");
        let t1 = b.n(Node::TemplateParam {
            level: 0,
            index: 1,
            resolved: Some(second),
        });
        let tpl = b.name("Tpl");
        let tplu = b.inst(tpl, vec![t1]);
        let params_list = b.list(&[t1, pt, tplu]);
        let root = b.n(Node::FunctionEncoding {
            ret: Some(void),
            name,
            params: params_list,
            attrs: None,
            requires: None,
            cv: Cv::default(),
            ref_qual: RefQual::None,
        });
        cpp += &format!(
            "template<class T, class U> void {id}(U, T*, Tpl<U>) {{}}\ntemplate void {id}<{targ_spelled}, {second_spelled}>({second_spelled}, {targ_spelled}*, Tpl<{second_spelled}>);\n"
        );
        decls.push(Decl { id, root });
    }

    // 3. Classes: ctors (C1/C2), dtors (D0/D1/D2), cv/ref-qualified members, operators,
    // conversion operators, vtables and typeinfo, static data members.
    let member_ops: &[(&str, &str, usize)] = &[
        ("+", "pl", 1),
        ("-", "mi", 1),
        ("*", "ml", 1),
        ("/", "dv", 1),
        ("%", "rm", 1),
        ("&", "an", 1),
        ("|", "or", 1),
        ("^", "eo", 1),
        ("=", "aS", 1),
        ("+=", "pL", 1),
        ("-=", "mI", 1),
        ("*=", "mL", 1),
        ("/=", "dV", 1),
        ("%=", "rM", 1),
        ("&=", "aN", 1),
        ("|=", "oR", 1),
        ("^=", "eO", 1),
        ("<<", "ls", 1),
        (">>", "rs", 1),
        ("<<=", "lS", 1),
        (">>=", "rS", 1),
        ("==", "eq", 1),
        ("!=", "ne", 1),
        ("<", "lt", 1),
        (">", "gt", 1),
        ("<=", "le", 1),
        (">=", "ge", 1),
        ("<=>", "ss", 1),
        ("!", "nt", 0),
        ("&&", "aa", 1),
        ("||", "oo", 1),
        ("++", "pp", 0),
        ("--", "mm", 0),
        (",", "cm", 1),
        ("->*", "pm", 1),
        ("->", "pt", 0),
        ("()", "cl", 1),
        ("[]", "ix", 1),
        ("~", "co", 0),
    ];
    for (ci, scope) in [&[][..], &["ns"][..], &["ns", "inner"][..]]
        .iter()
        .enumerate()
    {
        let cls_id = fresh();
        let mut path: Vec<&str> = scope.to_vec();
        path.push(&cls_id);
        let cls = b.nested(&path);
        let open: String = scope.iter().map(|s| format!("namespace {s} {{ ")).collect();
        let close: String = scope.iter().map(|_| "} ").collect();
        let mut body = String::new();
        let void = b.builtin("void");
        // Virtual destructor + key function: vtable, typeinfo, D0/D1/D2.
        body += &format!(
            "virtual ~{cls_id}(); virtual void key(); {cls_id}(); {cls_id}(int, {cls_id} const&); "
        );
        let mut out_of_line = format!(
            "{cls_id}::~{cls_id}() {{}} void {cls_id}::key() {{}} {cls_id}::{cls_id}() {{}} {cls_id}::{cls_id}(int, {cls_id} const&) {{}} "
        );
        for (variant, dtor) in [(0u8, true), (1, true), (2, true), (1, false), (2, false)] {
            let ctor = b.n(Node::CtorDtor {
                base: cls,
                dtor,
                variant,
                inherited: None,
            });
            let name = b.n(Node::Nested {
                qual: cls,
                name: ctor,
            });
            let root = b.encoding(name, vec![]);
            decls.push(Decl {
                id: format!("{cls_id}/{}{variant}", if dtor { 'D' } else { 'C' }),
                root,
            });
            if !dtor {
                let ccls = b.cv(cls, true, false);
                let rccls = b.lref(ccls);
                let root = b.encoding(name, vec![int, rccls]);
                decls.push(Decl {
                    id: format!("{cls_id}/C{variant}ir"),
                    root,
                });
            }
        }
        let key = b.name("key");
        let key = b.n(Node::Nested {
            qual: cls,
            name: key,
        });
        let root = b.encoding(key, vec![]);
        decls.push(Decl {
            id: format!("{cls_id}/key"),
            root,
        });
        for (kind, tag) in [
            (Special::VTable, "TV"),
            (Special::TypeInfo, "TI"),
            (Special::TypeInfoName, "TS"),
        ] {
            let root = b.n(Node::SpecialName {
                kind,
                child: cls,
                extra: Str::EMPTY,
            });
            decls.push(Decl {
                id: format!("{cls_id}/{tag}"),
                root,
            });
        }
        // Operators as members.
        for (oi, (sym, code, arity)) in member_ops.iter().enumerate() {
            let op = Node::Operator(op_ref(code));
            let opn = b.n(op);
            let name = b.n(Node::Nested {
                qual: cls,
                name: opn,
            });
            let param = pool[(oi * 5 + ci) % n];
            let params = if *arity == 1 { vec![param] } else { vec![] };
            let root = b.encoding(name, params.clone());
            let sig = params
                .iter()
                .map(|&p| b.print(p))
                .collect::<Vec<_>>()
                .join(", ");
            let ret = if *sym == "->" {
                format!("{cls_id}*")
            } else {
                "void".into()
            };
            let body_ret = if *sym == "->" { "return this;" } else { "" };
            body += &format!("{ret} operator{sym}({sig}); ");
            out_of_line += &format!("{ret} {cls_id}::operator{sym}({sig}) {{ {body_ret} }} ");
            decls.push(Decl {
                id: format!("{cls_id}/op{code}"),
                root,
            });
        }
        // Conversion operators and qualified members.
        let chr = b.builtin("char");
        let pchr = b.ptr(chr);
        for (ti, &t) in [int, a, pchr].iter().enumerate() {
            let conv = b.n(Node::ConversionOperator(t));
            let name = b.n(Node::Nested {
                qual: cls,
                name: conv,
            });
            let params_list = b.list(&[]);
            let root = b.n(Node::FunctionEncoding {
                ret: None,
                name,
                params: params_list,
                attrs: None,
                requires: None,
                cv: Cv {
                    konst: true,
                    ..Cv::default()
                },
                ref_qual: RefQual::None,
            });
            let spelled_t = b.print(t);
            body += &format!("operator {spelled_t}() const; ");
            out_of_line += &format!(
                "{cls_id}::operator {spelled_t}() const {{ return *({spelled_t}*)nullptr; }} "
            );
            decls.push(Decl {
                id: format!("{cls_id}/cv{ti}"),
                root,
            });
        }
        for (qi, (cv, rq, spell)) in [
            (
                Cv {
                    konst: true,
                    ..Cv::default()
                },
                RefQual::None,
                "const",
            ),
            (
                Cv {
                    volatile: true,
                    ..Cv::default()
                },
                RefQual::None,
                "volatile",
            ),
            (
                Cv {
                    konst: true,
                    volatile: true,
                    ..Cv::default()
                },
                RefQual::None,
                "const volatile",
            ),
            (Cv::default(), RefQual::LValue, "&"),
            (Cv::default(), RefQual::RValue, "&&"),
            (
                Cv {
                    konst: true,
                    ..Cv::default()
                },
                RefQual::LValue,
                "const &",
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let mname = format!("m{qi}");
            let m = b.name(&mname);
            let name = b.n(Node::Nested { qual: cls, name: m });
            let params_list = b.list(&[cls]);
            let root = b.n(Node::FunctionEncoding {
                ret: None,
                name,
                params: params_list,
                attrs: None,
                requires: None,
                cv,
                ref_qual: rq,
            });
            body += &format!("void {mname}({cls_id}) {spell}; ");
            out_of_line += &format!("void {cls_id}::{mname}({cls_id}) {spell} {{}} ");
            decls.push(Decl {
                id: format!("{cls_id}/{mname}"),
                root,
            });
        }
        // A static data member and a local static with a guard variable.
        let sd = b.name("sd");
        let sd = b.n(Node::Nested {
            qual: cls,
            name: sd,
        });
        decls.push(Decl {
            id: format!("{cls_id}/sd"),
            root: sd,
        });
        body += "static int sd; ";
        out_of_line += &format!("int {cls_id}::sd = 1; ");
        let _ = void;
        cpp += &format!("{open}struct {cls_id} {{ {body} }};\n{out_of_line}\n{close}\n");
    }

    // 4. Local names, discriminators, guard variables.
    cpp += "int* sink;\n";
    for i in 0..40 {
        let id = fresh();
        let fname = b.name(&id);
        let enc = b.encoding(fname, vec![]);
        let var = b.name("v");
        cpp += &format!(
            "int g{id}(); int* {id}() {{ static int v = g{id}(); {{ static int v = 2; sink = &v; }} {{ static int v = g{id}(); return &v; }} }}\n"
        );
        for (k, disc) in [(0, None), (1, Some(0)), (2, Some(1))] {
            let local = b.n(Node::Local {
                encoding: enc,
                entity: var,
                discriminator: disc,
            });
            decls.push(Decl {
                id: format!("{id}/local{k}"),
                root: local,
            });
            if k != 1 {
                let guard = b.n(Node::SpecialName {
                    kind: Special::GuardVariable,
                    child: local,
                    extra: Str::EMPTY,
                });
                decls.push(Decl {
                    id: format!("{id}/guard{k}"),
                    root: guard,
                });
            }
        }
        decls.push(Decl {
            id: id.clone(),
            root: enc,
        });
        let _ = i;
    }

    // 5. Lambdas as template arguments: closure types `Ul...E_` in local scopes.
    let callme = b.name("callme");
    cpp += "template<class F> void callme(F) {}\n";
    for i in 0..30 {
        let id = fresh();
        let fname = b.name(&id);
        let enc = b.encoding(fname, vec![]);
        let void = b.builtin("void");
        let param = pool[(i * 11) % n];
        let spelled_p = b.print(param);
        cpp += &format!(
            "void {id}() {{ callme([]({spelled_p}) {{}}); callme([](int, {spelled_p}) {{}}); }}\n"
        );
        for (count, params) in [(0u64, vec![param]), (1, vec![int, param])] {
            let template_params_list = b.list(&[]);
            let params = b.list(&params);
            let closure = b.n(Node::Closure {
                template_params: template_params_list,
                requires1: None,
                params,
                requires2: None,
                count,
            });
            let local = b.n(Node::Local {
                encoding: enc,
                entity: closure,
                discriminator: None,
            });
            let name = b.inst(callme, vec![local]);
            let t0 = b.n(Node::TemplateParam {
                level: 0,
                index: 0,
                resolved: Some(local),
            });
            let params_list = b.list(&[t0]);
            let root = b.n(Node::FunctionEncoding {
                ret: Some(void),
                name,
                params: params_list,
                attrs: None,
                requires: None,
                cv: Cv::default(),
                ref_qual: RefQual::None,
            });
            decls.push(Decl {
                id: format!("{id}/lambda{count}"),
                root,
            });
        }
    }

    // 6. ABI tags and thread-local wrappers.
    for i in 0..20 {
        let id = fresh();
        let fname = b.name(&id);
        let tag_text = b.ast.alloc_str(&format!("t{}", i % 3));
        let tagged = b.n(Node::AbiTagged {
            base: fname,
            tag: tag_text,
        });
        let root = b.encoding(tagged, vec![pool[i % n]]);
        let spelled_p = b.print(pool[i % n]);
        cpp += &format!(
            "__attribute__((abi_tag(\"t{}\"))) void {id}({spelled_p}) {{}}\n",
            i % 3
        );
        decls.push(Decl {
            id: id.clone(),
            root,
        });
        let tl = format!("{id}tl");
        let tln = b.name(&tl);
        cpp += &format!(
            "int g{tl}(); thread_local int {tl} = g{tl}(); int* use{tl}() {{ return &{tl}; }}\n"
        );
        for (kind, tag) in [(Special::TlsInit, "TH"), (Special::TlsWrapper, "TW")] {
            let root = b.n(Node::SpecialName {
                kind,
                child: tln,
                extra: Str::EMPTY,
            });
            decls.push(Decl {
                id: format!("{id}/{tag}"),
                root,
            });
        }
    }

    Corpus {
        cpp,
        ast: b.ast,
        decls,
    }
}

fn op_ref(code: &str) -> mangle::ast::OpRef {
    mangle::ast::OpRef::from_code(code).expect("operator code")
}
