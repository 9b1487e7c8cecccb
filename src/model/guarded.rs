//! The one guard rule: how a constraint's clauses are written so that they bind only while a
//! clue's selector literal is true.

use crate::cnf::{ClauseSink, Cnf, Lit};

/// Where a constraint's clauses go: into the formula, or weakened by `¬guard` so that they
/// bind only while `guard` is true (a clue behind its selector literal).
///
/// The one guard rule: every clause that *states* the constraint goes through [`Guarded::add`]
/// and is guarded; a clause that only *defines* an auxiliary literal (a Tseitin variable, a
/// domain's value literal made on first use) is written to the formula unguarded. Why that is
/// right:
/// - it is sound: a definition is satisfiable whatever the other variables are (the auxiliary
///   takes the value it defines, or false for a one-way `aux -> ...`), and every *use* of the
///   auxiliary sits in a guarded clause, so with the guard off the definitions constrain
///   nothing;
/// - it is needed: a domain's value literal is made once and then shared by every later
///   constraint, guarded or not, so its definition must hold whatever clue is on;
/// - the solver keeps propagating through definitions while a clue is off.
///
/// An encoder that writes a plain [`Cnf`] and does not say which of its clauses define
/// (cardinality encoders, a puzzle's own clause writers) goes through
/// [`Guarded::add_encoded_by`]: all its clauses count as stating the constraint and are
/// guarded, which is sound as well since its auxiliaries are its own.
pub(crate) struct Guarded<'a> {
    /// The formula the clauses go to (encoders write definitions here directly).
    pub(super) cnf: &'a mut Cnf,
    guard: Lit,
    active: bool,
}

impl<'a> Guarded<'a> {
    /// Clauses into `cnf`, bound only while `guard` is true.
    pub(crate) fn new(cnf: &'a mut Cnf, guard: Lit) -> Self {
        Guarded {
            cnf,
            guard,
            active: true,
        }
    }

    /// Clauses into `cnf` as they are (a hard constraint).
    pub(super) fn none(cnf: &'a mut Cnf) -> Self {
        let guard = Lit::positive(0);
        Guarded {
            cnf,
            guard,
            active: false,
        }
    }

    /// Adds a clause that states the constraint (guarded, when there is a guard).
    pub(crate) fn add(&mut self, lits: &[Lit]) {
        if self.active {
            let mut v = lits.to_vec();
            v.push(!self.guard);
            self.cnf.add_clause(&v);
        } else {
            self.cnf.add_clause(lits);
        }
    }

    /// Runs an encoder that writes a plain CNF (sharing the formula's variables) and adds
    /// every clause it wrote as stating the constraint.
    pub(crate) fn add_encoded_by(&mut self, encode: impl FnOnce(&mut Cnf)) {
        let mut scratch = Cnf {
            vars: std::mem::take(&mut self.cnf.vars),
            ..Cnf::default()
        };
        encode(&mut scratch);
        self.cnf.vars = std::mem::take(&mut scratch.vars);
        for clause in scratch.clauses.iter() {
            self.add(clause);
        }
    }
}
