//! Mangler round trip: for every valid name of the corpora, demangle -> AST -> mangle must
//! give back the input bytes. The rate is printed and asserted against the level reached.
//! Set `MANGLE_DUMP=1` to print the mismatches.

use std::collections::BTreeSet;

#[path = "../../demangle/tests/common/mod.rs"]
mod common;

fn names(file: &str) -> Option<BTreeSet<Vec<u8>>> {
    let data = common::read_corpus(file)?;
    Some(
        data.split(|&b| b == b'\n')
            .filter_map(|l| l.split(|&b| b == b'\t').next())
            .filter(|n| n.starts_with(b"_Z") || n.starts_with(b"__nv_static_"))
            .map(<[u8]>::to_vec)
            .collect(),
    )
}

fn round_trip(file: &str) -> Option<(usize, usize)> {
    let names = names(file)?;
    let (mut total, mut ok) = (0, 0);
    let dump = std::env::var_os("MANGLE_DUMP").is_some();
    for n in &names {
        let Ok(parsed) = demangle::parse(n, false) else {
            continue;
        };
        total += 1;
        match mangle::mangle(&parsed.ast, parsed.root) {
            Ok(m) if m.as_bytes() == n.as_slice() => ok += 1,
            res if dump => println!("RT {}\n   -> {:?}", String::from_utf8_lossy(n), res),
            _ => {}
        }
    }
    println!(
        "{file}: round trip {ok}/{total} = {:.2}%",
        100.0 * ok as f64 / total.max(1) as f64
    );
    Some((ok, total))
}

#[test]
fn mangle_round_trips_llvm_corpus() {
    let Some((ok, total)) = round_trip("llvm.tsv") else {
        return;
    };
    // Floors at the level reached, so that a regression fails.
    assert!(ok >= 29273, "round trip regressed: {ok}/{total}");
}

#[test]
fn mangle_round_trips_libiberty_corpus() {
    let Some((ok, total)) = round_trip("libiberty.tsv") else {
        return;
    };
    assert!(ok >= 262, "round trip regressed: {ok}/{total}");
}

#[test]
fn mangle_round_trips_cuda_corpus() {
    let Some((ok, total)) = round_trip("cuda.tsv") else {
        return;
    };
    assert_eq!(ok, total, "every cuda.tsv name round-trips");
}

/// A source name spelled like a builtin type stays a name: the fuzzer found `_Z9long long`
/// re-mangled as the type `x`.
#[test]
fn source_names_spelled_like_builtin_types_stay_names() {
    for name in [
        "_Z9long long",
        "_Z3intv",
        "_Z1f3int",
        "_Z1fi3int",
        "_ZN3int4voidEv",
        "_Z1fI4boolbEvv",
        "_GLOBAL__I_3int",
    ] {
        let parsed = demangle::parse(name.as_bytes(), false).unwrap();
        let remangled = mangle::mangle(&parsed.ast, parsed.root);
        assert_eq!(remangled.as_deref(), Ok(name), "{name}");
    }
}

#[test]
fn a_vector_dimension_that_would_read_as_a_number_is_not_mangled() {
    // Found by the fuzzer: `Dv02Ar_` has the expression `2Ar` (a source-name with a leading
    // zero in its length) as its dimension; written back without the zero it would read as
    // the dimension 2. The mangler declines instead.
    let parsed = demangle::parse(b"_Z1GDv02Ar_z", false).expect("parses as LLVM does");
    assert!(mangle::mangle(&parsed.ast, parsed.root).is_err());
    let parsed = demangle::parse(b"_Z1GDv4_f", false).unwrap();
    assert_eq!(
        mangle::mangle(&parsed.ast, parsed.root).unwrap(),
        "_Z1GDv4_f"
    );
}

#[test]
fn a_nested_name_starting_with_r_and_no_qualifiers_is_not_mangled() {
    // Found by the fuzzer: `NRrmE` is a one-component nested name (`operator%`) with a ref
    // qualifier, which a type does not print. Written back without the qualifier, `NrmE`
    // would read its `r` as `restrict`; the mangler declines rather than mean something else.
    let parsed = demangle::parse(b"_ZltNRrmEs", false).expect("parses as LLVM does");
    assert!(mangle::mangle(&parsed.ast, parsed.root).is_err());
    // A member operator `%` has a class before it and still mangles.
    let parsed = demangle::parse(b"_ZN1ArmEi", false).unwrap();
    assert_eq!(
        mangle::mangle(&parsed.ast, parsed.root).unwrap(),
        "_ZN1ArmEi"
    );
}
