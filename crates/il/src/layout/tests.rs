use std::sync::Arc;

use expect_test::{Expect, expect};

use super::generate::{self, generate_case};
use super::*;

fn scalar(size: u64, align: u64) -> FieldType {
    FieldType::Scalar(SizeAlign::new(size, align))
}
const CHAR: (u64, u64) = (1, 1);
const INT: (u64, u64) = (4, 4);
const LONG: (u64, u64) = (8, 8);

fn fields(key: RecordKey, tys: &[(u64, u64)]) -> RecordDesc {
    let mut d = RecordDesc::new(key, RecordKind::Struct);
    d.fields = tys
        .iter()
        .map(|&(s, a)| FieldDesc::new(scalar(s, a)))
        .collect();
    d
}

fn check(desc: &RecordDesc, expect: Expect) {
    let l = layout_record(desc);
    expect.assert_eq(&format!(
        "size {} align {} dsize {} nvsize {} fields(bits) {:?} bases {:?}",
        l.size, l.align, l.data_size, l.nv_size, l.field_offsets, l.base_offsets
    ));
}

#[test]
fn plain_struct_pads_to_alignment() {
    check(
        &fields(0, &[CHAR, INT, CHAR]),
        expect!["size 12 align 4 dsize 12 nvsize 12 fields(bits) [0, 32, 64] bases []"],
    );
}

#[test]
fn tail_padding_of_non_pod_base_is_reused() {
    let mut base = fields(0, &[INT, CHAR]);
    base.non_pod = true;
    let base = Arc::new(layout_record(&base));
    let mut derived = fields(1, &[CHAR]);
    derived.bases.push(BaseDesc {
        layout: base.clone(),
        is_virtual: false,
    });
    check(
        &derived,
        expect!["size 8 align 4 dsize 6 nvsize 6 fields(bits) [40] bases [0]"],
    );

    // The same base as a C++03 POD keeps its tail padding.
    let pod = Arc::new(layout_record(&fields(2, &[INT, CHAR])));
    derived.bases[0].layout = pod;
    check(
        &derived,
        expect!["size 12 align 4 dsize 9 nvsize 9 fields(bits) [64] bases [0]"],
    );
}

#[test]
fn empty_base_moves_when_a_member_of_its_type_is_at_offset_zero() {
    let empty = Arc::new(layout_record(&RecordDesc::new(0, RecordKind::Struct)));
    let mut d = RecordDesc::new(1, RecordKind::Struct);
    d.bases.push(BaseDesc {
        layout: empty.clone(),
        is_virtual: false,
    });
    d.fields
        .push(FieldDesc::new(FieldType::Record(empty.clone())));
    check(
        &d,
        expect!["size 2 align 1 dsize 2 nvsize 2 fields(bits) [8] bases [0]"],
    );
}

#[test]
fn vptr_and_virtual_base() {
    let base = Arc::new(layout_record(&fields(0, &[INT])));
    let mut d = fields(1, &[CHAR]);
    d.bases.push(BaseDesc {
        layout: base,
        is_virtual: true,
    });
    check(
        &d,
        expect!["size 16 align 8 dsize 9 nvsize 9 fields(bits) [64] bases [12]"],
    );
}

#[test]
fn bit_fields_do_not_straddle_their_unit() {
    let mut d = RecordDesc::new(0, RecordKind::Struct);
    d.fields
        .push(FieldDesc::bit_field(scalar(INT.0, INT.1), 30));
    d.fields.push(FieldDesc::bit_field(scalar(INT.0, INT.1), 3));
    d.fields
        .push(FieldDesc::bit_field(scalar(CHAR.0, CHAR.1), 4));
    d.fields.push(FieldDesc::new(scalar(LONG.0, LONG.1)));
    check(
        &d,
        expect!["size 16 align 8 dsize 16 nvsize 16 fields(bits) [0, 32, 35, 64] bases []"],
    );
}

#[test]
fn packed_and_aligned() {
    let mut d = fields(0, &[CHAR, LONG]);
    d.packed = true;
    check(
        &d,
        expect!["size 9 align 1 dsize 9 nvsize 9 fields(bits) [0, 8] bases []"],
    );
    d.aligned = Some(4);
    check(
        &d,
        expect!["size 12 align 4 dsize 12 nvsize 12 fields(bits) [0, 8] bases []"],
    );
}

/// Replays the fixed seeds: every class layout in the snapshot was confirmed by g++ when
/// `cargo xtask layout-check --bless` wrote it, and the engine must still compute it.
#[test]
fn generated_cases_match_g_plus_plus_confirmed_layouts() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/layout_generated.txt");
    let confirmed = std::fs::read_to_string(&path).unwrap();
    let ours: std::collections::HashMap<String, String> = (0..generate::FIXED_SEEDS)
        .flat_map(|seed| generate::summary_lines(&generate_case(seed)))
        .map(|line| (line.split(' ').next().unwrap().to_string(), line))
        .collect();
    let mut differ = Vec::new();
    for line in confirmed.lines() {
        let name = line.split(' ').next().unwrap();
        if ours.get(name).map(|l| l.trim_end()) != Some(line) {
            differ.push(format!(
                "g++: {line}\nours: {}",
                ours.get(name).map_or("(no such class)", |l| l.trim_end())
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} layouts changed:\n{}",
        differ.len(),
        ours.len(),
        differ.join("\n")
    );
    // The snapshot must cover nearly all generated classes, or it proves little.
    let covered = confirmed.lines().count();
    assert!(
        covered * 100 >= ours.len() * 99,
        "only {covered} of {} classes confirmed",
        ours.len()
    );
}
