//! [`log_lines_in`](crate::log_lines_in) with the inference of the file's bodies spread over
//! other threads.
//!
//! Inference of every body the log reads is most of the log's cost (two thirds on the largest
//! corpus program), and each body's `infer` is a salsa query of its own: other threads, each
//! with a snapshot of the database, compute them while this thread runs the log, which then
//! finds them memoized (or waits for the one being computed). The log itself is computed
//! exactly as without the helpers: the same queries with the same inputs, in the same order on
//! this thread; the helpers only compute some of them first.
//!
//! This thread infers the non-template bodies first (`called.rs`), then walks the syntax tree,
//! then reads every body's references (`xref_bodies`). The helpers infer each body and print its
//! references (`xref_bodies::body_references`, memoized too): the non-template bodies from the
//! last one backwards, meeting this thread's `called.rs` about halfway, then the template
//! bodies from the last one backwards, meeting this thread's reading of the references.
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::XrefLine;
use xref_bodies::is_templated;

/// The body owners whose inference the log reads, in the order the helpers take them: the
/// non-template bodies from the last one, then the template bodies from the last one.
fn helper_order(db: &dyn hir_ty::HirTyDatabase, file: base_db::SourceFile) -> Vec<usize> {
    let owners = hir_def::source::declaration_offsets(db, file);
    let (mut templated, mut others) = (Vec::new(), Vec::new());
    for (i, &(item, _)) in owners.iter().enumerate().rev() {
        if hir_def::source::body_owner_kind(db, item).is_none() {
            continue;
        }
        if is_templated(db, item) {
            templated.push(i);
        } else {
            others.push(i);
        }
    }
    others.extend(templated);
    others
}

/// [`log_lines_in`](crate::log_lines_in), with `helpers` more threads inferring the file's
/// bodies meanwhile (none: the same as `log_lines_in`). The lines are the same whatever the
/// number of helpers.
pub fn log_lines_in_parallel<DB>(
    db: &DB,
    file: base_db::SourceFile,
    helpers: usize,
) -> Vec<XrefLine>
where
    DB: hir_ty::HirTyDatabase + Clone + Send,
{
    if helpers == 0 {
        return crate::log_lines_in(db, file);
    }
    let next = AtomicUsize::new(0);
    let done = AtomicBool::new(false);
    std::thread::scope(|threads| {
        for _ in 0..helpers {
            let (snapshot, next, done) = (db.clone(), &next, &done);
            threads.spawn(move || {
                let db = &snapshot;
                let order = helper_order(db, file);
                let owners = hir_def::source::declaration_offsets(db, file);
                while !done.load(Ordering::Relaxed) {
                    let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let (item, offsets) = owners[i];
                    hir_ty::infer(db, item);
                    xref_bodies::body_references(db, item, offsets);
                }
            });
        }
        let lines = crate::log_lines_in(db, file);
        done.store(true, Ordering::Relaxed);
        lines
    })
}

#[cfg(test)]
mod tests {
    /// The log with helpers is the log without, line for line, ids included.
    #[test]
    fn helpers_change_no_line() {
        let text = r#"namespace lib { inline namespace v1 { int f(int); } }
namespace lib { inline namespace v1 { double f(double); } }
struct S { int v; S(int x) : v(x) {} int get() const { return v; } };
template <class T> constexpr T twice(T a) { return a + a; }
template <class T> struct Box { T t; T get() const { return t; } };
int use(int n) { S s(n); Box<int> b{n}; return lib::f(s.get()) + twice(n) + b.get(); }
double other(double d) { return lib::f(d) + twice(d); }
"#;
        let (db, file) = crate::test_db::with_file(text);
        let alone = crate::log_lines_in(&db, file);
        assert!(alone.len() > 20, "{alone:?}");
        for helpers in [1, 3] {
            let (db, file) = crate::test_db::with_file(text);
            assert_eq!(super::log_lines_in_parallel(&db, file, helpers), alone);
        }
    }
}
