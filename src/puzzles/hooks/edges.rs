//! Clues seen from an edge: the product of the first two filled cells (Hooks #3) and the sum of
//! the first run of filled cells (Hooks #5), along a row or column read from one side.

use crate::cnf::Cnf;
use crate::encode::amo::{Amo, at_most_one};
use crate::encode::pb::Pb;

use super::digits::Cells;
use super::format::EdgeClues;
use super::gates::{self, Bit, FALSE, TRUE};
use super::sums::numbers_sum_to;

/// For each position of a line: (no cell before it is filled, exactly one is).
fn prefix_counts(cnf: &mut Cnf, cells: &Cells, line: &[usize]) -> Vec<(Bit, Bit)> {
    let mut out = Vec::with_capacity(line.len());
    let (mut none, mut one) = (TRUE, FALSE);
    for &cell in line {
        out.push((none, one));
        let f = Bit::Lit(cells.filled[cell]);
        let stays_one = gates::and(cnf, one, !f);
        let becomes_one = gates::and(cnf, none, f);
        one = gates::or(cnf, stays_one, becomes_one);
        none = gates::and(cnf, none, !f);
    }
    out
}

/// Each clue of `clues` applied to its line by `add`.
fn each_clue(
    cnf: &mut Cnf,
    cells: &Cells,
    clues: &EdgeClues,
    mut add: impl FnMut(&mut Cnf, &[usize], u64),
) {
    for (&side, values) in clues {
        for (index, &clue) in values.iter().enumerate() {
            if clue != 0 {
                add(cnf, &side.line(cells.n, index), clue);
            }
        }
    }
}

/// The first two filled cells seen from the edge multiply to the clue.
pub fn add_first_two_products(cnf: &mut Cnf, cells: &Cells, clues: &EdgeClues) {
    cnf.track("edge products", |cnf| {
        each_clue(cnf, cells, clues, |cnf, line, clue| {
            first_two_product(cnf, cells, line, clue)
        });
    });
}

fn first_two_product(cnf: &mut Cnf, cells: &Cells, line: &[usize], clue: u64) {
    let n = cells.n as u64;
    let prefix = prefix_counts(cnf, cells, line);
    let mut first = Vec::with_capacity(line.len());
    let mut second = Vec::with_capacity(line.len());
    for (i, &cell) in line.iter().enumerate() {
        let f = Bit::Lit(cells.filled[cell]);
        first.push(gates::and(cnf, f, prefix[i].0));
        second.push(gates::and(cnf, f, prefix[i].1));
    }
    gates::clause(cnf, &second); // there are two numbers to multiply
    // first_value[a-1]: the first number is a; only divisors with a cofactor in 1..=n.
    let first_value: Vec<Bit> = (1..=n)
        .map(|a| {
            if clue.is_multiple_of(a) && (1..=n).contains(&(clue / a)) {
                Bit::Lit(cnf.fresh_lit())
            } else {
                FALSE
            }
        })
        .collect();
    let lits: Vec<_> = first_value.iter().filter_map(|b| b.lit()).collect();
    at_most_one(cnf, &lits, Amo::Pairwise);
    for (i, &cell) in line.iter().enumerate() {
        for (a, &holds) in cells.value[cell].iter().enumerate() {
            gates::clause(cnf, &[!first[i], !holds, first_value[a]]);
        }
    }
    for (j, &cell) in line.iter().enumerate() {
        for (a, &is_first) in first_value.iter().enumerate() {
            if is_first.is_false() {
                continue;
            }
            let b = clue / (a as u64 + 1);
            let holds_b = cells.value[cell][b as usize - 1];
            gates::clause(cnf, &[!second[j], !is_first, holds_b]);
        }
    }
}

/// The first run of filled cells seen from the edge adds up to the clue.
pub fn add_first_block_sums(cnf: &mut Cnf, cells: &Cells, clues: &EdgeClues, choice: Pb) {
    cnf.track("edge run sums", |cnf| {
        each_clue(cnf, cells, clues, |cnf, line, clue| {
            let prefix = prefix_counts(cnf, cells, line);
            let mut in_run = FALSE;
            let mut numbers = Vec::new();
            for (i, &cell) in line.iter().enumerate() {
                let f = Bit::Lit(cells.filled[cell]);
                let continues = gates::or(cnf, prefix[i].0, in_run);
                in_run = gates::and(cnf, f, continues);
                numbers.push(cells.number(cell).masked(cnf, in_run, choice));
            }
            numbers_sum_to(cnf, &numbers, clue as usize, choice);
        });
    });
}
