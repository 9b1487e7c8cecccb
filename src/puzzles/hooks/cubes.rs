//! Solving in cubes: the search split on where the outermost hooks lie.
//!
//! With a free layout the side-n hook takes the first or the last row (and column), the
//! side-(n-1) hook one end of what is left, and so on: peeling [`CUBE_DEPTH`] hooks gives
//! 2^depth cases per axis, each a conjunction of the layout's order literals, and their
//! products over the two axes are the cubes (256 for depth 4). One solver runs them in turn
//! under assumptions (learned clauses kept); the first grid is blocked, and its cube and every
//! later one must then be UNSAT (the earlier ones already were), so the cubes together are
//! the same uniqueness proof as one plain solve. It pays where the eager clues leave the
//! layout open for long (Hooks 9's GCD lines: 1.26 s of CPU plain, 0.60 to 0.95 s in cubes
//! over 13 orders of the cubes; 11's pentominoes: 0.28 s plain, 0.15 s in cubes) and costs
//! little elsewhere, so every free layout is searched in cubes ([`wants_cubes`],
//! docs/hooks.md).
//!
//! Where the process may use two cores, two threads share the cubes ([`super::cube_threads`]):
//! each of Hooks 9's then spends about four fifths of one solver's CPU in turn, #4's longer
//! one about two thirds (docs/hooks.md, "Under load"). The
//! core of each cube refuted (`Cores`) goes to every solver as a
//! clause, and a later cube that contains one is skipped.

use crate::cnf::{Cnf, Lit};
use crate::model::Bit;
use crate::solve::{self, Backend, SolveError, Verdict};

use super::format::{HookLayout, HooksPuzzle};

/// Whether `p` is solved in cubes: a free layout (there is something to split). In turn on
/// one solver the cubes cost no more CPU than one plain search, and much less where the clues
/// leave the layout open for long (Hooks 9's GCD lines, 11's pentominoes, #3's products), so
/// they are the search of every free frame and split it over two threads where there are
/// two cores (figures in docs/hooks.md, "Cubes").
pub(crate) fn wants_cubes(p: &HooksPuzzle) -> bool {
    p.hooks == HookLayout::Free && p.n >= 3
}

/// How many outer hooks per axis the cubes fix. Hooks 9's CPU by depth (least of seven
/// orders of the cubes .. median): 1 (4 cubes) 1.19 s, 2 0.74 .. 0.97 s, 3 0.64 .. 0.98 s,
/// 4 0.60 .. 0.76 s, 5 0.67 .. 0.83 s; the ten free puzzles on one thread: depth 3 2.74 s,
/// 4 2.03 s, 5 3.11 s (docs/hooks.md, "Cubes").
pub(crate) const CUBE_DEPTH: usize = 4;

/// The cores of the cubes refuted so far. A cube found UNSAT comes with varisat's failed
/// assumptions, often a few of its 8 literals: their negation is a clause every grid not yet
/// blocked keeps, given to every solver of the search (a second thread's solver, which did not
/// learn it, most of all), and a later cube that contains a core holds no such grid, so it
/// needs no call. Hooks 9: about 140 of the 256 cubes are skipped, and one solver in turn
/// spends about an eighth less CPU (docs/hooks.md).
#[derive(Debug, Default)]
pub(crate) struct Cores {
    /// Each core's literals, sorted, without the blocking clauses' guard.
    cores: Vec<Vec<Lit>>,
    /// Each core's clause: its negation, or'ed with the guard's negation when the guard was
    /// among the failed assumptions (the cube was UNSAT only with the grids found so far
    /// blocked, and blocked grids stay blocked until the search ends).
    pub(crate) clauses: Vec<Vec<Lit>>,
}

impl Cores {
    /// Keeps the core of a cube just refuted under `act` (the guard of the blocking clauses):
    /// `failed`, the failed assumptions.
    pub(crate) fn record(&mut self, failed: Vec<Lit>, act: Lit) {
        let guarded = failed.contains(&act);
        let mut core: Vec<Lit> = failed.into_iter().filter(|&l| l != act).collect();
        core.sort_unstable();
        core.dedup();
        if self.cores.contains(&core) {
            return;
        }
        let mut clause: Vec<Lit> = core.iter().map(|&l| !l).collect();
        if guarded {
            clause.push(!act);
        }
        self.cores.push(core);
        self.clauses.push(clause);
    }

    /// Whether a refuted core lies inside `cube`: then the cube holds no grid but those
    /// blocked.
    pub(crate) fn cover(&self, cube: &[Lit]) -> bool {
        self.cores
            .iter()
            .any(|core| core.iter().all(|l| cube.contains(l)))
    }
}

