//! Putting the bodies' lines into the walk's log.
use super::*;

/// The walk's lines with the references of the bodies the model covers put in: each after the
/// last line of its body (declarations of locals, references of declarations) that does not
/// come after it, so that a body reads in source order. A local's references take the id of
/// its `D` line, an entity's the id of its first declaration line by name; what has neither gets
/// a fresh id per entity.
pub fn merge<'db>(
    db: &'db dyn HirTyDatabase,
    file: base_db::SourceFile,
    lines: Vec<XrefLine>,
) -> Vec<XrefLine> {
    use rustc_hash::FxHashMap;
    let bodies = file_body_references(db, file);
    if bodies.is_empty() {
        return lines;
    }
    let mut by_name: FxHashMap<&str, u32> = FxHashMap::default();
    let mut local_ids: FxHashMap<TextSize, u32> = FxHashMap::default();
    // A structured binding's hidden variable is named by its declaration's line: EDG numbers
    // them across the unit in the order it declares them, which the walk follows (a body
    // alone cannot count those before it).
    let mut binding_names: FxHashMap<TextSize, &str> = FxHashMap::default();
    let mut next_id = 0;
    for l in &lines {
        next_id = next_id.max(l.entity);
        if matches!(l.kind, 'D' | 'd') {
            by_name.entry(l.name.as_str()).or_insert(l.entity);
            local_ids.entry(l.offset).or_insert(l.entity);
            if l.name.starts_with(STRUCTURED_BINDING) {
                binding_names.insert(l.offset, l.name.as_str());
            }
        }
    }
    // Lines by offset, to find the insertion point of a body's references.
    let mut order: Vec<(TextSize, usize)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.offset, i))
        .collect();
    // The indices make the keys unique: an unstable sort gives the stable one's order.
    order.sort_unstable();
    // Whether the walk wrote the reference's line already: looked up among the lines at its
    // offset (a set of every line's name, kind and offset cost more than the lookups).
    let present = |r: &BodyReference<'_>, name: &str| {
        let from = order.partition_point(|(o, _)| *o < r.offset);
        order[from..]
            .iter()
            .take_while(|(o, _)| *o == r.offset)
            .any(|&(_, i)| lines[i].kind == r.kind && lines[i].name == name)
    };
    let mut fresh: FxHashMap<Target<'db>, u32> = FxHashMap::default();
    // (insert after line index, the reference)
    let mut inserts: Vec<(usize, TextSize, XrefLine)> = Vec::new();
    for (start, end, refs) in bodies {
        let (start, end) = (TextSize::from(start), TextSize::from(end));
        let lo = order.partition_point(|(o, _)| *o < start);
        let hi = order.partition_point(|(o, _)| *o < end);
        let in_body = &order[lo..hi];
        // The last line (by index) among the body's lines up to each offset: `latest[k]` is
        // the greatest index of `in_body[..=k]` (scanning the prefix for every reference was
        // quadratic in a body's lines).
        let latest: Vec<usize> = if refs.is_empty() {
            Vec::new()
        } else {
            in_body
                .iter()
                .scan(0, |max, &(_, i)| {
                    *max = i.max(*max);
                    Some(*max)
                })
                .collect()
        };
        for r in refs {
            let name = match r.target {
                Target::Local(at) if r.name.starts_with(STRUCTURED_BINDING) => {
                    binding_names.get(&at).copied().unwrap_or(r.name.as_str())
                }
                _ => r.name.as_str(),
            };
            if present(r, name) {
                continue;
            }
            let known = match r.target {
                Target::Local(at) => local_ids.get(&at).copied(),
                _ => by_name.get(r.name.as_str()).copied(),
            };
            let entity = known.unwrap_or_else(|| {
                *fresh.entry(r.target).or_insert_with(|| {
                    next_id += 1;
                    next_id
                })
            });
            let before = in_body.partition_point(|(o, _)| *o <= r.offset);
            let after = before
                .checked_sub(1)
                .map(|k| latest[k])
                .or_else(|| in_body.iter().map(|(_, i)| *i).min())
                .unwrap_or(lines.len().saturating_sub(1));
            inserts.push((
                after,
                r.offset,
                XrefLine {
                    entity,
                    name: name.to_string(),
                    kind: r.kind,
                    offset: r.offset,
                },
            ));
        }
    }
    inserts.sort_by_key(|(after, offset, _)| (*after, *offset));
    let mut out = Vec::with_capacity(lines.len() + inserts.len());
    let mut inserts = inserts.into_iter().peekable();
    for (i, line) in lines.into_iter().enumerate() {
        out.push(line);
        while let Some((_, _, l)) = inserts.next_if(|(after, _, _)| *after == i) {
            out.push(l);
        }
    }
    out.extend(inserts.map(|(_, _, l)| l));
    out
}

/// How the hidden variable of a structured binding declaration is named (`<struct binding 3>`).
const STRUCTURED_BINDING: &str = "<struct binding ";
