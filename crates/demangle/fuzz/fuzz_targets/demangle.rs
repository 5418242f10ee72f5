//! Demangle arbitrary bytes in every dialect: never panic, never hang. Where a name parses,
//! the mangler must either reproduce a name that demangles to the same text or decline.
#![no_main]

use libfuzzer_sys::fuzz_target;
use demangle::{DemangleOptions, Style};

fuzz_target!(|data: &[u8]| {
    for style in [Style::Gnu, Style::Llvm, Style::Nvidia] {
        for (params, types) in [(true, false), (false, true)] {
            let _ = demangle::demangle_bytes(
                data,
                &DemangleOptions {
                    style,
                    params,
                    types,
                },
            );
        }
    }
    let _ =
        demangle::filter::demangle_text(&String::from_utf8_lossy(data), &DemangleOptions::default());
    let Ok(parsed) = demangle::parse(data, false) else {
        return;
    };
    let opts = DemangleOptions {
        style: Style::Llvm,
        params: true,
        types: false,
    };
    let Ok(printed) = demangle::print(&parsed, &opts) else {
        return;
    };
    if let Ok(remangled) = mangle::mangle(&parsed.ast, parsed.root) {
        // Consistency: the re-mangled name means the same thing.
        match demangle::demangle(&remangled, &opts) {
            Ok(again) => assert_eq!(again, printed, "{remangled}"),
            Err(e) => panic!("re-mangled {remangled} does not demangle: {e}"),
        }
    }
});
