//! A model of your own, exported to DIMACS and checked by another SAT solver: minisat.
//!
//! A 3x3 magic square: the digits 1 to 9 once each, every row, column and diagonal summing to
//! 15 (linear sums over the cells' values). With two givens it has one answer. satpuz writes the
//! formula as DIMACS, minisat (run here as a child process) solves it, and satpuz reads
//! minisat's model back as the square's values; then the answer is blocked and minisat, asked
//! again, finds nothing else: uniqueness shown by a solver that is not satpuz's own.
//!
//! Needs minisat on the PATH (`apt-get install minisat`). Run with
//! `cargo run --release --example dimacs_minisat`.

use std::path::Path;
use std::process::Command;

use satpuz::model::{Bit, Cmp, Constraint, Dimacs, Model, Number, Solution, Uniqueness, VarId};

/// The square: `cell[row][column]`, digits 1..=9, each line summing to 15; `givens` are
/// `(row, column, digit)`.
fn magic_square(givens: &[(usize, usize, usize)]) -> (Model, Vec<Vec<VarId>>) {
    let mut model = Model::new();
    let digits: Vec<String> = (1..=9).map(|d| d.to_string()).collect();
    let cell: Vec<Vec<VarId>> = (0..3)
        .map(|r| {
            (0..3)
                .map(|c| model.add_var(format!("r{}c{}", r + 1, c + 1), digits.clone()))
                .collect()
        })
        .collect();
    model.add(Constraint::AllDifferent(cell.concat()));
    // A cell's digit as a number: value d (0-based) weighs d + 1.
    let digit = |var: VarId| Number {
        terms: (0..9).map(|d| (Bit::is(var, d), d + 1)).collect(),
        at_least: Vec::new(),
    };
    let mut lines: Vec<Vec<VarId>> = cell.clone();
    lines.extend((0..3).map(|c| cell.iter().map(|row| row[c]).collect()));
    lines.push((0..3).map(|i| cell[i][i]).collect());
    lines.push((0..3).map(|i| cell[i][2 - i]).collect());
    for line in lines {
        model.add(Constraint::Linear {
            numbers: line.into_iter().map(digit).collect(),
            cmp: Cmp::Exactly,
            k: 15,
        });
    }
    for &(r, c, d) in givens {
        model.add(Constraint::InSet {
            var: cell[r][c],
            allowed: (1..=9).map(|x| x == d).collect(),
        });
    }
    (model, cell)
}

/// Writes the formula to `dir/name.cnf`, runs minisat on it, and reads its answer back (None:
/// minisat says UNSAT).
fn minisat(
    dimacs: &Dimacs<'_>,
    dir: &Path,
    name: &str,
) -> Result<Option<Solution>, Box<dyn std::error::Error>> {
    let cnf = dir.join(format!("{name}.cnf"));
    let result = dir.join(format!("{name}.out"));
    dimacs.write(&mut std::fs::File::create(&cnf)?)?;
    let run = Command::new("minisat")
        .arg("-verb=0")
        .arg(&cnf)
        .arg(&result)
        .output()
        .map_err(|e| format!("could not run minisat (apt-get install minisat): {e}"))?;
    // minisat exits 10 for SAT, 20 for UNSAT.
    if !matches!(run.status.code(), Some(10 | 20)) {
        return Err(format!("minisat failed: {}", run.status).into());
    }
    Ok(dimacs.read_solution(&std::fs::read_to_string(&result)?)?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (model, cell) = magic_square(&[(0, 0, 2), (0, 1, 7)]);
    let dir = tempfile::tempdir()?;
    let mut dimacs = model.to_dimacs();
    println!(
        "DIMACS: {} variables, {} clauses",
        dimacs.cnf().num_vars(),
        dimacs.cnf().num_clauses()
    );

    let Some(square) = minisat(&dimacs, dir.path(), "square")? else {
        return Err("minisat found no magic square".into());
    };
    println!("minisat's answer:");
    for row in &cell {
        let digits: Vec<&str> = row.iter().map(|&v| square.label(v)).collect();
        println!("  {}", digits.join(" "));
    }

    dimacs.block(&square);
    if let Some(other) = minisat(&dimacs, dir.path(), "blocked")? {
        return Err(format!("minisat found a second square:\n{other}").into());
    }
    println!("minisat, answer blocked: UNSATISFIABLE (no other square)");

    // satpuz's own solver agrees.
    match model.unique()? {
        Uniqueness::Unique(own) if own == square => {
            println!("satpuz agrees: unique, the same square");
            Ok(())
        }
        other => Err(format!("satpuz says otherwise: {other:?}").into()),
    }
}
