//! satpuz: learning-rate branching (LRB; Liang, Ganesh, Poupart and Czarnecki, "Learning Rate
//! Based Branching Heuristic for SAT Solvers", SAT 2016, with MapleCOMSPS's reason-side rate
//! and locality; PATCHES.md).
//!
//! A variable's score is an exponential moving average of its learning rate: from its
//! assignment to its unassignment, the conflicts whose analysis it took part in (or stood in
//! the reason of a learnt clause's literal) divided by the conflicts that went by. A variable
//! left unassigned loses 5% of its score per conflict (locality), applied lazily when it is
//! next assigned or considered for a decision.

use varisat_formula::Var;

/// The moving average's step size at the start; it falls by [`STEP_FALL`] per conflict down
/// to [`STEP_MIN`] (the paper's values).
const STEP_START: f64 = 0.4;
const STEP_FALL: f64 = 1e-6;
const STEP_MIN: f64 = 0.06;
/// The score kept per conflict a variable stays unassigned (MapleCOMSPS's).
const UNASSIGNED_DECAY: f64 = 0.95;

/// The scores and the counters they are computed from.
pub struct LearningRate {
    /// Each variable's score.
    score: Vec<f64>,
    /// Conflict analyses a variable took part in since its assignment.
    participated: Vec<u32>,
    /// Learnt clauses in a reason of whose literals a variable stood since its assignment.
    reasoned: Vec<u32>,
    /// The conflict count when a variable was last unassigned or its score last decayed.
    decayed_at: Vec<u64>,
    /// Marks of the variables already counted for the learnt clause at hand.
    mark: Vec<u64>,
    /// The learnt clause at hand's mark.
    mark_now: u64,
    /// Conflicts so far.
    conflicts: u64,
    /// The moving average's step size.
    step: f64,
    /// (trail height, conflict count) pairs, ascending in both: every assignment at a height
    /// from a pair's up to the next pair's was made at the pair's conflict count. The trail is
    /// never asked when a variable was assigned; this is how its unassignment knows.
    assigned_since: Vec<(usize, u64)>,
    /// While a backtrack unassigns: the pair of the height last unassigned.
    cursor: usize,
}

impl LearningRate {
    /// Scores for `count` variables, all zero.
    pub fn new(count: usize) -> LearningRate {
        let mut lr = LearningRate {
            score: vec![],
            participated: vec![],
            reasoned: vec![],
            decayed_at: vec![],
            mark: vec![],
            mark_now: 0,
            conflicts: 0,
            step: STEP_START,
            assigned_since: vec![(0, 0)],
            cursor: 0,
        };
        lr.set_var_count(count);
        lr
    }

    pub fn set_var_count(&mut self, count: usize) {
        self.score.resize(count, 0.0);
        self.participated.resize(count, 0);
        self.reasoned.resize(count, 0);
        self.decayed_at.resize(count, self.conflicts);
        self.mark.resize(count, 0);
    }

    pub fn score(&self, var: Var) -> f64 {
        self.score[var.index()]
    }

    /// A new variable in `var`'s place.
    pub fn reset(&mut self, var: Var) {
        self.score[var.index()] = 0.0;
        self.participated[var.index()] = 0;
        self.reasoned[var.index()] = 0;
        self.decayed_at[var.index()] = self.conflicts;
    }

    /// `var` took part in the analysis of the conflict at hand.
    pub fn participated(&mut self, var: Var) {
        self.participated[var.index()] += 1;
    }

    /// Starts the learnt clause at hand's reason side: its own variables, then those of its
    /// literals' reasons ([`LearningRate::reason_side`]) are each counted once.
    pub fn begin_reason_side(&mut self, clause_vars: impl Iterator<Item = Var>) {
        self.mark_now += 1;
        for var in clause_vars {
            self.mark[var.index()] = self.mark_now;
        }
    }

    /// `var` stands in the reason of a literal of the learnt clause at hand.
    pub fn reason_side(&mut self, var: Var) {
        if self.mark[var.index()] != self.mark_now {
            self.mark[var.index()] = self.mark_now;
            self.reasoned[var.index()] += 1;
        }
    }

    /// A conflict's analysis is done.
    pub fn conflict(&mut self) {
        self.conflicts += 1;
        self.step = (self.step - STEP_FALL).max(STEP_MIN);
    }

    /// Decays `var`'s score for the conflicts since it was last decayed, while it stood
    /// unassigned; returns whether any went by.
    pub fn catch_up(&mut self, var: Var) -> bool {
        let age = self.conflicts - self.decayed_at[var.index()];
        if age == 0 {
            return false;
        }
        self.score[var.index()] *= UNASSIGNED_DECAY.powi(age.min(i32::MAX as u64) as i32);
        self.decayed_at[var.index()] = self.conflicts;
        true
    }

