//! The proof past the exhaustive search's budget ([`crate::solve::rounds`]): an implicit
//! hitting-set search, as in OCUS, for the fewest clues that with the known facts force an
//! unknown fact.
//!
//! Every answer that fits the known facts and breaks a fact f gives a correction set, the
//! clues it breaks: a set of clues forcing f must hit it. The smallest set hitting every
//! correction set of f known so far is a lower bound; when none of at most k clues exists
//! for any fact, no set of k clues forces anything (proved). Otherwise the set proposed is
//! asked of the solver: it forces f (a step of k clues, the fewest), or the solver's answer,
//! grown to meet as many clues as it can while still breaking f, adds a minimal correction
//! set, and the search goes on. Each solve that finds its clues to force f leaves its UNSAT
//! core, a set of those clues that forces f too; a later trial holding such a set is known
//! to force f without a solve (most of a growth's solves are such proofs).
//!
//! The hitting sets are found by a branch and bound over bit sets (at most [`MAX_LIVE`]
//! clues): the sets are few and small, and a MaxSAT solver would add a dependency for what
//! a hundred lines do.

use crate::solve::SolveError;
use crate::solve::refuters::{MAX_LIVE, Refuters};
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};

/// How far the hitting-set searches of one explanation may go before they give up a proof:
/// past a limit the step is found from the solver's cores, not proved, and says how far its
/// proof reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct HittingBudget {
    /// Most branch-and-bound nodes one search (all its hitting sets) may visit.
    pub(super) nodes: usize,
    /// Most sets one search proposes to the solver.
    pub(super) checks_per_search: usize,
    /// Most sets proposed in the whole explanation: past it every step past the exhaustive
    /// search's budget is found from the solver's cores, so a puzzle whose proofs are hard
    /// costs seconds, not minutes. A search that proves no set it can reach forces anything
    /// ends it early ([`Stepper::plan_round`]).
    pub(super) checks: usize,
    /// The largest step a search looks for: a step of more clues is found from the solver's
    /// cores (and says how far the proof reached).
    pub(super) largest: usize,
}

impl HittingBudget {
    /// The default: a generated 10 x 5 grid explained in under a second (docs/explain.md).
    pub(super) const DEFAULT: HittingBudget = HittingBudget {
        nodes: 300_000,
        checks_per_search: 300,
        checks: 1_500,
        largest: 12,
    };

    /// No limit (`explain --exhaustive`): every search ends in its proof, however long.
    pub(super) const NONE: HittingBudget = HittingBudget {
        nodes: usize::MAX,
        checks_per_search: usize::MAX,
        checks: usize::MAX,
        largest: usize::MAX,
    };

    /// The largest size a search looks for among `live` clues.
    pub(super) fn most(&self, live: &[usize]) -> usize {
        live.len().min(self.largest)
    }
}

/// What a hitting-set search found: the sets of the smallest size that force something
/// (one per fact forced, or the first only), and how far the proof reached.
pub(super) struct Smallest {
    /// Every set of at most this many clues was proved to force no unknown fact.
    pub(super) proved: usize,
    /// Clue sets of `proved + 1` clues with the facts each forces (empty when none of at
    /// most the search's bound does, or the search gave up).
    pub(super) found: Vec<(Vec<usize>, Vec<Fact>)>,
}

