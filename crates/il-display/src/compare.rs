//! The normalized form both tools' displays are compared in, and the comparison.
//!
//! [`normalize`] turns either tool's display into comparable [`Entry`]s: the entries of one
//! file's entities, addresses dropped, `decl_position.seq` (a physical line of the `.ii`)
//! replaced by the line in the original file. [`compare`] measures entry presence and field
//! agreement over [`COMPARED_FIELDS`].
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::BufRead;

use rustc_hash::FxHashMap;

use super::LABEL_WIDTH;

/// One entry of a display, normalized: its kind (`file-scope variable`) and its fields in order,
/// as (label, value) with labels keeping their sub-record indent, pointers reduced to the value
/// they print (`type: int`) or to the kind they point to, and `decl_position.seq` replaced by
/// `decl_position.line` in the original file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub kind: String,
    pub fields: Vec<(String, String)>,
}

impl Entry {
    pub fn get(&self, label: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, v)| v.as_str())
    }

    /// What identifies an entry across tools: kind, name and position.
    pub fn key(&self) -> (String, String, String, String) {
        let get = |l: &str| self.get(l).unwrap_or("").to_string();
        (
            self.kind.clone(),
            get("  name"),
            get("  decl_position.line"),
            get("  decl_position.column"),
        )
    }
}

/// Entry kinds kept in extracts: the ones the issue asks for (scopes carry no position).
const KEPT_KINDS: &[&str] = &[
    "file-scope variable",
    "file-scope routine",
    "file-scope type",
    "file-scope field",
    "file-scope namespace",
];

/// The fields compared per entry kind (from the IL display seed's lists), beyond the
/// `source_corresp` ones in [`COMPARED_SOURCE_CORRESP`].
pub const COMPARED_FIELDS: &[(&str, &[&str])] = &[
    (
        "file-scope variable",
        &[
            "type",
            "storage_class",
            "declared_storage_class",
            "device",
            "shared",
            "constant",
            "is_constexpr",
        ],
    ),
    (
        "file-scope routine",
        &[
            "type",
            "storage_class",
            "declared_storage_class",
            "defined",
            "device",
            "host",
            "global",
            "is_virtual",
            "pure_virtual",
            "is_explicit_constructor",
            "is_defaulted",
            "is_deleted",
        ],
    ),
    (
        "file-scope type",
        &["size", "alignment", "kind", "enum_type"],
    ),
    ("file-scope field", &["type", "offset"]),
    ("file-scope namespace", &[]),
];

pub const COMPARED_SOURCE_CORRESP: &[&str] = &[
    "  name",
    "  decl_position.line",
    "  decl_position.column",
    "  is_class_member",
    "  access",
    "  enclosing_routine",
    "  name_linkage",
];

/// Maps physical lines of a `.ii` to (file, line) through its line markers.
pub struct SeqMap {
    /// Per physical line (index 0 = line 1): original file index and line.
    lines: Vec<(u32, u32)>,
    files: Vec<String>,
}

impl SeqMap {
    pub fn new(ii_text: &str) -> SeqMap {
        let mut files: Vec<String> = vec![String::new()];
        let mut lines = Vec::new();
        let (mut file, mut next) = (0u32, 1u32);
        for line in ii_text.lines() {
            lines.push((file, next));
            if let Some((n, name)) = line_marker(line) {
                file = files.iter().position(|f| *f == name).unwrap_or_else(|| {
                    files.push(name.to_string());
                    files.len() - 1
                }) as u32;
                next = n;
            } else {
                next += 1;
            }
        }
        SeqMap { lines, files }
    }

    /// (file, line) of physical line `seq`.
    pub fn original(&self, seq: u32) -> Option<(&str, u32)> {
        let &(f, l) = self.lines.get((seq as usize).checked_sub(1)?)?;
        Some((&self.files[f as usize], l))
    }
}

