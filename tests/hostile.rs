//! Hostile input against the engine and the readers: impossible distances, duplicate literals
//! in DRAT, contradictory models, declared sizes far beyond the data, memory per answer,
//! repeated lemmas (issue 10); grids too large to encode, refused before anything is built by
//! every command (issue 35). Process-level behaviour is checked with a child process.

mod common;

use std::path::{Path, PathBuf};

use satpuz::cnf::dimacs::{ModelError, parse_cnf, parse_model};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::inquest::sheet::hint;
use satpuz::puzzles::inquest::{Hint, Length, Sheet, deal};
use satpuz::solve::count;
use satpuz::solve::proof::check_drat;
use serde_json::{Value, json};

use common::{manifest_dir, satpuz_with_stdin, scratch_dir};

/// Runs the binary (through the shared runner); returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let r = satpuz_with_stdin(args, stdin.unwrap_or_default());
    (r.code, r.stdout, r.stderr)
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scratch file");
    path
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The shipped zebra puzzle with one more clue.
fn zebra_with(clue: Value) -> Value {
    let text = std::fs::read_to_string(manifest_dir().join("encodings/zebra.json")).unwrap();
    let mut z: Value = serde_json::from_str(&text).unwrap();
    z["clues"].as_array_mut().unwrap().push(clue);
    z
}

const HUGE: [u64; 6] = [
    u64::MAX,
    u64::MAX - 1,
    u64::MAX - 3,
    1 << 63,
    (1 << 63) + 1,
    (1 << 32) + 1,
];

// ---------------------------------------------------------------------------------------------
// Item 1: distances never wrap.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_distance_longer_than_the_row_is_an_impossible_clue_never_a_wrapped_one() {
    let ks: Vec<u64> = [5, 6, 100].into_iter().chain(HUGE).collect();
    for kind in ["left_by", "right_by", "distance"] {
        for &k in &ks {
            for not in [false, true] {
                let clue = json!({"kind": kind, "a": "red", "b": "horse", "k": k, "not": not});
                let text = zebra_with(clue).to_string();
                let puzzle = GridPuzzle::from_json(&text).expect("the clue reads");
                for merged in [false, true] {
                    let grid = if merged {
                        puzzle.build_merged()
                    } else {
                        puzzle.build()
                    }
                    .expect("the puzzle builds");
                    let mut enc = grid.model.encode(EncodeOptions::default());
                    let n = count(&mut enc.cnf, Some(3)).unwrap();
                    // Impossible when stated; vacuous (zebra stays unique) when negated.
                    assert_eq!(n, u64::from(not), "{kind} k={k} not={not} merged={merged}");
                }
            }
        }
    }
}

