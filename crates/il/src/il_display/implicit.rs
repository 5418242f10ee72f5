//! The special members EDG declares without a declaration in the source: they print at the
//! class name's position with `compiler_generated: TRUE`.
use std::fmt::Write as _;

use crate::IlDatabase;
use crate::item::{Item, ItemKind};
use crate::resolve::routine_type;
use crate::scope::scope_items;
use crate::ty::TyKind;

use super::{Pos, field, is_class};

/// The copy and move assignment operators EDG declares in every class that does not declare
/// them itself (unlike the implicit constructors, which it declares only when they are used).
/// The move one is declared only without a user-declared copy or move operation or destructor.
/// Not for classes in templates (their instances get them, and instances are not modelled).
pub(super) fn implicit_assignments<'db>(
    db: &'db dyn IlDatabase,
    out: &mut String,
    class: Item<'db>,
    id: usize,
    Pos { seq, column }: Pos,
) {
    let mut scope = class.parent(db);
    while let Some(s) = scope {
        if !matches!(s.kind(db), ItemKind::Namespace) && !is_class(s.kind(db)) {
            return;
        }
        scope = s.parent(db);
    }
    let Some(name) = class.name_text(db) else {
        return;
    };
    let (mut user_assign, mut user_copy_or_move_or_dtor) = (false, false);
    for &member in scope_items(db, class) {
        let Some(member_name) = member.name_text(db) else {
            continue;
        };
        let is_routine = matches!(
            member.kind(db),
            ItemKind::Routine | ItemKind::FunctionTemplate
        );
        if !is_routine {
            continue;
        }
        if member_name == "operator=" {
            user_assign = true;
        } else if member_name.starts_with('~') {
            user_copy_or_move_or_dtor = true;
        } else if member_name == name
            && member.kind(db) == ItemKind::Routine
            && let TyKind::Function(sig) = routine_type(db, member).kind(db)
        {
            // A constructor taking a reference (to its own class: a copy or move constructor).
            user_copy_or_move_or_dtor |=
                sig.params.len() == 1 && matches!(sig.params[0].kind(db), TyKind::Reference(..));
        }
    }
    if user_assign {
        return;
    }
    let qualified = class.qualified_name(db);
    let mut params = vec![format!("const {qualified} &")];
    if !user_copy_or_move_or_dtor {
        params.push(format!("{qualified} &&"));
    }
    for (n, param) in params.iter().enumerate() {
        out.push('\n');
        writeln!(out, "file-scope routine@{id}.{n}").unwrap();
        out.push_str("source_corresp:\n");
        field(
            out,
            "  name",
            &format!("file-scope id-name@{id}.{n}: \"operator=\""),
        );
        field(out, "  decl_position.seq", &seq.to_string());
        field(out, "  decl_position.column", &column.to_string());
        field(out, "  is_class_member", "TRUE");
        field(out, "  access", "as_public");
        field(out, "  parent_scope", &format!("file-scope scope@{id}"));
        field(out, "  enclosing_routine", "NULL");
        field(out, "  name_linkage", "C++");
        field(
            out,
            "type",
            &format!("file-scope type@ty: {qualified} &({param})"),
        );
        field(out, "storage_class", "sc_extern");
        field(out, "declared_storage_class", "sc_unspecified");
        field(out, "special_kind", "sfk_operator");
        field(out, "opname_kind", "onk_assign");
        field(out, "compiler_generated", "TRUE");
        field(out, "defined", "FALSE");
    }
}
