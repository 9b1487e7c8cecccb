//! A dealt case's certificate: "only one arrangement fits the statements" as a DRAT refutation
//! of the case's formula plus the answer's blocking clause, and "every statement is needed" as
//! one witness per statement, a second arrangement that fits every other statement. The
//! witnesses are checked by evaluating each statement on them, the proof by satpuz's DRAT
//! checker against the formula re-encoded from the case file: nothing here asks a solver
//! whether the certificate holds.

use serde::{Deserialize, Serialize};

use crate::cnf::{Cnf, Lit};
use crate::model::{EncodeOptions, Encoded, holds};
use crate::puzzles::grid::{GridAnswer, GridModel, GridPuzzle, PuzzleError};
use crate::solve::proof::{ProofError, ProofStats, check_drat, drat_refutation};
use crate::solve::{SolveError, Varisat, Verdict, solve_unique};

/// What `satpuz inquest --certify` writes beside the case file (`certificate.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseCertificate {
    /// What the certificate claims, in words.
    pub claim: String,
    /// The answer: `table[room][category]` is the index of the value in that room.
    pub answer: Vec<Vec<usize>>,
    /// One per statement, in the case file's clue order.
    pub witnesses: Vec<Witness>,
}

/// A second arrangement that every statement but one fits: that statement is needed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    /// The statement left out, 1-based (the case file's clue number).
    pub statement: usize,
    /// The arrangement, `table[room][category]` as in [`CaseCertificate::answer`].
    pub table: Vec<Vec<usize>>,
}

/// A certificate, with its formula and proof.
#[derive(Debug, Clone)]
pub struct Certified {
    /// The answer and witnesses.
    pub certificate: CaseCertificate,
    /// The case's formula plus the answer's blocking clause.
    pub refuted: Cnf,
    /// varisat's DRAT refutation of it.
    pub proof: String,
}

/// Why a case could not be certified.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// The case file is not a valid grid puzzle.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The statements admit no arrangement, or several.
    #[error("the statements admit {0} arrangements, not exactly one")]
    NotUnique(&'static str),
    /// A statement can go without a second arrangement appearing.
    #[error("statement {0} is not needed: without it only the answer fits")]
    NotMinimal(usize),
}

/// Why a certificate is rejected.
#[derive(Debug, thiserror::Error)]
pub enum CaseCheckError {
    /// The case file is not a valid grid puzzle.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// An arrangement that is not one value of each category per room.
    #[error("{which}: {detail}")]
    BadTable {
        /// `answer` or `witness for statement N`.
        which: String,
        /// What is wrong with it.
        detail: String,
    },
    /// The answer breaks a statement.
    #[error("the answer breaks statement {0}")]
    AnswerBreaks(usize),
    /// A statement has no witness.
    #[error("statement {0} has no witness arrangement")]
    MissingWitness(usize),
    /// A witness for a statement that is not in the case.
    #[error("a witness names statement {0}; the case has {1}")]
    UnknownStatement(usize, usize),
    /// A witness breaks a statement other than its own.
    #[error("the witness for statement {witness} breaks statement {breaks}")]
    WitnessBreaks {
        /// The statement the witness is for.
        witness: usize,
        /// The other statement it breaks.
        breaks: usize,
    },
    /// A witness equal to the answer shows nothing.
    #[error("the witness for statement {0} is the answer itself")]
    WitnessIsAnswer(usize),
    /// A witness fits every statement, its own too: the case has two arrangements.
    #[error("the witness for statement {0} fits every statement: the answer is not unique")]
    SecondSolution(usize),
    /// The formula file is not the case's formula plus the answer's blocking clause.
    #[error("refuted.cnf is not the case's formula with the answer blocked: {0}")]
    FormulaDiffers(String),
    /// The proof does not refute the formula.
    #[error("the uniqueness proof does not check: {0}")]
    Proof(#[from] ProofError),
}

/// What a successful check covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaseChecked {
    /// Statements, each satisfied by the answer and shown needed by its witness.
    pub statements: usize,
    /// The DRAT proof's counts.
    pub proof: ProofStats,
}

