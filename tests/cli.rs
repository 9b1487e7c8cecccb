//! The built binary, end to end: exit codes, output formats, refusals and error messages.

mod common;

use satpuz::choice::Choice;
use std::path::Path;

use common::{
    JINDOSH_OWNERS, PlainCnf, all_options, path_str, satpuz, satpuz_with_stdin, scratch_dir,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn solve_jindosh_prints_the_table_the_answer_and_unique_yes() {
    let r = satpuz(&["solve", "jindosh"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("unique: yes"), "{r:?}");
    for (person, heirloom) in JINDOSH_OWNERS {
        assert!(
            r.stdout.contains(&format!("{person}: {heirloom}")),
            "answer line for {person}: {r:?}"
        );
    }
    // The seat table: one row per category.
    for row in ["person", "colour", "drink", "city", "heirloom"] {
        assert!(
            r.stdout.lines().any(|l| l.starts_with(row)),
            "row {row}: {r:?}"
        );
    }
}

#[test]
fn solve_json_gives_the_same_answer_in_every_encoding() {
    for opts in all_options() {
        let r = satpuz(&[
            "solve",
            "jindosh",
            "--json",
            "--encoding",
            opts.encoding.name(),
            "--amo",
            opts.amo.name(),
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        let v: serde_json::Value = serde_json::from_str(&r.stdout)
            .unwrap_or_else(|e| panic!("--json output is JSON ({e}): {r:?}"));
        assert_eq!(v["satisfiable"], true, "{r:?}");
        assert_eq!(v["unique"], true, "{r:?}");
        assert_eq!(v["settings"]["encoding"], opts.encoding.name());
        assert_eq!(v["settings"]["amo"], opts.amo.name());
        for (person, heirloom) in JINDOSH_OWNERS {
            assert_eq!(
                v["answer"]["question"][person],
                heirloom,
                "{}/{}: {person}",
                opts.encoding.name(),
                opts.amo.name()
            );
        }
        assert_eq!(
            v["answer"]["positions"]
                .as_array()
                .expect("positions")
                .len(),
            5
        );
    }
}

#[test]
fn count_jindosh_all_says_one() {
    let r = satpuz(&["count", "jindosh", "--all"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains(": 1 solution"), "{r:?}");

    let r = satpuz(&["count", "jindosh", "--all", "--json", "--encoding", "bits"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["solutions"], 1, "{r:?}");
    assert_eq!(v["complete"], true, "{r:?}");
}

#[test]
fn count_limit_stops_and_says_the_count_is_a_lower_bound() {
    let dir = scratch_dir("count-limit");
    // Three free variables, no clauses: 8 models.
    let cnf = dir.join("free.cnf");
    std::fs::write(&cnf, "p cnf 3 0\n").expect("write");
    let r = satpuz(&["count", path_str(&cnf), "--limit", "5", "--json"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["solutions"], 5, "{r:?}");
    assert_eq!(v["complete"], false, "{r:?}");
    let r = satpuz(&["count", path_str(&cnf), "--limit", "5"]);
    assert!(r.stdout.contains("at least 5"), "{r:?}");
    let r = satpuz(&["count", path_str(&cnf), "--all"]);
    assert!(r.stdout.contains(": 8 solution"), "{r:?}");
}

#[test]
fn count_without_all_or_limit_is_a_usage_error() {
    let r = satpuz(&["count", "jindosh"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("--all") && r.stderr.contains("--limit"),
        "{r:?}"
    );
    assert!(r.stdout.is_empty(), "{r:?}");
}

/// The `v` lines of competition output as a full assignment (1-based, index 0 unused).
fn v_model(stdout: &str) -> Vec<i32> {
    let lits: Vec<i32> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<i32>().expect("int")))
        .collect();
    assert_eq!(lits.last(), Some(&0), "v lines end in 0: {stdout}");
    lits
}

#[test]
fn solve_on_cnf_files_answers_like_a_sat_solver() {
    let dir = scratch_dir("solve-cnf");
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0020);
    let (mut sat, mut unsat) = (0, 0);
    for i in 0..40 {
        let plain = PlainCnf::random(&mut rng, false);
        let file = dir.join(format!("r{i}.cnf"));
        let text = plain.to_dimacs();
        std::fs::write(&file, &text).expect("write");
        let expected_sat = plain.brute_force_count() > 0;
        let r = satpuz(&["solve", path_str(&file)]);
        if expected_sat {
            sat += 1;
            assert_eq!(r.code, 10, "{text}\n{r:?}");
            assert_eq!(r.stdout.lines().next(), Some("s SATISFIABLE"), "{r:?}");
            let lits = v_model(&r.stdout);
            // Every variable once, up to the last one a clause mentions (as minisat does); the
            // declared ones after it take any value, and a `c` line says so.
            let used = plain
                .clauses
                .iter()
                .flatten()
                .map(|l| l.unsigned_abs() as usize);
            let used = used.max().unwrap_or(0);
            assert_eq!(lits.len(), used + 1, "every used variable once: {r:?}");
            let note = format!(
                "c variables {} to {} are in no clause",
                used + 1,
                plain.num_vars
            );
            assert_eq!(r.stdout.contains(&note), used < plain.num_vars, "{r:?}");
            let mut assignment = 0u32;
            for (i, &l) in lits[..used].iter().enumerate() {
                assert_eq!(
                    l.unsigned_abs() as usize,
                    i + 1,
                    "variables in order: {r:?}"
                );
                if l > 0 {
                    assignment |= 1 << i;
                }
            }
            assert!(
                plain.satisfied_by(assignment),
                "the printed model satisfies the file:\n{text}\n{r:?}"
            );
        } else {
            unsat += 1;
            assert_eq!(r.code, 20, "{text}\n{r:?}");
            assert_eq!(r.stdout.trim(), "s UNSATISFIABLE", "{r:?}");
        }
    }
    assert!(
        sat > 5 && unsat > 5,
        "both verdicts exercised: {sat} SAT, {unsat} UNSAT"
    );

    // Standard input, and --json.
    let r = satpuz_with_stdin(&["solve", "-"], b"p cnf 2 2\n1 0\n-1 -2 0\n");
    assert_eq!(r.code, 10, "{r:?}");
    assert_eq!(v_model(&r.stdout), vec![1, -2, 0]);
    let r = satpuz_with_stdin(&["solve", "-", "--json"], b"p cnf 1 2\n1 0\n-1 0\n");
    assert_eq!(r.code, 20, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["satisfiable"], false);
}

#[test]
fn count_on_cnf_files_projects_onto_c_p_show() {
    let dir = scratch_dir("count-cnf");
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0021);
    for i in 0..20 {
        let plain = PlainCnf::random(&mut rng, i % 2 == 0);
        let expected = plain.brute_force_count();
        let file = dir.join(format!("r{i}.cnf"));
        std::fs::write(&file, plain.to_dimacs()).expect("write");
        let r = satpuz(&["count", path_str(&file), "--all", "--json"]);
        let v: serde_json::Value =
            serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("JSON ({e}): {r:?}"));
        assert_eq!(v["solutions"], expected, "{}\n{r:?}", plain.to_dimacs());
        assert_eq!(r.code, if expected == 0 { 2 } else { 0 }, "{r:?}");
    }
}

#[test]
fn encode_refuses_to_overwrite_without_force() {
    let dir = scratch_dir("encode-force");
    let out = dir.join("precious.cnf");
    std::fs::write(&out, "my own notes\n").expect("write");
    let r = satpuz(&["encode", "jindosh", "--dimacs", path_str(&out)]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("--force") && r.stderr.contains("precious.cnf"),
        "{r:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).expect("read"),
        "my own notes\n",
        "the file is untouched"
    );

    let r = satpuz(&["encode", "jindosh", "--dimacs", path_str(&out), "--force"]);
    assert_eq!(r.code, 0, "{r:?}");
    let text = std::fs::read_to_string(&out).expect("read");
    assert!(text.contains("\np cnf "), "now DIMACS");
    assert!(
        text.lines()
            .any(|l| l.starts_with("c ") && l.contains("Baroness Finch=seat1")),
        "primary variables are named"
    );

    // A fresh path needs no --force, and --stats splits the cost by kind.
    let fresh = dir.join("fresh.cnf");
    let r = satpuz(&["encode", "jindosh", "--dimacs", path_str(&fresh), "--stats"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(fresh.exists());
    assert!(r.stdout.contains("all-different"), "{r:?}");
}

#[test]
fn bad_dimacs_exits_1_naming_the_file_and_line() {
    let dir = scratch_dir("bad-dimacs");
    for (name, text, line) in [
        ("token.cnf", "p cnf 2 1\nc note\n1 x 0\n", "line 3"),
        ("range.cnf", "p cnf 2 1\n1 3 0\n", "line 2"),
        ("header.cnf", "c x\np cnf two 1\n", "line 2"),
        ("noheader.cnf", "1 2 0\n", "line 1"),
        ("unterminated.cnf", "p cnf 2 2\n1 0\n2\n", "line 3"),
        ("count.cnf", "p cnf 2 3\n1 0\n", "line 1"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write");
        for cmd in ["solve", "count"] {
            let mut args = vec![cmd, path_str(&file)];
            if cmd == "count" {
                args.push("--all");
            }
            let r = satpuz(&args);
            assert_eq!(r.code, 1, "{name} {cmd}: {r:?}");
            assert!(
                r.stderr.contains(name) && r.stderr.contains(line),
                "{name} {cmd}: the message names the file and {line}: {r:?}"
            );
        }
    }
    // --lenient turns the clause count mismatch into a warning.
    let r = satpuz(&["solve", path_str(&dir.join("count.cnf")), "--lenient"]);
    assert_eq!(r.code, 10, "{r:?}");
    assert!(r.stderr.contains("warning"), "{r:?}");
}

#[test]
fn decode_reads_a_model_back_and_rejects_models_of_other_encodings() {
    let dir = scratch_dir("decode");
    // Export in two encodings and let `solve FILE.cnf` play the external solver.
    let mut model_of = std::collections::HashMap::new();
    for (encoding, amo) in [
        ("onehot", "pairwise"),
        ("onehot", "seqcounter"),
        ("bits", "pairwise"),
    ] {
        let cnf = dir.join(format!("{encoding}-{amo}.cnf"));
        let r = satpuz(&[
            "encode",
            "jindosh",
            "--dimacs",
            path_str(&cnf),
            "--encoding",
            encoding,
            "--amo",
            amo,
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        let r = satpuz(&["solve", path_str(&cnf)]);
        assert_eq!(r.code, 10, "{r:?}");
        let model = dir.join(format!("{encoding}-{amo}.out"));
        std::fs::write(&model, &r.stdout).expect("write");
        model_of.insert((encoding, amo), model);
    }
    let decode = |model: &Path, encoding: &str, amo: &str| {
        satpuz(&[
            "decode",
            "jindosh",
            "--model",
            path_str(model),
            "--encoding",
            encoding,
            "--amo",
            amo,
        ])
    };
    // The right flags give the answer.
    for (&(encoding, amo), model) in &model_of {
        let r = decode(model, encoding, amo);
        assert_eq!(r.code, 0, "{encoding}/{amo}: {r:?}");
        for (person, heirloom) in JINDOSH_OWNERS {
            assert!(r.stdout.contains(&format!("{person}: {heirloom}")), "{r:?}");
        }
    }
    // Wrong flags: more variables, fewer variables, same count but other clauses.
    for (from, to) in [
        (("bits", "pairwise"), ("onehot", "pairwise")),
        (("onehot", "pairwise"), ("onehot", "seqcounter")),
        (("onehot", "seqcounter"), ("onehot", "pairwise")),
        (("onehot", "pairwise"), ("bits", "pairwise")),
    ] {
        let r = decode(&model_of[&from], to.0, to.1);
        assert_eq!(r.code, 1, "{from:?} decoded as {to:?}: {r:?}");
        assert!(
            r.stderr.contains("--encoding") && r.stderr.contains("--amo"),
            "{from:?} decoded as {to:?}: the message points at the flags: {r:?}"
        );
    }
    // A model that breaks a clause.
    let good = std::fs::read_to_string(&model_of[&("onehot", "pairwise")]).expect("read");
    let mut lits = v_model(&good);
    lits[0] = -lits[0];
    let flipped: Vec<String> = lits.iter().map(i32::to_string).collect();
    let flipped = format!("SAT\n{}\n", flipped.join(" "));
    let bad = dir.join("flipped.out");
    std::fs::write(&bad, flipped).expect("write");
    let r = decode(&bad, "onehot", "pairwise");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("violates clause"), "{r:?}");
    // UNSAT and truncated models.
    let unsat = dir.join("unsat.out");
    std::fs::write(&unsat, "UNSAT\n").expect("write");
    let r = decode(&unsat, "onehot", "pairwise");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stdout.contains("UNSATISFIABLE"), "{r:?}");
    let truncated = dir.join("truncated.out");
    std::fs::write(&truncated, "SAT\n1 -2 3").expect("write");
    let r = decode(&truncated, "onehot", "pairwise");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("truncated"), "{r:?}");
}

#[test]
fn unknown_puzzles_and_usage_errors_exit_1() {
    let r = satpuz(&["solve", "no-such-puzzle"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stderr.contains("no-such-puzzle") && r.stderr.contains("jindosh"),
        "{r:?}"
    );
    for args in [
        &[][..],
        &["frobnicate"],
        &["solve"],
        &["solve", "jindosh", "--encoding", "trits"],
        &["solve", "jindosh", "--no-such-flag"],
        &["count", "jindosh", "--limit", "many"],
        &["decode", "jindosh"],
    ] {
        let r = satpuz(args);
        assert_eq!(r.code, 1, "satpuz {args:?}: {r:?}");
        assert!(!r.stderr.is_empty(), "satpuz {args:?} explains: {r:?}");
    }
    let r = satpuz(&["--help"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("Exit codes"), "{r:?}");
    let r = satpuz(&["solve", "--help"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("20"), "exit codes listed: {r:?}");
}

/// `-v`'s statistics line: the solver calls and the milliseconds spent in the solver.
fn solver_calls_and_ms(stderr: &str) -> (u64, f64) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("c solver: "))
        .unwrap_or_else(|| panic!("no statistics line: {stderr}"));
    let calls = line["c solver: ".len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let ms = line
        .split(" ms in the solver")
        .next()
        .and_then(|head| head.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    (calls, ms)
}

#[test]
fn solve_costs_what_its_answer_costs_and_rates_only_when_asked() {
    let solved = satpuz(&["solve", "jindosh", "--json", "-v"]);
    assert_eq!(solved.code, 0, "{solved:?}");
    let counted = satpuz(&["count", "jindosh", "--all", "-v"]);
    assert_eq!(counted.code, 0, "{counted:?}");
    // Both find the answer and refute a second one: no more solver calls for `solve`.
    let (solve_calls, _) = solver_calls_and_ms(&solved.stderr);
    let (count_calls, _) = solver_calls_and_ms(&counted.stderr);
    assert!(
        solve_calls <= count_calls,
        "solve made {solve_calls} solver calls, count --all {count_calls}"
    );
    let json: serde_json::Value = serde_json::from_str(&solved.stdout).expect("JSON");
    assert!(json.get("difficulty").is_none(), "{json:#}");

    let rated = satpuz(&["solve", "jindosh", "--rate"]);
    assert_eq!(rated.code, 0, "{rated:?}");
    assert!(rated.stdout.contains("difficulty: "), "{rated:?}");
}

#[test]
fn solve_time_ms_covers_all_the_work_the_command_did() {
    // The rating takes hundreds of solver calls after the answer is proved unique.
    let r = satpuz(&["solve", "jindosh", "--rate", "--json", "-v"]);
    assert_eq!(r.code, 0, "{r:?}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert!(json["difficulty"]["level"].is_string(), "{json:#}");
    let time_ms = json["time_ms"].as_f64().expect("time_ms");
    let (_, in_solver) = solver_calls_and_ms(&r.stderr);
    assert!(
        time_ms >= in_solver,
        "time_ms {time_ms} is less than the {in_solver} ms spent in the solver"
    );
}

#[test]
fn solve_rate_is_refused_where_there_are_no_clues_to_reason_from() {
    let hooks = satpuz(&["solve", "hooks1", "--rate"]);
    assert_eq!(hooks.code, 1, "{hooks:?}");
    assert!(
        hooks.stderr.contains("--rate") && hooks.stderr.contains("Hooks #1"),
        "{hooks:?}"
    );
    let cnf = satpuz(&["solve", "dimacs/jindosh-onehot-pairwise.cnf", "--rate"]);
    assert_eq!(cnf.code, 1, "{cnf:?}");
    assert!(cnf.stderr.contains("--rate applies to puzzles"), "{cnf:?}");
}
