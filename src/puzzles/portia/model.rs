//! Portia puzzles in CNF.
//!
//! - the portrait's casket is a finite-domain variable ([`Domain`], one-hot or bits);
//! - each portrait inscription's truth is its portrait literal (`+k`: portrait = k, `-k`: its
//!   negation), so truth and position cannot disagree; no variable or clause is spent on it;
//! - Portia II: per lid, literals "this lid carries exactly 0 / 1 / 2 true statements";
//! - Portia III: one boolean per casket, "made by Bellini"; every inscription on a casket is
//!   true exactly when Bellini made it;
//! - the clue: count bounds and lid distributions are cardinality constraints
//!   ([`crate::encode::card`]), maker statements are equivalences.
//!
//! Only the portrait is projected on: "unique" means no second portrait position satisfies
//! the formula. For catalogues, the statements can be left open and picked by assumption
//! literals ([`Formula::with_statement_choices`]), and a clue can be added behind a selector
//! literal in a [`Session`] ([`Formula::write_clue`]), so one solver can judge many
//! candidates under assumptions ([`unique_under`]).

use crate::cnf::{ClauseSink, Cnf, Lit, lit_value};
use crate::encode::amo::exactly_one;
use crate::encode::card::{self, Card};
use crate::encode::{Amo, Domain, Encoding};
use crate::solve::session::OwnsCnf;
use crate::solve::{Backend, Session, SolveError, Verdict};

use super::clue::{Bound, Clue, CountClue, Counted, LidClue, Maker, MakerClaim, MakerStatement};
use super::{CASKET_NAMES, CASKETS, Generation, Puzzle, Statement, StatementList};

/// Encoding choices; none of them changes an answer (the tests prove it on every catalogue).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FormulaOptions {
    pub encoding: Encoding,
    pub amo: Amo,
    pub card: Card,
}

/// A Portia formula: the statements' frame plus any clues added so far.
#[derive(Debug, Clone)]
pub struct Formula {
    pub cnf: Cnf,
    pub portrait: Domain,
    /// `at[v]`: the portrait is in casket `v` (the domain's value literals).
    pub at: Vec<Lit>,
    /// `truths[c][j]`: the `j`-th portrait statement on casket `c` is true (the portrait
    /// literal it names, or its negation).
    pub truths: Vec<Vec<Lit>>,
    /// `lid_counts[c][k]`: casket `c` carries exactly `k` true portrait statements.
    pub lid_counts: Vec<Vec<Lit>>,
    /// `bellini[c]`: Bellini made casket `c` (Portia III; empty otherwise).
    pub bellini: Vec<Lit>,
    pub opts: FormulaOptions,
}

impl OwnsCnf for Formula {
    fn cnf(&self) -> &Cnf {
        &self.cnf
    }
    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.cnf
    }
}

/// A solution in puzzle terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The portrait's casket (0-based).
    pub portrait: usize,
    /// `truths[c][j]`: value of the `j`-th portrait statement on casket `c`.
    pub truths: Vec<Vec<bool>>,
    /// Portia III: who made each casket (true = Bellini).
    pub bellini: Vec<bool>,
}

/// What solving with a uniqueness check found (projected on the portrait).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    None,
    /// One portrait position; the formula with that position blocked is UNSAT.
    Unique(Found),
    /// Two different portrait positions.
    Multiple(Found, Found),
}

impl Formula {
    /// The frame of a puzzle of `generation` over `lists` (casket `c` carries `lists[j][c]`):
    /// the portrait variable, the statement truths, and for Portia III the makers with
    /// "Bellini's portrait statements are true, Cellini's false". No clue yet.
    pub fn new(lists: &[StatementList], generation: Generation, opts: FormulaOptions) -> Formula {
        Self::frame(lists.len(), generation, opts, |_, at, c, j| {
            let s = lists[j][c];
            if s.affirms() {
                at[s.casket()]
            } else {
                !at[s.casket()]
            }
        })
    }

