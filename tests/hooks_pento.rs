//! Hooks 11's pentomino rules: the catalogue (12 free shapes, 63 fixed orientations) against
//! shapes grown cell by cell and drawn apart; generated 4x4 and 5x5 puzzles with the tiling
//! rules against a brute force over every frame grid (grids, and the tilings of each grid);
//! Hooks 11 itself solved, re-checked, unique, its tiling unique, and minisat agreeing on the
//! eager export; bad clue data named.

mod common;
mod hooks_support;

use std::collections::BTreeSet;

use common::{Run, satpuz};
use hooks_support::pento::{self, Shape};
use hooks_support::{frame_grids, independent_violations, sat_grids};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::encode::Encoding;
use satpuz::encode::card::Card;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::format::Clues;
use satpuz::puzzles::hooks::pentomino::placements;
use satpuz::puzzles::hooks::{
    self, AnswerRule, Connectivity, HookDigits, HookLayout, HooksPuzzle, Pentomino, Rule,
};
use satpuz::solve::external::External;
use satpuz::solve::{Backend, Verdict, solve_unique};

fn library_shape(cells: &[(usize, usize)]) -> Shape {
    pento::normalise(cells.iter().map(|&(r, c)| (r as i32, c as i32)))
}

#[test]
fn the_catalogue_has_12_free_shapes_and_63_fixed_orientations() {
    let grown = pento::grown_pentominoes();
    assert_eq!(grown.len(), 63, "fixed pentominoes grown cell by cell");
    let free: BTreeSet<Shape> = grown
        .iter()
        .map(|s| pento::images(s).into_iter().next().unwrap())
        .collect();
    assert_eq!(free.len(), 12, "free pentominoes");
    let mut all = BTreeSet::new();
    for shape in Pentomino::ALL {
        let library: BTreeSet<Shape> = shape
            .orientations()
            .iter()
            .map(|o| library_shape(o))
            .collect();
        assert_eq!(
            library.len(),
            shape.orientations().len(),
            "{shape}: an orientation listed twice"
        );
        assert_eq!(library, pento::orientations(shape.letter()), "{shape}");
        assert!(library.iter().all(|s| s.len() == 5));
        all.extend(library);
    }
    assert_eq!(
        all, grown,
        "the twelve letters' orientations are every fixed pentomino"
    );
    // a placement per orientation and position that fits: 1x5 fits 5 * 9 times on 9x9, ...
    let on_9x9: usize = grown
        .iter()
        .map(|s| {
            let h = s.iter().map(|c| c.0).max().unwrap() + 1;
            let w = s.iter().map(|c| c.1).max().unwrap() + 1;
            ((10 - h) * (10 - w)) as usize
        })
        .sum();
    assert_eq!(placements(9).len(), on_9x9);
}

/// A puzzle of the frame with only these rules and no clues.
fn bare_puzzle(n: usize, layout: HookLayout, digits: HookDigits, rules: Vec<Rule>) -> HooksPuzzle {
    HooksPuzzle {
        name: "generated tiling".into(),
        month: None,
        n,
        hooks: layout,
        hook_digits: digits,
        rules,
        givens: Vec::new(),
        clues: Clues::default(),
        regions: None,
        cell_clues: Vec::new(),
        answer_rule: AnswerRule::ProductOfEmptyRegionAreas,
    }
}

