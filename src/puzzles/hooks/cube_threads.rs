//! The cubes of a search ([`super::cubes`]) shared by threads, each with its own solver: a
//! uniqueness proof (`solve`) and a count (`count`) are the same walk, stopped at two grids or
//! at the count's limit.
//!
//! A thread takes the next cube not yet taken and, before each call, blocks every grid found so
//! far by any thread, so a cube it refutes holds no other grid; a grid found twice (in two cubes
//! at once) counts once. On a machine busy with other programs the process gets two shares of
//! the cores instead of one (docs/hooks.md, "Under load").

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

use crate::cnf::Lit;
use crate::solve::stop::{self, Enumerated, Stop, StopReason, enumerate_until};
use crate::solve::{self, Backend, SolveError, Verdict, parallel};

use super::cubes::{Cores, solve_unique_in_cubes};
use super::{HooksModel, hooks_solver};

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

/// What the threads found: how many distinct grids, the first two models, why they stopped
/// early if they did, and what their lazy backends rejected and added.
struct Listed {
    found: u64,
    first_two: Vec<Vec<bool>>,
    stopped: Option<StopReason>,
    rejected: u64,
    gcd_rejected: u64,
    cuts: Vec<Vec<Lit>>,
    /// With a guard for them and one grid: its tilings (up to 2), counted on the solver of the
    /// thread that found it, as one solver counts them after its search.
    tilings: Option<usize>,
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
            // Not stopped between calls unless a stop condition is bound to this thread;
            // within a call, the solvers obey it ([`Stop::bound_solves`]).
            let stop = stop::bound().unwrap_or_default();
            let tiling_act = self
                .tiles
                .is_some()
                .then(|| self.cnf.vars.fresh().pos_lit());
            let limit = Some(2);
            let listing = list_on_threads(
                self,
                act,
                tiling_act,
                threads,
                Sharing::DEFAULT,
                limit,
                &stop,
                &mut || (),
            )?;
            if listing.stopped.is_some() {
                return Err(SolveError::Stopped);
            }
            if listing.found < 2 {
                return Ok(Search {
                    verdict: Verdict::of_first_two(listing.first_two),
                    rejected: listing.rejected,
                    gcd_rejected: listing.gcd_rejected,
                    cuts: listing.cuts,
                    tilings: listing.tilings,
                });
            }
        }
        let mut backend = self.backend(hooks_solver(&self.cnf));
        let verdict = solve_unique_in_cubes(&mut self.cnf, &mut backend, &self.cubes)?;
        let tilings = match (&verdict, &self.tiles) {
            (Verdict::Unique(model), Some(_)) => {
                let act = self.cnf.vars.fresh().pos_lit();
                Some(self.tilings_of_found(&mut backend, model, act)?)
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

    /// The tilings (up to 2) of the grid of `model`, counted on `backend`, the solver that found
    /// it, under the guard `act`: what it learned is reused, where a fresh solver on the fixed
    /// grid cost Hooks 11 about a sixth of its time.
    fn tilings_of_found(
        &self,
        backend: &mut dyn Backend,
        model: &[bool],
        act: Lit,
    ) -> Result<usize, SolveError> {
        Ok(self.tilings_on(backend, &self.grid(model), 2, act)?.len())
    }

    /// Counts the distinct grids (up to `limit`) with varisat, until `stop` says so, calling
    /// `tick` on each: in the puzzle's cubes shared by `threads` threads where it has cubes
    /// (the route of `solve`, whose verdict is this count stopped at two), else one plain
    /// walk. The count is the same either way.
    pub(crate) fn count_until(
        &mut self,
        threads: usize,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        if self.cubes.len() < 2 {
            let mut backend = self.backend(hooks_solver(&self.cnf));
            return enumerate_until(&mut self.cnf, &mut backend, limit, stop, |_| {
                tick();
                ControlFlow::Continue(())
            });
        }
        if let Some(reason) = stop.reason() {
            return Ok(Enumerated {
                found: 0,
                stopped: Some(reason),
            });
        }
        let act = self.cnf.vars.fresh().pos_lit();
        let listing = list_on_threads(
            self,
            act,
            None,
            threads.max(1),
            Sharing::DEFAULT,
            limit,
            stop,
            tick,
        )?;
        Ok(Enumerated {
            found: listing.found,
            stopped: listing.stopped,
        })
    }

    /// Counts the distinct grids (up to `limit`), as `count` does ([`HooksModel::count_until`]
    /// on the default threads, never stopped).
    pub fn count(&mut self, limit: Option<u64>) -> Result<u64, SolveError> {
        let stop = Stop::default();
        Ok(self
            .count_until(default_threads(), limit, &stop, &mut || ())?
            .found)
    }
}

/// What the solvers of a search in cubes on several threads give each other at the cube
/// boundaries, beside the blocking clauses and cores they always share.
#[derive(Debug, Clone, Copy)]
struct Sharing {
    /// The lazy backends' connectivity cuts and GCD nogoods.
    cuts: bool,
    /// Learnt clauses of at most this many literals (0: none).
    learnt_max_len: u64,
    /// Learnt clauses of at most this glue (0: none).
    learnt_max_glue: u64,
    /// Learnt units too. A unit a solver is given makes its next call run a unit
    /// simplification, a pass over every clause (Hooks #4: about 10 ms), and it learns the
    /// units that matter to it soon enough itself.
    learnt_units: bool,
}

impl Sharing {
    /// What the threads of `solve` and `count` share: chosen on #4, 9 and 11 among units,
    /// binaries and ternaries with glue up to 2, the same without units, and up to 8 literals
    /// or glue 6 with and without units (docs/hooks.md, "Under load").
    pub(crate) const DEFAULT: Sharing = Sharing {
        cuts: true,
        learnt_max_len: 8,
        learnt_max_glue: 6,
        learnt_units: false,
    };

    /// Nothing beyond the blocking clauses and cores.
    const NONE: Sharing = Sharing {
        cuts: false,
        learnt_max_len: 0,
        learnt_max_glue: 0,
        learnt_units: false,
    };
}

/// A worker listing grids, counted in `running` until it is dropped (the end of its listing,
/// or a panic), and the workers waiting for them told when none is left.
struct StillListing<'a>(&'a (Mutex<usize>, Condvar));

