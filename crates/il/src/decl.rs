//! Declaration-level facts of routines and variables: specifiers, CUDA attributes, execution
//! and memory spaces, linkage. Every query here reads only its item's *header*, so editing a
//! function body never re-runs them.
use syntax::{SyntaxKind, SyntaxKind::*, SyntaxNode};

use crate::IlDatabase;
use crate::cuda::{
    CudaAttrs, ExecSpace, MemorySpace, RoutineContext, execution_space, memory_space,
};
use crate::item::{Item, ItemKind};
use crate::lower::tokens_text;

/// The decl-specifiers that matter to the IL (EDG's storage class and routine flags).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Specifiers {
    pub is_static: bool,
    pub is_extern: bool,
    pub is_inline: bool,
    pub is_constexpr: bool,
    pub is_consteval: bool,
    pub is_virtual: bool,
    pub is_explicit: bool,
    pub is_friend: bool,
    pub is_thread_local: bool,
    pub is_mutable: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoutineDecl {
    pub specifiers: Specifiers,
    pub cuda: CudaAttrs,
    pub exec_space: ExecSpace,
    pub is_defaulted: bool,
    pub is_deleted: bool,
    pub is_pure: bool,
    /// Declared `override` or `final`: it overrides a base's virtual function, so it is
    /// virtual itself.
    pub overrides: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariableDecl {
    pub specifiers: Specifiers,
    pub cuda: CudaAttrs,
    pub memory_space: MemorySpace,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Linkage {
    External,
    Internal,
    None,
}

#[salsa::tracked(returns(ref))]
pub fn routine_decl<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> RoutineDecl {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let (specifiers, cuda) = declaration_facts(&header, item.name_text(db));
    let defaulted_body = header.descendants().find(|n| n.kind() == DEFAULTED_BODY);
    let has = |k: SyntaxKind| {
        defaulted_body
            .as_ref()
            .is_some_and(|b| b.children_with_tokens().any(|t| t.kind() == k))
    };
    let is_defaulted = has(DEFAULT_KW);
    let is_member = item
        .parent(db)
        .is_some_and(|p| p.kind(db) != ItemKind::Namespace);
    let relaxed_constexpr =
        base_db::Options::try_get(db).is_some_and(|o| o.compile(db).relaxed_constexpr);
    let cx = RoutineContext {
        is_constexpr: specifiers.is_constexpr || specifiers.is_consteval,
        relaxed_constexpr,
        is_implicit_or_defaulted_member: is_defaulted && is_member,
        enclosing: None,
    };
    RoutineDecl {
        exec_space: execution_space(&cuda, cx),
        is_defaulted,
        is_deleted: has(DELETE_KW),
        is_pure: header.descendants().any(|n| n.kind() == PURE_SPEC),
        overrides: header
            .descendants()
            .filter(|n| n.kind() == FUNCTION_SUFFIX)
            .flat_map(|f| f.children_with_tokens())
            .any(|t| t.kind() == IDENT && matches!(t.to_string().as_str(), "override" | "final")),
        specifiers,
        cuda,
    }
}

#[salsa::tracked(returns(ref))]
pub fn variable_decl<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> VariableDecl {
    let header = SyntaxNode::new_root(item.header(db).clone());
    let (specifiers, cuda) = declaration_facts(&header, item.name_text(db));
    VariableDecl {
        memory_space: memory_space(&cuda),
        specifiers,
        cuda,
    }
}

/// Whether a variable's own type is `const` (which gives it internal linkage at namespace
/// scope): the pointer operator nearest its name decides (`int *const q` is const, `const int
/// *p` is not, nor is a reference); without one, the decl-specifiers do (`const int n`, `const
/// int a[2]`).
fn declares_const_object(db: &dyn IlDatabase, item: Item<'_>, header: &SyntaxNode) -> bool {
    let specifier_const = header.children_with_tokens().any(|t| t.kind() == CONST_KW);
    let Some(declarator) = crate::resolve::item_declarator(db, item, header) else {
        return specifier_const;
    };
    // The declarator that holds the name, then its enclosing (parenthesized) ones.
    let holder = declarator
        .descendants()
        .filter(|d| d.kind() == DECLARATOR)
        .filter(|d| d.children().any(|n| n.kind() == NAME_REF))
        .last()
        .unwrap_or(declarator.clone());
    for level in holder.ancestors().take_while(|n| n.kind() == DECLARATOR) {
        if let Some(nearest) = level.children().filter(|n| n.kind() == PTR_OP).last() {
            return nearest.children_with_tokens().any(|t| t.kind() == CONST_KW);
        }
    }
    specifier_const
}

/// The linkage of a namespace-scope or member entity (C++ [basic.link]): internal for `static`
/// at namespace scope, for namespace-scope `const` variables that are neither `extern` nor
/// `inline`, and for everything inside an unnamed namespace; members share their class's.
#[salsa::tracked]
pub fn linkage<'db>(db: &'db dyn IlDatabase, item: Item<'db>) -> Linkage {
    // An unnamed namespace, and everything in one, has internal linkage (C++11).
    let mut ancestor = Some(item);
    while let Some(scope) = ancestor {
        if scope.kind(db) == ItemKind::Namespace && scope.name(db).is_none() {
            return Linkage::Internal;
        }
        ancestor = scope.parent(db);
    }
    let at_namespace_scope = item
        .parent(db)
        .is_none_or(|p| p.kind(db) == ItemKind::Namespace);
    match item.kind(db) {
        ItemKind::Routine | ItemKind::FunctionTemplate => {
            let s = &routine_decl(db, item).specifiers;
            if at_namespace_scope && s.is_static {
                Linkage::Internal
            } else {
                Linkage::External
            }
        }
        ItemKind::Variable | ItemKind::VariableTemplate => {
            let s = &variable_decl(db, item).specifiers;
            let header = SyntaxNode::new_root(item.header(db).clone());
            let is_const = s.is_constexpr || declares_const_object(db, item, &header);
            if at_namespace_scope && (s.is_static || (is_const && !s.is_extern && !s.is_inline)) {
                Linkage::Internal
            } else {
                Linkage::External
            }
        }
        ItemKind::Field
        | ItemKind::NamespaceAlias
        | ItemKind::UsingDeclaration
        | ItemKind::UsingDirective
        | ItemKind::StaticAssert
        | ItemKind::Asm
        | ItemKind::ExplicitInstantiation => Linkage::None,
        _ => Linkage::External,
    }
}

/// Whether `item` is declared by a `friend` declaration (`friend void f();`, `friend struct G;`):
/// such an entity belongs to the innermost enclosing namespace, not to the befriending class.
pub fn is_friend(db: &dyn IlDatabase, item: Item<'_>) -> bool {
    match item.kind(db) {
        // (Memoized with the routine's other facts.)
        ItemKind::Routine | ItemKind::FunctionTemplate => {
            routine_decl(db, item).specifiers.is_friend
        }
        ItemKind::Class | ItemKind::Struct | ItemKind::Union | ItemKind::ClassTemplate => {
            // Only a declaration without body can be a friend class declaration here.
            item.body(db).is_none() && {
                let header = SyntaxNode::new_root(item.header(db).clone());
                declaration_facts(&header, item.name_text(db)).0.is_friend
            }
        }
        _ => false,
    }
}

/// Specifiers and CUDA attributes of a declaration header. Attributes count where they apply to
/// the declared entity: among the decl-specifiers, or on the declarator of `name` (not on
/// parameters, not inside a class body that is part of the declaration).
/// The specifiers and CUDA attributes of one declaration (a template's header is unwrapped);
/// with `name`, only the declarators that declare it contribute their attributes. Shared by
/// every consumer that asks what a declaration says (the queries above, the host code
/// generator), so there is one reading of decl-specifiers.
pub fn declaration_facts(header: &SyntaxNode, name: Option<&str>) -> (Specifiers, CudaAttrs) {
    let mut s = Specifiers::default();
    let mut cuda = CudaAttrs::default();
    // A template's header wraps the declaration.
    let decl = crate::resolve::declaration_of(header.clone());
    for element in decl.children_with_tokens() {
        match element.kind() {
            STATIC_KW => s.is_static = true,
            EXTERN_KW => s.is_extern = true,
            INLINE_KW => s.is_inline = true,
            CONSTEXPR_KW => s.is_constexpr = true,
            CONSTEVAL_KW => s.is_consteval = true,
            VIRTUAL_KW => s.is_virtual = true,
            EXPLICIT_KW => s.is_explicit = true,
            FRIEND_KW => s.is_friend = true,
            THREAD_LOCAL_KW => s.is_thread_local = true,
            MUTABLE_KW => s.is_mutable = true,
            // `__inline__` from `__forceinline__` is lexed as an identifier or keyword
            // depending on the lexer; both count.
            IDENT
                if element
                    .as_token()
                    .is_some_and(|t| t.text() == "__inline__" || t.text() == "__inline") =>
            {
                s.is_inline = true
            }
            ATTRIBUTE_SPEC => add_attributes(element.as_node().unwrap(), &mut cuda),
            INIT_DECLARATOR | DECLARATOR => {
                let node = element.as_node().unwrap();
                let declarator = if node.kind() == DECLARATOR {
                    Some(node.clone())
                } else {
                    node.children().find(|n| n.kind() == DECLARATOR)
                };
                let Some(declarator) = declarator else {
                    continue;
                };
                if node.kind() == INIT_DECLARATOR && !declares(&declarator, name) {
                    continue;
                }
                // The attributes of the declarator, not of its parameters: none when the
                // declarator itself lies in a parameter list, else those not below one (the
                // parameters are most of a declarator's nodes, so their subtrees are skipped).
                if declarator.ancestors().any(|a| a.kind() == PARAM_LIST) {
                    continue;
                }
                for spec in syntax::descendants_pruned(&declarator, |k| k == PARAM_LIST)
                    .filter(|n| n.kind() == ATTRIBUTE_SPEC)
                {
                    add_attributes(&spec, &mut cuda);
                }
            }
            _ => {}
        }
    }
    (s, cuda)
}

/// Whether a declaration header says `constexpr` or `consteval`: what
/// [`declaration_facts`] reads into `is_constexpr` and `is_consteval`, without the rest (for
/// scans over every routine of a unit).
pub fn says_constexpr(header: &SyntaxNode) -> bool {
    crate::resolve::declaration_of(header.clone())
        .children_with_tokens()
        .any(|t| matches!(t.kind(), CONSTEXPR_KW | CONSTEVAL_KW))
}

fn declares(declarator: &SyntaxNode, name: Option<&str>) -> bool {
    let Some(name) = name else { return true };
    declarator
        .descendants()
        .filter(|n| {
            matches!(
                n.kind(),
                NAME_REF | QUALIFIED_NAME | OPERATOR_NAME | DESTRUCTOR_NAME
            )
        })
        .filter(|n| !n.ancestors().any(|a| a.kind() == PARAM_LIST))
        .any(|n| {
            tokens_text(&n) == name
                || n.children_with_tokens()
                    .any(|t| t.kind() == IDENT && t.to_string() == name)
        })
}

fn add_attributes(spec: &SyntaxNode, cuda: &mut CudaAttrs) {
    for attr in spec.children().filter(|n| n.kind() == ATTRIBUTE) {
        let Some(name) = attr
            .children_with_tokens()
            .find(|t| t.kind() == IDENT || t.kind().is_keyword())
        else {
            continue;
        };
        let args: Vec<String> = attr
            .children()
            .find(|n| n.kind() == ATTRIBUTE_ARGS)
            .map(|a| split_args(&a))
            .unwrap_or_default();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        cuda.add(&name.to_string(), &args);
    }
}

/// The arguments of `(a, f(b, c))` split at top-level commas, trivia-free.
fn split_args(args: &SyntaxNode) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0i32;
    for element in args.descendants_with_tokens() {
        let Some(token) = element.as_token() else {
            continue;
        };
        match token.kind() {
            L_PAREN | L_BRACK | L_CURLY => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            R_PAREN | R_BRACK | R_CURLY => {
                depth -= 1;
                if depth == 0 {
                    continue;
                }
            }
            COMMA if depth == 1 => {
                out.push(String::new());
                continue;
            }
            k if k.is_trivia() => continue,
            _ => {}
        }
        out.last_mut().unwrap().push_str(token.text());
    }
    if out.len() == 1 && out[0].is_empty() {
        Vec::new()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;
    use crate::scope::all_items;
    use crate::test_db::TestDb;

    #[test]
    fn spaces_and_linkage() {
        let (db, file) = TestDb::with_file(
            r#"
__attribute__((global)) void __attribute__((launch_bounds(256, 2))) k(const __attribute__((grid_constant)) int p) {}
__attribute__((host)) __attribute__((device)) int hd() { return 0; }
__attribute__((device)) __inline__ __attribute__((always_inline)) int fi() { return 1; }
static int helper(int);
constexpr int cx() { return 1; }
__attribute__((device)) int dv; __attribute__((constant)) int cv; __attribute__((managed)) __attribute__((device)) int mv;
const int limit = 4;
constexpr int tile = 16; const int *to_const; int *const const_ptr = 0; const int &ref = limit;
const int table[2] = {}; const int (*ptr_to_array)[2]; extern const int shared_limit;
namespace { int hidden; }
struct S { S() = default; __attribute__((device)) void m(); static int count; };
"#,
        );
        let mut out = String::new();
        for item in all_items(&db, file) {
            let line = match item.kind(&db) {
                ItemKind::Routine => {
                    let r = routine_decl(&db, item);
                    let lb = r
                        .cuda
                        .launch_bounds
                        .as_ref()
                        .map_or(String::new(), |b| format!(" launch_bounds{b:?}"));
                    let inline = if r.specifiers.is_inline {
                        " inline"
                    } else {
                        ""
                    };
                    format!("{}{inline}{lb}", r.exec_space.describe())
                }
                ItemKind::Variable => format!("{:?}", variable_decl(&db, item).memory_space),
                _ => String::new(),
            };
            out.push_str(&format!(
                "{} {:?}: {} {:?}\n",
                item.qualified_name(&db),
                item.kind(&db),
                line.trim_end(),
                linkage(&db, item)
            ));
        }
        expect![[r#"
            k Routine: __global__ launch_bounds["256", "2"] External
            hd Routine: __host__ __device__ External
            fi Routine: __device__ inline External
            helper Routine: __host__ Internal
            cx Routine: __host__ External
            dv Variable: Device External
            cv Variable: Constant External
            mv Variable: Managed External
            limit Variable: Host Internal
            tile Variable: Host Internal
            to_const Variable: Host External
            const_ptr Variable: Host Internal
            ref Variable: Host External
            table Variable: Host Internal
            ptr_to_array Variable: Host External
            shared_limit Variable: Host External
            (anonymous namespace) Namespace:  Internal
            (anonymous namespace)::hidden Variable: Host Internal
            S Struct:  External
            S::S Routine: __host__ __device__ External
            S::m Routine: __device__ External
            S::count Variable: Host External
        "#]]
        .assert_eq(&out);
    }
}
