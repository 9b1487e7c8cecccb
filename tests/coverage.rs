//! Every family through every command: family × command → exit code and key output, by
//! running the binary. Plus the CLI message regressions of issue 10 (items 3, 13, 14) and the
//! JSON vocabulary (one name per concept, `schema_version`, the committed schema up to date).

mod common;

use std::path::{Path, PathBuf};

use common::{Run, satpuz, satpuz_with_stdin, scratch_dir};
use serde_json::Value;

fn root() -> PathBuf {
    common::manifest_dir()
}

fn scratch(test: &str) -> PathBuf {
    scratch_dir(&format!("coverage-{test}"))
}

fn run(args: &[&str]) -> Run {
    satpuz(args)
}

fn run_in(args: &[&str], stdin: Option<&[u8]>) -> Run {
    satpuz_with_stdin(args, stdin.unwrap_or(b""))
}

fn out(o: &Run) -> String {
    o.stdout.clone()
}

fn err(o: &Run) -> String {
    o.stderr.clone()
}

fn code(o: &Run) -> i32 {
    o.code
}

fn json(o: &Run) -> Value {
    serde_json::from_str(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {o:?}"))
}

fn path(p: &Path) -> &str {
    common::path_str(p)
}

/// One puzzle of each family: (family, PUZZLE and its flags).
fn puzzles() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("grid", vec!["jindosh"]),
        ("grid", vec!["encodings/zebra.json"]),
        ("inquest", vec!["inquest:2025-03-14"]),
        ("hooks", vec!["hooks1"]),
        (
            "portia",
            vec![
                "portia",
                "--statements",
                "1,-2,-1",
                "--clue",
                "at most 1 true",
            ],
        ),
        ("portia", vec!["encodings/portia/67b.json"]),
    ]
}

