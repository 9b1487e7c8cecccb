//! The VSIDS branching heuristic.
//!
//! The VSIDS (Variable State Independent Decaying Sum) branching heuristic keeps an activity value
//! for each variable. For each conflict some variables are bumped, which means that their activity
//! is increased by a constant. After bumping some variables, the activity of all variables is
//! decayed by multiplying it with a constant below 1.
//!
//! When a decision is made, it branches on the vairable with the highest activity among the
//! unassigned variables.
//!
//! There are a few variants that differ in which variables are bumped. Varisat follows Minisat (and
//! others) by bumping all variables in the conflict clause and all variables resolved on during
//! conflict analysis.

use ordered_float::OrderedFloat;

use varisat_formula::Var;

use crate::config::SolverConfig;

use super::learning_rate::LearningRate;

/// satpuz: the decay a ramping decay starts at (`vsids_decay_ramp`).
const RAMP_START: f32 = 0.8;
/// satpuz: how much a ramping decay rises at a time.
const RAMP_STEP: f32 = 0.01;
/// satpuz: conflicts between two rises of a ramping decay.
const RAMP_CONFLICTS: u64 = 5000;

/// The VSIDS branching heuristic.
///
/// As an optimization instead of decaying all activities each conflict, the bump value is divided
/// by the decay factor each conflict. When this would cause a value to overflow all activities and
/// the bump value are scaled down. Apart from a scaling factor that is the same for all involved
/// values, this is equivalent to the naive implementation. As we only care about the order of
/// activities we can ignore the scaling factor.
pub struct Vsids {
    /// The activity of each variable.
    activity: Vec<OrderedFloat<f32>>,
    /// satpuz: per variable, its priority and activity as one integer ordered as the pair
    /// (`heap_key`), which the heap compares when learning-rate branching is off.
    key: Vec<u64>,
    /// A binary heap of the variables.
    heap: Vec<Var>,
    /// The position in the binary heap for each variable.
    position: Vec<Option<usize>>,
    /// satpuz: variables decided before all others whatever their activity (the projected
    /// variables of an enumeration, `crate::enumerate`; PATCHES.md).
    priority: Vec<bool>,
    /// Some variable has priority.
    prioritized: bool,
    /// The value to add on bumping.
    bump: f32,
    /// The inverse of the decay factor.
    inv_decay: f32,
    /// satpuz: decisions in a thousand taken on a random variable (PATCHES.md, the ninth
    /// change); 0 never.
    random_permille: u64,
    /// satpuz: random decisions take a random value.
    random_phases: bool,
    /// satpuz: xorshift64 state of the random decisions; a fixed seed keeps searches
    /// reproducible.
    random_state: u64,
    /// satpuz: the decay factor the ramp rises to (`vsids_decay`), if the decay ramps.
    ramp_target: Option<f32>,
    /// satpuz: the decay factor now, while it ramps.
    ramp_decay: f32,
    /// satpuz: conflicts since the decay last rose.
    ramp_conflicts: u64,
    /// satpuz: with learning-rate branching, its scores, which then order the heap; the
    /// activities above are still bumped and decayed, ready for when it is switched off.
    learning_rate: Option<LearningRate>,
}

impl Default for Vsids {
    fn default() -> Vsids {
        Vsids {
            activity: vec![],
            key: vec![],
            heap: vec![],
            position: vec![],
            priority: vec![],
            prioritized: false,
            bump: 1.0,
            inv_decay: 1.0 / SolverConfig::default().vsids_decay,
            random_permille: 0,
            random_phases: false,
            // MiniSat's default random seed.
            random_state: 91_648_253,
            ramp_target: None,
            ramp_decay: 0.0,
            ramp_conflicts: 0,
            learning_rate: None,
        }
    }
}

impl Vsids {
    /// Update structures for a new variable count.
    pub fn set_var_count(&mut self, count: usize) {
        self.activity.resize(count, OrderedFloat(0.0));
        self.key.resize(count, heap_key(false, OrderedFloat(0.0)));
        self.position.resize(count, None);
        self.priority.resize(count, false);
        if let Some(lr) = &mut self.learning_rate {
            lr.set_var_count(count);
        }
    }

    /// Variables this knows of.
    pub fn var_count(&self) -> usize {
        self.priority.len()
    }

    /// satpuz: switches learning-rate branching on (scores from zero, if it was off) or off
    /// (VSIDS's activities order the heap again).
    pub fn configure_learning_rate(&mut self, on: bool) {
        if on == self.learning_rate.is_some() {
            return;
        }
        self.learning_rate = on.then(|| LearningRate::new(self.var_count()));
        for pos in (0..self.heap.len()).rev() {
            self.sift_down(pos);
        }
    }

