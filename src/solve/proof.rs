//! Uniqueness certificates: "unique" means the formula plus the answer's blocking clause is
//! UNSAT, and that UNSAT is written as a DRAT proof by a fresh varisat and checked here by a
//! separate forward checker.
//!
//! The checker is written by hand: no DRAT checker is packaged for this machine (drat-trim is
//! not in Debian), and varisat's own checker shares the solver's code, so it would not be an
//! independent route. It checks every added lemma by reverse unit propagation, falling back to
//! the RAT condition on the lemma's first literal, and honours deletions.

use std::collections::HashMap;

use varisat::ExtendFormula;
use varisat::ProofFormat;

use crate::cnf::{Cnf, Lit};
use crate::solve::SolveError;

/// Why a proof was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("proof line {line}: `{token}` is not a literal")]
    BadToken { line: usize, token: String },
    #[error("proof line {line}: the lemma is neither RUP nor RAT")]
    NotImplied { line: usize },
    #[error("proof line {line}: the lemma has no terminating 0")]
    Unterminated { line: usize },
    #[error("the proof never derives the empty clause")]
    NoEmptyClause,
}

/// Solves `cnf` plus `extra` clauses with a fresh varisat writing a DRAT proof. Returns the proof
/// text when the formula is UNSAT, None when it is satisfiable.
pub fn drat_refutation(cnf: &Cnf, extra: &[Vec<Lit>]) -> Result<Option<String>, SolveError> {
    let mut proof = Vec::new();
    let unsat = {
        let mut solver = varisat::Solver::new();
        solver.write_proof(&mut proof, ProofFormat::Drat);
        let to_v = |l: &Lit| varisat::Lit::from_index(l.var().idx(), !l.is_neg());
        for cl in cnf.clauses.iter().chain(extra.iter().map(Vec::as_slice)) {
            let lits: Vec<varisat::Lit> = cl.iter().map(to_v).collect();
            solver.add_clause(&lits);
        }
        let sat = solver
            .solve()
            .map_err(|e| SolveError::Solver(e.to_string()))?;
        solver
            .close_proof()
            .map_err(|e| SolveError::Solver(e.to_string()))?;
        !sat
    };
    Ok(unsat.then(|| String::from_utf8_lossy(&proof).into_owned()))
}

/// What a checked proof contained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProofStats {
    pub lemmas: usize,
    pub rat_lemmas: usize,
    pub deletions: usize,
}

/// Checks a textual DRAT proof that `clauses` are UNSAT.
pub fn check_drat(clauses: &[Vec<Lit>], proof: &str) -> Result<ProofStats, ProofError> {
    let mut db = ClauseDb::default();
    for c in clauses {
        db.add(c.clone());
    }
    let mut stats = ProofStats::default();
    if db.propagate_all().is_err() {
        return Ok(stats); // already refuted by unit propagation
    }
    for (idx, raw) in proof.lines().enumerate() {
        let line = idx + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('c') {
            continue;
        }
        let (delete, body) = match t.strip_prefix('d') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let mut lits = Vec::new();
        let mut terminated = false;
        for tok in body.split_whitespace() {
            let n: i64 = tok.parse().map_err(|_| ProofError::BadToken {
                line,
                token: tok.to_string(),
            })?;
            if n == 0 {
                terminated = true;
                break;
            }
            if n.unsigned_abs() > (1 << 31) - 2 {
                return Err(ProofError::BadToken {
                    line,
                    token: tok.to_string(),
                });
            }
            lits.push(Lit::new((n.unsigned_abs() - 1) as u32, n < 0));
        }
        if !terminated {
            return Err(ProofError::Unterminated { line });
        }
        if delete {
            // Deleting unit clauses is ignored, as drat-trim does by default.
            if lits.len() > 1 {
                db.delete(&lits);
            }
            stats.deletions += 1;
            continue;
        }
        stats.lemmas += 1;
        if !db.implied_rup(&lits) {
            if !db.implied_rat(&lits) {
                return Err(ProofError::NotImplied { line });
            }
            stats.rat_lemmas += 1;
        }
        if lits.is_empty() {
            return Ok(stats);
        }
        db.add(lits);
    }
    Err(ProofError::NoEmptyClause)
}

/// A clause database with occurrence lists, enough for checking RUP by unit propagation.
#[derive(Default)]
struct ClauseDb {
    clauses: Vec<Vec<Lit>>,
    alive: Vec<bool>,
    /// Clauses containing each literal (by literal index), alive or not.
    occurs: Vec<Vec<usize>>,
    by_key: HashMap<Vec<Lit>, Vec<usize>>,
}

/// Truth values during one propagation: +1 true, -1 false, 0 unassigned, per variable.
struct Trail {
    value: Vec<i8>,
    queue: Vec<Lit>,
}

impl Trail {
    fn new(vars: usize) -> Self {
        Trail {
            value: vec![0; vars],
            queue: Vec::new(),
        }
    }
    fn get(&self, l: Lit) -> i8 {
        let v = self.value.get(l.var().idx()).copied().unwrap_or(0);
        if l.is_neg() { -v } else { v }
    }
    /// Makes `l` true; Err on conflict.
    fn assign(&mut self, l: Lit) -> Result<(), ()> {
        match self.get(l) {
            1 => Ok(()),
            -1 => Err(()),
            _ => {
                let i = l.var().idx();
                if i >= self.value.len() {
                    self.value.resize(i + 1, 0);
                }
                self.value[i] = if l.is_neg() { -1 } else { 1 };
                self.queue.push(l);
                Ok(())
            }
        }
    }
}

fn key(lits: &[Lit]) -> Vec<Lit> {
    let mut k = lits.to_vec();
    k.sort_unstable();
    k.dedup();
    k
}