fn with(
    puzzle: &[&'static str],
    command: &'static str,
    more: &[&'static str],
) -> Vec<&'static str> {
    let mut args = vec![command];
    args.extend_from_slice(puzzle);
    args.extend_from_slice(more);
    args
}

#[test]
fn solve_works_for_every_family_with_one_vocabulary() {
    for (family, puzzle) in puzzles() {
        let o = run(&with(&puzzle, "solve", &[]));
        assert_eq!(code(&o), 0, "{puzzle:?}: {}{}", out(&o), err(&o));
        assert!(out(&o).contains("unique: yes"), "{puzzle:?}: {}", out(&o));

        let o = run(&with(&puzzle, "solve", &["--json"]));
        assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
        let v = json(&o);
        assert_eq!(v["schema_version"], 1, "{v}");
        assert_eq!(v["family"], family, "{v}");
        assert_eq!(v["satisfiable"], true);
        assert_eq!(v["unique"], true);
        assert!(v["answer"].is_object(), "{v}");
        assert!(v["second_answer"].is_null(), "{v}");
        assert!(v["puzzle"].is_string() && v["variables"].is_u64() && v["clauses"].is_u64());
        let ms = v["time_ms"].as_f64().unwrap();
        let shown = v["time_ms"].to_string();
        let decimals = shown.split('.').nth(1).map_or(0, str::len);
        assert!(ms >= 0.0 && decimals <= 3, "time_ms {shown}");
    }
}

#[test]
fn count_works_for_every_family() {
    for (family, puzzle) in puzzles() {
        let o = run(&with(&puzzle, "count", &["--all", "--json"]));
        assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
        let v = json(&o);
        assert_eq!(
            (&v["solutions"], &v["complete"], &v["family"]),
            (&Value::from(1), &Value::from(true), &Value::from(family)),
            "{v}"
        );
        assert_eq!(v["projection"]["kind"], "puzzle");
        let o = run(&with(&puzzle, "count", &["--limit", "1"]));
        assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
        assert!(out(&o).contains("at least 1 solution"), "{}", out(&o));
    }
}

/// encode → solve the CNF (as an external solver would) → decode: the answer `solve` gives.
#[test]
fn encode_and_decode_work_for_every_family() {
    let dir = scratch("roundtrip");
    for (i, (family, puzzle)) in puzzles().into_iter().enumerate() {
        let cnf = dir.join(format!("{i}.cnf"));
        let o = run(&with(&puzzle, "encode", &[])
            .into_iter()
            .chain(["--dimacs", path(&cnf)])
            .collect::<Vec<_>>());
        assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
        let text = std::fs::read_to_string(&cnf).unwrap();
        assert!(
            text.contains("p cnf ") && text.contains("c p show"),
            "{family}"
        );

        let o = run(&["solve", path(&cnf)]);
        assert_eq!(code(&o), 10, "{puzzle:?}: {}", err(&o));
        let model = dir.join(format!("{i}.model"));
        std::fs::write(&model, &o.stdout).unwrap();

        let o = run(&with(&puzzle, "decode", &["--json", "--model"])
            .into_iter()
            .chain([path(&model)])
            .collect::<Vec<_>>());
        assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
        let decoded = json(&o);
        assert_eq!(decoded["family"], family);
        assert_eq!(decoded["satisfiable"], true);
        let solved = json(&run(&with(&puzzle, "solve", &["--json"])));
        assert_eq!(decoded["answer"], solved["answer"], "{puzzle:?}");
    }
}

#[test]
fn prove_works_where_the_cnf_is_self_contained_and_refuses_with_a_reason_elsewhere() {
    for (family, puzzle) in puzzles() {
        let o = run(&with(&puzzle, "prove", &["--json"]));
        assert_eq!(code(&o), 0, "{puzzle:?}: {}{}", out(&o), err(&o));
        let v = json(&o);
        assert_eq!(
            (&v["certified"], &v["family"]),
            (&Value::from(true), &Value::from(family))
        );
        assert_eq!(v["claim"], "the answer is unique");
    }
    // Hooks #3 keeps its filled cells connected: lazily by cuts (not self-contained) when
    // asked for; `prove` alone builds it eagerly (tests/certify.rs).
    let o = run(&["prove", "hooks3", "--connect", "lazy"]);
    assert_eq!(code(&o), 1, "{}", out(&o));
    assert!(err(&o).contains("--connect eager"), "{}", err(&o));
}

#[test]
fn why_works_where_clues_exist_and_is_refused_elsewhere() {
    for (_, puzzle) in puzzles() {
        let o = run(&with(&puzzle, "solve", &["--why", "--json"]));
        let is_grid = puzzle[0] == "jindosh"
            || puzzle[0].contains("zebra")
            || puzzle[0].starts_with("inquest");
        if is_grid {
            assert_eq!(code(&o), 0, "{puzzle:?}: {}", err(&o));
            let clues = json(&o)["clues"].as_array().unwrap().clone();
            assert!(!clues.is_empty() && clues.iter().all(|c| c["needed"].is_boolean()));
        } else {
            assert_eq!(code(&o), 1, "{puzzle:?}");
            assert!(err(&o).contains("--why"), "{}", err(&o));
        }
    }
}

#[test]
fn list_shows_the_solvable_builtins_with_their_family() {
    let o = run(&["list"]);
    assert_eq!(code(&o), 0);
    let text = out(&o);
    for line in ["jindosh", "hooks1", "portia", "inquest"] {
        assert!(
            text.lines().any(|l| l.starts_with(line)),
            "{line} in\n{text}"
        );
    }
    // Every Hooks puzzle of the series is listed as solvable, and none is refused.
    for k in 1..=11 {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("hooks{k} "))),
            "hooks{k} in\n{text}"
        );
    }
    assert!(!text.contains("refused"), "{text}");
    let v = json(&run(&["list", "--all", "--json"]));
    let refused: Vec<&serde_json::Value> = v["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| !e["refused"].is_null())
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}