/// A tiling puzzle on the planted grid `g` with one of its tilings `tiling`, some of the
/// pentomino rules drawn at random.
fn random_tiling_puzzle(
    rng: &mut ChaCha8Rng,
    n: usize,
    g: &[u8],
    tiling: &[Option<char>],
    layout: HookLayout,
    digits: HookDigits,
    sums: bool,
) -> HooksPuzzle {
    let mut rules = vec![Rule::Counts, Rule::PentominoDecomposition9Distinct];
    if sums {
        rules.push(Rule::PentominoSumMultipleOf5);
    }
    let filled: Vec<bool> = g.iter().map(|&v| v > 0).collect();
    if rng.random_bool(0.3) && hooks_support::connected(n, &filled) {
        rules.push(Rule::Connected);
    }
    let mut clues = Clues::default();
    if rng.random_bool(0.6) {
        rules.push(Rule::EdgeFirstSeenDigit);
        clues.edge_first_seen_digit = Some(pento::edge_clues(rng, n, g, |c| g[c] as u64));
    }
    if rng.random_bool(0.6) {
        rules.push(Rule::EdgeFirstSeenPentomino);
        clues.edge_first_seen_pentomino = Some(pento::edge_clues(rng, n, g, |c| {
            pento::pentomino(tiling[c].unwrap())
        }));
    }
    let givens = (0..n * n)
        .filter(|&c| g[c] > 0 && rng.random_bool(0.05))
        .map(|c| [c / n, c % n, g[c] as usize])
        .collect();
    let p = HooksPuzzle {
        givens,
        clues,
        ..bare_puzzle(n, layout, digits, rules)
    };
    p.validate().expect("generated puzzles are valid");
    p
}

/// Returns (instances with several grids, grids with several tilings).
fn check_frames(
    n: usize,
    frames: &[(HookLayout, HookDigits)],
    per_frame: usize,
    seed: u64,
) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut several, mut several_tilings) = (0, 0);
    for &(layout, digits) in frames {
        let mut frames: Vec<Vec<u8>> = frame_grids(n, layout, digits).into_iter().collect();
        frames.sort();
        let tiled = vec![Rule::Counts, Rule::PentominoDecomposition9Distinct];
        let bare = bare_puzzle(n, layout, digits, tiled.clone());
        let mut with_sums = tiled.clone();
        with_sums.push(Rule::PentominoSumMultipleOf5);
        let summed = bare_puzzle(n, layout, digits, with_sums);
        // the grids with some tiling: the only candidates, planted at random
        let tileable: Vec<&Vec<u8>> = frames
            .iter()
            .filter(|g| !pento::tilings(&bare, g).is_empty())
            .collect();
        let mut checked = 0;
        assert!(!tileable.is_empty(), "{n}: {layout:?} {digits:?}");
        for case in 0..20 * per_frame {
            if checked == per_frame {
                break;
            }
            let planted = tileable[rng.random_range(0..tileable.len())];
            let sums = rng.random_bool(0.5);
            let planted_tilings = pento::tilings(if sums { &summed } else { &bare }, planted);
            let Some(tiling) = planted_tilings.first() else {
                continue; // no tiling with sums a multiple of 5: the next case
            };
            let p = random_tiling_puzzle(&mut rng, n, planted, tiling, layout, digits, sums);
            let expected: BTreeSet<Vec<u8>> = tileable
                .iter()
                .filter(|g| independent_violations(&p, g).is_empty())
                .map(|g| g.to_vec())
                .collect();
            assert!(expected.contains(planted), "{p:?}");
            if expected.len() > 40 {
                continue; // too loose to enumerate cheaply: draw another
            }
            checked += 1;
            several += usize::from(expected.len() > 1);
            for opts in [
                EncodeOptions::default(),
                EncodeOptions {
                    encoding: Encoding::Bits,
                    card: Card::SeqCounter,
                    ..EncodeOptions::default()
                },
            ] {
                let found = sat_grids(&p, opts, Connectivity::Lazy);
                assert!(
                    found == expected,
                    "n = {n}, {layout:?} {digits:?}, case {case}, {opts:?}: {} grids found, {} \
                     expected, {} found only, {} expected only: {p:?}",
                    found.len(),
                    expected.len(),
                    found.difference(&expected).count(),
                    expected.difference(&found).count(),
                );
                let model = p.build_with(opts, Connectivity::Lazy);
                for g in &found {
                    assert!(hooks::check::violations(&p, g).is_empty());
                    // the tilings of each grid: the formula projected on the placements, the
                    // library's checker and the brute force find the same ones
                    let by_brute: BTreeSet<Vec<Option<char>>> =
                        pento::tilings(&p, g).into_iter().collect();
                    let letters = |t: Vec<Option<Pentomino>>| -> Vec<Option<char>> {
                        t.into_iter().map(|c| c.map(|s| s.letter())).collect()
                    };
                    let by_formula: BTreeSet<Vec<Option<char>>> = model
                        .tilings_of(g, 1000)
                        .unwrap()
                        .into_iter()
                        .map(letters)
                        .collect();
                    let by_checker: BTreeSet<Vec<Option<char>>> =
                        hooks::check::tilings(&p, g, 1000)
                            .into_iter()
                            .map(letters)
                            .collect();
                    assert_eq!(by_formula, by_brute, "{g:?} of {p:?}");
                    assert_eq!(by_checker, by_brute, "{g:?} of {p:?}");
                    several_tilings += usize::from(by_brute.len() > 1);
                }
            }
        }
    }
    (several, several_tilings)
}

