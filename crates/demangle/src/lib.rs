//! A CUDA-aware Itanium C++ ABI demangler, and the AST of mangled names.
//!
//! One AST ([`ast`]) serves both directions: the demangler ([`demangle`]) parses a mangled
//! name into it and prints it in one of three dialects ([`Style`]); the `mangle` crate
//! writes it back as Itanium bytes. NVIDIA's vendor extensions (`Unvdl`/`Unvdtl`/`Unvhdl`
//! lambda wrappers, `__nv_static_` prefixes) are understood.

pub mod ast;
pub mod filter;
pub mod ops;
mod parse;
mod print;

/// How deep the parser nests productions; the mangler bounds its own recursion by it.
pub use parse::MAX_DEPTH;

use std::fmt;

/// Output dialect of the demangler.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// GNU c++filt / libiberty: `(anonymous namespace)`, `{lambda(int)#1}`, `char const*`, `> >`.
    #[default]
    Gnu,
    /// LLVM 21 llvm-cxxfilt: `'lambda'(int)`, `>>`.
    Llvm,
    /// NVIDIA's cu++filt: `<unnamed>`, `[lambda(int) (instance 1)]`, `const char *`, `T1`.
    Nvidia,
}

impl std::str::FromStr for Style {
    type Err = String;
    fn from_str(s: &str) -> Result<Style, String> {
        match s {
            "gnu" => Ok(Style::Gnu),
            "llvm" => Ok(Style::Llvm),
            "nvidia" => Ok(Style::Nvidia),
            _ => Err(format!(
                "unknown demangling style `{s}` (expected gnu, llvm or nvidia)"
            )),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemangleOptions {
    pub style: Style,
    /// Print function parameters (c++filt's default; `-p` turns it off).
    pub params: bool,
    /// Also demangle bare types (`i` -> `int`), as `c++filt -t` does.
    pub types: bool,
}

impl Default for DemangleOptions {
    fn default() -> DemangleOptions {
        DemangleOptions {
            style: Style::Gnu,
            params: true,
            types: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DemangleError {
    /// Not a mangled name, or malformed at this byte offset (the parser's furthest position).
    Invalid { offset: usize },
    /// Well-formed but its printed form would exceed the output limit (a substitution bomb)
    /// or nest too deeply.
    TooLarge,
}

impl fmt::Display for DemangleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DemangleError::Invalid { offset } => {
                write!(f, "invalid mangled name (at byte {offset})")
            }
            DemangleError::TooLarge => write!(f, "demangled name too large"),
        }
    }
}

impl std::error::Error for DemangleError {}

/// A parsed mangled name: the AST and its root.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub ast: ast::Ast,
    pub root: ast::NodeId,
}

/// Parses `input` into the AST without printing it.
/// This is the Itanium grammar as LLVM reads it, independent of any dialect: what the
/// mangler and the round-trip tests use.
pub fn parse(input: &[u8], types: bool) -> Result<Parsed, DemangleError> {
    let mut ast = ast::Ast::for_demangling(input.len() / 3 + 4);
    let root = parse_with(
        input,
        None,
        types,
        false,
        false,
        &mut ast,
        &mut parse::Tables::default(),
    )?;
    Ok(Parsed { ast, root })
}

/// Parses `input` as the demangler does for `opts` (the `nvidia` dialect rejects what
/// NVIDIA's demangler rejects).
pub fn parse_for(input: &[u8], opts: &DemangleOptions) -> Result<Parsed, DemangleError> {
    let mut ast = ast::Ast::for_demangling(input.len() / 3 + 4);
    let root = parse_for_in(input, None, opts, &mut ast, &mut parse::Tables::default())?;
    Ok(Parsed { ast, root })
}

/// [`parse_for`], building the AST in `ast` (emptied first) with the storage of `tables`;
/// `text` is `input` when already known to be UTF-8.
fn parse_for_in(
    input: &[u8],
    text: Option<&str>,
    opts: &DemangleOptions,
    ast: &mut ast::Ast,
    tables: &mut parse::Tables,
) -> Result<ast::NodeId, DemangleError> {
    let strict = opts.style == Style::Nvidia;
    let gnu = opts.style == Style::Gnu;
    match parse_with(input, text, opts.types, strict, gnu, ast, tables) {
        // NVIDIA's own tool never decodes its lambda vendor types; names carrying them are
        // demangled in full even where that tool would give up.
        Err(_) if strict && carries_nv_vendor_types(input) => {
            parse_with(input, text, opts.types, false, false, ast, tables)
        }
        res => res,
    }
}

fn carries_nv_vendor_types(input: &[u8]) -> bool {
    input.windows(3).any(|w| w == b"Unv") || input.windows(14).any(|w| w == b"__device_stub_")
}

fn parse_with(
    input: &[u8],
    text: Option<&str>,
    types: bool,
    nv_strict: bool,
    gnu: bool,
    ast: &mut ast::Ast,
    tables: &mut parse::Tables,
) -> Result<ast::NodeId, DemangleError> {
    let mut p = parse::Parser::new(input, text, ast, tables);
    p.nv_strict = nv_strict;
    p.gnu = gnu;
    let res = p.parse_top(types);
    res.ok_or(DemangleError::Invalid {
        offset: p.error_offset(),
    })
}

/// Prints a parsed name in `opts.style`.
pub fn print(parsed: &Parsed, opts: &DemangleOptions) -> Result<String, DemangleError> {
    let mut out = Vec::new();
    print_into(&parsed.ast, parsed.root, opts, &mut out)?;
    Ok(String::from_utf8(out).expect("the printer writes whole strs"))
}

/// Appends `root` printed in `opts.style` to `out` (nothing when it fails).
fn print_into(
    ast: &ast::Ast,
    root: ast::NodeId,
    opts: &DemangleOptions,
    out: &mut Vec<u8>,
) -> Result<(), DemangleError> {
    let mut pr = print::Printer::new(ast, opts.style, out);
    pr.no_params_top = !opts.params;
    pr.print_top(root);
    pr.finish().map_err(|_| DemangleError::TooLarge)
}

/// Demangles one name.
pub fn demangle(input: &str, opts: &DemangleOptions) -> Result<String, DemangleError> {
    demangle_bytes(input.as_bytes(), opts)
}

pub fn demangle_bytes(input: &[u8], opts: &DemangleOptions) -> Result<String, DemangleError> {
    Demangler::new().demangle(input, opts).map(str::to_owned)
}

/// A demangler for many names: the node arena, the parser's tables (substitutions,
/// template parameters) and the output buffer are kept from one name to the next, so
/// that once they have grown, demangling allocates nothing.
#[derive(Default)]
pub struct Demangler {
    ast: ast::Ast,
    tables: parse::Tables,
    out: Vec<u8>,
}

impl Demangler {
    pub fn new() -> Demangler {
        Demangler::default()
    }

    /// Demangles one name; the text is valid until the next call.
    pub fn demangle(
        &mut self,
        input: &[u8],
        opts: &DemangleOptions,
    ) -> Result<&str, DemangleError> {
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        let res = self.append(input, None, opts, &mut out);
        self.out = out;
        res?;
        Ok(std::str::from_utf8(&self.out).expect("the printer writes whole strs"))
    }

    /// Appends the demangled form of `input` to `out`, or nothing when it does not demangle.
    /// `text` is `input` when the caller already knows it to be UTF-8.
    pub(crate) fn append(
        &mut self,
        input: &[u8],
        text: Option<&str>,
        opts: &DemangleOptions,
        out: &mut Vec<u8>,
    ) -> Result<(), DemangleError> {
        let root = parse_for_in(input, text, opts, &mut self.ast, &mut self.tables)?;
        print_into(&self.ast, root, opts, out)
    }
}