#[test]
fn flags_of_other_families_are_refused_by_name() {
    for (args, flag, family) in [
        (vec!["solve", "jindosh", "--pb", "tree"], "--pb", "grid"),
        (
            vec!["count", "jindosh", "--all", "--card", "totalizer"],
            "--card",
            "grid",
        ),
        (
            vec!["solve", "jindosh", "--connect", "eager"],
            "--connect",
            "grid",
        ),
        (
            vec!["solve", "hooks1", "--encoding", "bits"],
            "--encoding",
            "hooks",
        ),
        (
            vec!["encode", "jindosh", "--rows", "1,2", "--stats"],
            "--rows",
            "grid",
        ),
        (vec!["solve", "hooks1", "--rows", "1,2"], "--rows", "hooks"),
        (vec!["solve", "jindosh", "-j", "2"], "-j/--jobs", "grid"),
        (vec!["solve", "inquest", "-j", "2"], "-j/--jobs", "inquest"),
    ] {
        let o = run(&args);
        assert_eq!(code(&o), 1, "{args:?}: {}", out(&o));
        let e = err(&o);
        assert!(e.contains(flag), "{args:?}: {e}");
        assert!(e.contains(family) || e.contains("hooks"), "{args:?}: {e}");
    }
    let dir = scratch("cnf-flags");
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    for extra in [
        ["--why"].as_slice(),
        &["--limit", "3"],
        &["--amo", "ladder"],
        &["-j", "2"],
    ] {
        let mut args = vec!["solve", path(&cnf)];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert_eq!(code(&o), 1, "{args:?}");
        assert!(err(&o).contains(extra[0]), "{args:?}: {}", err(&o));
    }
}

#[test]
fn jobs_names_the_threads_of_a_hooks_solve() {
    // One flag for one concept: Hooks' cubes take -j as a DIMACS file's count does, and the
    // former --threads still works.
    for jobs in [["-j", "2"], ["--threads", "1"]] {
        let args = [&["solve", "hooks1", "--json"], jobs.as_slice()].concat();
        let o = run(&args);
        assert_eq!(code(&o), 0, "{args:?}: {}", err(&o));
        let v: Value = serde_json::from_str(&out(&o)).unwrap();
        assert_eq!(v["unique"], true, "{args:?}: {v}");
    }
    // A Hooks count walks the same cubes on -j threads, and counts what one thread counts.
    let counts: Vec<Value> = ["1", "2"]
        .iter()
        .map(|jobs| {
            let o = run(&["count", "hooks1", "--all", "--json", "-j", jobs]);
            assert_eq!(code(&o), 0, "-j {jobs}: {}", err(&o));
            serde_json::from_str::<Value>(&out(&o)).unwrap()["solutions"].clone()
        })
        .collect();
    assert_eq!(counts[0], counts[1]);
    assert_eq!(counts[0], 1);
    // Where no threads are used, the flag is refused, not ignored: another puzzle's count is
    // one solver's walk, and encode runs no search.
    let o = run(&["count", "jindosh", "--all", "-j", "2"]);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("-j/--jobs"), "{}", err(&o));
    let o = run(&["encode", "hooks1", "-j", "2", "--stats"]);
    assert_eq!(code(&o), 1, "{}", err(&o));
    assert!(err(&o).contains("'-j'"), "{}", err(&o));
    // Every command that runs on several threads says so by the one name.
    for cmd in [
        ["solve"].as_slice(),
        &["count"],
        &["inquest"],
        &["generate", "grid"],
        &["generate", "portia"],
        &["corpus", "check"],
    ] {
        let help = out(&run(&[cmd, &["--help"]].concat()));
        assert!(help.contains("-j, --jobs <N>"), "{cmd:?}: {help}");
        assert!(!help.contains("--threads"), "{cmd:?}: {help}");
    }
}

#[test]
fn help_groups_flags_by_family() {
    let help = out(&run(&["solve", "--help"]));
    for heading in ["Hooks (", "Portia's caskets", "Logic grids", "DIMACS input"] {
        assert!(help.contains(heading), "{heading} in\n{help}");
    }
}

#[test]
fn schema_is_published_and_committed_up_to_date() {
    let o = run(&["schema"]);
    assert_eq!(code(&o), 0);
    let committed = std::fs::read_to_string(root().join("docs/schema.json")).unwrap();
    assert_eq!(
        out(&o),
        committed,
        "docs/schema.json is stale: run `satpuz schema > docs/schema.json`"
    );
    let v: Value = serde_json::from_str(&committed).unwrap();
    let text = v.to_string();
    for name in [
        "second_answer",
        "schema_version",
        "time_ms",
        "complete",
        "PortiaSolutionValue",
    ] {
        assert!(text.contains(name), "{name}");
    }
}