/// Every frame on 4x4 boards (10 filled cells: two pentominoes).
#[test]
fn tilings_agree_with_brute_force_on_4x4() {
    let frames = [
        (HookLayout::Fixed, HookDigits::BySize),
        (HookLayout::Free, HookDigits::BySize),
        (HookLayout::Free, HookDigits::Perm),
        (HookLayout::Fixed, HookDigits::Perm),
    ];
    let (several, _) = check_frames(4, &frames, 5, 11);
    assert!(several > 0, "no instance had several solutions");
}

/// 5x5 (15 filled cells: three pentominoes), fixed hooks by size: the one 5x5 frame whose
/// grids (132,300) a brute force lists quickly.
#[test]
fn tilings_agree_with_brute_force_on_5x5() {
    let frames = [(HookLayout::Fixed, HookDigits::BySize)];
    let (several, several_tilings) = check_frames(5, &frames, 5, 12);
    assert!(several > 0, "no instance had several solutions");
    assert!(several_tilings > 0, "no grid had several tilings");
}

fn hooks11() -> HooksPuzzle {
    hooks::shipped(11).unwrap().unwrap()
}

/// Hooks 11: one grid, re-verified by both checkers, its tiling unique by the formula and by
/// both searches; the same grid under other encodings and with eager connectivity.
#[test]
fn hooks11_is_solved_and_unique_and_so_is_its_tiling() {
    let p = hooks11();
    let mut model = p.build(EncodeOptions::default());
    let solved = model.solve_unique().unwrap();
    let grid = solved.grid.expect("Hooks 11 has a solution");
    assert!(solved.other.is_none(), "Hooks 11 has a second grid");
    assert!(hooks::check::violations(&p, &grid).is_empty());
    assert!(independent_violations(&p, &grid).is_empty());
    assert_eq!(model.tilings_of(&grid, 10).unwrap().len(), 1);
    assert_eq!(hooks::check::tilings(&p, &grid, 10).len(), 1);
    assert_eq!(pento::tilings(&p, &grid).len(), 1);
    for (opts, connect) in [
        (
            EncodeOptions {
                card: Card::SeqCounter,
                ..EncodeOptions::default()
            },
            Connectivity::Lazy,
        ),
        (EncodeOptions::default(), Connectivity::Eager),
    ] {
        let mut model = p.build_with(opts, connect);
        let solved = model.solve_unique().unwrap();
        assert_eq!(solved.grid.as_ref(), Some(&grid), "{opts:?} {connect:?}");
        assert!(solved.other.is_none(), "{opts:?} {connect:?}");
    }
}

