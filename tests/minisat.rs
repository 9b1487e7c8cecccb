//! Cross-check with an independent solver: minisat solves the exported CNF, satpuz decodes
//! minisat's model, and the answer must be varisat's. Also checks the shipped files in dimacs/
//! (up to date, byte for byte, and minisat's verdict matches each `.expected` file).
//!
//! minisat must be installed (`apt-get install minisat`; .ci/run does it): without it these tests
//! fail, they do not skip. `SATPUZ_BLESS=1 cargo test --release --test minisat` rewrites dimacs/
//! after a deliberate change to the encodings or the writer.

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use common::{
    JINDOSH_OWNERS, PlainCnf, all_options, brute_force_grid, jindosh, manifest_dir, minisat,
    owners, path_str, placement_table, run_minisat, satpuz, scratch_dir,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satpuz::choice::Choice;
use satpuz::cnf::dimacs::{SolverOutput, parse_cnf, parse_model};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, GridPuzzle, Relation};
use satpuz::solve::{Backend, Varisat, Verdict, solve_unique};

/// `decode --json` output as a solution table (`table[position][category]`).
fn decoded_table(puzzle: &GridPuzzle, json: &str) -> Vec<Vec<usize>> {
    let v: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("decode --json ({e}): {json}"));
    assert_eq!(v["satisfiable"], true, "{json}");
    v["answer"]["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|row| {
            puzzle
                .categories
                .iter()
                .map(|cat| {
                    let name = row[&cat.name].as_str().expect("value name");
                    cat.values
                        .iter()
                        .position(|v| v == name)
                        .expect("a known value")
                })
                .collect()
        })
        .collect()
}

/// varisat's (unique) answer table for a puzzle in one encoding.
fn varisat_table(puzzle: &GridPuzzle, opts: EncodeOptions) -> Vec<Vec<usize>> {
    let grid = puzzle.build().expect("builds");
    let mut encoded = grid.model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let Verdict::Unique(model) = solve_unique(&mut encoded.cnf, &mut solver).expect("solves")
    else {
        panic!("expected a unique answer");
    };
    let values = encoded.decode(&model).expect("decodes");
    grid.answer(&values, puzzle.positions.count).table
}

fn flags(opts: EncodeOptions) -> [&'static str; 4] {
    ["--encoding", opts.encoding.name(), "--amo", opts.amo.name()]
}

#[test]
fn minisat_solves_every_jindosh_export_to_varisats_answer() {
    minisat();
    let dir = scratch_dir("jindosh-every-encoding");
    let puzzle = jindosh();
    let mut issue_answer: Vec<(String, String)> = JINDOSH_OWNERS
        .iter()
        .map(|&(p, h)| (p.to_string(), h.to_string()))
        .collect();
    issue_answer.sort();
    for opts in all_options() {
        let what = format!("{}/{}", opts.encoding.name(), opts.amo.name());
        let cnf = dir.join(format!(
            "jindosh-{}-{}.cnf",
            opts.encoding.name(),
            opts.amo.name()
        ));
        let out = cnf.with_extension("out");
        let mut args = vec!["encode", "jindosh", "--dimacs", path_str(&cnf)];
        args.extend(flags(opts));
        let r = satpuz(&args);
        assert_eq!(r.code, 0, "{what}: encode: {}", r.stderr);

        let (code, result) = run_minisat(&cnf, &out);
        assert_eq!(code, 10, "{what}: minisat says SAT (exit 10)");
        assert!(result.starts_with("SAT\n"), "{what}: {result}");

        let mut args = vec!["decode", "jindosh", "--model", path_str(&out), "--json"];
        args.extend(flags(opts));
        let r = satpuz(&args);
        assert_eq!(r.code, 0, "{what}: decode: {}", r.stderr);
        let minisat_table = decoded_table(&puzzle, &r.stdout);
        assert_eq!(
            minisat_table,
            varisat_table(&puzzle, opts),
            "{what}: minisat's answer (decoded by satpuz) differs from varisat's"
        );
        assert_eq!(
            owners(&puzzle, &minisat_table, "person", "heirloom"),
            issue_answer,
            "{what}"
        );
    }
}

/// Jindosh plus a clue that contradicts its (unique) answer without contradicting any one clue.
fn jindosh_contradiction() -> GridPuzzle {
    let mut p = jindosh();
    p.name = "The Jindosh Riddle plus a contradicting clue".into();
    p.clues.push(Clue {
        relation: Relation::Same {
            a: "Madam Natsiou".into(),
            b: "Ring".into(),
        },
        not: true,
        text: Some("Madam Natsiou did not own the Ring (added: contradicts the riddle)".into()),
    });
    p
}