/// The encoding certificates use (the defaults: one-hot, pairwise).
fn options() -> EncodeOptions {
    EncodeOptions::default()
}

/// The case's formula with the answer's blocking clause, as the encoder writes it.
pub fn refuted_formula(grid: &GridModel, answer: &GridAnswer) -> Cnf {
    let encoded = grid.model.encode(options());
    let block = encoded.blocking_clause(&grid.values(answer));
    let mut cnf = encoded.cnf;
    crate::cnf::ClauseSink::add_clause(&mut cnf, &block);
    cnf
}

/// Solves `encoded` with `block` added; the first arrangement, if any.
fn solve_blocked(
    grid: &GridModel,
    mut encoded: Encoded,
    block: Option<&[Lit]>,
    positions: usize,
) -> Result<Option<GridAnswer>, SolveError> {
    if let Some(block) = block {
        crate::cnf::ClauseSink::add_clause(&mut encoded.cnf, block);
    }
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let verdict = solve_unique(&mut encoded.cnf, &mut solver)?;
    let model = match verdict {
        Verdict::Unsat => return Ok(None),
        Verdict::Unique(m) | Verdict::Multiple(m, _) => m,
    };
    Ok(encoded
        .decode(&model)
        .map(|values| grid.answer(&values, positions)))
}

/// Certifies a case file's puzzle: solves it (exactly one arrangement), refutes a second one
/// with a DRAT proof, and finds a witness for every statement.
pub fn certify_case(puzzle: &GridPuzzle) -> Result<Certified, CertifyError> {
    let positions = puzzle.positions.count;
    let grid = puzzle.build()?;
    let encoded = grid.model.encode(options());
    let mut cnf = encoded.cnf.clone();
    let mut solver = Varisat::with_cnf(&cnf);
    let answer = match solve_unique(&mut cnf, &mut solver)? {
        Verdict::Unsat => return Err(CertifyError::NotUnique("no")),
        Verdict::Multiple(..) => return Err(CertifyError::NotUnique("several")),
        Verdict::Unique(model) => {
            let values = encoded
                .decode(&model)
                .ok_or(CertifyError::NotUnique("no"))?;
            grid.answer(&values, positions)
        }
    };
    let refuted = refuted_formula(&grid, &answer);
    let proof = drat_refutation(&refuted, &[])?.ok_or(CertifyError::NotUnique("several"))?;
    let mut witnesses = Vec::with_capacity(puzzle.clues.len());
    for i in 0..puzzle.clues.len() {
        let mut others = puzzle.clues.clone();
        others.remove(i);
        let without = puzzle.build_with(&others)?;
        let encoded = without.model.encode(options());
        let block = encoded.blocking_clause(&without.values(&answer));
        let table = solve_blocked(&without, encoded, Some(&block), positions)?
            .ok_or(CertifyError::NotMinimal(i + 1))?;
        witnesses.push(Witness {
            statement: i + 1,
            table: table.table,
        });
    }
    Ok(Certified {
        certificate: CaseCertificate {
            claim: format!(
                "exactly one arrangement fits the {} statements, and each of them is needed",
                puzzle.clues.len()
            ),
            answer: answer.table,
            witnesses,
        },
        refuted,
        proof,
    })
}

