//! Files read from disk (`RealFs`), each read and lexed once. The tokens of a file the engine
//! has left and will probably not enter again (`FileSystem::release`: it has an include guard)
//! are dropped, and lexed again if it is entered after all: otherwise the 1.8M tokens of the
//! largest unit's 1,669 files would all be held to the end of the run.
//!
//! Whether a file exists is answered from its directory's listing, read once (include searches
//! probe many directories for each name); real paths are resolved once per directory; the
//! `#pragma once` identity is computed from the bytes read for lexing.
//!
//! Lexing is a quarter of a cold run, and it can run ahead of the engine: once a run starts
//! (`start_prefetch`, when a core is free or `CUFE_PP_PREFETCH=1`: `prefetch_wanted`), a
//! second thread lexes the files the run will probably include. It follows the `#include`
//! lines of each file it lexes (literal names only, resolved through the run's search chain,
//! ignoring conditionals), depth first, as the engine will. The engine
//! takes a file the thread has lexed, waits for one it is lexing, and lexes any other itself;
//! the output does not depend on which thread lexed a file.
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use rustc_hash::FxHashMap;

use crate::lexer::{LexMode, LexedFile, lex};
use crate::options::{FileSystem, Options, content_hash};
use crate::token::{BOL, Kind};

/// Directory listings and real paths of directories, cached.
#[derive(Default)]
struct Dirs {
    /// Per directory: its entries that are files or symbolic links (`true`), or None when it
    /// cannot be read.
    listings: FxHashMap<String, Option<FxHashMap<String, bool>>>,
    canonical: FxHashMap<String, Option<String>>,
}

fn split_path(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(0) => ("/", &path[1..]),
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (".", path),
    }
}

fn mtime_secs(meta: &std::fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs())
}

impl Dirs {
    /// The directory entry for `path`: None when it is not a file or a symbolic link there,
    /// else whether it is a symbolic link.
    fn entry(&mut self, path: &str) -> Option<bool> {
        let (dir, name) = split_path(path);
        let listing = self.listings.entry(dir.to_string()).or_insert_with(|| {
            let entries = std::fs::read_dir(dir).ok()?;
            let mut map = FxHashMap::default();
            for e in entries.flatten() {
                let Ok(ty) = e.file_type() else { continue };
                if ty.is_file() || ty.is_symlink() {
                    map.insert(
                        e.file_name().to_string_lossy().into_owned(),
                        ty.is_symlink(),
                    );
                }
            }
            Some(map)
        });
        listing.as_ref()?.get(name).copied()
    }
}

/// A file read and lexed, with its `#pragma once` identity.
struct Loaded {
    lexed: Arc<LexedFile>,
    identity: String,
}

fn load(dirs: &mut Dirs, path: &str, mode: LexMode) -> Option<Loaded> {
    dirs.entry(path)?;
    let mut file = std::fs::File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    // Through `take`: `File::read_to_end` would ask the size and position again (two more
    // system calls per file, of about 5,000 in a large unit).
    std::io::Read::read_to_end(&mut std::io::Read::take(&mut file, u64::MAX), &mut bytes).ok()?;
    let identity = format!(
        "{}:{}:{:016x}",
        mtime_secs(&meta),
        bytes.len(),
        content_hash(&bytes)
    );
    let text = match std::str::from_utf8(&bytes) {
        Ok(t) => std::borrow::Cow::Borrowed(t),
        Err(_) => String::from_utf8_lossy(&bytes),
    };
    Some(Loaded {
        lexed: Arc::new(lex(&text, mode)),
        identity,
    })
}

/// What the prefetching thread needs of the run's options.
#[derive(Clone)]
struct Chain {
    quote_dirs: Vec<String>,
    bracket_dirs: Vec<String>,
    mode: LexMode,
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() || dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

impl Chain {
    /// Where the engine will probably find `name` included from `from` (its search order,
    /// without `#include_next`).
    fn resolve(&self, dirs: &mut Dirs, from: &str, name: &str, angled: bool) -> Option<String> {
        if name.starts_with('/') {
            return dirs.entry(name).map(|_| name.to_string());
        }
        if !angled {
            let dir = from.rfind('/').map_or("", |i| &from[..=i]);
            let path = format!("{dir}{name}");
            if dirs.entry(&path).is_some() {
                return Some(path);
            }
        }
        let quote = if angled {
            &[][..]
        } else {
            &self.quote_dirs[..]
        };
        quote
            .iter()
            .chain(&self.bracket_dirs)
            .map(|d| join(d, name))
            .find(|p| dirs.entry(p).is_some())
    }