/// Jindosh without its last three clues: 140 solutions.
fn jindosh_relaxed() -> GridPuzzle {
    let mut p = jindosh();
    p.name = "The Jindosh Riddle without its last three clues".into();
    p.clues.truncate(p.clues.len() - 3);
    p
}

#[test]
fn an_unsat_export_is_unsat_for_minisat_and_satpuz_in_every_encoding() {
    minisat();
    let dir = scratch_dir("unsat-every-encoding");
    let source = dir.join("contradiction.json");
    let puzzle = jindosh_contradiction();
    std::fs::write(
        &source,
        serde_json::to_string_pretty(&puzzle).expect("json"),
    )
    .expect("write");
    assert_eq!(
        brute_force_grid(&puzzle, &puzzle.clues, |_| {}),
        0,
        "brute force: the added clue contradicts the riddle"
    );
    for opts in all_options() {
        let what = format!("{}/{}", opts.encoding.name(), opts.amo.name());
        let cnf = dir.join(format!("{}-{}.cnf", opts.encoding.name(), opts.amo.name()));
        let out = cnf.with_extension("out");
        let mut args = vec!["encode", path_str(&source), "--dimacs", path_str(&cnf)];
        args.extend(flags(opts));
        assert_eq!(satpuz(&args).code, 0, "{what}: encode");
        let (code, result) = run_minisat(&cnf, &out);
        assert_eq!(code, 20, "{what}: minisat says UNSAT (exit 20)");
        assert_eq!(result.trim(), "UNSAT", "{what}");
        let r = satpuz(&["solve", path_str(&cnf)]);
        assert_eq!(r.code, 20, "{what}: satpuz solve F.cnf: {}", r.stdout);
        assert_eq!(r.stdout.trim(), "s UNSATISFIABLE", "{what}");
        let mut args = vec!["decode", path_str(&source), "--model", path_str(&out)];
        args.extend(flags(opts));
        let r = satpuz(&args);
        assert_eq!(r.code, 2, "{what}: decode of minisat's UNSAT: {}", r.stderr);
        // And the puzzle itself, solved by satpuz, has no solution.
        let mut args = vec!["solve", path_str(&source)];
        args.extend(flags(opts));
        assert_eq!(satpuz(&args).code, 2, "{what}: solve puzzle");
    }
}

const RANDOM_CNFS: usize = 200;

#[test]
fn minisat_and_varisat_agree_on_random_cnfs() {
    minisat();
    let dir = scratch_dir("random-cnfs");
    // The generator and seeds of the brute-force count tests (tests/brute_force.rs).
    let (mut sat, mut unsat) = (0, 0);
    for (seed, with_show) in [(0x5eed_0003u64, false), (0x5eed_0004, true)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..RANDOM_CNFS / 2 {
            let plain = PlainCnf::random(&mut rng, with_show);
            let text = plain.to_dimacs();
            let file = dir.join(format!("{seed:x}-{i}.cnf"));
            let out = file.with_extension("out");
            std::fs::write(&file, &text).expect("write");
            let parsed = parse_cnf(text.as_bytes(), false).expect("parses");
            let varisat = Varisat::with_cnf(&parsed.cnf)
                .solve(&[])
                .expect("varisat solves");
            let brute = plain.brute_force_count() > 0;
            let (code, result) = run_minisat(&file, &out);
            let minisat_sat = match code {
                10 => true,
                20 => false,
                c => panic!("minisat exit {c} on:\n{text}"),
            };
            assert_eq!(
                (minisat_sat, varisat),
                (brute, brute),
                "instance {i} (seed {seed:x}): minisat, varisat vs brute force; the file:\n{text}"
            );
            if minisat_sat {
                sat += 1;
                let SolverOutput::Sat(values) = parse_model(&result).expect("minisat's model")
                else {
                    panic!("minisat exit 10 but result {result}");
                };
                let assignment = (0..plain.num_vars)
                    .filter(|&v| values.get(v).copied().flatten() == Some(true))
                    .fold(0u32, |a, v| a | 1 << v);
                assert!(
                    plain.satisfied_by(assignment),
                    "minisat's model satisfies the file:\n{text}\n{result}"
                );
            } else {
                unsat += 1;
            }
        }
    }
    assert!(
        sat > 20 && unsat > 20,
        "both verdicts exercised: {sat} SAT, {unsat} UNSAT"
    );
    eprintln!(
        "{RANDOM_CNFS} random CNFs: {sat} SAT, {unsat} UNSAT, minisat = varisat = brute force"
    );
}