/// The cubes over the placements of the `depth` outermost hooks on each axis (`ge[line][v]`:
/// the line's hook has side >= v), as bits; `None` where a bit is a constant (no split then).
/// Peeling from the outside, the hook of side v takes one end of the block of lines still
/// left, so "the block's first line has side >= v" splits the cases in two, `2^depth` per
/// axis.
pub(crate) fn outer_hook_cubes(
    rows: &[Vec<Bit>],
    cols: &[Vec<Bit>],
    depth: usize,
) -> Option<Vec<Vec<Bit>>> {
    fn axis(ge: &[Vec<Bit>], lo: usize, hi: usize, v: usize, depth: usize) -> Vec<Vec<Bit>> {
        if depth == 0 || lo >= hi {
            return vec![Vec::new()];
        }
        let first = ge[lo][v];
        let mut cases = Vec::new();
        for (bit, lo, hi) in [(first, lo + 1, hi), (!first, lo, hi - 1)] {
            for mut rest in axis(ge, lo, hi, v - 1, depth - 1) {
                rest.insert(0, bit);
                cases.push(rest);
            }
        }
        cases
    }
    let n = rows.len();
    if n < 2 || cols.len() != n {
        return None;
    }
    let (rows, cols) = (
        axis(rows, 0, n - 1, n, depth),
        axis(cols, 0, n - 1, n, depth),
    );
    let cubes: Vec<Vec<Bit>> = rows
        .iter()
        .flat_map(|r| cols.iter().map(move |c| [r.clone(), c.clone()].concat()))
        .collect();
    let constant = cubes.iter().flatten().any(|b| matches!(b, Bit::Const(_)));
    (!constant).then_some(cubes)
}

/// [`solve::solve_unique`] with the search split into `cubes` (assumption sets that together
/// cover every assignment); plain when there are none. The blocking clauses are guarded, as
/// [`solve::enumerate`]'s are, so the backend stays usable for the formula itself.
pub(crate) fn solve_unique_in_cubes(
    cnf: &mut Cnf,
    backend: &mut dyn Backend,
    cubes: &[Vec<Lit>],
) -> Result<Verdict, SolveError> {
    let mut models: Vec<Vec<bool>> = Vec::with_capacity(2);
    enumerate_in_cubes(cnf, backend, cubes, Some(2), |m| models.push(m.to_vec()))?;
    Ok(Verdict::of_first_two(models))
}

