//! Hooks test support: a brute force over every grid the frame allows and the clue rules
//! checked by plain arithmetic, written apart from the library on purpose; random small
//! puzzles; the SAT side's full solution set.
#![allow(dead_code)] // each test binary uses its own subset

pub mod pento;

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use satpuz::puzzles::hooks::format::{Clues, EdgeClues};
use satpuz::puzzles::hooks::{
    AnswerRule, Connectivity, HookDigits, HookLayout, HooksPuzzle, Rule, Side,
};
use satpuz::solve::{Varisat, enumerate};

/// Every grid the frame allows: all peel orders (rows and columns independently), digits by
/// size or every admissible permutation, every choice of d cells in d's hook.
pub fn frame_grids(n: usize, layout: HookLayout, digits: HookDigits) -> HashSet<Vec<u8>> {
    let mut hooks_of_layouts: Vec<Vec<Vec<usize>>> = Vec::new(); // [layout][k] = cells
    let choices: Vec<(bool, bool)> = match layout {
        HookLayout::Fixed => vec![(false, false)],
        HookLayout::Free => vec![(true, true), (true, false), (false, true), (false, false)],
    };
    fn peel(
        n: usize,
        k: usize,
        (r0, c0): (usize, usize),
        choices: &[(bool, bool)],
        acc: &mut Vec<Vec<usize>>,
        out: &mut Vec<Vec<Vec<usize>>>,
    ) {
        let m = n - k;
        if m == 0 {
            out.push(acc.clone());
            return;
        }
        let options: &[(bool, bool)] = if m == 1 { &choices[..1] } else { choices };
        for &(top, left) in options {
            let row = if top { r0 } else { r0 + m - 1 };
            let col = if left { c0 } else { c0 + m - 1 };
            let mut cells: Vec<usize> = (c0..c0 + m).map(|c| row * n + c).collect();
            cells.extend((r0..r0 + m).filter(|&r| r != row).map(|r| r * n + col));
            acc.push(cells);
            peel(
                n,
                k + 1,
                (r0 + top as usize, c0 + left as usize),
                choices,
                acc,
                out,
            );
            acc.pop();
        }
    }
    peel(
        n,
        0,
        (0, 0),
        &choices,
        &mut Vec::new(),
        &mut hooks_of_layouts,
    );
    let perms: Vec<Vec<usize>> = match digits {
        HookDigits::BySize => vec![(0..n).map(|k| n - k).collect()],
        // Digits 1..=n: the permutations of 0..n shifted up by one.
        HookDigits::Perm => crate::common::permutations(n)
            .into_iter()
            .map(|p| p.into_iter().map(|d| d + 1).collect::<Vec<usize>>())
            .filter(|p| (0..n).all(|k| p[k] < 2 * (n - k)))
            .collect(),
    };
    let mut grids = HashSet::new();
    for hooks in &hooks_of_layouts {
        for perm in &perms {
            fill(n, hooks, perm, 0, &mut vec![0; n * n], &mut grids);
        }
    }
    grids
}

/// Puts digit perm[k] into perm[k] cells of hook k, for every choice of cells.
pub fn fill(
    n: usize,
    hooks: &[Vec<usize>],
    perm: &[usize],
    k: usize,
    grid: &mut Vec<u8>,
    out: &mut HashSet<Vec<u8>>,
) {
    if k == n {
        out.insert(grid.clone());
        return;
    }
    let cells = &hooks[k];
    let d = perm[k];
    for mask in 0u32..1 << cells.len() {
        if mask.count_ones() as usize != d {
            continue;
        }
        for (i, &c) in cells.iter().enumerate() {
            grid[c] = if mask >> i & 1 == 1 { d as u8 } else { 0 };
        }
        fill(n, hooks, perm, k + 1, grid, out);
    }
    for &c in cells {
        grid[c] = 0;
    }
}

pub fn neighbours(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut v = Vec::new();
    if r > 0 {
        v.push(cell - n);
    }
    if r + 1 < n {
        v.push(cell + n);
    }
    if c > 0 {
        v.push(cell - 1);
    }
    if c + 1 < n {
        v.push(cell + 1);
    }
    v
}

