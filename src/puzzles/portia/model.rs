//! Portia puzzles in CNF.
//!
//! - the portrait's casket is a finite-domain variable of the model (one-hot or bits);
//! - each portrait inscription's truth is its portrait literal (`+k`: portrait = k, `-k`: its
//!   negation), so truth and position cannot disagree; no variable or clause is spent on it;
//! - Portia II: per lid, literals "this lid carries exactly 0 / 1 / 2 true statements";
//! - Portia III: one boolean per casket, "made by Bellini"; every inscription on a casket is
//!   true exactly when Bellini made it;
//! - the clue: count bounds and lid distributions are cardinality constraints
//!   ([`Constraint::Count`], encoded by the options' `card`), maker statements are
//!   equivalences.
//!
//! Only the portrait is projected on: "unique" means no second portrait position satisfies
//! the formula. For catalogues, the statements can be left open and picked by assumption
//! literals ([`Formula::with_statement_choices`]), and a clue can be added behind a selector
//! literal in a [`Session`] (`Formula::write_clue`), so one solver can judge many
//! candidates under assumptions ([`unique_under`]).

use crate::cnf::{Cnf, Lit};
use crate::model::{Bit, Cmp, Constraint, EncodeOptions, Encoded, VarId};
use crate::solve::session::OwnsCnf;
use crate::solve::{Backend, Session, SolveError, Verdict};

use super::clue::{Bound, Clue, CountClue, Counted, LidClue, Maker, MakerClaim, MakerStatement};
use super::{CASKET_NAMES, CASKETS, Generation, Puzzle, Statement, StatementList};

/// A Portia formula: the statements' frame plus any clues added so far, as a model encoded as
/// it is built.
#[derive(Debug, Clone)]
pub struct Formula {
    /// The model and its CNF (encoding choices in `enc.opts`).
    pub(crate) enc: Encoded,
    /// The portrait's casket, a finite-domain variable.
    pub(crate) portrait: VarId,
    /// `at[v]`: the portrait is in casket `v` (the domain's value literals).
    pub(crate) at: Vec<Lit>,
    /// `truths[c][j]`: the `j`-th portrait statement on casket `c` is true (the portrait
    /// bit it names, or its negation).
    pub(crate) truths: Vec<Vec<Bit>>,
    /// `lid_counts[c][k]`: casket `c` carries exactly `k` true portrait statements.
    pub(crate) lid_counts: Vec<Vec<Bit>>,
    /// `bellini[c]`: Bellini made casket `c` (Portia III; empty otherwise).
    pub(crate) bellini: Vec<Bit>,
}

impl OwnsCnf for Formula {
    fn cnf(&self) -> &Cnf {
        &self.enc.cnf
    }
    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.enc.cnf
    }
}

/// A solution in puzzle terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The portrait's casket (0-based).
    pub portrait: usize,
    /// `truths[c][j]`: value of the `j`-th portrait statement on casket `c`.
    pub(crate) truths: Vec<Vec<bool>>,
    /// Portia III: who made each casket (true = Bellini).
    pub bellini: Vec<bool>,
}

