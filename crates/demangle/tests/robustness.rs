//! Hostile input: the demangler returns an error instead of overflowing the stack, producing
//! exponential output, or panicking.

mod common;

use demangle::{DemangleError, DemangleOptions, Style, demangle_bytes};

fn all_styles() -> [DemangleOptions; 3] {
    [Style::Gnu, Style::Llvm, Style::Nvidia].map(|style| DemangleOptions {
        style,
        params: true,
        types: true,
    })
}

/// `S<seq-id>_` for substitution `index`.
fn sub(index: usize) -> String {
    if index == 0 {
        return "S_".into();
    }
    let mut n = index - 1;
    let mut digits = Vec::new();
    loop {
        let d = (n % 36) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    format!("S{}_", String::from_utf8(digits).unwrap())
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for (open, close) in [
        ("P", ""),
        ("PF", "E"),
        ("N1aI", "EE"),
        ("Dp", ""),
        ("A_", ""),
    ] {
        let name = format!("_Z1f{}i{}", open.repeat(20_000), close.repeat(20_000));
        for opts in all_styles() {
            assert!(demangle_bytes(name.as_bytes(), &opts).is_err(), "{open}");
        }
    }
    // Moderate nesting still works.
    let name = format!("_Z1f{}i", "P".repeat(100));
    assert!(
        demangle_bytes(name.as_bytes(), &DemangleOptions::default())
            .unwrap()
            .ends_with(&format!("{})", "*".repeat(100)))
    );
}

#[test]
fn deep_ast_through_substitutions_is_an_error() {
    // `PS0_`, `PS1_`... each wraps the previous type once more: the parse stays shallow while
    // the AST (and its printing) gets 5000 levels deep.
    let mut name = String::from("_Z1fPi");
    for i in 0..5000 {
        name += &format!("P{}", sub(i));
    }
    for opts in all_styles() {
        assert_eq!(
            demangle_bytes(name.as_bytes(), &opts),
            Err(DemangleError::TooLarge)
        );
    }
    let parsed = demangle::parse(name.as_bytes(), false).unwrap();
    // The mangler writes the substitutions back, so it stays shallow.
    assert_eq!(mangle::mangle(&parsed.ast, parsed.root).unwrap(), name);
}

#[test]
fn substitution_bomb_is_rejected_quickly() {
    // Each level is a template whose two arguments are the previous level: 2^60 leaves.
    let mut name = String::from("_Z1f1AIiiE");
    let mut prev = 1; // S0_ is A<int, int>
    for level in 0..60 {
        name += &format!(
            "1{}I{}{}E",
            (b'B' + (level % 20) as u8) as char,
            sub(prev),
            sub(prev)
        );
        prev += 2;
    }
    let start = std::time::Instant::now();
    for opts in all_styles() {
        assert_eq!(
            demangle_bytes(name.as_bytes(), &opts),
            Err(DemangleError::TooLarge)
        );
    }
    assert!(
        start.elapsed() < std::time::Duration::from_secs(20),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A deterministic xorshift stream of names built from mangling alphabet fragments.
    let fragments: &[&[u8]] = &[
        b"_Z",
        b"N",
        b"E",
        b"I",
        b"S_",
        b"S0_",
        b"T_",
        b"TL0__",
        b"Z",
        b"1a",
        b"3foo",
        b"P",
        b"R",
        b"O",
        b"K",
        b"F",
        b"v",
        b"i",
        b"c",
        b"Dp",
        b"Dt",
        b"DT",
        b"X",
        b"L",
        b"Li1E",
        b"cl",
        b"cv",
        b"Ul",
        b"Ut_",
        b"C1",
        b"D0",
        b"B3tag",
        b"St",
        b"Sa",
        b"sr",
        b"fp_",
        b"J",
        b"Unvdl1_",
        b"Unvhdl0_0_0_1_",
        b"_",
        b"0",
        b"9",
        b"\xff",
        b"W",
        b"Q",
        b"rq",
        b"dn",
        b"on",
        b"tl",
        b"il",
        b"so",
        b"mc",
        b"nw",
        b"pi",
        b"Ty",
        b"Tn",
        b"Tk",
        b"GV",
        b"TV",
        b"Th",
        b"__nv_static_3_abc_",
    ];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut accepted = 0;
    // `MANGLE_RANDOM_NAMES=N` runs a longer campaign.
    let count = std::env::var("MANGLE_RANDOM_NAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30_000);
    for _ in 0..count {
        let mut input = b"_Z".to_vec();
        for _ in 0..(next() % 24) {
            input.extend_from_slice(fragments[(next() % fragments.len() as u64) as usize]);
        }
        for opts in all_styles() {
            if let Ok(text) = demangle_bytes(&input, &opts) {
                accepted += 1;
                assert!(!text.is_empty());
            }
        }
        if let Ok(parsed) = demangle::parse(&input, false) {
            // Whatever parses must either mangle to a name with the same meaning, or decline.
            let opts = DemangleOptions {
                style: Style::Llvm,
                params: true,
                types: false,
            };
            if let (Ok(printed), Ok(remangled)) = (
                demangle::print(&parsed, &opts),
                mangle::mangle(&parsed.ast, parsed.root),
            ) {
                assert_eq!(
                    demangle::demangle(&remangled, &opts).as_ref(),
                    Ok(&printed),
                    "{}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
    }
    println!("random names accepted: {accepted}");
}

#[test]
fn mutated_corpus_names_never_panic() {
    let Some(data) = common::read_corpus("llvm.tsv") else {
        return;
    };
    let names: Vec<&[u8]> = data
        .split(|&b| b == b'\n')
        .filter_map(|l| l.split(|&b| b == b'\t').next())
        .step_by(7)
        .collect();
    let mut state: u64 = 0xDEAD_BEEF_CAFE_F00D;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    let alphabet = b"_ZNESIJXLTDKVRPOFvicd0123456789ABZ";
    for name in names {
        let rounds = std::env::var("MANGLE_MUTATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(3);
        for _ in 0..rounds {
            let mut m = name.to_vec();
            match next(4) {
                0 if !m.is_empty() => {
                    let i = next(m.len());
                    m[i] = alphabet[next(alphabet.len())];
                }
                1 => {
                    let n = m.len();
                    m.truncate(next(n + 1));
                }
                2 if !m.is_empty() => {
                    let (i, j) = (next(m.len()), next(m.len()));
                    let (a, b) = (i.min(j), i.max(j));
                    let chunk = m[a..b].to_vec();
                    m.splice(b..b, chunk);
                }
                _ => {
                    let i = next(m.len() + 1);
                    m.insert(i, alphabet[next(alphabet.len())]);
                }
            }
            for opts in all_styles() {
                let _ = demangle_bytes(&m, &opts);
            }
            if let Ok(parsed) = demangle::parse(&m, true) {
                let opts = DemangleOptions {
                    style: Style::Llvm,
                    params: true,
                    types: true,
                };
                if let (Ok(printed), Ok(remangled)) = (
                    demangle::print(&parsed, &opts),
                    mangle::mangle(&parsed.ast, parsed.root),
                ) {
                    assert_eq!(
                        demangle::demangle(&remangled, &opts).as_ref(),
                        Ok(&printed),
                        "{} re-mangled as {remangled}",
                        String::from_utf8_lossy(&m)
                    );
                }
            }
        }
    }
}

#[test]
fn huge_default_argument_index_is_an_error() {
    // Found by the fuzzer: `d<number>_` with the largest u64 overflowed adding one (a panic
    // in builds with overflow checks).
    for options in all_styles() {
        let result = demangle_bytes(b"_ZZ1tEd18446744073709551615_1x", &options);
        assert!(result.is_err(), "{result:?}");
    }
    let ok = demangle_bytes(b"_ZZ1tEd18446744073709551614_1x", &all_styles()[0]);
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn the_largest_unnamed_type_and_closure_numbers_print_without_overflow() {
    // Found by the fuzzer: `Ut<n>_` and `Ul...E<n>_` are 1-based counts of n + 1; with n one
    // below u64::MAX the printers' `#n+2`/`(instance n+2)` overflowed u64.
    let n = u64::MAX - 1;
    for opts in all_styles() {
        let unnamed = demangle_bytes(format!("_Z1fN1AUt{n}_E").as_bytes(), &opts).unwrap();
        let closure = demangle_bytes(format!("_ZZ1gvENKUlvE{n}_clEv").as_bytes(), &opts).unwrap();
        let (u, c) = match opts.style {
            Style::Gnu => (
                "{unnamed type#18446744073709551616}",
                "{lambda()#18446744073709551616}",
            ),
            Style::Nvidia => (
                "[unnamed type (instance 18446744073709551616)]",
                "[lambda() (instance 18446744073709551616)]",
            ),
            Style::Llvm => (
                "'unnamed18446744073709551614'",
                "'lambda18446744073709551614'",
            ),
        };
        assert!(unnamed.contains(u), "{unnamed}");
        assert!(closure.contains(c), "{closure}");
    }
}
