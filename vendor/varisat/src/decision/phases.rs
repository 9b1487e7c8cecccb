//! satpuz: target and best phases, and rephasing (PATCHES.md, the sixth change).
//!
//! As published, a decision takes the value its variable had last (phase saving). With target
//! phases on, it takes the value the variable had in the largest conflict-free trail since the
//! last rephase, when it was on that trail (CaDiCaL's and Kissat's "target" phases). The best
//! phases are those of the largest conflict-free trail since the best phases were last put into
//! use. Rephasing replaces the saved phases, at growing intervals, by the original value, its
//! inverse or the best phases (CaDiCaL's schedule for its stable mode, without local search).
//!
//! Heights are counted from the first unit ever assigned (`Trail::units_removed` plus a trail
//! index), so that unit simplification, which clears the trail at level 0, leaves them
//! comparable.

use varisat_formula::{Lit, Var};

/// Target and best phases with the trail heights they were taken at.
#[derive(Default)]
pub struct Phases {
    /// Decisions take the target phase where there is one, unless focused.
    target_enabled: bool,
    /// The search is in focused mode (`crate::schedule::modes`), where target phases are off.
    focused: bool,
    /// Conflicts between the first two rephasings, growing by as much after each; 0: never.
    rephase_interval: u64,
    target: Vec<Option<bool>>,
    best: Vec<Option<bool>>,
    target_height: usize,
    best_height: usize,
    /// Height of the trail that propagated without a conflict last (for a conflict, the height
    /// where its level began).
    no_conflict_until: usize,
    /// Rephasings so far.
    rephased: u64,
}

/// What a rephasing puts into the saved phases.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Rephase {
    /// Every variable false, varisat's initial phase.
    Original,
    /// Every variable true.
    Inverted,
    /// The best phases, where there are any.
    Best,
}

impl Phases {
    /// Update structures for a new variable count.
    pub fn set_var_count(&mut self, count: usize) {
        self.target.resize(count, None);
        self.best.resize(count, None);
    }

    pub fn configure(&mut self, target_enabled: bool, rephase_interval: u64) {
        self.target_enabled = target_enabled;
        self.rephase_interval = rephase_interval;
    }

    pub fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }

    /// Whether the trail heights need recording (anything here is on).
    pub fn tracking(&self) -> bool {
        self.target_enabled || self.rephase_interval > 0
    }

    /// The phase a decision on `var` takes, where target phases give one.
    pub fn decision_phase(&self, var: Var) -> Option<bool> {
        if self.target_enabled && !self.focused {
            self.target[var.index()]
        } else {
            None
        }
    }

    /// Propagation ended at `height` without a conflict, or with a conflict at a level that
    /// began at `height`.
    pub fn note_no_conflict_until(&mut self, height: usize) {
        self.no_conflict_until = height;
    }

    /// Before a backtrack: takes the conflict-free part of the trail as target and best phases
    /// when it is the largest since they were last reset. `trail` is the whole trail, the first
    /// of which has height `units_removed`.
    pub fn update_target_and_best(&mut self, trail: &[Lit], units_removed: usize) {
        let height = self.no_conflict_until;
        let prefix = &trail[..height.saturating_sub(units_removed).min(trail.len())];
        if height > self.target_height {
            for &lit in prefix {
                self.target[lit.index()] = Some(lit.is_positive());
            }
            self.target_height = height;
        }
        if height > self.best_height {
            for &lit in prefix {
                self.best[lit.index()] = Some(lit.is_positive());
            }
            self.best_height = height;
        }
    }

    /// The conflicts after the current rephasing until the next one.
    pub fn rephase_delay(&self) -> Option<u64> {
        if self.rephase_interval == 0 {
            None
        } else {
            Some(self.rephase_interval * (self.rephased + 1))
        }
    }

    /// Rephases `saved` (the saved phases; call after backtracking, which overwrites them):
    /// original, inverted, then (best, original, best, inverted) over and over. Clears the
    /// target phases, and the best after they are used.
    pub fn rephase(&mut self, saved: &mut [bool]) -> Rephase {
        let kind = match self.rephased {
            0 => Rephase::Original,
            1 => Rephase::Inverted,
            n => match (n - 2) % 4 {
                0 | 2 => Rephase::Best,
                1 => Rephase::Original,
                _ => Rephase::Inverted,
            },
        };
        match kind {
            Rephase::Original => saved.iter_mut().for_each(|phase| *phase = false),
            Rephase::Inverted => saved.iter_mut().for_each(|phase| *phase = true),
            Rephase::Best => {
                for (phase, best) in saved.iter_mut().zip(&self.best) {
                    if let Some(best) = best {
                        *phase = *best;
                    }
                }
                self.best_height = 0;
            }
        }
        self.target.iter_mut().for_each(|phase| *phase = None);
        self.target_height = 0;
        self.rephased += 1;
        kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rephasing_follows_the_stable_schedule_and_grows_its_interval() {
        let mut phases = Phases::default();
        phases.configure(true, 10);
        phases.set_var_count(2);
        let mut saved = vec![false, true];
        let mut kinds = vec![];
        let mut delays = vec![];
        for _ in 0..8 {
            delays.push(phases.rephase_delay().unwrap());
            kinds.push(phases.rephase(&mut saved));
        }
        use Rephase::*;
        assert_eq!(
            kinds,
            [Original, Inverted, Best, Original, Best, Inverted, Best, Original]
        );
        assert_eq!(delays, [10, 20, 30, 40, 50, 60, 70, 80]);
    }

    #[test]
    fn target_is_the_largest_conflict_free_trail_since_the_last_rephase() {
        let mut phases = Phases::default();
        phases.configure(true, 0);
        phases.set_var_count(3);
        let [a, b, c] = [0, 1, 2].map(Var::from_index);
        // a, !b propagated without conflict, then c led to a conflict at its level.
        let trail = [a.positive(), b.negative(), c.positive()];
        phases.note_no_conflict_until(2);
        phases.update_target_and_best(&trail, 0);
        assert_eq!(phases.decision_phase(a), Some(true));
        assert_eq!(phases.decision_phase(b), Some(false));
        assert_eq!(phases.decision_phase(c), None);
        // A shorter conflict-free trail changes nothing.
        phases.note_no_conflict_until(1);
        phases.update_target_and_best(&[a.negative()], 0);
        assert_eq!(phases.decision_phase(a), Some(true));
        // After a rephase the next trail is the target, and the best survives until used.
        let mut saved = vec![false; 3];
        phases.rephase(&mut saved);
        assert_eq!(phases.decision_phase(a), None);
        phases.update_target_and_best(&[a.negative()], 0);
        assert_eq!(phases.decision_phase(a), Some(false));
        phases.rephase(&mut saved); // inverted
        phases.rephase(&mut saved); // best
        assert_eq!(saved, [true, false, true]);
    }
}