/// Checks that `table` is one value of each category per room.
fn valid_table(
    puzzle: &GridPuzzle,
    table: &[Vec<usize>],
    which: &str,
) -> Result<GridAnswer, CaseCheckError> {
    let bad = |detail: String| CaseCheckError::BadTable {
        which: which.to_string(),
        detail,
    };
    let (rooms, cats) = (puzzle.positions.count, puzzle.categories.len());
    if table.len() != rooms {
        return Err(bad(format!("{} rooms; the case has {rooms}", table.len())));
    }
    for (c, cat) in puzzle.categories.iter().enumerate() {
        let mut seen = vec![false; cat.values.len()];
        for (r, row) in table.iter().enumerate() {
            if row.len() != cats {
                return Err(bad(format!(
                    "room {} has {} values; the case has {cats} categories",
                    r + 1,
                    row.len()
                )));
            }
            let i = row[c];
            if i >= seen.len() || std::mem::replace(&mut seen[i], true) {
                return Err(bad(format!(
                    "category `{}`: value index {i} is out of range or in two rooms",
                    cat.name
                )));
            }
        }
    }
    Ok(GridAnswer {
        table: table.to_vec(),
    })
}

/// The 1-based statements an arrangement breaks, by evaluating each one.
fn broken(grid: &GridModel, answer: &GridAnswer) -> Vec<usize> {
    let values = grid.values(answer);
    grid.clue_constraints
        .clone()
        .enumerate()
        .filter(|&(_, k)| !holds(&grid.model.constraints[k], &values))
        .map(|(i, _)| i + 1)
        .collect()
}

/// Checks a certificate against its case file, the formula file and the proof, without a
/// solver: the answer fits every statement, each witness every statement but its own (and
/// differs from the answer), the formula is the case's own with the answer blocked, and the
/// proof refutes it.
pub fn check_case(
    puzzle: &GridPuzzle,
    certificate: &CaseCertificate,
    refuted: &Cnf,
    proof: &[u8],
) -> Result<CaseChecked, CaseCheckError> {
    let grid = puzzle.build()?;
    let n = puzzle.clues.len();
    let answer = valid_table(puzzle, &certificate.answer, "answer")?;
    if let Some(&s) = broken(&grid, &answer).first() {
        return Err(CaseCheckError::AnswerBreaks(s));
    }
    for w in &certificate.witnesses {
        if w.statement == 0 || w.statement > n {
            return Err(CaseCheckError::UnknownStatement(w.statement, n));
        }
    }
    for s in 1..=n {
        let w = certificate
            .witnesses
            .iter()
            .find(|w| w.statement == s)
            .ok_or(CaseCheckError::MissingWitness(s))?;
        let table = valid_table(puzzle, &w.table, &format!("witness for statement {s}"))?;
        if table == answer {
            return Err(CaseCheckError::WitnessIsAnswer(s));
        }
        match broken(&grid, &table).as_slice() {
            [] => return Err(CaseCheckError::SecondSolution(s)),
            [b] if *b == s => {}
            more => {
                let breaks = more.iter().copied().find(|&b| b != s).unwrap_or(s);
                return Err(CaseCheckError::WitnessBreaks { witness: s, breaks });
            }
        }
    }
    let expected = refuted_formula(&grid, &answer);
    if expected.num_clauses() != refuted.num_clauses() {
        return Err(CaseCheckError::FormulaDiffers(format!(
            "{} clauses; the case's formula with the answer blocked has {}",
            refuted.num_clauses(),
            expected.num_clauses()
        )));
    }
    if let Some(i) =
        (0..expected.num_clauses()).find(|&i| expected.clauses.get(i) != refuted.clauses.get(i))
    {
        return Err(CaseCheckError::FormulaDiffers(format!(
            "clause {} differs",
            i + 1
        )));
    }
    let clauses: Vec<Vec<Lit>> = expected.clauses.iter().map(<[Lit]>::to_vec).collect();
    let stats = check_drat(&clauses, proof)?;
    Ok(CaseChecked {
        statements: n,
        proof: stats,
    })
}

/// The grid puzzle of a case file (`satpuz inquest --json`), its `inquest` section set aside.
pub fn case_puzzle(text: &str) -> Result<GridPuzzle, PuzzleError> {
    GridPuzzle::from_json(&super::export::grid_text(text))
}