    /// The files `lexed` (at `path`) includes by a literal name, in order.
    fn includes(&self, dirs: &mut Dirs, path: &str, lexed: &LexedFile) -> Vec<String> {
        let toks = &lexed.tokens;
        let mut out = Vec::new();
        let mut i = 0;
        while i + 2 < toks.len() {
            let t = &toks[i];
            i += 1;
            if t.flags & BOL == 0 || !t.is_punct("#") {
                continue;
            }
            let d = &toks[i];
            if d.flags & BOL != 0 || !(d.is_ident("include") || d.is_ident("import")) {
                continue;
            }
            let n = &toks[i + 1];
            if n.flags & BOL != 0 {
                continue;
            }
            let (name, angled) = if let Some(s) = n.string_contents() {
                (s.to_string(), false)
            } else if n.is_punct("<") {
                let mut name = String::new();
                let mut j = i + 2;
                while j < toks.len() && toks[j].flags & BOL == 0 && !toks[j].is_punct(">") {
                    if toks[j].flags & crate::token::PREV_WHITE != 0 && !name.is_empty() {
                        name.push(' ');
                    }
                    name.push_str(&toks[j].text);
                    j += 1;
                }
                (name, true)
            } else {
                continue;
            };
            if n.kind == Kind::Ident || name.is_empty() {
                continue;
            }
            if let Some(p) = self.resolve(dirs, path, &name, angled) {
                out.push(p);
            }
        }
        out
    }
}

enum Slot {
    /// Waiting for the prefetching thread.
    Queued,
    /// Being lexed by the prefetching thread.
    Lexing,
    Done(Option<Loaded>),
    /// The engine has it (or lexes it itself).
    Taken,
}

#[derive(Default)]
struct Queue {
    slots: FxHashMap<String, Slot>,
    /// Paths to lex, the next first.
    order: VecDeque<String>,
    /// Paths queued that the engine has passed (`take_queued`): lexed when `order` is empty.
    passed: VecDeque<String>,
    stop: bool,
}

fn remove_from(queue: &mut VecDeque<String>, path: &str) -> bool {
    match queue.iter().position(|q| q == path) {
        Some(k) => {
            queue.remove(k);
            true
        }
        None => false,
    }
}

impl Queue {
    /// Queue `paths` (the includes of one file) before what was queued earlier: depth first.
    /// A file queued earlier (by a later include, or passed by the engine) moves to the
    /// front: this include comes first in the depth-first order.
    fn push_front(&mut self, paths: Vec<String>) {
        for p in paths.into_iter().rev() {
            match self.slots.get(&p) {
                None => {
                    self.slots.insert(p.clone(), Slot::Queued);
                }
                Some(Slot::Queued) => {
                    if !remove_from(&mut self.order, &p) {
                        remove_from(&mut self.passed, &p);
                    }
                }
                Some(_) => continue,
            }
            self.order.push_front(p);
        }
    }

    /// The engine takes `path` before the thread has lexed it: the files queued before it
    /// are behind the engine (a conditional left their includes out, or they are included
    /// again later), and wait in `passed` until nothing the engine is heading for is left.
    fn take_queued(&mut self, path: &str) {
        match self.order.iter().position(|q| q == path) {
            Some(k) => {
                let passed: Vec<String> = self.order.drain(..k).collect();
                self.order.pop_front();
                self.passed.extend(passed);
            }
            None => {
                remove_from(&mut self.passed, path);
            }
        }
    }

