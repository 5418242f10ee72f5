//! EDG's remarks that `-Xcudafe --remarks` shows (and that options or pragmas may raise to
//! warnings), one module per rule. With `--remarks`, nvcc prints them for CUDA's own headers
//! too (about 1,900 lines for any program, `docs/arch/check.md`), so `check_view` runs these
//! queries on the items of the headers as well, and only then.
//!
//! - [`parameters`]: 826, a parameter never referenced;
//! - [`inlining`]: 679, an inline function the device pass keeps out of line;
//! - [`closures`]: 679 for the members of lambdas' closures;
//! - [`implicit_copies`]: 679 for the implicit copy constructors the device pass generates;
//! - [`storage_class`]: 82, a storage class after a type specifier;
//! - [`redeclared_inline`]: 479, `inline` on a declaration after a call;
//! - [`launches`]: 20238, a kernel without `__launch_bounds__`, and 20198, a launch without
//!   a stream argument;
//! - [`hiding`]: 1348 and 2349, declarations hiding a parameter, a local, a namespace-scope
//!   variable or a member.
pub mod closures;
pub mod hiding;
pub mod implicit_copies;
pub mod inlining;
pub mod launches;
pub mod parameters;
pub mod redeclared_inline;
pub mod storage_class;

use il::{Item, ItemKind};
use syntax::SyntaxNode;

use crate::CheckDatabase;
use crate::messages as m;
use crate::options::DiagOptions;
use crate::pragmas::Pragmas;

/// The remarks of this module, by number.
pub const NUMBERS: &[u32] = &[
    m::STORAGE_CLASS_NOT_FIRST.number,
    m::REDECLARED_INLINE.number,
    m::CANNOT_INLINE.number,
    m::PARAMETER_NOT_REFERENCED.number,
    m::LOCAL_HIDDEN.number,
    m::VARIABLE_HIDES_ENTITY.number,
    m::DEFAULT_STREAM_LAUNCH.number,
    m::MISSING_LAUNCH_BOUNDS.number,
];

/// Whether any of these remarks can be shown: `--remarks`, or an option or pragma that
/// names one (`--diag_warning=826`). Otherwise their queries do not run at all.
pub fn wanted(options: &DiagOptions, pragmas: &Pragmas) -> bool {
    options.remarks
        || NUMBERS.iter().any(|n| {
            options.host.contains_key(n) || options.device.contains_key(n) || pragmas.mentions(*n)
        })
}

/// Whether `item` is a template or a member of one, that is, checked by the device pass only
/// in its instances; an explicit specialization (`template<> f<char>()`) is not.
pub(crate) fn is_template(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    if !crate::entity::is_templated(db, item) {
        return false;
    }
    !(item.kind(db) == ItemKind::FunctionTemplate
        && !item
            .parent(db)
            .is_some_and(|p| crate::entity::is_templated(db, p))
        && explicit_specialization(db, item))
}

/// `template<>`: every template parameter list of the header is empty.
pub(crate) fn explicit_specialization(db: &dyn CheckDatabase, item: Item<'_>) -> bool {
    let root = SyntaxNode::new_root(item.header(db).clone());
    crate::header::declaration(&root).is_some_and(|d| {
        !d.template_params.is_empty()
            && d.template_params
                .iter()
                .all(|l| l.children().next().is_none())
    })
}
