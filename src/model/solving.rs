//! A model at the level of the command line: solved, counted, proved unique, explained and
//! certified in one call each, with answers as values per variable, never as a CNF assignment.
//!
//! Every call here is a thin road onto the one function that does the work in [`crate::solve`]
//! (`solve_unique`, `count`, `enumerate`, the step-by-step [`explain`], the DRAT
//! refutation and its checker), so the library and the `satpuz` commands answer alike.
//!
//! ```
//! use satpuz::model::{Constraint, Model, Uniqueness};
//!
//! let mut model = Model::new();
//! let seats: Vec<String> = (1..=3).map(|s| format!("seat {s}")).collect();
//! let [ann, bob, cy] = ["Ann", "Bob", "Cy"].map(|g| model.add_var(g, seats.clone()));
//! model.add(Constraint::AllDifferent(vec![ann, bob, cy]));
//! assert_eq!(model.count(None).unwrap(), 6);
//!
//! model.add_clue("Ann sits in seat 1", [Constraint::InSet { var: ann, allowed: vec![true, false, false] }]);
//! model.add_clue("Bob is not in seat 3", [Constraint::InSet { var: bob, allowed: vec![true, true, false] }]);
//! let Uniqueness::Unique(answer) = model.unique().unwrap() else { panic!("one answer") };
//! assert_eq!(answer.get("Cy"), Some("seat 3"));
//! assert_eq!(answer.label(bob), "seat 2");
//! for step in model.explain().unwrap().steps {
//!     println!("{}", step.sentence);
//! }
//! ```

use std::fmt;
use std::io::Write;
use std::ops::{ControlFlow, Range};
use std::path::{Path, PathBuf};

use crate::cnf::dimacs::write_cnf;
use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::report::ClueNote;
use crate::solve::explain::Explainer;
use crate::solve::proof::{ProofError, ProofStats, check_drat, drat_refutation};
use crate::solve::steps::{
    Clued, Explanation, Fact, StepKind, Stepper, StepsError, explain, explain_from,
};
use crate::solve::{SolveError, Varisat, Verdict, count, enumerate, solve_unique};

use super::{Constraint, Dimacs, EncodeOptions, Encoded, Model, VarId};

/// A clue: constraints under one name, switched on and off together when explaining.
#[derive(Debug, Clone)]
pub(super) struct NamedClue {
    name: String,
    /// Its constraints, a run of [`Model::constraints`].
    constraints: Range<usize>,
}

impl Model {
    /// Adds `constraints` as one clue called `name` ("Ann sits left of Bob"): they must hold,
    /// as any constraint must, and [`Model::explain`] names the clue when it uses them.
    /// Returns the clue's number, from 0 in the order clues are added. The clue holds its
    /// constraints by their place in [`Model::constraints`], so add to that list, never remove
    /// from it.
    pub fn add_clue(
        &mut self,
        name: impl Into<String>,
        constraints: impl IntoIterator<Item = Constraint>,
    ) -> usize {
        let first = self.constraints.len();
        self.constraints.extend(constraints);
        self.clues.push(NamedClue {
            name: name.into(),
            constraints: first..self.constraints.len(),
        });
        self.clues.len() - 1
    }

    /// The clues' names, in the order they were added.
    pub fn clue_names(&self) -> impl Iterator<Item = &str> {
        self.clues.iter().map(|c| c.name.as_str())
    }

    /// The name variable `var` was given.
    pub fn var_name(&self, var: VarId) -> &str {
        &self.vars[var].name
    }

    /// A fact about one variable in words: `Ann is seat 2`, `Ann is not seat 2`.
    pub fn describe(&self, fact: Fact) -> String {
        let var = &self.vars[fact.var];
        let verb = if fact.holds { "is" } else { "is not" };
        format!("{} {verb} {}", var.name, var.values[fact.value])
    }

