//! Simplification of the formula before the search, keeping its projected count exactly
//! (SatELite's steps, restricted as Arjun restricts them for a projection):
//!
//! - unit propagation: a forced variable leaves the formula (a projected one stays as its unit
//!   clause, so the search does not count it as free);
//! - bounded variable elimination of hidden (non-projected) variables: replacing the clauses
//!   of a hidden `x` by all their non-tautological resolvents on `x` gives `exists x. F`,
//!   whose models over the other variables are exactly the projections of `F`'s, so every
//!   projected count is kept; made only when the resolvents are no more than the clauses they
//!   replace (plus a few) and none is long;
//! - blocked clause elimination on hidden literals: a clause `C` whose resolvents on a hidden
//!   literal `l` are all tautologies can go, since a model of the rest that falsifies `C`
//!   becomes one of `C` too by flipping `l`'s variable alone, which the projection does not see.
//!
//! Written here rather than taken from a crate: no Rust crate preprocesses for a projection.

use super::formula::{Code, var_of};

/// Clauses (both signs together) a hidden variable may be in for its elimination to be tried:
/// past it the resolvents rarely stay few, and trying costs their product.
const MAX_ELIMINATION_OCCURRENCES: usize = 60;

/// Clauses an elimination may add beyond those it removes. Unlike a SAT solver, which only
/// pays for clauses, the search here pays for every hidden variable left: it keeps projected
/// variables in one component (random 3-SAT, 60 variables projected on 30: growth 0 leaves
/// 7-11 of 30 hidden variables eliminated, 16 eliminates 14-21 and counts 1.2-4x faster).
const MAX_GROWTH: usize = 16;

/// Literals a resolvent may have: long clauses propagate late, so they cost the search more
/// than the variable saves.
const MAX_RESOLVENT_LEN: usize = 30;

/// Literal visits the whole preprocessing may spend (a few tenths of a second): on large
/// formulas the search, not the preprocessing, should have the time.
const WORK_BUDGET: u64 = 50_000_000;

/// Rounds of elimination while something changes.
const MAX_ROUNDS: usize = 10;

/// What the preprocessing did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PreprocessStats {
    /// Variables fixed by unit propagation.
    pub fixed: u64,
    /// Hidden variables eliminated by resolution.
    pub eliminated: u64,
    /// Clauses removed as blocked on a hidden literal.
    pub blocked: u64,
}

/// The simplified clauses (sorted literals, the same variable ids), or `None` when the
/// formula has no model; `projected[v]` says whether variable `v` is projected, and every
/// variable of `clauses` must have an entry.
pub(super) fn simplify(
    clauses: Vec<Vec<Code>>,
    projected: &[bool],
) -> (Option<Vec<Vec<Code>>>, PreprocessStats) {
    let mut pre = Preprocessor::new(projected);
    for clause in clauses {
        pre.add_clause(clause);
    }
    pre.propagate();
    for _ in 0..MAX_ROUNDS {
        if pre.conflict || pre.work > WORK_BUDGET {
            break;
        }
        let mut changed = false;
        for x in pre.hidden_by_cost() {
            changed |= pre.eliminate(x);
            changed |= pre.remove_blocked(x);
            if pre.conflict {
                break;
            }
        }
        if !changed {
            break;
        }
    }
    let stats = pre.stats;
    (pre.into_clauses(), stats)
}

struct Preprocessor<'p> {
    clauses: Vec<Vec<Code>>,
    alive: Vec<bool>,
    /// Per literal: clauses that held it when added (a strengthened clause may no longer).
    occurrences: Vec<Vec<u32>>,
    /// Per variable: 0 unset, 1 true, 2 false (as the search stores it).
    value: Vec<u8>,
    projected: &'p [bool],
    /// Literals set true and not yet propagated.
    queue: Vec<Code>,
    conflict: bool,
    /// Per literal: `stamp` when in the clause being compared.
    mark: Vec<u32>,
    stamp: u32,
    work: u64,
    stats: PreprocessStats,
}

impl<'p> Preprocessor<'p> {
    fn new(projected: &'p [bool]) -> Self {
        let vars = projected.len();
        Preprocessor {
            clauses: Vec::new(),
            alive: Vec::new(),
            occurrences: vec![Vec::new(); 2 * vars],
            value: vec![0; vars],
            projected,
            queue: Vec::new(),
            conflict: false,
            mark: vec![0; 2 * vars],
            stamp: 0,
            work: 0,
            stats: PreprocessStats::default(),
        }
    }

    fn lit_value(&self, lit: Code) -> Option<bool> {
        match self.value[var_of(lit)] {
            0 => None,
            v => Some(v == 1 + (lit & 1) as u8),
        }
    }

    /// Adds a clause without tautologies or repeated literals.
    fn add_clause(&mut self, lits: Vec<Code>) {
        let mut kept = Vec::with_capacity(lits.len());
        for l in lits {
            match self.lit_value(l) {
                Some(true) => return,
                Some(false) => {}
                None => kept.push(l),
            }
        }
        match kept[..] {
            [] => self.conflict = true,
            [unit] => self.enqueue(unit),
            _ => {
                kept.sort_unstable();
                let id = self.clauses.len() as u32;
                for &l in &kept {
                    self.occurrences[l as usize].push(id);
                }
                self.clauses.push(kept);
                self.alive.push(true);
            }
        }
    }

