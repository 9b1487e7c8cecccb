//! The search for a step when no clue on its own variables forces anything (the second and
//! third ways of [`crate::solve::stepper`]): rounds of exhaustive search over every set of c
//! clues, each set asked which facts it forces ([`crate::solve::forced`]); past what the
//! rounds can afford, the hitting-set search ([`crate::solve::hitting`]), then a case split
//! from the solver's cores ([`crate::solve::cores`]).

use crate::model::Constraint;
use crate::solve::SolveError;
use crate::solve::refuters::{AnswerSet, MAX_LIVE, Refuters, insert};
use crate::solve::stepper::{Planned, Stepper};
use crate::solve::steps::{Fact, StepsError};

/// Most clue sets of one size an exhaustive search may try: sizes with more sets (among the
/// clues not yet spent) are not searched. Most sets are refuted by known answers in a few
/// word operations ([`Refuters`]); only the others cost a solve.
pub const MAX_SUBSETS: usize = 8000;

/// The same, when there are more clues not yet spent than [`Refuters`] holds: every set then
/// costs a scan of the known answers, and some a solve.
const MAX_UNFILTERED_SUBSETS: usize = 8000;

/// A clue set and the facts it forces.
type Forcing = (Vec<usize>, Vec<Fact>);

/// What the exhaustive search of one size found.
struct Exhausted {
    /// The sets that force something, with what they force.
    found: Vec<Forcing>,
    /// Some set's question was cut by the conflict budget: whether it forces anything is not
    /// known, so the size is not proved to force nothing.
    cut: bool,
}

/// What a search below a planned step's size found.
pub(super) struct Below {
    /// Every set of at most this many clues forces nothing unknown (proved).
    pub(super) proved: usize,
    /// A set of `proved + 1` clues that forces something, when the search found one.
    pub(super) smaller: Option<Forcing>,
}

impl Stepper {
    /// Plans the next round when no clue on its own variables forces anything: every set of
    /// 1, 2, 3, ... clues not yet spent (a clue whose variables are all placed adds nothing),
    /// while there are at most [`MAX_SUBSETS`] of them; the first size at which some set
    /// forces something gives the round. Else a case split.
    pub(super) fn plan_round(&mut self) -> Result<(), StepsError> {
        let live = self.live_clues();
        let mut refuters = self.refuters(&live);
        let mut searched = 0;
        for size in 1..=live.len() {
            if !self.affordable(live.len(), size) {
                break;
            }
            let exhausted = self.exhaust(&live, size, &mut refuters, false)?;
            if !exhausted.found.is_empty() {
                self.plan(exhausted.found, searched);
                return Ok(());
            }
            if exhausted.cut {
                // The proof ends below this size; the hitting-set search asks it again.
                break;
            }
            searched = size;
        }
        // Past the budget: the fewest clues by implicit hitting sets, proved.
        if let Some(r) = refuters.as_mut() {
            let smallest = self.smallest_by_hitting_sets(
                &live,
                r,
                searched + 1,
                self.hitting.most(&live),
                true,
            )?;
            if !smallest.found.is_empty() {
                self.plan(smallest.found, smallest.proved);
                return Ok(());
            }
            if smallest.proved >= self.hitting.most(&live) {
                // No set the search can reach forces anything: the steps have outgrown it.
                // The case split learns few facts, so the rounds after it are as far out of
                // reach, and searches proving so spend checks for a bound only (seed 27's
                // grid: five more in a row, then one cut by the budget). The hitting-set
                // budget ends here; later steps say what the exhaustive search proved.
                self.hitting_checks = 0;
            }
            searched = searched.max(smallest.proved);
        }
        let clues = self.smallest_core()?;
        let facts = self.forced(&clues)?;
        self.plan(vec![(clues, facts)], searched);
        Ok(())
    }

    /// Plans one round of `steps`, found after every set of at most `searched` clues was tried.
    fn plan(&mut self, steps: Vec<Forcing>, searched: usize) {
        self.rounds += 1;
        for (clues, facts) in steps {
            self.planned.push_back(Planned {
                clues,
                facts,
                round: self.rounds,
                searched,
                clock: self.clock,
            });
        }
    }

