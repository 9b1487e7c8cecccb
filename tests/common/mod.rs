//! The one support module of the integration tests: the brute-force oracles (written here, not
//! borrowed from the library), random instance generators with a fixed seed, the encoding
//! combinations every cross-check runs over, the one way to run the `satpuz` binary, external
//! solvers and scratch directories.
#![allow(dead_code)] // each test binary uses its own subset of these helpers
#![allow(unused_imports)] // the same for the re-exports below

pub mod cnf;
pub mod grid;
pub mod http;
pub mod model;
pub mod pages;
pub mod process;
pub mod webdriver;

use std::path::PathBuf;
use std::process::Command;

pub use cnf::{PlainCnf, random_clause};
pub use grid::*;
pub use process::{Run, satpuz, satpuz_with_stdin};
use satpuz::model::EncodeOptions;

/// Every encoding combination the library offers (domains x at-most-one).
pub fn all_options() -> Vec<EncodeOptions> {
    EncodeOptions::for_domains()
}

/// The crate root (where `encodings/` and `dimacs/` live).
pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped puzzle files.
pub fn encodings_dir() -> PathBuf {
    manifest_dir().join("encodings")
}

/// The digits of a Hooks answer's `grid` (rows of digits, 0 empty) in `--json` output, row by
/// row, as the independent checkers take them.
pub fn hooks_json_grid(answer: &serde_json::Value) -> Vec<u8> {
    let rows = answer["grid"]
        .as_array()
        .expect("a Hooks answer has a grid");
    rows.iter()
        .flat_map(|row| row.as_array().expect("a grid row is an array").iter())
        .map(|d| u8::try_from(d.as_u64().expect("a digit")).expect("a digit fits a byte"))
        .collect()
}

/// A path as the `&str` a command line takes (test paths are UTF-8).
pub fn path_str(p: &std::path::Path) -> &str {
    p.to_str().expect("utf-8 test path")
}

/// All permutations of `0..n`, in lexicographic order (`perm[item]` = its place).
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn go(prefix: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
        if prefix.len() == used.len() {
            out.push(prefix.clone());
            return;
        }
        for p in 0..used.len() {
            if !used[p] {
                used[p] = true;
                prefix.push(p);
                go(prefix, used, out);
                prefix.pop();
                used[p] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// A fresh scratch directory for one test (removed at the start, not the end, so a failing
/// test leaves its files to look at).
pub fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// The minisat binary; fails the test (never skips it) when minisat is not installed.
pub fn minisat() -> &'static str {
    let found = Command::new("minisat").arg("--help").output().is_ok();
    assert!(
        found,
        "minisat is not on PATH: the cross-check tests need it. Install it with \
         `apt-get install minisat` (.ci/run does this)"
    );
    "minisat"
}

/// Runs `minisat cnf out` and returns its exit code (10 SAT, 20 UNSAT) and the result file.
pub fn run_minisat(cnf: &std::path::Path, out: &std::path::Path) -> (i32, String) {
    let status = Command::new(minisat())
        .arg("-verb=0")
        .arg(cnf)
        .arg(out)
        .output()
        .expect("minisat runs");
    let code = status.status.code().expect("minisat exited normally");
    let text = std::fs::read_to_string(out).unwrap_or_else(|e| {
        panic!(
            "minisat wrote no result file {} (exit {code}): {e}\n{}",
            out.display(),
            String::from_utf8_lossy(&status.stderr)
        )
    });
    (code, text)
}

/// The CaDiCaL binary; fails the test (never skips it) when it is not installed.
pub fn cadical() -> &'static str {
    let found = Command::new("cadical").arg("--version").output().is_ok();
    assert!(
        found,
        "cadical is not on PATH: the certificate and differential tests need it. Install it with \
         `apt-get install cadical` (.ci/run does this)"
    );
    "cadical"
}