impl Stepper {
    /// The smallest sets of the clues `live` (those of `refuters`) that force an unknown
    /// fact, of `from` clues or more (every set of fewer is known to force nothing) and at
    /// most `most`. With `all`, for every fact some set of the smallest size forces, one such
    /// set; else the first found.
    pub(super) fn smallest_by_hitting_sets(
        &mut self,
        live: &[usize],
        refuters: &mut Refuters,
        from: usize,
        most: usize,
        all: bool,
    ) -> Result<Smallest, StepsError> {
        debug_assert!(live.len() <= MAX_LIVE);
        if self.hitting_checks == 0 {
            return Ok(Smallest {
                proved: from - 1,
                found: Vec::new(),
            });
        }
        refuters.catch_up(&self.witnesses, self.remembered);
        let facts: Vec<Fact> = refuters.facts().to_vec();
        // `bound[j]`: no set of fewer clues forces fact j (proved).
        let mut bound = vec![from; facts.len()];
        let mut sorted = SortedSets::new(facts.len());
        let mut open = vec![true; facts.len()];
        let mut found: Vec<(Vec<usize>, Vec<Fact>)> = Vec::new();
        let mut checks = 0;
        let mut nodes = 0;
        let mut size = from;
        while size <= most {
            // No activation literal is in use between proposals, and thousands of solves
            // may pass without one: the session's learned clauses are shed here too.
            self.renew_session_if_crowded();
            // A fact whose correction sets some set of at most `size` clues hits.
            let mut proposal = None;
            for j in 0..facts.len() {
                if !open[j] || bound[j] > size {
                    continue;
                }
                match hit(
                    sorted.of(refuters, j),
                    0,
                    0,
                    size,
                    &mut nodes,
                    self.hitting.nodes,
                ) {
                    Err(TooMany) => {
                        return Ok(Smallest {
                            proved: size - 1,
                            found,
                        });
                    }
                    Ok(None) => bound[j] = size + 1,
                    Ok(Some(set)) => {
                        proposal = Some((j, set));
                        break;
                    }
                }
            }
            let Some((j, set)) = proposal else {
                if !found.is_empty() {
                    break;
                }
                size += 1;
                continue;
            };
            checks += 1;
            if checks > self.hitting.checks_per_search || self.hitting_checks == 0 {
                return Ok(Smallest {
                    proved: size - 1,
                    found,
                });
            }
            let clues: Vec<usize> = (0..live.len())
                .filter(|&i| set & (1 << i) != 0)
                .map(|i| live[i])
                .collect();
            self.hitting_checks -= 1;
            let not_f = !self.lit(facts[j]);
            // The known facts are the session's unit clauses.
            let mut assumptions = self.session.selectors_of(&clues);
            assumptions.push(not_f);
            let verdict = if self.known_to_force(facts[j], &clues, None) {
                Ok(None)
            } else {
                self.solves += 1;
                let verdict = self.within_budget(|s| {
                    Ok(s.session.solve_values_preferring_clues(&assumptions)?)
                });
                if let Ok(None) = verdict {
                    self.record_forcing_core(facts[j]);
                }
                verdict
            };
            let answer = match verdict {
                // Not known whether the set forces the fact: the proof ends here.
                Err(StepsError::Solve(SolveError::OverBudget)) => {
                    return Ok(Smallest {
                        proved: size - 1,
                        found,
                    });
                }
                verdict => verdict?,
            };
            match answer {
                None => {
                    let forced = match self.within_budget(|s| s.forced(&clues)) {
                        // The check proved the set forces this fact; what else it forces
                        // is not known, and the fact's step takes only what was proved.
                        Err(StepsError::Solve(SolveError::OverBudget)) => vec![facts[j]],
                        forced => forced?,
                    };
                    for f in &forced {
                        if let Some(k) = facts.iter().position(|g| g == f) {
                            open[k] = false;
                        }
                    }
                    open[j] = false;
                    found.push((clues, forced));
                    if !all {
                        break;
                    }
                }
                Some(values) => {
                    self.within_budget(|s| s.grow(live, values, facts[j]))?;
                    refuters.catch_up(&self.witnesses, self.remembered);
                }
            }
        }
        Ok(Smallest {
            proved: size.min(most + 1) - 1,
            found,
        })
    }

    /// Grows an answer that breaks `fact` into one that meets as many of the clues `live` as
    /// it can, one clue more at a time, and remembers it: the clues it breaks are a minimal
    /// correction set. A known answer that meets more is taken without a solve.
    fn grow(
        &mut self,
        live: &[usize],
        mut values: Vec<usize>,
        fact: Fact,
    ) -> Result<(), StepsError> {
        let not_f = !self.lit(fact);
        let meets = |values: &[usize], c: usize, s: &Stepper| {
            crate::model::holds(&s.clue_constraints[c], values)
        };
        let clues_met = |values: &[usize], s: &Stepper| -> Vec<usize> {
            live.iter()
                .copied()
                .filter(|&c| meets(values, c, s))
                .collect()
        };
        let mut met = clues_met(&values, self);
        // Whether `values` came from the solver (else it is a known answer already).
        let mut fresh = true;
        for &c in live {
            if met.contains(&c) {
                continue;
            }
            if self.known_to_force(fact, &met, Some(c)) {
                continue;
            }
            let mut trial = met.clone();
            trial.push(c);
            // A known answer may already show the trial met: no solve then.
            if let Some(w) = self
                .witnesses
                .iter()
                .find(|w| w.breaks(fact) && w.meets_all(&trial))
            {
                values = w.values.clone();
                fresh = false;
                met = clues_met(&values, self);
                continue;
            }
            let mut assumptions = self.session.selectors_of(&trial);
            assumptions.push(not_f);
            self.solves += 1;
            match self.session.solve_values_preferring_clues(&assumptions) {
                Ok(Some(better)) => {
                    values = better;
                    fresh = true;
                    met = clues_met(&values, self);
                }
                Ok(None) => self.record_forcing_core(fact),
                // Grown no further: the clues it breaks are still a correction set, if not
                // a minimal one.
                Err(SolveError::OverBudget) => break,
                Err(e) => return Err(e.into()),
            }
        }
        if fresh {
            self.remember(values);
        }
        Ok(())
    }
}