/// `# 12 "file.cu" 1 3` → (12, "file.cu").
fn line_marker(line: &str) -> Option<(u32, &str)> {
    let rest = line.strip_prefix("# ")?;
    let (n, rest) = rest.split_once(' ')?;
    let name = rest.strip_prefix('"')?.split('"').next()?;
    Some((n.parse().ok()?, name))
}

/// Reads a display (either tool's) and keeps the [`KEPT_KINDS`] entries whose
/// `decl_position.seq` is a line of a file named `own_file` (or ending in `/own_file`).
/// Streams: cudafe++'s displays are ~84 MB.
pub fn normalize(
    display: impl BufRead,
    seqs: &SeqMap,
    own_file: &str,
) -> std::io::Result<Vec<Entry>> {
    let suffix = format!("/{own_file}");
    let is_own = |f: &str| f == own_file || f.ends_with(&suffix);
    let mut out = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut flush = |lines: &mut Vec<String>| {
        if let Some(e) = normalize_entry(lines, seqs, &is_own) {
            out.push(e);
        }
        lines.clear();
    };
    for line in display.lines() {
        let line = line?;
        if line.is_empty() {
            flush(&mut lines);
        } else {
            lines.push(line);
        }
    }
    flush(&mut lines);
    // By position, then kind, name and type: same-named entries at one position (an implicit
    // copy and move assignment) then pair up by type in `compare`.
    out.sort_by_cached_key(|e| {
        let num = |l: &str| e.get(l).and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
        let text = |l: &str| e.get(l).unwrap_or("").to_string();
        let position = (num("  decl_position.line"), num("  decl_position.column"));
        (position, e.kind.clone(), text("  name"), text("type"))
    });
    Ok(out)
}

fn normalize_entry(
    lines: &[String],
    seqs: &SeqMap,
    is_own: &dyn Fn(&str) -> bool,
) -> Option<Entry> {
    let head = lines.first()?;
    let (kind, _) = head.split_once('@')?;
    if !KEPT_KINDS.contains(&kind) {
        return None;
    }
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut pending: Option<String> = None;
    for line in &lines[1..] {
        if let Some(label) = pending.take() {
            fields.push((label, line.trim().to_string()));
            continue;
        }
        let Some((label, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if value.is_empty() && line.len() >= LABEL_WIDTH && !line.ends_with("source_corresp:") {
            pending = Some(label.to_string());
        } else {
            fields.push((label.to_string(), value.to_string()));
        }
    }
    let seq: u32 = fields
        .iter()
        .find(|(l, _)| l == "  decl_position.seq")?
        .1
        .parse()
        .ok()?;
    let (file, line) = seqs.original(seq)?;
    if !is_own(file) {
        return None;
    }
    for (label, value) in &mut fields {
        if label == "  decl_position.seq" {
            *label = "  decl_position.line".to_string();
            *value = line.to_string();
        } else {
            *value = pointer_value(value);
        }
    }
    Some(Entry {
        kind: kind.to_string(),
        fields,
    })
}

/// `file-scope type@30f05698: int` → `int`; `file-scope scope@30f0` → `<scope>`.
fn pointer_value(value: &str) -> String {
    let is_pointer = (value.starts_with("file-scope ") || value.starts_with("func-scope "))
        && value
            .split_whitespace()
            .nth(1)
            .is_some_and(|w| w.contains('@'));
    if !is_pointer {
        return value.to_string();
    }
    match value.split_once(": ") {
        Some((_, v)) => v.to_string(),
        None => {
            let kind = value.split_whitespace().nth(1).unwrap_or("");
            format!("<{}>", kind.split('@').next().unwrap_or(""))
        }
    }
}

/// Writes entries as an extract: `file-scope <kind>` then `label: value` lines, blank-separated.
pub fn write_extract(entries: &[Entry]) -> String {
    let mut out = String::new();
    for e in entries {
        writeln!(out, "{}", e.kind).unwrap();
        for (l, v) in &e.fields {
            writeln!(out, "{l}: {v}").unwrap();
        }
        out.push('\n');
    }
    out
}

/// Reads what [`write_extract`] wrote.
pub fn read_extract(text: &str) -> Vec<Entry> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut lines = block.lines().filter(|l| !l.is_empty());
            let kind = lines.next()?.to_string();
            let fields = lines
                .filter_map(|l| {
                    l.split_once(": ")
                        .map(|(a, b)| (a.to_string(), b.to_string()))
                })
                .collect();
            Some(Entry { kind, fields })
        })
        .collect()
}

