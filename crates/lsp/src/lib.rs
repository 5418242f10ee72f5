//! `cufe lsp`: a language server that shows nvcc's verdict while the user types. Each open
//! `.cu` document is checked as `cufe check` checks it (both of nvcc's passes, the same
//! numbers and texts), from its unsaved text, in one warm database, and the findings are
//! published as LSP diagnostics.
//!
//! The nvcc options come from the command line (`cufe lsp -- -arch=sm_90 -Iinc`) and from the
//! client's `initializationOptions` (`{"nvccArgs": [...]}`), in that order.
//!
//! Changes are coalesced: every message already queued is handled before a document is
//! checked again, so a burst of keystrokes costs one check.
//!
//! Hover, go to definition and find references are answered by the semantic facade over the
//! unit last checked ([`navigation`]); a request after an edit first brings the document's
//! check up to date.
use std::path::{Path, PathBuf};

use lsp_server::{Connection, ErrorCode, Message, Notification, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    Position, PublishDiagnosticsParams, Range, SaveOptions, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use rustc_hash::FxHashMap;

pub mod navigation;
pub mod verdict;
pub mod views;

use verdict::{Checker, Finding, Reporter, Severity};

/// What the server is started with.
pub struct Config {
    /// The toolchain root holding `include/cuda_runtime.h`.
    pub cuda_root: PathBuf,
    /// nvcc options applied to every document.
    pub nvcc_args: Vec<String>,
}

/// An open document.
struct Document {
    uri: Uri,
    text: String,
    version: i32,
}

/// Runs the server on `connection` until the client shuts it down.
pub fn run(connection: &Connection, mut config: Config) -> anyhow::Result<()> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..Default::default()
            },
        )),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp_types::OneOf::Left(true)),
        references_provider: Some(lsp_types::OneOf::Left(true)),
        ..Default::default()
    };
    let params = connection.initialize(serde_json::to_value(capabilities)?)?;
    if let Some(args) = params
        .get("initializationOptions")
        .and_then(|o| o.get("nvccArgs"))
        .and_then(|a| a.as_array())
    {
        config
            .nvcc_args
            .extend(args.iter().filter_map(|a| a.as_str().map(str::to_string)));
    }
    let mut server = Server {
        checker: Checker::new(&config.cuda_root),
        config,
        documents: FxHashMap::default(),
        dirty: Vec::new(),
    };
    loop {
        let Ok(message) = connection.receiver.recv() else {
            return Ok(());
        };
        if server.handle(connection, message)? {
            return Ok(());
        }
        // Coalesce: handle what is already queued before checking.
        while let Ok(message) = connection.receiver.try_recv() {
            if server.handle(connection, message)? {
                return Ok(());
            }
        }
        server.publish_dirty(connection)?;
    }
}

struct Server {
    checker: Checker,
    config: Config,
    documents: FxHashMap<PathBuf, Document>,
    /// Documents to check again, in the order they changed.
    dirty: Vec<PathBuf>,
}

