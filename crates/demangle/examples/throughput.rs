//! Demangling throughput, whole process against whole process: `cufe demangle` (c++filt's
//! filter mode: names on standard input, one per line) against GNU `c++filt` and
//! `llvm-cxxfilt` on the same input, in the same run.
//!
//! ```text
//! cargo build --release -p cufe && cargo build --release -p demangle --example throughput
//! cut -f1 ../shared/data/demangle/llvm.tsv > names
//! target/release/examples/throughput names target/release/cufe [runs]
//! ```
//!
//! Each pair (`cufe demangle` / `c++filt`, `cufe demangle --style llvm` / `llvm-cxxfilt`) is
//! run alternately `runs` times (default 21), once with standard output to `/dev/null` and
//! once to a pipe (c++filt flushes after every line, which costs it a system call per name
//! on a pipe and almost nothing on `/dev/null`). Reported per tool: the best and the median
//! of CPU time (the process's on-CPU time from `/proc/<pid>/schedstat`, read while it is a
//! zombie, so user and system time both count) and of wall time (spawn to exit), and for
//! the pipe how many output lines agree with the other tool's.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    cpu: Duration,
    wall: Duration,
    output: Vec<u8>,
}

/// Where the measured process writes.
#[derive(Clone, Copy)]
enum Sink {
    /// A pipe that we read (as in `nm | c++filt | less`); the output is kept.
    Pipe,
    /// `/dev/null`, where writing costs least.
    Null,
}

/// Runs `cmd` with `input` on standard input; its on-CPU time is read from `/proc` after it
/// exits but before it is reaped.
fn run(cmd: &[&str], input: &std::path::Path, sink: Sink) -> std::io::Result<Run> {
    let start = Instant::now();
    let mut child = Command::new(cmd[0])
        .args(&cmd[1..])
        .stdin(std::fs::File::open(input)?)
        .stdout(match sink {
            Sink::Pipe => Stdio::piped(),
            Sink::Null => Stdio::null(),
        })
        .spawn()?;
    let mut output = Vec::new();
    if let Some(mut stdout) = child.stdout.take() {
        stdout.read_to_end(&mut output)?;
    }
    let stat = format!("/proc/{}/stat", child.id());
    // Wait for the process to become a zombie: exited, its accounting final, not reaped.
    loop {
        let s = std::fs::read_to_string(&stat)?;
        let state = s
            .rsplit_once(')')
            .map(|(_, rest)| rest.trim_start().as_bytes()[0]);
        if state == Some(b'Z') {
            break;
        }
        std::thread::sleep(Duration::from_micros(100));
    }
    let wall = start.elapsed();
    let schedstat = std::fs::read_to_string(format!("/proc/{}/schedstat", child.id()))?;
    let ns: u64 = schedstat
        .split_whitespace()
        .next()
        .and_then(|f| f.parse().ok())
        .unwrap_or(0);
    let status = child.wait()?;
    if !status.success() {
        return Err(std::io::Error::other(format!("{cmd:?} failed: {status}")));
    }
    Ok(Run {
        cpu: Duration::from_nanos(ns),
        wall,
        output,
    })
}

fn stats(runs: &[Run], f: impl Fn(&Run) -> Duration) -> (f64, f64) {
    let mut v: Vec<f64> = runs.iter().map(|r| f(r).as_secs_f64() * 1e3).collect();
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2])
}

fn same_lines(a: &[u8], b: &[u8]) -> (usize, usize) {
    let (a, b): (Vec<_>, Vec<_>) = (
        a.split(|&c| c == b'\n').collect(),
        b.split(|&c| c == b'\n').collect(),
    );
    let same = a.iter().zip(&b).filter(|(x, y)| x == y).count();
    (same, a.len().max(b.len()))
}

fn compare(ours: &[&str], theirs: &[&str], input: &std::path::Path, n: usize, sink: Sink) {
    if Command::new(theirs[0]).arg("--version").output().is_err() {
        println!("{}: not installed, skipped", theirs[0]);
        return;
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..n {
        // Alternate which goes first so that neither always runs on a warmer machine.
        if i % 2 == 0 {
            a.push(run(ours, input, sink).expect("our run"));
            b.push(run(theirs, input, sink).expect("their run"));
        } else {
            b.push(run(theirs, input, sink).expect("their run"));
            a.push(run(ours, input, sink).expect("our run"));
        }
    }
    let sink_name = match sink {
        Sink::Pipe => "stdout to a pipe",
        Sink::Null => "stdout to /dev/null",
    };
    let (ac, acm) = stats(&a, |r| r.cpu);
    let (bc, bcm) = stats(&b, |r| r.cpu);
    let (aw, awm) = stats(&a, |r| r.wall);
    let (bw, bwm) = stats(&b, |r| r.wall);
    println!(
        "{} vs {} ({n} runs each, alternating, {sink_name})",
        ours.join(" "),
        theirs.join(" ")
    );
    if let Sink::Pipe = sink {
        let (same, lines) = same_lines(&a[0].output, &b[0].output);
        println!("  identical output lines: {same}/{lines}");
    }
    println!(
        "  CPU  ms best/median: ours {ac:.1}/{acm:.1}  theirs {bc:.1}/{bcm:.1}  ratio {:.2}x/{:.2}x",
        bc / ac,
        bcm / acm
    );
    println!(
        "  wall ms best/median: ours {aw:.1}/{awm:.1}  theirs {bw:.1}/{bwm:.1}  ratio {:.2}x/{:.2}x",
        bw / aw,
        bwm / awm
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: throughput <names-file> <path to cufe> [runs]");
        std::process::exit(2);
    }
    let input = std::path::Path::new(&args[1]);
    let cufe = args[2].as_str();
    let n = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(21);
    for sink in [Sink::Null, Sink::Pipe] {
        compare(&[cufe, "demangle"], &["c++filt"], input, n, sink);
        let llvm = [cufe, "demangle", "--style", "llvm"];
        compare(&llvm, &["llvm-cxxfilt"], input, n, sink);
    }
}