impl Drop for StillListing<'_> {
    fn drop(&mut self) {
        let (left, ended) = self.0;
        *left.lock().unwrap_or_else(PoisonError::into_inner) -= 1;
        ended.notify_all();
    }
}

/// The grids of `model`'s cubes on `threads` threads, up to `limit` (`Some(2)`: a uniqueness
/// proof): each thread takes the next cube not yet taken and solves it on its own solver,
/// under `act` (the guard of the blocking clauses). Before each call a thread blocks every grid
/// found so far by any thread, so a cube it calls UNSAT holds no grid but those: together, the
/// cubes cover every assignment, and the grids found are all the grids (or `limit` of them).
/// `tick` is called on this thread once per distinct grid, as the threads find them; the
/// threads end, with what was found, when `stop` says so. At the cube boundaries the solvers
/// also give each other what `sharing` names. With `tiling_act` (a fresh guard)
/// and one grid found, the thread that found it counts the grid's tilings on its solver once
/// every thread has ended.
#[allow(clippy::too_many_arguments)]
fn list_on_threads(
    model: &HooksModel,
    act: Lit,
    tiling_act: Option<Lit>,
    threads: usize,
    sharing: Sharing,
    limit: Option<u64>,
    stop: &Stop,
    tick: &mut dyn FnMut(),
) -> Result<Listed, SolveError> {
    let (primary, one_hot) = solve::projection(&model.cnf);
    let num_vars = model.cnf.num_vars();
    let next_cube = AtomicUsize::new(0);
    let enough = AtomicBool::new(false);
    // Each distinct grid's blocking clause (guarded by `act`), in the order found; a count's
    // grids are kept only so: a model is a few thousand booleans, a clause a grid's cells.
    let blocking: Mutex<Vec<Vec<Lit>>> = Mutex::new(Vec::new());
    let first_two: Mutex<Vec<Vec<bool>>> = Mutex::new(Vec::new());
    // Which worker found the first grid.
    let finder: Mutex<Option<usize>> = Mutex::new(None);
    // The workers still listing, and the finder's count of the tilings.
    let running = (Mutex::new(threads), Condvar::new());
    let tilings: Mutex<Option<usize>> = Mutex::new(None);
    let cores: Mutex<Cores> = Mutex::new(Cores::default());
    let stopped: Mutex<Option<StopReason>> = Mutex::new(None);
    // What one solver learns that the others may use, each clause with the worker that sent
    // it: its lazy cuts and nogoods, and its short learnt clauses (`Sharing`).
    let shared: Mutex<Vec<(usize, Vec<Lit>)>> = Mutex::new(Vec::new());
    // One thread has no one to share with.
    let sharing = if threads >= 2 { sharing } else { Sharing::NONE };
    let at_limit = |found: usize| limit.is_some_and(|l| found as u64 >= l);
    let halt = |reason: StopReason| {
        stopped
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_or_insert(reason);
        enough.store(true, Ordering::SeqCst);
    };
    let worker = |me: usize, grids: mpsc::Sender<()>| {
        let _bound = stop.bound_solves();
        // Counted out when this worker's listing ends, by a panic too.
        let listing = StillListing(&running);
        let mut backend = model.backend(hooks_solver(&model.cnf));
        backend
            .inner
            .export_learnt(sharing.learnt_max_len, sharing.learnt_max_glue);
        let mut blocked = 0;
        let mut cored = 0;
        let mut cuts_sent = 0;
        let mut taken = 0;
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
                        // Every clause a solver of this search holds is satisfied by every
                        // model of the formula whose grid is a solution, unless `act` is true
                        // and the grid is among those found (blocked): the cuts and nogoods
                        // hold for every solution, the blocking clauses and cores under `act`
                        // only exclude grids found, and a learnt clause follows from clauses
                        // of those kinds. So a clause one solver learns removes nothing from
                        // another's search but grids already found, and its refuted cubes
                        // still hold no grid but those.
                        let mut shared = shared.lock().unwrap_or_else(PoisonError::into_inner);
                        if sharing.cuts {
                            for cut in &backend.cuts[cuts_sent..] {
                                shared.push((me, cut.clone()));
                            }
                            cuts_sent = backend.cuts.len();
                        }
                        shared.extend(
                            backend
                                .inner
                                .take_learnt()
                                .into_iter()
                                .filter(|clause| sharing.learnt_units || clause.len() > 1)
                                .map(|c| (me, c)),
                        );
                        for (sender, clause) in &shared[taken..] {
                            if *sender != me {
                                backend.add_clause(clause);
                            }
                        }
                        taken = shared.len();
                    }
                    {
                        let blocking = blocking.lock().unwrap_or_else(PoisonError::into_inner);
                        for clause in &blocking[blocked..] {
                            backend.add_clause(clause);
                        }
                        blocked = blocking.len();
                    }
                    {
                        let cores = cores.lock().unwrap_or_else(PoisonError::into_inner);
                        for clause in &cores.clauses[cored..] {
                            backend.add_clause(clause);
                        }
                        cored = cores.clauses.len();
                    }
                    if enough.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    if let Some(reason) = stop.reason() {
                        halt(reason);
                        return Ok(());
                    }
                    let sat = match backend.solve(&assumptions) {
                        Ok(sat) => sat,
                        // Stopped inside a call: what was found before it stands.
                        Err(SolveError::Stopped) if stop.should_stop() => {
                            halt(stop.reason().unwrap_or(StopReason::Interrupted));
                            return Ok(());
                        }
                        Err(e) => return Err(e),
                    };
                    if !sat {
                        let failed = backend.failed_assumptions();
                        let mut cores = cores.lock().unwrap_or_else(PoisonError::into_inner);
                        cores.record(failed, act);
                        break;
                    }
                    let assignment = backend.model(num_vars);
                    let mut clause = solve::blocking_clause(&primary, one_hot, &assignment);
                    clause.push(!act);
                    let mut blocking = blocking.lock().unwrap_or_else(PoisonError::into_inner);
                    // Another thread may have found the same grid in a cube of its own since
                    // this solver last blocked the grids found (those before it cannot recur).
                    if at_limit(blocking.len()) || blocking[blocked..].contains(&clause) {
                        continue;
                    }
                    blocking.push(clause);
                    let mut first_two = first_two.lock().unwrap_or_else(PoisonError::into_inner);
                    if first_two.is_empty() {
                        *finder.lock().unwrap_or_else(PoisonError::into_inner) = Some(me);
                    }
                    if first_two.len() < 2 {
                        first_two.push(assignment);
                    }
                    // The receiver lives until every worker has ended.
                    let _ = grids.send(());
                    if at_limit(blocking.len()) {
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
        drop(listing);
        let finder = *finder.lock().unwrap_or_else(PoisonError::into_inner);
        let outcome = match (outcome, tiling_act) {
            (Ok(()), Some(tiling_act)) if finder == Some(me) => {
                // The grid is unique only once every thread has ended with no other.
                let (left, ended) = &running;
                let mut left = left.lock().unwrap_or_else(PoisonError::into_inner);
                while *left > 0 {
                    left = ended.wait(left).unwrap_or_else(PoisonError::into_inner);
                }
                drop(left);
                let first_two = first_two.lock().unwrap_or_else(PoisonError::into_inner);
                let stopped = stopped
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .is_some();
                match &first_two[..] {
                    [grid] if !stopped => {
                        backend.add_clause(&[!act]);
                        model
                            .tilings_of_found(&mut backend, grid, tiling_act)
                            .map(|count| {
                                *tilings.lock().unwrap_or_else(PoisonError::into_inner) =
                                    Some(count);
                            })
                    }
                    _ => Ok(()),
                }
            }
            (outcome, _) => outcome,
        };
        outcome.map(|()| (backend.rejected, backend.gcd_rejected, backend.cuts))
    };
    let outcomes: Vec<_> = std::thread::scope(|scope| {
        let worker = &worker;
        let (sender, grids) = mpsc::channel();
        let handles: Vec<_> = (0..threads)
            .map(|me| {
                let sender = sender.clone();
                scope.spawn(move || worker(me, sender))
            })
            .collect();
        drop(sender);
        for () in grids {
            tick();
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut listed = Listed {
        found: blocking
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .len() as u64,
        first_two: first_two
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner),
        stopped: stopped.into_inner().unwrap_or_else(PoisonError::into_inner),
        rejected: 0,
        gcd_rejected: 0,
        cuts: Vec::new(),
        tilings: tilings.into_inner().unwrap_or_else(PoisonError::into_inner),
    };
    for outcome in outcomes {
        let (rejected, gcd_rejected, cuts) = outcome?;
        listed.rejected += rejected;
        listed.gcd_rejected += gcd_rejected;
        listed.cuts.extend(cuts);
    }
    Ok(listed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
    use crate::model::EncodeOptions;
    use crate::puzzles::hooks::HooksPuzzle;
    use crate::puzzles::hooks::cubes::enumerate_in_cubes;
    use crate::puzzles::hooks::cubes::tests::counts_only;

    /// The threads' verdict alone (two grids at most), without the replay on one solver that
    /// [`HooksModel::search_unique_on`] makes when there are two.
    fn unique_on_threads(model: &mut HooksModel, threads: usize) -> Verdict {
        let act = model.cnf.vars.fresh().pos_lit();
        let listing = list_on_threads(
            model,
            act,
            None,
            threads,
            Sharing::DEFAULT,
            Some(2),
            &Stop::default(),
            &mut || (),
        )
        .unwrap();
        assert_eq!(listing.found, listing.first_two.len() as u64);
        Verdict::of_first_two(listing.first_two)
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
        let Verdict::Unique(two) = unique_on_threads(&mut model, 2) else {
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
        let Verdict::Multiple(a, b) = unique_on_threads(&mut model.clone(), 2) else {
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
            let verdict = unique_on_threads(&mut restricted, 2);
            assert!(matches!(verdict, Verdict::Multiple(..)), "cube {i}");
        }
    }

    /// A free n x n frame with the counts alone (hundreds of grids for n = 3, tens of
    /// thousands for 4), split into the eight cubes of three cells' "filled" literals.
    fn grids_in_eight_cubes(n: usize) -> HooksModel {
        let mut model = counts_only(n);
        let [a, b, c] = [0, n + 1, n * n - 1].map(|cell| model.cells.filled[cell]);
        model.cubes = (0..8)
            .map(|k| {
                [(a, 1), (b, 2), (c, 4)]
                    .map(|(l, bit)| if k & bit == 0 { l } else { !l })
                    .to_vec()
            })
            .collect();
        model
    }

    /// A count in cubes, on one thread or two, finds every grid once: as many as a plain walk
    /// over the formula and as one solver running the cubes in turn, and `tick` once per grid.
    #[test]
    fn counts_in_cubes_equal_the_plain_walk() {
        let model = grids_in_eight_cubes(3);
        let plain = solve::count(&mut model.cnf.clone(), None).unwrap();
        assert!(plain > 100, "{plain} grids");
        let mut in_turn = model.clone();
        let mut backend = in_turn.backend(hooks_solver(&in_turn.cnf));
        let cubes = in_turn.cubes.clone();
        let listed =
            enumerate_in_cubes(&mut in_turn.cnf, &mut backend, &cubes, None, |_| {}).unwrap();
        assert_eq!(listed, plain);
        for threads in [1, 2] {
            let mut ticks = 0;
            let counted = model
                .clone()
                .count_until(threads, None, &Stop::default(), &mut || ticks += 1)
                .unwrap();
            assert_eq!(counted.found, plain, "{threads} thread(s)");
            assert_eq!(counted.stopped, None);
            assert_eq!(ticks, plain);
        }
        assert_eq!(model.clone().count(None).unwrap(), plain);
    }

    /// A limit ends the count at exactly that many grids, however many threads find them.
    #[test]
    fn a_count_in_cubes_stops_at_its_limit() {
        let model = grids_in_eight_cubes(3);
        for (threads, limit) in [(1, 1), (2, 2), (2, 7), (2, 150)] {
            let mut ticks = 0;
            let counted = model
                .clone()
                .count_until(threads, Some(limit), &Stop::default(), &mut || ticks += 1)
                .unwrap();
            assert_eq!(
                (counted.found, ticks),
                (limit, limit),
                "{threads} thread(s)"
            );
        }
    }

    /// A count in cubes stopped (here by its own tick, after the third grid, where there are
    /// tens of thousands) says so and keeps what it found; stopped before it starts, it finds
    /// nothing.
    #[test]
    fn a_stopped_count_in_cubes_keeps_what_it_found() {
        let model = grids_in_eight_cubes(4);
        let stop = Stop::new(None);
        let mut ticks = 0;
        let counted = model
            .clone()
            .count_until(2, None, &stop, &mut || {
                ticks += 1;
                if ticks == 3 {
                    stop.interrupt();
                }
            })
            .unwrap();
        assert_eq!(counted.stopped, Some(StopReason::Interrupted));
        assert!(counted.found >= 3, "{}", counted.found);
        assert_eq!(counted.found, ticks);
        let counted = model
            .clone()
            .count_until(2, None, &stop, &mut || ())
            .unwrap();
        assert_eq!(
            (counted.found, counted.stopped),
            (0, Some(StopReason::Interrupted))
        );
    }

    /// Hooks 11's tilings are counted on the solver of the thread that found the grid, as one
    /// solver counts them after its cubes in turn: one tiling, the grid the same.
    #[test]
    fn hooks11_counts_its_tilings_on_the_finders_solver() {
        let p = crate::puzzles::hooks::shipped(11).unwrap().unwrap();
        let model = p.build(EncodeOptions::default());
        assert_eq!(model.cubes.len(), 256);
        let [one, two] = [1, 2].map(|threads| model.clone().search_unique_on(threads).unwrap());
        let (Verdict::Unique(a), Verdict::Unique(b)) = (&one.verdict, &two.verdict) else {
            panic!("Hooks 11 is unique");
        };
        assert_eq!(model.grid(a), model.grid(b));
        assert_eq!((one.tilings, two.tilings), (Some(1), Some(1)));
    }

    /// Sharing more than the default: every learnt clause of up to 12 literals or glue 8,
    /// units too.
    const SHARING_MUCH: Sharing = Sharing {
        cuts: true,
        learnt_max_len: 12,
        learnt_max_glue: 8,
        learnt_units: true,
    };

    /// How many grids two threads list in `model`'s cubes, sharing what `sharing` names.
    fn count_on_two_threads(model: &mut HooksModel, sharing: Sharing) -> u64 {
        let act = model.cnf.vars.fresh().pos_lit();
        let stop = Stop::default();
        let listing =
            list_on_threads(model, act, None, 2, sharing, None, &stop, &mut || ()).unwrap();
        assert_eq!(listing.stopped, None);
        listing.found
    }

    /// A free n x n frame with the counts and connectivity (lazy cuts to share), split into
    /// the eight cubes of three cells' "filled" literals.
    fn connected_grids_in_eight_cubes(n: usize) -> HooksModel {
        let mut model = HooksPuzzle::from_json(&format!(
            r#"{{"name": "connected counts", "n": {n}, "hooks": "free", "hook_digits": "by_size",
                "rules": ["counts", "connected"], "givens": [], "clues": {{}},
                "answer_rule": "sum_shaded_i_plus_j_even"}}"#
        ))
        .unwrap()
        .build(EncodeOptions::default());
        model.cubes = grids_in_eight_cubes(n).cubes;
        model
    }

    /// Two threads that share cuts and learnt clauses (the default, and more) count what
    /// one solver running the cubes in turn counts, connected grids or not.
    #[test]
    fn counts_with_sharing_equal_the_one_solver_count() {
        for (name, model) in [
            ("counts 3x3", grids_in_eight_cubes(3)),
            ("connected 3x3", connected_grids_in_eight_cubes(3)),
            ("connected 4x4", connected_grids_in_eight_cubes(4)),
        ] {
            let mut in_turn = model.clone();
            let mut backend = in_turn.backend(hooks_solver(&in_turn.cnf));
            let cubes = in_turn.cubes.clone();
            let one =
                enumerate_in_cubes(&mut in_turn.cnf, &mut backend, &cubes, None, |_| {}).unwrap();
            assert!(one > 10, "{name}: {one} grids");
            for sharing in [Sharing::NONE, Sharing::DEFAULT, SHARING_MUCH] {
                let two = count_on_two_threads(&mut model.clone(), sharing);
                assert_eq!(two, one, "{name}, {sharing:?}");
            }
        }
    }

    /// Sharing more than the default, two threads still prove Hooks 9's grid (cuts, GCD
    /// nogoods and learnt clauses shared) and Hooks 11's (its tilings counted after).
    #[test]
    fn threads_sharing_much_prove_the_grid_one_solver_proves() {
        for k in [9, 11] {
            let p = crate::puzzles::hooks::shipped(k).unwrap().unwrap();
            let model = p.build(EncodeOptions::default());
            let one = model.clone().search_unique_on(1).unwrap();
            let mut two = model.clone();
            let act = two.cnf.vars.fresh().pos_lit();
            let tiling_act = two.tiles.is_some().then(|| two.cnf.vars.fresh().pos_lit());
            let listing = list_on_threads(
                &two,
                act,
                tiling_act,
                2,
                SHARING_MUCH,
                Some(2),
                &Stop::default(),
                &mut || (),
            )
            .unwrap();
            let (Verdict::Unique(a), [b]) = (&one.verdict, &listing.first_two[..]) else {
                panic!("Hooks {k} is unique");
            };
            assert_eq!(model.grid(a), model.grid(b), "Hooks {k}");
            assert_eq!(listing.tilings, one.tilings, "Hooks {k}");
        }
    }

    /// Hooks 9's count in its cubes on two threads is the plain walk's: one grid.
    #[test]
    fn hooks9_counts_in_cubes_as_plainly() {
        let p = crate::puzzles::hooks::shipped(9).unwrap().unwrap();
        let mut model = p.build(EncodeOptions::default());
        assert_eq!(model.cubes.len(), 256);
        let mut plain = model.clone();
        plain.cubes.clear();
        let stop = Stop::default();
        let plain = plain.count_until(2, None, &stop, &mut || ()).unwrap();
        let cubed = model.count_until(2, None, &stop, &mut || ()).unwrap();
        assert_eq!((cubed.found, plain.found), (1, 1));
    }
}