    /// The calls below under other encoding choices than the default (none of them changes an
    /// answer or a count; they change the CNF's size and the solver's speed).
    pub fn with_options(&self, options: EncodeOptions) -> Solving<'_> {
        Solving {
            model: self,
            options,
        }
    }

    /// One answer, or None when the constraints admit none; see [`Solving::solve`].
    pub fn solve(&self) -> Result<Option<Solution>, SolveError> {
        self.with_options(EncodeOptions::default()).solve()
    }

    /// How many answers, up to `limit`; see [`Solving::count`].
    pub fn count(&self, limit: Option<u64>) -> Result<u64, SolveError> {
        self.with_options(EncodeOptions::default()).count(limit)
    }

    /// Every answer, up to `limit`; see [`Solving::solutions`].
    pub fn solutions(&self, limit: Option<u64>) -> Result<Vec<Solution>, SolveError> {
        self.with_options(EncodeOptions::default()).solutions(limit)
    }

    /// None, one, or (the first two of) several answers; see [`Solving::unique`].
    pub fn unique(&self) -> Result<Uniqueness, SolveError> {
        self.with_options(EncodeOptions::default()).unique()
    }

    /// The answer step by step, each step naming its clues; see [`Solving::explain`].
    pub fn explain(&self) -> Result<Explained, StepsError> {
        self.with_options(EncodeOptions::default()).explain()
    }

    /// [`Model::explain`] without a budget; see [`Solving::explain_exhaustive`].
    pub fn explain_exhaustive(&self) -> Result<Explained, StepsError> {
        self.with_options(EncodeOptions::default())
            .explain_exhaustive()
    }

    /// The fewest clues that contradict each other; see [`Solving::conflicting_clues`].
    pub fn conflicting_clues(&self) -> Result<Option<Vec<String>>, SolveError> {
        self.with_options(EncodeOptions::default())
            .conflicting_clues()
    }

    /// A checked DRAT certificate that the answer is unique, written to `proof`; see
    /// [`Solving::prove`].
    pub fn prove(&self, proof: impl AsRef<Path>) -> Result<Certificate, ProveError> {
        self.with_options(EncodeOptions::default()).prove(proof)
    }

    /// The model as DIMACS, for any SAT solver; see [`Solving::to_dimacs`].
    pub fn to_dimacs(&self) -> Dimacs<'_> {
        self.with_options(EncodeOptions::default()).to_dimacs()
    }

    /// The model with its clues moved behind the other constraints, each clue one
    /// constraint, for the explainers (which take clues as a run of constraints).
    fn clued(&self) -> Clued {
        let mut in_clue = vec![false; self.constraints.len()];
        for clue in &self.clues {
            in_clue[clue.constraints.clone()].fill(true);
        }
        let mut model = Model {
            vars: self.vars.clone(),
            constraints: Vec::with_capacity(self.constraints.len()),
            clues: Vec::new(),
        };
        let structure = self.constraints.iter().zip(&in_clue).filter(|(_, c)| !**c);
        model.constraints.extend(structure.map(|(c, _)| c.clone()));
        let first = model.constraints.len();
        for clue in &self.clues {
            let group = &self.constraints[clue.constraints.clone()];
            model.constraints.push(match group {
                [one] => one.clone(),
                many => Constraint::AllOf(many.to_vec()),
            });
        }
        let notes = self
            .clues
            .iter()
            .enumerate()
            .map(|(i, clue)| ClueNote {
                clue: i + 1,
                text: Some(clue.name.clone()),
                meaning: clue.name.clone(),
                shares_text: false,
                needed: None,
                without_it: None,
            })
            .collect();
        let words = self.clone();
        Clued {
            clues: first..model.constraints.len(),
            model,
            notes,
            describe: Box::new(move |fact| words.describe(fact)),
            clue_noun: "clue",
        }
    }
}

/// A model and the encoding choices to solve it under ([`Model::with_options`]).
#[derive(Debug, Clone, Copy)]
pub struct Solving<'m> {
    model: &'m Model,
    options: EncodeOptions,
}

impl<'m> Solving<'m> {
    /// The model's CNF under the options.
    fn encoded(&self) -> Encoded {
        self.model.encode(self.options)
    }

