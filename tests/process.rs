//! The binary at the process level (issue 10, items 6-10 and 12): a reader that closes the pipe
//! early, standard output on a full disk, Ctrl-C and SIGTERM on a long count, `--timeout`,
//! memory that flags must not inflate, memory per answer of a grid count, generator shapes
//! that cannot be served, and output files that stay as they were when a command refuses or
//! fails. Every test runs the built binary as a child process; long inputs are made here,
//! deterministically, and each test stays within a few seconds.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_satpuz");

/// Exit codes documented in `satpuz --help`.
const EXIT_INPUT: i32 = 1;
const EXIT_STOPPED: i32 = 4;
const EXIT_PIPE: i32 = 141;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-process-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn satpuz(args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    c
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A CNF of `vars` unit clauses, one per variable: its model lists every variable (`v` lines
/// of ~6 bytes a variable).
fn wide_cnf(dir: &Path, vars: u32) -> String {
    let path = dir.join(format!("wide{vars}.cnf"));
    let mut cnf = format!("p cnf {vars} {vars}\n");
    for v in 1..=vars {
        cnf.push_str(&format!("{v} 0\n"));
    }
    std::fs::write(&path, cnf).unwrap();
    path.to_str().unwrap().to_string()
}

/// A chain `x1 ∨ x2, x2 ∨ x3, ...` over `vars` variables: every variable in a clause, and a
/// Fibonacci number of models (~10^12 for 60), found one per solver call for far longer than
/// any test (a variable in no clause would multiply whole batches of models at once).
fn chain_cnf(dir: &Path, vars: u32) -> String {
    let path = dir.join(format!("chain{vars}.cnf"));
    let mut cnf = format!("p cnf {vars} {}\n", vars - 1);
    for i in 1..vars {
        cnf.push_str(&format!("{i} {} 0\n", i + 1));
    }
    std::fs::write(&path, cnf).unwrap();
    path.to_str().unwrap().to_string()
}

/// The pigeonhole formula: `holes + 1` pigeons in `holes` holes, UNSAT and exponentially hard
/// for resolution, so for CDCL: one `solve()` call that runs far longer than any test.
fn pigeonhole(dir: &Path, holes: u32) -> String {
    let pigeons = holes + 1;
    let var = |p: u32, h: u32| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        clauses.push(
            (0..holes)
                .map(|h| var(p, h).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{}", var(p, h), var(q, h)));
            }
        }
    }
    let mut cnf = format!("p cnf {} {}\n", pigeons * holes, clauses.len());
    for c in clauses {
        cnf.push_str(&c);
        cnf.push_str(" 0\n");
    }
    let path = dir.join(format!("php{holes}.cnf"));
    std::fs::write(&path, cnf).unwrap();
    path.to_str().unwrap().to_string()
}

/// A logic grid with no clues: (positions!)^categories answers.
fn loose_grid(dir: &Path, positions: usize, categories: usize) -> String {
    let cats: Vec<serde_json::Value> = (0..categories)
        .map(|c| {
            serde_json::json!({"name": format!("c{c}"),
                "values": (0..positions).map(|i| format!("v{c}_{i}")).collect::<Vec<_>>()})
        })
        .collect();
    let puzzle = serde_json::json!({"name": format!("loose {positions}x{categories}"),
        "positions": {"count": positions}, "categories": cats, "clues": []});
    let path = dir.join(format!("loose{positions}x{categories}.json"));
    std::fs::write(&path, puzzle.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

/// A logic grid where every value of categories 1.. is clued against its namesake in category
/// 0 (`kind` `not_same`: none of them free, still (positions!)·D^(categories-1) answers;
/// `same`: each column tied into one shared variable, positions! answers).
fn clued_grid(dir: &Path, positions: usize, categories: usize, kind: &str) -> String {
    let cats: Vec<serde_json::Value> = (0..categories)
        .map(|c| {
            serde_json::json!({"name": format!("c{c}"),
                "values": (0..positions).map(|i| format!("v{c}_{i}")).collect::<Vec<_>>()})
        })
        .collect();
    let clues: Vec<serde_json::Value> = (1..categories)
        .flat_map(|c| {
            (0..positions).map(move |i| {
                serde_json::json!({"kind": kind, "a": format!("v0_{i}"), "b": format!("v{c}_{i}")})
            })
        })
        .collect();
    let puzzle = serde_json::json!({"name": format!("{kind} {positions}x{categories}"),
        "positions": {"count": positions}, "categories": cats, "clues": clues});
    let path = dir.join(format!("{kind}{positions}x{categories}.json"));
    std::fs::write(&path, puzzle.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

/// Waits for the child, killing it (and failing) after `limit`.
fn wait_within(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("the child ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Output of a finished child, read after it exits (pipes drained on threads meanwhile).
struct Finished {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    took: Duration,
}

fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = r.read_to_end(&mut s);
        text(&s)
    })
}

/// Spawns with stdout and stderr piped, calls `during` (e.g. to send a signal), and waits.
fn run_with(mut cmd: Command, limit: Duration, during: impl FnOnce(&Child)) -> Finished {
    let start = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = drain(child.stdout.take().unwrap());
    let err = drain(child.stderr.take().unwrap());
    during(&child);
    let status = wait_within(&mut child, limit);
    Finished {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        took: start.elapsed(),
    }
}

impl std::fmt::Debug for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} after {:?}\n--- stdout\n{}--- stderr\n{}",
            self.status, self.took, self.stdout, self.stderr
        )
    }
}

fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill {sig}");
}

/// Inputs for every command that prints: (name, arguments).
fn printing_commands(dir: &Path) -> Vec<(String, Vec<String>)> {
    let d = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // A formula and its proof, and a model for decode, made by satpuz itself.
    let ok = satpuz(&[
        "prove",
        "jindosh",
        "--dimacs",
        &d("j.cnf"),
        "--drat",
        &d("j.drat"),
    ])
    .output()
    .unwrap();
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    let enc = satpuz(&["encode", "jindosh", "--dimacs", &d("plain.cnf")])
        .output()
        .unwrap();
    assert!(enc.status.success(), "{}", text(&enc.stderr));
    let model = satpuz(&["solve", &d("plain.cnf")]).output().unwrap();
    std::fs::write(d("model.txt"), &model.stdout).unwrap();
    std::fs::write(d("sheet.json"), "{}").unwrap();
    let big = wide_cnf(dir, 100_000);
    let (cnf, drat, model, sheet) = (d("j.cnf"), d("j.drat"), d("model.txt"), d("sheet.json"));
    let list: Vec<Vec<&str>> = vec![
        vec!["solve", &big],
        vec!["solve", "hooks1", "--json"],
        vec!["solve", "jindosh"],
        vec!["count", "jindosh", "--all"],
        vec!["prove", "jindosh"],
        vec!["check-drat", &cnf, &drat],
        vec!["decode", "jindosh", "--model", &model],
        vec!["encode", "jindosh", "--stats"],
        vec!["encode", "jindosh", "--dimacs", "-"],
        vec!["generate", "grid", "--positions", "6", "--seed", "3"],
        vec!["generate", "portia", "--generation", "1"],
        vec!["inquest", "--seed", "7"],
        vec!["inquest", "check", "--seed", "7", "--sheet", &sheet],
        vec!["inquest", "hint", "--seed", "7", "--sheet", &sheet],
    ];
    list.into_iter()
        .map(|args| (args.join(" "), args.into_iter().map(String::from).collect()))
        .collect()
}

/// Item 7: a reader that goes away ends every command quietly: no message, no panic, exit
/// 141 (what shells report for a process killed by SIGPIPE).
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = scratch("pipe");
    for (name, args) in printing_commands(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The read end closed before the child starts: its first write fails with EPIPE,
        // whenever it comes.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = satpuz(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let err = drain(child.stderr.take().unwrap());
        let status = wait_within(&mut child, Duration::from_secs(20));
        let stderr = err.join().unwrap();
        assert_eq!(
            status.code(),
            Some(EXIT_PIPE),
            "{name}: {status:?}\n{stderr}"
        );
        assert!(
            !stderr.contains("panicked") && !stderr.contains("error"),
            "{name}: {stderr}"
        );
    }
}

/// Item 7, as `satpuz solve big.cnf | head -1` does it: one line read, then the pipe closed
/// in the middle of 1.2 MB of `v` lines.
#[test]
fn reading_one_line_then_closing_ends_quietly() {
    let dir = scratch("head");
    let big = wide_cnf(&dir, 200_000);
    let mut child = satpuz(&["solve", &big])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "s SATISFIABLE\n");
    let err = drain(child.stderr.take().unwrap());
    let status = wait_within(&mut child, Duration::from_secs(20));
    let stderr = err.join().unwrap();
    assert_eq!(status.code(), Some(EXIT_PIPE), "{stderr}");
    assert_eq!(stderr, "");
}

/// Item 7: any other write error is one line on stderr and exit 1.
#[test]
fn a_full_disk_on_stdout_is_a_one_line_error() {
    let dir = scratch("full");
    for (name, args) in printing_commands(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = satpuz(&args).stdout(full).output().unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(EXIT_INPUT), "{name}: {stderr}");
        if args.contains(&"--json") {
            // With --json the error is one JSON object (the ErrorReport) instead of a line.
            let report: serde_json::Value = serde_json::from_str(&stderr)
                .unwrap_or_else(|e| panic!("{name}: not one JSON object ({e}): {stderr}"));
            let error = report["error"].as_str().unwrap_or_default();
            assert!(
                error.starts_with("writing to standard output: No space left"),
                "{name}: {stderr}"
            );
            assert_eq!(report["exit_code"], 1, "{name}: {stderr}");
            continue;
        }
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("wrote "))
            .collect();
        assert_eq!(lines.len(), 1, "{name}: {stderr}");
        assert!(
            lines[0].starts_with("error: writing to standard output: No space left"),
            "{name}: {stderr}"
        );
    }
}