    /// How far below `size` every set of clues, with the facts known now, was proved to
    /// force nothing unknown: sizes 1, 2, ... are searched in full while affordable (then by
    /// hitting sets), up to the first at which some set forces something, which is returned
    /// with what it forces. (No clues force nothing: what the categories alone force is
    /// always known.)
    pub(super) fn proved_none_below(&mut self, size: usize) -> Result<Below, StepsError> {
        let live = self.live_clues();
        let mut refuters = self.refuters(&live);
        let mut proved = 0;
        for s in 1..size.min(live.len() + 1) {
            if !self.affordable(live.len(), s) {
                // Past the budget: hitting sets, up to one clue fewer than the step.
                let Some(r) = refuters.as_mut() else {
                    return Ok(Below {
                        proved,
                        smaller: None,
                    });
                };
                let most = (size - 1).min(self.hitting.most(&live));
                let smallest = self.smallest_by_hitting_sets(&live, r, s, most, false)?;
                return Ok(Below {
                    proved: smallest.proved,
                    smaller: smallest.found.into_iter().next(),
                });
            }
            let exhausted = self.exhaust(&live, s, &mut refuters, true)?;
            if !exhausted.found.is_empty() || exhausted.cut {
                return Ok(Below {
                    proved,
                    smaller: exhausted.found.into_iter().next(),
                });
            }
            proved = s;
        }
        // Sets of more clues than there are live ones are live sets with dead clues added.
        Ok(Below {
            proved: size.saturating_sub(1),
            smaller: None,
        })
    }

    /// The clues not yet spent: those with a variable not yet placed (a clue whose variables
    /// are all placed holds in every arrangement left, so adds nothing to a set).
    fn live_clues(&self) -> Vec<usize> {
        (0..self.clue_constraints.len())
            .filter(|&c| {
                self.clue_scopes[c]
                    .iter()
                    .any(|&v| !self.known[v][self.answer[v]])
            })
            .collect()
    }

    /// The known answers as bit sets over `live` and the unknown facts (None when `live` is
    /// too many for the bits).
    fn refuters(&self, live: &[usize]) -> Option<Refuters> {
        if live.len() > MAX_LIVE {
            return None;
        }
        let mut r = Refuters::new(live.to_vec(), self.candidates(), self.remembered);
        for w in &self.witnesses {
            r.add(w);
        }
        Some(r)
    }

    /// Every set of `size` clues of `live` that forces something new, with what it forces,
    /// sets in increasing order (with `first_only`, the first such set only). A set whose
    /// every unknown fact some known answer meeting it breaks needs no solve. Each set's
    /// solves have the conflict budget ([`Stepper::within_budget`]); a set cut by it is
    /// neither found nor shown to force nothing, and says so (`cut`).
    fn exhaust(
        &mut self,
        live: &[usize],
        size: usize,
        refuters: &mut Option<Refuters>,
        first_only: bool,
    ) -> Result<Exhausted, StepsError> {
        let mut found = Vec::new();
        let mut cut = false;
        let n = live.len();
        let mut pick: Vec<usize> = (0..size).collect();
        // `meeting[d]`: the known answers that meet the first d clues of the set, so that
        // sets sharing a beginning share its filtering.
        let mut meeting: Vec<AnswerSet> = vec![Vec::new(); size + 1];
        if let Some(r) = refuters {
            meeting[0] = r.every_answer();
        }
        let mut from = 0;
        loop {
            // The last pick of the deepest beginning of the set that was filtered; when a
            // beginning cannot grow into a set that forces anything, none of its sets is tried.
            let mut top = size - 1;
            let rest = match refuters {
                Some(r) => {
                    let mut hopeless = false;
                    for d in from..size {
                        let (before, after) = meeting.split_at_mut(d + 1);
                        r.meeting_also(&before[d], pick[d], &mut after[0]);
                        if d + 1 < size && r.refutes_every_growth(&after[0], pick[d]) {
                            top = d;
                            hopeless = true;
                            break;
                        }
                    }
                    if hopeless {
                        None
                    } else {
                        r.unrefuted(&meeting[size])
                    }
                }
                None => Some(self.candidates()),
            };
            let rest = rest.filter(|_| self.linked(pick.iter().map(|&i| live[i])));
            if let Some(rest) = rest {
                let clues: Vec<usize> = pick.iter().map(|&i| live[i]).collect();
                let facts = match self.within_budget(|s| s.forced_among(&clues, rest)) {
                    Err(StepsError::Solve(SolveError::OverBudget)) => {
                        cut = true;
                        Vec::new()
                    }
                    facts => facts?,
                };
                if !facts.is_empty() {
                    found.push((clues, facts));
                    if first_only {
                        return Ok(Exhausted { found, cut });
                    }
                }
                if let Some(r) = refuters {
                    let old = r.len();
                    r.catch_up(&self.witnesses, self.remembered);
                    for w in old..r.len() {
                        insert(&mut meeting[0], w);
                        for d in 0..size {
                            if !r.meets(w, pick[d]) {
                                break;
                            }
                            insert(&mut meeting[d + 1], w);
                        }
                    }
                }
            }
            // The next set in increasing order: the last pick (at most `top`) that can move
            // moves, the later ones follow it.
            let Some(i) = (0..=top).rev().find(|&i| pick[i] < n - size + i) else {
                return Ok(Exhausted { found, cut });
            };
            pick[i] += 1;
            for j in i + 1..size {
                pick[j] = pick[j - 1] + 1;
            }
            from = i;
        }
    }
}