/// Presence and agreement counts for one entry kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KindStats {
    /// Entries of the reference / of those, ours has one with the same key / ours has extra.
    pub expected: usize,
    pub present: usize,
    pub extra: usize,
    /// Compared fields over matched entries (a field counts if either side prints it; a field
    /// printed by only one side disagrees) and those equal.
    pub fields: usize,
    pub fields_agree: usize,
}

impl KindStats {
    pub fn add(&mut self, o: KindStats) {
        self.expected += o.expected;
        self.present += o.present;
        self.extra += o.extra;
        self.fields += o.fields;
        self.fields_agree += o.fields_agree;
    }
}

/// A field's value for comparison. A variable's `constant` label is printed for two fields:
/// the `__constant__` flag (`TRUE`) and the initializer's constant value (`3`); only the flag is
/// compared (initializer values are not evaluated yet).
fn compared_value(e: &Entry, label: &str) -> Option<String> {
    let value = e.get(label);
    if label == "constant" && value != Some("TRUE") {
        return None;
    }
    value.map(without_addresses)
}

/// EDG spells an unnamed class in a type with its address (`void (<unnamed@30c7ae68> &&)`);
/// the address is dropped as everywhere else.
fn without_addresses(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find("<unnamed@") {
        out.push_str(&rest[..i + "<unnamed".len()]);
        rest = &rest[i + "<unnamed@".len()..];
        rest = rest.trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    out.push_str(rest);
    out
}

/// Pairs each reference entry with ours of the same key (preferring one of the same type, then
/// in order: both lists are sorted the same way by [`normalize`]); what is left of ours is
/// extra.
fn pair_up<'e>(
    expected: &'e [Entry],
    ours: &'e [Entry],
) -> (Vec<(&'e Entry, Option<&'e Entry>)>, Vec<&'e Entry>) {
    let mut ours_by_key: FxHashMap<_, std::collections::VecDeque<&Entry>> = FxHashMap::default();
    for e in ours {
        ours_by_key.entry(e.key()).or_default().push_back(e);
    }
    // Within a key, an entry of the same type is taken first (instances of one template share
    // their members' positions and differ in type only), for entries without a type one whose
    // compared fields agree (a template, its instances and its nonreal classes share the
    // primary's name and position and differ in size), else the next in order.
    let mut pairs: Vec<(&Entry, Option<&Entry>)> = expected.iter().map(|e| (e, None)).collect();
    for pass in [true, false] {
        for (e, matched) in pairs.iter_mut().filter(|(_, m)| m.is_none()) {
            let Some(candidates) = ours_by_key.get_mut(&e.key()) else {
                continue;
            };
            let at = if pass {
                let ty = compared_value(e, "type");
                candidates.iter().position(|o| match ty {
                    Some(_) => compared_value(o, "type") == ty,
                    None => compared_labels(&e.kind)
                        .all(|label| compared_value(e, label) == compared_value(o, label)),
                })
            } else {
                (!candidates.is_empty()).then_some(0)
            };
            *matched = at.and_then(|i| candidates.remove(i));
        }
    }
    let mut extra: Vec<&Entry> = ours_by_key.into_values().flatten().collect();
    extra.sort_by_key(|e| e.key());
    (pairs, extra)
}

/// The labels compared for an entry of `kind`.
fn compared_labels(kind: &str) -> impl Iterator<Item = &'static str> {
    let extra = COMPARED_FIELDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(&[][..], |(_, l)| *l);
    COMPARED_SOURCE_CORRESP.iter().chain(extra).copied()
}

