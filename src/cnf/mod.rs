//! Literals, clauses and the variable manager that owns every variable id.
//!
//! Literal and variable types are rustsat's, so rustsat's encoders can write straight into a
//! [`Cnf`]. Clauses are stored flat (one literal buffer plus end offsets): a puzzle formula is
//! thousands of 2- and 3-literal clauses, and one allocation per clause would dominate encoding.

pub mod compressed;
pub mod dimacs;
pub mod renumber;
pub(crate) mod units;

use std::collections::BTreeMap;

use rustsat::encodings::CollectClauses;
use rustsat::instances::ManageVars;
pub use rustsat::types::{Lit, Var};

/// Hands out every variable id of a formula and remembers the names of the named ones.
///
/// Nothing else computes ids: encoders ask for fresh variables here.
#[derive(Debug, Clone, Default)]
pub struct VarManager {
    next_free: u32,
    names: BTreeMap<u32, String>,
}

impl VarManager {
    /// A fresh, unnamed (auxiliary) variable.
    pub(crate) fn fresh(&mut self) -> Var {
        let v = Var::new(self.next_free);
        self.next_free += 1;
        v
    }

    /// A fresh variable carrying a human-readable name (written to DIMACS as a `c` line).
    pub fn named(&mut self, name: impl Into<String>) -> Var {
        let v = self.fresh();
        self.names.insert(v.idx32(), name.into());
        v
    }

    /// Number of variables handed out so far (the DIMACS `V`).
    pub(crate) fn count(&self) -> u32 {
        self.next_free
    }

    /// Makes sure variables `0..n` are considered used (for formulas read from a file).
    pub(crate) fn reserve(&mut self, n: u32) {
        self.next_free = self.next_free.max(n);
    }

    pub(crate) fn set_name(&mut self, var: Var, name: impl Into<String>) {
        self.reserve(var.idx32() + 1);
        self.names.insert(var.idx32(), name.into());
    }

    /// The name given to `var` when it was created, if it is a named variable.
    pub fn name(&self, var: Var) -> Option<&str> {
        self.names.get(&var.idx32()).map(String::as_str)
    }

    /// Named variables in id order.
    pub fn names(&self) -> impl Iterator<Item = (Var, &str)> {
        self.names.iter().map(|(&i, n)| (Var::new(i), n.as_str()))
    }
}

impl ManageVars for VarManager {
    fn new_var(&mut self) -> Var {
        self.fresh()
    }
    fn max_var(&self) -> Option<Var> {
        self.next_free.checked_sub(1).map(Var::new)
    }
    fn increase_next_free(&mut self, v: Var) -> bool {
        let grew = v.idx32() > self.next_free;
        self.reserve(v.idx32());
        grew
    }
    fn combine(&mut self, other: Self) {
        self.reserve(other.next_free);
        self.names.extend(other.names);
    }
    fn n_used(&self) -> u32 {
        self.next_free
    }
    fn forget_from(&mut self, min_var: Var) {
        self.next_free = self.next_free.min(min_var.idx32());
        self.names.retain(|&i, _| i < min_var.idx32());
    }
}

/// Where encoders put clauses.
pub trait ClauseSink {
    /// Adds one clause, the disjunction of `lits` (an empty slice is the empty clause: UNSAT).
    fn add_clause(&mut self, lits: &[Lit]);
}

/// A clause list stored flat. Duplicate literals are merged and tautologies dropped on insert,
/// so encoders may pass raw literal lists.
#[derive(Debug, Clone, Default)]
pub struct Clauses {
    lits: Vec<Lit>,
    ends: Vec<usize>,
}

impl Clauses {
    /// Number of clauses stored.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when no clause is stored.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The clauses in insertion order, each as a slice of its literals.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Lit]> + '_ {
        (0..self.ends.len()).map(move |i| self.get(i))
    }

    /// Clause `i` (0-based, in insertion order). Panics when `i >= len()`.
    pub fn get(&self, i: usize) -> &[Lit] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.lits[start..self.ends[i]]
    }

    /// Adds a clause exactly as given (no merging); used by the DIMACS reader so a file
    /// round-trips clause for clause.
    pub(crate) fn push_raw(&mut self, lits: &[Lit]) {
        self.lits.extend_from_slice(lits);
        self.ends.push(self.lits.len());
    }
}

/// Clauses up to this length are deduplicated by scanning what is already pushed; longer
/// ones (an automaton's supports run to a thousand literals) through a sorted copy.
const LINEAR_DEDUP_UP_TO: usize = 16;