    /// The answer a full assignment of `encoded` stands for.
    fn solution(&self, encoded: &Encoded, assignment: &[bool]) -> Result<Solution, SolveError> {
        let values = encoded
            .decode(assignment)
            .ok_or_else(|| SolveError::Solver("a model left a variable without a value".into()))?;
        Ok(Solution::new(self.model, values))
    }

    /// One answer (the first the solver finds), or None when the constraints admit none.
    pub fn solve(&self) -> Result<Option<Solution>, SolveError> {
        Ok(self.solutions(Some(1))?.pop())
    }

    /// How many distinct answers the model has, counting up to `limit` when one is given
    /// (then a result equal to `limit` means "at least"). Answers are counted over the
    /// model's own variables, never over the auxiliary variables of an encoding.
    pub fn count(&self, limit: Option<u64>) -> Result<u64, SolveError> {
        count(&mut self.encoded().cnf, limit)
    }

    /// Every distinct answer, up to `limit`, in the order the solver finds them.
    pub fn solutions(&self, limit: Option<u64>) -> Result<Vec<Solution>, SolveError> {
        let mut encoded = self.encoded();
        // Decoding reads the domains only, so the formula can go to the enumeration.
        let mut cnf = std::mem::take(&mut encoded.cnf);
        let mut solver = Varisat::with_cnf(&cnf);
        let mut found = Vec::new();
        let mut failure = None;
        enumerate(&mut cnf, &mut solver, limit, |assignment| {
            match self.solution(&encoded, assignment) {
                Ok(s) => found.push(s),
                Err(e) => failure = Some(e),
            }
            if failure.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        failure.map_or(Ok(found), Err)
    }

    /// Solves and settles uniqueness: the formula plus the blocking clause of the answer
    /// found is UNSAT ([`Uniqueness::Unique`]), or a second answer exists.
    pub fn unique(&self) -> Result<Uniqueness, SolveError> {
        let mut encoded = self.encoded();
        let mut solver = Varisat::with_cnf(&encoded.cnf);
        let mut cnf = std::mem::take(&mut encoded.cnf);
        let verdict = solve_unique(&mut cnf, &mut solver)?;
        encoded.cnf = cnf;
        Ok(match verdict {
            Verdict::Unsat => Uniqueness::NoSolution,
            Verdict::Unique(a) => Uniqueness::Unique(self.solution(&encoded, &a)?),
            Verdict::Multiple(a, b) => {
                Uniqueness::Multiple(self.solution(&encoded, &a)?, self.solution(&encoded, &b)?)
            }
        })
    }

    /// The unique answer as steps, first to last: each names the fewest clues
    /// ([`Model::add_clue`]) that, with the facts found before, force new facts; the
    /// constraints that are no clue hold throughout without being named. Fails when the clues
    /// admit no answer ([`Solving::conflicting_clues`] then says why) or more than one.
    ///
    /// The steps are about values, so the encoding does not change them: they are always
    /// found under the default one, as `satpuz explain` finds them.
    pub fn explain(&self) -> Result<Explained, StepsError> {
        let clued = self.model.clued();
        Ok(self.explained(&clued, explain(&clued, &[])?))
    }

    /// [`Solving::explain`] with every search run to its proof, however long it takes
    /// (`satpuz explain --exhaustive`): no step is taken from the solver's cores, so the
    /// score is the puzzle's own where the default budget stops a proof (grids from about
    /// 10 x 5 up).
    pub fn explain_exhaustive(&self) -> Result<Explained, StepsError> {
        let clued = self.model.clued();
        let stepper = Stepper::new(&clued, &[])?.exhaustive();
        Ok(self.explained(&clued, explain_from(stepper)?))
    }

    /// The steps of `explanation` in the model's terms.
    fn explained(&self, clued: &Clued, explanation: Explanation) -> Explained {
        let steps = explanation
            .steps
            .iter()
            .map(|step| ExplainedStep {
                clues: step
                    .clues
                    .iter()
                    .map(|&c| self.model.clues[c].name.clone())
                    .collect(),
                kind: step.kind(),
                uses: step.uses.clone(),
                facts: step.facts.clone(),
                follows: step.follows.clone(),
                sentence: clued.sentence(step),
            })
            .collect();
        Explained {
            steps,
            start: explanation.start,
            solution: Solution::new(self.model, explanation.answer),
        }
    }

    /// When the clues admit no answer: a smallest set of them, by name, that already admits
    /// none (dropping any one of them leaves an answer). None when there is an answer. The
    /// constraints that are no clue always hold.
    pub fn conflicting_clues(&self) -> Result<Option<Vec<String>>, SolveError> {
        let clued = self.model.clued();
        let mut explainer = Explainer::new(&clued.model, clued.clues, self.options);
        Ok(explainer.minimal_unsat_subset()?.map(|clues| {
            clues
                .into_iter()
                .map(|c| self.model.clues[c].name.clone())
                .collect()
        }))
    }

    /// A certificate that the answer is unique (or that there is none): the formula plus the
    /// answer's blocking clause, refuted by a DRAT proof from a fresh solver, checked by
    /// satpuz's own checker, then written (text DRAT) to `proof`, which
    /// [`Certificate::write_formula`]'s file lets drat-trim or `satpuz check-drat` check
    /// again. Nothing is written when the check fails or there is more than one answer.
    pub fn prove(&self, proof: impl AsRef<Path>) -> Result<Certificate, ProveError> {
        let mut encoded = self.encoded();
        // Cloned before solving: enumeration declares an activation variable the refuted
        // formula does not need.
        let mut refuted = encoded.cnf.clone();
        let verdict = {
            let mut solver = Varisat::with_cnf(&encoded.cnf);
            solve_unique(&mut encoded.cnf, &mut solver)?
        };
        let (claim, solution) = match verdict {
            Verdict::Multiple(a, b) => {
                let pair = (self.solution(&encoded, &a)?, self.solution(&encoded, &b)?);
                return Err(ProveError::NotUnique(Box::new(pair)));
            }
            Verdict::Unsat => (Claim::NoSolution, None),
            Verdict::Unique(assignment) => {
                let solution = self.solution(&encoded, &assignment)?;
                refuted.add_clause(&encoded.blocking_clause(solution.values()));
                (Claim::Unique, Some(solution))
            }
        };
        let text = drat_refutation(&refuted, &[])?.ok_or_else(|| {
            SolveError::Solver("a fresh solver found a second answer the first did not".into())
        })?;
        let clauses: Vec<Vec<Lit>> = refuted.clauses.iter().map(<[Lit]>::to_vec).collect();
        let stats = check_drat(&clauses, &text)?;
        write_atomically(proof.as_ref(), |f| f.write_all(text.as_bytes()))?;
        Ok(Certificate {
            claim,
            solution,
            refuted,
            stats,
        })
    }

    /// The model's CNF, to write as DIMACS for another solver and to read its answer back.
    pub fn to_dimacs(&self) -> Dimacs<'m> {
        Dimacs::new(self.model, self.encoded())
    }
}

/// One answer: a value for every variable of the model, by [`VarId`] or by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    values: Vec<usize>,
    names: Vec<String>,
    labels: Vec<String>,
}