pub fn connected(n: usize, filled: &[bool]) -> bool {
    let Some(start) = filled.iter().position(|&f| f) else {
        return true;
    };
    let mut seen = vec![false; n * n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(c) = stack.pop() {
        for m in neighbours(n, c) {
            if filled[m] && !seen[m] {
                seen[m] = true;
                stack.push(m);
            }
        }
    }
    (0..n * n).all(|c| !filled[c] || seen[c])
}

/// The line read from `side`, nearest cell first (written again here on purpose).
pub fn line(n: usize, side: Side, i: usize) -> Vec<usize> {
    let mut cells: Vec<usize> = match side {
        Side::T | Side::B => (0..n).map(|r| r * n + i).collect(),
        Side::L | Side::R => (0..n).map(|c| i * n + c).collect(),
    };
    if matches!(side, Side::B | Side::R) {
        cells.reverse();
    }
    cells
}

/// The clue rules checked by plain arithmetic, apart from the library's checker (the frame is
/// what `frame_grids` enumerates).
pub fn independent_violations(p: &HooksPuzzle, g: &[u8]) -> Vec<String> {
    let n = p.n;
    let mut bad = Vec::new();
    let filled: Vec<bool> = g.iter().map(|&v| v > 0).collect();
    for &[r, c, d] in &p.givens {
        if g[r * n + c] as usize != d {
            bad.push(format!("given ({r},{c})"));
        }
    }
    if let (Some(rows), Some(cols)) = (&p.clues.row_sum, &p.clues.col_sum) {
        for i in 0..n {
            let row: u64 = (0..n).map(|c| g[i * n + c] as u64).sum();
            let col: u64 = (0..n).map(|r| g[r * n + i] as u64).sum();
            if row != rows[i] || col != cols[i] {
                bad.push(format!("line sums {i}"));
            }
        }
    }
    if p.has(Rule::Connected) && !connected(n, &filled) {
        bad.push("connected".into());
    }
    if p.has(Rule::No2x2) {
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                let cell = r * n + c;
                if filled[cell] && filled[cell + 1] && filled[cell + n] && filled[cell + n + 1] {
                    bad.push(format!("2x2 at {cell}"));
                }
            }
        }
    }
    for (&side, clues) in p.clues.edge_first_two_product.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate() {
            let seen: Vec<u64> = line(n, side, i)
                .iter()
                .map(|&c| g[c] as u64)
                .filter(|&v| v > 0)
                .collect();
            if clue > 0 && (seen.len() < 2 || seen[0] * seen[1] != clue) {
                bad.push(format!("product {side:?}{i}"));
            }
        }
    }
    for (&side, clues) in p.clues.edge_first_block_sum.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate() {
            let cells = line(n, side, i);
            let start = cells.iter().position(|&c| g[c] > 0);
            let run: u64 = start.map_or(0, |s| {
                cells[s..]
                    .iter()
                    .take_while(|&&c| g[c] > 0)
                    .map(|&c| g[c] as u64)
                    .sum()
            });
            if clue > 0 && run != clue {
                bad.push(format!("run {side:?}{i}"));
            }
        }
    }
    if let Some(regions) = &p.regions {
        let ids: BTreeSet<usize> = regions.iter().flatten().copied().collect();
        let sums: BTreeSet<u64> = ids
            .iter()
            .map(|id| {
                (0..n * n)
                    .filter(|&c| regions[c / n][c % n] == *id)
                    .map(|c| g[c] as u64)
                    .sum()
            })
            .collect();
        if sums.len() > 1 {
            bad.push("regions".into());
        }
    }
    if let (Some(rows), Some(cols)) = (
        &p.clues.row_sum_of_run_products,
        &p.clues.col_sum_of_run_products,
    ) {
        for i in 0..n {
            let row: Vec<u64> = (0..n).map(|c| g[i * n + c] as u64).collect();
            let col: Vec<u64> = (0..n).map(|r| g[r * n + i] as u64).collect();
            if sum_of_run_products(&row) != rows[i] || sum_of_run_products(&col) != cols[i] {
                bad.push(format!("run products {i}"));
            }
        }
    }
    let numbers_seen = |side: Side, i: usize| -> Vec<u64> {
        concatenated_numbers(
            &line(n, side, i)
                .iter()
                .map(|&c| g[c] as u64)
                .collect::<Vec<_>>(),
        )
    };
    for (&side, clues) in p.clues.edge_product.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 > 0) {
            if product_by_hand(&numbers_seen(side, i)) != Some(clue as u128) {
                bad.push(format!("concatenated product {side:?}{i}"));
            }
        }
    }
    let mut gcd_clues: Vec<(Side, usize, u64)> = Vec::new();
    for (&side, clues) in p.clues.edge_gcd.iter().flatten() {
        gcd_clues.extend(clues.iter().enumerate().map(|(i, &c)| (side, i, c)));
    }
    if let (Some(rows), Some(cols)) = (
        &p.clues.row_gcd_left_to_right,
        &p.clues.col_gcd_top_to_bottom,
    ) {
        gcd_clues.extend(rows.iter().enumerate().map(|(i, &c)| (Side::L, i, c)));
        gcd_clues.extend(cols.iter().enumerate().map(|(i, &c)| (Side::T, i, c)));
    }
    for (side, i, clue) in gcd_clues.into_iter().filter(|c| c.2 > 0) {
        if gcd_by_hand(&numbers_seen(side, i)) != Some(clue) {
            bad.push(format!("concatenated gcd {side:?}{i}"));
        }
    }
    for &[r, c, clue] in &p.cell_clues {
        let cell = r * n + c;
        let around: usize = neighbours(n, cell).iter().map(|&m| g[m] as usize).sum();
        if g[cell] != 0 || around != clue {
            bad.push(format!("neighbour clue ({r},{c})"));
        }
    }
    if bad.is_empty() {
        // the tiling search is the costly part: only for grids that keep every other rule
        bad.extend(pento::violations(p, g));
    }
    bad
}

