//! The search: DPLL over the projected variables with unit propagation, splitting what is
//! left into independent components after each decision and counting each one once.
//!
//! The projected count of a formula whose variables and clauses fall apart into components
//! is the product of the components' projected counts: the components share nothing, so a
//! projected assignment extends to a model exactly when each component's part extends. A
//! component with projected variables is counted by branching on one of them (the two counts
//! add up); a component without any counts 1 if it has a model and 0 if not, which a plain
//! DPLL search for one model settles (no split, no cache below it: a yes or no needs neither),
//! its answer cached as the component's count.

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::cache::Cache;
use super::formula::{Code, Formula, var_of};
use crate::solve::stop::{Stop, StopReason};

const UNSET: u8 = 0;

/// Conflicts between two halvings of every activity.
const HALVE_EVERY: u64 = 256;

/// Unassigned variables and the unsatisfied clauses over them, connected; both sorted.
#[derive(Debug, Default)]
pub(super) struct Component {
    pub(super) vars: Vec<u32>,
    pub(super) clauses: Vec<u32>,
}

/// The counter's state: an assignment with its trail, the cache, and scratch space.
pub(super) struct Counter<'f> {
    formula: &'f Formula,
    /// Per variable: [`UNSET`], 1 (true) or 2 (false).
    value: Vec<u8>,
    /// Literals set true, in order; undone back to a mark after each branch.
    trail: Vec<Code>,
    cache: Cache,
    /// Per variable and per clause: the split that last visited it ([`Counter::split`]).
    var_seen: Vec<u64>,
    clause_seen: Vec<u64>,
    split_generation: u64,
    /// Per clause: removed as blocked by a split above the current node ([`Counter::remove_blocked`]):
    /// propagation skips it until the split that removed it returns.
    removed: Vec<bool>,
    /// Clauses removed, in order, undone back to a mark when their split returns.
    removed_trail: Vec<u32>,
    /// Per clause: the split generation in whose blocked-clause queue it is.
    queued: Vec<u64>,
    /// Per literal: [`Counter::lit_stamp`] when in the clause being checked for blocking.
    lit_mark: Vec<u64>,
    lit_stamp: u64,
    blocked_queue: Vec<u32>,
    /// Per literal: occurrences in the component being decided on (zero between uses).
    lit_score: Vec<u32>,
    /// Per variable: conflicts it took part in, halved every [`HALVE_EVERY`] conflicts
    /// (sharpSAT's activity: a variable that keeps failing is worth deciding early).
    activity: Vec<u32>,
    conflicts: u64,
    stack: Vec<u32>,
    stop: &'f Stop,
    /// Decisions made so far.
    pub(super) decisions: u64,
    /// Components without projected variables, settled by a search for one model.
    pub(super) sat_checks: u64,
    /// Clauses removed during the search as blocked on a hidden literal.
    pub(super) blocked: u64,
}

impl<'f> Counter<'f> {
    pub(super) fn new(formula: &'f Formula, stop: &'f Stop) -> Self {
        let vars = formula.num_vars();
        Counter {
            formula,
            value: vec![UNSET; vars],
            trail: Vec::with_capacity(vars),
            cache: Cache::default(),
            var_seen: vec![0; vars],
            clause_seen: vec![0; formula.clauses.len()],
            split_generation: 0,
            removed: vec![false; formula.clauses.len()],
            removed_trail: Vec::new(),
            queued: vec![0; formula.clauses.len()],
            lit_mark: vec![0; 2 * vars],
            lit_stamp: 0,
            blocked_queue: Vec::new(),
            lit_score: vec![0; 2 * vars],
            activity: vec![0; vars],
            conflicts: 0,
            stack: Vec::new(),
            stop,
            decisions: 0,
            sat_checks: 0,
            blocked: 0,
        }
    }

    /// The cache, taken out (the counter's is left empty).
    pub(super) fn take_cache(&mut self) -> Cache {
        std::mem::take(&mut self.cache)
    }

    /// Cache look-ups answered from the cache, and times it was emptied for room.
    pub(super) fn cache_stats(&self) -> (u64, u64) {
        (self.cache.hits, self.cache.flushes)
    }

