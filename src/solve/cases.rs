//! A case split shown as cases: a step of more than [`COMBINED_MAX`] clues, proved the way a
//! person would. Each alternative to one of the step's facts ("suppose Finch is in seat 2")
//! is followed, one clue at a time on its own variables and the categories, to a
//! contradiction; when that runs dry, one value's places left are split again. Alternatives
//! ruled out are then known, and what single clues make of them comes after the case.
//!
//! Hand-written rather than from the solver: the solver's refutation is not in sentences,
//! and a person's proof uses only one clue at a time ([`supports`]) and the categories.
//!
//! [`COMBINED_MAX`]: crate::solve::steps::COMBINED_MAX

use crate::model::Constraint;
use crate::solve::propagate::supports;
use crate::solve::steps::Fact;

/// Most alternatives a step's cases may rule out before the proof by cases is given up.
const MAX_ALTERNATIVES: usize = 64;

/// Most levels of sub-cases under a case (a case split of many clues can need a value's
/// places split within a place's sub-case).
const MAX_DEPTH: usize = 3;

/// Most cases (supposed and followed) one proof by cases may try before it is given up:
/// on 10 x 5 grids nearly every proof found with 4,000 is found with 200 (a proof that
/// needs more is too long to read), and the steps that have none stop early.
const MAX_TRIED: usize = 200;

/// Why a line of a case follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// One clue (0-based), on its own variables, with what the case knows.
    Clue(usize),
    /// The categories: a value left one place, or a place left to one value.
    Categories,
}

/// One line of a case: what `by` forces from what is known at that point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deduction {
    /// What forces the facts.
    pub by: Reason,
    /// The facts forced (under the case's assumptions).
    pub facts: Vec<Fact>,
}

/// How a case ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The clue, or the categories, can no longer hold.
    Broken(Reason),
    /// One value's places left, each supposed in turn and each ending in a contradiction.
    Split(Vec<Case>),
}

/// One case: an assumption, the single-clue deductions it leads to, and the contradiction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// What is supposed (a value at a place).
    pub assume: Fact,
    /// What single clues and the categories then force, in order.
    pub lines: Vec<Deduction>,
    /// The contradiction, or the sub-cases.
    pub end: End,
    /// Once the assumption is ruled out: what single clues and the categories force (for a
    /// top-level case only).
    pub after: Vec<Deduction>,
}

/// What a proof by cases works with: the step's clues and the categories.
pub(super) struct CaseWorld<'a> {
    /// Every clue's constraint and variables (indexed by clue).
    pub(super) constraints: &'a [Constraint],
    pub(super) scopes: &'a [Vec<usize>],
    /// The clues the step may use.
    pub(super) clues: &'a [usize],
    /// The categories: groups of variables that take different values.
    pub(super) groups: Vec<&'a [usize]>,
    /// Any full assignment, for [`supports`]' variables outside a clue.
    pub(super) base: &'a [usize],
}

type Domains = Vec<Vec<bool>>;

