//! Checking a finished grid against every rule by plain arithmetic, independently of the SAT
//! encoding: the solver's answers are verified with it, and the tests' brute force uses it.

use super::concat::{gcd_of, line_gcds_as_edges, numbers};
use super::connect::{components, neighbours};
use super::format::{HookDigits, HookLayout, HooksPuzzle, Rule, Side};
use super::pentomino::{Offset, Pentomino};
use super::runs::{rows_then_columns, runs};

/// What is wrong with `grid` (row-major digits, 0 = empty) as a solution of `p`; empty when
/// nothing is.
pub fn violations(p: &HooksPuzzle, grid: &[u8]) -> Vec<String> {
    let n = p.n;
    let mut out = Vec::new();
    if grid.len() != n * n {
        return vec![format!(
            "the grid has {} cells, expected {}",
            grid.len(),
            n * n
        )];
    }
    for d in 1..=n {
        let count = grid.iter().filter(|&&v| v as usize == d).count();
        if count != d {
            out.push(format!("digit {d} appears {count} times"));
        }
    }
    if let Some(&v) = grid.iter().find(|&&v| v as usize > n) {
        out.push(format!("digit {v} is larger than {n}"));
    }
    if !out.is_empty() {
        return out;
    }
    if !has_layout(p, grid) {
        out.push("no hook layout puts every digit in a hook that carries it".into());
    }
    for (i, &[r, c, d]) in p.givens.iter().enumerate() {
        if grid[r * n + c] as usize != d {
            out.push(format!("givens[{i}]: ({r},{c}) is not {d}"));
        }
    }
    let filled: Vec<bool> = grid.iter().map(|&v| v > 0).collect();
    if p.has(Rule::Connected) && components(&filled, n, n).len() > 1 {
        out.push("the filled cells are not connected".into());
    }
    if p.has(Rule::No2x2) {
        for r in 0..n - 1 {
            for c in 0..n - 1 {
                if [0, 1, n, n + 1].iter().all(|&o| filled[r * n + c + o]) {
                    out.push(format!("2x2 block of filled cells at ({r},{c})"));
                }
            }
        }
    }
    if let (Some(rows), Some(cols)) = (&p.clues.row_sum, &p.clues.col_sum) {
        for (r, &want) in rows.iter().enumerate() {
            let s: u64 = (0..n).map(|c| grid[r * n + c] as u64).sum();
            if s != want {
                out.push(format!("row {r} sums to {s}, not {want}"));
            }
        }
        for (c, &want) in cols.iter().enumerate() {
            let s: u64 = (0..n).map(|r| grid[r * n + c] as u64).sum();
            if s != want {
                out.push(format!("column {c} sums to {s}, not {want}"));
            }
        }
    }
    let seen = |side: Side, index: usize| -> Vec<u64> {
        side.line(n, index)
            .into_iter()
            .map(|i| grid[i] as u64)
            .collect()
    };
    for (side, clues) in p.clues.edge_first_two_product.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 != 0) {
            let numbers: Vec<u64> = seen(*side, i).into_iter().filter(|&v| v > 0).collect();
            if numbers.len() < 2 || numbers[0] * numbers[1] != clue {
                out.push(format!(
                    "{side:?}[{i}]: the first two numbers do not multiply to {clue}"
                ));
            }
        }
    }
    for (side, clues) in p.clues.edge_first_block_sum.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 != 0) {
            let run: u64 = seen(*side, i)
                .into_iter()
                .skip_while(|&v| v == 0)
                .take_while(|&v| v > 0)
                .sum();
            if run != clue {
                out.push(format!(
                    "{side:?}[{i}]: the first run sums to {run}, not {clue}"
                ));
            }
        }
    }
    if let (Some(rows), Some(cols)) = (
        &p.clues.row_sum_of_run_products,
        &p.clues.col_sum_of_run_products,
    ) {
        let lines = rows_then_columns(n).zip(rows.iter().chain(cols));
        for (k, (line, &want)) in lines.enumerate() {
            let values: Vec<u64> = line.iter().map(|&i| grid[i] as u64).collect();
            let got: u64 = runs(&values)
                .iter()
                .map(|run| run.iter().product::<u64>())
                .sum();
            if got != want {
                let what = if k < n { "row" } else { "column" };
                out.push(format!(
                    "{what} {}: the run products add up to {got}, not {want}",
                    k % n
                ));
            }
        }
    }
    let numbers_seen = |side: Side, index: usize| -> Option<Vec<u64>> {
        numbers(&seen(side, index)).into_iter().collect()
    };
    for (side, clues) in p.clues.edge_product.iter().flatten() {
        for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 != 0) {
            let product = numbers_seen(*side, i)
                .filter(|n| !n.is_empty())
                .and_then(|n| n.iter().try_fold(1u64, |acc, &x| acc.checked_mul(x)));
            if product != Some(clue) {
                out.push(format!(
                    "{side:?}[{i}]: the numbers seen do not multiply to {clue}"
                ));
            }
        }
    }
    let line_gcds = (p.clues.row_gcd_left_to_right.as_ref())
        .zip(p.clues.col_gcd_top_to_bottom.as_ref())
        .map(|(rows, cols)| line_gcds_as_edges(rows, cols));
    for (side, clues) in p.clues.edge_gcd.iter().chain(&line_gcds).flatten() {
        for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 != 0) {
            let got = numbers_seen(*side, i).and_then(|n| gcd_of(&n));
            if got != Some(clue) {
                let got = got.map_or("no number".into(), |g| format!("GCD {g}"));
                out.push(format!(
                    "{side:?}[{i}]: the numbers seen have {got}, not GCD {clue}"
                ));
            }
        }
    }
    if let Some(regions) = &p.regions {
        let mut sums: std::collections::BTreeMap<usize, u64> = Default::default();
        for (cell, &v) in grid.iter().enumerate() {
            *sums.entry(regions[cell / n][cell % n]).or_default() += v as u64;
        }
        let mut distinct: Vec<u64> = sums.values().copied().collect();
        distinct.dedup();
        if distinct.len() > 1 {
            out.push(format!("the region sums differ: {sums:?}"));
        }
    }
    for (side, clues) in p.clues.edge_first_seen_digit.iter().flatten() {
        for (&i, &clue) in clues {
            let first = seen(*side, i).into_iter().find(|&v| v > 0);
            if first != Some(clue) {
                out.push(format!("{side:?}[{i}]: the first digit seen is not {clue}"));
            }
        }
    }
    if p.has(Rule::PentominoDecomposition9Distinct) && tilings(p, grid, 1).is_empty() {
        out.push(
            "no tiling of the filled cells into distinct pentominoes keeps the pentomino rules"
                .into(),
        );
    }
    for (i, &[r, c, clue]) in p.cell_clues.iter().enumerate() {
        let cell = r * n + c;
        let around: usize = neighbours(cell, n, n).map(|j| grid[j] as usize).sum();
        if grid[cell] != 0 || around != clue {
            out.push(format!(
                "cell_clues[{i}]: ({r},{c}) must be empty with neighbours summing to {clue}"
            ));
        }
    }
    out
}