    /// A backtrack is about to unassign the trail from height `start` up, in order.
    pub fn begin_backtrack(&mut self, start: usize) {
        self.cursor = self
            .assigned_since
            .partition_point(|&(height, _)| height <= start)
            .saturating_sub(1);
    }

    /// Unassigns `var`, assigned at trail height `height`: its score catches up with the
    /// conflicts it stood unassigned before, then moves towards its learning rate.
    pub fn unassign(&mut self, var: Var, height: usize) {
        while let Some(&(next, _)) = self.assigned_since.get(self.cursor + 1) {
            if next > height {
                break;
            }
            self.cursor += 1;
        }
        let assigned_at = self.assigned_since[self.cursor].1;
        let index = var.index();
        // Assigned before the pair was recorded (when this was switched on): no decay owed.
        let unassigned_for = assigned_at.saturating_sub(self.decayed_at[index]);
        let mut score = self.score[index];
        if unassigned_for > 0 {
            score *= UNASSIGNED_DECAY.powi(unassigned_for.min(i32::MAX as u64) as i32);
        }
        let interval = self.conflicts - assigned_at;
        if interval > 0 {
            let rate =
                (self.participated[index] + self.reasoned[index]) as f64 / interval as f64;
            score = (1.0 - self.step) * score + self.step * rate;
        }
        self.score[index] = score;
        self.participated[index] = 0;
        self.reasoned[index] = 0;
        self.decayed_at[index] = self.conflicts;
    }

    /// A backtrack has cut the trail to height `start`: later assignments are made at the
    /// conflict count now.
    pub fn end_backtrack(&mut self, start: usize) {
        while self
            .assigned_since
            .last()
            .is_some_and(|&(height, _)| height >= start)
        {
            self.assigned_since.pop();
        }
        if self.assigned_since.last().map(|&(_, at)| at) != Some(self.conflicts) {
            self.assigned_since.push((start, self.conflicts));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(index: usize) -> Var {
        Var::from_index(index)
    }

    #[test]
    fn a_score_moves_towards_the_learning_rate_and_decays_while_unassigned() {
        let mut lr = LearningRate::new(3);
        // Heights 0, 1, 2 assigned at conflict 0: vars 0, 1, 2.
        // Conflict 1: var 0 takes part; var 1 stands in a reason.
        lr.participated(var(0));
        lr.begin_reason_side(std::iter::once(var(0)));
        lr.reason_side(var(1));
        lr.reason_side(var(1));
        lr.reason_side(var(0));
        lr.conflict();
        // Conflict 2: var 0 again.
        lr.participated(var(0));
        lr.conflict();
        // Backtrack to height 1: vars 1 and 2 (heights 1, 2) unassigned after 2 conflicts.
        lr.begin_backtrack(1);
        lr.unassign(var(1), 1);
        lr.unassign(var(2), 2);
        lr.end_backtrack(1);
        let step = STEP_START - 2.0 * STEP_FALL;
        assert!((lr.score(var(1)) - step * 0.5).abs() < 1e-12, "reason side, once");
        assert_eq!(lr.score(var(2)), 0.0, "no part: rate 0");
        // Height 1 reassigned to var 2 at conflict 2; conflict 3 without it; unassigned.
        lr.conflict();
        lr.begin_backtrack(0);
        lr.unassign(var(0), 0);
        lr.unassign(var(2), 1);
        lr.end_backtrack(0);
        let step3 = STEP_START - 3.0 * STEP_FALL;
        assert!((lr.score(var(0)) - step3 * 2.0 / 3.0).abs() < 1e-12, "2 of 3 conflicts");
        assert_eq!(lr.score(var(2)), 0.0);
        // Var 1, unassigned since conflict 2, decays by 0.95 per conflict when looked at.
        let before = lr.score(var(1));
        assert!(lr.catch_up(var(1)));
        assert!((lr.score(var(1)) - before * UNASSIGNED_DECAY).abs() < 1e-12);
        assert!(!lr.catch_up(var(1)), "caught up");
    }

    #[test]
    fn the_step_size_falls_to_its_floor() {
        let mut lr = LearningRate::new(1);
        for _ in 0..400_000 {
            lr.conflict();
        }
        assert!((lr.step - STEP_MIN).abs() < 1e-12);
    }

    #[test]
    fn assignments_after_a_restart_count_from_the_conflicts_then() {
        let mut lr = LearningRate::new(2);
        lr.conflict();
        lr.conflict();
        // A restart (no conflict) cuts the trail to height 0; var 1 assigned at height 0 then.
        lr.begin_backtrack(0);
        lr.unassign(var(0), 0);
        lr.end_backtrack(0);
        lr.participated(var(1));
        lr.conflict();
        lr.begin_backtrack(0);
        lr.unassign(var(1), 0);
        lr.end_backtrack(0);
        let step = STEP_START - 3.0 * STEP_FALL;
        assert!((lr.score(var(1)) - step).abs() < 1e-12, "1 of 1 conflict, not 1 of 3");
    }
}
