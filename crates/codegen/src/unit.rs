//! The whole host translation unit: cudafe++'s prologue, the declarations' chunks in source
//! order (walking into namespaces and linkage blocks), and the trailer that includes the stub.
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use base_db::SourceFile;
use rowan::NodeOrToken;
use syntax::{SyntaxKind::*, SyntaxNode};

use crate::lambda_preamble::LambdaArities;
use crate::{ChunkContext, CodegenDatabase, DeclSyntax, decl_chunk};

/// The options of cudafe++'s command line that shape the host translation unit.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HostUnitConfig {
    /// `--orig_src_file_name`: the `.cu` as nvcc named it.
    pub orig_src_file_name: String,
    /// `--stub_file_name`: the stub cicc writes, included at the end.
    pub stub_file_name: String,
    /// The module id (see [`crate::module_id`]); the unnamed namespace is named after it.
    pub module_id: String,
    /// `--device-hidden-visibility`.
    pub hidden_visibility: bool,
    /// `--device-c`.
    pub device_c: bool,
    /// `--extended-lambda`.
    pub extended_lambda: bool,
    /// `--relaxed_constexpr`.
    pub relaxed_constexpr: bool,
    /// The include guards of the headers the unit read, except `crt/host_defines.h`'s
    /// ([`crate::include_guards`]).
    pub include_guards: Vec<String>,
}

impl HostUnitConfig {
    fn anonymous_namespace(&self) -> String {
        format!("_GLOBAL__N_{}", self.module_id)
    }

    /// What the chunks of the namespace `path` share (made once per namespace definition).
    fn chunk_context(
        &self,
        file: SourceFile,
        path: &str,
        in_unnamed: bool,
        redeclarations: &BTreeMap<String, Arc<[(String, String)]>>,
    ) -> ChunkContext {
        ChunkContext {
            hidden_visibility: self.hidden_visibility && !in_unnamed,
            device_c: self.device_c,
            relaxed_constexpr: self.relaxed_constexpr,
            extended_lambda: self.extended_lambda,
            constexpr_redeclarations: redeclarations
                .get(path)
                .cloned()
                .unwrap_or_else(|| Arc::from([])),
            namespace_path: Arc::from(path),
            file,
        }
    }
}

/// The `.cudafe1.cpp` text for `file` (a preprocessed translation unit without syntax errors).
pub fn host_translation_unit(
    db: &dyn CodegenDatabase,
    file: SourceFile,
    config: &HostUnitConfig,
) -> String {
    let root = base_db::parse(db, file).syntax_node();
    let mut out = String::with_capacity(file.text(db).len() + 4096);
    prologue(&mut out, config);
    let redeclarations = crate::redeclarations::constexpr_redeclarations(db, file);
    let scope = Scope {
        file,
        path: String::new(),
        in_unnamed: false,
        redeclarations,
        cx: config.chunk_context(file, "", false, redeclarations),
    };
    let mut lambdas = LambdaPreamble::default();
    walk_scope(db, &root, config, &scope, &mut out, &mut lambdas);
    if let Some(at) = lambdas.injection {
        insert_lambda_preamble(&mut out, at, &lambdas.arities);
    }
    trailer(&mut out, config);
    if config.device_c {
        crate::host_refs::write_arrays(db, file, &config.module_id, &mut out);
    }
    // Lines start at their first token, as in cudafe++'s regenerated text: the host
    // compiler's columns are that text's.
    crate::layout::dedent_lines(&out)
}

/// Where the walk is: the namespace path as [`crate::redeclarations`] spells it.
struct Scope<'a> {
    file: SourceFile,
    path: String,
    in_unnamed: bool,
    redeclarations: &'a BTreeMap<String, Arc<[(String, String)]>>,
    /// The context of this scope's chunks.
    cx: ChunkContext,
}

/// What the extended lambdas' helper templates need: where they go and how many captures the
/// unit's lambdas have ([`crate::lambda_preamble`]).
#[derive(Default)]
struct LambdaPreamble {
    /// The offset in the unit of `struct __nv_lambda_preheader_injection { };`.
    injection: Option<usize>,
    arities: LambdaArities,
}