    /// The whole formula's projected count over the variables some clause mentions: the unit
    /// clauses first, then the components of what they leave.
    pub(super) fn count_formula(&mut self) -> Result<BigUint, StopReason> {
        let formula = self.formula;
        for clause in &formula.clauses {
            if let [lit] = clause[..] {
                match self.lit_value(lit) {
                    Some(true) => {}
                    Some(false) => return Ok(BigUint::zero()),
                    None => self.assign(lit),
                }
            }
        }
        if !self.propagate(0) {
            return Ok(BigUint::zero());
        }
        let everything = Component {
            vars: (0..formula.num_vars() as u32).collect(),
            clauses: (0..formula.clauses.len() as u32).collect(),
        };
        self.count_split(&everything)
    }

    /// Some(true/false) for an assigned literal, None for an unassigned one.
    fn lit_value(&self, lit: Code) -> Option<bool> {
        match self.value[var_of(lit)] {
            UNSET => None,
            v => Some(v == 1 + (lit & 1) as u8),
        }
    }

    fn assign(&mut self, lit: Code) {
        self.value[var_of(lit)] = 1 + (lit & 1) as u8;
        self.trail.push(lit);
    }

    fn undo(&mut self, mark: usize) {
        for &lit in &self.trail[mark..] {
            self.value[var_of(lit)] = UNSET;
        }
        self.trail.truncate(mark);
    }

    /// Unit propagation of the trail from `from` on; false on a conflict.
    ///
    /// Each falsified literal's clauses are scanned whole rather than watched: the files this
    /// counts have clauses of a few literals, and a scan needs no watch lists to restore on
    /// backtracking.
    fn propagate(&mut self, from: usize) -> bool {
        let formula = self.formula;
        let mut head = from;
        while head < self.trail.len() {
            let falsified = self.trail[head] ^ 1;
            head += 1;
            for &c in &formula.occurrences[falsified as usize] {
                if self.removed[c as usize] {
                    continue;
                }
                let mut open = None;
                let mut open_count = 0;
                for &l in &formula.clauses[c as usize] {
                    match self.lit_value(l) {
                        Some(true) => {
                            open_count = 2; // satisfied: nothing to do
                            break;
                        }
                        Some(false) => {}
                        None => {
                            open = Some(l);
                            open_count += 1;
                            if open_count == 2 {
                                break;
                            }
                        }
                    }
                }
                match (open_count, open) {
                    (0, _) => {
                        self.bump(c);
                        return false;
                    }
                    (1, Some(unit)) => self.assign(unit),
                    _ => {}
                }
            }
        }
        true
    }

    /// A conflict on `clause`: its variables' activity grows.
    fn bump(&mut self, clause: u32) {
        for &l in &self.formula.clauses[clause as usize] {
            self.activity[var_of(l)] += 1;
        }
        self.conflicts += 1;
        if self.conflicts.is_multiple_of(HALVE_EVERY) {
            self.activity.iter_mut().for_each(|a| *a /= 2);
        }
    }

    fn satisfied(&self, clause: u32) -> bool {
        self.formula.clauses[clause as usize]
            .iter()
            .any(|&l| self.lit_value(l) == Some(true))
    }

    /// The projected count of a component (all of its clauses unsatisfied, none unit).
    fn count(&mut self, component: &Component) -> Result<BigUint, StopReason> {
        let key = Cache::key(&component.vars, &component.clauses);
        if let Some(known) = self.cache.get(&key) {
            return Ok(known);
        }
        let projected = self.formula.projected.as_slice();
        let any_projected = component.vars.iter().any(|&v| projected[v as usize]);
        if !any_projected {
            // No projected variable: one model is all there is to know.
            self.sat_checks += 1;
            let total = BigUint::from(u8::from(self.satisfiable(&component.clauses)?));
            self.cache.insert(key, total.clone());
            return Ok(total);
        }
        let first = self.pick(component);
        let mut total = BigUint::zero();
        for lit in [first, first ^ 1] {
            self.decisions += 1;
            // Every decision: one costs a pass over the component's clauses, far more than a
            // look at the clock, and on a large component it may take milliseconds.
            if let Some(reason) = self.stop.reason() {
                return Err(reason);
            }
            let mark = self.trail.len();
            self.assign(lit);
            if self.propagate(mark) {
                total += self.count_split(component)?;
            }
            self.undo(mark);
        }
        self.cache.insert(key, total.clone());
        Ok(total)
    }

