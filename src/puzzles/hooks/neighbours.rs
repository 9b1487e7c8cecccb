//! Neighbour-sum clue cells (Hooks 10): the clue cell stays empty and its orthogonal
//! neighbours' values add up to the clue.

use crate::cnf::Cnf;
use crate::encode::pb::Pb;

use super::connect::neighbours;
use super::digits::Cells;
use super::gates::{self, Bit};
use super::sums::cells_sum_to;

pub fn add_neighbour_clues(cnf: &mut Cnf, cells: &Cells, clues: &[[usize; 3]], choice: Pb) {
    let n = cells.n;
    cnf.track("neighbour sums", |cnf| {
        for &[r, c, sum] in clues {
            let cell = r * n + c;
            gates::clause(cnf, &[!Bit::Lit(cells.filled[cell])]);
            let around: Vec<usize> = neighbours(cell, n, n).collect();
            cells_sum_to(cnf, cells, &around, sum, choice);
        }
    });
}
