//! The README runs as written: every line of every ```sh block, in order, twice, in one
//! scratch directory with `satpuz` on PATH and the repository's shipped data (`encodings/`,
//! `dimacs/`) beside it, as a newcomer in a clone would run them. A line ending in a comment
//! `# exit N ...` must exit N; every other line must exit 0. Blocks fenced otherwise (```text,
//! ```json) are not run: the set-up commands, `serve`, and output shown as an example.

mod common;

use std::path::Path;
use std::process::Command;

use common::{manifest_dir, minisat, scratch_dir};

/// The lines of the README's ```sh blocks, with their line numbers in README.md.
fn sh_lines(readme: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut in_sh = false;
    for (i, line) in readme.lines().enumerate() {
        let fence = line.trim_start();
        if let Some(tag) = fence.strip_prefix("```") {
            in_sh = !in_sh && tag.trim() == "sh";
            continue;
        }
        let command = line.trim();
        if in_sh && !command.is_empty() && !command.starts_with('#') {
            lines.push((i + 1, command.to_string()));
        }
    }
    lines
}

/// The exit code a line asks for: `# exit N` in its trailing comment, else 0.
fn expected_exit(line: &str) -> i32 {
    line.split_once("# exit ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.trim_end_matches([':', ',', ';']).parse().ok())
        .unwrap_or(0)
}

fn link(from: &Path, to: &Path) {
    std::os::unix::fs::symlink(from, to)
        .unwrap_or_else(|e| panic!("link {} -> {}: {e}", to.display(), from.display()));
}

#[test]
fn every_sh_line_of_the_readme_runs_as_written() {
    minisat();
    let root = manifest_dir();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let lines = sh_lines(&readme);
    assert!(
        lines.len() >= 20,
        "the README has only {} sh lines",
        lines.len()
    );

    let dir = scratch_dir("readme");
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).unwrap();
    link(Path::new(env!("CARGO_BIN_EXE_satpuz")), &bin.join("satpuz"));
    let work = dir.join("clone");
    std::fs::create_dir(&work).unwrap();
    for data in ["encodings", "dimacs"] {
        link(&root.join(data), &work.join(data));
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );

    // Twice in the same directory: a reader may run the tour again, and its files are there
    // from the first time.
    for (round, (number, line)) in lines.iter().chain(&lines).enumerate() {
        let round = 1 + round / lines.len();
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", line])
            .current_dir(&work)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        let want = expected_exit(line);
        assert_eq!(
            out.status.code(),
            Some(want),
            "README.md line {number}, run {round}: `{line}` should exit {want}\n--- stdout\n{}--- \
             stderr\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_runner_reads_fences_and_exit_comments() {
    let text = "```text\nnot run\n```\n```sh\n# a comment\nsatpuz list\n\nsatpuz solve x  # exit 2: none\n```\n```json\n{}\n```\n";
    let lines = sh_lines(text);
    assert_eq!(
        lines,
        vec![
            (6, "satpuz list".to_string()),
            (8, "satpuz solve x  # exit 2: none".to_string())
        ]
    );
    assert_eq!(expected_exit(&lines[0].1), 0);
    assert_eq!(expected_exit(&lines[1].1), 2);
}
