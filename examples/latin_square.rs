//! A puzzle of your own through satpuz's public API: Latin squares.
//!
//! An n x n grid where each row and each column holds 1..=n once. The model is one integer
//! variable per cell and an all-different per row and per column; satpuz encodes it (any
//! encoding), counts every square with projected blocking clauses, and proves a puzzle with
//! givens uniquely solvable.
//!
//! Run with `cargo run --release --example latin_square`.

use satpuz::model::{Constraint, EncodeOptions, Model, VarId};
use satpuz::solve::{Varisat, Verdict, count, solve_unique};

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

fn main() {
    // How many Latin squares of order 4 are there? (576, by the solver, over cell values only.)
    let (model, _) = latin_square(4, &[]);
    let mut encoded = model.encode(EncodeOptions::default());
    let squares = count(&mut encoded.cnf, None).expect("varisat solves");
    println!("Latin squares of order 4: {squares}");
    assert_eq!(squares, 576, "the known count");

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
    let mut encoded = model.encode(EncodeOptions::default());
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    match solve_unique(&mut encoded.cnf, &mut solver).expect("varisat solves") {
        Verdict::Unique(assignment) => {
            let values = encoded.decode(&assignment).expect("every cell has a digit");
            for row in &cell {
                let digits: Vec<String> =
                    row.iter().map(|&v| (values[v] + 1).to_string()).collect();
                println!("{}", digits.join(" "));
            }
            println!("unique: yes (the formula plus this square's blocking clause is UNSAT)");
        }
        Verdict::Multiple(..) => println!("more than one way to finish the square"),
        Verdict::Unsat => println!("the givens contradict each other"),
    }
}
