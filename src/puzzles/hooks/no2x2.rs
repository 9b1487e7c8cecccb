//! No 2x2 block of filled cells.

use crate::cnf::{ClauseSink, Cnf};

use super::digits::Cells;

pub fn add_no_2x2(cnf: &mut Cnf, cells: &Cells) {
    let n = cells.n;
    cnf.track("no 2x2", |cnf| {
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let block = [
                    r * n + c,
                    r * n + c + 1,
                    (r + 1) * n + c,
                    (r + 1) * n + c + 1,
                ];
                let clause: Vec<_> = block.iter().map(|&i| !cells.filled[i]).collect();
                cnf.add_clause(&clause);
            }
        }
    });
}