    fn enqueue(&mut self, lit: Code) {
        match self.lit_value(lit) {
            Some(true) => {}
            Some(false) => self.conflict = true,
            None => {
                self.value[var_of(lit)] = 1 + (lit & 1) as u8;
                self.queue.push(lit);
                self.stats.fixed += 1;
            }
        }
    }

    /// Live clauses holding `lit`.
    fn holding(&self, lit: Code) -> Vec<u32> {
        self.occurrences[lit as usize]
            .iter()
            .copied()
            .filter(|&c| self.alive[c as usize] && self.clauses[c as usize].contains(&lit))
            .collect()
    }

    /// Removes `lit` from clause `c`; a clause left with one literal becomes an assignment.
    fn remove_literal(&mut self, c: u32, lit: Code) {
        let clause = &mut self.clauses[c as usize];
        clause.retain(|&l| l != lit);
        if let [unit] = clause[..] {
            self.alive[c as usize] = false;
            self.enqueue(unit);
        }
    }

    /// Unit propagation of the queue: satisfied clauses go, false literals leave their clauses.
    fn propagate(&mut self) {
        while let Some(lit) = self.queue.pop() {
            if self.conflict {
                return;
            }
            for c in self.holding(lit) {
                self.alive[c as usize] = false;
            }
            for c in self.holding(lit ^ 1) {
                self.work += self.clauses[c as usize].len() as u64;
                self.remove_literal(c, lit ^ 1);
            }
        }
    }

    /// The resolvent of clauses `p` and `n` (holding `x` in opposite signs) on variable `x`,
    /// sorted, or `None` when it is a tautology.
    fn resolve(&mut self, p: u32, n: u32, x: usize) -> Option<Vec<Code>> {
        self.stamp += 1;
        let mut out = Vec::new();
        for &l in &self.clauses[p as usize] {
            if var_of(l) != x {
                self.mark[l as usize] = self.stamp;
                out.push(l);
            }
        }
        for &l in &self.clauses[n as usize] {
            if var_of(l) == x || self.mark[l as usize] == self.stamp {
                continue;
            }
            if self.mark[(l ^ 1) as usize] == self.stamp {
                return None;
            }
            out.push(l);
        }
        self.work += out.len() as u64;
        out.sort_unstable();
        Some(out)
    }

    /// Unassigned hidden variables in some clause, cheapest to eliminate first.
    fn hidden_by_cost(&self) -> Vec<usize> {
        let mut vars: Vec<(usize, usize)> = (0..self.value.len())
            .filter(|&x| !self.projected[x] && self.value[x] == 0)
            .map(|x| {
                let (p, n) = (
                    self.occurrences[2 * x].len(),
                    self.occurrences[2 * x + 1].len(),
                );
                (p * n, x)
            })
            .filter(|&(_, x)| {
                !self.occurrences[2 * x].is_empty() || !self.occurrences[2 * x + 1].is_empty()
            })
            .collect();
        vars.sort_unstable();
        vars.into_iter().map(|(_, x)| x).collect()
    }

    /// Eliminates hidden variable `x` by resolution if that does not add clauses; true if
    /// it did.
    fn eliminate(&mut self, x: usize) -> bool {
        if self.conflict || self.value[x] != 0 || self.work > WORK_BUDGET {
            return false;
        }
        let (pos, neg) = (self.holding(2 * x as Code), self.holding(2 * x as Code + 1));
        let before = pos.len() + neg.len();
        if before == 0 {
            return false;
        }
        if self.projected[x] {
            return false;
        }
        if before > MAX_ELIMINATION_OCCURRENCES && !pos.is_empty() && !neg.is_empty() {
            return false;
        }
        let mut resolvents = Vec::new();
        for &p in &pos {
            for &n in &neg {
                if let Some(r) = self.resolve(p, n, x) {
                    if r.len() > MAX_RESOLVENT_LEN || resolvents.len() == before + MAX_GROWTH {
                        return false;
                    }
                    resolvents.push(r);
                }
            }
        }
        for c in pos.into_iter().chain(neg) {
            self.alive[c as usize] = false;
        }
        self.stats.eliminated += 1;
        for r in resolvents {
            self.add_clause(r);
        }
        self.propagate();
        true
    }

    /// Removes the clauses blocked on a literal of hidden variable `x`; true if any.
    fn remove_blocked(&mut self, x: usize) -> bool {
        if self.conflict || self.projected[x] || self.value[x] != 0 {
            return false;
        }
        let mut removed = false;
        for lit in [2 * x as Code, 2 * x as Code + 1] {
            let others = self.holding(lit ^ 1);
            if others.len() > MAX_ELIMINATION_OCCURRENCES {
                continue;
            }
            for c in self.holding(lit) {
                let blocked = others.iter().all(|&d| self.resolve(c, d, x).is_none());
                if blocked {
                    self.alive[c as usize] = false;
                    self.stats.blocked += 1;
                    removed = true;
                }
            }
        }
        removed
    }

    /// The live clauses and a unit clause per fixed projected variable (fixed hidden ones
    /// need none: their value is forced, the count is the same), or `None` on a conflict.
    fn into_clauses(self) -> Option<Vec<Vec<Code>>> {
        if self.conflict {
            return None;
        }
        let mut out: Vec<Vec<Code>> = (self.clauses.into_iter().zip(self.alive))
            .filter_map(|(c, alive)| alive.then_some(c))
            .collect();
        for (x, &v) in self.value.iter().enumerate() {
            if v != 0 && self.projected[x] {
                out.push(vec![2 * x as Code + Code::from(v == 2)]);
            }
        }
        Some(out)
    }
}
