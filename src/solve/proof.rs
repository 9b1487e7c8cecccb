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

/// Where in a proof: a line of a text proof, or a byte offset of a binary one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// 1-based line of a text proof.
    Line(usize),
    /// 0-based byte offset of a binary proof (the step's `a`/`d` byte).
    Byte(usize),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(n) => write!(f, "proof line {n}"),
            Place::Byte(n) => write!(f, "proof byte {n} (binary DRAT)"),
        }
    }
}

/// Why a proof was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// A token that is not an integer literal.
    #[error("proof line {line}: `{token}` is not a literal")]
    BadToken {
        /// 1-based line of the proof.
        line: usize,
        /// The token as found.
        token: String,
    },
    /// A binary proof's byte that is neither a step (`a`, `d`) nor a literal.
    #[error("{at}: {what}")]
    BadBinary {
        /// Where.
        at: Place,
        /// What was wrong.
        what: String,
    },
    /// A lemma that does not follow from the clauses so far.
    #[error("{at}: the lemma is neither RUP nor RAT")]
    NotImplied {
        /// Where the lemma is.
        at: Place,
    },
    /// The last lemma has no terminating 0.
    #[error("{at}: the lemma has no terminating 0")]
    Unterminated {
        /// Where it starts.
        at: Place,
    },
    /// Every lemma checked, but none is the empty clause: UNSAT is not shown.
    #[error("the proof never derives the empty clause")]
    NoEmptyClause,
    /// A proof being renamed ([`rename_drat`]) names a variable the renaming has no name for.
    #[error("{at}: variable {var} is in no clause of the formula, so it has no name in the file")]
    Unnamed {
        /// Where the step is.
        at: Place,
        /// The variable (1-based, as the proof names it).
        var: u64,
    },
}

/// How a proof is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DratFormat {
    /// One lemma per line, `d` for deletions (drat-trim's text format).
    Text,
    /// `a`/`d` bytes and variable-length literals ended by a 0 byte, as CaDiCaL and kissat
    /// write by default.
    Binary,
}

impl DratFormat {
    /// The format of `proof`, by its bytes: every binary step ends in a NUL byte, which text
    /// never holds.
    pub fn detect(proof: &[u8]) -> DratFormat {
        if proof.contains(&0) {
            DratFormat::Binary
        } else {
            DratFormat::Text
        }
    }

    /// Its name in messages (`text`, `binary`).
    pub fn name(self) -> &'static str {
        match self {
            DratFormat::Text => "text",
            DratFormat::Binary => "binary",
        }
    }
}

/// Solves `cnf` plus `extra` clauses with a fresh varisat writing a DRAT proof. Returns the proof
/// text when the formula is UNSAT, None when it is satisfiable.
pub fn drat_refutation(cnf: &Cnf, extra: &[Vec<Lit>]) -> Result<Option<String>, SolveError> {
    drat_refutation_with(cnf, extra, &varisat::config::SolverConfigUpdate::new())
}

/// [`drat_refutation`] by a varisat configured with `config`.
fn drat_refutation_with(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    config: &varisat::config::SolverConfigUpdate,
) -> Result<Option<String>, SolveError> {
    let failed = |e: &dyn std::fmt::Display| SolveError::Solver(e.to_string());
    let mut proof = Vec::new();
    let unsat = {
        let mut solver = super::bounded_varisat();
        solver.config(config).map_err(|e| failed(&e))?;
        solver.write_proof(&mut proof, ProofFormat::Drat);
        for cl in cnf.clauses.iter().chain(extra.iter().map(Vec::as_slice)) {
            let lits: Vec<varisat::Lit> = cl.iter().map(|&l| super::to_varisat(l)).collect();
            solver.add_clause(&lits);
        }
        let sat = solver.solve().map_err(|e| match e {
            varisat::solver::SolverError::Interrupted => SolveError::Stopped,
            e => failed(&e),
        })?;
        solver.close_proof().map_err(|e| failed(&e))?;
        !sat
    };
    Ok(unsat.then(|| String::from_utf8_lossy(&proof).into_owned()))
}