/// Is there a layout of the hooks in which each hook's filled cells all carry one digit, the
/// hook's own (by size: its side), with all of that digit's copies? Depth-first over the four
/// corner choices per hook, pruning at the first hook that fails.
pub fn has_layout(p: &HooksPuzzle, grid: &[u8]) -> bool {
    let n = p.n;
    let corners: &[(bool, bool)] = match p.hooks {
        HookLayout::Fixed => &[(false, false)],
        HookLayout::Free => &[(true, true), (true, false), (false, true), (false, false)],
    };
    fn hook_ok(p: &HooksPuzzle, grid: &[u8], cells: &[usize], side: usize) -> bool {
        let digits: Vec<u8> = cells.iter().map(|&i| grid[i]).filter(|&v| v > 0).collect();
        let Some(&d) = digits.first() else {
            return false; // every digit has at least one copy, so no hook is empty
        };
        let wanted_ok = match p.hook_digits {
            HookDigits::BySize => d as usize == side,
            HookDigits::Perm => true,
        };
        wanted_ok && digits.iter().all(|&v| v == d) && digits.len() == d as usize
    }
    fn search(
        p: &HooksPuzzle,
        grid: &[u8],
        corners: &[(bool, bool)],
        k: usize,
        (r0, c0): (usize, usize),
    ) -> bool {
        let n = p.n;
        let m = n - k;
        if m == 1 {
            return hook_ok(p, grid, &[r0 * n + c0], 1);
        }
        corners.iter().any(|&(top, left)| {
            let row = if top { r0 } else { r0 + m - 1 };
            let col = if left { c0 } else { c0 + m - 1 };
            let mut cells: Vec<usize> = (c0..c0 + m).map(|c| row * n + c).collect();
            cells.extend((r0..r0 + m).filter(|&r| r != row).map(|r| r * n + col));
            let next = (r0 + top as usize, c0 + left as usize);
            hook_ok(p, grid, &cells, m) && search(p, grid, corners, k + 1, next)
        })
    }
    n > 0 && search(p, grid, corners, 0, (0, 0))
}

/// A tiling: per cell, the letter of the piece covering it (`None`: the cell is empty).
pub type Tiling = Vec<Option<Pentomino>>;

