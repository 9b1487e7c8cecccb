//! The command line's shared conventions (issue 11): one output flag (`-o/--output`, with the
//! old names as aliases), `-q`/`-v`, errors as JSON under `--json`, strict dates, shell
//! completions and man pages, and export headers whose decode hint works when followed.

mod common;

use std::path::Path;
use std::process::Command;

use common::{Run, minisat, path_str, satpuz, scratch_dir};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn one_output_flag_with_the_old_names_as_aliases() {
    let dir = scratch_dir("output-flag");
    let (a, b, c) = (dir.join("a.cnf"), dir.join("b.cnf"), dir.join("c.cnf"));
    for (flag, path) in [("-o", &a), ("--output", &b), ("--dimacs", &c)] {
        let run = satpuz(&["encode", "jindosh", flag, path_str(path)]);
        assert_eq!(run.code, 0, "{flag}: {run:?}");
    }
    assert_eq!(read(&a), read(&b));
    assert_eq!(read(&a), read(&c));

    // generate grid: -o, --out (its old name), and `-o -` for standard output.
    let (p, q) = (dir.join("p.json"), dir.join("q.json"));
    let args = ["generate", "grid", "--positions", "4", "--categories", "3"];
    for (flag, path) in [("-o", path_str(&p)), ("--out", path_str(&q))] {
        let run = satpuz(&[&args[..], &[flag, path]].concat());
        assert_eq!(run.code, 0, "{flag}: {run:?}");
    }
    let to_stdout = satpuz(&[&args[..], &["-o", "-"]].concat());
    assert_eq!(to_stdout.code, 0, "{to_stdout:?}");
    assert_eq!(read(&p), read(&q));
    assert_eq!(read(&p), to_stdout.stdout);

    // inquest: -o and --dimacs write the same CNF; an existing file is kept without --force.
    let (i, j) = (dir.join("i.cnf"), dir.join("j.cnf"));
    for (flag, path) in [("-o", &i), ("--dimacs", &j)] {
        let run = satpuz(&["inquest", "--seed", "7", flag, path_str(path)]);
        assert_eq!(run.code, 0, "{flag}: {run:?}");
    }
    assert_eq!(read(&i), read(&j));
    let again = satpuz(&["inquest", "--seed", "8", "-o", path_str(&i)]);
    assert_eq!(again.code, 1, "{again:?}");
    assert!(again.stderr.contains("exists; pass --force"), "{again:?}");
    assert_eq!(read(&i), read(&j), "the refused run changed the file");

    // generate portia: -o writes the catalogue that standard output would show.
    let cat = dir.join("portia1.json");
    let written = satpuz(&[
        "generate",
        "portia",
        "--generation",
        "1",
        "--json",
        "-o",
        path_str(&cat),
    ]);
    assert_eq!(written.code, 0, "{written:?}");
    let shown = satpuz(&["generate", "portia", "--generation", "1", "--json"]);
    assert_eq!(read(&cat), shown.stdout);
    let count = satpuz(&["generate", "portia", "--generation", "1", "--count-only"]);
    let records: Vec<serde_json::Value> = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(count.stdout.trim(), records.len().to_string());
}