/// What a checked proof contained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProofStats {
    /// Lemmas added and checked, up to the empty clause.
    pub lemmas: usize,
    /// Of those, the ones that needed the RAT check (not RUP).
    pub rat_lemmas: usize,
    /// Deletion lines (`d ...`), units included (they are ignored, as drat-trim does).
    pub deletions: usize,
    /// The formula itself is refuted by unit propagation: no lemma was needed (nor read).
    pub by_propagation: bool,
}

impl ProofStats {
    /// One line for people: the lemma counts, or that unit propagation alone refutes it.
    pub fn summary(&self) -> String {
        if self.by_propagation {
            "refuted by unit propagation (0 lemmas needed)".to_string()
        } else {
            format!(
                "{} lemmas ({} RAT), {} deletions",
                self.lemmas, self.rat_lemmas, self.deletions
            )
        }
    }
}

/// One proof step: a lemma added, or a clause deleted.
struct Step<'a> {
    at: Place,
    delete: bool,
    lits: &'a [Lit],
}

/// Feeds each step of a text proof to `step`, until it returns `Some`.
fn text_steps(
    proof: &[u8],
    mut step: impl FnMut(Step<'_>) -> Result<Option<ProofStats>, ProofError>,
) -> Result<Option<ProofStats>, ProofError> {
    // Lemmas are a token stream ended by 0s (usually one per line, but newlines are only
    // whitespace); `d` starts a deletion; `c` lines are comments. Bytes that are not UTF-8
    // are only ever part of a bad token.
    let text = String::from_utf8_lossy(proof);
    let mut lits = Vec::new();
    let mut delete = false;
    let mut start_line = 0;
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let t = raw.trim();
        if t.starts_with('c') {
            continue;
        }
        for tok in t.split_whitespace() {
            if lits.is_empty() && !delete {
                start_line = line;
            }
            if tok == "d" && lits.is_empty() && !delete {
                delete = true;
                continue;
            }
            let (tok, del) = match tok.strip_prefix('d') {
                Some(rest) if lits.is_empty() && !delete && !rest.is_empty() => (rest, true),
                _ => (tok, false),
            };
            delete |= del;
            let bad = || ProofError::BadToken {
                line,
                token: tok.chars().take(40).collect(),
            };
            let n: i64 = tok.parse().map_err(|_| bad())?;
            if n != 0 {
                if n.unsigned_abs() > (1 << 31) - 2 {
                    return Err(bad());
                }
                lits.push(Lit::new((n.unsigned_abs() - 1) as u32, n < 0));
                continue;
            }
            let done = step(Step {
                at: Place::Line(line),
                delete: std::mem::take(&mut delete),
                lits: &lits,
            })?;
            lits.clear();
            if done.is_some() {
                return Ok(done);
            }
        }
    }
    if !lits.is_empty() || delete {
        return Err(ProofError::Unterminated {
            at: Place::Line(start_line),
        });
    }
    Ok(None)
}