impl Solution {
    /// The answer `values` (one per variable, an index into its values) of `model`.
    pub(crate) fn new(model: &Model, values: Vec<usize>) -> Solution {
        let names = model.vars.iter().map(|v| v.name.clone()).collect();
        let labels = model
            .vars
            .iter()
            .zip(&values)
            .map(|(v, &x)| v.values[x].clone())
            .collect();
        Solution {
            values,
            names,
            labels,
        }
    }

    /// The value of `var`: an index into the values it was declared with.
    pub fn value(&self, var: VarId) -> usize {
        self.values[var]
    }

    /// The name of the value of `var` (`seat 2`).
    pub fn label(&self, var: VarId) -> &str {
        &self.labels[var]
    }

    /// The name of the value of the variable called `name`; None when no variable has that
    /// name (the first one, when several do).
    pub fn get(&self, name: &str) -> Option<&str> {
        let var = self.names.iter().position(|n| n == name)?;
        Some(&self.labels[var])
    }

    /// Every variable's value, by [`VarId`].
    pub fn values(&self) -> &[usize] {
        &self.values
    }

    /// Every variable's name with the name of its value, in [`VarId`] order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.names
            .iter()
            .zip(&self.labels)
            .map(|(n, l)| (n.as_str(), l.as_str()))
    }
}

