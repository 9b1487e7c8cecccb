//! Any DIMACS solver run as a process (minisat by default): the formula is written to a
//! temporary file, assumptions as unit clauses, and the solver's result file is read back.

use std::io::{BufWriter, Write};
use std::process::Command;

use crate::cnf::dimacs::{SolverOutput, parse_model, write_cnf};
use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::solve::{Backend, SolveError};

/// A solver invoked as `<cmd> <in.cnf> <out.txt>`, the minisat convention.
/// Not incremental: every call re-writes and re-solves the whole formula.
pub struct External {
    cmd: String,
    cnf: Cnf,
    model: Vec<Option<bool>>,
    last_assumptions: Vec<Lit>,
}

impl External {
    /// A backend that runs `cmd` (e.g. `minisat`) on each solve; nothing runs until then.
    pub fn new(cmd: impl Into<String>) -> Self {
        External {
            cmd: cmd.into(),
            cnf: Cnf::new(),
            model: Vec::new(),
            last_assumptions: Vec::new(),
        }
    }

    /// Is `cmd` on the PATH?
    pub fn available(cmd: &str) -> bool {
        Command::new(cmd).arg("--help").output().is_ok()
    }
}

impl Backend for External {
    fn add_clause(&mut self, lits: &[Lit]) {
        let top = lits.iter().map(|l| l.var().idx32() + 1).max().unwrap_or(0);
        self.cnf.vars.reserve(top);
        self.cnf.add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        let mut cnf = self.cnf.clone();
        for &a in assumptions {
            cnf.vars.reserve(a.var().idx32() + 1);
            cnf.clauses.push_raw(&[a]);
        }
        let spawn = |source| SolveError::Spawn {
            cmd: self.cmd.clone(),
            source,
        };
        // A fresh private directory (not a guessable name in /tmp), removed when dropped.
        let dir = tempfile::Builder::new()
            .prefix("satpuz-")
            .tempdir()
            .map_err(spawn)?;
        let (input, output) = (dir.path().join("in.cnf"), dir.path().join("out.txt"));
        let result = (|| {
            let mut file = BufWriter::new(std::fs::File::create(&input).map_err(spawn)?);
            write_cnf(&cnf, &[], &mut file)
                .and_then(|()| file.flush())
                .map_err(spawn)?;
            Command::new(&self.cmd)
                .arg(&input)
                .arg(&output)
                .output()
                .map_err(|source| SolveError::Spawn {
                    cmd: self.cmd.clone(),
                    source,
                })?;
            let text = std::fs::read_to_string(&output).map_err(|e| SolveError::External {
                cmd: self.cmd.clone(),
                detail: format!("no result file: {e}"),
            })?;
            parse_model(&text).map_err(|e| SolveError::External {
                cmd: self.cmd.clone(),
                detail: e.to_string(),
            })
        })();
        drop(dir);
        self.last_assumptions = assumptions.to_vec();
        match result? {
            SolverOutput::Unsat => Ok(false),
            SolverOutput::Sat(values) => {
                self.model = values;
                Ok(true)
            }
        }
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        (0..num_vars as usize)
            .map(|i| self.model.get(i).copied().flatten().unwrap_or(false))
            .collect()
    }

    /// The process reports no core: all assumptions are returned (a sound over-approximation).
    fn failed_assumptions(&self) -> Vec<Lit> {
        self.last_assumptions.clone()
    }
}