#[test]
fn one_name_per_concept_across_commands() {
    // Several answers: `solutions`/`complete`/`second_answer` as in `count`.
    let relaxed = "dimacs/jindosh-relaxed.json";
    let v = json(&run(&["solve", relaxed, "--json"]));
    assert_eq!(v["unique"], false);
    assert!(v["second_answer"].is_object() && v["solutions"].as_u64().unwrap() >= 2);
    assert!(v["complete"].is_boolean());
    let c = json(&run(&["count", relaxed, "--all", "--json"]));
    assert_eq!(c["solutions"], v["solutions"]);
    // Hooks: the answer is an object whose value is a number; JSON `variables` is the formula's.
    let v = json(&run(&["solve", "hooks1", "--json"]));
    assert_eq!(v["answer"]["value"], 158);
    let text = out(&run(&["solve", "hooks1"]));
    assert!(
        text.contains(&format!("{} variables", v["variables"])),
        "{}\n{text}",
        v["variables"]
    );
    let e = json(&run(&["encode", "hooks1", "--json"]));
    assert_eq!(e["variables"], v["variables"]);
}

// Issue 10, item 3: `--limit 0` is refused; `--limit 1` does not claim fewer answers than shown.
#[test]
fn limit_zero_is_refused_and_limit_one_is_honest() {
    for args in [
        ["count", "jindosh", "--limit", "0"].as_slice(),
        &["solve", "dimacs/jindosh-relaxed.json", "--limit", "0"],
    ] {
        let o = run(args);
        assert_eq!(code(&o), 1, "{args:?}: {}", out(&o));
        assert!(!out(&o).contains("at least 0"), "{}", out(&o));
    }
    let o = run(&["solve", "dimacs/jindosh-relaxed.json", "--limit", "1"]);
    assert_eq!(code(&o), 3);
    let text = out(&o);
    assert!(text.contains("at least 2 solutions"), "{text}");
    assert!(!text.contains("at least 1 solutions"), "{text}");
    // --all and --limit together: refused, not "the limit wins".
    let o = run(&["count", "jindosh", "--all", "--limit", "1"]);
    assert_eq!(code(&o), 1);
}

// Issue 10, item 13: the reader is chosen by extension first, and the error names it.
#[test]
fn json_files_get_json_errors() {
    let dir = scratch("readers");
    for (name, bytes) in [
        ("bom.json", b"\xEF\xBB\xBF[]".as_slice()),
        ("array.json", b"[]"),
        ("null.json", b"null"),
        ("empty.json", b""),
        ("deep.json", &[b'['; 100_000]),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        let o = run(&["solve", path(&file)]);
        assert_eq!(code(&o), 1, "{name}");
        let e = err(&o);
        assert!(e.contains("JSON"), "{name}: {e}");
        assert!(!e.contains("p cnf"), "{name}: {e}");
    }
    // A BOM before a valid puzzle is no obstacle.
    let mut zebra = b"\xEF\xBB\xBF".to_vec();
    zebra.extend(std::fs::read(root().join("encodings/zebra.json")).unwrap());
    let file = dir.join("zebra-bom.json");
    std::fs::write(&file, zebra).unwrap();
    assert_eq!(code(&run(&["solve", path(&file)])), 0);
    // No extension: by content; a DIMACS error says it is the DIMACS reader.
    let file = dir.join("formula");
    std::fs::write(&file, "1 2 0\n").unwrap();
    let o = run(&["solve", path(&file)]);
    assert_eq!(code(&o), 1);
    assert!(err(&o).contains("DIMACS reader"), "{}", err(&o));
}

