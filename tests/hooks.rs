//! Hooks: the seed's grid for Hooks #1, uniqueness of the seven solved puzzles under every
//! encoding choice and by minisat, small generated instances against a brute force written
//! here, and the connectivity cuts against brute force on small grids.

mod common;

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;
use std::process::Command;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::{Cnf, Lit};
use satpuz::encode::card::{self, Card};
use satpuz::encode::pb::Pb;
use satpuz::puzzles::hooks::connect::{LazyConnected, cut_clauses};
use satpuz::puzzles::hooks::format::{Clues, EdgeClues};
use satpuz::puzzles::hooks::{
    self, AnswerRule, Connectivity, HookDigits, HookLayout, HooksError, HooksOptions, HooksPuzzle,
    Rule, Side,
};
use satpuz::solve::external::External;
use satpuz::solve::{Backend, Varisat, Verdict, enumerate, solve_unique};

/// The seed's printed solution of Hooks #1.
const SEED_GRID: [[u8; 9]; 9] = [
    [1, 0, 3, 0, 0, 6, 7, 0, 9],
    [2, 2, 3, 0, 5, 6, 7, 8, 9],
    [3, 0, 0, 0, 0, 0, 0, 8, 0],
    [4, 4, 4, 4, 0, 6, 0, 0, 0],
    [5, 5, 5, 5, 0, 6, 7, 0, 9],
    [0, 0, 6, 0, 0, 6, 7, 8, 9],
    [7, 0, 7, 7, 0, 0, 0, 8, 0],
    [0, 8, 8, 0, 0, 8, 0, 8, 0],
    [9, 0, 9, 0, 0, 9, 0, 9, 9],
];
const SEED_ROWS: [u64; 9] = [26, 42, 11, 22, 42, 36, 29, 32, 45];
const SEED_COLS: [u64; 9] = [31, 19, 45, 16, 5, 47, 28, 49, 45];

/// The puzzles this issue solves.
const SOLVED: [usize; 7] = [1, 2, 3, 5, 7, 8, 10];

fn seed_grid() -> Vec<u8> {
    SEED_GRID.iter().flatten().copied().collect()
}

/// Solves and proves uniqueness; returns the grid.
fn unique_grid(p: &HooksPuzzle, opts: HooksOptions) -> Vec<u8> {
    let mut model = p.build(opts);
    let solved = model.solve_unique().unwrap();
    let grid = solved
        .grid
        .unwrap_or_else(|| panic!("{}: no solution with {opts:?}", p.name));
    assert!(
        solved.other.is_none(),
        "{}: two solutions with {opts:?}",
        p.name
    );
    grid
}

#[test]
fn hooks1_is_the_seed_grid_with_answer_158() {
    let p = hooks::shipped(1).unwrap().unwrap();
    let grid = unique_grid(&p, HooksOptions::default());
    assert_eq!(grid, seed_grid());
    assert_eq!(p.answer_rule.apply(&grid, 9).value, 158);
    // the seed's own form: sums only, no givens
    let seed = HooksPuzzle::from_sums(SEED_ROWS.to_vec(), SEED_COLS.to_vec()).unwrap();
    assert_eq!(unique_grid(&seed, HooksOptions::default()), seed_grid());
}

/// Each encoding choice must give the same unique grid, which keeps every rule.
fn every_puzzle_unique_with(opts: HooksOptions) {
    for k in SOLVED {
        let p = hooks::shipped(k).unwrap().unwrap();
        let grid = unique_grid(&p, opts);
        let reference = unique_grid(&p, HooksOptions::default());
        assert_eq!(grid, reference, "{}: {opts:?} found another grid", p.name);
        assert_eq!(hooks::check::violations(&p, &grid), Vec::<String>::new());
        assert_eq!(independent_violations(&p, &grid), Vec::<String>::new());
        if k == 1 {
            assert_eq!(grid, seed_grid());
        }
    }
}