/// Copies a scope's tokens and the chunks of its declarations.
fn walk_scope(
    db: &dyn CodegenDatabase,
    node: &SyntaxNode,
    config: &HostUnitConfig,
    scope: &Scope<'_>,
    out: &mut String,
    lambdas: &mut LambdaPreamble,
) {
    for element in node.children_with_tokens() {
        match element {
            NodeOrToken::Token(token) => out.push_str(token.text()),
            NodeOrToken::Node(node) => match node.kind() {
                NAMESPACE => namespace(db, &node, config, scope, out, lambdas),
                LINKAGE_SPEC | DECL_BLOCK if has_decl_block(&node) || node.kind() == DECL_BLOCK => {
                    walk_scope(db, &node, config, scope, out, lambdas)
                }
                _ => {
                    let text = &scope.file.text(db)[node.text_range()];
                    let decl = DeclSyntax::new(node.green().into_owned(), text);
                    if config.extended_lambda {
                        if lambdas.injection.is_none() && is_lambda_injection_point(&node) {
                            lambdas.injection = Some(out.len());
                        }
                        let arities =
                            crate::decl_lambda_arities(db, decl.clone(), scope.cx.clone());
                        lambdas.arities.device.extend(&arities.device);
                        lambdas.arities.host_device.extend(&arities.host_device);
                    }
                    out.push_str(decl_chunk(db, decl, scope.cx.clone()));
                }
            },
        }
    }
}

/// `struct __nv_lambda_preheader_injection { };`, which `cuda_runtime.h` declares with
/// `--extended-lambda` where cudafe++ writes the lambdas' helper templates.
fn is_lambda_injection_point(node: &SyntaxNode) -> bool {
    node.kind() == SIMPLE_DECLARATION
        && node.text().len() < syntax::TextSize::from(200)
        && node
            .children()
            .filter(|n| n.kind() == CLASS_SPECIFIER)
            .flat_map(|c| c.children().filter(|n| n.kind() == NAME_REF))
            .any(|n| n.text() == "__nv_lambda_preheader_injection")
}

/// Writes the helper templates at offset `at` of the unit, then a line marker that gives the
/// text after them its line again (the helpers hold `#define` lines of their own).
fn insert_lambda_preamble(out: &mut String, at: usize, arities: &LambdaArities) {
    let mut text = String::new();
    if !out[..at].ends_with('\n') && at > 0 {
        text.push('\n');
    }
    text.push_str(&crate::lambda_preamble::preamble(arities));
    if let Some(line) = presumed_line(&out[..at]) {
        writeln!(text, "# {line}").unwrap();
    }
    out.insert_str(at, &text);
}

/// The line the preprocessor's markers give the text right after `before` (the start of a
/// line or within one): the last `# <line> ...` marker's line plus the newlines after it.
fn presumed_line(before: &str) -> Option<usize> {
    let mut newlines = 0;
    let mut rest = before;
    // A partial last line (the text at `at` does not start a line) counts as that line.
    if let Some(end) = rest.rfind('\n') {
        rest = &rest[..end];
    } else {
        return None;
    }
    loop {
        let (head, line) = match rest.rfind('\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => ("", rest),
        };
        if let Some(marker) = line.strip_prefix("# ")
            && let Some(number) = marker.split_whitespace().next()
            && let Ok(number) = number.parse::<usize>()
        {
            return Some(number + newlines);
        }
        if head.is_empty() && line.len() == rest.len() {
            return None;
        }
        newlines += 1;
        rest = head;
    }
}

fn has_decl_block(node: &SyntaxNode) -> bool {
    node.children().any(|n| n.kind() == DECL_BLOCK)
}

/// A namespace definition. cudafe++ names the unnamed namespace after the module id, hidden,
/// and makes its members visible with a using-directive written before it: the stub refers to
/// them as `_NV_ANON_NAMESPACE::name`.
fn namespace(
    db: &dyn CodegenDatabase,
    node: &SyntaxNode,
    config: &HostUnitConfig,
    scope: &Scope<'_>,
    out: &mut String,
    lambdas: &mut LambdaPreamble,
) {
    let name: Vec<String> = node
        .children_with_tokens()
        .filter(|t| matches!(t.kind(), IDENT | QUALIFIED_NAME | NAME_REF))
        .map(|t| t.to_string())
        .collect();
    let is_unnamed = name.is_empty();
    let segment = if is_unnamed {
        "<unnamed>".to_string()
    } else {
        name.join("::")
    };
    let path = if scope.path.is_empty() {
        segment
    } else {
        format!("{}::{segment}", scope.path)
    };
    let in_unnamed = scope.in_unnamed || is_unnamed;
    let inner = Scope {
        file: scope.file,
        cx: config.chunk_context(scope.file, &path, in_unnamed, scope.redeclarations),
        path,
        in_unnamed,
        redeclarations: scope.redeclarations,
    };
    if is_unnamed {
        let name = config.anonymous_namespace();
        write!(
            out,
            "namespace {name} __attribute__((visibility(\"hidden\"))) {{ }} using namespace {name}; "
        )
        .unwrap();
    }
    for element in node.children_with_tokens() {
        match element {
            NodeOrToken::Token(token) => {
                out.push_str(token.text());
                if is_unnamed && token.kind() == NAMESPACE_KW {
                    write!(
                        out,
                        " {} __attribute__((visibility(\"hidden\")))",
                        config.anonymous_namespace()
                    )
                    .unwrap();
                }
            }
            NodeOrToken::Node(child) if child.kind() == DECL_BLOCK => {
                walk_scope(db, &child, config, &inner, out, lambdas)
            }
            NodeOrToken::Node(child) => crate::green::push_text(child.green().as_ref(), out),
        }
    }
}

