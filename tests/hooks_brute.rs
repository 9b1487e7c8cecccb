//! Hooks against brute force: generated small puzzles (every rule type, fixed and free
//! layouts, digits by size and permuted), the seed's form at n = 5, and the connectivity cuts
//! and lazy enumeration on small boards.

mod common;
mod hooks_support;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use hooks_support::{connected, frame_grids, independent_violations, random_puzzle, sat_grids};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::{Cnf, Lit};
use satpuz::encode::Amo;
use satpuz::encode::card::{self, Card};
use satpuz::encode::pb::Pb;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::connect::{LazyConnected, cut_clauses};
use satpuz::puzzles::hooks::{self, Connectivity, HookDigits, HookLayout, HooksPuzzle};
use satpuz::solve::{Varisat, enumerate};

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
            for (opts, connect) in [
                (EncodeOptions::default(), Connectivity::Lazy),
                (
                    EncodeOptions {
                        card: Card::SeqCounter,
                        pb: Pb::Gte,
                        ..Default::default()
                    },
                    Connectivity::Lazy,
                ),
                (
                    EncodeOptions {
                        card: Card::Totalizer,
                        pb: Pb::Adder,
                        amo: Amo::Commander,
                        ..Default::default()
                    },
                    Connectivity::Lazy,
                ),
                (
                    EncodeOptions {
                        amo: Amo::SeqCounter,
                        ..Default::default()
                    },
                    Connectivity::Eager,
                ),
            ] {
                assert_eq!(
                    sat_grids(&p, opts, connect),
                    expected,
                    "{layout:?} {digits:?} {opts:?} {connect:?}: {p:?}"
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
        assert_eq!(
            sat_grids(&p, EncodeOptions::default(), Connectivity::Lazy),
            expected
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Connectivity.
// ---------------------------------------------------------------------------------------------

/// A cut is violated by the disconnected grid it comes from and satisfied by every connected
/// grid (with at least `min_filled` cells when that is used), for every 7th grid of a 3x4 board (585 grids) against all its connected grids.
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