    /// satpuz: learning-rate branching is on.
    pub fn learning_rate_mut(&mut self) -> Option<&mut LearningRate> {
        self.learning_rate.as_mut()
    }

    /// satpuz: a backtrack unassigns `vars`, assigned at trail heights from `start` up, in
    /// order: with learning-rate branching their scores are updated (before
    /// [`Vsids::make_available`] puts them back).
    pub fn unassign(&mut self, vars: impl Iterator<Item = Var>, start: usize) {
        let Some(lr) = &mut self.learning_rate else {
            return;
        };
        lr.begin_backtrack(start);
        for (height, var) in (start..).zip(vars) {
            if let Some(lr) = &mut self.learning_rate {
                lr.unassign(var, height);
            }
            self.reposition(var);
        }
        if let Some(lr) = &mut self.learning_rate {
            lr.end_backtrack(start);
        }
    }

    /// Restores the heap's order around `var`, whose key changed, if it is in the heap.
    fn reposition(&mut self, var: Var) {
        if let Some(pos) = self.position[var.index()] {
            self.sift_up(pos);
            if let Some(pos) = self.position[var.index()] {
                self.sift_down(pos);
            }
        }
    }

    /// satpuz: the first variable of the heap that `is_free`, taken off the heap (the
    /// variables before it too). With learning-rate branching, the top's score first catches
    /// up with the conflicts it stood unassigned, which may sink it.
    pub fn next_free(&mut self, is_free: impl Fn(Var) -> bool) -> Option<Var> {
        loop {
            let &top = self.heap.first()?;
            if !is_free(top) {
                self.next();
                continue;
            }
            if let Some(lr) = &mut self.learning_rate {
                if lr.catch_up(top) {
                    self.sift_down(0);
                    continue;
                }
            }
            return self.next();
        }
    }

    /// satpuz: whether `var` is decided before every variable without priority.
    pub fn has_priority(&self, var: Var) -> bool {
        self.priority[var.index()]
    }

    /// satpuz: gives priority to exactly the variables `prioritized` says, and reorders the heap.
    pub fn set_priority(&mut self, prioritized: impl Fn(Var) -> bool) {
        for (index, flag) in self.priority.iter_mut().enumerate() {
            *flag = prioritized(Var::from_index(index));
        }
        self.prioritized = self.priority.contains(&true);
        self.refresh_keys();
        for pos in (0..self.heap.len()).rev() {
            self.sift_down(pos);
        }
    }

    /// satpuz: sets how often a decision is random, and whether it takes a random value.
    pub fn configure_random_decisions(&mut self, permille: u64, random_phases: bool) {
        self.random_permille = permille;
        self.random_phases = random_phases;
    }

    fn next_random(&mut self) -> u64 {
        let mut x = self.random_state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.random_state = x;
        x
    }

    /// satpuz: at the configured frequency, a variable drawn from the heap, which may be
    /// assigned (assigned variables leave the heap only when they reach its top), with a
    /// random value if random phases are on. Never while some variable has priority: an
    /// enumeration must decide those first.
    pub fn random_decision(&mut self) -> Option<(Var, Option<bool>)> {
        if self.random_permille == 0 || self.prioritized || self.heap.is_empty() {
            return None;
        }
        if self.next_random() % 1000 >= self.random_permille {
            return None;
        }
        let drawn = self.next_random() % self.heap.len() as u64;
        let var = self.heap[drawn as usize];
        let phase = if self.random_phases {
            Some(self.next_random() & (1 << 32) != 0)
        } else {
            None
        };
        Some((var, phase))
    }

    /// Rescale activities if any value exceeds this value.
    fn rescale_limit() -> f32 {
        std::f32::MAX / 16.0
    }

    /// Change the decay factor.
    pub fn set_decay(&mut self, decay: f32) {
        assert!(decay < 1.0);
        assert!(decay > 1.0 / 16.0);
        self.inv_decay = 1.0 / decay;
    }

    /// satpuz: with `ramp`, the decay starts at [`RAMP_START`] (or the set decay, if lower) and
    /// rises by [`RAMP_STEP`] every [`RAMP_CONFLICTS`] conflicts up to the set decay, as in
    /// Glucose: early conflicts, on a formula the search knows little of, are soon forgotten.
    /// Call after [`Vsids::set_decay`].
    pub fn configure_decay_ramp(&mut self, ramp: bool) {
        let target = 1.0 / self.inv_decay;
        if ramp {
            self.ramp_target = Some(target);
            self.ramp_decay = target.min(RAMP_START);
            self.ramp_conflicts = 0;
            self.inv_decay = 1.0 / self.ramp_decay;
        } else if let Some(target) = self.ramp_target.take() {
            self.inv_decay = 1.0 / target;
        }
    }

