//! The stepper's solver session ([`crate::solve::stepper`]): built from the model with its
//! clues switchable, the clauses under activation literals no longer used switched off in
//! batches, and the session renewed when those literals crowd it.

use std::ops::Range;

use crate::cnf::Lit;
use crate::model::{EncodeOptions, Model};
use crate::solve::session::{OwnsCnf, Session};
use crate::solve::stepper::Stepper;

/// Activation literals retired before they are switched off together: each unit clause
/// makes the solver's next call simplify its whole clause database, so they go in batches
/// (a clause under an activation never assumed again binds nothing meanwhile: the solver
/// may set the literal false).
const RETIRE_BATCH: usize = 64;

/// A session is renewed once it has this many times the variables it started with
/// ([`Stepper::renew_session_if_crowded`]): against 8, 16% less processor time on the
/// 10 x 5 grids of seeds 11-20 and 5% less on the 20 x 5 grid of seed 1 (docs/explain.md).
pub(super) const RENEW_AFTER: u32 = 2;

/// A session is renewed, too, once it has answered this many solves since it began: the
/// clauses it learned slow every later solve more than they help it (on the 10 x 5 grids
/// whose hitting-set searches run for thousands of solves without a new activation
/// literal, 10-15% less time a solve; docs/explain.md).
pub(super) const RENEW_EVERY_SOLVES: usize = 600;

impl Stepper {
    /// Switches off the clauses under `activation` (never assumed again), in batches of
    /// [`RETIRE_BATCH`].
    pub(super) fn retire(&mut self, activation: Lit) {
        self.retired.push(activation);
        if self.retired.len() >= RETIRE_BATCH {
            for a in std::mem::take(&mut self.retired) {
                self.session.block(&[!a]);
            }
        }
    }

    /// Starts a new session once activation literals (one per wish and batch clause, each
    /// switched off after use) have made the formula [`RENEW_AFTER`] times its first size,
    /// or after [`RENEW_EVERY_SOLVES`] solves: the solver never deletes a variable, and every solve and
    /// answer costs time in proportion to all of them (a quarter of a 20 x 5 grid's time
    /// went on reading answers without it). Called only where no activation literal is in use. The
    /// new session encodes the same model in the same order, so every literal (a value's, a
    /// clue's selector) is the same, and is given the known facts as unit clauses again; it
    /// only forgets the learned clauses. (The session of [`Stepper::uses`] gains one
    /// activation literal a step and is never crowded.)
    pub(super) fn renew_session_if_crowded(&mut self) {
        let vars = self.session.formula().cnf().num_vars();
        if vars <= self.base_vars.saturating_mul(self.renew_after)
            && self.solves <= self.renewed_at + RENEW_EVERY_SOLVES
        {
            return;
        }
        self.renewed_at = self.solves;
        let (session, lits) = fresh_session(&self.model, &self.clue_range, self.opts);
        debug_assert!(lits == self.lits, "a renewed session keeps every literal");
        // Renewed within a search's conflict budget (`Stepper::within_budget`): it holds on.
        let limit = self.session.conflict_limit();
        self.session = session;
        if limit.is_some() {
            self.session.limit_conflicts(limit);
        }
        self.lits = lits;
        self.retired.clear();
        for f in self.known_facts() {
            let unit = self.lit(f);
            self.session.block(&[unit]);
        }
    }
}

/// A session of the model with the constraints `clues` behind selectors (in order) and the
/// others always on, and `lits[var][value]`.
pub(super) fn fresh_session(
    model: &Model,
    clues: &Range<usize>,
    opts: EncodeOptions,
) -> (Session, Vec<Vec<Lit>>) {
    let mut session = Session::of_clues(model, clues, opts);
    let lits = (0..model.vars.len())
        .map(|v| {
            (0..model.vars[v].values.len())
                .map(|x| session.value_lit(v, x))
                .collect()
        })
        .collect();
    (session, lits)
}