#[test]
fn quiet_drops_notes_and_verbose_adds_solver_statistics() {
    let dir = scratch_dir("verbosity");
    let out = dir.join("j.cnf");
    let normal = satpuz(&["encode", "jindosh", "-o", path_str(&out)]);
    assert!(normal.stderr.starts_with("wrote "), "{normal:?}");
    let quiet = satpuz(&["-q", "encode", "jindosh", "-o", path_str(&out), "--force"]);
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""), "{quiet:?}");
    // A warning is not a note: -q keeps it.
    let misspelt = read(Path::new("encodings/jindosh.txt")).replace("Karnaca", "Karanca");
    let text = dir.join("misspelt.txt");
    std::fs::write(&text, misspelt).unwrap();
    let warned = satpuz(&["solve", "jindosh", "--text", path_str(&text), "--quiet"]);
    assert_eq!(warned.code, 0, "{warned:?}");
    assert!(warned.stderr.contains("warning:"), "{warned:?}");

    let verbose = satpuz(&["solve", "jindosh", "-v"]);
    assert_eq!(verbose.code, 0, "{verbose:?}");
    let line = verbose
        .stderr
        .lines()
        .find(|l| l.starts_with("c solver: "))
        .unwrap_or_else(|| panic!("no statistics line: {verbose:?}"));
    // solve finds the answer (SAT) and proves it unique (UNSAT): at least one of each.
    let calls: u64 = line["c solver: ".len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(calls >= 2, "{line}");
    assert!(line.contains("SAT") && line.contains("UNSAT"), "{line}");
    let both = satpuz(&["solve", "jindosh", "-q", "-v"]);
    assert_eq!(both.code, 1, "{both:?}");
}

fn json_error(run: &Run) -> String {
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(run.stdout, "", "{run:?}");
    let v: serde_json::Value = serde_json::from_str(&run.stderr)
        .unwrap_or_else(|e| panic!("stderr is not one JSON object ({e}): {run:?}"));
    assert_eq!(v["schema_version"], 1, "{run:?}");
    assert_eq!(v["exit_code"], 1, "{run:?}");
    v["error"].as_str().expect("error is a string").to_string()
}

#[test]
fn errors_are_json_objects_under_json() {
    let unknown = json_error(&satpuz(&["solve", "no-such-puzzle", "--json"]));
    assert!(
        unknown.starts_with("`no-such-puzzle` is neither a built-in puzzle"),
        "{unknown}"
    );
    let usage = json_error(&satpuz(&["count", "jindosh", "--json", "--bogus"]));
    assert!(usage.contains("unexpected argument '--bogus'"), "{usage}");
    let date = json_error(&satpuz(&["inquest", "--date", "26-12-01", "--json"]));
    assert!(date.contains("the year `26` must have 4 digits"), "{date}");
    // Without --json the same error is one plain line.
    let plain = satpuz(&["solve", "no-such-puzzle"]);
    assert!(
        plain.stderr.starts_with("error: `no-such-puzzle`"),
        "{plain:?}"
    );
    // After `--` a `--json` is an argument, not the flag.
    let after = satpuz(&["solve", "--", "--json"]);
    assert!(after.stderr.starts_with("error: "), "{after:?}");
}

#[test]
fn dates_are_four_two_and_two_digits() {
    for (date, says) in [
        ("26-12-01", "the year `26` must have 4 digits"),
        ("2026-1-01", "the month `1` must have 2 digits"),
        ("2026-02-30", "that month has days 1 to 28"),
    ] {
        let run = satpuz(&["inquest", "--date", date]);
        assert_eq!(run.code, 1, "{date}: {run:?}");
        assert!(run.stderr.contains(says), "{date}: {run:?}");
        let builtin = satpuz(&["solve", &format!("inquest:{date}")]);
        assert_eq!(builtin.code, 1, "inquest:{date}: {builtin:?}");
        assert!(builtin.stderr.contains(says), "inquest:{date}: {builtin:?}");
    }
    assert_eq!(satpuz(&["inquest", "--date", "2026-01-01"]).code, 0);
}

