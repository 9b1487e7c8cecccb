//! Which unknown facts a set of clues forces, with the facts known (for [`crate::solve::rounds`],
//! the hitting-set search and the case split): the known answers refute what they can, then
//! the one incremental solver ([`crate::solve::session::Session`]) refutes the rest, many
//! facts per solve, until the facts left are proved forced.

use crate::cnf::Lit;
use crate::solve::session::OwnsCnf;
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};

impl Stepper {
    /// The unknown facts that the clues `clues` and the known facts force (none when they
    /// force nothing new), in candidate order. Known answers refute what they can; then one
    /// solve per answer asks every variable with candidates left to break one of its own
    /// ([`Stepper::refute_by_variable`]); then solves under "not all of the candidates left"
    /// until UNSAT (those left are forced) or none is left.
    pub(crate) fn forced(&mut self, clues: &[usize]) -> Result<Vec<Fact>, StepsError> {
        let rest = self.candidates();
        self.forced_among(clues, rest)
    }

    /// [`Stepper::forced`] among the unknown facts `rest` (those no known answer refutes).
    /// Within [`Stepper::within_budget`], a solve cut by the conflict budget fails the whole
    /// question with [`crate::solve::SolveError::OverBudget`]: which facts the set forces is
    /// then not known, and the caller's proof must end there.
    pub(super) fn forced_among(
        &mut self,
        clues: &[usize],
        mut rest: Vec<Fact>,
    ) -> Result<Vec<Fact>, StepsError> {
        for w in &self.witnesses {
            if rest.is_empty() {
                return Ok(rest);
            }
            if w.meets_all(clues) {
                rest.retain(|&f| !w.breaks(f));
            }
        }
        if rest.is_empty() {
            return Ok(rest);
        }
        self.renew_session_if_crowded();
        // The known facts are the session's unit clauses.
        let assumptions = self.session.selectors_of(clues);
        let mut proven = self.refute_by_variable(&mut rest, &assumptions)?;
        proven.extend(self.refute_together(rest, assumptions)?);
        // Candidates come in (variable, value) order, which is the order of `Fact`.
        proven.sort_unstable();
        Ok(proven)
    }

