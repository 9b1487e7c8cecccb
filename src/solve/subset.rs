//! The smallest clue sets that still force an answer: growing a clue set until only the
//! answer fits, then cutting it to a set in which every clue is needed.
//!
//! Both the grid generator and the Inquest's cut use these two steps on one [`Session`] whose
//! answer is blocked (for good, or under an activation literal passed as `under`): "the clues
//! force the answer" is "UNSAT under their selectors". Their [`Witnesses`] save solves: a
//! second answer already seen can show a grown set still open, or a clue needed.

use crate::cnf::Lit;
use crate::model::Encoded;
use crate::solve::session::{Deletion, Role, Session, Witnesses};
use crate::solve::{Backend, SolveError};

/// What a growth step found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Growth {
    /// A known second answer satisfies the new clues too: still open, no solve made.
    OpenByWitness,
    /// The solver found a second answer (handed to the witnesses).
    Open,
    /// The clues force the answer; the session's last solve was the UNSAT one.
    Forced,
}

/// After the clues `new` were added to the clues `on` (which include them): do the clues on
/// now force the blocked answer? Assumes the selectors of `on`, then `under`.
pub fn grow<B: Backend>(
    session: &mut Session<Encoded, B>,
    on: &[usize],
    new: &[usize],
    under: &[Lit],
    witnesses: &mut dyn Witnesses,
) -> Result<Growth, SolveError> {
    if witnesses.still_open(new) {
        return Ok(Growth::OpenByWitness);
    }
    if session.solve_clues(on, under)? {
        witnesses.found(&session.values()?);
        Ok(Growth::Open)
    } else {
        Ok(Growth::Forced)
    }
}

/// Which clues to cut, and how.
#[derive(Debug, Clone, Copy)]
pub struct CutOrder<'a> {
    /// The clues, in the order every trial assumes them; `deletion.direction` says which end
    /// is tried for removal first.
    pub order: &'a [usize],
    /// Clues kept through the solver's cores (tried for removal all the same): they start
    /// and stay in the candidate set until a trial shows them unnecessary.
    pub prefer: &'a [usize],
    /// Assumed after the clues in every solve (e.g. the blocked answer's activation literal).
    pub under: &'a [Lit],
    /// How the clues are tried for removal.
    pub deletion: Deletion,
    /// The session's last solve was under exactly `order` and `under`, and UNSAT (as after
    /// [`grow`] says [`Growth::Forced`]): its core is used instead of solving again.
    pub just_forced: bool,
}

/// A minimal forcing set and what finding it cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cut {
    /// The clues kept, in increasing order.
    pub kept: Vec<usize>,
    /// Removal trials the solver answered.
    pub(crate) solves: usize,
    /// Removal trials a witness answered.
    pub(crate) by_witness: usize,
    /// Clues dropped because a core left them out.
    pub(crate) by_core: usize,
}

/// A minimal subset of `cut.order` that still forces the blocked answer: removing any one of
/// its clues admits a second answer. None when the clues do not force it. The witnesses hear
/// of clues by their clue index.
pub fn minimal_unique_subset<B: Backend>(
    session: &mut Session<Encoded, B>,
    cut: CutOrder<'_>,
    witnesses: &mut dyn Witnesses,
) -> Result<Option<Cut>, SolveError> {
    if !cut.just_forced && session.solve_clues(cut.order, cut.under)? {
        return Ok(None);
    }
    let core = session.failed();
    let mut items: Vec<(Lit, Role)> = cut
        .order
        .iter()
        .map(|&c| {
            let role = if cut.prefer.contains(&c) {
                Role::Preferred
            } else {
                Role::Plain
            };
            (session.selector(c), role)
        })
        .collect();
    items.extend(cut.under.iter().map(|&l| (l, Role::Fixed)));
    let mut by_clue = ByClue {
        order: cut.order,
        inner: witnesses,
        rest: Vec::new(),
    };
    let minimised = session.minimise(&items, Some(&core), cut.deletion, &mut by_clue)?;
    let mut kept: Vec<usize> = minimised.kept.iter().map(|&i| cut.order[i]).collect();
    kept.sort_unstable();
    Ok(Some(Cut {
        kept,
        solves: minimised.solves,
        by_witness: minimised.by_witness,
        by_core: minimised.by_core,
    }))
}

/// Witnesses spoken to by clue index, while the minimiser numbers its items by position.
struct ByClue<'a> {
    order: &'a [usize],
    inner: &'a mut dyn Witnesses,
    /// Scratch: the rest, as clues.
    rest: Vec<usize>,
}

impl Witnesses for ByClue<'_> {
    fn shows_needed(&mut self, rest: &[usize], candidate: usize) -> bool {
        self.rest.clear();
        // Positions past the clues are the fixed `under` literals.
        self.rest
            .extend(rest.iter().filter_map(|&i| self.order.get(i).copied()));
        self.inner.shows_needed(&self.rest, self.order[candidate])
    }

    fn found(&mut self, answer: &[usize]) {
        self.inner.found(answer);
    }

    fn dropped(&mut self, item: usize) {
        if let Some(&clue) = self.order.get(item) {
            self.inner.dropped(clue);
        }
    }
}
