//! CaDiCaL in process, through the `rustsat-cadical` crate (which vendors CaDiCaL's C++ source
//! and builds it with cc; bindgen needs libclang): cargo feature `cadical`. Unlike kissat,
//! CaDiCaL is incremental, so one solver keeps its learned clauses across the solves of an
//! enumeration, as varisat does.

use std::time::{Duration, Instant};

use rustsat::solvers::{Solve, SolveIncremental, SolveStats, SolverResult};
use rustsat::types::{Clause, TernaryVal};
use rustsat_cadical::ProofFormat;

use crate::cnf::{Cnf, Lit, Var};
use crate::solve::{Backend, SolveError, stats};

/// An incremental in-process CaDiCaL.
pub struct Cadical {
    solver: rustsat_cadical::CaDiCaL<'static, 'static>,
    model: Vec<bool>,
    failed: Vec<Lit>,
    /// A clause CaDiCaL could not take (out of memory): the next solve reports it.
    lost_clause: Option<String>,
    time: Duration,
}

impl Default for Cadical {
    fn default() -> Self {
        Cadical {
            solver: rustsat_cadical::CaDiCaL::default(),
            model: Vec::new(),
            failed: Vec::new(),
            lost_clause: None,
            time: Duration::ZERO,
        }
    }
}

impl Cadical {
    /// A solver loaded with the formula.
    pub fn with_cnf(cnf: &Cnf) -> Self {
        let mut s = Self::default();
        s.add_cnf(cnf);
        s
    }

    /// The time spent in CaDiCaL so far.
    pub fn time(&self) -> Duration {
        self.time
    }
}

fn failed(e: impl std::fmt::Display) -> SolveError {
    SolveError::Solver(format!("cadical: {e}"))
}

impl Backend for Cadical {
    fn add_clause(&mut self, lits: &[Lit]) {
        // `Backend::add_clause` cannot fail; the error (only ever out of memory) waits for the
        // next solve, which must not answer without the clause.
        let clause: Clause = lits.iter().copied().collect();
        if let Err(e) = self.solver.add_clause(clause) {
            self.lost_clause.get_or_insert_with(|| e.to_string());
        }
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        if let Some(e) = &self.lost_clause {
            return Err(failed(format!("a clause was not added: {e}")));
        }
        let start = Instant::now();
        let result = self.solver.solve_assumps(assumptions).map_err(failed)?;
        let sat = match result {
            SolverResult::Sat => true,
            SolverResult::Unsat => false,
            SolverResult::Interrupted => return Err(failed("interrupted")),
        };
        self.failed.clear();
        self.model.clear();
        if sat {
            // Variables CaDiCaL never saw (in no clause) are free: false.
            let top = self.solver.max_var().map_or(0, |v| v.idx() + 1);
            self.model = (0..top)
                .map(|v| {
                    matches!(
                        self.solver.lit_val(Var::new(v as u32).pos_lit()),
                        Ok(TernaryVal::True)
                    )
                })
                .collect();
        } else {
            // rustsat gives the core as the clause of the failed assumptions' negations.
            self.failed = self
                .solver
                .core()
                .map_err(failed)?
                .into_iter()
                .map(|l| !l)
                .collect();
        }
        self.time += start.elapsed();
        stats::record(start, Some(sat));
        Ok(sat)
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        (0..num_vars as usize)
            .map(|i| self.model.get(i).copied().unwrap_or(false))
            .collect()
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.failed.clone()
    }
}

/// Solves `cnf` with a fresh CaDiCaL writing a binary DRAT proof: the proof's bytes when the
/// formula is UNSAT, None when it is satisfiable.
pub fn refutation(cnf: &Cnf) -> Result<Option<Vec<u8>>, SolveError> {
    let io = |source| SolveError::Spawn {
        cmd: "cadical (in process)".into(),
        source,
    };
    let proof = tempfile::NamedTempFile::new().map_err(io)?;
    let mut solver = rustsat_cadical::CaDiCaL::default();
    solver
        .trace_proof(proof.path(), ProofFormat::Drat { binary: true })
        .map_err(failed)?;
    for lits in cnf.clauses.iter() {
        let clause: Clause = lits.iter().copied().collect();
        solver.add_clause(clause).map_err(failed)?;
    }
    let verdict = solver.solve().map_err(failed)?;
    // The proof file is complete only once CaDiCaL is gone (it flushes and closes it then).
    drop(solver);
    match verdict {
        SolverResult::Sat => Ok(None),
        SolverResult::Unsat => Ok(Some(std::fs::read(proof.path()).map_err(io)?)),
        SolverResult::Interrupted => Err(failed("interrupted")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;

    fn lit(v: u32, positive: bool) -> Lit {
        let l = Var::new(v).pos_lit();
        if positive { l } else { !l }
    }

    #[test]
    fn incremental_solves_keep_clauses_and_name_failed_assumptions() {
        // x0 -> x1, x1 -> x2.
        let mut s = Cadical::default();
        s.add_clause(&[lit(0, false), lit(1, true)]);
        s.add_clause(&[lit(1, false), lit(2, true)]);
        assert!(s.solve(&[lit(0, true)]).unwrap());
        assert_eq!(s.model(4), vec![true, true, true, false]);
        // x0 and not x2 (and x3, which has nothing to do with it) fail; x3 is not in the core.
        assert!(
            !s.solve(&[lit(3, true), lit(0, true), lit(2, false)])
                .unwrap()
        );
        let mut failed = s.failed_assumptions();
        failed.sort();
        let mut expected = vec![lit(0, true), lit(2, false)];
        expected.sort();
        assert_eq!(failed, expected);
        // A clause added later counts: now x0 is ruled out for good.
        s.add_clause(&[lit(2, false)]);
        assert!(!s.solve(&[lit(0, true)]).unwrap());
        assert!(s.solve(&[]).unwrap());
        assert!(!s.model(3)[0]);
    }

    #[test]
    fn refutation_is_a_proof_only_for_an_unsat_formula() {
        let mut cnf = Cnf::default();
        cnf.add_clause(&[lit(0, true)]);
        assert_eq!(refutation(&cnf).unwrap(), None);
        cnf.add_clause(&[lit(0, false)]);
        assert!(refutation(&cnf).unwrap().is_some());
    }
}