// Issue 10, item 14.
#[test]
fn cli_messages_and_codes() {
    let dir = scratch("messages");
    let sat = dir.join("sat.cnf");
    std::fs::write(&sat, "p cnf 1 1\n1 0\n").unwrap();
    let unsat = dir.join("unsat.cnf");
    std::fs::write(&unsat, "p cnf 1 2\n1 0\n-1 0\n").unwrap();
    let loose = dir.join("loose.cnf");
    std::fs::write(&loose, "p cnf 1 3\n1 0\n-1 0\n").unwrap();
    let proof = dir.join("proof.drat");
    std::fs::write(&proof, "0\n").unwrap();
    let bad_proof = dir.join("bad.drat");
    std::fs::write(&bad_proof, "1 0\n").unwrap();

    // --lenient is accepted where it is advised.
    let o = run(&["check-drat", path(&loose), path(&proof), "--lenient"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    let o = run(&["prove", path(&loose), "--lenient"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    // prove on a satisfiable CNF: 10, as `solve` says SATISFIABLE.
    let o = run(&["prove", path(&sat)]);
    assert_eq!(code(&o), 10, "{}", out(&o));
    // check-drat NOT VERIFIED has its own code.
    let o = run(&["check-drat", path(&sat), path(&bad_proof)]);
    assert_eq!(code(&o), 5, "{}", out(&o));
    assert!(out(&o).contains("NOT VERIFIED"));
    // Control bytes are escaped in errors.
    let o = run(&["solve", "no\u{1}such\u{1b}[31mfile"]);
    assert_eq!(code(&o), 1);
    let e = err(&o);
    assert!(!e.contains('\u{1}') && !e.contains('\u{1b}'), "{e:?}");
    assert!(e.contains("\\u{1}"), "{e:?}");
    // decode names the model file in its errors.
    let model = dir.join("short-model.txt");
    std::fs::write(&model, "SAT\n1 -2 0\n").unwrap();
    let o = run(&["decode", "jindosh", "--model", path(&model)]);
    assert_eq!(code(&o), 1);
    assert!(err(&o).contains("short-model.txt"), "{}", err(&o));
    // decode takes Portia like every family.
    let o = run(&[
        "decode",
        "portia",
        "--statements",
        "1,-2,-1",
        "--clue",
        "at most 1 true",
        "--model",
        path(&model),
    ]);
    assert!(
        !err(&o).contains("not a puzzle") && !err(&o).contains("neither"),
        "{}",
        err(&o)
    );
    // Standard input is read once.
    let o = run_in(&["decode", "-", "--model", "-"], Some(b""));
    assert_eq!(code(&o), 1);
    assert!(err(&o).contains("standard input"), "{}", err(&o));
}

#[test]
fn count_and_encode_take_portia_and_decode_and_prove_take_hooks() {
    let portia = [
        "portia",
        "--statements",
        "1,-2,-1",
        "--clue",
        "at most 1 true",
    ];
    let mut args = vec!["count"];
    args.extend_from_slice(&portia);
    args.push("--all");
    let o = run(&args);
    assert_eq!(code(&o), 0, "{}", err(&o));
    assert!(out(&o).contains(": 1 solution"), "{}", out(&o));
    let o = run(&["encode", "hooks1", "--stats"]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    // Hooks #3 with reachability in the CNF: certified.
    let o = run(&["prove", "hooks3", "--connect", "eager"]);
    assert_eq!(code(&o), 0, "{}{}", out(&o), err(&o));
    assert!(out(&o).contains("certified"), "{}", out(&o));
}

// Issue 10, item 14: a key given twice in a sheet is an error, not "the last one wins".
#[test]
fn a_sheet_with_a_key_given_twice_is_an_error() {
    use satpuz::puzzles::inquest::{Length, Sheet, deal};
    let case = deal(20250314, Length::Short).unwrap();
    let (room, other) = (&case.arrangement.rooms[0], &case.arrangement.rooms[1]);
    let person = &case.arrangement.values[0][0];
    for text in [
        format!(r#"{{"rooms": {{"{room}": {{"person": "{person}", "person": "x"}}}}}}"#),
        format!(r#"{{"rooms": {{"{room}": {{}}, "{other}": {{}}, "{room}": {{}}}}}}"#),
    ] {
        let e = Sheet::from_json(&case, &text).unwrap_err().to_string();
        assert!(e.contains("given twice"), "{text}: {e}");
    }
}