/// Compares our entries with the reference's, per entry kind.
pub fn compare(expected: &[Entry], ours: &[Entry]) -> BTreeMap<String, KindStats> {
    let mut stats: BTreeMap<String, KindStats> = BTreeMap::new();
    let (pairs, extra) = pair_up(expected, ours);
    for (e, matched) in pairs {
        let s = stats.entry(e.kind.clone()).or_default();
        s.expected += 1;
        let Some(ours) = matched else { continue };
        s.present += 1;
        for label in compared_labels(&e.kind) {
            let (a, b) = (compared_value(e, label), compared_value(ours, label));
            if a.is_none() && b.is_none() {
                continue;
            }
            s.fields += 1;
            if a == b {
                s.fields_agree += 1;
            }
        }
    }
    for e in extra {
        stats.entry(e.kind.clone()).or_default().extra += 1;
    }
    stats
}

/// What [`compare`] counts against us, one line each: missing entries (kind, name, line,
/// column), the compared fields that differ on matched ones, and extra entries.
pub fn differences(expected: &[Entry], ours: &[Entry]) -> Vec<String> {
    let mut out = Vec::new();
    let (pairs, extra) = pair_up(expected, ours);
    for (e, matched) in pairs {
        let key = e.key();
        let Some(o) = matched else {
            out.push(format!("missing {key:?}"));
            continue;
        };
        for label in compared_labels(&e.kind) {
            let (a, b) = (compared_value(e, label), compared_value(o, label));
            if a != b {
                out.push(format!(
                    "{} {} {}:{}: {}: theirs {a:?}, ours {b:?}",
                    key.0,
                    key.1,
                    key.2,
                    key.3,
                    label.trim()
                ));
            }
        }
    }
    for o in extra {
        out.push(format!("extra {:?}", o.key()));
    }
    out
}

/// One line per kind and a total: `kind: present/expected entries, extra, fields agree/compared`.
pub fn format_stats(stats: &BTreeMap<String, KindStats>) -> String {
    let mut out = String::new();
    let mut total = KindStats::default();
    for (kind, s) in stats {
        writeln!(out, "  {kind}: {}", stats_line(s)).unwrap();
        total.add(*s);
    }
    writeln!(out, "  total: {}", stats_line(&total)).unwrap();
    out
}

pub fn stats_line(s: &KindStats) -> String {
    let pct = |a: usize, b: usize| {
        if b == 0 {
            100.0
        } else {
            a as f64 * 100.0 / b as f64
        }
    };
    format!(
        "{}/{} entries present ({:.1}%), {} extra, fields {}/{} agree ({:.1}%)",
        s.present,
        s.expected,
        pct(s.present, s.expected),
        s.extra,
        s.fields_agree,
        s.fields,
        pct(s.fields_agree, s.fields)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes_pointers_positions_and_keeps_own_entries() {
        let ii = "# 1 \"t.cu\"\nint dv;\n# 1 \"h.h\"\nint hv;\n";
        let display = "file-scope variable@30\nsource_corresp:\n  name:                  file-scope id-name@3: \"dv\"\n  decl_position.seq:     2\n  decl_position.column:  5\ntype:                    file-scope type@9: int\nis_trivial_copy_function:\n                         TRUE\n\nfile-scope variable@40\nsource_corresp:\n  decl_position.seq:     4\n";
        let entries = normalize(display.as_bytes(), &SeqMap::new(ii), "t.cu").unwrap();
        expect_test::expect![[r#"
            file-scope variable
            source_corresp: 
              name: "dv"
              decl_position.line: 1
              decl_position.column: 5
            type: int
            is_trivial_copy_function: TRUE

        "#]]
        .assert_eq(&write_extract(&entries));
        assert_eq!(read_extract(&write_extract(&entries)), entries);
    }
}