/// Feeds each step of a binary proof to `step`, until it returns `Some`.
fn binary_steps(
    proof: &[u8],
    mut step: impl FnMut(Step<'_>) -> Result<Option<ProofStats>, ProofError>,
) -> Result<Option<ProofStats>, ProofError> {
    let mut lits = Vec::new();
    let mut i = 0;
    while i < proof.len() {
        let start = i;
        let delete = match proof[i] {
            b'a' => false,
            b'd' => true,
            other => {
                return Err(ProofError::BadBinary {
                    at: Place::Byte(start),
                    what: format!("byte {other:#04x} where a step (`a` or `d`) should start"),
                });
            }
        };
        i += 1;
        lits.clear();
        loop {
            // A literal: 2 * variable + sign, 7 bits per byte, low bits first.
            let mut value: u64 = 0;
            let mut shift = 0;
            loop {
                let Some(&byte) = proof.get(i) else {
                    return Err(ProofError::Unterminated {
                        at: Place::Byte(start),
                    });
                };
                i += 1;
                value |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
                shift += 7;
                if shift > 35 {
                    return Err(ProofError::BadBinary {
                        at: Place::Byte(start),
                        what: "a literal longer than 5 bytes".into(),
                    });
                }
            }
            if value == 0 {
                break;
            }
            let var = value >> 1;
            if var == 0 || var > (1 << 31) - 2 {
                return Err(ProofError::BadBinary {
                    at: Place::Byte(start),
                    what: format!("literal code {value} names no variable"),
                });
            }
            lits.push(Lit::new((var - 1) as u32, value & 1 == 1));
        }
        let done = step(Step {
            at: Place::Byte(start),
            delete,
            lits: &lits,
        })?;
        if done.is_some() {
            return Ok(done);
        }
    }
    Ok(None)
}

/// Checks a DRAT proof, text or binary (told apart by [`DratFormat::detect`]), that `clauses`
/// are UNSAT.
///
/// Clauses and lemmas are read as sets, as drat-trim does: a repeated literal counts once
/// (`1 1 0` is the unit `1`). Memory follows the variables the formula and the proof use, not
/// their numbers (a proof naming variable 2,000,000,000 costs one slot), and a lemma already in
/// the database (a repeated lemma) is accepted by a hash lookup.
pub fn check_drat(clauses: &[Vec<Lit>], proof: impl AsRef<[u8]>) -> Result<ProofStats, ProofError> {
    let proof = proof.as_ref();
    let mut db = ClauseDb::default();
    for c in clauses {
        let c = db.intern(c);
        db.add(c);
    }
    if db.refuted_by_propagation() {
        return Ok(ProofStats {
            by_propagation: true,
            ..ProofStats::default()
        });
    }
    let mut stats = ProofStats::default();
    let step = |s: Step<'_>| {
        let lemma = db.intern(s.lits);
        if s.delete {
            // Deleting unit clauses is ignored, as drat-trim does by default.
            if lemma.len() > 1 {
                db.delete(&lemma);
            }
            stats.deletions += 1;
            return Ok(None);
        }
        stats.lemmas += 1;
        if !db.contains(&lemma) && !db.implied_rup(&lemma) {
            if !db.implied_rat(&lemma) {
                return Err(ProofError::NotImplied { at: s.at });
            }
            stats.rat_lemmas += 1;
        }
        if lemma.is_empty() {
            return Ok(Some(stats));
        }
        db.add(lemma);
        Ok(None)
    };
    let done = match DratFormat::detect(proof) {
        DratFormat::Text => text_steps(proof, step)?,
        DratFormat::Binary => binary_steps(proof, step)?,
    };
    done.ok_or(ProofError::NoEmptyClause)
}

/// `proof` with every literal renamed by `rename`, in the same format (text or binary): how a
/// solver's proof over a renumbered formula ([`crate::cnf::renumber`]) is given back in the
/// file's variables. Comments of a text proof are left out.
pub fn rename_drat(
    proof: &[u8],
    rename: impl Fn(Lit) -> Option<Lit>,
) -> Result<Vec<u8>, ProofError> {
    use std::io::Write as _;
    let format = DratFormat::detect(proof);
    let mut out = Vec::with_capacity(proof.len());
    let mut write = |step: Step<'_>| -> Result<Option<ProofStats>, ProofError> {
        match format {
            DratFormat::Text if step.delete => out.extend_from_slice(b"d "),
            DratFormat::Text => {}
            DratFormat::Binary => out.push(if step.delete { b'd' } else { b'a' }),
        }
        for &l in step.lits {
            let renamed = rename(l).ok_or(ProofError::Unnamed {
                at: step.at,
                var: l.var().idx() as u64 + 1,
            })?;
            match format {
                DratFormat::Text => {
                    let _ = write!(out, "{} ", renamed.to_ipasir());
                }
                DratFormat::Binary => {
                    let mut code =
                        2 * (u64::from(renamed.var().idx32()) + 1) + u64::from(renamed.is_neg());
                    while code >= 0x80 {
                        out.push((code & 0x7f) as u8 | 0x80);
                        code >>= 7;
                    }
                    out.push(code as u8);
                }
            }
        }
        match format {
            DratFormat::Text => out.extend_from_slice(b"0\n"),
            DratFormat::Binary => out.push(0),
        }
        Ok(None)
    };
    match format {
        DratFormat::Text => text_steps(proof, &mut write)?,
        DratFormat::Binary => binary_steps(proof, &mut write)?,
    };
    Ok(out)
}