    /// The frame with the statements left open: `rows` statements per casket, each picked
    /// from [`Statement::POOL`] by assuming one of its choice literals. Returns the formula and
    /// `choices[c][j][i]`: "the `j`-th statement on casket `c` is `POOL[i]`" (exactly one per
    /// slot). One solver over this frame can judge every statement list of a catalogue.
    pub fn with_statement_choices(
        rows: usize,
        generation: Generation,
        opts: FormulaOptions,
    ) -> (Formula, Vec<Vec<Vec<Lit>>>) {
        let mut choices: Vec<Vec<Vec<Lit>>> = vec![Vec::new(); CASKETS];
        let formula = Self::frame(rows, generation, opts, |cnf, at, c, j| {
            let truth = cnf
                .vars
                .named(format!("casket{}.statement{}=true", c + 1, j + 1));
            let truth = truth.pos_lit();
            let pick: Vec<Lit> = Statement::POOL
                .iter()
                .map(|s| {
                    let pick = cnf
                        .vars
                        .named(format!("casket{}.statement{}={s}", c + 1, j + 1))
                        .pos_lit();
                    let says = if s.affirms() {
                        at[s.casket()]
                    } else {
                        !at[s.casket()]
                    };
                    // pick -> (truth <-> says)
                    cnf.add_clause(&[!pick, !truth, says]);
                    cnf.add_clause(&[!pick, truth, !says]);
                    pick
                })
                .collect();
            exactly_one(cnf, &pick, opts.amo);
            choices[c].push(pick);
            truth
        });
        (formula, choices)
    }

    /// The frame, with `truth(cnf, at, c, j)` giving the literal of the `j`-th statement on
    /// casket `c` (`at[v]` is "the portrait is in casket v").
    fn frame(
        rows: usize,
        generation: Generation,
        opts: FormulaOptions,
        mut truth: impl FnMut(&mut Cnf, &[Lit], usize, usize) -> Lit,
    ) -> Formula {
        let mut cnf = Cnf::new();
        let (portrait, at) = cnf.track("portrait", |cnf| {
            let mut d = Domain::new(cnf, opts.encoding, CASKETS, opts.amo, |v| match v {
                Some(v) => format!("portrait={}", CASKET_NAMES[v]),
                None => "portrait".to_string(),
            });
            let at: Vec<Lit> = (0..CASKETS).map(|v| d.value_lit(cnf, v)).collect();
            (d, at)
        });
        cnf.primary = portrait.primary_vars().collect();
        cnf.primary_one_hot = opts.encoding == Encoding::OneHot;
        let truths: Vec<Vec<Lit>> = cnf.track("statement truth", |cnf| {
            (0..CASKETS)
                .map(|c| (0..rows).map(|j| truth(cnf, &at, c, j)).collect())
                .collect()
        });
        let lid_counts = cnf.track("lid count", |cnf| {
            truths
                .iter()
                .enumerate()
                .map(|(c, t)| lid_count_lits(cnf, c, t))
                .collect()
        });
        let bellini = if generation == Generation::Three {
            cnf.track("maker", |cnf| {
                (0..CASKETS)
                    .map(|c| {
                        let b = cnf
                            .vars
                            .named(format!("casket{}.maker=Bellini", c + 1))
                            .pos_lit();
                        for &t in &truths[c] {
                            equivalent(cnf, t, b);
                        }
                        b
                    })
                    .collect()
            })
        } else {
            Vec::new()
        };
        Formula {
            cnf,
            portrait,
            at,
            truths,
            lid_counts,
            bellini,
            opts,
        }
    }

    /// The whole puzzle: frame plus clue.
    pub fn for_puzzle(puzzle: &Puzzle, opts: FormulaOptions) -> Formula {
        let mut f = Formula::new(puzzle.lists(), puzzle.generation(), opts);
        f.add_clue(puzzle.clue());
        f
    }