/// `count --solver minisat` on files with unit clauses: a varisat count leaves the variables
/// the units force out of its blocking clauses (see `src/cnf/units.rs`); an external solver's
/// count blocks them as they are, and must still give the brute force's count.
#[test]
fn minisat_counts_files_with_unit_clauses_as_the_brute_force_does() {
    minisat();
    let dir = scratch_dir("minisat-units");
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0031);
    let (mut checked, mut tries) = (0, 0);
    while checked < 12 {
        tries += 1;
        assert!(
            tries < 10_000,
            "random files with units and 1-40 models are common"
        );
        let plain = PlainCnf::random(&mut rng, checked % 2 == 0);
        let expected = plain.brute_force_count();
        // A model per minisat process: a few dozen models keep the test short.
        if !plain.clauses.iter().any(|c| c.len() == 1) || !(1..=40).contains(&expected) {
            continue;
        }
        let file = dir.join(format!("u{checked}.cnf"));
        std::fs::write(&file, plain.to_dimacs()).expect("write");
        let r = satpuz(&[
            "count",
            path_str(&file),
            "--all",
            "--solver",
            "minisat",
            "--json",
        ]);
        let v: serde_json::Value =
            serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("JSON ({e}): {r:?}"));
        assert_eq!(v["solutions"], expected, "{}\n{r:?}", plain.to_dimacs());
        checked += 1;
    }
}

// --- the shipped files in dimacs/ ----------------------------------------------------------------

/// One shipped export: `dimacs/<stem>.cnf` from `source` (a built-in name or a JSON file that
/// is itself derived from encodings/jindosh.json), with `dimacs/<stem>.expected` beside it.
struct Shipped {
    stem: &'static str,
    source: &'static str,
    puzzle: GridPuzzle,
    /// The derived puzzle file to write (None for built-ins).
    derived: bool,
    opts: EncodeOptions,
}

fn shipped() -> Vec<Shipped> {
    use satpuz::encode::{Amo, Encoding};
    let o = |encoding, amo| EncodeOptions {
        encoding,
        amo,
        ..EncodeOptions::default()
    };
    let mut list = Vec::new();
    for (stem, opts) in [
        (
            "jindosh-onehot-pairwise",
            o(Encoding::OneHot, Amo::Pairwise),
        ),
        (
            "jindosh-onehot-seqcounter",
            o(Encoding::OneHot, Amo::SeqCounter),
        ),
        ("jindosh-bits-pairwise", o(Encoding::Bits, Amo::Pairwise)),
        (
            "jindosh-bits-seqcounter",
            o(Encoding::Bits, Amo::SeqCounter),
        ),
    ] {
        list.push(Shipped {
            stem,
            source: "jindosh",
            puzzle: jindosh(),
            derived: false,
            opts,
        });
    }
    list.push(Shipped {
        stem: "jindosh-relaxed-onehot-pairwise",
        source: "dimacs/jindosh-relaxed.json",
        puzzle: jindosh_relaxed(),
        derived: true,
        opts: o(Encoding::OneHot, Amo::Pairwise),
    });
    for (stem, opts) in [
        (
            "jindosh-contradiction-onehot-pairwise",
            o(Encoding::OneHot, Amo::Pairwise),
        ),
        (
            "jindosh-contradiction-bits-seqcounter",
            o(Encoding::Bits, Amo::SeqCounter),
        ),
    ] {
        list.push(Shipped {
            stem,
            source: "dimacs/jindosh-contradiction.json",
            puzzle: jindosh_contradiction(),
            derived: true,
            opts,
        });
    }
    list
}

/// What every solver must say about a shipped file, from the brute force (not from satpuz).
fn expected_text(s: &Shipped, solutions: &BTreeSet<Vec<Vec<usize>>>) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "c dimacs/{}.cnf: what any SAT solver must find (checked by tests/minisat.rs against a brute force)",
        s.stem
    );
    let _ = writeln!(
        t,
        "c read a model back with: satpuz decode {} --model MODEL {}",
        s.source,
        flags(s.opts).join(" ")
    );
    if solutions.is_empty() {
        t.push_str("s UNSATISFIABLE\n");
    } else {
        t.push_str("s SATISFIABLE\n");
    }
    t.push_str("c solutions = distinct models projected onto the `c p show` variables\n");
    let _ = writeln!(t, "solutions {}", solutions.len());
    if solutions.len() == 1 {
        let table = solutions.first().expect("one");
        for (person, heirloom) in owners(&s.puzzle, table, "person", "heirloom") {
            let _ = writeln!(t, "answer {person}: {heirloom}");
        }
    }
    t
}

fn dimacs_dir() -> PathBuf {
    manifest_dir().join("dimacs")
}