/// minisat on the eager export (reachability in the CNF): one grid, the same, and with it
/// blocked UNSAT.
#[test]
fn minisat_agrees_on_the_eager_export() {
    common::minisat();
    let p = hooks11();
    let mut model = p.build_with(EncodeOptions::default(), Connectivity::Eager);
    let mut minisat = External::new("minisat");
    minisat.add_cnf(&model.cnf);
    let mut backend = model.backend(minisat);
    let verdict = solve_unique(&mut model.cnf, &mut backend).unwrap();
    assert_eq!(
        backend.rejected, 0,
        "the eager CNF keeps connectivity itself"
    );
    let Verdict::Unique(m) = verdict else {
        panic!("minisat says {verdict:?}");
    };
    let mine = p.build(EncodeOptions::default()).solve_unique().unwrap();
    assert_eq!(Some(model.grid(&m)), mine.grid);
}

#[test]
fn command_line_solves_and_counts_hooks11() {
    let Run { code, stdout, .. } = satpuz(&["count", "hooks11", "--all"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("1 solution"), "{stdout}");
    let Run { code, stdout, .. } = satpuz(&["solve", "hooks11", "--json"]);
    assert_eq!(code, 0, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["unique"], true);
    assert_eq!(v["details"]["tiling_unique"], true, "{v}");
    let grid = common::hooks_json_grid(&v["answer"]);
    let p = hooks11();
    assert!(independent_violations(&p, &grid).is_empty());
    let answer = p.answer_rule.apply(&grid, 9).value;
    assert_eq!(v["answer"]["value"], serde_json::json!(answer as u64));
    // the printed tiling is the brute force's one tiling of the grid
    let rows: Vec<String> = v["answer"]["tiling"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let tilings = pento::tilings(&p, &grid);
    let brute: Vec<String> = tilings[0]
        .chunks(9)
        .map(|row| row.iter().map(|c| c.unwrap_or('.')).collect())
        .collect();
    assert_eq!(rows, brute);
}

#[test]
fn bad_pentomino_clues_name_the_place() {
    let shipped: serde_json::Value =
        serde_json::from_str(hooks::shipped_json(11).unwrap()).unwrap();
    let error_of = |v: &serde_json::Value| {
        HooksPuzzle::from_json(&v.to_string())
            .unwrap_err()
            .to_string()
    };
    let mut letter = shipped.clone();
    letter["clues"]["edge_first_seen_pentomino"]["L"]["0"] = serde_json::json!("Q");
    let e = error_of(&letter);
    assert!(
        e.contains("unknown variant `Q`") && e.contains("line"),
        "{e}"
    );
    let mut index = shipped.clone();
    index["clues"]["edge_first_seen_pentomino"]["R"]["9"] = serde_json::json!("I");
    let e = error_of(&index);
    assert!(e.contains("clues.edge_first_seen_pentomino.R.9"), "{e}");
    let mut digit = shipped.clone();
    digit["clues"]["edge_first_seen_digit"]["T"]["6"] = serde_json::json!(10);
    let e = error_of(&digit);
    assert!(
        e.contains("clues.edge_first_seen_digit.T.6") && e.contains("not in 1..=9"),
        "{e}"
    );
    let mut untiled = shipped.clone();
    untiled["rules"] = serde_json::json!(["counts", "pentomino_sum_multiple_of_5"]);
    untiled["clues"] = serde_json::json!({});
    let e = error_of(&untiled);
    assert!(e.contains("needs the tiling rule"), "{e}");
    let mut small = shipped.clone();
    small["n"] = serde_json::json!(6);
    small["givens"] = serde_json::json!([]);
    small["clues"] = serde_json::json!({});
    small["rules"] = serde_json::json!(["counts", "pentomino_decomposition_9_distinct"]);
    let e = error_of(&small);
    assert!(e.contains("fills 21 cells"), "{e}");
    let mut missing = shipped.clone();
    missing["clues"]
        .as_object_mut()
        .unwrap()
        .remove("edge_first_seen_digit");
    let e = error_of(&missing);
    assert!(e.contains("clues.edge_first_seen_digit"), "{e}");
    // and the command line says so with exit 1, no panic
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, letter.to_string()).unwrap();
    let Run { code, stderr, .. } = satpuz(&["solve", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("unknown variant `Q`"), "{stderr}");
}