/// What solving with a uniqueness check found (projected on the portrait).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// No portrait position fits the inscriptions and the clue.
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
    pub(crate) fn new(
        lists: &[StatementList],
        generation: Generation,
        opts: EncodeOptions,
    ) -> Formula {
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
        opts: EncodeOptions,
    ) -> (Formula, Vec<Vec<Vec<Lit>>>) {
        let mut choices: Vec<Vec<Vec<Lit>>> = vec![Vec::new(); CASKETS];
        let formula = Self::frame(rows, generation, opts, |enc, at, c, j| {
            let truth = enc.named_bool(format!("casket{}.statement{}=true", c + 1, j + 1));
            let pick: Vec<Bit> = Statement::POOL
                .iter()
                .map(|s| {
                    let pick = enc.named_bool(format!("casket{}.statement{}={s}", c + 1, j + 1));
                    let says = if s.affirms() {
                        at[s.casket()]
                    } else {
                        !at[s.casket()]
                    };
                    // pick -> (truth <-> says)
                    enc.clause(&[!pick, !truth, says]);
                    enc.clause(&[!pick, truth, !says]);
                    pick
                })
                .collect();
            enc.require(&Constraint::ExactlyOne(pick.clone()));
            let lits = pick.iter().map(|&b| enc.lit(b).expect("a variable"));
            choices[c].push(lits.collect());
            truth
        });
        (formula, choices)
    }

    /// The frame, with `truth(enc, at, c, j)` giving the bit of the `j`-th statement on
    /// casket `c` (`at[v]` is "the portrait is in casket v").
    fn frame(
        rows: usize,
        generation: Generation,
        opts: EncodeOptions,
        mut truth: impl FnMut(&mut Encoded, &[Bit], usize, usize) -> Bit,
    ) -> Formula {
        let mut enc = Encoded::new(opts);
        let (portrait, at) = enc.track("portrait", |enc| {
            let names: Vec<String> = CASKET_NAMES.iter().map(|n| n.to_string()).collect();
            let p = enc.new_var("portrait", &names);
            let at: Vec<Bit> = (0..CASKETS).map(|v| Bit::is(p, v)).collect();
            for &b in &at {
                enc.lit(b).expect("a value literal"); // made now, in value order
            }
            (p, at)
        });
        enc.project_on_vars(&[portrait]);
        let truths: Vec<Vec<Bit>> = enc.track("statement truth", |enc| {
            (0..CASKETS)
                .map(|c| (0..rows).map(|j| truth(enc, &at, c, j)).collect())
                .collect()
        });
        let lid_counts = enc.track("lid count", |enc| {
            truths
                .iter()
                .enumerate()
                .map(|(c, t)| lid_count_bits(enc, c, t))
                .collect()
        });
        let bellini = if generation == Generation::Three {
            enc.track("maker", |enc| {
                (0..CASKETS)
                    .map(|c| {
                        let b = enc.named_bool(format!("casket{}.maker=Bellini", c + 1));
                        for &t in &truths[c] {
                            equivalent(enc, t, b);
                        }
                        b
                    })
                    .collect()
            })
        } else {
            Vec::new()
        };
        let at = at
            .iter()
            .map(|&b| enc.lit(b).expect("a value literal"))
            .collect();
        Formula {
            enc,
            portrait,
            at,
            truths,
            lid_counts,
            bellini,
        }
    }

    /// The whole puzzle: frame plus clue.
    pub(crate) fn for_puzzle(puzzle: &Puzzle, opts: EncodeOptions) -> Formula {
        let mut f = Formula::new(puzzle.lists(), puzzle.generation(), opts);
        f.add_clue(puzzle.clue());
        f
    }

    /// Adds the clue as hard constraints.
    pub fn add_clue(&mut self, clue: &Clue) {
        let mut cnf = std::mem::take(&mut self.enc.cnf);
        cnf.track("clue", |cnf| self.write_clue(cnf, clue));
        self.enc.cnf = cnf;
    }

    /// Writes the clue's clauses into `cnf` (this formula's, or a scratch one sharing its
    /// variables, as [`Session::add_clue_encoded_by`] gives to put the clue behind a selector;
    /// by the one guard rule, every clause written here is then guarded).
    pub(crate) fn write_clue(&self, cnf: &mut Cnf, clue: &Clue) {
        self.enc.encode_apart(cnf, |enc| match clue {
            Clue::Count(c) => self.count_clue(enc, c),
            Clue::Lids(c) => self.lid_clue(enc, c),
            Clue::Makers(m) => self.maker_statements(enc, m),
        });
    }

    /// Count bounds on the true (or false) portrait statements: cardinality constraints.
    fn count_clue(&self, enc: &mut Encoded, clue: &CountClue) {
        let all: Vec<Bit> = self.truths.iter().flatten().copied().collect();
        for b in &clue.bounds {
            let lits: Vec<Bit> = match b.counted {
                Counted::True => all.clone(),
                Counted::False => all.iter().map(|&l| !l).collect(),
            };
            let cmp = match b.bound {
                Bound::AtLeast => Cmp::AtLeast,
                Bound::AtMost => Cmp::AtMost,
                Bound::Exactly => Cmp::Exactly,
            };
            enc.require(&Constraint::Count { lits, cmp, k: b.n });
        }
    }

    fn lid_clue(&self, enc: &mut Encoded, clue: &LidClue) {
        let per_lid = self.lid_counts.first().map_or(0, Vec::len);
        for k in 0..3 {
            // A count above the lids' capacity has no literal: no lid can carry it.
            let lits: Vec<Bit> = if k < per_lid {
                self.lid_counts.iter().map(|lid| lid[k]).collect()
            } else {
                Vec::new()
            };
            let (cmp, n) = match clue {
                // Every lid carries exactly one count, so the lids with 1 true statement are
                // the ones left: bounding counts 0 and 2 is enough.
                LidClue::Distribution(d)
                    if k == 1 && per_lid == 2 && d.iter().sum::<usize>() == CASKETS =>
                {
                    continue;
                }
                LidClue::Distribution(d) => (Cmp::Exactly, d[k]),
                LidClue::Occurring(o) if o[k] => (Cmp::AtLeast, 1),
                LidClue::Occurring(_) => continue,
            };
            enc.require(&Constraint::Count { lits, cmp, k: n });
        }
    }

    /// Each maker inscription is true exactly when its casket is Bellini's.
    fn maker_statements(&self, enc: &mut Encoded, makers: &[MakerStatement; CASKETS]) {
        if self.bellini.is_empty() {
            enc.clause(&[]); // makers only exist in Portia III; Puzzle rules this out
            return;
        }
        for (speaker, m) in makers.iter().enumerate() {
            let about = self.bellini[m.about];
            let says = match m.claim {
                MakerClaim::MadeBy(Maker::Bellini) => about,
                MakerClaim::MadeBy(Maker::Cellini) => !about,
                MakerClaim::Same | MakerClaim::Different => {
                    let same = enc.new_bool();
                    equivalent_to_xnor(enc, same, about, self.bellini[speaker]);
                    if m.claim == MakerClaim::Same {
                        same
                    } else {
                        !same
                    }
                }
            };
            equivalent(enc, says, self.bellini[speaker]);
        }
    }

    /// A model in puzzle terms.
    pub(crate) fn found(&self, model: &[bool]) -> Result<Found, SolveError> {
        let portrait = self.enc.domains[self.portrait]
            .decode(model)
            .ok_or_else(|| {
                SolveError::Solver("the model gives the portrait no valid casket".into())
            })?;
        let value = |b: &Bit| self.enc.value(*b, model);
        Ok(Found {
            portrait,
            truths: self
                .truths
                .iter()
                .map(|t| t.iter().map(value).collect())
                .collect(),
            bellini: self.bellini.iter().map(value).collect(),
        })
    }
}