/// Up to `limit` tilings of `grid`'s filled cells into distinct pentominoes that keep the
/// puzzle's pentomino rules (sums a multiple of 5, first letters seen from the edges), found by
/// backtracking: the first uncovered filled cell (row-major) is the first cell of the piece
/// that covers it, so each piece is tried once per orientation there.
pub fn tilings(p: &HooksPuzzle, grid: &[u8], limit: usize) -> Vec<Tiling> {
    let shapes: Vec<(Pentomino, Vec<Vec<Offset>>)> = Pentomino::ALL
        .iter()
        .map(|&s| (s, s.orientations()))
        .collect();
    let mut out = Vec::new();
    let mut tiling: Tiling = vec![None; grid.len()];
    let mut used = vec![false; shapes.len()];
    tile(p, grid, &shapes, &mut used, &mut tiling, limit, &mut out);
    out
}

fn tile(
    p: &HooksPuzzle,
    grid: &[u8],
    shapes: &[(Pentomino, Vec<Vec<Offset>>)],
    used: &mut [bool],
    tiling: &mut Tiling,
    limit: usize,
    out: &mut Vec<Tiling>,
) {
    let n = p.n;
    let Some(first) = (0..grid.len()).find(|&i| grid[i] > 0 && tiling[i].is_none()) else {
        if tiling_violations(p, grid, tiling).is_empty() {
            out.push(tiling.clone());
        }
        return;
    };
    let (r, c) = (first / n, first % n);
    for (k, (shape, orientations)) in shapes.iter().enumerate() {
        if used[k] {
            continue;
        }
        for cells in orientations {
            // the orientation's first cell (row 0, leftmost) lies on `first`
            let (r0, c0) = (r, c as isize - cells[0].1 as isize);
            let placed: Option<Vec<usize>> = cells
                .iter()
                .map(|&(dr, dc)| {
                    let (rr, cc) = (r0 + dr, c0 + dc as isize);
                    (rr < n && cc >= 0 && (cc as usize) < n).then(|| rr * n + cc as usize)
                })
                .collect();
            let Some(placed) = placed else { continue };
            if placed.iter().any(|&i| grid[i] == 0 || tiling[i].is_some()) {
                continue;
            }
            let sum: u64 = placed.iter().map(|&i| grid[i] as u64).sum();
            if p.has(Rule::PentominoSumMultipleOf5) && !sum.is_multiple_of(5) {
                continue;
            }
            for &i in &placed {
                tiling[i] = Some(*shape);
            }
            used[k] = true;
            tile(p, grid, shapes, used, tiling, limit, out);
            used[k] = false;
            for &i in &placed {
                tiling[i] = None;
            }
            if out.len() >= limit {
                return;
            }
        }
    }
}

/// What is wrong with `tiling` as the tiling of `grid`: every filled cell and no empty one
/// covered; each letter's cells, one piece of that shape; sums a multiple of 5 and first
/// letters seen from the edges when the puzzle has those rules.
pub fn tiling_violations(
    p: &HooksPuzzle,
    grid: &[u8],
    tiling: &[Option<Pentomino>],
) -> Vec<String> {
    let n = p.n;
    let mut out = Vec::new();
    if tiling.len() != grid.len() {
        return vec![format!(
            "the tiling has {} cells, expected {}",
            tiling.len(),
            grid.len()
        )];
    }
    for (i, (&v, t)) in grid.iter().zip(tiling).enumerate() {
        if (v > 0) != t.is_some() {
            out.push(format!(
                "cell ({},{}): filled and covered disagree",
                i / n,
                i % n
            ));
        }
    }
    for shape in Pentomino::ALL {
        let cells: Vec<usize> = (0..tiling.len())
            .filter(|&i| tiling[i] == Some(shape))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let offsets: Vec<(i32, i32)> = cells
            .iter()
            .map(|&i| ((i / n) as i32, (i % n) as i32))
            .collect();
        let (r0, c0) = (
            offsets.iter().map(|o| o.0).min().unwrap_or(0),
            offsets.iter().map(|o| o.1).min().unwrap_or(0),
        );
        let mut normal: Vec<Offset> = offsets
            .iter()
            .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
            .collect();
        normal.sort_unstable();
        if !shape.orientations().contains(&normal) {
            out.push(format!(
                "the cells marked {shape} are not one {shape} pentomino"
            ));
            continue;
        }
        let sum: u64 = cells.iter().map(|&i| grid[i] as u64).sum();
        if p.has(Rule::PentominoSumMultipleOf5) && !sum.is_multiple_of(5) {
            out.push(format!(
                "the {shape} pentomino sums to {sum}, not a multiple of 5"
            ));
        }
    }
    for (side, clues) in p.clues.edge_first_seen_pentomino.iter().flatten() {
        for (&i, &shape) in clues {
            let first = side.line(n, i).into_iter().find(|&c| grid[c] > 0);
            if first.and_then(|c| tiling[c]) != Some(shape) {
                out.push(format!(
                    "{side:?}[{i}]: the first pentomino seen is not {shape}"
                ));
            }
        }
    }
    out
}