impl ClauseDb {
    fn num_vars(&self) -> usize {
        self.occurs.len() / 2
    }

    fn add(&mut self, lits: Vec<Lit>) {
        let id = self.clauses.len();
        for &l in &lits {
            let li = l.lidx();
            if self.occurs.len() <= li | 1 {
                self.occurs.resize((li | 1) + 1, Vec::new());
            }
            self.occurs[li].push(id);
        }
        self.by_key.entry(key(&lits)).or_default().push(id);
        self.clauses.push(lits);
        self.alive.push(true);
    }

    fn delete(&mut self, lits: &[Lit]) {
        if let Some(id) = self.by_key.get_mut(&key(lits)).and_then(Vec::pop) {
            self.alive[id] = false;
        }
    }

    /// Unit propagation from the given trail; Err on conflict.
    fn propagate(&self, trail: &mut Trail) -> Result<(), ()> {
        let mut head = 0;
        // Units of the database itself first.
        for (id, c) in self.clauses.iter().enumerate() {
            if self.alive[id] && c.len() == 1 {
                trail.assign(c[0])?;
            }
            if self.alive[id] && c.is_empty() {
                return Err(());
            }
        }
        while head < trail.queue.len() {
            let falsified = !trail.queue[head];
            head += 1;
            let Some(ids) = self.occurs.get(falsified.lidx()) else {
                continue;
            };
            for &id in ids {
                if !self.alive[id] {
                    continue;
                }
                let mut unassigned = None;
                let mut open = 0;
                let mut satisfied = false;
                for &l in &self.clauses[id] {
                    match trail.get(l) {
                        1 => {
                            satisfied = true;
                            break;
                        }
                        0 => {
                            open += 1;
                            unassigned = Some(l);
                        }
                        _ => {}
                    }
                }
                if satisfied {
                    continue;
                }
                match (open, unassigned) {
                    (0, _) => return Err(()),
                    (1, Some(l)) => trail.assign(l)?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn propagate_all(&self) -> Result<(), ()> {
        self.propagate(&mut Trail::new(self.num_vars()))
    }

    /// Does unit propagation on the negation of `lemma` reach a conflict?
    fn implied_rup(&self, lemma: &[Lit]) -> bool {
        let mut trail = Trail::new(self.num_vars());
        for &l in lemma {
            if trail.assign(!l).is_err() {
                return true;
            }
        }
        self.propagate(&mut trail).is_err()
    }

    /// RAT on the first literal p: for every clause D with ¬p, lemma ∪ (D \ {¬p}) is RUP.
    fn implied_rat(&self, lemma: &[Lit]) -> bool {
        let Some(&p) = lemma.first() else {
            return false;
        };
        let Some(ids) = self.occurs.get((!p).lidx()) else {
            return true;
        };
        ids.iter().filter(|&&id| self.alive[id]).all(|&id| {
            let mut resolvent = lemma.to_vec();
            resolvent.extend(self.clauses[id].iter().copied().filter(|&l| l != !p));
            self.implied_rup(&resolvent)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::EncodeOptions;
    use crate::solve::{Varisat, Verdict, solve_unique};

    fn clauses_of(cnf: &Cnf) -> Vec<Vec<Lit>> {
        cnf.clauses.iter().map(<[Lit]>::to_vec).collect()
    }

    #[test]
    fn jindosh_uniqueness_proof_checks() {
        let grid = crate::puzzles::jindosh::puzzle().unwrap().build().unwrap();
        let mut enc = grid.model.encode(EncodeOptions::default());
        let mut solver = Varisat::with_cnf(&enc.cnf);
        let Verdict::Unique(model) = solve_unique(&mut enc.cnf, &mut solver).unwrap() else {
            panic!("jindosh is unique");
        };
        let block = enc.blocking_clause(&enc.decode(&model).unwrap());
        let proof = drat_refutation(&enc.cnf, std::slice::from_ref(&block))
            .unwrap()
            .expect("blocked formula is UNSAT");
        let mut all = clauses_of(&enc.cnf);
        all.push(block);
        // (Unit propagation alone refutes it: the support clauses make Jindosh propagation-easy.)
        check_drat(&all, &proof).unwrap();
        // Without the blocking clause the formula is satisfiable: the same proof must fail.
        assert!(check_drat(&clauses_of(&enc.cnf), &proof).is_err());
    }

    #[test]
    fn pigeonhole_proof_checks_and_tampering_is_caught() {
        // 4 pigeons, 3 holes.
        let mut cnf = Cnf::new();
        let x: Vec<Vec<Lit>> = (0..4)
            .map(|_| (0..3).map(|_| cnf.fresh_lit()).collect())
            .collect();
        use crate::cnf::ClauseSink;
        for p in &x {
            cnf.add_clause(p);
        }
        for h in 0..3 {
            for (a, pa) in x.iter().enumerate() {
                for pb in &x[a + 1..] {
                    cnf.add_clause(&[!pa[h], !pb[h]]);
                }
            }
        }
        let proof = drat_refutation(&cnf, &[]).unwrap().expect("PHP is UNSAT");
        let clauses = clauses_of(&cnf);
        check_drat(&clauses, &proof).unwrap();
        // A proof that claims the empty clause straight away is not RUP here.
        assert_eq!(
            check_drat(&clauses, "0\n"),
            Err(ProofError::NotImplied { line: 1 })
        );
        assert_eq!(check_drat(&clauses, ""), Err(ProofError::NoEmptyClause));
        assert!(matches!(
            check_drat(&clauses, "1 x 0\n"),
            Err(ProofError::BadToken { line: 1, .. })
        ));
    }
}