impl Stepper {
    /// Whether every set of `size` of `live` clues may be tried one by one (past it, the
    /// hitting-set search takes over).
    fn affordable(&self, live: usize, size: usize) -> bool {
        let most = if live <= MAX_LIVE {
            self.max_subsets
        } else {
            MAX_UNFILTERED_SUBSETS
        };
        binomial(live, size) <= most
    }
}

impl Stepper {
    /// Whether the clues are linked: no split of them into two parts whose clues touch
    /// disjoint groups of the structure (the categories). An exhaustive search tries a set
    /// only when every smaller set was shown to force nothing; a set that splits so forces
    /// only what its parts force on their own (its arrangements are those of each part,
    /// side by side), so nothing either, and needs no solve. Always true when the structure
    /// is not all-differents over disjoint variables.
    fn linked(&self, clues: impl Iterator<Item = usize>) -> bool {
        let Some(groups) = &self.clue_groups else {
            return true;
        };
        let mut masks: Vec<u64> = clues.map(|c| groups[c]).collect();
        let Some(mut reached) = masks.pop() else {
            return true;
        };
        while !masks.is_empty() {
            let before = masks.len();
            masks.retain(|&m| {
                let touches = m & reached != 0;
                if touches {
                    reached |= m;
                }
                !touches
            });
            if masks.len() == before {
                return false;
            }
        }
        true
    }
}

/// Per clue, the groups of the structure its variables are in (bit `g`: the `g`-th
/// all-different; a variable in none has a group of its own), when the structure is
/// all-differents over disjoint variables and one-variable constraints and has at most 64
/// groups; else None (no set is then split by [`Stepper::linked`]).
pub(super) fn clue_groups(
    structure: &[Constraint],
    exact: bool,
    scopes: &[Vec<usize>],
    vars: usize,
) -> Option<Vec<u64>> {
    if !exact {
        return None;
    }
    let mut group: Vec<Option<usize>> = vec![None; vars];
    let mut groups = 0;
    for c in structure {
        if let Constraint::AllDifferent(members) = c {
            for &v in members {
                group[v] = Some(groups);
            }
            groups += 1;
        }
    }
    for g in group.iter_mut().filter(|g| g.is_none()) {
        *g = Some(groups);
        groups += 1;
    }
    if groups > 64 {
        return None;
    }
    let masks = scopes
        .iter()
        .map(|scope| {
            scope
                .iter()
                .filter_map(|&v| group[v])
                .fold(0u64, |m, g| m | 1 << g)
        })
        .collect();
    Some(masks)
}

/// n choose k, saturating.
fn binomial(n: usize, k: usize) -> usize {
    let k = k.min(n - k.min(n));
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use crate::puzzles::grid::family::clued;
    use crate::puzzles::grid::generate::{GridShape, generate};
    use crate::solve::stepper::Stepper;

    /// What [`Stepper::linked`] rests on: two clues touching disjoint categories force
    /// together exactly what each forces alone, whatever is known.
    #[test]
    fn clues_on_disjoint_categories_force_together_what_each_forces_alone() {
        let shape = GridShape {
            positions: 5,
            categories: 5,
        };
        let mut split = 0;
        for seed in 1..=3 {
            let c = clued(&generate(shape, seed).expect("generates").puzzle).expect("builds");
            let mut stepper = Stepper::new(&c, &[]).expect("starts");
            let n = stepper.clue_constraints.len();
            for a in 0..n {
                for b in a + 1..n {
                    if stepper.linked([a, b].into_iter()) {
                        continue;
                    }
                    split += 1;
                    let mut alone = stepper.forced(&[a]).expect("solves");
                    alone.extend(stepper.forced(&[b]).expect("solves"));
                    alone.sort_unstable();
                    alone.dedup();
                    assert_eq!(stepper.forced(&[a, b]).expect("solves"), alone);
                }
            }
        }
        assert!(split >= 20, "{split} split pairs tried");
    }
}
