//! Hover, go to definition and find references end to end, over an in-memory connection: the
//! server checks the document (host and device views, as `nvcc -c`) and answers from the host
//! view's `.ii` through the semantic facade, positions mapped through its line markers.
mod common;

use lsp_types::Uri;
use lsp_types::notification::{
    DidChangeTextDocument, DidOpenTextDocument, Exit, Initialized, Notification as _,
};
use lsp_types::request::{
    GotoDefinition, HoverRequest, Initialize, References, Request as _, Shutdown,
};
use serde_json::{Value, json};

/// `[line, start, end]` of an LSP range.
fn span(range: &Value) -> [u64; 3] {
    [
        range["start"]["line"].as_u64().unwrap(),
        range["start"]["character"].as_u64().unwrap(),
        range["end"]["character"].as_u64().unwrap(),
    ]
}

#[test]
fn hover_definition_and_references() {
    let Some(tc) = toolchain::Toolchain::installed() else {
        eprintln!("note: NVIDIA toolchain not installed (cargo xtask nvidia-toolchain); skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nav.cu");
    let text = "#include <cstdio>\n\
                __device__ float scale(float x) { return 2.0f * x; }\n\
                __global__ void k(float *p) {\n\
                \x20   float v = p[0];\n\
                \x20   p[0] = scale(v) + scale(1.0f);\n\
                }\n\
                int main() { k<<<1, 1>>>(nullptr); printf(\"%d\\n\", 1); }\n";
    std::fs::write(&path, text).unwrap();
    let uri: Uri = format!("file://{}", path.display()).parse().unwrap();

    let (mut client, thread) = common::start(tc.root().to_path_buf(), vec!["-arch=sm_90".into()]);
    let init = client.request(Initialize::METHOD, json!({ "capabilities": {} }));
    assert_eq!(init["capabilities"]["hoverProvider"], json!(true));
    assert_eq!(init["capabilities"]["definitionProvider"], json!(true));
    client.notify(Initialized::METHOD, json!({}));
    client.notify(
        DidOpenTextDocument::METHOD,
        json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }),
    );
    let at = |line: u32, character: u32| json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } });

    // The first call of `scale` (line 4, `scale(v)` at column 11).
    let hover = client.request(HoverRequest::METHOD, at(4, 13));
    assert_eq!(
        hover["contents"]["value"],
        json!("```cuda\n__device__ float scale(float)\n```")
    );
    assert_eq!(span(&hover["range"]), [4, 11, 16]);
    let definition = client.request(GotoDefinition::METHOD, at(4, 13));
    assert_eq!(definition["uri"], json!(uri));
    assert_eq!(span(&definition["range"]), [1, 17, 22]);
    let mut params = at(4, 13);
    params["context"] = json!({ "includeDeclaration": true });
    let references = client.request(References::METHOD, params);
    let spans: Vec<[u64; 3]> = references
        .as_array()
        .unwrap()
        .iter()
        .map(|l| span(&l["range"]))
        .collect();
    assert_eq!(spans, [[1, 17, 22], [4, 11, 16], [4, 22, 27]]);

    // The local `v` passed to it: its type, value category and declarator.
    let hover = client.request(HoverRequest::METHOD, at(4, 17));
    assert_eq!(
        hover["contents"]["value"],
        json!("```cuda\nfloat v\nexpression: float (lvalue)\n```")
    );
    let definition = client.request(GotoDefinition::METHOD, at(4, 17));
    assert_eq!(span(&definition["range"]), [3, 10, 11]);

    // A header's function: its declaration is in the header the `.ii` came from.
    let definition = client.request(GotoDefinition::METHOD, at(6, 37));
    let target = definition["uri"].as_str().unwrap_or_default();
    assert!(target.ends_with("stdio.h"), "{definition}");

    // Nothing at a keyword or a literal.
    assert_eq!(client.request(HoverRequest::METHOD, at(3, 5)), Value::Null);
    assert_eq!(client.request(HoverRequest::METHOD, at(4, 29)), Value::Null);

    // An edit not yet checked when the request comes: the answer is about the new text.
    let edited = text.replace("    float v = p[0];", "    double v = p[0];");
    client.notify(
        DidChangeTextDocument::METHOD,
        json!({ "textDocument": { "uri": uri, "version": 2 },
                "contentChanges": [{ "text": edited }] }),
    );
    let hover = client.request(HoverRequest::METHOD, at(4, 17));
    assert_eq!(
        hover["contents"]["value"],
        json!("```cuda\ndouble v\nexpression: double (lvalue)\n```")
    );
    let definition = client.request(GotoDefinition::METHOD, at(4, 17));
    assert_eq!(span(&definition["range"]), [3, 11, 12]);

    client.request(Shutdown::METHOD, json!(null));
    client.notify(Exit::METHOD, json!(null));
    thread.join().unwrap().unwrap();
}