    /// Bump a variable by increasing its activity.
    pub fn bump(&mut self, var: Var) {
        // satpuz: with learning-rate branching the activity still counts, for when VSIDS
        // orders the heap again, but the heap goes by the learning rates.
        if let Some(lr) = &mut self.learning_rate {
            lr.participated(var);
        }
        let rescale = {
            let value = &mut self.activity[var.index()];
            value.0 += self.bump;
            value.0 >= Self::rescale_limit()
        };
        if rescale {
            self.rescale();
        } else {
            self.refresh_key(var);
        }
        if self.learning_rate.is_some() {
            return;
        }
        if let Some(pos) = self.position[var.index()] {
            self.sift_up(pos);
        }
    }

    /// Decay all variable activities.
    pub fn decay(&mut self) {
        if let Some(target) = self.ramp_target {
            self.ramp_conflicts += 1;
            if self.ramp_conflicts == RAMP_CONFLICTS {
                self.ramp_conflicts = 0;
                self.ramp_decay = (self.ramp_decay + RAMP_STEP).min(target);
                self.inv_decay = 1.0 / self.ramp_decay;
                if self.ramp_decay >= target {
                    self.ramp_target = None;
                }
            }
        }
        if let Some(lr) = &mut self.learning_rate {
            lr.conflict();
        }
        self.bump *= self.inv_decay;
        if self.bump >= Self::rescale_limit() {
            self.rescale();
        }
    }

    /// Rescale all values to avoid an overflow.
    fn rescale(&mut self) {
        let rescale_factor = 1.0 / Self::rescale_limit();
        for activity in &mut self.activity {
            activity.0 *= rescale_factor;
        }
        self.bump *= rescale_factor;
        self.refresh_keys();
    }

    /// satpuz: `var`'s heap key after its activity or priority changed.
    fn refresh_key(&mut self, var: Var) {
        let i = var.index();
        self.key[i] = heap_key(self.priority[i], self.activity[i]);
    }

    /// satpuz: every heap key after the activities or the priorities changed.
    fn refresh_keys(&mut self) {
        for ((key, &priority), &activity) in self.key.iter_mut().zip(&self.priority).zip(&self.activity) {
            *key = heap_key(priority, activity);
        }
    }

    /// Reset the activity of an unavailable variable to zero.
    ///
    /// Panics if the variable is still available.
    pub fn reset(&mut self, var: Var) {
        assert!(self.position[var.index()].is_none());
        self.activity[var.index()] = OrderedFloat(0.0);
        self.refresh_key(var);
        if let Some(lr) = &mut self.learning_rate {
            lr.reset(var);
        }
    }

    /// Remove a variable from the heap if present.
    pub fn make_unavailable(&mut self, var: Var) {
        if let Some(position) = self.position[var.index()] {
            self.heap.swap_remove(position);
            if self.heap.len() > position {
                let moved_var = self.heap[position];
                self.position[moved_var.index()] = Some(position);
                // satpuz: the last variable, moved into the gap, may belong above it; as
                // published it only goes down, a slip in the order that priorities would turn
                // into a wrong enumeration. Without them the published order is kept, so every
                // other search takes the same path (PATCHES.md).
                if self.prioritized {
                    self.sift_up(position);
                }
                if self.position[moved_var.index()] == Some(position) {
                    self.sift_down(position);
                }
            }
            self.position[var.index()] = None;
        }
    }

    /// Insert a variable into the heap if not already present.
    pub fn make_available(&mut self, var: Var) {
        if self.position[var.index()].is_none() {
            let position = self.heap.len();
            self.position[var.index()] = Some(position);
            self.heap.push(var);
            self.sift_up(position);
        }
    }

    /// Move a variable closer to the root until the heap property is satisfied.
    fn sift_up(&mut self, pos: usize) {
        // satpuz: one loop per key, so that with learning-rate branching off each comparison
        // reads the published key without asking which.
        let Vsids {
            heap,
            position,
            priority,
            key,
            learning_rate,
            ..
        } = self;
        match learning_rate {
            Some(lr) => sift_up_by(heap, position, pos, |var| {
                (priority[var.index()], OrderedFloat(lr.score(var)))
            }),
            None => sift_up_by(heap, position, pos, |var| key[var.index()]),
        }
    }

