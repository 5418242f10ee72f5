//! Function template instances: the routines EDG creates where a call names a function
//! template and its arguments are deduced or written out.

use syntax::SyntaxNode;

use super::Located;
use crate::IlDatabase;

pub(super) fn entries<'db>(
    _db: &'db dyn IlDatabase,
    _file: base_db::SourceFile,
    _root: &SyntaxNode,
    _located: &Located<'_, 'db>,
    _ids: &mut usize,
    _out: &mut String,
) {
}
