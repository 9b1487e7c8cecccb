//! Inputs more than one bench builds. Each bench is a crate of its own, so each includes this
//! module (`mod support;`); `tests/explain_steps.rs` includes it by path for the same placed row.
#![allow(dead_code)] // each includer uses its own subset

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::Cnf;
use satpuz::cnf::dimacs::{parse_cnf, write_cnf};
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::solve::split::{Split, count_split};
use satpuz::solve::stop::Stop;

/// Random 3-SAT over `vars` variables with `clauses` clauses (ChaCha8 seed 1), counted on
/// variables 1 to `shown` when given (`c p show`), on every variable otherwise.
pub fn random_3sat(vars: i32, clauses: usize, shown: Option<i32>) -> Cnf {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut text = String::new();
    if let Some(shown) = shown {
        let list: Vec<String> = (1..=shown).map(|v| v.to_string()).collect();
        text.push_str(&format!("c p show {} 0\n", list.join(" ")));
    }
    text.push_str(&format!("p cnf {vars} {clauses}\n"));
    for _ in 0..clauses {
        for _ in 0..3 {
            let v: i32 = rng.random_range(1..=vars);
            text.push_str(&format!("{} ", if rng.random_bool(0.5) { v } else { -v }));
        }
        text.push_str("0\n");
    }
    parse_cnf(text.as_bytes(), false).expect("read").cnf
}

/// The blocking count on one thread (what `count --method blocking -j 1` runs).
pub fn blocking(cnf: &Cnf) -> u64 {
    count_split(cnf, None, &Stop::new(None), 1, Split::default(), &|_| {})
        .expect("counts")
        .found
}

/// A `benches/grid/` file, and its export formula read back through DIMACS text, as `encode`
/// writes it (one variable per value, nothing merged) and `count` reads it.
pub fn grid_export(file: &str) -> (GridPuzzle, Cnf) {
    let path = format!("{}/benches/grid/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("bench file");
    let puzzle = GridPuzzle::from_json(&text).expect("a grid");
    let plain = puzzle
        .build()
        .expect("builds")
        .model
        .encode(Default::default());
    let mut dimacs = Vec::new();
    write_cnf(&plain.cnf, &[], &mut dimacs).expect("written");
    let cnf = parse_cnf(&dimacs, false).expect("read back").cnf;
    (puzzle, cnf)
}

/// A row of `n` values in one category, and for each value the clue "it is at its position":
/// every step of its explanation takes one clue.
pub fn placed_row(n: usize) -> GridPuzzle {
    let values: Vec<String> = (1..=n).map(|i| format!("v{i}")).collect();
    let clues: Vec<serde_json::Value> = (1..=n)
        .map(|i| serde_json::json!({ "kind": "at", "a": format!("v{i}"), "position": i }))
        .collect();
    let file = serde_json::json!({
        "positions": { "count": n },
        "categories": [{ "name": "thing", "values": values }],
        "clues": clues,
    });
    GridPuzzle::from_json(&file.to_string()).expect("a row")
}
