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
//! over 13 orders of the cubes) and costs where they pin it down early (Hooks #4's run
//! products: 0.75 s plain, 0.95 to 1.57 s in cubes), so the puzzle's rules choose: see
//! [`wants_cubes`] and docs/hooks.md.
//!
//! Where the process may use two cores, two threads share the cubes, each with its own solver
//! (the next cube not yet taken; every grid found so far blocked before each call): Hooks 9's
//! longest thread then has about two thirds of the search of one solver in turn, and on a
//! machine busy with other programs the process gets two shares of it instead of one
//! (docs/hooks.md). The core of each cube refuted (`Cores`) goes to every solver as a
//! clause, and a later cube that contains one is skipped.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::cnf::{Cnf, Lit};
use crate::model::Bit;
use crate::solve::{self, Backend, SolveError, Verdict, parallel, stop};

use super::format::{HookLayout, HooksPuzzle, Rule};
use super::{HooksModel, hooks_solver};

/// Whether `p` is solved in cubes: a free layout (there is something to split) clued by GCDs
/// on every line (whose divisibility automata constrain the layout little). Hooks #6, whose
/// edge GCDs sit beside products, gains nothing (62 to 92 ms against 86 ms plain, criterion
/// under load) and stays plain, as do #4 and 11 (measured in docs/hooks.md).
pub(crate) fn wants_cubes(p: &HooksPuzzle) -> bool {
    p.hooks == HookLayout::Free && p.n >= 3 && p.has(Rule::LineGcdOfConcatenations)
}

/// How many outer hooks per axis the cubes fix. Hooks 9's CPU by depth (least of seven
/// orders of the cubes .. median): 1 (4 cubes) 1.19 s, 2 0.74 .. 0.97 s, 3 0.64 .. 0.98 s,
/// 4 0.60 .. 0.76 s, 5 0.67 .. 0.83 s.
pub(crate) const CUBE_DEPTH: usize = 4;

/// The cores of the cubes refuted so far. A cube found UNSAT comes with varisat's failed
/// assumptions, often a few of its 8 literals: their negation is a clause every grid not yet
/// blocked keeps, given to every solver of the search (a second thread's solver, which did not
/// learn it, most of all), and a later cube that contains a core holds no such grid, so it
/// needs no call. Hooks 9: about 140 of the 256 cubes are skipped, and one solver in turn
/// spends about an eighth less CPU (docs/hooks.md).
#[derive(Debug, Default)]
struct Cores {
    /// Each core's literals, sorted, without the blocking clauses' guard.
    cores: Vec<Vec<Lit>>,
    /// Each core's clause: its negation, or'ed with the guard's negation when the guard was
    /// among the failed assumptions (the cube was UNSAT only with the grids found so far
    /// blocked, and blocked grids stay blocked until the search ends).
    clauses: Vec<Vec<Lit>>,
}