/// A clause database with occurrence lists, enough for checking RUP by unit propagation.
///
/// Variables are renumbered densely in the order they appear; each distinct clause is stored
/// once with a count of its live copies (a proof may add and delete the same clause many
/// times).
#[derive(Default)]
struct ClauseDb {
    /// Dense index of each DIMACS variable (0-based) seen so far.
    index: HashMap<u32, u32>,
    /// Distinct clauses over dense variables, each without repeated literals.
    clauses: Vec<Vec<Lit>>,
    /// Live copies of each clause (0: deleted).
    copies: Vec<u32>,
    /// Clauses containing each literal (by dense literal index), live or not.
    occurs: Vec<Vec<usize>>,
    /// Each distinct clause by its sorted literals.
    by_key: HashMap<Vec<Lit>, usize>,
    /// Ids of the unit clauses (live or not).
    units: Vec<usize>,
    /// Live copies of the empty clause.
    empty: u32,
    /// Truth values during one propagation, per dense variable: +1 true, -1 false, 0 open.
    value: Vec<i8>,
    /// Literals made true during the current propagation, in order.
    trail: Vec<Lit>,
}

fn key(lits: &[Lit]) -> Vec<Lit> {
    let mut k = lits.to_vec();
    k.sort_unstable();
    k
}