    /// Adds the clue as hard constraints.
    pub fn add_clue(&mut self, clue: &Clue) {
        let mut cnf = std::mem::take(&mut self.cnf);
        cnf.track("clue", |cnf| self.write_clue(cnf, clue));
        self.cnf = cnf;
    }

    /// Writes the clue's clauses into `cnf` (this formula's, or a scratch one sharing its
    /// variables, as [`Session::add_clue_encoded_by`] gives to put the clue behind a selector;
    /// by the one guard rule, every clause written here is then guarded).
    pub fn write_clue(&self, cnf: &mut Cnf, clue: &Clue) {
        match clue {
            Clue::Count(c) => self.count_clue(cnf, c),
            Clue::Lids(c) => self.lid_clue(cnf, c),
            Clue::Makers(m) => self.maker_statements(cnf, m),
        }
    }

    fn count_clue(&self, cnf: &mut Cnf, clue: &CountClue) {
        let all: Vec<Lit> = self.truths.iter().flatten().copied().collect();
        for b in &clue.bounds {
            let lits: Vec<Lit> = match b.counted {
                Counted::True => all.clone(),
                Counted::False => all.iter().map(|&l| !l).collect(),
            };
            match b.bound {
                Bound::AtLeast => card::at_least(cnf, &lits, b.n, self.opts.card),
                Bound::AtMost => card::at_most(cnf, &lits, b.n, self.opts.card),
                Bound::Exactly => card::exactly(cnf, &lits, b.n, self.opts.card),
            }
        }
    }

    fn lid_clue(&self, cnf: &mut Cnf, clue: &LidClue) {
        let per_lid = self.lid_counts.first().map_or(0, Vec::len);
        for k in 0..3 {
            // A count above the lids' capacity has no literal: no lid can carry it.
            let lits: Vec<Lit> = if k < per_lid {
                self.lid_counts.iter().map(|lid| lid[k]).collect()
            } else {
                Vec::new()
            };
            match clue {
                // Every lid carries exactly one count, so the lids with 1 true statement are
                // the ones left: bounding counts 0 and 2 is enough.
                LidClue::Distribution(d)
                    if k == 1 && per_lid == 2 && d.iter().sum::<usize>() == CASKETS => {}
                LidClue::Distribution(d) => card::exactly(cnf, &lits, d[k], self.opts.card),
                LidClue::Occurring(o) if o[k] => card::at_least(cnf, &lits, 1, self.opts.card),
                LidClue::Occurring(_) => {}
            }
        }
    }

    /// Each maker inscription is true exactly when its casket is Bellini's.
    fn maker_statements(&self, cnf: &mut Cnf, makers: &[MakerStatement; CASKETS]) {
        if self.bellini.is_empty() {
            cnf.add_clause(&[]); // makers only exist in Portia III; Puzzle rules this out
            return;
        }
        for (speaker, m) in makers.iter().enumerate() {
            let about = self.bellini[m.about];
            let says = match m.claim {
                MakerClaim::MadeBy(Maker::Bellini) => about,
                MakerClaim::MadeBy(Maker::Cellini) => !about,
                MakerClaim::Same | MakerClaim::Different => {
                    let same = cnf.fresh_lit();
                    equivalent_to_xnor(cnf, same, about, self.bellini[speaker]);
                    if m.claim == MakerClaim::Same {
                        same
                    } else {
                        !same
                    }
                }
            };
            equivalent(cnf, says, self.bellini[speaker]);
        }
    }

    /// A model in puzzle terms.
    pub fn found(&self, model: &[bool]) -> Result<Found, SolveError> {
        let portrait = self.portrait.decode(model).ok_or_else(|| {
            SolveError::Solver("the model gives the portrait no valid casket".into())
        })?;
        Ok(Found {
            portrait,
            truths: self
                .truths
                .iter()
                .map(|t| t.iter().map(|&l| lit_value(model, l)).collect())
                .collect(),
            bellini: self.bellini.iter().map(|&l| lit_value(model, l)).collect(),
        })
    }
}

