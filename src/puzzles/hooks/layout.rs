//! The frame: which hook each cell belongs to.
//!
//! Peeling the hooks from the outside in, every hook removes one row and one column of the
//! remaining square, each at an end of what is left; rows and columns are chosen independently.
//! So a layout is a pair of maps: `row_side(r)`, the side of the hook that removes row r, and
//! `col_side(c)` likewise. Each is a permutation of 1..=n whose values below any v form one
//! contiguous block (the square still left when hooks of side >= v are gone); conversely every
//! such pair is one layout (2^(n-1) per axis, 4^(n-1) in all). A cell lies in the hook removed
//! first, the larger side: `side(r,c) = max(row_side(r), col_side(c))`.
//!
//! The sides are kept in order encoding (`side >= v`), so `side(r,c) >= v` is a single OR and
//! membership one AND; a fixed layout makes all of it constants.

use crate::model::{Bit, Cmp, Constraint, Encoded};

use super::format::HookLayout;

/// Membership of every cell in every hook, as bits of the model being built.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    /// `member[cell][k]`: the cell lies in hook k, the hook of side n-k (exactly one per cell).
    pub(crate) member: Vec<Vec<Bit>>,
    /// `side_at_least[cell][v]`: the cell's hook has side >= v (v in 0..=n+1).
    pub(crate) side_at_least: Vec<Vec<Bit>>,
    /// `row_side[r][v]`: row r is removed by a hook of side >= v (v in 0..=n+1).
    pub(crate) row_side: Vec<Vec<Bit>>,
    /// `col_side[c][v]`, likewise for columns.
    pub(crate) col_side: Vec<Vec<Bit>>,
}

impl Layout {
    pub(crate) fn build(enc: &mut Encoded, n: usize, kind: HookLayout) -> Layout {
        let (row_side, col_side) = match kind {
            // The hook of side m is {(i,j) : max(i,j) = m-1}: row i is removed by side i+1.
            HookLayout::Fixed => (fixed_axis(n), fixed_axis(n)),
            HookLayout::Free => (free_axis(enc, n, "row"), free_axis(enc, n, "col")),
        };
        let side_at_least: Vec<Vec<Bit>> = (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                (0..=n + 1)
                    .map(|v| enc.or(row_side[r][v], col_side[c][v]))
                    .collect()
            })
            .collect();
        let member: Vec<Vec<Bit>> = side_at_least
            .iter()
            .map(|ge| (0..n).map(|k| enc.and(ge[n - k], !ge[n - k + 1])).collect())
            .collect();
        line_hook_pairs(enc, n, &member, &row_side, &col_side);
        Layout {
            n,
            member,
            side_at_least,
            row_side,
            col_side,
        }
    }
}

/// Two cells of a row in the same hook are in that row's own hook: a cell's hook is the larger
/// of its row's and its column's, and no two columns share a side. Implied by the layout (so
/// no solution is lost), but the solver would have to reason across the permutation's counts
/// to see it; likewise for columns.
fn line_hook_pairs(
    enc: &mut Encoded,
    n: usize,
    member: &[Vec<Bit>],
    row_side: &[Vec<Bit>],
    col_side: &[Vec<Bit>],
) {
    let rows = (0..n).map(|r| ((0..n).map(|c| r * n + c).collect::<Vec<_>>(), &row_side[r]));
    let cols = (0..n).map(|c| ((0..n).map(|r| r * n + c).collect::<Vec<_>>(), &col_side[c]));
    for (cells, line_side) in rows.chain(cols) {
        for (i, &x) in cells.iter().enumerate() {
            for &y in &cells[i + 1..] {
                for (k, (&in_x, &in_y)) in member[x].iter().zip(&member[y]).enumerate() {
                    enc.clause(&[!in_x, !in_y, line_side[n - k]]);
                }
            }
        }
    }
}

fn fixed_axis(n: usize) -> Vec<Vec<Bit>> {
    (0..n)
        .map(|i| (0..=n + 1).map(|v| Bit::Const(i + 1 >= v)).collect())
        .collect()
}

/// Order-encoded sides of one axis: `ge[i][v]` for v in 0..=n+1 (constants at both ends).
fn free_axis(enc: &mut Encoded, n: usize, axis: &str) -> Vec<Vec<Bit>> {
    let ge: Vec<Vec<Bit>> = (0..n)
        .map(|i| {
            (0..=n + 1)
                .map(|v| match v {
                    0 | 1 => Bit::TRUE,
                    v if v > n => Bit::FALSE,
                    v => enc.named_bool(format!("{axis}({i}).side>={v}")),
                })
                .collect()
        })
        .collect();
    for line in &ge {
        for v in 2..n {
            enc.clause(&[!line[v + 1], line[v]]);
        }
    }
    for v in 2..=n {
        // A permutation: exactly n-v+1 lines have side >= v.
        let lits: Vec<Bit> = ge.iter().map(|line| line[v]).collect();
        enc.require(&Constraint::Count {
            lits,
            cmp: Cmp::Exactly,
            k: n - v + 1,
        });
        // The lines with side < v are contiguous: no high line between two low ones.
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    enc.clause(&[ge[a][v], !ge[b][v], ge[c][v]]);
                }
            }
        }
    }
    ge
}
