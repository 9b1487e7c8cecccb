//! A model's CNF written as DIMACS for any SAT solver, and the solver's answer read back as
//! the model's values.

use std::io::Write;

use crate::cnf::dimacs::{ModelError, SolverOutput, parse_model, write_cnf};
use crate::cnf::{ClauseSink, Cnf};

use super::{Encoded, Model, Solution};

/// A model's CNF under its encoding, for an external SAT solver: written as DIMACS (the
/// model's variables named in `c` lines), the solver's answer read back as a [`Solution`].
pub struct Dimacs<'m> {
    model: &'m Model,
    encoded: Encoded,
}

impl<'m> Dimacs<'m> {
    /// `model` encoded as `encoded`.
    pub(super) fn new(model: &'m Model, encoded: Encoded) -> Self {
        Dimacs { model, encoded }
    }

    /// The formula.
    pub fn cnf(&self) -> &Cnf {
        &self.encoded.cnf
    }

    /// Writes the formula as DIMACS (`p cnf V C`, one clause per line, `c` lines naming the
    /// model's variables).
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        write_cnf(&self.encoded.cnf, &[], out)
    }

    /// Adds the clause that forbids `solution`: a solver run on the formula then finds
    /// another answer, or says UNSAT when `solution` was the only one.
    pub fn block(&mut self, solution: &Solution) {
        let clause = self.encoded.blocking_clause(solution.values());
        self.encoded.cnf.add_clause(&clause);
    }

    /// Reads a solver's output (minisat's result file, or SAT-competition `s`/`v` lines):
    /// the answer it found, checked against every clause and every constraint, or None when
    /// the solver says UNSAT.
    pub fn read_solution(&self, output: &str) -> Result<Option<Solution>, ReadError> {
        let values = match parse_model(output)? {
            SolverOutput::Unsat => return Ok(None),
            SolverOutput::Sat(values) => values,
        };
        let cnf = &self.encoded.cnf;
        if values.len() > cnf.num_vars() as usize {
            return Err(ReadError::TooManyVariables {
                found: values.len(),
                formula: cnf.num_vars(),
            });
        }
        // A variable the solver left out is false; the clause check below still holds it to
        // being a model.
        let assignment: Vec<bool> = (0..cnf.num_vars() as usize)
            .map(|v| values.get(v).copied().flatten().unwrap_or(false))
            .collect();
        if let Some(clause) = cnf.first_violated(&assignment) {
            return Err(ReadError::Violated { clause: clause + 1 });
        }
        let values = self
            .encoded
            .decode(&assignment)
            .ok_or(ReadError::Undecodable)?;
        if !self.model.satisfied_by(&values) {
            return Err(ReadError::Undecodable);
        }
        Ok(Some(Solution::new(self.model, values)))
    }
}

/// Why a solver's output is no answer of the model ([`Dimacs::read_solution`]).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The output is not a solver's result.
    #[error(transparent)]
    Parse(#[from] ModelError),
    /// It names a variable the formula does not have.
    #[error("the solver's model mentions variable {found}, but the formula has {formula}")]
    TooManyVariables {
        /// The largest variable mentioned.
        found: usize,
        /// The formula's variables.
        formula: u32,
    },
    /// It breaks a clause of the formula.
    #[error("the solver's model violates clause {clause} of the formula")]
    Violated {
        /// The clause, from 1 in the file's order.
        clause: usize,
    },
    /// It satisfies the formula but does not read as values that satisfy the model (a
    /// formula exported from another model).
    #[error("the solver's model is no answer of this model (was the formula exported from it?)")]
    Undecodable,
}
