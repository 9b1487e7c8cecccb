//! Clues seen from an edge: the product of the first two filled cells (Hooks #3) and the sum of
//! the first run of filled cells (Hooks #5), along a row or column read from one side.

use crate::model::{Bit, Constraint, Encoded};

use super::digits::CellBits;
use super::format::EdgeClues;
use super::sums::numbers_sum_to;

/// For each position of a line: (no cell before it is filled, exactly one is).
fn prefix_counts(enc: &mut Encoded, cells: &CellBits, line: &[usize]) -> Vec<(Bit, Bit)> {
    let mut out = Vec::with_capacity(line.len());
    let (mut none, mut one) = (Bit::TRUE, Bit::FALSE);
    for &cell in line {
        out.push((none, one));
        let f = cells.filled[cell];
        let stays_one = enc.and(one, !f);
        let becomes_one = enc.and(none, f);
        one = enc.or(stays_one, becomes_one);
        none = enc.and(none, !f);
    }
    out
}

/// Each clue of `clues` applied to its line by `add`.
pub(crate) fn each_clue(
    enc: &mut Encoded,
    cells: &CellBits,
    clues: &EdgeClues,
    mut add: impl FnMut(&mut Encoded, &[usize], u64),
) {
    for (&side, values) in clues {
        for (index, &clue) in values.iter().enumerate() {
            if clue != 0 {
                add(enc, &side.line(cells.n, index), clue);
            }
        }
    }
}

/// The first two filled cells seen from the edge multiply to the clue.
pub(crate) fn add_first_two_products(enc: &mut Encoded, cells: &CellBits, clues: &EdgeClues) {
    enc.track("edge products", |enc| {
        each_clue(enc, cells, clues, |enc, line, clue| {
            first_two_product(enc, cells, line, clue)
        });
    });
}

fn first_two_product(enc: &mut Encoded, cells: &CellBits, line: &[usize], clue: u64) {
    let n = cells.n as u64;
    let prefix = prefix_counts(enc, cells, line);
    let mut first = Vec::with_capacity(line.len());
    let mut second = Vec::with_capacity(line.len());
    for (i, &cell) in line.iter().enumerate() {
        let f = cells.filled[cell];
        first.push(enc.and(f, prefix[i].0));
        second.push(enc.and(f, prefix[i].1));
    }
    enc.clause(&second); // there are two numbers to multiply
    // first_value[a-1]: the first number is a; only divisors with a cofactor in 1..=n.
    let first_value: Vec<Bit> = (1..=n)
        .map(|a| {
            if clue.is_multiple_of(a) && (1..=n).contains(&(clue / a)) {
                enc.new_bool()
            } else {
                Bit::FALSE
            }
        })
        .collect();
    enc.require(&Constraint::AtMostOne(first_value.clone()));
    for (i, &cell) in line.iter().enumerate() {
        for (a, &holds) in cells.value[cell].iter().enumerate() {
            enc.clause(&[!first[i], !holds, first_value[a]]);
        }
    }
    for (j, &cell) in line.iter().enumerate() {
        for (a, &is_first) in first_value.iter().enumerate() {
            if is_first.is_false() {
                continue;
            }
            let b = clue / (a as u64 + 1);
            let holds_b = cells.value[cell][b as usize - 1];
            enc.clause(&[!second[j], !is_first, holds_b]);
        }
    }
}

/// The first run of filled cells seen from the edge adds up to the clue.
pub(crate) fn add_first_block_sums(enc: &mut Encoded, cells: &CellBits, clues: &EdgeClues) {
    enc.track("edge run sums", |enc| {
        each_clue(enc, cells, clues, |enc, line, clue| {
            let prefix = prefix_counts(enc, cells, line);
            let mut in_run = Bit::FALSE;
            let mut numbers = Vec::new();
            for (i, &cell) in line.iter().enumerate() {
                let f = cells.filled[cell];
                let continues = enc.or(prefix[i].0, in_run);
                in_run = enc.and(f, continues);
                numbers.push(enc.masked(&cells.number(cell), in_run));
            }
            numbers_sum_to(enc, numbers, clue as usize);
        });
    });
}