    /// Move a variable away from the root until the heap property is satisfied.
    fn sift_down(&mut self, pos: usize) {
        let Vsids {
            heap,
            position,
            priority,
            key,
            learning_rate,
            ..
        } = self;
        match learning_rate {
            Some(lr) => sift_down_by(heap, position, pos, |var| {
                (priority[var.index()], OrderedFloat(lr.score(var)))
            }),
            None => sift_down_by(heap, position, pos, |var| key[var.index()]),
        }
    }
}

/// satpuz: a variable's priority and activity as one integer that orders as the pair does
/// (priority first): an activity is never negative nor NaN (it starts at zero and only grows by
/// positive bumps or shrinks by a positive factor), and such floats order as their bits do.
fn heap_key(priority: bool, activity: OrderedFloat<f32>) -> u64 {
    debug_assert!(activity.0 >= 0.0 && activity.0.is_sign_positive());
    (u64::from(priority) << 32) | u64::from(activity.0.to_bits())
}

/// Move a variable closer to the root until the heap property is satisfied (by `key`:
/// prioritized variables first, then the higher score).
///
/// satpuz: the variable's key is read once and the parents it passes move down into the hole
/// it leaves, the variable written once where it stops: the same comparisons and the same
/// heap as the published swap at every level, in fewer reads and writes.
fn sift_up_by<K: PartialOrd>(
    heap: &mut [Var],
    position: &mut [Option<usize>],
    mut pos: usize,
    key: impl Fn(Var) -> K,
) {
    let var = heap[pos];
    let var_key = key(var);
    while pos > 0 {
        let parent_pos = (pos - 1) / 2;
        let parent_var = heap[parent_pos];
        if key(parent_var) >= var_key {
            break;
        }
        heap[pos] = parent_var;
        position[parent_var.index()] = Some(pos);
        pos = parent_pos;
    }
    heap[pos] = var;
    position[var.index()] = Some(pos);
}

/// Move a variable away from the root until the heap property is satisfied (by `key`).
///
/// satpuz: as [`sift_up_by`], the variable's key read once and the children it passes moved up
/// into its hole. The published sift compared the variable with the left child, then the
/// larger of the two with the right one; here the larger child (the right one only when
/// strictly larger) is picked first, a choice the compiler makes without a branch, and the
/// variable goes down when it is smaller than that child: the same moves, ties included, so
/// the same heap.
fn sift_down_by<K: PartialOrd>(
    heap: &mut [Var],
    position: &mut [Option<usize>],
    mut pos: usize,
    key: impl Fn(Var) -> K,
) {
    let var = heap[pos];
    let var_key = key(var);
    let len = heap.len();
    loop {
        let left_pos = pos * 2 + 1;
        if left_pos >= len {
            break;
        }
        let right_pos = left_pos + 1;
        let mut child_pos = left_pos;
        let mut child_key = key(heap[left_pos]);
        if right_pos < len {
            let right_key = key(heap[right_pos]);
            let right = child_key < right_key;
            child_pos = if right { right_pos } else { left_pos };
            child_key = if right { right_key } else { child_key };
        }
        if !(var_key < child_key) {
            break;
        }
        let child = heap[child_pos];
        heap[pos] = child;
        position[child.index()] = Some(pos);
        pos = child_pos;
    }
    heap[pos] = var;
    position[var.index()] = Some(pos);
}

impl Iterator for Vsids {
    type Item = Var;