impl Server {
    /// Handles one message; `true` when the server should stop.
    fn handle(&mut self, connection: &Connection, message: Message) -> anyhow::Result<bool> {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(true);
                }
                let response = self.request(connection, request)?;
                connection.sender.send(response.into())?;
            }
            Message::Notification(n) => self.notification(connection, n)?,
            Message::Response(_) => {}
        }
        Ok(false)
    }

    /// Answers hover, go to definition and references; other requests are refused.
    fn request(
        &mut self,
        connection: &Connection,
        request: lsp_server::Request,
    ) -> anyhow::Result<Response> {
        use lsp_types::request::{GotoDefinition, HoverRequest, References, Request as _};
        // The position asked about, and for references whether to list the declaration.
        let position = match request.method.as_str() {
            HoverRequest::METHOD | GotoDefinition::METHOD => {
                serde_json::from_value::<lsp_types::TextDocumentPositionParams>(request.params)
                    .ok()
                    .map(|p| (p, false))
            }
            References::METHOD => {
                serde_json::from_value::<lsp_types::ReferenceParams>(request.params)
                    .ok()
                    .map(|p| (p.text_document_position, p.context.include_declaration))
            }
            _ => {
                return Ok(Response::new_err(
                    request.id,
                    ErrorCode::MethodNotFound as i32,
                    format!("cufe lsp does not answer {}", request.method),
                ));
            }
        };
        let Some((position, include_declaration)) = position else {
            return Ok(Response::new_err(
                request.id,
                ErrorCode::InvalidParams as i32,
                format!("{}: no text document position", request.method),
            ));
        };
        // Answer about the text the user sees: an edit not yet checked is checked first.
        self.publish_dirty(connection)?;
        let answer = self.answer(&position, request.method == References::METHOD);
        let result = match (request.method.as_str(), answer) {
            (_, None) => serde_json::Value::Null,
            (HoverRequest::METHOD, Some(a)) => serde_json::to_value(lsp_types::Hover {
                contents: lsp_types::HoverContents::Markup(lsp_types::MarkupContent {
                    kind: lsp_types::MarkupKind::Markdown,
                    value: format!("```cuda\n{}\n```", a.hover),
                }),
                range: Some(lsp_range(&a.range)),
            })?,
            (GotoDefinition::METHOD, Some(a)) => match a.declaration.as_ref().and_then(location) {
                Some(l) => serde_json::to_value(lsp_types::GotoDefinitionResponse::Scalar(l))?,
                None => serde_json::Value::Null,
            },
            (_, Some(a)) => {
                let declaration = a.declaration.filter(|_| include_declaration);
                let locations: Vec<Location> = declaration
                    .iter()
                    .chain(&a.references)
                    .filter_map(location)
                    .collect();
                serde_json::to_value(locations)?
            }
        };
        Ok(Response::new_ok(request.id, result))
    }

    fn answer(
        &self,
        position: &lsp_types::TextDocumentPositionParams,
        with_references: bool,
    ) -> Option<navigation::Answer> {
        let path = path_of(&position.text_document.uri)?;
        let doc = self.documents.get(&path)?;
        let (db, unit) = self.checker.host_unit(&path)?;
        let read = |file: &str| {
            self.documents
                .get(Path::new(file))
                .map(|d| d.text.clone())
                .or_else(|| std::fs::read_to_string(file).ok())
        };
        navigation::answer(
            db,
            unit,
            &path,
            &doc.text,
            (position.position.line, position.position.character),
            with_references,
            &read,
        )
    }

    fn notification(&mut self, connection: &Connection, n: Notification) -> anyhow::Result<()> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(n.params)?;
                let doc = params.text_document;
                self.open(doc.uri, doc.text, doc.version);
            }
            DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params)?;
                // Full synchronization: the last change holds the whole text.
                if let Some(change) = params.content_changes.into_iter().last() {
                    let doc = params.text_document;
                    self.open(doc.uri, change.text, doc.version);
                }
            }
            DidSaveTextDocument::METHOD => {
                // A saved header changes what the other documents include.
                self.checker.disk_changed();
                self.dirty.extend(self.documents.keys().cloned());
                self.dirty.sort();
            }
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params)?;
                if let Some(path) = path_of(&params.text_document.uri) {
                    self.checker.remove_document(&path);
                    self.documents.remove(&path);
                    self.dirty.retain(|d| *d != path);
                    publish(connection, params.text_document.uri, Vec::new(), None)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn open(&mut self, uri: Uri, text: String, version: i32) {
        let Some(path) = path_of(&uri) else {
            return;
        };
        self.checker.set_document(&path, text.clone());
        self.documents
            .insert(path.clone(), Document { uri, text, version });
        if !self.dirty.contains(&path) {
            self.dirty.push(path);
        }
    }

    fn publish_dirty(&mut self, connection: &Connection) -> anyhow::Result<()> {
        for path in std::mem::take(&mut self.dirty) {
            let Some(doc) = self.documents.get(&path) else {
                continue;
            };
            let findings = self.checker.verdict(&path, &self.config.nvcc_args);
            let diagnostics = findings
                .iter()
                .filter(|f| Path::new(&f.file) == path)
                .map(|f| to_lsp(f, &doc.text))
                .collect();
            publish(connection, doc.uri.clone(), diagnostics, Some(doc.version))?;
        }
        Ok(())
    }
}

fn publish(
    connection: &Connection,
    uri: Uri,
    diagnostics: Vec<Diagnostic>,
    version: Option<i32>,
) -> anyhow::Result<()> {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    connection
        .sender
        .send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into())?;
    Ok(())
}

/// The local path of a `file:` URI.
fn lsp_range(r: &navigation::FileRange) -> Range {
    Range::new(Position::new(r.line, r.start), Position::new(r.line, r.end))
}

fn location(r: &navigation::FileRange) -> Option<Location> {
    Some(Location::new(uri_of(&r.file)?, lsp_range(r)))
}

fn path_of(uri: &Uri) -> Option<PathBuf> {
    if uri.scheme().is_none_or(|s| s.as_str() != "file") {
        return None;
    }
    let path = uri.path().as_str();
    let mut bytes = Vec::with_capacity(path.len());
    let mut it = path.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex: Vec<u8> = it.by_ref().take(2).collect();
            let digit = std::str::from_utf8(&hex)
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())?;
            bytes.push(digit);
        } else {
            bytes.push(b);
        }
    }
    Some(PathBuf::from(String::from_utf8(bytes).ok()?))
}

