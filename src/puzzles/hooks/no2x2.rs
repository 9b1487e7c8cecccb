//! No 2x2 block of filled cells.

use crate::model::{Bit, Encoded};

use super::digits::CellBits;

pub(crate) fn add_no_2x2(enc: &mut Encoded, cells: &CellBits) {
    let n = cells.n;
    enc.track("no 2x2", |enc| {
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let block = [
                    r * n + c,
                    r * n + c + 1,
                    (r + 1) * n + c,
                    (r + 1) * n + c + 1,
                ];
                let clause: Vec<Bit> = block.iter().map(|&i| !cells.filled[i]).collect();
                enc.clause(&clause);
            }
        }
    });
}