/// [`solve::enumerate`] with the search split into `cubes` run in turn on one solver (plain
/// when there are none): up to `limit` distinct grids, each blocked under a guard released at
/// the end, so a grid found in one cube is never found again in a later one.
pub(crate) fn enumerate_in_cubes(
    cnf: &mut Cnf,
    backend: &mut dyn Backend,
    cubes: &[Vec<Lit>],
    limit: Option<u64>,
    mut on_model: impl FnMut(&[bool]),
) -> Result<u64, SolveError> {
    if cubes.is_empty() {
        return solve::enumerate(cnf, backend, limit, |m| {
            on_model(m);
            std::ops::ControlFlow::Continue(())
        });
    }
    let (primary, one_hot) = solve::projection(cnf);
    let act = cnf.vars.fresh().pos_lit();
    let mut found = 0u64;
    let mut cores = Cores::default();
    'cubes: for cube in cubes {
        if cores.cover(cube) {
            continue;
        }
        let mut assumptions = cube.clone();
        assumptions.push(act);
        loop {
            if limit.is_some_and(|l| found >= l) {
                break 'cubes;
            }
            if !backend.solve(&assumptions)? {
                cores.record(backend.failed_assumptions(), act);
                if let Some(clause) = cores.clauses.last() {
                    backend.add_clause(clause);
                }
                break;
            }
            let model = backend.model(cnf.num_vars());
            on_model(&model);
            found += 1;
            let mut clause = solve::blocking_clause(&primary, one_hot, &model);
            clause.push(!act);
            backend.add_clause(&clause);
        }
    }
    backend.add_clause(&[!act]);
    Ok(found)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
    use crate::model::{EncodeOptions, Encoded};
    use crate::puzzles::hooks::Layout;
    use crate::puzzles::hooks::{HooksModel, hooks_solver};

    /// Peeling every hook but the last fixes the whole layout: on a free 5x5 frame the 16 x 16
    /// cubes of depth 4 hold one layout each, so they cover the 4^4 layouts exactly once; at
    /// depth 2 each of the 16 holds 4 x 4 of them.
    #[test]
    fn cubes_split_the_layouts_evenly() {
        for (depth, cubes_expected, per_cube) in [(4, 256, 1), (2, 16, 16)] {
            let mut enc = Encoded::new(EncodeOptions::default());
            let layout = Layout::build(&mut enc, 5, HookLayout::Free);
            let sides: Vec<Bit> = layout
                .row_side
                .iter()
                .chain(&layout.col_side)
                .flatten()
                .copied()
                .collect();
            enc.project_on(&sides, false);
            let cubes = outer_hook_cubes(&layout.row_side, &layout.col_side, depth)
                .expect("a free layout has variables to split on");
            assert_eq!(cubes.len(), cubes_expected);
            let mut cnf = enc.cnf.clone();
            let mut total = 0;
            for cube in &cubes {
                let lits: Vec<Lit> = cube.iter().map(|&b| enc.lit(b).unwrap()).collect();
                let mut cubed = cnf.clone();
                for &l in &lits {
                    cubed.add_clause(&[l]);
                }
                let layouts = solve::count(&mut cubed, None).unwrap();
                assert_eq!(layouts, per_cube, "depth {depth}, cube {lits:?}");
                total += layouts;
            }
            assert_eq!(total, 4u64.pow(4));
            assert_eq!(solve::count(&mut cnf, None).unwrap(), 4u64.pow(4));
        }
    }

    /// A free n x n frame with the digit counts as its only rule: many grids.
    pub(crate) fn counts_only(n: usize) -> HooksModel {
        HooksPuzzle::from_json(&format!(
            r#"{{"name": "counts only", "n": {n}, "hooks": "free", "hook_digits": "by_size",
                "rules": ["counts"], "givens": [], "clues": {{}},
                "answer_rule": "sum_shaded_i_plus_j_even"}}"#
        ))
        .unwrap()
        .build(EncodeOptions::default())
    }

    /// A refuted core covers exactly the cubes that contain it, and its clause carries the
    /// guard only when the guard was among the failed assumptions.
    #[test]
    fn a_core_covers_the_cubes_that_contain_it() {
        let lit = |i| crate::cnf::Var::new(i).pos_lit();
        let (a, b, c, act) = (lit(0), lit(1), lit(2), lit(3));
        let mut cores = Cores::default();
        cores.record(vec![b, act, a], act);
        let mut clause = cores.clauses[0].clone();
        clause.sort_unstable();
        let mut expected = vec![!a, !b, !act];
        expected.sort_unstable();
        assert_eq!(clause, expected);
        assert!(cores.cover(&[a, b, c]) && cores.cover(&[c, b, a]));
        assert!(!cores.cover(&[a, !b, c]) && !cores.cover(&[a, c]));
        cores.record(vec![!c], act);
        assert_eq!(cores.clauses[1], vec![c]);
        assert!(cores.cover(&[!a, !c]) && !cores.cover(&[!a, c]));
    }

    /// Cubes skipped for a refuted core lose no grid: on a free 3x3 frame with the counts
    /// alone and two cells `a` and `b` never both filled, the cube `a, b` is refuted with that
    /// core, which the cube `a, !b` shares a literal with but does not contain (skipping it
    /// would lose its grids); the cube `!a`, exhausted (its grids blocked), covers the cube
    /// `!a, c` after it. Every grid is listed once, as a plain count lists them.
    #[test]
    fn cubes_skipped_for_a_core_lose_no_grid() {
        let mut model = counts_only(3);
        let [a, b, c] = [0, 4, 8].map(|cell| model.cells.filled[cell]);
        model.cnf.add_clause(&[!a, !b]);
        let cubes = vec![vec![a, b], vec![a, !b], vec![!a], vec![!a, c]];
        let expected = solve::count(&mut model.cnf.clone(), None).unwrap();
        assert!(expected > 10, "{expected} grids");
        let cells = model.cells.clone();
        let mut backend = model.backend(hooks_solver(&model.cnf));
        let mut grids = std::collections::HashSet::new();
        let found = enumerate_in_cubes(&mut model.cnf, &mut backend, &cubes, None, |m| {
            assert!(grids.insert(cells.decode(m)), "a grid listed twice");
        })
        .unwrap();
        assert_eq!((found, grids.len() as u64), (expected, expected));
        // The cores refuted with grids blocked are guarded: the backend keeps the formula.
        assert!(
            backend.solve(&[!a, c]).unwrap(),
            "a guarded core was kept for good"
        );
    }

    /// A fixed layout has nothing to split.
    #[test]
    fn a_fixed_layout_has_no_cubes() {
        let mut enc = Encoded::new(EncodeOptions::default());
        let layout = Layout::build(&mut enc, 5, HookLayout::Fixed);
        assert!(outer_hook_cubes(&layout.row_side, &layout.col_side, CUBE_DEPTH).is_none());
    }
}