impl Clauses {
    /// [`ClauseSink::add_clause`] for a long clause, with the same result: the literals in
    /// their first order, repeats dropped, nothing added for a tautology.
    fn add_long_clause(&mut self, lits: &[Lit]) {
        let mut sorted = lits.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.iter().any(|&l| sorted.binary_search(&!l).is_ok()) {
            return; // tautology: always satisfied
        }
        let mut seen = rustc_hash::FxHashSet::default();
        self.lits
            .extend(lits.iter().copied().filter(|&l| seen.insert(l)));
        self.ends.push(self.lits.len());
    }
}

impl ClauseSink for Clauses {
    fn add_clause(&mut self, lits: &[Lit]) {
        let start = self.lits.len();
        if lits.len() > LINEAR_DEDUP_UP_TO {
            return self.add_long_clause(lits);
        }
        for &l in lits {
            if self.lits[start..].contains(&!l) {
                self.lits.truncate(start); // tautology: always satisfied
                return;
            }
            if !self.lits[start..].contains(&l) {
                self.lits.push(l);
            }
        }
        self.ends.push(self.lits.len());
    }
}

impl CollectClauses for Clauses {
    fn n_clauses(&self) -> usize {
        self.len()
    }
    fn extend_clauses<T>(&mut self, cl_iter: T) -> Result<(), rustsat::OutOfMemory>
    where
        T: IntoIterator<Item = rustsat::types::Clause>,
    {
        for cl in cl_iter {
            ClauseSink::add_clause(self, &cl[..]);
        }
        Ok(())
    }
}

/// What one kind of constraint cost: variables and clauses it added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Cost {
    /// Variables added, auxiliaries included.
    pub vars: u32,
    /// Clauses added (tautologies are dropped on insert and not counted).
    pub clauses: usize,
}

/// A CNF formula with its variable manager and a cost breakdown by constraint kind.
#[derive(Debug, Clone, Default)]
pub struct Cnf {
    /// Owner of every variable id, and of the names of the named ones.
    pub vars: VarManager,
    /// The clauses, stored flat.
    pub clauses: Clauses,
    /// Variables that define a solution (the puzzle's own decisions, or a DIMACS file's
    /// `c p show` set). Counting and uniqueness block assignments of these only.
    pub primary: Vec<Var>,
    /// True when the primary variables form exactly-one groups (one-hot domains): every
    /// solution sets the same number of them, so blocking only the true ones is exact and
    /// the blocking clause is one literal per group instead of one per variable.
    pub primary_one_hot: bool,
    /// Variables and clauses added, by constraint kind (`domain`, `row/col sums`, ...).
    pub stats: BTreeMap<&'static str, Cost>,
}

impl Cnf {
    /// An empty formula: no variables, no clauses.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `f` and books the variables and clauses it adds under `kind`.
    pub(crate) fn track<R>(&mut self, kind: &'static str, f: impl FnOnce(&mut Self) -> R) -> R {
        let (v0, c0) = (self.vars.count(), self.clauses.len());
        let r = f(self);
        let cost = self.stats.entry(kind).or_default();
        cost.vars += self.vars.count() - v0;
        cost.clauses += self.clauses.len() - c0;
        r
    }

    /// A fresh auxiliary variable, as its positive literal.
    pub fn fresh_lit(&mut self) -> Lit {
        self.vars.fresh().pos_lit()
    }

    /// Number of variables handed out (the DIMACS header's `V`).
    pub fn num_vars(&self) -> u32 {
        self.vars.count()
    }

    /// Number of clauses (the DIMACS header's `C`).
    pub fn num_clauses(&self) -> usize {
        self.clauses.len()
    }

    /// Is the clause set satisfied by a full assignment (`assignment[v]` = value of var v)?
    /// Returns the index of the first falsified clause.
    pub fn first_violated(&self, assignment: &[bool]) -> Option<usize> {
        self.clauses.iter().position(|cl| {
            !cl.iter()
                .any(|l| assignment.get(l.var().idx()).copied().unwrap_or(false) != l.is_neg())
        })
    }
}

impl ClauseSink for Cnf {
    fn add_clause(&mut self, lits: &[Lit]) {
        ClauseSink::add_clause(&mut self.clauses, lits);
    }
}

/// Exactly-true / exactly-false helpers for full assignments.
pub fn lit_value(assignment: &[bool], lit: Lit) -> bool {
    assignment[lit.var().idx()] != lit.is_neg()
}
