//! The facade over cufe's layers. [`RootDatabase`] is the one concrete salsa database: it
//! implements every layer's `#[salsa::db]` trait. Observers (tests, profiling) can record which
//! queries executed, which is how the incrementality guarantees are tested.
use std::sync::{Arc, Mutex};

pub use base_db::{self, FileOrigin, SourceDatabase, SourceFile};

#[derive(Clone, Copy)]
enum RawEvent {
    Executed(salsa::DatabaseKeyIndex),
}

/// The concrete database. `Clone` gives a snapshot sharing the same storage (one per thread).
#[salsa::db]
#[derive(Clone, Default)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    events: Option<Arc<Mutex<Vec<RawEvent>>>>,
}

impl RootDatabase {
    /// A database that records every query execution, for incrementality tests.
    pub fn with_execution_log() -> RootDatabase {
        let events: Arc<Mutex<Vec<RawEvent>>> = Arc::default();
        let sink = events.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().unwrap().push(RawEvent::Executed(database_key));
            }
        })));
        RootDatabase {
            storage,
            events: Some(events),
        }
    }

    /// Drains the execution log as `query_name` strings in execution order. The raw keys are kept
    /// until now because their `Debug` needs an attached database (SALSA-0.28.md §11).
    pub fn take_executed(&self) -> Vec<String> {
        use salsa::Database as _;
        let Some(events) = &self.events else {
            return Vec::new();
        };
        let raw = std::mem::take(&mut *events.lock().unwrap());
        raw.into_iter()
            .map(|RawEvent::Executed(key)| {
                format!(
                    "{}({:?})",
                    self.ingredient_debug_name(key.ingredient_index()),
                    key.key_index()
                )
            })
            .collect()
    }

    /// Drains the execution log, keeping the queries `keep` accepts, with each key that is one
    /// of `items` written as the item's name (`body(helper)`) and any other key dropped
    /// (`parse`), sorted: the form the incrementality tests compare.
    pub fn take_executed_by_item(
        &self,
        items: &[il::Item<'_>],
        keep: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let names: Vec<(String, String)> = items
            .iter()
            .map(|item| {
                let id = format!("({:?})", salsa::plumbing::AsId::as_id(item));
                (id, format!("({})", item.name_text(self).unwrap_or("?")))
            })
            .collect();
        let mut out: Vec<String> = self
            .take_executed()
            .into_iter()
            .filter(|e| keep(e))
            .map(|e| {
                names
                    .iter()
                    .find(|(id, _)| e.ends_with(id.as_str()))
                    .map_or_else(
                        || e.split('(').next().unwrap().to_string(),
                        |(id, name)| e.replace(id.as_str(), name),
                    )
            })
            .collect();
        out.sort();
        out
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl SourceDatabase for RootDatabase {}

#[salsa::db]
impl il::IlDatabase for RootDatabase {}

#[salsa::db]
impl codegen::CodegenDatabase for RootDatabase {}

#[salsa::db]
impl hir_def::HirDefDatabase for RootDatabase {}

#[salsa::db]
impl hir_ty::HirTyDatabase for RootDatabase {}

#[salsa::db]
impl check::CheckDatabase for RootDatabase {}

#[salsa::db]
impl preprocessor::db::PreprocessorDatabase for RootDatabase {}