/// Messages on a stderr that cannot be written are dropped, not a panic (exit 101).
#[test]
fn a_full_disk_on_stderr_is_no_panic() {
    let dir = scratch("full-stderr");
    let cnf = dir.join("j.cnf");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let cnf_arg = cnf.to_str().unwrap();
    let out = satpuz(&["encode", "jindosh", "--dimacs", cnf_arg])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(cnf.exists());
    let out = satpuz(&["solve", "no-such-puzzle"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_INPUT));
    let big = chain_cnf(&dir, 60);
    let out = satpuz(&[
        "count",
        &big,
        "--all",
        "--method",
        "enumerate",
        "--timeout",
        "1.3",
        "--progress",
    ])
    .stderr(full())
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_STOPPED));
}

/// Item 12: Ctrl-C on a long count prints the count so far, marked, and exits 4.
#[test]
fn sigint_on_a_long_count_reports_the_partial_count() {
    let dir = scratch("sigint");
    let cnf = chain_cnf(&dir, 60);
    let run = run_with(
        satpuz(&["count", &cnf, "--all", "--method", "enumerate"]),
        Duration::from_secs(10),
        |child| {
            std::thread::sleep(Duration::from_millis(1000));
            signal(child, "-INT");
        },
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    assert!(run.took < Duration::from_secs(5), "{run:?}");
    let line = run.stdout.trim();
    assert!(line.contains(": at least "), "{run:?}");
    assert!(line.contains("(interrupted after "), "{run:?}");
    let n = partial_count(line);
    assert!(n > 0, "some models counted in a second: {run:?}");
}

/// The N of a stopped count's "...: at least N solution(s) (...)" line; 0 when there is none.
fn partial_count(stdout: &str) -> u64 {
    stdout
        .split("at least ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Item 12: SIGTERM is an interrupt too; on a grid count the JSON says `"complete": false`.
#[test]
fn sigterm_on_a_grid_count_gives_incomplete_json() {
    let dir = scratch("sigterm");
    // Every value clued: counted class by class for far longer than the test.
    let grid = clued_grid(&dir, 8, 3, "not_same");
    let run = run_with(
        satpuz(&["count", &grid, "--all", "--json"]),
        Duration::from_secs(10),
        |child| {
            std::thread::sleep(Duration::from_millis(1000));
            signal(child, "-TERM");
        },
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON on stdout");
    assert_eq!(v["complete"], false, "{run:?}");
    assert_eq!(v["stopped"], "interrupted", "{run:?}");
    assert!(v["solutions"].as_u64().unwrap() > 0, "{run:?}");
}

/// `explain --exhaustive` has no budget: on a 40 x 5 grid it would run for many minutes, and
/// `--timeout` stops it (exit 4, no explanation printed as if whole); `--progress` shows the
/// facts known so far, a line a second.
#[test]
fn exhaustive_explanations_stop_at_the_timeout() {
    let dir = scratch("exhaustive");
    let grid = dir.join("n40.json");
    let out = satpuz(&[
        "generate",
        "grid",
        "--positions",
        "40",
        "--categories",
        "5",
        "--seed",
        "1",
        "-o",
        grid.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut peak = 0;
    let run = run_with(
        satpuz(&[
            "explain",
            grid.to_str().unwrap(),
            "--exhaustive",
            "--timeout",
            "3",
            "--progress",
        ]),
        Duration::from_secs(30),
        |child| peak = sampled_peak_rss_mb(child),
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    let known: Vec<(u64, u64)> = run
        .stderr
        .lines()
        .filter_map(|l| l.trim().strip_prefix("facts known: "))
        .filter_map(|l| l.split_once(' ')?.0.split_once('/'))
        .map(|(k, all)| (k.parse().unwrap(), all.parse().unwrap()))
        .collect();
    assert!(!known.is_empty(), "{run:?}");
    assert!(
        known
            .iter()
            .all(|&(k, all)| k > 0 && k < all && all == 40 * 40 * 5),
        "{known:?}"
    );
    assert!(run.stdout.contains("timed out after 3."), "{run:?}");
    assert!(!run.stdout.contains("Difficulty"), "{run:?}");
    assert!(run.took < Duration::from_secs(8), "{run:?}");
    assert!(peak > 0 && peak < 400, "peak RSS {peak} MB");
}

/// Item 12: `--timeout` ends a count (text and JSON) and one long solver call.
#[test]
fn timeout_ends_counts_and_single_long_solves() {
    let dir = scratch("timeout");
    let cnf = chain_cnf(&dir, 60);
    let run = run_with(
        satpuz(&[
            "count",
            &cnf,
            "--all",
            "--method",
            "enumerate",
            "--timeout",
            "1",
        ]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    assert!(run.stdout.contains("timed out after 1."), "{run:?}");
    assert!(run.took < Duration::from_secs(5), "{run:?}");

    let run = run_with(
        satpuz(&[
            "count",
            &cnf,
            "--all",
            "--method",
            "enumerate",
            "--timeout",
            "0.5",
            "--json",
        ]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (&v["complete"], &v["stopped"]),
        (&false.into(), &"timeout".into())
    );

    // One varisat call that would take minutes: the main thread reports for it.
    let php = pigeonhole(&dir, 11);
    let run = run_with(
        satpuz(&["solve", &php, "--timeout", "1"]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    assert!(run.stdout.ends_with("s UNKNOWN\n"), "{run:?}");
    assert!(run.took < Duration::from_secs(5), "{run:?}");

    // A grid's `solve` counts answers up to --limit: stopped, it says how many.
    let grid = clued_grid(&dir, 8, 3, "not_same");
    let run = run_with(
        satpuz(&["solve", &grid, "--limit", "100000000", "--timeout", "1"]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
    assert!(run.stdout.contains("at least"), "{run:?}");

    let run = run_with(
        satpuz(&["count", &cnf, "--all", "--timeout", "-1"]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_INPUT), "{run:?}");
}

/// A stand-in for an external solver that never answers: it writes its process id and the
/// formula's path (inside satpuz's private directory), then sleeps.
fn silent_solver(dir: &Path) -> (String, PathBuf) {
    let script = dir.join("silent-solver.sh");
    let record = dir.join("silent-solver.txt");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho $$ \"$1\" > {}\nexec sleep 300\n",
            record.display()
        ),
    )
    .unwrap();
    let made_runnable = Command::new("chmod")
        .args(["+x", script.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(made_runnable.success());
    (format!("cmd:{}", script.display()), record)
}

#[test]
fn a_stopped_external_solver_is_killed_and_its_directory_removed() {
    let dir = scratch("external-stop");
    let cnf = chain_cnf(&dir, 20);
    for stop in ["timeout", "sigint"] {
        let (solver, record) = silent_solver(&dir);
        let _ = std::fs::remove_file(&record);
        let mut args = vec!["solve", &cnf, "--solver", &solver];
        if stop == "timeout" {
            args.extend(["--timeout", "1"]);
        }
        let run = run_with(satpuz(&args), Duration::from_secs(20), |child| {
            if stop == "sigint" {
                let start = Instant::now();
                while !record.exists() && start.elapsed() < Duration::from_secs(10) {
                    std::thread::sleep(Duration::from_millis(20));
                }
                signal(child, "-INT");
            }
        });
        assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{stop}: {run:?}");
        let written = std::fs::read_to_string(&record).unwrap();
        let (pid, input) = written.trim().split_once(' ').unwrap();
        // Killed and reaped: no process of that id is left (an orphan would sleep on).
        assert!(
            !Path::new(&format!("/proc/{pid}")).exists(),
            "{stop}: the solver {pid} still runs after satpuz exited"
        );
        let private = Path::new(input).parent().unwrap();
        assert!(
            !private.exists(),
            "{stop}: {} was left behind",
            private.display()
        );
    }
}

/// Peak virtual memory of a running process, in MB (`VmPeak` in `/proc/<pid>/status`).
fn vm_peak_mb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Peak resident memory of a running child in MB: `VmHWM` read every 50 ms until it exits.
fn sampled_peak_rss_mb(child: &Child) -> u64 {
    let mut peak = 0;
    while let Some(mb) = vm_peak_mb(child.id(), "VmHWM:") {
        peak = peak.max(mb);
        std::thread::sleep(Duration::from_millis(50));
    }
    peak
}

/// Runs `satpuz args` with its address space capped at `mb` MB (an allocation beyond it
/// aborts the process).
fn capped(mb: u64, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mb * 1024))
        .arg(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Item 10: memory per answer. Enumerating a grid's answers kept 100-800 KB per answer (an
/// unclued 20x5 grid: `solve` with its default count of 1,000 answers took 780 MB, 30x5
/// 2.6 GB, `count --limit 5000` aborted at 3.8 GB; a count grew ~300 MB/s). Now answers are
/// not kept, a count blocks whole classes of answers with one clause, and a count stays far
/// below 200 MB while it runs.
#[test]
fn grid_counts_keep_memory_bounded() {
    let dir = scratch("grid-memory");
    let loose20 = loose_grid(&dir, 20, 5);
    let loose30 = loose_grid(&dir, 30, 5);
    for (args, code) in [
        (vec!["solve", &loose30], 3),
        (vec!["solve", &loose20, "--limit", "100000"], 3),
        (vec!["count", &loose20, "--limit", "5000"], 0),
    ] {
        let out = capped(1024, &args);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {stdout}{}",
            text(&out.stderr)
        );
        let limit = args.get(3).copied().unwrap_or("1000");
        assert!(
            stdout.contains(&format!("at least {limit} solution")),
            "{stdout}"
        );
    }
    // Every answer of an unclued 8x3 grid, exactly: (8!)^3.
    let loose8 = loose_grid(&dir, 8, 3);
    let run = run_with(
        satpuz(&["count", &loose8, "--all"]),
        Duration::from_secs(30),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let all = 40_320u64.pow(3);
    assert!(
        run.stdout.contains(&format!(": {all} solution(s)")),
        "{run:?}"
    );
    // (20!)^5 answers: more than a count holds, said as such.
    let run = run_with(
        satpuz(&["count", &loose20, "--all"]),
        Duration::from_secs(30),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(EXIT_INPUT), "{run:?}");
    assert!(
        run.stderr
            .contains("more than 18446744073709551615 solutions"),
        "{run:?}"
    );
    // Every value clued (no free value; and every column tied into one shared variable):
    // counting until the timeout stays small.
    for grid in [
        clued_grid(&dir, 20, 5, "not_same"),
        clued_grid(&dir, 20, 3, "same"),
    ] {
        let mut peak = 0;
        let run = run_with(
            satpuz(&["count", &grid, "--all", "--timeout", "4"]),
            Duration::from_secs(30),
            |child| peak = sampled_peak_rss_mb(child),
        );
        assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
        let counted = partial_count(&run.stdout);
        assert!(counted > 0, "{run:?}");
        assert!(
            peak > 0 && peak < 200,
            "{grid}: peak RSS {peak} MB, {run:?}"
        );
    }
}

/// Item 11: work that was quadratic ends within a generous bound. `check-drat` with 10^6
/// copies of one lemma (10^5 took 5.4 s, 10^6 more than 150 s); `count --all` of 2^40 models
/// of 40 variables in no clause (one solver call per model, 10^5 of them took 20 s).
#[test]
fn repeated_lemmas_and_free_variables_end_quickly() {
    let dir = scratch("quadratic");
    let cnf = dir.join("php.cnf");
    std::fs::write(&cnf, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n").unwrap();
    let drat = dir.join("repeated.drat");
    let mut proof = "1 2 0\n".repeat(1_000_000);
    proof.push_str("2 0\n0\n");
    std::fs::write(&drat, proof).unwrap();
    let run = run_with(
        satpuz(&["check-drat", cnf.to_str().unwrap(), drat.to_str().unwrap()]),
        Duration::from_secs(60),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(run.stdout.contains("s VERIFIED"), "{run:?}");

    let free = dir.join("free40.cnf");
    std::fs::write(&free, "p cnf 40 0\n").unwrap();
    let run = run_with(
        satpuz(&["count", free.to_str().unwrap(), "--all"]),
        Duration::from_secs(60),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(
        run.stdout
            .contains(&format!(": {} solution(s)", 1u64 << 40)),
        "{run:?}"
    );
}

/// Item 11: a grid whose structure alone would take more than 10^8 clauses (200 positions x 20
/// categories: 1.6*10^8 with the default pairwise at-most-one, 4.5 GB to solve; 1000 x 2:
/// 2*10^9, aborted) is refused before anything is built, naming the limit and what fits; what
/// fits runs in bounded memory, and `encode` holds the formula once (it was copied for the
/// export, and the DIMACS text was built whole beside it).
#[test]
fn grids_too_large_to_encode_are_refused_up_front() {
    let dir = scratch("oversized");
    for (positions, categories, fits) in [
        (200, 20, "--amo seqcounter takes about"),
        (1000, 2, "--encoding bits takes about"),
    ] {
        let grid = loose_grid(&dir, positions, categories);
        for command in ["solve", "count", "encode"] {
            let mut args = vec![command, &grid];
            match command {
                "count" => args.extend(["--limit", "10"]),
                "encode" => args.push("--stats"),
                _ => {}
            }
            let out = capped(2048, &args);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(EXIT_INPUT), "{args:?}: {err}");
            for part in [
                format!("{positions} positions x {categories} categories: too large to encode"),
                "the limit is 100000000".to_string(),
                fits.to_string(),
            ] {
                assert!(err.contains(&part), "{args:?}: {err}");
            }
        }
    }
    let grid = loose_grid(&dir, 200, 20);
    let out = capped(2048, &["encode", &grid, "--amo", "seqcounter", "--stats"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    // About 10^7 clauses (~180 MB as a formula): writing them as DIMACS adds little.
    let grid = loose_grid(&dir, 80, 20);
    let cnf = dir.join("80x20.cnf");
    let mut peak = 0;
    let run = run_with(
        satpuz(&["encode", &grid, "--dimacs", cnf.to_str().unwrap()]),
        Duration::from_secs(60),
        |child| peak = sampled_peak_rss_mb(child),
    );
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(
        peak > 0 && peak < 260,
        "peak RSS {peak} MB (the formula alone ~180 MB)"
    );
    let written = std::fs::read_to_string(&cnf).unwrap();
    let header = written.lines().find(|l| l.starts_with("p cnf")).unwrap();
    let clauses: usize = header.split_whitespace().nth(3).unwrap().parse().unwrap();
    assert!(clauses > 10_000_000, "{header}");
    assert_eq!(
        written
            .lines()
            .filter(|l| l.ends_with(" 0") && !l.starts_with('c'))
            .count(),
        clauses
    );
}

/// Item 8: a header's variable count is not a size to allocate. `p cnf 2147483646 0` aborted
/// allocating 17 GB in `solve` and `count`; `p cnf 100000000 1` with the clause `1 0` took
/// 1.8 GB (solve) and 3.2 GB (count) for a 20-byte file. Under a 512 MB address space both
/// now answer: the model lists the variables the file uses and says the rest are free.
#[test]
fn declared_variables_allocate_nothing() {
    let dir = scratch("declared");
    for (name, content, used) in [
        ("empty.cnf", "p cnf 2147483646 0\n", 0),
        ("one.cnf", "p cnf 100000000 1\n1 0\n", 1),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        let file = path.to_str().unwrap();
        let out = capped(512, &["solve", file]);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(10),
            "{name}: {stdout}{}",
            text(&out.stderr)
        );
        let declared = content.split_whitespace().nth(2).unwrap();
        let note = format!("c variables {} to {declared} are in no clause", used + 1);
        assert!(stdout.contains(&note), "{name}: {stdout}");
        let lits: Vec<&str> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("v "))
            .flat_map(str::split_whitespace)
            .collect();
        assert_eq!(lits.len(), used + 1, "{name}: {stdout}");
        let out = capped(512, &["count", file, "--limit", "3"]);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {stdout}{}",
            text(&out.stderr)
        );
        assert!(stdout.contains("at least 3 solution(s)"), "{stdout}");
        let out = capped(512, &["count", file, "--all"]);
        assert_eq!(out.status.code(), Some(EXIT_INPUT), "{name}");
        assert!(
            text(&out.stderr).contains("more than 18446744073709551615 solutions"),
            "{name}: {}",
            text(&out.stderr)
        );
    }
}

/// A variable's id is not a size to allocate either: a clause naming variable 2,147,483,646
/// made varisat allocate per id up to it (`p cnf 300000000 1` / `300000000 0`: 10.8 GB and
/// 42 s in `solve`; 2,147,483,646 was killed at 24 GB). Sparse ids are now renumbered for the
/// solver and mapped back: under a 512 MB address space every command answers, in the file's
/// ids.
#[test]
fn far_variable_ids_allocate_per_variable_mentioned() {
    let dir = scratch("far-ids");
    let sat = dir.join("sat.cnf");
    // 5 is forced, so 2000000000 is; 7 and 2147483646 take three of four pairs: two
    // answers on the projection {7, 2000000000}, three on every variable mentioned.
    std::fs::write(
        &sat,
        "p cnf 2147483646 3\nc p show 7 2000000000 0\n-2147483646 7 0\n2000000000 -5 0\n5 0\n",
    )
    .unwrap();
    let unsat = dir.join("unsat.cnf");
    let far = "2147483646";
    std::fs::write(
        &unsat,
        format!("p cnf {far} 4\n{far} 7 0\n-{far} 7 0\n{far} -7 0\n-{far} -7 0\n"),
    )
    .unwrap();
    let (sat, unsat) = (sat.to_str().unwrap(), unsat.to_str().unwrap());
    for solver in ["varisat", "minisat"] {
        let out = capped(512, &["solve", sat, "--solver", solver]);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(10),
            "{solver}: {stdout}{}",
            text(&out.stderr)
        );
        let lits: Vec<i64> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("v "))
            .flat_map(str::split_whitespace)
            .map(|t| t.parse().unwrap())
            .collect();
        let vars: Vec<u64> = lits.iter().map(|l| l.unsigned_abs()).collect();
        assert_eq!(vars, [5, 7, 2_000_000_000, 2_147_483_646, 0], "{stdout}");
        assert!(
            lits.contains(&5) && lits.contains(&2_000_000_000),
            "{stdout}"
        );
        assert!(
            lits.contains(&7) || lits.contains(&-2_147_483_646),
            "{stdout}"
        );
        assert!(
            stdout.contains("c 2147483642 of the 2147483646 variables are in no clause"),
            "{stdout}"
        );
        let out = capped(512, &["solve", unsat, "--solver", solver]);
        assert_eq!(out.status.code(), Some(20), "{}", text(&out.stderr));
    }
    for jobs in ["1", "2"] {
        let out = capped(512, &["count", sat, "--all", "-j", jobs]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
        assert!(stdout.contains(": 2 solution(s)"), "{stdout}");
    }
    let out = capped(512, &["count", sat, "--all", "--solver", "minisat"]);
    assert!(text(&out.stdout).contains(": 2 solution(s)"), "{out:?}");
    let out = capped(512, &["cross-check", sat]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    // The proof and the refuted formula come back in the file's ids: the file's own
    // formula is refuted by the proof, checked by check-drat.
    let proof = dir.join("unsat.drat");
    let refuted = dir.join("refuted.cnf");
    let (proof, refuted) = (proof.to_str().unwrap(), refuted.to_str().unwrap());
    let out = capped(
        512,
        &["prove", unsat, "--proof", proof, "--output", refuted],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let proof_text = std::fs::read_to_string(proof).unwrap();
    assert!(proof_text.contains(far), "{proof_text}");
    let formula_lines = |path: &str| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .filter(|l| !l.starts_with('c'))
            .map(String::from)
            .collect()
    };
    assert_eq!(formula_lines(refuted), formula_lines(unsat));
    for formula in [unsat, refuted] {
        let out = capped(512, &["check-drat", formula, proof]);
        assert_eq!(out.status.code(), Some(0), "{formula}: {out:?}");
    }
}

/// Item 8: a count given as a flag is not a size to allocate. `inquest --count 10^9` used to
/// reserve 16 GB up front, `--count 2^64-1` panicked with "capacity overflow".
#[test]
fn counts_from_flags_allocate_nothing_up_front() {
    for count in ["1000000000", "18446744073709551615"] {
        let mut peak = (0, 0);
        let run = run_with(
            satpuz(&["inquest", "--count", count, "--timeout", "1", "--seed", "1"]),
            Duration::from_secs(10),
            // Sampled until the child exits (a zombie has no Vm lines): one read at a fixed
            // moment found it already gone on a busy machine.
            |child| {
                while let Some(vm_peak) = vm_peak_mb(child.id(), "VmPeak:") {
                    let rss = vm_peak_mb(child.id(), "VmHWM:").unwrap_or(0);
                    peak = (peak.0.max(vm_peak), peak.1.max(rss));
                    std::thread::sleep(Duration::from_millis(50));
                }
            },
        );
        assert_eq!(run.status.code(), Some(EXIT_STOPPED), "{run:?}");
        assert!(
            run.stdout.contains(&format!(" of {count} (timed out")),
            "{run:?}"
        );
        assert!(!run.stderr.contains("panicked"), "{run:?}");
        assert!(peak.0 > 0 && peak.0 < 1024, "VmPeak {} MB", peak.0);
        assert!(peak.1 < 100, "VmHWM {} MB", peak.1);
    }
    // --limit: the address space capped at 1 GB, a 2*10^9 limit still runs.
    for args in [
        "count jindosh --limit 2000000000",
        "solve encodings/zebra.json --limit 2000000000",
    ] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 1048576 && exec {BIN} {args}"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args}: {}", text(&out.stderr));
    }
}

/// Item 9: shapes the generator cannot serve are refused at once, with the reason.
#[test]
fn generate_grid_refuses_shapes_it_cannot_serve() {
    for (args, why) in [
        (vec!["--categories", "1"], "at least 2 categories"),
        (vec!["--positions", "2"], "at least 3 positions"),
        (
            vec!["--positions", "2", "--categories", "1"],
            "at least 3 positions",
        ),
        (
            vec!["--positions", "200", "--categories", "26"],
            "too large",
        ),
        (vec!["--positions", "18446744073709551615"], "too large"),
    ] {
        let mut all = vec!["generate", "grid"];
        all.extend(&args);
        let run = run_with(satpuz(&all), Duration::from_secs(5), |_| {});
        assert_eq!(run.status.code(), Some(EXIT_INPUT), "{args:?}: {run:?}");
        assert!(run.stderr.contains(why), "{args:?}: {run:?}");
        assert!(run.took < Duration::from_secs(3), "{args:?}: {run:?}");
    }
    let run = run_with(
        satpuz(&["generate", "grid", "--positions", "3", "--categories", "2"]),
        Duration::from_secs(10),
        |_| {},
    );
    assert_eq!(run.status.code(), Some(0), "{run:?}");
}

/// Names of the entries of a directory, sorted (temporary files would show).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Item 6: refusals come before any file is written; the same file twice is refused; a
/// failed run leaves an existing output as it was, and no temporary file behind.
#[test]
fn output_files_are_untouched_on_refusal_and_failure() {
    let dir = scratch("outputs");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    std::fs::write(p("x"), "precious\n").unwrap();
    std::fs::write(p("existing"), "precious\n").unwrap();

    // The proof must not replace the formula: the same path twice is refused, even with --force.
    let out = satpuz(&[
        "prove",
        "jindosh",
        "--dimacs",
        &p("x"),
        "--drat",
        &p("x"),
        "--force",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_INPUT));
    assert!(
        text(&out.stderr).contains("same file"),
        "{}",
        text(&out.stderr)
    );
    // ... also spelt differently.
    let other_spelling = format!("{}/./x", dir.display());
    let out = satpuz(&[
        "prove",
        "jindosh",
        "--dimacs",
        &p("x"),
        "--drat",
        &other_spelling,
        "--force",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_INPUT));

    // A refusal of the second output comes before the first is written.
    let out = satpuz(&[
        "prove",
        "jindosh",
        "--dimacs",
        &p("new.cnf"),
        "--drat",
        &p("existing"),
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_INPUT));
    assert!(
        text(&out.stderr).contains("--force"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("new.cnf").exists());

    // A missing directory is refused before the work.
    let out = satpuz(&["encode", "jindosh", "--dimacs", &p("no/such/dir/x.cnf")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_INPUT));
    assert!(
        text(&out.stderr).contains("does not exist"),
        "{}",
        text(&out.stderr)
    );

    // The work fails (out of memory, with the address space capped): the file keeps its
    // content; formerly it was truncated to 0 bytes first.
    let huge = loose_grid(&dir, 200, 26);
    let cmd = format!(
        "ulimit -v 400000 && exec {BIN} encode {huge} --dimacs {} --force",
        p("x")
    );
    let out = Command::new("sh").arg("-c").arg(&cmd).output().unwrap();
    assert!(!out.status.success());
    // A timeout is a failure too: generate grid --out writes nothing.
    let out = satpuz(&[
        "generate",
        "grid",
        "--positions",
        "40",
        "--categories",
        "8",
        "--out",
        &p("g.json"),
        "--timeout",
        "0.3",
    ])
    .output()
    .unwrap();
    assert_eq!(
        out.status.code(),
        Some(EXIT_STOPPED),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("g.json").exists());

    assert_eq!(std::fs::read_to_string(p("x")).unwrap(), "precious\n");
    assert_eq!(
        std::fs::read_to_string(p("existing")).unwrap(),
        "precious\n"
    );
    let huge_name = Path::new(&huge)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let mut expected = vec!["existing".to_string(), huge_name, "x".to_string()];
    expected.sort();
    assert_eq!(listing(&dir), expected, "no temporary files left behind");

    // And a run that succeeds replaces the file in one rename, with --force.
    let out = satpuz(&[
        "prove",
        "jindosh",
        "--dimacs",
        &p("x"),
        "--drat",
        &p("p.drat"),
        "--force",
    ])
    .output()
    .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::read_to_string(p("x"))
            .unwrap()
            .starts_with("c refuted formula")
    );
    assert!(dir.join("p.drat").exists());
}

/// `--progress` when stderr is not a terminal (a log): a plain line a second, for counts (the
/// count so far) and for runs that know their total (`inquest --count`); none under `-q`.
#[test]
fn progress_lines_in_a_log_and_none_when_quiet() {
    let dir = scratch("progress");
    let big = chain_cnf(&dir, 60);
    let out = satpuz(&[
        "count",
        &big,
        "--all",
        "--method",
        "enumerate",
        "--timeout",
        "2.5",
        "--progress",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_STOPPED));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains(" solutions so far ("))
        .collect();
    assert!(!lines.is_empty(), "{stderr}");
    let out = satpuz(&[
        "count",
        &big,
        "--all",
        "--method",
        "enumerate",
        "--timeout",
        "2.5",
        "--progress",
        "-q",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_STOPPED));
    assert_eq!(text(&out.stderr), "");
    let out = satpuz(&[
        "inquest",
        "--count",
        "1000000",
        "--timeout",
        "2.5",
        "--progress",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_STOPPED));
    let stderr = text(&out.stderr);
    assert!(
        stderr
            .lines()
            .any(|l| l.ends_with(" s)") && l.contains("/1000000 done (")),
        "{stderr}"
    );
}