#[test]
fn completions_and_man_pages_describe_every_command() {
    let commands = [
        "encode", "solve", "count", "decode", "prove", "generate", "inquest",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = satpuz(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {run:?}");
        for c in commands {
            assert!(run.stdout.contains(c), "{shell} completions lack `{c}`");
        }
    }
    let bash = satpuz(&["completions", "bash"]).stdout;
    let syntax = Command::new("bash")
        .args(["-n", "-c", &bash])
        .output()
        .expect("bash runs");
    assert!(
        syntax.status.success(),
        "{}",
        String::from_utf8_lossy(&syntax.stderr)
    );

    let page = satpuz(&["man"]);
    assert_eq!(page.code, 0, "{page:?}");
    assert!(page.stdout.contains(".TH satpuz 1"), "{}", page.stdout);
    for c in commands {
        assert!(page.stdout.contains(c), "the man page lacks `{c}`");
    }
    let dir = scratch_dir("man");
    let run = satpuz(&["man", "--dir", path_str(&dir)]);
    assert_eq!(run.code, 0, "{run:?}");
    let solve = read(&dir.join("satpuz-solve.1"));
    assert!(solve.contains(".TH satpuz-solve 1"), "{solve}");
    assert!(solve.contains("\\-\\-json"), "{solve}");
    // Pages that exist are kept unless --force.
    let again = satpuz(&["man", "--dir", path_str(&dir)]);
    assert_eq!(again.code, 1, "{again:?}");
    assert!(again.stderr.contains("exists; pass --force"), "{again:?}");
    assert_eq!(satpuz(&["man", "--dir", path_str(&dir), "--force"]).code, 0);
}

/// The export's header says how to read a model back; following it literally (with minisat's
/// result as MODEL) must give the puzzle's answer.
fn follow_decode_hint(cnf: &Path, dir: &Path) -> Run {
    let text = read(cnf);
    let hint = text
        .lines()
        .skip_while(|l| *l != "c read a solver's model back with:")
        .nth(1)
        .unwrap_or_else(|| panic!("no decode hint in {}:\n{text}", cnf.display()))
        .trim_start_matches("c ")
        .trim()
        .to_string();
    let model = dir.join("model.txt");
    let (code, _) = common::run_minisat(cnf, &model);
    assert_eq!(code, 10, "minisat on {}", cnf.display());
    let command = hint.replace("MODEL", path_str(&model));
    let words = shell_words(&command);
    assert_eq!(words[0], "satpuz", "{hint}");
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    let out = Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(&args)
        .current_dir(dir)
        .output()
        .expect("satpuz runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Splits a command line into words, with single quotes as the only quoting (what the hints
/// write).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn every_export_header_says_how_to_decode_it_and_that_works() {
    minisat();
    let dir = scratch_dir("decode-hints");
    std::fs::copy("encodings/jindosh.txt", dir.join("riddle.txt")).unwrap();
    let exports: [(&str, &[&str], &str); 4] = [
        ("jindosh", &["jindosh", "--encoding", "bits"], "Snuff Tin"),
        (
            "riddle",
            &["jindosh", "--text", "riddle.txt"],
            "Countess Contee",
        ),
        (
            "hooks",
            &[
                "hooks",
                "--rows",
                "26,42,11,22,42,36,29,32,45",
                "--cols",
                "31,19,45,16,5,47,28,49,45",
            ],
            "cell",
        ),
        (
            "portia",
            &[
                "portia",
                "--statements",
                "1,-2,-1",
                "--clue",
                "at most 1 true",
            ],
            "silver",
        ),
    ];
    for (name, puzzle, expect) in exports {
        let cnf = dir.join(format!("{name}.cnf"));
        let mut args = vec!["encode"];
        args.extend_from_slice(puzzle);
        args.extend(["-o", path_str(&cnf)]);
        let out = Command::new(env!("CARGO_BIN_EXE_satpuz"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {out:?}");
        let decoded = follow_decode_hint(&cnf, &dir);
        assert_eq!(decoded.code, 0, "{name}: {decoded:?}");
        assert!(decoded.stdout.contains(expect), "{name}: {decoded:?}");
    }

    // The Inquest's export names the case file to write first, then how to decode.
    let cnf = dir.join("case.cnf");
    let run = satpuz(&[
        "inquest",
        "--seed",
        "11",
        "--length",
        "long",
        "-o",
        path_str(&cnf),
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let header = read(&cnf);
    let make_case = header
        .lines()
        .find_map(|l| l.strip_prefix("c the case as a file: "))
        .expect("the case file command");
    assert_eq!(
        make_case,
        "satpuz inquest --seed 11 --length long --json > case.json"
    );
    let case = satpuz(&["inquest", "--seed", "11", "--length", "long", "--json"]);
    std::fs::write(dir.join("case.json"), &case.stdout).unwrap();
    let decoded = follow_decode_hint(&cnf, &dir);
    assert_eq!(decoded.code, 0, "{decoded:?}");
    let revealed = satpuz(&["inquest", "--seed", "11", "--length", "long", "--reveal"]);
    // "The thief is Count Ostrava." (decode) / "The thief is Count Ostrava: the ..." (reveal).
    let thief = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("The thief is "))
            .map(|rest| rest.split([':', '.']).next().unwrap_or(rest).to_string())
    };
    assert!(thief(&decoded.stdout).is_some(), "{decoded:?}");
    assert_eq!(thief(&decoded.stdout), thief(&revealed.stdout));
}

/// Every variable an export declares is in a clause, named or projected: a solver reading
/// the file has nothing to warn about, and `p cnf V` is the formula's own size.
#[test]
fn exports_declare_only_variables_they_use_or_name() {
    let dir = scratch_dir("declared");
    let list: serde_json::Value =
        serde_json::from_str(&satpuz(&["list", "--json"]).stdout).expect("list --json");
    let mut checked = 0;
    for entry in list["puzzles"].as_array().expect("puzzles") {
        let name = entry["puzzle"].as_str().expect("name");
        if entry.get("refused").is_some_and(|r| !r.is_null()) || matches!(name, "hooks" | "portia")
        {
            continue; // refused, or needs its clues as flags (covered by the decode-hint test)
        }
        let cnf = dir.join(format!("{name}.cnf"));
        let run = satpuz(&["encode", name, "-o", path_str(&cnf)]);
        assert_eq!(run.code, 0, "{name}: {run:?}");
        let (mut declared, mut seen) = (0usize, std::collections::BTreeSet::new());
        for line in read(&cnf).lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["p", "cnf", v, _] => declared = v.parse().unwrap(),
                ["c", "p", "show", vars @ ..] => {
                    seen.extend(vars.iter().filter_map(|v| v.parse::<usize>().ok()));
                }
                ["c", id, ..] => seen.extend(id.parse::<usize>().ok()),
                lits => seen.extend(
                    lits.iter()
                        .map(|l| l.parse::<i64>().unwrap().unsigned_abs() as usize)
                        .filter(|&v| v != 0),
                ),
            }
        }
        let unused: Vec<usize> = (1..=declared).filter(|v| !seen.contains(v)).collect();
        assert!(unused.is_empty(), "{name}: declared but unused {unused:?}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} built-ins checked");
}

#[test]
fn list_counts_in_words() {
    let list = satpuz(&["list"]).stdout;
    assert!(
        list.contains("Dinesman's multiple-dwelling problem: 5 floors, 1 category, 6 clues"),
        "{list}"
    );
    assert!(list.contains("5 seats, 5 categories, 15 clues"), "{list}");
}

/// Every built-in is inside the binary (`cargo install` copies only the binary): each one
/// solves from a directory with no `encodings/` in sight.
#[test]
fn built_ins_solve_from_any_directory() {
    let dir = scratch_dir("anywhere");
    let list: serde_json::Value =
        serde_json::from_str(&satpuz(&["list", "--json"]).stdout).expect("list --json");
    let mut solved = 0;
    for entry in list["puzzles"].as_array().expect("puzzles") {
        let name = entry["puzzle"].as_str().expect("name");
        if entry.get("refused").is_some_and(|r| !r.is_null()) || matches!(name, "hooks" | "portia")
        {
            continue;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_satpuz"))
            .args(["solve", name])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}: {out:?}");
        solved += 1;
    }
    assert!(solved >= 10, "only {solved} built-ins solved");
}