/// One `name = value` line per variable.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, label) in self.iter() {
            writeln!(f, "{name} = {label}")?;
        }
        Ok(())
    }
}

/// How many answers a model has, as far as uniqueness goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uniqueness {
    /// The constraints admit no answer.
    NoSolution,
    /// Exactly one answer: the formula plus its blocking clause is UNSAT.
    Unique(Solution),
    /// More than one: the first two found.
    Multiple(Solution, Solution),
}

/// A unique answer explained step by step ([`Model::explain`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    /// The steps, first to last; after the last, every variable's value is known.
    pub steps: Vec<ExplainedStep>,
    /// Facts known before the first step: what the constraints that are no clue force alone.
    pub start: Vec<Fact>,
    /// The answer the steps arrive at.
    pub solution: Solution,
}

/// One step: these clues, with the facts `uses` (found earlier), force `facts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainedStep {
    /// The clues' names, in the order they were added; no one of them can be dropped.
    pub clues: Vec<String>,
    /// One clue, a few together, or a case split (more than a few).
    pub kind: StepKind,
    /// Earlier facts the step needs with its clues.
    pub uses: Vec<Fact>,
    /// The new facts it forces ([`Model::describe`] words one).
    pub facts: Vec<Fact>,
    /// Facts that then follow from the constraints that are no clue, without a clue.
    pub follows: Vec<Fact>,
    /// The step in words: "By clue 2 (Bob is not in seat 3), knowing that ...: ...".
    pub sentence: String,
}

/// What a certificate shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The model has exactly one answer.
    Unique,
    /// The model has no answer.
    NoSolution,
}

/// A checked refutation ([`Model::prove`]).
#[derive(Debug, Clone)]
pub struct Certificate {
    /// What the refutation shows.
    pub claim: Claim,
    /// The unique answer (None when there is none).
    pub solution: Option<Solution>,
    /// The refuted formula: the model's CNF plus the answer's blocking clause.
    pub refuted: Cnf,
    /// What satpuz's checker found in the proof.
    pub stats: ProofStats,
}

impl Certificate {
    /// Writes the refuted formula as DIMACS to `path`, the file the proof refutes.
    pub fn write_formula(&self, path: impl AsRef<Path>) -> Result<(), ProveError> {
        let claim = match self.claim {
            Claim::Unique => "refuted formula: the answer is unique",
            Claim::NoSolution => "refuted formula: the model has no answer",
        };
        write_atomically(path.as_ref(), |f| {
            write_cnf(&self.refuted, &[claim.to_string()], f)
        })
    }
}

/// Why a certificate could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// More than one answer: uniqueness is false, nothing to certify. The first two found.
    #[error("the model has more than one answer: nothing to certify")]
    NotUnique(Box<(Solution, Solution)>),
    /// satpuz's checker rejected the solver's proof.
    #[error("the checker rejected the proof: {0}")]
    Proof(#[from] ProofError),
    /// A file could not be written.
    #[error("could not write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Writes `path` through a temporary file in its directory, renamed into place once `write`
/// succeeded, so a failed write leaves no half file.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), ProveError> {
    let failed = |source| ProveError::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
    let mut out = std::io::BufWriter::new(file.as_file_mut());
    write(&mut out).map_err(failed)?;
    out.flush().map_err(failed)?;
    drop(out);
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}
