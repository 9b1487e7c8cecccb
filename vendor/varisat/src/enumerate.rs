//! satpuz: projected model enumeration without blocking clauses (PATCHES.md).
//!
//! clasp's method (Gebser, Kaufmann, Schaub, "Solution enumeration for projected Boolean search
//! problems", CPAIOR 2009): the projected variables are decided before all others (they have
//! priority in [`Vsids`](crate::decision::vsids::Vsids)), so the decisions of every trail start
//! with the projected ones. After a model, the search backtracks to its deepest projected
//! decision and takes the other branch there. That level becomes the *fixed* level: no backjump
//! or restart goes below it, so the search under the decisions up to it is a subtree of its own.
//! A conflict at or below the fixed level means that subtree is exhausted: the deepest decision
//! whose other branch is still open is flipped. Every learned clause is implied by the formula
//! alone (a flipped decision is a decision, not a clause), so none needs to be forgotten and no
//! clause per model is kept.
//!
//! A learned clause asserting below the fixed level asserts its literal at the fixed level
//! instead (the trail stays ordered by level; the clause may then miss a propagation after a
//! later flip, which only delays the conflict that finds it). A learned unit clause is asserted
//! at level 0 and the decisions up to the fixed level are replayed on top of it.

use partial_ref::{partial, PartialRef};

use varisat_formula::Lit;

use crate::{
    context::{parts::*, Context},
    prop::{backtrack, enqueue_assignment, Reason},
    state::SatState,
};

/// State of a projected enumeration.
#[derive(Default)]
pub struct Enumeration {
    /// An enumeration is under way: the search follows the rules above.
    pub active: bool,
    /// No backjump or restart goes below this level.
    pub fixed: usize,
    /// The levels (at most `fixed`, increasing) whose decision is the second branch: the first
    /// one was enumerated.
    flipped: Vec<usize>,
    /// Decisions to take again after a learned unit sent the search to level 0, the next one
    /// last, each with whether it was a second branch.
    replay: Vec<(Lit, bool)>,
}

/// What [`replay_decision`] did.
pub enum Replayed {
    /// Nothing left to replay.
    Nothing,
    /// A decision was made or the search moved on: propagate before anything else.
    Step,
}

/// The search under the decisions up to `level` (at most the fixed level, or the deepest
/// projected decision of a model) is exhausted: flips the deepest decision at or below `level`
/// whose second branch is still open, or ends the enumeration when there is none.
pub fn exhausted(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut EnumerationP,
        mut ImplGraphP,
        mut SolverStateP,
        mut TrailP,
        mut VsidsP,
    ),
    level: usize,
) {
    let enumeration = ctx.part_mut(EnumerationP);
    enumeration.replay.clear();
    let mut level = level;
    while level > 0 && enumeration.flipped.last() == Some(&level) {
        enumeration.flipped.pop();
        level -= 1;
    }
    if level == 0 {
        enumeration.flipped.clear();
        enumeration.fixed = 0;
        // Every model is enumerated. Recoverable: the formula itself is not refuted.
        ctx.part_mut(SolverStateP).sat_state = SatState::UnsatUnderAssumptions;
        return;
    }
    // `flipped` is increasing: the levels below `level` are a prefix.
    let below = enumeration.flipped.partition_point(|&l| l < level);
    enumeration.flipped.truncate(below);
    enumeration.flipped.push(level);
    enumeration.fixed = level;
    let decision = ctx.part(TrailP).decision_at(level);
    backtrack(ctx.borrow(), level - 1);
    ctx.part_mut(TrailP).new_decision_level();
    enqueue_assignment(ctx.borrow(), !decision, Reason::Unit);
}

/// After a model: its projection is the only one under its projected decisions, so the search
/// under the deepest of them is exhausted.
pub fn next_after_model(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut EnumerationP,
        mut ImplGraphP,
        mut SolverStateP,
        mut TrailP,
        mut VsidsP,
    ),
) {
    ctx.part_mut(SolverStateP).sat_state = SatState::Unknown;
    let trail = ctx.part(TrailP);
    let vsids = ctx.part(VsidsP);
    // The projected decisions come first (they have priority): the levels that took one are
    // a prefix, found by bisection.
    let (mut projected, mut beyond) = (0, trail.current_level() + 1);
    while beyond - projected > 1 {
        let mid = projected + (beyond - projected) / 2;
        if vsids.has_priority(trail.decision_at(mid).var()) {
            projected = mid;
        } else {
            beyond = mid;
        }
    }
    exhausted(ctx.borrow(), projected);
}

/// A unit clause was learned while the fixed level is above 0: the search goes back to level 0
/// to assert it there, and the decisions up to the fixed level are taken again
/// ([`replay_decision`]).
pub fn learned_unit(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut EnumerationP,
        mut ImplGraphP,
        mut TrailP,
        mut VsidsP,
    ),
    unit: Lit,
) {
    let (enumeration, mut ctx) = ctx.split_part_mut(EnumerationP);
    let trail = ctx.part(TrailP);
    enumeration.replay.clear();
    for level in (1..=enumeration.fixed).rev() {
        let second = enumeration.flipped.contains(&level);
        enumeration.replay.push((trail.decision_at(level), second));
    }
    enumeration.flipped.clear();
    enumeration.fixed = 0;
    backtrack(ctx.borrow(), 0);
    enqueue_assignment(ctx.borrow(), unit, Reason::Unit);
}

/// Takes the next replayed decision, after propagation. A decision already true needs no level
/// (and its other branch is empty); one already false means its branch is empty: when it was a
/// first branch, the search goes on below the levels replayed so far, which now take its
/// second branch; when it was a second branch, the search under them is exhausted.
pub fn replay_decision(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut EnumerationP,
        mut ImplGraphP,
        mut SolverStateP,
        mut TrailP,
        mut VsidsP,
    ),
) -> Replayed {
    while let Some((decision, second)) = ctx.part_mut(EnumerationP).replay.pop() {
        match ctx.part(AssignmentP).lit_value(decision) {
            Some(true) => continue,
            Some(false) => {
                let level = ctx.part(TrailP).current_level();
                if second {
                    exhausted(ctx.borrow(), level);
                } else {
                    let enumeration = ctx.part_mut(EnumerationP);
                    enumeration.replay.clear();
                    enumeration.fixed = level;
                }
                return Replayed::Step;
            }
            None => {
                ctx.part_mut(TrailP).new_decision_level();
                enqueue_assignment(ctx.borrow(), decision, Reason::Unit);
                let level = ctx.part(TrailP).current_level();
                let enumeration = ctx.part_mut(EnumerationP);
                if second {
                    enumeration.flipped.push(level);
                }
                enumeration.fixed = level;
                return Replayed::Step;
            }
        }
    }
    Replayed::Nothing
}