impl Cores {
    /// Keeps the core of a cube just refuted under `act` (the guard of the blocking clauses):
    /// `failed`, the failed assumptions.
    fn record(&mut self, failed: Vec<Lit>, act: Lit) {
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
    fn cover(&self, cube: &[Lit]) -> bool {
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

/// How many threads share a puzzle's cubes by default, at most ([`default_threads`]).
pub(crate) const CUBE_THREADS: usize = 2;

/// The threads a search in cubes uses unless told (`-j/--jobs`): one per core the process may
/// use, at most [`CUBE_THREADS`]; one on a single core. Not fewer on a busy machine: there each
/// runnable thread gets about one share of the cores, so two threads get the process about two
/// shares (Hooks 9 under four busy loops on two cores: docs/hooks.md, "Under load").
pub(crate) fn default_threads() -> usize {
    parallel::default_jobs().clamp(1, CUBE_THREADS)
}

/// What a uniqueness search found, with what its lazy backends rejected and added.
#[derive(Debug, Clone)]
pub(crate) struct Search {
    pub(crate) verdict: Verdict,
    /// Solver answers rejected as disconnected.
    pub(crate) rejected: u64,
    /// Solver answers rejected for a wrong GCD.
    pub(crate) gcd_rejected: u64,
    /// The connectivity cuts and GCD nogoods added (each thread's, in turn).
    pub(crate) cuts: Vec<Vec<Lit>>,
    /// With the tiling rule and a unique grid, searched on one solver: how many tilings of
    /// the grid (up to 2) the same solver finds afterwards ([`HooksModel::tilings_on`]).
    pub(crate) tilings: Option<usize>,
}

impl HooksModel {
    /// Solves and proves uniqueness with varisat: one plain search, or the puzzle's cubes
    /// shared by `threads` threads (one: in turn, on one solver), each with its own solver. On
    /// several threads the grid and the verdict are the same as on one; when there are two
    /// grids or more, the pair shown is found again by the cubes in order on one solver, so
    /// that it does not depend on which thread was first.
    pub(crate) fn search_unique_on(&mut self, threads: usize) -> Result<Search, SolveError> {
        if threads >= 2 && self.cubes.len() >= 2 {
            let act = self.cnf.vars.fresh().pos_lit();
            let search = solve_unique_on_threads(self, act, threads)?;
            if !matches!(search.verdict, Verdict::Multiple(..)) {
                return Ok(search);
            }
        }
        let mut backend = self.backend(hooks_solver(&self.cnf));
        let verdict = solve_unique_in_cubes(&mut self.cnf, &mut backend, &self.cubes)?;
        // The tilings of the grid on the solver that found it: what it learned is reused, where
        // a fresh solver on the fixed grid cost Hooks 11 about a sixth of its time.
        let tilings = match (&verdict, &self.tiles) {
            (Verdict::Unique(model), Some(_)) => {
                let grid = self.grid(model);
                Some(self.tilings_on(&mut backend, &grid, 2)?.len())
            }
            _ => None,
        };
        Ok(Search {
            verdict,
            rejected: backend.rejected,
            gcd_rejected: backend.gcd_rejected,
            cuts: backend.cuts,
            tilings,
        })
    }
}

/// [`solve_unique_in_cubes`] on `threads` threads: each takes the next cube not yet taken and
/// solves it on its own solver, under `act` (the guard of the blocking clauses). Before each
/// call a thread blocks every grid found so far by any thread, so a cube it calls UNSAT holds
/// no grid but those: together, the cubes cover every assignment, and the grids found are all
/// the grids (or two of them, when the search stops there).
fn solve_unique_on_threads(
    model: &HooksModel,
    act: Lit,
    threads: usize,
) -> Result<Search, SolveError> {
    let (primary, one_hot) = solve::projection(&model.cnf);
    let num_vars = model.cnf.num_vars();
    let next_cube = AtomicUsize::new(0);
    let enough = AtomicBool::new(false);
    // Each grid found: its blocking clause (guarded by `act`) and the model.
    let found: Mutex<Vec<(Vec<Lit>, Vec<bool>)>> = Mutex::new(Vec::new());
    let cores: Mutex<Cores> = Mutex::new(Cores::default());
    let stop = stop::bound();
    let worker = || {
        let _bound = stop.as_ref().map(stop::Stop::bound_solves);
        let mut backend = model.backend(hooks_solver(&model.cnf));
        let mut blocked = 0;
        let mut cored = 0;
        let mut run = || -> Result<(), SolveError> {
            while !enough.load(Ordering::SeqCst) {
                let Some(cube) = model.cubes.get(next_cube.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                if cores
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .cover(cube)
                {
                    continue;
                }
                let mut assumptions = cube.clone();
                assumptions.push(act);
                loop {
                    {
                        let found = found.lock().unwrap_or_else(PoisonError::into_inner);
                        for (clause, _) in &found[blocked..] {
                            backend.add_clause(clause);
                        }
                        blocked = found.len();
                    }
                    {
                        let cores = cores.lock().unwrap_or_else(PoisonError::into_inner);
                        for clause in &cores.clauses[cored..] {
                            backend.add_clause(clause);
                        }
                        cored = cores.clauses.len();
                    }
                    if !backend.solve(&assumptions)? {
                        let failed = backend.failed_assumptions();
                        let mut cores = cores.lock().unwrap_or_else(PoisonError::into_inner);
                        cores.record(failed, act);
                        break;
                    }
                    let assignment = backend.model(num_vars);
                    let mut clause = solve::blocking_clause(&primary, one_hot, &assignment);
                    clause.push(!act);
                    let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
                    // Another thread may have found the same grid in a cube of its own.
                    if found.iter().all(|(c, _)| *c != clause) {
                        found.push((clause, assignment));
                    }
                    if found.len() >= 2 {
                        enough.store(true, Ordering::SeqCst);
                        return Ok(());
                    }
                }
            }
            Ok(())
        };
        let outcome = run();
        if outcome.is_err() {
            enough.store(true, Ordering::SeqCst);
        }
        outcome.map(|()| (backend.rejected, backend.gcd_rejected, backend.cuts))
    };
    let outcomes: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut search = Search {
        verdict: Verdict::Unsat,
        rejected: 0,
        gcd_rejected: 0,
        cuts: Vec::new(),
        tilings: None,
    };
    for outcome in outcomes {
        let (rejected, gcd_rejected, cuts) = outcome?;
        search.rejected += rejected;
        search.gcd_rejected += gcd_rejected;
        search.cuts.extend(cuts);
    }
    let models = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    search.verdict = Verdict::of_first_two(models.into_iter().map(|(_, m)| m).collect());
    Ok(search)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
    use crate::model::{EncodeOptions, Encoded};
    use crate::puzzles::hooks::Layout;

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
    fn counts_only(n: usize) -> HooksModel {
        HooksPuzzle::from_json(&format!(
            r#"{{"name": "counts only", "n": {n}, "hooks": "free", "hook_digits": "by_size",
                "rules": ["counts"], "givens": [], "clues": {{}},
                "answer_rule": "sum_shaded_i_plus_j_even"}}"#
        ))
        .unwrap()
        .build(EncodeOptions::default())
    }

    /// A free 5x5 frame with the counts alone (many grids), split into the four cubes of two
    /// cells' "filled" literals.
    fn many_grids_in_four_cubes() -> HooksModel {
        let mut model = counts_only(5);
        let (a, b) = (model.cells.filled[0], model.cells.filled[7]);
        model.cubes = vec![vec![a, b], vec![a, !b], vec![!a, b], vec![!a, !b]];
        model
    }

    /// The threads share the cubes and find what one solver running them in turn finds: Hooks
    /// 9's one grid, proved unique.
    #[test]
    fn threads_prove_the_grid_one_solver_proves() {
        let p = crate::puzzles::hooks::shipped(9).unwrap().unwrap();
        let mut model = p.build(EncodeOptions::default());
        assert_eq!(model.cubes.len(), 256);
        let mut sequential = model.clone();
        let mut backend = sequential.backend(hooks_solver(&sequential.cnf));
        let cubes = sequential.cubes.clone();
        let Verdict::Unique(one) =
            solve_unique_in_cubes(&mut sequential.cnf, &mut backend, &cubes).unwrap()
        else {
            panic!("Hooks 9 is unique");
        };
        let act = model.cnf.vars.fresh().pos_lit();
        let Verdict::Unique(two) = solve_unique_on_threads(&model, act, 2).unwrap().verdict else {
            panic!("Hooks 9 is unique on two threads too");
        };
        assert_eq!(model.grid(&one), model.grid(&two));
    }

    /// With several grids, two threads stop at two different ones, and the pair a search
    /// reports is the one one solver finds running the cubes in turn, whichever thread was
    /// first.
    #[test]
    fn several_grids_are_reported_as_one_solver_finds_them() {
        let model = many_grids_in_four_cubes();
        let mut on_threads = model.clone();
        let act = on_threads.cnf.vars.fresh().pos_lit();
        let Verdict::Multiple(a, b) = solve_unique_on_threads(&on_threads, act, 2)
            .unwrap()
            .verdict
        else {
            panic!("the counts alone allow many grids");
        };
        assert_ne!(model.grid(&a), model.grid(&b));

        let mut sequential = model.clone();
        let mut backend = sequential.backend(hooks_solver(&sequential.cnf));
        let cubes = sequential.cubes.clone();
        let Verdict::Multiple(a, b) =
            solve_unique_in_cubes(&mut sequential.cnf, &mut backend, &cubes).unwrap()
        else {
            panic!("the counts alone allow many grids");
        };
        for _ in 0..3 {
            let Verdict::Multiple(c, d) = model
                .clone()
                .search_unique_on(CUBE_THREADS)
                .unwrap()
                .verdict
            else {
                panic!("the counts alone allow many grids");
            };
            assert_eq!(
                (model.grid(&a), model.grid(&b)),
                (model.grid(&c), model.grid(&d))
            );
        }
    }

    /// The threads search every cube: restricted to the grids of one cube (its literals added
    /// as units), two threads still find two grids, for each of the four cubes; a cube left
    /// out would come out with no grid.
    #[test]
    fn threads_search_every_cube() {
        let model = many_grids_in_four_cubes();
        for (i, cube) in model.cubes.iter().enumerate() {
            let mut restricted = model.clone();
            for &l in cube {
                restricted.cnf.add_clause(&[l]);
            }
            let act = restricted.cnf.vars.fresh().pos_lit();
            let verdict = solve_unique_on_threads(&restricted, act, 2)
                .unwrap()
                .verdict;
            assert!(matches!(verdict, Verdict::Multiple(..)), "cube {i}");
        }
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