/// The run-product clues of grid `g`: rows, then columns.
pub fn run_product_clues(n: usize, g: &[u8]) -> (Vec<u64>, Vec<u64>) {
    let rows = (0..n)
        .map(|r| sum_of_run_products(&(0..n).map(|c| g[r * n + c] as u64).collect::<Vec<_>>()))
        .collect();
    let cols = (0..n)
        .map(|c| sum_of_run_products(&(0..n).map(|r| g[r * n + c] as u64).collect::<Vec<_>>()))
        .collect();
    (rows, cols)
}

/// Hooks #4's line clue, by hand: multiply the values of each maximal run of nonzero values,
/// add the products.
pub fn sum_of_run_products(values: &[u64]) -> u64 {
    let (mut total, mut run) = (0, None::<u64>);
    for &v in values {
        run = match (v, run) {
            (0, Some(p)) => {
                total += p;
                None
            }
            (0, None) => None,
            (v, Some(p)) => Some(p * v),
            (v, None) => Some(v),
        };
    }
    total + run.unwrap_or(0)
}

/// Hooks #6 and 9: the decimal numbers spelt by the runs of nonzero values, in order.
pub fn concatenated_numbers(values: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let mut open: Option<u64> = None;
    for &v in values.iter().chain([0].iter()) {
        open = match (v, open) {
            (0, Some(x)) => {
                out.push(x);
                None
            }
            (0, None) => None,
            (v, Some(x)) => Some(x * 10 + v),
            (v, None) => Some(v),
        };
    }
    out
}

/// The product of the numbers (`None` without any).
pub fn product_by_hand(numbers: &[u64]) -> Option<u128> {
    (!numbers.is_empty()).then(|| numbers.iter().map(|&x| x as u128).product())
}

/// The greatest common divisor of the numbers (`None` without any), by Stein's binary
/// algorithm (the library uses Euclid's).
pub fn gcd_by_hand(numbers: &[u64]) -> Option<u64> {
    fn binary(mut a: u64, mut b: u64) -> u64 {
        if a == 0 || b == 0 {
            return a | b;
        }
        let shift = (a | b).trailing_zeros();
        a >>= a.trailing_zeros();
        loop {
            b >>= b.trailing_zeros();
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            b -= a;
            if b == 0 {
                return a << shift;
            }
        }
    }
    let (&first, rest) = numbers.split_first()?;
    Some(rest.iter().fold(first, |g, &x| binary(g, x)))
}