fn bless() -> bool {
    std::env::var_os("SATPUZ_BLESS").is_some_and(|v| v == "1")
}

/// The file's current content must be `fresh`; under SATPUZ_BLESS=1 it is rewritten instead.
fn check_up_to_date(path: &Path, fresh: &str) {
    if bless() {
        std::fs::write(path, fresh).expect("write blessed file");
        return;
    }
    let current = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; regenerate dimacs/ with `SATPUZ_BLESS=1 cargo test --release --test minisat`",
            path.display()
        )
    });
    if current != fresh {
        let differs = match current.lines().zip(fresh.lines()).position(|(a, b)| a != b) {
            Some(i) => format!(
                "line {} is `{}`, a fresh export has `{}`",
                i + 1,
                current.lines().nth(i).unwrap_or_default(),
                fresh.lines().nth(i).unwrap_or_default()
            ),
            None => format!(
                "it has {} lines, a fresh export {}",
                current.lines().count(),
                fresh.lines().count()
            ),
        };
        panic!(
            "{} is out of date: {differs}. If the change is deliberate, regenerate dimacs/ with \
             `SATPUZ_BLESS=1 cargo test --release --test minisat`",
            path.display()
        );
    }
}

#[test]
fn shipped_dimacs_files_are_up_to_date_and_minisat_matches_their_expected_verdicts() {
    minisat();
    let scratch = scratch_dir("shipped");
    let list = shipped();
    for s in &list {
        // The derived puzzle files follow encodings/jindosh.json.
        if s.derived {
            let json = serde_json::to_string_pretty(&s.puzzle).expect("json") + "\n";
            check_up_to_date(&manifest_dir().join(s.source), &json);
        }
        // Byte-identical re-export.
        let mut args = vec!["encode", s.source, "--dimacs", "-"];
        args.extend(flags(s.opts));
        let r = satpuz(&args);
        assert_eq!(r.code, 0, "{}: encode: {}", s.stem, r.stderr);
        let cnf = dimacs_dir().join(format!("{}.cnf", s.stem));
        check_up_to_date(&cnf, &r.stdout);

        // The expected verdict, count and answer come from the brute force.
        let mut solutions = BTreeSet::new();
        brute_force_grid(&s.puzzle, &s.puzzle.clues, |pos| {
            solutions.insert(placement_table(pos));
        });
        let expected = dimacs_dir().join(format!("{}.expected", s.stem));
        check_up_to_date(&expected, &expected_text(s, &solutions));

        // minisat on the shipped file.
        let out = scratch.join(format!("{}.out", s.stem));
        let (code, result) = run_minisat(&cnf, &out);
        let expected_sat = !solutions.is_empty();
        assert_eq!(
            code,
            if expected_sat { 10 } else { 20 },
            "{}: minisat's verdict",
            s.stem
        );
        // satpuz on the shipped file: verdict and projected count.
        let r = satpuz(&["solve", path_str(&cnf)]);
        assert_eq!(
            r.code,
            if expected_sat { 10 } else { 20 },
            "{}: satpuz solve",
            s.stem
        );
        let r = satpuz(&["count", path_str(&cnf), "--all", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("count --json");
        assert_eq!(
            v["solutions"],
            solutions.len(),
            "{}: satpuz count --all",
            s.stem
        );
        // minisat's model, decoded, is one of the brute force's solutions (the answer if unique).
        let mut args = vec!["decode", s.source, "--model", path_str(&out), "--json"];
        args.extend(flags(s.opts));
        let r = satpuz(&args);
        if expected_sat {
            assert_eq!(r.code, 0, "{}: decode: {}", s.stem, r.stderr);
            let table = decoded_table(&s.puzzle, &r.stdout);
            assert!(
                solutions.contains(&table),
                "{}: minisat's decoded model is not a solution: {table:?}",
                s.stem
            );
            assert!(!result.is_empty());
        } else {
            assert_eq!(r.code, 2, "{}: decode of UNSAT: {}", s.stem, r.stderr);
        }
    }
    // Nothing stale lies around: every file in dimacs/ belongs to an entry above.
    let mut known: BTreeSet<String> = list
        .iter()
        .flat_map(|s| [format!("{}.cnf", s.stem), format!("{}.expected", s.stem)])
        .collect();
    known.extend(
        list.iter()
            .filter(|s| s.derived)
            .map(|s| s.source.trim_start_matches("dimacs/").to_string()),
    );
    known.insert("README.md".into());
    for entry in std::fs::read_dir(dimacs_dir()).expect("dimacs/ exists") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            known.contains(&name),
            "dimacs/{name} is not produced by any entry of this test"
        );
    }
}