    fn next(&mut self) -> Option<Var> {
        if self.heap.is_empty() {
            None
        } else {
            let var = self.heap.swap_remove(0);
            if !self.heap.is_empty() {
                let top_var = self.heap[0];
                self.position[top_var.index()] = Some(0);
                self.sift_down(0);
            }
            self.position[var.index()] = None;
            Some(var)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use varisat_formula::var;

    #[test]
    fn rescale_bump() {
        let mut vsids = Vsids::default();
        vsids.set_var_count(4);
        vsids.set_decay(1.0 / 8.0);

        for _ in 0..4 {
            vsids.next();
        }

        for i in 0..4 {
            for _ in 0..i {
                vsids.bump(Var::from_index(i));
            }
        }

        for _ in 0..41 {
            vsids.decay();
        }

        for _ in 0..30 {
            vsids.bump(var!(4));
        }

        // Decay is a power of two so these values are exact
        #[allow(clippy::float_cmp)]
        {
            assert_eq!(vsids.activity[0].0, 0.0);
            assert_eq!(vsids.activity[2].0, vsids.activity[1].0 * 2.0);
            assert!(vsids.activity[3] > vsids.activity[2]);
        }
    }

    #[test]
    fn rescale_decay() {
        let mut vsids = Vsids::default();
        vsids.set_var_count(4);
        vsids.set_decay(1.0 / 8.0);

        for _ in 0..4 {
            vsids.next();
        }

        for i in 0..4 {
            for _ in 0..i {
                vsids.bump(Var::from_index(i));
            }
        }

        for _ in 0..60 {
            vsids.decay();
        }

        // Decay is a power of two so these values are exact
        #[allow(clippy::float_cmp)]
        {
            assert_eq!(vsids.activity[0].0, 0.0);
            assert_eq!(vsids.activity[2].0, vsids.activity[1].0 * 2.0);
            assert_eq!(vsids.activity[3].0, vsids.activity[1].0 * 3.0);
        }
    }

    #[test]
    fn a_ramping_decay_rises_to_the_set_decay_and_stays() {
        let mut vsids = Vsids::default();
        vsids.set_decay(0.95);
        vsids.configure_decay_ramp(true);
        let decay = |vsids: &Vsids| 1.0 / vsids.inv_decay;
        assert!((decay(&vsids) - 0.8).abs() < 1e-6);
        for _ in 0..RAMP_CONFLICTS - 1 {
            vsids.decay();
        }
        assert!((decay(&vsids) - 0.8).abs() < 1e-6, "not before {RAMP_CONFLICTS}");
        vsids.decay();
        assert!((decay(&vsids) - 0.81).abs() < 1e-6);
        for _ in 0..20 * RAMP_CONFLICTS {
            vsids.decay();
        }
        assert!((decay(&vsids) - 0.95).abs() < 1e-6, "up to the set decay, no further");
        vsids.configure_decay_ramp(true);
        vsids.configure_decay_ramp(false);
        assert!((decay(&vsids) - 0.95).abs() < 1e-6, "off: the set decay");
        vsids.set_decay(0.7);
        vsids.configure_decay_ramp(true);
        assert!((decay(&vsids) - 0.7).abs() < 1e-6, "a set decay below the start: no ramp");
    }

    #[test]
    fn random_decisions_come_at_their_frequency_from_the_heap_and_never_under_priority() {
        let mut vsids = Vsids::default();
        vsids.set_var_count(8);
        for i in 0..8 {
            vsids.make_available(Var::from_index(i));
        }
        assert_eq!(vsids.random_decision(), None, "off by default");
        vsids.configure_random_decisions(1000, false);
        let (var, phase) = vsids.random_decision().expect("every decision random");
        assert!(var.index() < 8);
        assert_eq!(phase, None, "the saved phase");
        vsids.configure_random_decisions(250, true);
        let drawn: Vec<_> = (0..4000).filter_map(|_| vsids.random_decision()).collect();
        assert!((800..1200).contains(&drawn.len()), "{} of 4000", drawn.len());
        assert!(drawn.iter().any(|&(_, phase)| phase == Some(true)));
        assert!(drawn.iter().any(|&(_, phase)| phase == Some(false)));
        vsids.configure_random_decisions(1000, true);
        vsids.set_priority(|var| var.index() == 3);
        assert_eq!(vsids.random_decision(), None);
    }

    #[test]
    fn heap_sorts() {
        let mut vsids = Vsids::default();
        vsids.set_var_count(8);

        for _ in 0..8 {
            vsids.next();
        }

        for i in 0..8 {
            for _ in 0..i {
                vsids.bump(Var::from_index(i));
            }
        }

        for i in 0..8 {
            vsids.make_available(Var::from_index((i * 5) % 8));
        }

        for i in (0..8).rev() {
            assert_eq!(vsids.next(), Some(Var::from_index(i)));
        }
        assert_eq!(vsids.next(), None);
    }

    #[test]
    fn heap_bump() {
        let mut vsids = Vsids::default();
        vsids.set_var_count(8);
        vsids.set_decay(1.0 / 8.0);

        for _ in 0..8 {
            vsids.next();
        }

        for i in 0..8 {
            for _ in 0..i {
                vsids.bump(Var::from_index(i));
            }
        }

        for i in 0..8 {
            vsids.make_available(Var::from_index((i * 5) % 8));
        }

        for i in (0..4).rev() {
            assert_eq!(vsids.next(), Some(Var::from_index(i + 4)));
        }

        vsids.decay();
        vsids.decay();

        for i in 0..8 {
            for _ in 0..(8 - i) {
                vsids.bump(Var::from_index(i));
            }
        }

        for i in 0..4 {
            assert_eq!(vsids.next(), Some(Var::from_index(i)));
        }

        assert_eq!(vsids.next(), None);
    }
}
