//! A puzzle of your own through satpuz's public API: Latin squares.
//!
//! An n x n grid where each row and each column holds 1..=n once. The model is one variable
//! per cell and an all-different per row and per column; satpuz counts every square (over the
//! cells' values, never over the encoding's auxiliary variables) and proves a puzzle with
//! givens uniquely solvable, in one call each.
//!
//! Run with `cargo run --release --example latin_square`.

use satpuz::model::{Constraint, Model, Uniqueness, VarId};

/// The model of an order-`n` Latin square; `givens` are `(row, column, digit)` with digits 1..=n.
fn latin_square(n: usize, givens: &[(usize, usize, usize)]) -> (Model, Vec<Vec<VarId>>) {
    let mut model = Model::new();
    let digits: Vec<String> = (1..=n).map(|d| d.to_string()).collect();
    let cell: Vec<Vec<VarId>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| model.add_var(format!("r{}c{}", r + 1, c + 1), digits.clone()))
                .collect()
        })
        .collect();
    for (i, row) in cell.iter().enumerate() {
        model.add(Constraint::AllDifferent(row.clone()));
        model.add(Constraint::AllDifferent(
            cell.iter().map(|row| row[i]).collect(),
        ));
    }
    for &(r, c, digit) in givens {
        let allowed = (1..=n).map(|d| d == digit).collect();
        model.add(Constraint::InSet {
            var: cell[r][c],
            allowed,
        });
    }
    (model, cell)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // How many Latin squares of order 4 are there? (576 is the known count.)
    let (model, _) = latin_square(4, &[]);
    let squares = model.count(None)?;
    println!("Latin squares of order 4: {squares}");
    if squares != 576 {
        return Err(format!("counted {squares} Latin squares of order 4, not 576").into());
    }

    // A puzzle: these givens leave exactly one way to finish the square.
    let givens = [
        (0, 0, 1),
        (0, 1, 2),
        (1, 0, 2),
        (1, 2, 4),
        (2, 3, 2),
        (3, 1, 4),
        (3, 2, 2),
    ];
    let (model, cell) = latin_square(4, &givens);
    match model.unique()? {
        Uniqueness::Unique(square) => {
            for row in &cell {
                let digits: Vec<&str> = row.iter().map(|&v| square.label(v)).collect();
                println!("{}", digits.join(" "));
            }
            println!("unique: yes (the formula plus this square's blocking clause is UNSAT)");
            Ok(())
        }
        Uniqueness::Multiple(..) => Err("more than one way to finish the square".into()),
        Uniqueness::NoSolution => Err("the givens contradict each other".into()),
    }
}