/// A finding as an LSP diagnostic: on the word the tool points at, found in the source line
/// nearest the preprocessed column (the preprocessed line differs from the source where
/// macros expanded or blanks collapsed), or at the column itself.
fn to_lsp(f: &Finding, source: &str) -> Diagnostic {
    let line_index = f.line.saturating_sub(1);
    let line = source.lines().nth(line_index as usize).unwrap_or("");
    let chars: Vec<char> = line.chars().collect();
    let column = (f.column as usize).min(chars.len());
    let (start, end) = word_near(&chars, &f.word, column).unwrap_or((column, column));
    let utf16 = |i: usize| chars[..i].iter().map(|c| c.len_utf16() as u32).sum::<u32>();
    Diagnostic {
        range: Range::new(
            Position::new(line_index, utf16(start)),
            Position::new(line_index, utf16(end)),
        ),
        severity: Some(match f.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Remark => DiagnosticSeverity::INFORMATION,
        }),
        code: f.code.clone().map(NumberOrString::String),
        source: Some(
            match f.reporter {
                Reporter::Preprocessor => "nvcc (preprocessor)",
                Reporter::Host => "nvcc (cudafe++)",
                Reporter::Device => "nvcc (cicc)",
                Reporter::Both => "nvcc",
            }
            .to_string(),
        ),
        message: f.text.clone(),
        related_information: (!f.notes.is_empty()).then(|| {
            f.notes
                .iter()
                .filter_map(|n| {
                    let line = n.line.saturating_sub(1);
                    Some(DiagnosticRelatedInformation {
                        location: Location::new(
                            uri_of(&n.file)?,
                            Range::new(Position::new(line, 0), Position::new(line, 0)),
                        ),
                        message: format!("note #{}: {}", n.code, n.text),
                    })
                })
                .collect()
        }),
        ..Default::default()
    }
}

/// The `file:` URI of a local path (the reverse of [`path_of`]); `None` for a relative one.
fn uri_of(path: &str) -> Option<Uri> {
    if !path.starts_with('/') {
        return None;
    }
    let mut out = String::from("file://");
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out.parse().ok()
}

/// The occurrence of `word` (as a whole word) in the line nearest `column`.
fn word_near(line: &[char], word: &str, column: usize) -> Option<(usize, usize)> {
    let word: Vec<char> = word.chars().collect();
    if word.is_empty() || word.len() > line.len() {
        return None;
    }
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    (0..=line.len() - word.len())
        .filter(|&i| line[i..i + word.len()] == word[..])
        .filter(|&i| i == 0 || !is_word(line[i - 1]))
        .filter(|&i| line.get(i + word.len()).is_none_or(|&c| !is_word(c)))
        .min_by_key(|&i| i.abs_diff(column))
        .map(|i| (i, i + word.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_word_nearest_the_column() {
        let line: Vec<char> = "  f(x); g(f(y));".chars().collect();
        assert_eq!(word_near(&line, "f", 9), Some((10, 11)));
        assert_eq!(word_near(&line, "f", 0), Some((2, 3)));
        assert_eq!(word_near(&line, "h", 3), None);
        // A whole word only: `x` is not found inside `max`.
        let line: Vec<char> = "max(x)".chars().collect();
        assert_eq!(word_near(&line, "x", 0), Some((4, 5)));
    }

    #[test]
    fn notes_become_related_information() {
        let finding = Finding {
            file: "/tmp/d.cu".into(),
            line: 2,
            column: 28,
            word: "f".into(),
            severity: Severity::Warning,
            code: Some("1444-D".into()),
            text: "function \"f\" was declared deprecated".into(),
            reporter: Reporter::Device,
            notes: vec![verdict::FindingNote {
                file: "/tmp/d.cu".into(),
                line: 1,
                code: "3287-D".into(),
                text: "because of a \"deprecated\" attribute".into(),
            }],
        };
        let d = to_lsp(&finding, "int f();\n__device__ int d() { return f(); }\n");
        let related = d.related_information.unwrap();
        assert_eq!(related.len(), 1);
        assert_eq!(related[0].location.uri.as_str(), "file:///tmp/d.cu");
        assert_eq!(related[0].location.range.start, Position::new(0, 0));
        assert_eq!(
            related[0].message,
            "note #3287-D: because of a \"deprecated\" attribute"
        );
        assert_eq!(d.range.start, Position::new(1, 28));
    }

    #[test]
    fn file_uris_become_paths() {
        let uri: Uri = "file:///tmp/a%20b/k.cu".parse().unwrap();
        assert_eq!(path_of(&uri), Some(PathBuf::from("/tmp/a b/k.cu")));
        let back = uri_of("/tmp/a b/k.cu").unwrap();
        assert_eq!(back.as_str(), "file:///tmp/a%20b/k.cu");
        assert_eq!(path_of(&back), Some(PathBuf::from("/tmp/a b/k.cu")));
        assert!(uri_of("relative.cu").is_none());
        let uri: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(path_of(&uri), None);
    }
}