impl Stepper {
    /// Whether a clue set known to force `fact` ([`Stepper::forcing_cores`]) lies within
    /// `clues` and `extra`: then they force it too, and no solve need ask.
    fn known_to_force(&self, fact: Fact, clues: &[usize], extra: Option<usize>) -> bool {
        self.forcing_cores.get(&fact).is_some_and(|cores| {
            cores
                .iter()
                .any(|core| core.iter().all(|&k| Some(k) == extra || clues.contains(&k)))
        })
    }

    /// After a solve found the clues it was given (with the known facts) to force `fact`:
    /// the clues of its UNSAT core force it too, and later questions may use them.
    fn record_forcing_core(&mut self, fact: Fact) {
        let core = self.session.core();
        self.forcing_cores.entry(fact).or_default().push(core);
    }
}

/// The node budget ran out.
struct TooMany;

/// Per unknown fact, its correction sets ([`Refuters::correction_sets_from`]) as [`hit`] takes
/// them: sorted by size, then value, without repeats. Kept up to date answer by answer, where
/// sorting them all again for every hitting set took a tenth of a slow grid's time.
struct SortedSets {
    sets: Vec<Vec<u128>>,
    /// Per fact, the refuters' answers already in its sets.
    seen: Vec<usize>,
}

impl SortedSets {
    fn new(facts: usize) -> SortedSets {
        SortedSets {
            sets: vec![Vec::new(); facts],
            seen: vec![0; facts],
        }
    }

    /// Fact `j`'s correction sets, with those of the answers `refuters` gained since.
    fn of(&mut self, refuters: &Refuters, j: usize) -> &[u128] {
        let key = |&t: &u128| (t.count_ones(), t);
        let sets = &mut self.sets[j];
        let mut new: Vec<u128> = refuters.correction_sets_from(j, self.seen[j]).collect();
        self.seen[j] = refuters.len();
        match new.len() {
            0 => {}
            1 => {
                if let Err(at) = sets.binary_search_by_key(&key(&new[0]), key) {
                    sets.insert(at, new[0]);
                }
            }
            // Several: sorted and merged in one pass, where one insertion each moved the
            // sets after it every time.
            _ => {
                new.sort_unstable_by_key(key);
                new.dedup();
                let old = std::mem::take(sets);
                sets.reserve(old.len() + new.len());
                let (mut a, mut b) = (old.iter().peekable(), new.iter().peekable());
                loop {
                    let next = match (a.peek(), b.peek()) {
                        (Some(x), Some(y)) => match key(x).cmp(&key(y)) {
                            std::cmp::Ordering::Less => a.next(),
                            std::cmp::Ordering::Greater => b.next(),
                            std::cmp::Ordering::Equal => {
                                b.next();
                                a.next()
                            }
                        },
                        (Some(_), None) => a.next(),
                        (None, Some(_)) => b.next(),
                        (None, None) => break,
                    };
                    sets.extend(next);
                }
            }
        }
        sets
    }
}

/// A set of at most `budget` elements (beside `chosen`) hitting every set of `sets` (bit
/// sets, sorted by size, then value, without repeats), or None when there is none; Err once
/// `nodes` (counted across a search) passes `max_nodes`.
///
/// Branch and bound: the unhit set with the fewest elements not banned is hit by each of
/// them in turn (an element tried is banned in its later siblings); a greedy packing of
/// disjoint unhit sets larger than the budget prunes.
fn hit(
    sets: &[u128],
    chosen: u128,
    banned: u128,
    budget: usize,
    nodes: &mut usize,
    max_nodes: usize,
) -> Result<Option<u128>, TooMany> {
    *nodes += 1;
    if *nodes > max_nodes {
        return Err(TooMany);
    }
    let mut pick: Option<u128> = None;
    let mut used = 0u128;
    let mut disjoint = 0;
    for &s in sets {
        if s & chosen != 0 {
            continue;
        }
        let open = s & !banned;
        if open == 0 {
            return Ok(None);
        }
        if pick.is_none_or(|p| open.count_ones() < p.count_ones()) {
            pick = Some(open);
        }
        if open & used == 0 {
            used |= open;
            disjoint += 1;
            if disjoint > budget {
                return Ok(None);
            }
        }
    }
    let Some(mut rest) = pick else {
        return Ok(Some(chosen));
    };
    let mut banned = banned;
    while rest != 0 {
        let e = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if let Some(h) = hit(sets, chosen | e, banned, budget - 1, nodes, max_nodes)? {
            return Ok(Some(h));
        }
        banned |= e;
    }
    Ok(None)
}
