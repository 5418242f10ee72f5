//! `cargo xtask bench lsp`: the language server as an editor feels it. The release `cufe lsp
//! -- -arch=sm_90` is driven over stdio: a program is opened (time to its first diagnostics),
//! then the last line of its last function is replaced, once per run, each a new version (time
//! from the change to that version's diagnostics). Next to it, in the same invocation, what a
//! user gets the same verdict from without a server: the whole `nvcc -c -arch=sm_90` process
//! on the same file (which also generates code, so the comparison is generous to nvcc's side
//! only in what it leaves out: the verdict needs its front ends, not its back end).
//!
//! The program is the CCCL thrust example `sort.cu` of `../shared/corpus` (12 MB per view), or
//! `--file FILE.cu` (include flags for the corpus are added when the file is there).
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use super::xref::{Summary, ms};
use crate::project_root;

pub(super) fn run(file: Option<PathBuf>, runs: usize) -> anyhow::Result<()> {
    let tc = toolchain::Toolchain::installed()
        .context("the toolchain is not installed (cargo xtask nvidia-toolchain)")?;
    let corpus = project_root().join("../shared/corpus/cccl-3.0.3");
    let corpus = std::fs::canonicalize(&corpus).unwrap_or(corpus);
    let program = match file {
        Some(file) => file,
        None => corpus.join("thrust/examples/sort.cu"),
    };
    let program = std::fs::canonicalize(&program)
        .with_context(|| format!("reading {}", program.display()))?;
    let mut args = vec!["-arch=sm_90".to_string()];
    if program.starts_with(&corpus) {
        args.push(format!(
            "-I{}",
            corpus.join("thrust/examples/include").display()
        ));
    }
    let cufe = super::build_cufe()?;
    let text = std::fs::read_to_string(&program)?;
    let last_close = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with('}'))
        .map(|(i, _)| i)
        .last()
        .context("no function body ends at column 0")?;
    println!(
        "{} ({} lines), cufe lsp -- {}",
        program.display(),
        text.lines().count(),
        args.join(" ")
    );

    let mut server = Server::start(&cufe, &args)?;
    let uri = format!("file://{}", program.display());
    let started = Instant::now();
    server.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "cuda", "version": 1, "text": text } }),
    )?;
    let first = server.diagnostics(1)?;
    let open = started.elapsed();
    let mut edits = Vec::new();
    for run in 0..runs.max(1) {
        let version = run as i64 + 2;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.insert(
            last_close,
            format!("  int bench_edit_{version} = {version}; (void)bench_edit_{version};"),
        );
        let started = Instant::now();
        server.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "text": lines.join("\n") }] }),
        )?;
        server.diagnostics(version)?;
        edits.push(started.elapsed());
    }
    server.stop()?;

    let mut nvcc_times = Vec::new();
    let scratch = project_root().join("target/bench-scratch/lsp");
    std::fs::create_dir_all(&scratch)?;
    for _ in 0..3 {
        let started = Instant::now();
        let status = Command::new(tc.bin("nvcc"))
            .arg("-c")
            .args(&args)
            .arg(&program)
            .arg("-o")
            .arg(scratch.join("bench.o"))
            .stderr(Stdio::null())
            .status()?;
        nvcc_times.push(started.elapsed());
        if !status.success() {
            println!("(nvcc -c exited with {status}: its time is that of a rejected program)");
        }
    }
    let (edit, nvcc) = (Summary::of(edits), Summary::of(nvcc_times));
    println!(
        "cufe lsp      open {:>7.0} ms ({first} diagnostics)",
        ms(open)
    );
    println!(
        "cufe lsp      edit best {:>7.0} ms  median {:>7.0} ms ({runs} edits)",
        ms(edit.best),
        ms(edit.median)
    );
    println!(
        "nvcc -c       best {:>7.0} ms  median {:>7.0} ms (3 runs)",
        ms(nvcc.best),
        ms(nvcc.median)
    );
    println!(
        "verdict after an edit, nvcc -c / cufe lsp: median {:.1}x",
        nvcc.median.as_secs_f64() / edit.median.as_secs_f64().max(1e-9)
    );
    Ok(())
}

/// A `cufe lsp` process and its pipes.
struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: i64,
}

impl Server {
    fn start(cufe: &Path, args: &[String]) -> anyhow::Result<Server> {
        let mut child = Command::new(cufe)
            .arg("lsp")
            .arg("--")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .context("starting cufe lsp")?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        let mut server = Server {
            child,
            stdin,
            stdout,
            next_id: 0,
        };
        server.request("initialize", json!({ "capabilities": {} }))?;
        server.notify("initialized", json!({}))?;
        Ok(server)
    }

    fn send(&mut self, message: Value) -> anyhow::Result<()> {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())?;
        self.stdin.flush()?;
        Ok(())
    }

    fn receive(&mut self) -> anyhow::Result<Value> {
        let mut length = None;
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line)? == 0 {
                bail!("cufe lsp closed its output");
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = Some(v.parse::<usize>()?);
            }
        }
        let mut body = vec![0; length.context("a message without Content-Length")?];
        self.stdout.read_exact(&mut body)?;
        Ok(serde_json::from_slice(&body)?)
    }

    fn notify(&mut self, method: &str, params: Value) -> anyhow::Result<()> {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }))
    }

    fn request(&mut self, method: &str, params: Value) -> anyhow::Result<Value> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))?;
        loop {
            let message = self.receive()?;
            if message.get("id") == Some(&json!(id)) {
                return Ok(message);
            }
        }
    }

    /// Waits for the diagnostics of `version`; returns how many there are.
    fn diagnostics(&mut self, version: i64) -> anyhow::Result<usize> {
        let deadline = Instant::now() + Duration::from_secs(600);
        while Instant::now() < deadline {
            let message = self.receive()?;
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == json!(version)
            {
                return Ok(message["params"]["diagnostics"]
                    .as_array()
                    .map_or(0, Vec::len));
            }
        }
        bail!("no diagnostics for version {version}")
    }

    fn stop(mut self) -> anyhow::Result<()> {
        self.request("shutdown", Value::Null)?;
        self.notify("exit", Value::Null)?;
        self.child.wait()?;
        Ok(())
    }
}