/// Solves under `assumptions` and proves or refutes uniqueness of the portrait: solve, block
/// the portrait found, solve again. The block is the assumption "the portrait is not in casket
/// q" (the negated value literal, which the domain defines both ways, so it is equivalent to
/// the blocking clause over the primary variables); nothing is added to the solver, which goes
/// on to the next clue. ([`Session::solve_unique`] blocks by a clause.)
pub fn unique_under<B: Backend>(
    session: &mut Session<Formula, B>,
    assumptions: &[Lit],
) -> Result<Answer, SolveError> {
    if !session.solve(assumptions)? {
        return Ok(Answer::None);
    }
    let first = session.formula().found(&session.model())?;
    let mut under = assumptions.to_vec();
    under.push(!session.formula().at[first.portrait]);
    let second = if session.solve(&under)? {
        Some(session.formula().found(&session.model())?)
    } else {
        None
    };
    Ok(match second {
        None => Answer::Unique(first),
        Some(second) => Answer::Multiple(first, second),
    })
}

/// A puzzle solved by a fresh solver, with its formula's size before solving.
#[derive(Debug, Clone)]
pub struct Solved {
    pub answer: Answer,
    pub variables: u32,
    pub clauses: usize,
}

/// Encodes the whole puzzle, solves it with a fresh varisat and proves or refutes uniqueness
/// with the library's projected blocking clause ([`Session::solve_unique`]).
pub fn solve(puzzle: &Puzzle, opts: FormulaOptions) -> Result<Solved, SolveError> {
    let formula = Formula::for_puzzle(puzzle, opts);
    let (variables, clauses) = (formula.cnf.num_vars(), formula.cnf.num_clauses());
    let mut session = Session::new(formula);
    let verdict = session.solve_unique()?;
    let formula = session.formula();
    let answer = match verdict {
        Verdict::Unsat => Answer::None,
        Verdict::Unique(m) => Answer::Unique(formula.found(&m)?),
        Verdict::Multiple(a, b) => Answer::Multiple(formula.found(&a)?, formula.found(&b)?),
    };
    Ok(Solved {
        answer,
        variables,
        clauses,
    })
}

/// `a <-> b`.
fn equivalent(cnf: &mut Cnf, a: Lit, b: Lit) {
    cnf.add_clause(&[!a, b]);
    cnf.add_clause(&[a, !b]);
}

/// `x <-> (a <-> b)`.
fn equivalent_to_xnor(cnf: &mut Cnf, x: Lit, a: Lit, b: Lit) {
    cnf.add_clause(&[!x, !a, b]);
    cnf.add_clause(&[!x, a, !b]);
    cnf.add_clause(&[x, a, b]);
    cnf.add_clause(&[x, !a, !b]);
}

/// Literals "casket `c` carries exactly k true statements" for k = 0..=truths.len().
/// One statement needs no auxiliary; two get Tseitin definitions of nor / xor / and.
fn lid_count_lits(cnf: &mut Cnf, c: usize, truths: &[Lit]) -> Vec<Lit> {
    match *truths {
        [a] => vec![!a, a],
        [a, b] => {
            let mut named = |k: usize| {
                cnf.vars
                    .named(format!("casket{}.true={k}", c + 1))
                    .pos_lit()
            };
            let (zero, one, two) = (named(0), named(1), named(2));
            // zero <-> !a & !b
            cnf.add_clause(&[!zero, !a]);
            cnf.add_clause(&[!zero, !b]);
            cnf.add_clause(&[zero, a, b]);
            // two <-> a & b
            cnf.add_clause(&[!two, a]);
            cnf.add_clause(&[!two, b]);
            cnf.add_clause(&[two, !a, !b]);
            // one <-> a xor b
            equivalent_to_xnor(cnf, !one, a, b);
            vec![zero, one, two]
        }
        _ => unreachable!("Portia caskets carry one or two portrait statements"),
    }
}
