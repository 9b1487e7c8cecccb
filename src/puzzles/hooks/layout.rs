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

use crate::model::{Bit, Encoded};

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

/// Order-encoded sides of one axis: `ge[i][v]` for v in 0..=n+1 (constants at both ends), tied
/// to the axis's peel order ([`peel_order`]).
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
    peel_order(enc, n, &ge);
    ge
}

/// The peel order of one axis: the hook of side v, from n down to 2, takes the first or the
/// last line of the block still left (`left`), and `L_v`, how many of the hooks of side v or
/// more took a first line, is kept in order encoding (`at_least[v][j]`: `L_v >= j`, with
/// `L_v = L_{v+1} + left`). The lines with side < v are then exactly `L_v ..= L_v + v - 2`, so
/// line i has side >= v iff `i < L_v` or `i >= L_v + v - 1`: three clauses per line and v, and
/// each peel order has one model. This replaced a cardinality constraint per v ("exactly
/// n - v + 1 lines have side v or more") and "no high line between two low ones" (O(n^3)
/// clauses per v), which a solver had to combine to see where the block lies.
fn peel_order(enc: &mut Encoded, n: usize, ge: &[Vec<Bit>]) {
    // at_least[v][j] for v in 2..=n+1 and j in 0..=n+1; constants outside 1..=n-v+1.
    let mut at_least: Vec<Vec<Bit>> = vec![vec![Bit::FALSE; n + 2]; n + 2];
    at_least[n + 1][0] = Bit::TRUE;
    for v in (2..=n).rev() {
        let left = enc.new_bool();
        at_least[v][0] = Bit::TRUE;
        for slot in &mut at_least[v][1..=n - v + 1] {
            *slot = enc.new_bool();
        }
        for j in 1..=n - v + 1 {
            let (now, before, below) = (at_least[v][j], at_least[v + 1][j], at_least[v + 1][j - 1]);
            enc.clause(&[!before, now]);
            enc.clause(&[!below, !left, now]);
            enc.clause(&[!now, below]);
            enc.clause(&[!now, before, left]);
            if j > 1 {
                enc.clause(&[!now, at_least[v][j - 1]]);
            }
        }
        for (i, line) in ge.iter().enumerate() {
            // The low block starts after line i (L_v > i); it ends at line i or later
            // (L_v + v - 2 >= i).
            let starts_after = at_least[v][i + 1];
            let ends_at_or_after = if i + 2 >= v {
                at_least[v][i + 2 - v]
            } else {
                Bit::TRUE
            };
            enc.clause(&[!starts_after, line[v]]);
            enc.clause(&[ends_at_or_after, line[v]]);
            enc.clause(&[!line[v], starts_after, !ends_at_or_after]);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::ops::ControlFlow;

    use super::*;
    use crate::cnf::{Lit, lit_value};
    use crate::model::EncodeOptions;
    use crate::solve::{self, Varisat};

    /// By brute force: the permutations of 1..=n whose values below any v are one contiguous
    /// block (the sides of an axis that hooks peeled from the outside can have).
    fn peel_orders(n: usize) -> BTreeSet<Vec<usize>> {
        fn extend(n: usize, prefix: &mut Vec<usize>, out: &mut BTreeSet<Vec<usize>>) {
            if prefix.len() == n {
                let contiguous = (1..=n).all(|v| {
                    let low: Vec<usize> = (0..n).filter(|&i| prefix[i] < v).collect();
                    low.windows(2).all(|w| w[1] == w[0] + 1)
                });
                if contiguous {
                    out.insert(prefix.clone());
                }
                return;
            }
            for side in 1..=n {
                if !prefix.contains(&side) {
                    prefix.push(side);
                    extend(n, prefix, out);
                    prefix.pop();
                }
            }
        }
        let mut out = BTreeSet::new();
        extend(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn a_free_axis_has_exactly_the_peel_orders_once_each() {
        for n in 1..=6 {
            let mut enc = Encoded::new(EncodeOptions::default());
            let ge = free_axis(&mut enc, n, "row");
            let bits: Vec<Bit> = ge.iter().flatten().copied().collect();
            enc.project_on(&bits, false);
            let lits: Vec<Vec<Result<Lit, bool>>> = ge
                .iter()
                .map(|line| line.iter().map(|&b| enc.lit(b)).collect())
                .collect();
            let mut cnf = enc.cnf.clone();
            let mut solver = Varisat::with_cnf(&cnf);
            let mut found = BTreeSet::new();
            solve::enumerate(&mut cnf, &mut solver, None, |model| {
                let sides = lits
                    .iter()
                    .map(|line| {
                        (1..=n)
                            .filter(|&v| match line[v] {
                                Ok(l) => lit_value(model, l),
                                Err(b) => b,
                            })
                            .count()
                    })
                    .collect::<Vec<usize>>();
                found.insert(sides);
                ControlFlow::Continue(())
            })
            .unwrap();
            let expected = peel_orders(n);
            assert_eq!(expected.len(), 1 << (n - 1), "n = {n}");
            assert_eq!(found, expected, "n = {n}");
            // Every auxiliary variable follows from the sides: one model per peel order.
            let mut all = enc.cnf.clone();
            all.primary.clear();
            assert_eq!(
                solve::count(&mut all, None).unwrap(),
                1 << (n - 1),
                "n = {n}"
            );
        }
    }
}
