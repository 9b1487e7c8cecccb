//! What the stepper ([`crate::solve::stepper`]) learns without a solver: a clue tried on its
//! own variables against the values still possible, and what the categories alone make of
//! the known facts (both by [`crate::solve::propagate`]).

use crate::model::Constraint;
use crate::solve::propagate::{Possible, all_different_excluded, scope, supports};
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};

impl Stepper {
    /// The new facts about `var` once `excluded` (values still possible) are ruled out:
    /// its value when one is left, else those values' exclusions.
    pub(super) fn facts_excluding(
        &self,
        var: usize,
        excluded: &[usize],
        possible: &Possible,
    ) -> Vec<Fact> {
        let left = possible[var].iter().filter(|&&p| p).count() - excluded.len();
        if left == 1 {
            vec![self.true_fact(var, self.answer[var])]
        } else {
            excluded.iter().map(|&x| self.true_fact(var, x)).collect()
        }
    }

    /// Learns what the structure alone makes of the known facts; returns those facts.
    pub(super) fn settle(&mut self) -> Result<Vec<Fact>, StepsError> {
        let mut follows = Vec::new();
        loop {
            let possible = self.possible();
            // A variable with one value left takes it: its domain says so, no step needed
            // (a step whose facts are only part of what its clues force can leave one so).
            let placed: Vec<Fact> = (0..self.answer.len())
                .filter(|&v| {
                    !self.known[v][self.answer[v]]
                        && possible[v].iter().filter(|&&p| p).count() == 1
                })
                .map(|v| self.true_fact(v, self.answer[v]))
                .collect();
            for &f in &placed {
                follows.push(f);
                self.learn(f);
            }
            let mut news = Vec::new();
            for c in &self.structure {
                let excluded: Vec<(usize, usize)> = match c {
                    Constraint::AllDifferent(vars) => {
                        all_different_excluded(vars, &possible, &self.answer)
                    }
                    other => excluded_by(other, &scope(other), &possible, &self.answer),
                };
                news.extend(excluded);
            }
            news.sort_unstable();
            news.dedup();
            if news.is_empty() {
                if placed.is_empty() {
                    break;
                }
                continue;
            }
            for by_var in news.chunk_by(|a, b| a.0 == b.0) {
                let values: Vec<usize> = by_var.iter().map(|&(_, x)| x).collect();
                for f in self.facts_excluding(by_var[0].0, &values, &possible) {
                    if !self.knows(f) {
                        follows.push(f);
                        self.learn(f);
                    }
                }
            }
        }
        if !self.structure_exact {
            let forced = self.forced(&[])?;
            for &f in &forced {
                self.learn(f);
            }
            follows.extend(forced);
        }
        Ok(follows)
    }

    /// The clue (placements first, then the lowest number) that on its own variables forces
    /// something new, and what.
    pub(super) fn look_at_clues(&mut self) -> Option<(usize, Vec<Fact>)> {
        let possible = self.possible();
        for c in 0..self.clue_constraints.len() {
            let stale = match self.looked[c] {
                None => true,
                Some(t) => self.clue_scopes[c].iter().any(|&v| self.changed[v] > t),
            };
            if stale {
                let scope = &self.clue_scopes[c];
                let excluded =
                    excluded_by(&self.clue_constraints[c], scope, &possible, &self.answer);
                let mut news = Vec::new();
                for by_var in excluded.chunk_by(|a, b| a.0 == b.0) {
                    let values: Vec<usize> = by_var.iter().map(|&(_, x)| x).collect();
                    news.extend(self.facts_excluding(by_var[0].0, &values, &possible));
                }
                self.news[c] = news;
                self.looked[c] = Some(self.clock);
            }
        }
        let placing = (0..self.news.len()).find(|&c| self.news[c].iter().any(|f| f.holds));
        let any = placing.or_else(|| (0..self.news.len()).find(|&c| !self.news[c].is_empty()));
        any.map(|c| (c, std::mem::take(&mut self.news[c])))
    }
}

/// The (variable, value) pairs still possible that `c` rules out on its own, in order
/// (none when it has too many assignments to try).
pub(super) fn excluded_by(
    c: &Constraint,
    scope: &[usize],
    possible: &Possible,
    answer: &[usize],
) -> Vec<(usize, usize)> {
    let Some(s) = supports(c, scope, possible, answer) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, &v) in scope.iter().enumerate() {
        for x in 0..possible[v].len() {
            if possible[v][x] && !s[i][x] {
                out.push((v, x));
            }
        }
    }
    out
}

/// Whether [`excluded_by`] and [`all_different_excluded`], repeated, find every fact the
/// structure forces: all-differents over disjoint variables (each exact on its own, and
/// independent) and one-variable constraints.
pub(super) fn exactly_propagated(structure: &[Constraint]) -> bool {
    let mut seen = std::collections::HashSet::new();
    structure.iter().all(|c| match c {
        Constraint::AllDifferent(vars) => vars.iter().all(|&v| seen.insert(v)),
        Constraint::InSet { .. } => true,
        _ => false,
    })
}