impl ClauseDb {
    /// The clause over dense variables, repeated literals dropped (first occurrences kept in
    /// order, so a RAT pivot stays first).
    fn intern(&mut self, lits: &[Lit]) -> Vec<Lit> {
        let mut out: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            let next = self.index.len() as u32;
            let v = *self.index.entry(l.var().idx32()).or_insert(next);
            if v == next {
                self.value.push(0);
                self.occurs.push(Vec::new());
                self.occurs.push(Vec::new());
            }
            let d = Lit::new(v, l.is_neg());
            if !out.contains(&d) {
                out.push(d);
            }
        }
        out
    }

    fn add(&mut self, lits: Vec<Lit>) {
        if lits.is_empty() {
            self.empty += 1;
            return;
        }
        let k = key(&lits);
        if let Some(&id) = self.by_key.get(&k) {
            self.copies[id] += 1;
            return;
        }
        let id = self.clauses.len();
        for &l in &lits {
            self.occurs[l.lidx()].push(id);
        }
        if lits.len() == 1 {
            self.units.push(id);
        }
        self.by_key.insert(k, id);
        self.clauses.push(lits);
        self.copies.push(1);
    }

    fn delete(&mut self, lits: &[Lit]) {
        if let Some(&id) = self.by_key.get(&key(lits)) {
            self.copies[id] = self.copies[id].saturating_sub(1);
        }
    }

    /// Is the clause live in the database (so trivially implied)?
    fn contains(&self, lits: &[Lit]) -> bool {
        if lits.is_empty() {
            return self.empty > 0;
        }
        self.by_key
            .get(&key(lits))
            .is_some_and(|&id| self.copies[id] > 0)
    }

    fn get(&self, l: Lit) -> i8 {
        let v = self.value[l.var().idx()];
        if l.is_neg() { -v } else { v }
    }

    /// Makes `l` true; Err on conflict.
    fn assign(&mut self, l: Lit) -> Result<(), ()> {
        match self.get(l) {
            1 => Ok(()),
            -1 => Err(()),
            _ => {
                self.value[l.var().idx()] = if l.is_neg() { -1 } else { 1 };
                self.trail.push(l);
                Ok(())
            }
        }
    }

    /// Undoes every assignment of the current propagation.
    fn reset(&mut self) {
        for l in self.trail.drain(..) {
            self.value[l.var().idx()] = 0;
        }
    }

    /// Unit propagation from the current trail and the database's units; Err on conflict.
    fn propagate(&mut self) -> Result<(), ()> {
        if self.empty > 0 {
            return Err(());
        }
        for i in 0..self.units.len() {
            let id = self.units[i];
            if self.copies[id] > 0 {
                self.assign(self.clauses[id][0])?;
            }
        }
        let mut head = 0;
        while head < self.trail.len() {
            let falsified = !self.trail[head];
            head += 1;
            for i in 0..self.occurs[falsified.lidx()].len() {
                let id = self.occurs[falsified.lidx()][i];
                if self.copies[id] == 0 {
                    continue;
                }
                let mut unassigned = None;
                let mut open = 0;
                let mut satisfied = false;
                for &l in &self.clauses[id] {
                    match self.get(l) {
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
                    (1, Some(l)) => self.assign(l)?,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn refuted_by_propagation(&mut self) -> bool {
        let conflict = self.propagate().is_err();
        self.reset();
        conflict
    }

    /// Does unit propagation on the negation of `lemma` reach a conflict?
    fn implied_rup(&mut self, lemma: &[Lit]) -> bool {
        let conflict = lemma.iter().any(|&l| self.assign(!l).is_err()) || self.propagate().is_err();
        self.reset();
        conflict
    }

    /// RAT on the first literal p: for every clause D with ¬p, lemma ∪ (D \ {¬p}) is RUP.
    fn implied_rat(&mut self, lemma: &[Lit]) -> bool {
        let Some(&p) = lemma.first() else {
            return false;
        };
        let ids: Vec<usize> = self.occurs[(!p).lidx()]
            .iter()
            .copied()
            .filter(|&id| self.copies[id] > 0)
            .collect();
        ids.into_iter().all(|id| {
            let mut resolvent = lemma.to_vec();
            resolvent.extend(self.clauses[id].iter().copied().filter(|&l| l != !p));
            self.implied_rup(&resolvent)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
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
        let cnf = crate::solve::tests::pigeonhole(3);
        let proof = drat_refutation(&cnf, &[]).unwrap().expect("PHP is UNSAT");
        let clauses = clauses_of(&cnf);
        check_drat(&clauses, &proof).unwrap();
        // A proof that claims the empty clause straight away is not RUP here.
        assert_eq!(
            check_drat(&clauses, "0\n"),
            Err(ProofError::NotImplied { at: Place::Line(1) })
        );
        assert_eq!(check_drat(&clauses, ""), Err(ProofError::NoEmptyClause));
        assert!(matches!(
            check_drat(&clauses, "1 x 0\n"),
            Err(ProofError::BadToken { line: 1, .. })
        ));
    }

    /// Varisat's refutation of `cnf` as a DRAT text, its learned clauses shrunk or not
    /// (`vendor/varisat/PATCHES.md`).
    fn refutation_shrinking(cnf: &Cnf, shrink: bool) -> String {
        let mut config = varisat::config::SolverConfigUpdate::new();
        config.shrink_learnt_clauses = Some(shrink);
        drat_refutation_with(cnf, &[], &config)
            .unwrap()
            .expect("the formula is UNSAT")
    }

    /// The mean number of literals of the clauses a DRAT text adds.
    fn mean_lemma_len(proof: &str) -> f64 {
        let lemmas: Vec<usize> = proof
            .lines()
            .filter(|l| !l.starts_with('d') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().count() - 1)
            .collect();
        lemmas.iter().sum::<usize>() as f64 / lemmas.len() as f64
    }

    #[test]
    fn shrunk_learned_clauses_are_shorter_and_their_proofs_check() {
        // The uniqueness refutation of a 20 x 5 bench grid (one-hot, binary clauses
        // everywhere, as the puzzles' formulas are), and pigeons: every lemma of the shrunk
        // proofs is checked, by the checker that `check-drat` runs.
        let text = include_str!("../../benches/grid/positional/n20-s1.json");
        let grid = crate::puzzles::grid::GridPuzzle::from_json(text)
            .unwrap()
            .build()
            .unwrap();
        let mut enc = grid.model.encode(EncodeOptions::default());
        let mut solver = Varisat::with_cnf(&enc.cnf);
        let Verdict::Unique(model) = solve_unique(&mut enc.cnf, &mut solver).unwrap() else {
            panic!("the bench puzzle is unique");
        };
        let mut blocked = enc.cnf.clone();
        blocked.add_clause(&enc.blocking_clause(&enc.decode(&model).unwrap()));
        for cnf in [crate::solve::tests::pigeonhole(6), blocked] {
            let clauses = clauses_of(&cnf);
            let shrunk = refutation_shrinking(&cnf, true);
            let plain = refutation_shrinking(&cnf, false);
            check_drat(&clauses, &shrunk).unwrap();
            check_drat(&clauses, &plain).unwrap();
            assert!(mean_lemma_len(&shrunk) < mean_lemma_len(&plain));
        }
    }

    /// A text proof in the binary format (as CaDiCaL and kissat write it).
    fn to_binary(text: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (delete, rest) = match line.strip_prefix("d ") {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            out.push(if delete { b'd' } else { b'a' });
            for tok in rest.split_whitespace() {
                let n: i64 = tok.parse().unwrap();
                let mut u = if n == 0 {
                    0
                } else {
                    2 * n.unsigned_abs() + u64::from(n < 0)
                };
                loop {
                    let byte = (u & 0x7f) as u8;
                    u >>= 7;
                    if u == 0 {
                        out.push(byte);
                        break;
                    }
                    out.push(byte | 0x80);
                }
            }
        }
        out
    }

    #[test]
    fn renamed_proofs_check_against_the_renamed_formula_in_both_formats() {
        let cnf = crate::solve::tests::pigeonhole(3);
        let text = drat_refutation(&cnf, &[]).unwrap().expect("PHP is UNSAT");
        // Far ids, in reverse order: a wrong varint or sign would name other variables.
        let far = |l: Lit| {
            let v = crate::cnf::Var::new(2_000_000_000 - l.var().idx32());
            Some(if l.is_neg() { v.neg_lit() } else { v.pos_lit() })
        };
        let renamed_clauses: Vec<Vec<Lit>> = clauses_of(&cnf)
            .iter()
            .map(|c| c.iter().map(|&l| far(l).unwrap()).collect())
            .collect();
        for proof in [text.as_bytes().to_vec(), to_binary(&text)] {
            let renamed = rename_drat(&proof, far).unwrap();
            assert_eq!(DratFormat::detect(&renamed), DratFormat::detect(&proof));
            let stats = check_drat(&renamed_clauses, &renamed).unwrap();
            assert_eq!(Ok(stats), check_drat(&clauses_of(&cnf), &proof));
            // The renamed proof does not refute the formula in its old names.
            assert!(check_drat(&clauses_of(&cnf), &renamed).is_err());
            assert!(matches!(
                rename_drat(&proof, |_| None),
                Err(ProofError::Unnamed { var: 1.., .. })
            ));
        }
    }

    #[test]
    fn binary_proofs_check_as_their_text_does() {
        let mut cnf = Cnf::new();
        let x: Vec<Vec<Lit>> = (0..5)
            .map(|_| (0..4).map(|_| cnf.fresh_lit()).collect())
            .collect();
        use crate::cnf::ClauseSink;
        for p in &x {
            cnf.add_clause(p);
        }
        for h in 0..4 {
            for (a, pa) in x.iter().enumerate() {
                for pb in &x[a + 1..] {
                    cnf.add_clause(&[!pa[h], !pb[h]]);
                }
            }
        }
        let text = drat_refutation(&cnf, &[]).unwrap().expect("PHP is UNSAT");
        let binary = to_binary(&text);
        assert_eq!(DratFormat::detect(text.as_bytes()), DratFormat::Text);
        assert_eq!(DratFormat::detect(&binary), DratFormat::Binary);
        let clauses = clauses_of(&cnf);
        let from_text = check_drat(&clauses, &text).unwrap();
        assert!(from_text.lemmas > 0 && !from_text.by_propagation);
        assert_eq!(check_drat(&clauses, &binary), Ok(from_text));
        // Truncated before the empty clause, or cut inside a step: rejected.
        let last_lemma = binary[..binary.len() - 1]
            .iter()
            .rposition(|&b| b == 0)
            .unwrap();
        assert!(check_drat(&clauses, &binary[..=last_lemma]).is_err());
        assert!(matches!(
            check_drat(&clauses, &binary[..binary.len() - 1]),
            Err(ProofError::Unterminated { .. })
        ));
        // A large variable in a binary literal (five bytes) is one slot, as in text.
        let mut far = to_binary("2000000000 0\n");
        far.extend(&binary);
        assert!(check_drat(&clauses, &far).is_ok());
    }
}