/// A random puzzle with the planted grid `g` among its solutions (clues read off it), or with
/// random region maps that may have no solution at all.
pub fn random_puzzle(
    rng: &mut ChaCha8Rng,
    n: usize,
    g: &[u8],
    layout: HookLayout,
    digits: HookDigits,
) -> HooksPuzzle {
    let filled: Vec<bool> = g.iter().map(|&v| v > 0).collect();
    let mut rules = vec![Rule::Counts];
    let mut clues = Clues::default();
    if rng.random_bool(0.5) {
        rules.push(Rule::RowColSums);
        clues.row_sum = Some(
            (0..n)
                .map(|r| (0..n).map(|c| g[r * n + c] as u64).sum())
                .collect(),
        );
        clues.col_sum = Some(
            (0..n)
                .map(|c| (0..n).map(|r| g[r * n + c] as u64).sum())
                .collect(),
        );
    }
    if rng.random_bool(0.5) && connected(n, &filled) {
        rules.push(Rule::Connected);
    }
    let no_block = (0..n - 1)
        .all(|r| (0..n - 1).all(|c| ![0, 1, n, n + 1].iter().all(|&o| filled[r * n + c + o])));
    if rng.random_bool(0.5) && no_block {
        rules.push(Rule::No2x2);
    }
    let edge = |rng: &mut ChaCha8Rng, read: &dyn Fn(&[u64]) -> u64| -> EdgeClues {
        Side::ALL
            .iter()
            .map(|&side| {
                let values = (0..n)
                    .map(|i| {
                        let seen: Vec<u64> =
                            line(n, side, i).iter().map(|&c| g[c] as u64).collect();
                        if rng.random_bool(0.4) { read(&seen) } else { 0 }
                    })
                    .collect();
                (side, values)
            })
            .collect()
    };
    if rng.random_bool(0.4) {
        let product = |seen: &[u64]| -> u64 {
            let nz: Vec<u64> = seen.iter().copied().filter(|&v| v > 0).collect();
            if nz.len() >= 2 { nz[0] * nz[1] } else { 0 }
        };
        rules.push(Rule::EdgeFirstTwoProduct);
        clues.edge_first_two_product = Some(edge(rng, &product));
    }
    if rng.random_bool(0.4) {
        let run = |seen: &[u64]| -> u64 {
            seen.iter()
                .copied()
                .skip_while(|&v| v == 0)
                .take_while(|&v| v > 0)
                .sum()
        };
        rules.push(Rule::EdgeFirstBlockSum);
        clues.edge_first_block_sum = Some(edge(rng, &run));
    }
    let mut regions = None;
    let total: usize = (1..=n).map(|d| d * d).sum();
    if rng.random_bool(0.3) {
        let counts: Vec<usize> = (2..=6).filter(|r| total.is_multiple_of(*r)).collect();
        let count = counts[rng.random_range(0..counts.len())];
        let mut ids: Vec<usize> = (0..n * n).map(|c| c % count).collect();
        ids.shuffle(rng);
        rules.push(Rule::EqualRegionSums);
        regions = Some(ids.chunks(n).map(<[usize]>::to_vec).collect());
    }
    let mut cell_clues = Vec::new();
    if rng.random_bool(0.4) {
        for cell in (0..n * n).filter(|&c| g[c] == 0) {
            if rng.random_bool(0.3) {
                let around = neighbours(n, cell).iter().map(|&m| g[m] as usize).sum();
                cell_clues.push([cell / n, cell % n, around]);
            }
        }
        if !cell_clues.is_empty() {
            rules.push(Rule::CellClueNeighbourSum);
        }
    }
    let givens = (0..n * n)
        .filter(|&c| g[c] > 0 && rng.random_bool(0.1))
        .map(|c| [c / n, c % n, g[c] as usize])
        .collect();
    if rng.random_bool(0.3) {
        rules.push(Rule::LineSumOfRunProducts);
        let (rows, cols) = run_product_clues(n, g);
        clues.row_sum_of_run_products = Some(rows);
        clues.col_sum_of_run_products = Some(cols);
    }
    let p = HooksPuzzle {
        name: "generated".into(),
        month: None,
        n,
        hooks: layout,
        hook_digits: digits,
        rules,
        givens,
        clues,
        regions,
        cell_clues,
        answer_rule: AnswerRule::ProductOfEmptyRegionAreas,
    };
    p.validate().expect("generated puzzles are valid");
    p
}

/// Every grid the SAT model accepts (connected ones only, through the lazy backend).
pub fn sat_grids(
    p: &HooksPuzzle,
    opts: satpuz::model::EncodeOptions,
    connect: Connectivity,
) -> BTreeSet<Vec<u8>> {
    let mut model = p.build_with(opts, connect);
    let mut backend = model.backend(Varisat::with_cnf(&model.cnf));
    let mut grids = BTreeSet::new();
    let cells = model.cells.clone();
    enumerate(&mut model.cnf, &mut backend, Some(5000), |m| {
        assert!(grids.insert(cells.decode(m)), "a grid came twice");
        ControlFlow::Continue(())
    })
    .unwrap();
    grids
}