impl CaseWorld<'_> {
    /// The cases that rule out every alternative to `facts` (true facts, given `possible`,
    /// the values possible before the step), or None when some alternative cannot be ruled
    /// out within [`MAX_DEPTH`] levels of sub-cases and [`MAX_TRIED`] cases tried.
    pub(super) fn prove(&self, possible: &[Vec<bool>], facts: &[Fact]) -> Option<Vec<Case>> {
        let mut possible = possible.to_vec();
        let mut alternatives: Vec<(usize, usize)> = Vec::new();
        for f in facts {
            if f.holds {
                alternatives.extend(
                    (0..possible[f.var].len())
                        .filter(|&x| x != f.value && possible[f.var][x])
                        .map(|x| (f.var, x)),
                );
            } else if possible[f.var][f.value] {
                alternatives.push((f.var, f.value));
            }
        }
        alternatives.sort_unstable();
        alternatives.dedup();
        if alternatives.len() > MAX_ALTERNATIVES {
            return None;
        }
        let mut cases: Vec<Case> = Vec::new();
        let mut tried = 0;
        loop {
            alternatives.retain(|&(v, x)| possible[v][x]);
            if alternatives.is_empty() {
                return Some(cases);
            }
            // The alternative with the shortest refutation (the first such) at the fewest
            // levels of sub-cases: deductions alone if any has them, else one split, ...
            let best = (0..=MAX_DEPTH).find_map(|depth| {
                (alternatives.iter())
                    .filter_map(|&a| self.refute(&possible, a, depth, &mut tried))
                    .map(|c| (lines(&c), c))
                    .min_by_key(|(n, _)| *n)
            });
            let (_, mut case) = best?;
            possible[case.assume.var][case.assume.value] = false;
            // What the alternative's fall makes of single clues (the real domains: no
            // contradiction can come, the answer fits them).
            if self.propagate(&mut possible, &mut case.after).is_some() {
                return None;
            }
            cases.push(case);
        }
    }

    /// Supposes `var` takes `value` and follows single clues to a contradiction; when they
    /// run dry and `depth` allows, splits on the value with the fewest places left (more
    /// than one), each place a sub-case refuted the same way one level down. None when some
    /// case is not refuted, or when the proof has tried [`MAX_TRIED`] cases (`tried`).
    fn refute(
        &self,
        possible: &Domains,
        (var, value): (usize, usize),
        depth: usize,
        tried: &mut usize,
    ) -> Option<Case> {
        if *tried >= MAX_TRIED {
            return None;
        }
        *tried += 1;
        let mut p = possible.clone();
        assume(&mut p, var, value);
        let mut lines = Vec::new();
        let end = match self.propagate(&mut p, &mut lines) {
            Some(broken) => End::Broken(broken),
            None if depth == 0 => return None,
            None => {
                let (split, _) = (p.iter().enumerate())
                    .map(|(v, d)| (v, d.iter().filter(|&&b| b).count()))
                    .filter(|&(_, n)| n > 1)
                    .min_by_key(|&(v, n)| (n, v))?;
                let mut sub = Vec::new();
                for x in (0..p[split].len()).filter(|&x| p[split][x]) {
                    sub.push(self.refute(&p, (split, x), depth - 1, tried)?);
                }
                End::Split(sub)
            }
        };
        Some(Case {
            assume: placed(var, value),
            lines,
            end,
            after: Vec::new(),
        })
    }

    /// Applies the categories and the clues, one at a time, until nothing changes, adding a
    /// line for each clue that forces something and each value the categories place. Some
    /// reason when something can no longer hold.
    fn propagate(&self, p: &mut Domains, lines: &mut Vec<Deduction>) -> Option<Reason> {
        // Per clue, its variables' domains when it last forced nothing: while they stay so,
        // it forces nothing again (what a clue forces depends on its own variables only).
        let mut quiet: Vec<Option<Domains>> = vec![None; self.clues.len()];
        loop {
            let by_categories = match self.categories(p) {
                Ok(facts) => facts,
                Err(()) => return Some(Reason::Categories),
            };
            if !by_categories.is_empty() {
                lines.push(Deduction {
                    by: Reason::Categories,
                    facts: by_categories,
                });
            }
            let mut forced = None;
            for (k, &c) in self.clues.iter().enumerate() {
                let scope = &self.scopes[c];
                if quiet[k]
                    .as_ref()
                    .is_some_and(|q| scope.iter().zip(q).all(|(&v, d)| p[v] == *d))
                {
                    continue;
                }
                let Some(s) = supports(&self.constraints[c], scope, p, self.base) else {
                    continue;
                };
                if s.iter().any(|d| d.iter().all(|&b| !b)) {
                    return Some(Reason::Clue(c));
                }
                let mut facts = Vec::new();
                for (i, &v) in scope.iter().enumerate() {
                    let out: Vec<usize> =
                        (0..p[v].len()).filter(|&x| p[v][x] && !s[i][x]).collect();
                    if out.is_empty() {
                        continue;
                    }
                    for &x in &out {
                        p[v][x] = false;
                    }
                    let left: Vec<usize> = (0..p[v].len()).filter(|&x| p[v][x]).collect();
                    if let [x] = left[..] {
                        facts.push(placed(v, x));
                    } else {
                        facts.extend(out.iter().map(|&x| Fact {
                            var: v,
                            value: x,
                            holds: false,
                        }));
                    }
                }
                if !facts.is_empty() {
                    forced = Some(Deduction {
                        by: Reason::Clue(c),
                        facts,
                    });
                    break;
                }
                quiet[k] = Some(scope.iter().map(|&v| p[v].clone()).collect());
            }
            match forced {
                Some(line) => lines.push(line),
                None => return None,
            }
        }
    }

    /// What the categories force, to a fixpoint: a placed value leaves its place to no other
    /// value of its category (said by the placement, no line); a value with one place left,
    /// or a place left to one value of a category that fills every place, is placed (the
    /// facts returned). Err when a value has no place left or a place none.
    fn categories(&self, p: &mut Domains) -> Result<Vec<Fact>, ()> {
        let mut placed_now = Vec::new();
        let single = |d: &[bool]| {
            let mut it = d.iter().enumerate().filter(|(_, b)| **b).map(|(x, _)| x);
            match (it.next(), it.next()) {
                (Some(x), None) => Ok(Some(x)),
                (None, _) => Err(()),
                _ => Ok(None),
            }
        };
        loop {
            let mut changed = false;
            for g in &self.groups {
                for &v in g.iter() {
                    let Some(x) = single(&p[v])? else { continue };
                    for &u in g.iter() {
                        if u != v && p[u][x] {
                            p[u][x] = false;
                            changed = true;
                            if let Some(y) = single(&p[u])? {
                                placed_now.push(placed(u, y));
                            }
                        }
                    }
                }
                let width = p[g[0]].len();
                if g.len() == width {
                    for x in 0..width {
                        let holders: Vec<usize> = g.iter().copied().filter(|&v| p[v][x]).collect();
                        match holders[..] {
                            [] => return Err(()),
                            [v] if single(&p[v])?.is_none() => {
                                assume(p, v, x);
                                placed_now.push(placed(v, x));
                                changed = true;
                            }
                            _ => {}
                        }
                    }
                }
            }
            if !changed {
                return Ok(placed_now);
            }
        }
    }
}

/// Lines in a case and its sub-cases: how long its refutation reads.
fn lines(c: &Case) -> usize {
    1 + c.lines.len()
        + match &c.end {
            End::Broken(_) => 0,
            End::Split(sub) => sub.iter().map(lines).sum(),
        }
}

fn assume(p: &mut Domains, var: usize, value: usize) {
    for (x, b) in p[var].iter_mut().enumerate() {
        *b &= x == value;
    }
}

fn placed(var: usize, value: usize) -> Fact {
    Fact {
        var,
        value,
        holds: true,
    }
}
