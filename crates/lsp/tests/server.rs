//! The language server end to end, over an in-memory connection: a document is opened with a
//! cross-space call and an unused static device function, edited (unsaved text) until it is
//! clean, broken again, and closed. What nvcc says about the first text (`nvcc -c
//! -arch=sm_90`, 13.0.88): the device pass (cicc) reports a 177 warning on line 3 and two
//! errors on line 2; the host pass reports nothing.
mod common;

use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, Initialized,
    Notification as _,
};
use lsp_types::request::{Initialize, Request as _, Shutdown};
use lsp_types::{DiagnosticSeverity, NumberOrString, PublishDiagnosticsParams, Uri};
use serde_json::json;

/// (line, start, end, severity, code, source, message) of each diagnostic.
type Summary = (u32, u32, u32, DiagnosticSeverity, String, String, String);

fn summary(p: &PublishDiagnosticsParams) -> Vec<Summary> {
    p.diagnostics
        .iter()
        .map(|d| {
            let code = match &d.code {
                Some(NumberOrString::String(s)) => s.clone(),
                Some(NumberOrString::Number(n)) => n.to_string(),
                None => String::new(),
            };
            (
                d.range.start.line,
                d.range.start.character,
                d.range.end.character,
                d.severity.unwrap(),
                code,
                d.source.clone().unwrap_or_default(),
                d.message.clone(),
            )
        })
        .collect()
}

#[test]
fn diagnostics_follow_the_unsaved_text() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.cu");
    // On disk: a clean program. The editor's unsaved text is what must be checked.
    std::fs::write(&path, "__global__ void k() {}\n").unwrap();
    let uri: Uri = format!("file://{}", path.display()).parse().unwrap();

    let (mut client, thread) = common::start(tc.root().to_path_buf(), vec!["-arch=sm_90".into()]);
    let init = client.request(
        Initialize::METHOD,
        json!({ "capabilities": {}, "initializationOptions": { "nvccArgs": ["-std=c++17"] } }),
    );
    assert_eq!(init["capabilities"]["textDocumentSync"]["change"], json!(1));
    client.notify(Initialized::METHOD, json!({}));

    let first = "__host__ int h() { return 1; }\n\
                 __global__ void k(int *p) { *p = h(); }\n\
                 static __device__ void unused_fn() {}\n";
    client.notify(
        DidOpenTextDocument::METHOD,
        json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": first } }),
    );
    let published = client.diagnostics();
    assert_eq!(published.version, Some(1));
    let warning = (
        2,
        23,
        32,
        DiagnosticSeverity::WARNING,
        "177-D".to_string(),
        "nvcc (cicc)".to_string(),
        "function \"unused_fn\" was declared but never referenced".to_string(),
    );
    let got = summary(&published);
    assert_eq!(got.len(), 3, "{got:#?}");
    assert_eq!(got[0], warning);
    let errors: Vec<(u32, DiagnosticSeverity, &str, &str)> = got[1..]
        .iter()
        .map(|d| (d.0, d.3, d.5.as_str(), d.6.as_str()))
        .collect();
    assert_eq!(
        errors,
        [
            (
                1,
                DiagnosticSeverity::ERROR,
                "nvcc (cicc)",
                "calling a __host__ function(\"h()\") from a __global__ function(\"k\") is not allowed"
            ),
            (
                1,
                DiagnosticSeverity::ERROR,
                "nvcc (cicc)",
                "identifier \"h\" is undefined in device code"
            ),
        ]
    );

    // Two quick edits: coalesced or not, the last text wins and is clean.
    let second = "__host__ __device__ int h() { return 1; }\n\
                  __global__ void k(int *p) { *p = h(); }\n";
    for (version, text) in [(2, first), (3, second)] {
        client.notify(
            DidChangeTextDocument::METHOD,
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "text": text }] }),
        );
    }
    let mut published = client.diagnostics();
    while published.version != Some(3) {
        published = client.diagnostics();
    }
    assert_eq!(summary(&published), []);

    // A syntax error, from the host pass: the device pass does not run.
    let third = "__global__ void k(int *p) { *p = ; }\n";
    client.notify(
        DidChangeTextDocument::METHOD,
        json!({ "textDocument": { "uri": uri, "version": 4 },
                "contentChanges": [{ "text": third }] }),
    );
    let published = client.diagnostics();
    assert_eq!(published.version, Some(4));
    let got = summary(&published);
    assert!(
        !got.is_empty()
            && got
                .iter()
                .all(|d| d.0 == 0 && d.3 == DiagnosticSeverity::ERROR && d.5 == "nvcc (cudafe++)"),
        "{got:#?}"
    );

    client.notify(
        DidCloseTextDocument::METHOD,
        json!({ "textDocument": { "uri": uri } }),
    );
    assert_eq!(summary(&client.diagnostics()), []);
    client.request(Shutdown::METHOD, json!(null));
    client.notify(Exit::METHOD, json!(null));
    thread.join().unwrap().unwrap();
}
