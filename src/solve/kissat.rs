//! kissat in process, through the `rustsat-kissat` crate (which vendors kissat's C source):
//! cargo feature `kissat`. kissat is not incremental, so each solve is a fresh kissat on the
//! whole formula with the assumptions as unit clauses, as for a solver run as a process.

use std::time::{Duration, Instant};

use rustsat::solvers::{Solve, SolverResult};
use rustsat::types::{Clause, TernaryVal};

use crate::cnf::{ClauseSink, Cnf, Lit, Var};
use crate::solve::{Backend, SolveError, stats};

/// A backend that runs a fresh in-process kissat on each solve.
#[derive(Default)]
pub struct Kissat {
    cnf: Cnf,
    model: Vec<bool>,
    last_assumptions: Vec<Lit>,
    time: Duration,
}

impl Kissat {
    /// The time spent in kissat so far.
    pub fn time(&self) -> Duration {
        self.time
    }
}

fn failed(e: impl std::fmt::Display) -> SolveError {
    SolveError::Solver(format!("kissat: {e}"))
}

impl Backend for Kissat {
    fn add_clause(&mut self, lits: &[Lit]) {
        let top = lits.iter().map(|l| l.var().idx32() + 1).max().unwrap_or(0);
        self.cnf.vars.reserve(top);
        self.cnf.add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        let start = Instant::now();
        let mut solver = rustsat_kissat::Kissat::default();
        let clauses = self.cnf.clauses.iter().chain(assumptions.chunks(1));
        for lits in clauses {
            let clause: Clause = lits.iter().copied().collect();
            solver.add_clause(clause).map_err(failed)?;
        }
        // Only variables kissat saw are asked about (others are free: false).
        let mut seen = vec![false; self.cnf.num_vars() as usize];
        for l in self.cnf.clauses.iter().flatten().chain(assumptions) {
            let v = l.var().idx();
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
        let result = solver.solve().map_err(failed)?;
        let verdict = match result {
            SolverResult::Sat => Some(true),
            SolverResult::Unsat => Some(false),
            SolverResult::Interrupted => None,
        };
        stats::record(start, verdict);
        self.last_assumptions = assumptions.to_vec();
        let sat = verdict.ok_or_else(|| failed("interrupted"))?;
        if sat {
            // A variable kissat never saw (in no clause) is free: false.
            self.model = (0..seen.len())
                .map(|v| {
                    seen[v]
                        && matches!(
                            solver.lit_val(Var::new(v as u32).pos_lit()),
                            Ok(TernaryVal::True)
                        )
                })
                .collect();
        }
        self.time += start.elapsed();
        Ok(sat)
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        (0..num_vars as usize)
            .map(|i| self.model.get(i).copied().unwrap_or(false))
            .collect()
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.last_assumptions.clone()
    }
}
