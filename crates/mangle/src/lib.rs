//! Itanium C++ ABI name mangling and a CUDA-aware demangler.
//!
//! One AST ([`ast`]) serves both directions: the demangler ([`demangle`]) parses a mangled
//! name into it and prints it in one of three dialects ([`Style`]); the mangler
//! ([`mangle::mangle`]) writes it back as Itanium bytes. NVIDIA's vendor extensions
//! (`Unvdl`/`Unvdtl`/`Unvhdl` lambda wrappers, `__nv_static_` prefixes) are understood.

pub mod ast;
pub mod filter;
pub mod mangle;
mod ops;
mod parse;
mod print;

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
    parse_with(input, types, false, false, None)
}

/// Parses `input` as the demangler does for `opts` (the `nvidia` dialect rejects what
/// NVIDIA's demangler rejects).
pub fn parse_for(input: &[u8], opts: &DemangleOptions) -> Result<Parsed, DemangleError> {
    parse_for_in(input, opts, None)
}

/// [`parse_for`], building the AST in `arena` (emptied) when given one.
fn parse_for_in(
    input: &[u8],
    opts: &DemangleOptions,
    arena: Option<ast::Ast>,
) -> Result<Parsed, DemangleError> {
    let strict = opts.style == Style::Nvidia;
    let gnu = opts.style == Style::Gnu;
    match parse_with(input, opts.types, strict, gnu, arena) {
        // NVIDIA's own tool never decodes its lambda vendor types; names carrying them are
        // demangled in full even where that tool would give up.
        Err(_) if strict && carries_nv_vendor_types(input) => {
            parse_with(input, opts.types, false, false, None)
        }
        res => res,
    }
}

fn carries_nv_vendor_types(input: &[u8]) -> bool {
    input.windows(3).any(|w| w == b"Unv") || input.windows(14).any(|w| w == b"__device_stub_")
}

fn parse_with(
    input: &[u8],
    types: bool,
    nv_strict: bool,
    gnu: bool,
    arena: Option<ast::Ast>,
) -> Result<Parsed, DemangleError> {
    let mut p = match arena {
        Some(arena) => parse::Parser::with_storage(input, arena, TABLES.take()),
        None => parse::Parser::new(input),
    };
    p.nv_strict = nv_strict;
    p.gnu = gnu;
    let res = p.parse_top(types);
    TABLES.set(p.take_tables());
    match res {
        Some(root) => Ok(Parsed { ast: p.ast, root }),
        None => Err(DemangleError::Invalid {
            offset: p.error_offset(),
        }),
    }
}

/// Prints a parsed name in `opts.style`.
pub fn print(parsed: &Parsed, opts: &DemangleOptions) -> Result<String, DemangleError> {
    let mut pr = print::Printer::new(&parsed.ast, opts.style);
    pr.no_params_top = !opts.params;
    pr.print_top(parsed.root);
    pr.finish().map_err(|_| DemangleError::TooLarge)
}

/// Demangles one name.
pub fn demangle(input: &str, opts: &DemangleOptions) -> Result<String, DemangleError> {
    demangle_bytes(input.as_bytes(), opts)
}

thread_local! {
    /// The node storage of the previous name, reused by the next one on this thread: its
    /// allocation and release were a tenth of the time of a filter run.
    static ARENA: std::cell::Cell<Option<ast::Ast>> = const { std::cell::Cell::new(None) };
    /// The parser's tables (substitutions, template parameters), reused in the same way.
    static TABLES: std::cell::Cell<parse::Tables> = std::cell::Cell::new(parse::Tables::default());
}

pub fn demangle_bytes(input: &[u8], opts: &DemangleOptions) -> Result<String, DemangleError> {
    let mut out = String::new();
    demangle_into(input, opts, &mut out)?;
    Ok(out)
}

/// Demangles one name into `out`, replacing its contents; on error `out` is left empty.
/// A caller demangling many names passes the same buffer each time and so allocates
/// nothing per name once the buffer and the node arena have grown.
pub fn demangle_into(
    input: &[u8],
    opts: &DemangleOptions,
    out: &mut String,
) -> Result<(), DemangleError> {
    out.clear();
    let parsed = parse_for_in(input, opts, ARENA.take())?;
    let mut pr = print::Printer::with_buffer(&parsed.ast, opts.style, std::mem::take(out));
    pr.no_params_top = !opts.params;
    pr.print_top(parsed.root);
    let res = match pr.finish() {
        Ok(printed) => {
            *out = printed;
            Ok(())
        }
        Err(_) => Err(DemangleError::TooLarge),
    };
    ARENA.set(Some(parsed.ast));
    res
}