/// cudafe++'s prologue for a GNU host compiler (gcc 12, C++ mode), line for line.
fn prologue(out: &mut String, config: &HostUnitConfig) {
    let file = &config.orig_src_file_name;
    writeln!(out, "# 1 \"{file}\"").unwrap();
    out.push_str(
        "#pragma GCC diagnostic ignored \"-Wunused-local-typedefs\"\n\
         # 1\n\n\
         #pragma GCC diagnostic ignored \"-Wattributes\"\n\
         #pragma GCC diagnostic push\n\
         # 1\n\
         #pragma GCC diagnostic ignored \"-Wunused-variable\"\n\
         # 1\n\
         #pragma GCC diagnostic ignored \"-Wunused-function\"\n\
         # 1\n\
         static char __nv_inited_managed_rt = 0; static void **__nv_fatbinhandle_for_managed_rt; \
         static void __nv_save_fatbinhandle_for_managed_rt(void **in){__nv_fatbinhandle_for_managed_rt = in;} \
         static char __nv_init_managed_rt_with_module(void **); \
         static inline void __nv_init_managed_rt(void) { __nv_inited_managed_rt = (__nv_inited_managed_rt ? __nv_inited_managed_rt                 : __nv_init_managed_rt_with_module(__nv_fatbinhandle_for_managed_rt));}\n\
         # 1\n\
         #pragma GCC diagnostic pop\n\
         # 1\n\
         #pragma GCC diagnostic ignored \"-Wunused-variable\"\n\n\
         # 1\n",
    );
    if !config.extended_lambda {
        out.push_str(
            "#define __nv_is_extended_device_lambda_closure_type(X) false\n\
             #define __nv_is_extended_host_device_lambda_closure_type(X) false\n\
             #define __nv_is_extended_device_lambda_with_preserved_return_type(X) false\n",
        );
    }
    out.push_str(
        "#if defined(__nv_is_extended_device_lambda_closure_type) && defined(__nv_is_extended_host_device_lambda_closure_type)&& defined(__nv_is_extended_device_lambda_with_preserved_return_type)\n\
         #endif\n\n\
         # 1\n",
    );
}

/// Names the unnamed namespace for the stub and includes it.
fn trailer(out: &mut String, config: &HostUnitConfig) {
    let stub = &config.stub_file_name;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    write!(
        out,
        "\n# 1 \"{stub}\"\n#define _NV_ANON_NAMESPACE {}\n#ifdef _NV_ANON_NAMESPACE\n#endif\n",
        config.anonymous_namespace()
    )
    .unwrap();
    // The headers the stub includes again were read already (see `include_guards`); the
    // macros of `crt/host_defines.h` and the first half of `crt/host_runtime.h` (which
    // cudafe++ includes near the top of its unit) are what the stub needs of them.
    for guard in &config.include_guards {
        // Some are defined again by then (g++ reads `stdc-predef.h` itself): define only the rest.
        writeln!(out, "#ifndef {guard}\n#define {guard}\n#endif").unwrap();
    }
    write!(
        out,
        "#if !defined(__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__)\n\
         #define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n\
         #endif\n\
         #include \"crt/host_defines.h\"\n\
         #include \"crt/host_runtime.h\"\n\
         # 1 \"{stub}\"\n#include \"{stub}\"\n# 1 \"{stub}\"\n#undef _NV_ANON_NAMESPACE\n"
    )
    .unwrap();
}