/// Solves under `assumptions` and proves or refutes uniqueness of the portrait: solve, block
/// the portrait found, solve again. The block is the assumption "the portrait is not in casket
/// q" (the negated value literal, which the domain defines both ways, so it is equivalent to
/// the blocking clause over the primary variables); nothing is added to the solver, which goes
/// on to the next clue. (`Session::solve_unique` blocks by a clause.)
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
    /// The verdict, with the portrait position(s) found.
    pub answer: Answer,
    /// Variables of the formula as built.
    pub variables: u32,
    /// Clauses of the formula as built.
    pub clauses: usize,
}

/// Encodes the whole puzzle, solves it with a fresh varisat and proves or refutes uniqueness
/// with the library's projected blocking clause (`Session::solve_unique`).
pub fn solve(puzzle: &Puzzle, opts: EncodeOptions) -> Result<Solved, SolveError> {
    let formula = Formula::for_puzzle(puzzle, opts);
    let (variables, clauses) = (formula.enc.cnf.num_vars(), formula.enc.cnf.num_clauses());
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
fn equivalent(enc: &mut Encoded, a: Bit, b: Bit) {
    enc.clause(&[!a, b]);
    enc.clause(&[a, !b]);
}

/// `x <-> (a <-> b)`.
fn equivalent_to_xnor(enc: &mut Encoded, x: Bit, a: Bit, b: Bit) {
    enc.clause(&[!x, !a, b]);
    enc.clause(&[!x, a, !b]);
    enc.clause(&[x, a, b]);
    enc.clause(&[x, !a, !b]);
}

/// Bits "casket `c` carries exactly k true statements" for k = 0..=truths.len().
/// One statement needs no auxiliary; two get Tseitin definitions of nor / xor / and.
fn lid_count_bits(enc: &mut Encoded, c: usize, truths: &[Bit]) -> Vec<Bit> {
    match *truths {
        [a] => vec![!a, a],
        [a, b] => {
            let mut named = |k: usize| enc.named_bool(format!("casket{}.true={k}", c + 1));
            let (zero, one, two) = (named(0), named(1), named(2));
            // zero <-> !a & !b
            enc.clause(&[!zero, !a]);
            enc.clause(&[!zero, !b]);
            enc.clause(&[zero, a, b]);
            // two <-> a & b
            enc.clause(&[!two, a]);
            enc.clause(&[!two, b]);
            enc.clause(&[two, !a, !b]);
            // one <-> a xor b
            equivalent_to_xnor(enc, !one, a, b);
            vec![zero, one, two]
        }
        _ => unreachable!("Portia caskets carry one or two portrait statements"),
    }
}