    /// Whether `clauses` (a component's, none of its variables projected) have a model, which
    /// is all its count is: DPLL without splitting into components or caching below the
    /// component, which a single yes or no does not need.
    fn satisfiable(&mut self, clauses: &[u32]) -> Result<bool, StopReason> {
        let formula = self.formula;
        // An unsatisfied clause has two unassigned literals or more: propagation saw to that.
        let open = clauses.iter().find_map(|&c| {
            let lits = &formula.clauses[c as usize];
            if lits.iter().any(|&l| self.lit_value(l) == Some(true)) {
                return None;
            }
            lits.iter().copied().find(|&l| self.lit_value(l).is_none())
        });
        let Some(lit) = open else {
            return Ok(true);
        };
        for l in [lit, lit ^ 1] {
            self.decisions += 1;
            if let Some(reason) = self.stop.reason() {
                return Err(reason);
            }
            let mark = self.trail.len();
            self.assign(l);
            let found = self.propagate(mark) && self.satisfiable(clauses)?;
            self.undo(mark);
            if found {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// What is left of `component` after a decision and its propagation, split into
    /// components and counted: their product, doubled for each projected variable that no
    /// unsatisfied clause holds any more.
    fn count_split(&mut self, component: &Component) -> Result<BigUint, StopReason> {
        let mark = self.removed_trail.len();
        let counted = self.count_parts(component);
        // The clauses this split removed count again once its subtree is done.
        for c in self.removed_trail.drain(mark..) {
            self.removed[c as usize] = false;
        }
        counted
    }

    /// [`Counter::count_split`], the clauses it removes left removed.
    fn count_parts(&mut self, component: &Component) -> Result<BigUint, StopReason> {
        let (mut parts, free) = self.split(component);
        // Small parts first: a part with no model ends the product before a large one is
        // counted.
        parts.sort_by_key(|p| p.vars.len());
        let mut product = BigUint::one() << free;
        for part in &parts {
            let n = self.count(part)?;
            if n.is_zero() {
                return Ok(n);
            }
            product *= n;
        }
        Ok(product)
    }

    /// The components of `component`'s unassigned variables over its unsatisfied clauses,
    /// and how many of its projected variables are in no unsatisfied clause.
    fn split(&mut self, component: &Component) -> (Vec<Component>, u64) {
        let formula = self.formula;
        // Clauses of `component` not yet visited carry `inside`; visited ones `visited`.
        self.split_generation += 2;
        let (inside, visited) = (self.split_generation, self.split_generation + 1);
        for &c in &component.clauses {
            if !self.satisfied(c) {
                self.clause_seen[c as usize] = inside;
            }
        }
        if self.has_hidden(component) {
            self.remove_blocked(&component.clauses, inside);
        }
        let mut parts = Vec::new();
        let mut free = 0;
        let mut stack = std::mem::take(&mut self.stack);
        for &v in &component.vars {
            if self.value[v as usize] != UNSET || self.var_seen[v as usize] == visited {
                continue;
            }
            self.var_seen[v as usize] = visited;
            let mut part = Component {
                vars: vec![v],
                clauses: Vec::new(),
            };
            stack.push(v);
            while let Some(u) = stack.pop() {
                for &c in &formula.var_clauses[u as usize] {
                    if self.clause_seen[c as usize] != inside {
                        continue;
                    }
                    self.clause_seen[c as usize] = visited;
                    part.clauses.push(c);
                    for &l in &formula.clauses[c as usize] {
                        let w = var_of(l);
                        if self.value[w] == UNSET && self.var_seen[w] != visited {
                            self.var_seen[w] = visited;
                            part.vars.push(w as u32);
                            stack.push(w as u32);
                        }
                    }
                }
            }
            if part.clauses.is_empty() {
                free += u64::from(formula.projected[v as usize]);
            } else {
                part.vars.sort_unstable();
                part.clauses.sort_unstable();
                parts.push(part);
            }
        }
        self.stack = stack;
        (parts, free)
    }

    /// Removes from the split's clauses (those of `clauses` marked `inside`) each one blocked
    /// on a hidden literal `l` in what is left: every resolvent on `l` with the others is a
    /// tautology, so a model of the rest that falsifies it becomes one of it by flipping `l`'s
    /// variable alone, which the projection does not see (the preprocessing's step, taken
    /// again after each decision, as Ganak does: a residual formula has many more).
    ///
    /// Removing a clause can only disconnect the component further, and blocks its partners
    /// on the complements of its hidden literals, which are checked again. A blocked clause
    /// stays blocked below this node: a partner that could block it again must satisfy it
    /// first. Propagation skips it until the split returns (`removed`), so the search counts
    /// exactly the formula the parts' cache keys name.
    fn remove_blocked(&mut self, clauses: &[u32], inside: u64) {
        let formula = self.formula;
        let mut queue = std::mem::take(&mut self.blocked_queue);
        for &c in clauses.iter().rev() {
            if self.clause_seen[c as usize] == inside {
                self.queued[c as usize] = inside;
                queue.push(c);
            }
        }
        while let Some(c) = queue.pop() {
            self.queued[c as usize] = 0;
            if self.clause_seen[c as usize] != inside || !self.is_blocked(c, inside) {
                continue;
            }
            self.clause_seen[c as usize] = 0;
            self.removed[c as usize] = true;
            self.removed_trail.push(c);
            self.blocked += 1;
            for &m in &formula.clauses[c as usize] {
                if !self.is_open_hidden(m) {
                    continue;
                }
                for &d in &formula.occurrences[(m ^ 1) as usize] {
                    if self.clause_seen[d as usize] == inside && self.queued[d as usize] != inside {
                        self.queued[d as usize] = inside;
                        queue.push(d);
                    }
                }
            }
        }
        self.blocked_queue = queue;
    }

    /// Whether `component` has a variable outside the projection.
    fn has_hidden(&self, component: &Component) -> bool {
        let projected = self.formula.projected.as_slice();
        component.vars.iter().any(|&v| !projected[v as usize])
    }

    /// Whether `lit` is of a hidden variable not yet assigned.
    fn is_open_hidden(&self, lit: Code) -> bool {
        !self.formula.projected[var_of(lit)] && self.value[var_of(lit)] == UNSET
    }

    /// Whether clause `c` is blocked on one of its unassigned hidden literals among the
    /// clauses marked `inside`.
    fn is_blocked(&mut self, c: u32, inside: u64) -> bool {
        let formula = self.formula;
        let clause = &formula.clauses[c as usize];
        self.lit_stamp += 1;
        let stamp = self.lit_stamp;
        for &k in clause {
            if self.value[var_of(k)] == UNSET {
                self.lit_mark[k as usize] = stamp;
            }
        }
        clause.iter().any(|&l| {
            if !self.is_open_hidden(l) {
                return false;
            }
            formula.occurrences[(l ^ 1) as usize].iter().all(|&d| {
                self.clause_seen[d as usize] != inside
                    || formula.clauses[d as usize]
                        .iter()
                        .any(|&k| k != l ^ 1 && self.lit_mark[(k ^ 1) as usize] == stamp)
            })
        })
    }

    /// The literal to decide first: of the component's projected variables, the one in most
    /// of its clauses, in the sign it has more often (the branch more likely to satisfy
    /// clauses). Where the component has hidden variables, a clause weighs more the fewer
    /// open literals it has (Jeroslow and Wang's weights, 4 for two, 2 for three, 1 past):
    /// deciding a literal of a short clause propagates sooner, and each hidden variable
    /// propagated or freed by the clauses blocked on it loosens what ties the projected
    /// ones together (projected random 3-SAT: 1.5x fewer CPU seconds). Without hidden
    /// variables every clause weighs 1: on grids, mostly binary at-most-one clauses, the
    /// weights cost up to 1.5x.
    fn pick(&mut self, component: &Component) -> Code {
        let formula = self.formula;
        let weighted = self.has_hidden(component);
        for &c in &component.clauses {
            let lits = &formula.clauses[c as usize];
            let weight = if weighted {
                match lits
                    .iter()
                    .filter(|&&l| self.value[var_of(l)] == UNSET)
                    .count()
                {
                    0..=2 => 4,
                    3 => 2,
                    _ => 1,
                }
            } else {
                1
            };
            for &l in lits {
                if self.value[var_of(l)] == UNSET {
                    self.lit_score[l as usize] += weight;
                }
            }
        }
        let mut best = (0, component.vars[0] * 2);
        for &v in &component.vars {
            let (pos, neg) = (
                self.lit_score[2 * v as usize],
                self.lit_score[2 * v as usize + 1],
            );
            self.lit_score[2 * v as usize] = 0;
            self.lit_score[2 * v as usize + 1] = 0;
            if !formula.projected[v as usize] {
                continue;
            }
            let lit = if pos >= neg { 2 * v } else { 2 * v + 1 };
            // Occurrences first (they split random formulas early); among equals, activity
            // (one-hot grid variables tie on occurrences, and conflicts tell them apart).
            let score = (u64::from(pos + neg) << 32) | u64::from(self.activity[v as usize]);
            if score > best.0 {
                best = (score, lit);
            }
        }
        best.1
    }
}