    /// The next path for the thread to lex.
    fn pop(&mut self) -> Option<String> {
        self.order.pop_front().or_else(|| self.passed.pop_front())
    }
}

struct Prefetch {
    queue: Mutex<Queue>,
    changed: Condvar,
}

impl Prefetch {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Hands a file the prefetching thread was lexing back to the engine when dropped (by a
/// panic: forgotten otherwise).
struct Unclaim<'a> {
    shared: &'a Prefetch,
    path: &'a str,
}

impl Drop for Unclaim<'_> {
    fn drop(&mut self) {
        self.shared
            .lock()
            .slots
            .insert(self.path.to_string(), Slot::Taken);
        self.shared.changed.notify_all();
    }
}

fn prefetch_thread(shared: Arc<Prefetch>, chain: Chain) {
    let mut dirs = Dirs::default();
    loop {
        let path = {
            let mut q = shared.lock();
            loop {
                if q.stop {
                    return;
                }
                match q.pop() {
                    Some(p) => {
                        if let Some(slot @ Slot::Queued) = q.slots.get_mut(&p) {
                            *slot = Slot::Lexing;
                            break p;
                        }
                    }
                    None => q = shared.changed.wait(q).unwrap_or_else(|e| e.into_inner()),
                }
            }
        };
        // Should lexing panic, the engine must not wait for this file forever: it lexes the
        // file itself (and meets the same panic, reported as usual).
        let guard = Unclaim {
            shared: &shared,
            path: &path,
        };
        let loaded = load(&mut dirs, &path, chain.mode);
        let children = match &loaded {
            Some(l) => chain.includes(&mut dirs, &path, &l.lexed),
            None => Vec::new(),
        };
        std::mem::forget(guard);
        let mut q = shared.lock();
        q.slots.insert(path, Slot::Done(loaded));
        q.push_front(children);
        shared.changed.notify_all();
    }
}

/// Whether to lex ahead on a second thread: `CUFE_PP_PREFETCH=1` or `0` decides; by default,
/// only when a core is free now. The thread lexes about a fifth more than the engine needs
/// (files that conditionals leave out): on a machine whose cores are all busy it costs wall
/// time, on one with a free core it saves about a quarter of the engine's time (see
/// docs/arch/preprocessor.md, "Speed").
fn prefetch_wanted() -> bool {
    match std::env::var("CUFE_PP_PREFETCH").as_deref() {
        Ok("0") => return false,
        Ok(_) => return true,
        Err(_) => {}
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    cores >= 2 && runnable_now().is_some_and(|running| running < cores)
}

/// The scheduling entities runnable on the machine now, this thread included (the fourth
/// field of `/proc/loadavg`, `RUNNABLE/TOTAL`); None where it cannot be read.
fn runnable_now() -> Option<usize> {
    let loadavg = std::fs::read_to_string("/proc/loadavg").ok()?;
    let field = loadavg.split_whitespace().nth(3)?;
    field.split('/').next()?.parse().ok()
}

/// What `RealFs` knows of a path.
enum Cached {
    /// Not a readable file.
    Missing,
    Held(Arc<LexedFile>),
    /// A readable file whose tokens were dropped (`FileSystem::release`): lexed again if the
    /// run enters it again.
    Released,
}

/// Files read from disk, each lexed once (see the module's comment).
#[derive(Default)]
pub struct RealFs {
    cache: FxHashMap<String, Cached>,
    identities: FxHashMap<String, String>,
    shorter: FxHashMap<String, Option<String>>,
    dirs: Dirs,
    prefetch: Option<(Arc<Prefetch>, Chain)>,
    stats: PrefetchStats,
}

/// How the engine got its files from the prefetching thread (printed at the end of a run when
/// `CUFE_PP_PREFETCH_STATS` is set).
#[derive(Default)]
struct PrefetchStats {
    /// Files the thread had lexed (or was lexing) when the engine asked.
    taken: u64,
    /// Of those, the files the engine waited for, and the time it waited.
    waited: u64,
    waited_us: u64,
    /// Files the engine lexed itself: queued but not reached by the thread, or not queued.
    lexed_queued: u64,
    lexed_unknown: u64,
}

impl Drop for RealFs {
    fn drop(&mut self) {
        if let Some((p, _)) = &self.prefetch {
            if std::env::var_os("CUFE_PP_PREFETCH_STATS").is_some() {
                let q = p.lock();
                let unused = q
                    .slots
                    .values()
                    .filter(|s| matches!(s, Slot::Done(_)))
                    .count();
                let queued = q
                    .slots
                    .values()
                    .filter(|s| matches!(s, Slot::Queued))
                    .count();
                let st = &self.stats;
                eprintln!(
                    "prefetch: taken {} (waited for {}, {} us); lexed by the engine: {} queued, {} not queued; lexed and not taken {unused}, still queued {queued}",
                    st.taken, st.waited, st.waited_us, st.lexed_queued, st.lexed_unknown
                );
            }
            p.lock().stop = true;
            p.changed.notify_all();
        }
    }
}

impl RealFs {
    /// The file from the prefetching thread, when it has it or is lexing it.
    fn take_prefetched(&mut self, path: &str) -> Option<Loaded> {
        let (p, _) = self.prefetch.as_ref()?;
        let mut q = p.lock();
        let mut waited = None;
        loop {
            match q.slots.get_mut(path) {
                Some(Slot::Lexing) => {
                    waited.get_or_insert_with(std::time::Instant::now);
                    q = p.changed.wait(q).unwrap_or_else(|e| e.into_inner())
                }
                Some(slot @ Slot::Done(_)) => {
                    self.stats.taken += 1;
                    if let Some(w) = waited {
                        self.stats.waited += 1;
                        self.stats.waited_us += w.elapsed().as_micros() as u64;
                    }
                    let Slot::Done(loaded) = std::mem::replace(slot, Slot::Taken) else {
                        unreachable!("matched Done");
                    };
                    return loaded;
                }
                Some(slot) => {
                    self.stats.lexed_queued += 1;
                    let queued = matches!(slot, Slot::Queued);
                    *slot = Slot::Taken;
                    if queued {
                        q.take_queued(path);
                    }
                    return None;
                }
                None => {
                    self.stats.lexed_unknown += 1;
                    q.slots.insert(path.to_string(), Slot::Taken);
                    return None;
                }
            }
        }
    }
}

impl FileSystem for RealFs {
    fn start_prefetch(&mut self, options: &Options) {
        if self.prefetch.is_some() || !prefetch_wanted() {
            return;
        }
        let chain = Chain {
            quote_dirs: options.quote_dirs.clone(),
            bracket_dirs: options
                .bracket_dirs
                .iter()
                .map(|d| d.path.clone())
                .collect(),
            mode: options.lex_mode,
        };
        let shared = Arc::new(Prefetch {
            queue: Mutex::new(Queue::default()),
            changed: Condvar::new(),
        });
        // The forced includes, then the main file: the first files the run reads.
        let mut first = Vec::new();
        for f in &options.forced_includes {
            let local = format!("./{f}");
            if self.dirs.entry(&local).is_some() {
                first.push(local);
            } else if let Some(p) = chain.resolve(&mut self.dirs, "", f, false) {
                first.push(p);
            }
        }
        first.push(options.main.clone());
        shared.lock().push_front(first);
        let thread_shared = shared.clone();
        let thread_chain = chain.clone();
        let spawned = std::thread::Builder::new()
            .name("cufe-pp-prefetch".into())
            .spawn(move || prefetch_thread(thread_shared, thread_chain));
        if spawned.is_ok() {
            self.prefetch = Some((shared, chain));
        }
    }

    fn identity(&mut self, path: &str) -> String {
        if let Some(id) = self.identities.get(path) {
            return id.clone();
        }
        let meta = std::fs::metadata(path).ok();
        let mtime = meta.as_ref().map_or(0, mtime_secs);
        let bytes = std::fs::read(path).unwrap_or_default();
        let id = format!("{mtime}:{}:{:016x}", bytes.len(), content_hash(&bytes));
        self.identities.insert(path.to_string(), id.clone());
        id
    }

    fn shorter_path(&mut self, path: &str) -> Option<String> {
        if let Some(s) = self.shorter.get(path) {
            return s.clone();
        }
        // realpath: the directory's real path (once per directory), then the name, unless
        // the file itself is a symbolic link.
        let real = match self.dirs.entry(path) {
            Some(false) => {
                let (dir, name) = split_path(path);
                let canonical = self
                    .dirs
                    .canonical
                    .entry(dir.to_string())
                    .or_insert_with(|| {
                        std::fs::canonicalize(dir)
                            .ok()
                            .map(|d| d.display().to_string())
                    })
                    .clone();
                canonical.map(|d| join(&d, name))
            }
            _ => std::fs::canonicalize(path)
                .ok()
                .map(|p| p.display().to_string()),
        };
        let r = real.filter(|r| r.len() < path.len());
        self.shorter.insert(path.to_string(), r.clone());
        r
    }

    fn exists(&mut self, path: &str, mode: LexMode) -> bool {
        match self.cache.get(path) {
            Some(Cached::Missing) => false,
            Some(_) => true,
            None => self.lexed(path, mode).is_some(),
        }
    }

    fn release(&mut self, path: &str) {
        if let Some(c @ Cached::Held(_)) = self.cache.get_mut(path) {
            *c = Cached::Released;
        }
    }

    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        match self.cache.get(path) {
            Some(Cached::Held(l)) => return Some(l.clone()),
            Some(Cached::Missing) => return None,
            Some(Cached::Released) => {
                // Entered again after all: lexed again (its identity is kept).
                let lexed = load(&mut self.dirs, path, mode).map(|l| l.lexed);
                let cached = lexed.clone().map_or(Cached::Missing, Cached::Held);
                self.cache.insert(path.to_string(), cached);
                return lexed;
            }
            None => {}
        }
        if self.dirs.entry(path).is_none() {
            self.cache.insert(path.to_string(), Cached::Missing);
            return None;
        }
        let same_mode = self.prefetch.as_ref().is_some_and(|(_, c)| c.mode == mode);
        let loaded = match self.take_prefetched(path) {
            Some(l) if same_mode => Some(l),
            _ => {
                let l = load(&mut self.dirs, path, mode);
                if let (Some(l), Some((p, chain))) = (&l, &self.prefetch) {
                    let children = chain.includes(&mut self.dirs, path, &l.lexed);
                    p.lock().push_front(children);
                    p.changed.notify_all();
                }
                l
            }
        };
        let lexed = loaded.map(|l| {
            self.identities.insert(path.to_string(), l.identity);
            l.lexed
        });
        let cached = lexed.clone().map_or(Cached::Missing, Cached::Held);
        self.cache.insert(path.to_string(), cached);
        lexed
    }
}
