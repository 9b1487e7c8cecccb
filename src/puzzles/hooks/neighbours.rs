//! Neighbour-sum clue cells (Hooks 10): the clue cell stays empty and its orthogonal
//! neighbours' values add up to the clue.

use crate::model::Encoded;

use super::connect::neighbours;
use super::digits::CellBits;
use super::sums::cells_sum_to;

pub(crate) fn add_neighbour_clues(enc: &mut Encoded, cells: &CellBits, clues: &[[usize; 3]]) {
    let n = cells.n;
    enc.track("neighbour sums", |enc| {
        for &[r, c, sum] in clues {
            let cell = r * n + c;
            enc.clause(&[!cells.filled[cell]]);
            let around: Vec<usize> = neighbours(cell, n, n).collect();
            cells_sum_to(enc, cells, &around, sum);
        }
    });
}