#[test]
fn unique_with_pb_tree() {
    every_puzzle_unique_with(HooksOptions {
        card: Card::Totalizer,
        pb: Pb::Tree,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_gte() {
    every_puzzle_unique_with(HooksOptions {
        card: Card::Totalizer,
        pb: Pb::Gte,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_dpw() {
    every_puzzle_unique_with(HooksOptions {
        card: Card::Totalizer,
        pb: Pb::Dpw,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_adder() {
    every_puzzle_unique_with(HooksOptions {
        card: Card::Totalizer,
        pb: Pb::Adder,
        ..Default::default()
    });
}

#[test]
fn unique_with_card_seqcounter() {
    every_puzzle_unique_with(HooksOptions {
        card: Card::SeqCounter,
        pb: Pb::Tree,
        ..Default::default()
    });
}

#[test]
fn unique_with_eager_connectivity() {
    every_puzzle_unique_with(HooksOptions {
        connect: Connectivity::Eager,
        ..Default::default()
    });
}

/// An independent route: the same formula, connectivity cuts and blocking clause solved by
/// minisat as a separate process.
#[test]
fn minisat_agrees_on_every_puzzle() {
    common::minisat();
    for k in SOLVED {
        let p = hooks::shipped(k).unwrap().unwrap();
        let mut model = p.build(HooksOptions::default());
        let mut minisat = External::new("minisat");
        minisat.add_cnf(&model.cnf);
        let mut backend = model.backend(minisat);
        let verdict = solve_unique(&mut model.cnf, &mut backend).unwrap();
        let Verdict::Unique(m) = verdict else {
            panic!("{}: minisat says {verdict:?}", p.name);
        };
        assert_eq!(
            model.grid(&m),
            unique_grid(&p, HooksOptions::default()),
            "{}",
            p.name
        );
    }
}

/// The puzzles that need automata or pentominoes say so instead of solving something else.
#[test]
fn later_puzzles_name_their_missing_rule() {
    for k in [4, 6, 9, 11] {
        match hooks::shipped(k).unwrap() {
            Err(HooksError::Unsupported { .. }) => {}
            other => panic!("hooks{k}: expected an unsupported-rule error, got {other:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Small instances against brute force.
// ---------------------------------------------------------------------------------------------

/// Every grid the frame allows: all peel orders (rows and columns independently), digits by
/// size or every admissible permutation, every choice of d cells in d's hook.
fn frame_grids(n: usize, layout: HookLayout, digits: HookDigits) -> HashSet<Vec<u8>> {
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
        HookDigits::Perm => permutations(n)
            .into_iter()
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

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n);
            out.push(q);
        }
    }
    out
}

/// Puts digit perm[k] into perm[k] cells of hook k, for every choice of cells.
fn fill(
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

fn neighbours(n: usize, cell: usize) -> Vec<usize> {
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

fn connected(n: usize, filled: &[bool]) -> bool {
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
fn line(n: usize, side: Side, i: usize) -> Vec<usize> {
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
fn independent_violations(p: &HooksPuzzle, g: &[u8]) -> Vec<String> {
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
    for &[r, c, clue] in &p.cell_clues {
        let cell = r * n + c;
        let around: usize = neighbours(n, cell).iter().map(|&m| g[m] as usize).sum();
        if g[cell] != 0 || around != clue {
            bad.push(format!("neighbour clue ({r},{c})"));
        }
    }
    bad
}

/// A random puzzle with the planted grid `g` among its solutions (clues read off it), or with
/// random region maps that may have no solution at all.
fn random_puzzle(
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
fn sat_grids(p: &HooksPuzzle, opts: HooksOptions) -> BTreeSet<Vec<u8>> {
    let mut model = p.build(opts);
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

#[test]
fn generated_small_puzzles_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(2014);
    let n = 4;
    let mut informative = 0;
    for (layout, digits) in [
        (HookLayout::Fixed, HookDigits::BySize),
        (HookLayout::Free, HookDigits::BySize),
        (HookLayout::Free, HookDigits::Perm),
        (HookLayout::Fixed, HookDigits::Perm),
    ] {
        let frames: Vec<Vec<u8>> = {
            let mut v: Vec<Vec<u8>> = frame_grids(n, layout, digits).into_iter().collect();
            v.sort();
            v
        };
        let mut tried = 0;
        while tried < 12 {
            let planted = &frames[rng.random_range(0..frames.len())];
            let p = random_puzzle(&mut rng, n, planted, layout, digits);
            let expected: BTreeSet<Vec<u8>> = frames
                .iter()
                .filter(|g| independent_violations(&p, g).is_empty())
                .cloned()
                .collect();
            if expected.len() > 300 {
                continue; // too loose to enumerate quickly; draw again
            }
            tried += 1;
            if expected.len() > 1 {
                informative += 1;
            }
            for opts in [
                HooksOptions::default(),
                HooksOptions {
                    card: Card::SeqCounter,
                    pb: Pb::Gte,
                    ..Default::default()
                },
                HooksOptions {
                    card: Card::Totalizer,
                    pb: Pb::Adder,
                    ..Default::default()
                },
                HooksOptions {
                    connect: Connectivity::Eager,
                    ..Default::default()
                },
            ] {
                assert_eq!(
                    sat_grids(&p, opts),
                    expected,
                    "{layout:?} {digits:?} {opts:?}: {p:?}"
                );
            }
        }
    }
    assert!(
        informative >= 8,
        "too few instances with several solutions: {informative}"
    );
}

/// The seed's form (`hooks --rows/--cols`, fixed hooks) at n = 5: random planted grids, row and
/// column sums read off them, every SAT solution against the brute force.
#[test]
fn seed_form_at_n5_agrees_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let n = 5;
    let mut frames: Vec<Vec<u8>> = frame_grids(n, HookLayout::Fixed, HookDigits::BySize)
        .into_iter()
        .collect();
    frames.sort();
    for _ in 0..6 {
        let g = &frames[rng.random_range(0..frames.len())];
        let rows = (0..n)
            .map(|r| (0..n).map(|c| g[r * n + c] as u64).sum())
            .collect();
        let cols = (0..n)
            .map(|c| (0..n).map(|r| g[r * n + c] as u64).sum())
            .collect();
        let p = HooksPuzzle::from_sums(rows, cols).unwrap();
        let expected: BTreeSet<Vec<u8>> = frames
            .iter()
            .filter(|f| independent_violations(&p, f).is_empty())
            .cloned()
            .collect();
        assert!(expected.contains(g));
        assert_eq!(sat_grids(&p, HooksOptions::default()), expected);
    }
}

// ---------------------------------------------------------------------------------------------
// Connectivity.
// ---------------------------------------------------------------------------------------------

/// A cut is violated by the disconnected grid it comes from and satisfied by every connected
/// grid (with at least `min_filled` cells when that is used), on every grid of a 3x4 board.
#[test]
fn cuts_never_remove_a_connected_grid() {
    let (rows, cols) = (3, 4);
    let cells = rows * cols;
    let lits: Vec<Lit> = (0..cells as u32).map(Lit::positive).collect();
    let grids: Vec<Vec<bool>> = (0u32..1 << cells)
        .map(|m| (0..cells).map(|i| m >> i & 1 == 1).collect())
        .collect();
    let connected_grids: Vec<&Vec<bool>> = grids
        .iter()
        .filter(|g| {
            let comps = hooks::connect::components(g, rows, cols);
            comps.len() <= 1
        })
        .collect();
    let holds = |cl: &[Lit], g: &[bool]| cl.iter().any(|l| g[l.var().idx()] != l.is_neg());
    let mut checked = 0;
    for (i, g) in grids.iter().enumerate().step_by(7) {
        let size = g.iter().filter(|&&f| f).count();
        for min_filled in [0, size + 1] {
            let cuts = cut_clauses(g, &lits, rows, cols, min_filled);
            let disconnected = hooks::connect::components(g, rows, cols).len() > 1;
            assert_eq!(cuts.is_empty(), !disconnected, "grid {i}");
            for cut in &cuts {
                assert!(!holds(cut, g), "grid {i}: the cut does not remove it");
                for c in &connected_grids {
                    if c.iter().filter(|&&f| f).count() >= min_filled {
                        assert!(holds(cut, c), "grid {i}: a cut removes a connected grid");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} cuts checked");
}

/// Counting through the lazy backend: the connected k-cell sets of a 4x4 board, found with
/// cuts and blocking clauses interleaved, are exactly the brute-force ones.
#[test]
fn lazy_enumeration_counts_connected_sets_exactly() {
    let n = 4;
    for k in [3, 5, 7, 9, 11] {
        for strengthened in [false, true] {
            let mut cnf = Cnf::new();
            let lits: Vec<Lit> = (0..n * n)
                .map(|i| cnf.vars.named(format!("x{i}")).pos_lit())
                .collect();
            card::exactly(&mut cnf, &lits, k, Card::Totalizer);
            cnf.primary = lits.iter().map(|l| l.var()).collect();
            let min_filled = if strengthened { k } else { 0 };
            let mut backend =
                LazyConnected::new(Varisat::with_cnf(&cnf), lits.clone(), n, n, min_filled);
            let mut found = BTreeSet::new();
            enumerate(&mut cnf, &mut backend, None, |m| {
                let g: Vec<bool> = (0..n * n).map(|i| m[i]).collect();
                assert!(connected(n, &g), "a disconnected set was returned");
                found.insert(g);
                ControlFlow::Continue(())
            })
            .unwrap();
            let expected: BTreeSet<Vec<bool>> = (0u32..1 << (n * n))
                .filter(|m| m.count_ones() as usize == k)
                .map(|m| (0..n * n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>())
                .filter(|g| connected(n, g))
                .collect();
            assert_eq!(found, expected, "k = {k}, strengthened = {strengthened}");
            assert!(backend.rejected > 0, "k = {k}: no cut was exercised");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Input errors and the command line.
// ---------------------------------------------------------------------------------------------

fn shipped_value(k: usize) -> serde_json::Value {
    serde_json::from_str(hooks::shipped_json(k).unwrap()).unwrap()
}

fn error_of(v: serde_json::Value) -> String {
    HooksPuzzle::from_json(&v.to_string())
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_files_name_the_field() {
    let mut v = shipped_value(1);
    v["clues"]["row_sum"].as_array_mut().unwrap().pop();
    assert!(error_of(v).contains("clues.row_sum: 8 entries"));

    let mut v = shipped_value(7);
    v["givens"][1] = serde_json::json!([6, 12, 5]);
    assert!(error_of(v).contains("givens[1]: cell (6,12) is outside"));

    let mut v = shipped_value(7);
    v["regions"][0][0] = serde_json::json!(30); // 20 regions cannot share 285 equally
    let e = error_of(v);
    assert!(
        e.contains("regions: 20 regions cannot have equal sums"),
        "{e}"
    );

    let mut v = shipped_value(3);
    v["rules"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("no_3x3"));
    assert!(error_of(v).contains("unknown variant `no_3x3`"));

    let mut v = shipped_value(2);
    v["clues"]["edge_first_block_sum"] = serde_json::json!({"T": [0, 0, 0, 0, 0, 0, 0, 0, 0]});
    assert!(error_of(v).contains("rule `edge_first_block_sum` is not listed"));

    let mut v = shipped_value(10);
    v["givens"] = serde_json::json!([[0, 0, 10]]);
    assert!(error_of(v).contains("givens[0]: digit 10 is not in 1..=9"));
}

fn satpuz(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn command_line_solves_counts_and_exports() {
    let rows = SEED_ROWS.map(|s| s.to_string()).join(",");
    let cols = SEED_COLS.map(|s| s.to_string()).join(",");
    let (code, out, _) = satpuz(&["solve", "hooks", "--rows", &rows, "--cols", &cols]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("answer (sum of the cells with i+j even): 158"),
        "{out}"
    );
    assert!(out.contains("unique: yes"), "{out}");

    let (code, out, _) = satpuz(&["count", "hooks3", "--all"]);
    assert_eq!(code, 0);
    assert!(out.contains("1 solution(s)"), "{out}");

    let (code, _, err) = satpuz(&["solve", "hooks4"]);
    assert_eq!(code, 1);
    assert!(err.contains("line_sum_of_run_products"), "{err}");

    let (code, _, err) = satpuz(&["solve", "hooks2", "--rows", "1,2"]);
    assert_eq!(code, 1);
    assert!(err.contains("--rows/--cols"), "{err}");

    // Export with the connectivity cuts, solve with minisat, read the grid back.
    let dir = common::scratch_dir("hooks-export");
    let cnf_path = dir.join("hooks3.cnf");
    let (code, _, err) = satpuz(&["encode", "hooks3", "--dimacs", cnf_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = satpuz(&["encode", "hooks3", "--dimacs", cnf_path.to_str().unwrap()]);
    assert_eq!(
        code, 1,
        "an existing file is not overwritten without --force: {out}"
    );
    let (code, result) = common::run_minisat(&cnf_path, &dir.join("out"));
    assert_eq!(code, 10);
    let p = hooks::shipped(3).unwrap().unwrap();
    let model = p.build(HooksOptions::default());
    let values: Vec<bool> = {
        let lits: Vec<i64> = result
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let mut v = vec![false; model.cnf.num_vars() as usize];
        for l in lits.into_iter().filter(|&l| l > 0) {
            if let Some(x) = v.get_mut(l as usize - 1) {
                *x = true;
            }
        }
        v
    };
    assert_eq!(
        model.grid(&values),
        unique_grid(&p, HooksOptions::default())
    );
}

/// With eager connectivity the exported CNF needs no cuts: minisat finds the grid, and the
/// grid blocked, minisat finds nothing else.
#[test]
fn eager_export_is_exact_for_minisat() {
    let p = hooks::shipped(7).unwrap().unwrap();
    let opts = HooksOptions {
        connect: Connectivity::Eager,
        ..Default::default()
    };
    let mut model = p.build(opts);
    // the plain CNF (no lazy backend) through minisat
    let mut minisat = External::new("minisat");
    common::minisat();
    minisat.add_cnf(&model.cnf);
    let verdict = solve_unique(&mut model.cnf, &mut minisat).unwrap();
    let Verdict::Unique(m) = verdict else {
        panic!("minisat on the eager CNF says {verdict:?}");
    };
    assert_eq!(model.grid(&m), unique_grid(&p, HooksOptions::default()));
}

/// The seed's names for the cells: `encode hooks1 --dimacs -` is readable.
#[test]
fn exported_cnf_names_the_cells() {
    let (code, out, _) = satpuz(&["encode", "hooks1", "--dimacs", "-"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("c 1 cell(0,0)=1"),
        "{}",
        &out[..out.len().min(400)]
    );
    assert!(out.contains("cell(8,8)=9"));
    assert!(out.lines().any(|l| l.starts_with("c p show")));
}

/// A sanity check of the test's own brute force: the frame of a 4x4 by-size free puzzle.
#[test]
fn brute_force_frame_sizes() {
    // 4^3 layouts; per layout C(7,4) C(5,3) C(3,2) C(1,1) = 1050 fillings; distinct grids fewer
    let grids = frame_grids(4, HookLayout::Free, HookDigits::BySize);
    assert!(
        grids.len() > 1050 && grids.len() <= 64 * 1050,
        "{}",
        grids.len()
    );
    assert_eq!(
        frame_grids(4, HookLayout::Fixed, HookDigits::BySize).len(),
        1050
    );
    for g in grids.iter().take(200) {
        let p = HooksPuzzle::from_sums(vec![0; 4], vec![0; 4]).unwrap();
        let mut free = p.clone();
        free.hooks = HookLayout::Free;
        assert!(hooks::check::has_layout(&free, g));
    }
}