#[test]
fn solve_why_and_encode_treat_a_huge_distance_as_impossible() {
    let dir = scratch_dir("huge-k");
    for k in HUGE {
        for kind in ["left_by", "right_by", "distance"] {
            let z = zebra_with(json!({"kind": kind, "a": "red", "b": "horse", "k": k}));
            let file = write(&dir, "z.json", z.to_string());
            let (code, out, err) = run(&["solve", s(&file)], None);
            assert_eq!(code, 2, "{kind} k={k}: {out}{err}");
            assert!(!err.contains("panicked"), "{err}");
            let (code, out, err) = run(&["solve", s(&file), "--why"], None);
            assert_eq!(code, 2, "{kind} k={k}: {out}{err}");
            // The clue alone is the contradiction (it is clue 15).
            assert!(out.contains("clue 15"), "{kind} k={k}: {out}");
            assert!(!out.contains("clue 14"), "{kind} k={k}: {out}");
            let cnf = dir.join("z.cnf");
            let (code, out, err) = run(&["encode", s(&file), "--dimacs", s(&cnf), "--force"], None);
            assert_eq!(code, 0, "{out}{err}");
            let (code, out, _) = run(&["solve", s(&cnf)], None);
            assert_eq!(code, 20, "the exported CNF is UNSAT: {out}");
            // Negated, it holds everywhere: zebra stays unique.
            let z =
                zebra_with(json!({"kind": kind, "a": "red", "b": "horse", "k": k, "not": true}));
            let file = write(&dir, "zn.json", z.to_string());
            let (code, out, err) = run(&["solve", s(&file)], None);
            assert_eq!(code, 0, "not {kind} k={k}: {out}{err}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Item 2: duplicate literals in DRAT.
// ---------------------------------------------------------------------------------------------

fn clauses(dimacs: &str) -> Vec<Vec<satpuz::cnf::Lit>> {
    let parsed = parse_cnf(dimacs.as_bytes(), false).unwrap();
    parsed.cnf.clauses.iter().map(<[_]>::to_vec).collect()
}

#[test]
fn duplicate_literals_are_one_literal_in_drat() {
    let cnf = clauses("p cnf 1 2\n1 1 0\n-1 -1 0\n");
    check_drat(&cnf, "0\n").unwrap();
    check_drat(&cnf, "2 2 0\n0\n").unwrap();
    let cnf = clauses("p cnf 2 4\n1 2 2 0\n1 -2 -2 1 0\n-1 2 0\n-1 -2 -1 0\n");
    check_drat(&cnf, "1 1 0\n0\n").unwrap();
    check_drat(&cnf, "1 1 0\nd 1 -2 1 0\n0\n").unwrap();
    assert!(check_drat(&cnf, "d 2 1 2 0\n1 0\n0\n").is_err());
    // A lemma that is not implied stays rejected.
    let sat = clauses("p cnf 2 1\n1 2 2 0\n");
    assert!(check_drat(&sat, "0\n").is_err());
    assert!(check_drat(&sat, "-1 -1 0\n0\n").is_err());
}

#[test]
fn prove_and_check_drat_accept_duplicate_literals() {
    let dir = scratch_dir("dup-drat");
    let cnf = write(&dir, "dup.cnf", "p cnf 1 2\n1 1 0\n-1 -1 0\n");
    for proof in ["0\n", "2 2 0\n0\n"] {
        let drat = write(&dir, "p.drat", proof);
        let (code, out, err) = run(&["check-drat", s(&cnf), s(&drat)], None);
        assert_eq!(code, 0, "{proof:?}: {out}{err}");
        assert!(out.contains("s VERIFIED"), "{out}");
    }
    let (code, out, err) = run(&["prove", s(&cnf)], None);
    assert_eq!(code, 0, "{out}{err}");
    let cnf = write(
        &dir,
        "dup2.cnf",
        "p cnf 2 4\n1 2 2 0\n-1 2 -1 0\n1 -2 1 0\n-1 -2 -2 0\n",
    );
    let (code, out, err) = run(&["prove", s(&cnf)], None);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn drat_reads_a_token_stream_and_a_far_variable_costs_one_slot() {
    let cnf = clauses("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
    // Two lemmas on one line, a lemma across lines.
    check_drat(&cnf, "1 0 0\n").unwrap();
    check_drat(&cnf, "1\n0\n0\n").unwrap();
    // A lemma over a variable the formula does not have (RAT on a fresh variable).
    check_drat(&cnf, "2000000000 0\n1 0\n0\n").unwrap();
    assert!(check_drat(&cnf, "1 2").is_err());
}

// ---------------------------------------------------------------------------------------------
// Item 4: a hint on a full, right sheet with the wrong thief.
// ---------------------------------------------------------------------------------------------

#[test]
fn hint_on_a_right_sheet_with_the_wrong_thief_says_so() {
    let dir = scratch_dir("wrong-thief");
    let case = deal(7, Length::Short).unwrap();
    let person = case.categories.iter().position(|&c| c == "person").unwrap();
    let people = &case.arrangement.values[person];
    let wrong = people.iter().position(|p| p != case.thief()).unwrap();
    let mut sheet = Sheet::empty(&case);
    for (c, rooms) in case.arrangement.room_of.iter().enumerate() {
        for (i, &r) in rooms.iter().enumerate() {
            sheet.placed[r][c] = Some(i);
        }
    }
    sheet.thief = Some(wrong);
    assert_eq!(
        hint(&case, &sheet).unwrap(),
        Hint::WrongThief { named: wrong }
    );
    let mut rooms = serde_json::Map::new();
    for (r, row) in sheet.placed.iter().enumerate() {
        let mut squares = serde_json::Map::new();
        for (c, v) in row.iter().enumerate() {
            let v = v.unwrap();
            squares.insert(
                case.categories[c].to_string(),
                json!(case.arrangement.values[c][v]),
            );
        }
        rooms.insert((r + 1).to_string(), Value::Object(squares));
    }
    let file = write(
        &dir,
        "sheet.json",
        json!({"rooms": rooms, "thief": people[wrong]}).to_string(),
    );
    let seed = case.seed.to_string();
    let (code, out, err) = run(
        &["inquest", "hint", "--seed", &seed, "--sheet", s(&file)],
        None,
    );
    assert!(!out.contains("complete and right"), "{out}");
    assert!(out.contains("not the thief"), "{out}{err}");
    assert_ne!(code, 0);
    // With the right thief it is complete and right.
    let right = people.iter().position(|p| p == case.thief()).unwrap();
    let file = write(
        &dir,
        "sheet.json",
        json!({"rooms": rooms, "thief": people[right]}).to_string(),
    );
    let (code, out, _) = run(
        &["inquest", "hint", "--seed", &seed, "--sheet", s(&file)],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.contains("complete and right"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// Item 5: a model that gives a variable both values, or a 0 mid-model.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_model_with_both_values_or_a_stray_zero_is_refused() {
    assert!(matches!(
        parse_model("SAT\n1 2 3 4 -4 0\n"),
        Err(ModelError::Conflict {
            line: 2,
            var: 4,
            ..
        })
    ));
    assert!(matches!(
        parse_model("s SATISFIABLE\nv 1 -4\nv 4 0\n"),
        Err(ModelError::Conflict {
            line: 3,
            var: 4,
            ..
        })
    ));
    assert!(matches!(
        parse_model("SAT\n1 2 0 3 4 0\n"),
        Err(ModelError::AfterEnd { line: 2, .. })
    ));
    assert!(matches!(
        parse_model("s SATISFIABLE\nv 1 2 0\nv 3 0\n"),
        Err(ModelError::AfterEnd { line: 3, .. })
    ));
    // A repeated literal with the same sign is harmless.
    assert!(parse_model("SAT\n1 1 -2 0\n").is_ok());

    let dir = scratch_dir("bad-model");
    let cnf = dir.join("j.cnf");
    let (code, _, err) = run(&["encode", "jindosh", "--dimacs", s(&cnf)], None);
    assert_eq!(code, 0, "{err}");
    let out = dir.join("j.out");
    let (code, model, _) = run(&["solve", s(&cnf)], None);
    assert_eq!(code, 10);
    let v: Vec<&str> = model
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(str::split_whitespace)
        .filter(|&t| t != "0")
        .collect();
    let first = v[0].trim_start_matches('-');
    let good = format!("SAT\n{} 0\n", v.join(" "));
    std::fs::write(&out, &good).unwrap();
    let (code, _, err) = run(&["decode", "jindosh", "--model", s(&out)], None);
    assert_eq!(code, 0, "{err}");
    for bad in [
        format!("SAT\n{} {first} -{first} 0\n", v.join(" ")),
        format!("SAT\n{} 0 {first} 0\n", v.join(" ")),
    ] {
        std::fs::write(&out, &bad).unwrap();
        let (code, stdout, err) = run(&["decode", "jindosh", "--model", s(&out)], None);
        assert_eq!(code, 1, "{stdout}{err}");
        assert!(err.contains("j.out") && err.contains("line 2"), "{err}");
    }
}

/// Fuzz finding (target `compressed_input`): an xz stream whose index declares a backward size
/// of `u32::MAX`. lzma-rs 0.3 computed `backward_size + 1` on it, a panic wherever overflow
/// checks are on (debug builds, the fuzzer); the reader is now lzma-rust2, and the file is an
/// error naming the format in every build.
#[test]
fn an_xz_stream_with_an_overflowing_index_is_an_error() {
    let bytes =
        std::fs::read(manifest_dir().join("fuzz/seeds/compressed_input/lzma-rs-index-overflow.xz"))
            .unwrap();
    let error = satpuz::cnf::compressed::decompress(bytes.clone()).unwrap_err();
    assert!(
        matches!(error, satpuz::cnf::compressed::CompressedError::Xz(_)),
        "{error:?}"
    );
    let dir = scratch_dir("hostile-xz");
    let file = write(&dir, "index.cnf.xz", bytes);
    let (code, _, stderr) = run(&["solve", s(&file)], None);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("not a whole xz stream"), "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// Issue 35, item 8: one size check, from the counts, before any model is built.
// ---------------------------------------------------------------------------------------------

/// Runs the binary with its address space capped at `mb` MB (an allocation beyond it aborts
/// the process, which then has no exit code); returns (exit code, stderr).
fn run_capped(mb: u64, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mb * 1024))
        .arg(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .current_dir(manifest_dir())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A grid of one category over `positions` positions, no clue.
fn one_row(dir: &Path, positions: usize) -> PathBuf {
    let values: Vec<String> = (0..positions).map(|i| format!("v{i}")).collect();
    let grid = json!({"name": format!("row of {positions}"), "positions": {"count": positions},
        "categories": [{"name": "c", "values": values}], "clues": []});
    write(dir, &format!("row{positions}.json"), grid.to_string())
}

/// A 10,000 x 1 grid (an 80 KB file) took 53 s and 5.5 GB in `solve` before "too large to
/// encode": each of its 10,000 variables got its own copy of the 10,000 position labels before
/// the check ran, and `explain` had no check at all. Every command now refuses it from its
/// counts, within a 256 MB address space.
#[test]
fn a_grid_too_large_for_any_encoding_is_refused_before_it_is_built() {
    let dir = scratch_dir("hostile-row-10000");
    let grid = one_row(&dir, 10_000);
    for args in [
        vec!["solve", s(&grid)],
        vec!["count", s(&grid), "--all"],
        vec!["encode", s(&grid), "--stats", "--amo", "seqcounter"],
        vec!["prove", s(&grid)],
        vec!["explain", s(&grid)],
    ] {
        let (code, err) = run_capped(256, &args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        for part in [
            "row of 10000",
            "10000 positions x 1 categories: too large to encode with any encoding",
            "the limit is 100000000",
        ] {
            assert!(err.contains(part), "{args:?}: {err}");
        }
    }
}

/// `explain` on 1,000 positions aborted allocating the default (pairwise) encoding's 10^9
/// clauses; it is now refused, without naming flags it does not have.
#[test]
fn explain_refuses_a_grid_too_large_for_its_encoding() {
    let dir = scratch_dir("hostile-row-1000");
    let grid = one_row(&dir, 1000);
    let (code, err) = run_capped(512, &["explain", s(&grid)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("1000 positions x 1 categories: too large to encode (about"),
        "{err}"
    );
    assert!(!err.contains("--amo"), "{err}");
    // `solve` has the flags, and names the ones that fit.
    let (code, err) = run_capped(512, &["solve", s(&grid)]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("with --encoding onehot --amo pairwise")
            && err.contains("--amo seqcounter takes about"),
        "{err}"
    );
}

/// The server builds a pasted grid with `from_json_for` and the encoding it will count with:
/// a grid that fits some encoding, but not the default one, is refused there before it is
/// built, and still loads for a command that may choose another encoding.
#[test]
fn a_pasted_grid_is_refused_for_the_encoding_it_will_be_counted_with() {
    let values = |c: usize| (0..200).map(|i| format!("v{c}_{i}")).collect::<Vec<_>>();
    let cats: Vec<Value> = (0..20)
        .map(|c| json!({"name": format!("c{c}"), "values": values(c)}))
        .collect();
    let text = json!({"name": "wide", "positions": {"count": 200}, "categories": cats,
        "clues": []})
    .to_string();
    let err = GridPuzzle::from_json_for(&text, EncodeOptions::default()).unwrap_err();
    assert!(
        err.to_string()
            .contains("200 positions x 20 categories: too large to encode (about"),
        "{err}"
    );
    let puzzle = GridPuzzle::from_json(&text).unwrap();
    let seqcounter = EncodeOptions {
        amo: satpuz::encode::Amo::SeqCounter,
        ..EncodeOptions::default()
    };
    assert!(puzzle.check_size(seqcounter).is_ok());
    assert!(GridPuzzle::from_json_for(&text, seqcounter).is_ok());
}
