//! Arbitrary bytes as a main file (and, split at the first NUL, as a header it may include):
//! the preprocessor must finish without panicking, whatever the input.
#![no_main]
use std::collections::BTreeMap;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use preprocessor::lexer::{LexMode, LexedFile, lex};
use preprocessor::options::{FileSystem, Options, SearchDir};

struct MapFs(BTreeMap<String, String>);

impl FileSystem for MapFs {
    fn lexed(&mut self, path: &str, mode: LexMode) -> Option<Arc<LexedFile>> {
        self.0.get(path).map(|t| Arc::new(lex(t, mode)))
    }
    fn identity(&mut self, path: &str) -> String {
        path.to_string()
    }
    fn shorter_path(&mut self, _: &str) -> Option<String> {
        None
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (main, header) = text.split_once('\0').unwrap_or((&text, "#define H 1\n"));
    let mut files = BTreeMap::new();
    files.insert("/v/main.cu".to_string(), main.to_string());
    files.insert("/v/h.h".to_string(), header.to_string());
    let options = Options {
        main: "/v/main.cu".into(),
        predefined: Arc::from(preprocessor::predefined::predefined_macros(None).unwrap()),
        macros: Vec::new(),
        quote_dirs: Vec::new(),
        bracket_dirs: vec![SearchDir { path: "/v".into(), sysp: 2 }],
        forced_includes: Vec::new(),
        lex_mode: LexMode { cxx20: data.first().is_some_and(|b| b & 1 == 1) },
        iso: false,
        cplusplus: 201703,
    };
    let _ = preprocessor::preprocess(&options, &mut MapFs(files));
});