    /// Asks, per solve, that every variable with candidates left break one of its own: one
    /// answer then refutes a candidate of each such variable, where "not all of the
    /// candidates" is mostly met by an answer a swap away from the last, which refutes one or
    /// two. Each variable's wish is a clause under its own activation literal, so an UNSAT
    /// core names the variables whose wishes clash: one alone has only forced candidates left
    /// (they are returned, out of `rest`); several leave the round, and their candidates stay
    /// in `rest`.
    fn refute_by_variable(
        &mut self,
        rest: &mut Vec<Fact>,
        fixed: &[Lit],
    ) -> Result<Vec<Fact>, StepsError> {
        let mut proven = Vec::new();
        if rest.chunk_by(|a, b| a.var == b.var).nth(1).is_none() {
            return Ok(proven);
        }
        // `rest` is in variable order, and so is `round`: (variable, activation literal).
        let mut round: Vec<(usize, Lit)> = Vec::new();
        for f in rest.iter() {
            if round.last().is_none_or(|&(v, _)| v != f.var) {
                round.push((f.var, self.session.formula_mut().cnf_mut().fresh_lit()));
            }
        }
        let activations: Vec<Lit> = round.iter().map(|&(_, a)| a).collect();
        let mut assumptions = fixed.to_vec();
        // A solve cut by the conflict budget: the wishes are switched off all the same.
        let mut cut = None;
        // With one variable left, its wish is the clause "not all of the candidates".
        while round.len() > 1 {
            assumptions.truncate(fixed.len());
            let mut wishes = Vec::new();
            for facts in rest.chunk_by(|a, b| a.var == b.var) {
                let v = facts[0].var;
                if let Ok(i) = round.binary_search_by_key(&v, |&(v, _)| v) {
                    let activation = round[i].1;
                    let mut wish: Vec<Lit> = facts.iter().map(|&f| !self.lit(f)).collect();
                    wish.push(!activation);
                    wishes.push(wish);
                    assumptions.push(activation);
                }
            }
            for wish in wishes {
                // Its wishes of earlier rounds had more candidates: this one implies them.
                self.session.block(&wish);
            }
            self.solves += 1;
            let answer = match self.session.solve_values_preferring_clues(&assumptions) {
                Ok(answer) => answer,
                Err(e) => {
                    cut = Some(e.into());
                    break;
                }
            };
            match answer {
                Some(values) => {
                    rest.retain(|f| (values[f.var] == f.value) == f.holds);
                    self.remember(values);
                    keep_with_candidates(&mut round, rest);
                }
                None => {
                    let failed = self.session.failed();
                    let clash: Vec<usize> = round
                        .iter()
                        .filter(|(_, a)| failed.contains(a))
                        .map(|&(v, _)| v)
                        .collect();
                    match clash.as_slice() {
                        // The known answer meets every fixed assumption: never here.
                        [] => break,
                        &[v] => {
                            proven.extend(rest.iter().filter(|f| f.var == v));
                            rest.retain(|f| f.var != v);
                        }
                        _ => {}
                    }
                    round.retain(|(v, _)| !clash.contains(v));
                    // Wishes clash once most candidates left are forced: one solve may show
                    // them all forced (else its answer refutes some, as a round's would).
                    match self.refute_together_once(rest, fixed) {
                        Ok(true) => {
                            proven.append(rest);
                            break;
                        }
                        Ok(false) => {}
                        Err(e) => {
                            cut = Some(e);
                            break;
                        }
                    }
                    keep_with_candidates(&mut round, rest);
                }
            }
        }
        // The wishes are never assumed again: off for good.
        for a in activations {
            self.retire(a);
        }
        match cut {
            Some(e) => Err(e),
            None => Ok(proven),
        }
    }

    /// Solves under "not all of `rest`" (and `fixed`) until UNSAT, when those left are
    /// forced, or until none is left, each SAT answer removing those it breaks.
    fn refute_together(
        &mut self,
        mut rest: Vec<Fact>,
        fixed: Vec<Lit>,
    ) -> Result<Vec<Fact>, StepsError> {
        while !rest.is_empty() {
            if self.refute_together_once(&mut rest, &fixed)? {
                return Ok(rest);
            }
        }
        Ok(rest)
    }

    /// One solve under "not all of `rest`" (and `fixed`): true when UNSAT (all of `rest` are
    /// forced), else its answer removes from `rest` those it breaks.
    fn refute_together_once(
        &mut self,
        rest: &mut Vec<Fact>,
        fixed: &[Lit],
    ) -> Result<bool, StepsError> {
        if rest.is_empty() {
            return Ok(false);
        }
        let not_all: Vec<Lit> = rest.iter().map(|&f| !self.lit(f)).collect();
        let activation = self.session.block_under_activation(&not_all);
        let mut assumptions = fixed.to_vec();
        assumptions.push(activation);
        self.solves += 1;
        let values = self.session.solve_values_preferring_clues(&assumptions);
        // The batch clause is never assumed again: off for good.
        self.retire(activation);
        let Some(values) = values? else {
            return Ok(true);
        };
        rest.retain(|f| (values[f.var] == f.value) == f.holds);
        self.remember(values);
        Ok(false)
    }
}

/// Keeps the variables of `round` (in variable order, as `rest` is) that still have
/// candidates in `rest`.
fn keep_with_candidates(round: &mut Vec<(usize, Lit)>, rest: &[Fact]) {
    let mut left = rest.iter().map(|f| f.var).peekable();
    round.retain(|&(v, _)| {
        while left.next_if(|&u| u < v).is_some() {}
        left.peek() == Some(&v)
    });
}
