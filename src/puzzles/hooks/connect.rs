//! Connectivity of the filled cells, lazily: solve, and while the solution's filled cells fall
//! apart, add cut clauses that forbid it and solve again.
//!
//! Why lazy: the sums and counts of a Hooks puzzle leave only a handful of disconnected
//! candidates to cut (0 to 4 per puzzle), while the eager reachability encoding
//! (`--connect eager`) adds about 11,000 variables before the solver sees
//! a clue; measured on the seven puzzles it is about 2.7 times slower (README, section Hooks).
//!
//! A cut from a component C of a disconnected solution: any path from a cell of C to a filled
//! cell outside C crosses N(C), the cells next to C (all empty in that solution). So
//! "a in C filled and b outside C filled implies some cell of N(C) filled" holds in every
//! connected grid. When every grid has at least `min_filled` filled cells and |C| is smaller,
//! b is not needed: a connected grid through a with N(C) empty would lie inside C.

use std::ops::Not;

use crate::cnf::Lit;
use crate::model::{Bit, Encoded};
use crate::solve::{Backend, SolveError};

use super::concat::GcdLines;

/// The orthogonally connected groups of `true` cells of a `rows x cols` grid, each sorted,
/// in order of their first cell.
pub fn components(cells: &[bool], rows: usize, cols: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; cells.len()];
    let mut groups = Vec::new();
    for start in 0..cells.len() {
        if !cells[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            for next in neighbours(group[i], rows, cols) {
                if cells[next] && !seen[next] {
                    seen[next] = true;
                    group.push(next);
                }
            }
            i += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// Orthogonal neighbours of `cell` in a `rows x cols` grid.
pub(crate) fn neighbours(cell: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / cols, cell % cols);
    [
        (r > 0).then(|| cell - cols),
        (r + 1 < rows).then(|| cell + cols),
        (c > 0).then(|| cell - 1),
        (c + 1 < cols).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Clauses over `lits` (one per cell, true = filled) that the grid `cells` violates and every
/// connected grid with at least `min_filled` filled cells satisfies. Empty when `cells` is
/// connected.
pub fn cut_clauses<L: Copy + Not<Output = L>>(
    cells: &[bool],
    lits: &[L],
    rows: usize,
    cols: usize,
    min_filled: usize,
) -> Vec<Vec<L>> {
    let groups = components(cells, rows, cols);
    if groups.len() < 2 {
        return Vec::new();
    }
    let mut clauses = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let mut boundary: Vec<usize> = group
            .iter()
            .flat_map(|&c| neighbours(c, rows, cols))
            .filter(|n| group.binary_search(n).is_err())
            .collect();
        boundary.sort_unstable();
        boundary.dedup();
        let border: Vec<L> = boundary.iter().map(|&b| lits[b]).collect();
        if group.len() < min_filled {
            for &a in group {
                let mut cl = vec![!lits[a]];
                cl.extend_from_slice(&border);
                clauses.push(cl);
            }
        } else {
            for (_, other) in groups.iter().enumerate().filter(|(o, _)| *o != g) {
                let mut cl = vec![!lits[group[0]], !lits[other[0]]];
                cl.extend_from_slice(&border);
                clauses.push(cl);
            }
        }
    }
    clauses
}

/// Cuts known before solving: no filled cell or filled domino stands alone. The same clauses
/// as the lazy cuts for those shapes, stated up front because they are cheap (one per cell and
/// per domino) and spare the solver most of its disconnected answers. Valid only when every
/// grid fills more than two cells.
pub(crate) fn local_cuts<L: Copy + Not<Output = L>>(
    lits: &[L],
    rows: usize,
    cols: usize,
    min_filled: usize,
) -> Vec<Vec<L>> {
    if min_filled <= 2 {
        return Vec::new();
    }
    let mut shapes: Vec<Vec<usize>> = (0..rows * cols).map(|a| vec![a]).collect();
    for a in 0..rows * cols {
        for b in neighbours(a, rows, cols).filter(|&b| b > a) {
            shapes.push(vec![a, b]);
        }
    }
    let mut clauses = Vec::new();
    for shape in shapes {
        let mut border: Vec<usize> = shape
            .iter()
            .flat_map(|&c| neighbours(c, rows, cols))
            .filter(|n| !shape.contains(n))
            .collect();
        border.sort_unstable();
        border.dedup();
        for &a in &shape {
            let mut cl = vec![!lits[a]];
            cl.extend(border.iter().map(|&b| lits[b]));
            clauses.push(cl);
        }
    }
    clauses
}

/// Connectivity stated up front: the first filled cell (row-major) is the root, and every
/// filled cell must be reached from it within `steps` moves through filled cells.
/// `reach[t][cell]` = "reached within t moves". Exact for `steps` >= (filled cells - 1).
pub(crate) fn eager_reachability(
    enc: &mut Encoded,
    filled: &[Bit],
    rows: usize,
    cols: usize,
    steps: usize,
) {
    let cells = rows * cols;
    // root[c]: c is the first filled cell; none_before[c]: no filled cell before c
    let mut none_before = Bit::TRUE;
    let mut reach: Vec<Bit> = Vec::with_capacity(cells);
    for &f in filled {
        reach.push(enc.and(none_before, f));
        none_before = enc.and(none_before, !f);
    }
    for _ in 0..steps {
        let next: Vec<Bit> = (0..cells)
            .map(|c| {
                let around: Vec<Bit> = neighbours(c, rows, cols).map(|m| reach[m]).collect();
                let from_neighbour = enc.or_all(&around);
                let step = enc.and(filled[c], from_neighbour);
                enc.or(reach[c], step)
            })
            .collect();
        reach = next;
    }
    for (c, &f) in filled.iter().enumerate() {
        enc.clause(&[!f, reach[c]]);
    }
}

/// A backend whose models have connected filled cells: each `solve` re-solves, adding cuts,
/// until the model is connected or the formula (with the cuts) is UNSAT. The cuts are kept
/// (never guarded): they hold in every connected grid, so they never remove a solution, and
/// enumeration on top of this backend counts connected grids only. The GCD clues' exactness
/// (Hooks #6 and 9) is kept the same way, by nogoods over a line's cells (`with_gcd`).
pub struct LazyConnected<B> {
    pub(crate) inner: B,
    filled: Vec<Lit>,
    rows: usize,
    cols: usize,
    min_filled: usize,
    /// Enough variables to read every filled literal.
    read_vars: u32,
    /// Every cut added so far, in order (to export with the formula).
    pub(crate) cuts: Vec<Vec<Lit>>,
    /// Solver calls that returned a disconnected grid.
    pub rejected: u64,
    /// The lines whose numbers' GCD is checked exactly, if any.
    gcd: Option<GcdLines>,
    /// Solver calls that returned a grid with a wrong GCD on some line.
    pub gcd_rejected: u64,
    /// The nogoods added for them (also in `cuts`).
    pub gcd_nogoods: u64,
    /// Those nogoods themselves, in order.
    pub(crate) gcd_nogood_clauses: Vec<Vec<Lit>>,
}

impl<B: Backend> LazyConnected<B> {
    /// Wraps `inner` for a `rows` x `cols` grid whose cell `c` is filled when `filled[c]` is
    /// true; every grid fills at least `min_filled` cells (which strengthens the cuts).
    pub fn new(inner: B, filled: Vec<Lit>, rows: usize, cols: usize, min_filled: usize) -> Self {
        let read_vars = filled
            .iter()
            .map(|l| l.var().idx32() + 1)
            .max()
            .unwrap_or(0);
        LazyConnected {
            inner,
            filled,
            rows,
            cols,
            min_filled,
            read_vars,
            cuts: Vec::new(),
            rejected: 0,
            gcd: None,
            gcd_rejected: 0,
            gcd_nogoods: 0,
            gcd_nogood_clauses: Vec::new(),
        }
    }

    /// Also returns only models whose GCD lines have exactly their clue as GCD.
    pub(crate) fn with_gcd(mut self, gcd: GcdLines) -> Self {
        if !gcd.lines.is_empty() {
            self.read_vars = self.read_vars.max(gcd.read_vars());
            self.gcd = Some(gcd);
        }
        self
    }
}

impl<B: Backend> Backend for LazyConnected<B> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.inner.add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        loop {
            if !self.inner.solve(assumptions)? {
                return Ok(false);
            }
            let model = self.inner.model(self.read_vars);
            let cells: Vec<bool> = self
                .filled
                .iter()
                .map(|l| model[l.var().idx()] != l.is_neg())
                .collect();
            let mut cuts = cut_clauses(&cells, &self.filled, self.rows, self.cols, self.min_filled);
            self.rejected += u64::from(!cuts.is_empty());
            if let Some(gcd) = &self.gcd {
                let nogoods = gcd.nogoods(&model);
                self.gcd_rejected += u64::from(!nogoods.is_empty());
                self.gcd_nogoods += nogoods.len() as u64;
                self.gcd_nogood_clauses.extend(nogoods.iter().cloned());
                cuts.extend(nogoods);
            }
            if cuts.is_empty() {
                return Ok(true);
            }
            for cut in cuts {
                self.inner.add_clause(&cut);
                self.cuts.push(cut);
            }
        }
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        self.inner.model(num_vars)
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.inner.failed_assumptions()
    }
}
