//! The three Portia catalogues, enumerated in the reference generator's order, each candidate
//! kept only when the solver proves its answer unique.
//!
//! Candidates (the setter's side: where the portrait is, and what the player is then told):
//! - **Portia I**: every statement list (216, pool order `1,2,3,-1,-2,-3`, last casket fastest)
//!   and portrait position p; the clue is the count of true statements at p, phrased as the
//!   reference does: "at most" when that phrasing is unique (`position: min`), else "at least"
//!   (`max`), else "exactly" (`mid`); none unique: not a puzzle.
//! - **Portia II**: every pair of lists `a` before `b` that differ at every casket (13500), and
//!   p; the clue is the lids' distribution of true statements at p ([`Rule::Sound`]) or only
//!   which counts occur ([`Rule::Seed`], which reproduces the seed's 16152).
//! - **Portia III**: every list and p, under each of the six maker overlays; the maker
//!   statements are worded so that Bellini's caskets (those whose portrait statement is true at
//!   p) tell the truth.
//!
//! Membership is decided by the solver (solve, block the answer, UNSAT); the arithmetic of the
//! reference generator is what the tests check the result against.
//!
//! How the solver is used ([`Strategy`]) changes only the speed. The default keeps one varisat
//! per distinct clue (at most 48 per catalogue) over a frame whose statements are picked by
//! assumption literals, so judging a candidate encodes nothing: it is two solves under
//! assumptions. One solver per statement list with the clues behind selector literals was
//! measured 2-3x slower on Portia II: varisat's per-solver setup and clause loading dominate at
//! three candidates per solver, and a single solver with every clue behind selectors is slower
//! still, because varisat assigns every variable and the idle clues' auxiliaries become
//! decisions.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::cnf::Lit;
use crate::solve::parallel;
use crate::solve::stop::Stop;
use crate::solve::{Session, SolveError};

use super::clue::{Clue, CountClue, LidClue, MakerStatement};
use super::model::{self, Answer, Formula, unique_under};
use super::{CASKETS, Puzzle, Statement, StatementList};
use crate::model::EncodeOptions;

/// Portia I, II or III.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Generation {
    /// Portia I: one statement per casket, and a count of the true ones.
    One,
    /// Portia II: two statements per casket, and how the truths fall on the lids.
    Two,
    /// Portia III: one statement per casket, and the makers' inscriptions.
    Three,
}

impl Generation {
    /// The three generations, in order.
    pub const ALL: [Generation; 3] = [Generation::One, Generation::Two, Generation::Three];

    /// The generation numbered `n` (1, 2 or 3).
    pub fn from_number(n: u64) -> Option<Generation> {
        match n {
            1 => Some(Generation::One),
            2 => Some(Generation::Two),
            3 => Some(Generation::Three),
            _ => None,
        }
    }

    pub(crate) fn number(self) -> u8 {
        match self {
            Generation::One => 1,
            Generation::Two => 2,
            Generation::Three => 3,
        }
    }

    /// "Portia I", "Portia II", "Portia III".
    pub fn title(self) -> &'static str {
        match self {
            Generation::One => "Portia I",
            Generation::Two => "Portia II",
            Generation::Three => "Portia III",
        }
    }
}

/// Which Portia II clue a candidate is judged under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rule {
    /// The player is told which counts occur on the lids ([`LidClue::Occurring`]): uniqueness
    /// under it is the seed generator's rule (the set of per-lid counts at p is not a subset of
    /// the set at any other position), 16152 puzzles.
    Seed,
    /// The player is told the distribution ([`LidClue::Distribution`]): uniqueness under it is
    /// "the per-lid counts at p differ as a multiset from those at every other position",
    /// 30480 puzzles.
    #[default]
    Sound,
}

/// How the solver is used for a catalogue. All give the same catalogue (tested); they differ
/// in speed (see the `portia` bench).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// One varisat per distinct clue of the catalogue (at most 48), over a frame whose
    /// statements are picked by assumption literals ([`Formula::with_statement_choices`]). A
    /// candidate is two solves under assumptions; nothing is encoded or added per candidate.
    #[default]
    Shared,
    /// One varisat per statement list (or pair); each candidate clue is added behind a
    /// selector literal and solved under that assumption, then retired.
    Incremental,
    /// A fresh encoding and a fresh varisat per candidate.
    Fresh,
}

impl Choice for Rule {
    fn choices() -> &'static [Self] {
        &[Rule::Sound, Rule::Seed]
    }

    fn name(self) -> &'static str {
        match self {
            Rule::Seed => "seed",
            Rule::Sound => "sound",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Rule::Seed => "the lids tell which counts of true statements occur (16152 puzzles)",
            Rule::Sound => "the lids tell the distribution of true statements (30480 puzzles)",
        }
    }
}

impl Choice for Strategy {
    fn choices() -> &'static [Self] {
        &[Strategy::Shared, Strategy::Incremental, Strategy::Fresh]
    }

    fn name(self) -> &'static str {
        match self {
            Strategy::Shared => "shared",
            Strategy::Incremental => "incremental",
            Strategy::Fresh => "fresh",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Strategy::Shared => "one solver per clue, statements picked by assumptions (fastest)",
            Strategy::Incremental => "one solver per statement list, clues behind selectors",
            Strategy::Fresh => "a fresh encoding and solver per candidate",
        }
    }
}

/// Where the count of true statements at the answer lies among the counts at the three
/// positions; it decides the phrasing of a Portia I clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Position {
    /// The smallest count: "at most N true".
    Min,
    /// The middle count: "exactly N true".
    Mid,
    /// The largest count: "at least N true".
    Max,
}

/// The reference record's `truths`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub(crate) enum Truths {
    /// Portia I: the number of true statements at the answer.
    Count(usize),
    /// Portia II: true statements per casket; Portia III: 1 where the casket's portrait
    /// statement is true (Bellini made it), 0 elsewhere.
    PerCasket([usize; CASKETS]),
}

/// What catalogue to generate, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogueOptions {
    /// Which generation's puzzles.
    pub generation: Generation,
    /// Portia II only.
    pub rule: Rule,
    /// Portia II only: keep one record per physical puzzle (the first of the four that differ
    /// only by which of a casket's two statements is listed first).
    pub distinct: bool,
    /// The encoding of each candidate's formula (no choice changes the catalogue).
    pub formula: EncodeOptions,
    /// How the solver is used (no choice changes the catalogue).
    pub strategy: Strategy,
    /// Threads judging candidates at once (no number changes the catalogue; 1 by default,
    /// `generate portia` uses every core).
    pub jobs: usize,
}

impl CatalogueOptions {
    /// The defaults for `generation`: the sound rule, every record, default encodings, the
    /// shared strategy.
    pub fn new(generation: Generation) -> CatalogueOptions {
        CatalogueOptions {
            generation,
            rule: Rule::default(),
            distinct: false,
            formula: EncodeOptions::default(),
            strategy: Strategy::default(),
            jobs: 1,
        }
    }
}

/// One catalogue puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub(crate) generation: Generation,
    /// Its number in the full catalogue (`portia<g>-<number>`); `distinct` keeps the numbers.
    pub(crate) number: usize,
    /// The puzzle: statement lists and clue.
    pub puzzle: Puzzle,
    /// The portrait's casket (0-based), as the solver found it.
    pub solution: usize,
    pub(crate) truths: Truths,
    /// Portia I only.
    pub(crate) position: Option<Position>,
    /// Portia III only: the reference's maker overlay.
    pub(crate) overlay: Option<[i8; CASKETS]>,
}

impl Entry {
    /// Its name, `portia<generation>-<number>` (`portia2-17`).
    pub fn id(&self) -> String {
        format!("portia{}-{}", self.generation.number(), self.number)
    }
}

/// The six maker overlays, in the reference's order: casket c's maker statement concerns
/// casket |entry|; a positive entry is "is made by", a negative one "same/different maker".
pub(crate) const OVERLAYS: [[i8; CASKETS]; 6] = [
    [-2, 3, 1],
    [2, -3, 1],
    [2, 3, -1],
    [-3, 1, 2],
    [3, -1, 2],
    [3, 1, -2],
];

/// All statement lists in the reference's order (216).
pub(crate) fn statement_lists() -> Vec<StatementList> {
    let pool = Statement::POOL;
    let mut lists = Vec::with_capacity(pool.len().pow(CASKETS as u32));
    for &a in &pool {
        for &b in &pool {
            for &c in &pool {
                lists.push([a, b, c]);
            }
        }
    }
    lists
}

/// All Portia II pairs: list `a` before list `b`, differing at every casket (13500).
pub fn statement_pairs() -> Vec<[StatementList; 2]> {
    let lists = statement_lists();
    let mut pairs = Vec::new();
    for (i, a) in lists.iter().enumerate() {
        for b in &lists[i + 1..] {
            if (0..CASKETS).all(|c| a[c] != b[c]) {
                pairs.push([*a, *b]);
            }
        }
    }
    pairs
}

/// Per-casket numbers of true statements when the portrait is at `p`.
fn true_per_casket(lists: &[StatementList], p: usize) -> [usize; CASKETS] {
    std::array::from_fn(|c| lists.iter().filter(|l| l[c].true_at(p)).count())
}

/// Generates a catalogue on `opts.jobs` threads; entries come out in the reference's order
/// whatever the thread count. The shared strategy splits the work by clue (each thread builds
/// only the solvers of the clues it judges: with a split by statement list, every thread built
/// all of them, and 2 threads gained 1.34x); the others by statement list (their solvers are
/// per list).
pub fn generate(opts: &CatalogueOptions) -> Result<Vec<Entry>, SolveError> {
    let units: Vec<Vec<StatementList>> = match opts.generation {
        Generation::One | Generation::Three => {
            statement_lists().into_iter().map(|l| vec![l]).collect()
        }
        Generation::Two => statement_pairs().into_iter().map(|p| p.to_vec()).collect(),
    };
    let mut out = match opts.strategy {
        Strategy::Shared => by_clue(opts, &units)?,
        Strategy::Incremental | Strategy::Fresh => by_unit(opts, &units)?,
    };
    // Numbered in the full catalogue's order; `distinct` keeps the numbers.
    for (i, entry) in out.iter_mut().enumerate() {
        entry.number = i + 1;
    }
    if opts.generation == Generation::Two && opts.distinct {
        let mut seen = HashSet::new();
        out.retain(|e| seen.insert(physical_key(e)));
    }
    Ok(out)
}

/// What the setter may tell the player when the portrait is at `p`, in the reference's order,
/// as entries (numbered 0) waiting for the solver's verdict; `first_only`: keep only the first
/// whose answer is unique (Portia I's phrasings), else every one that is.
struct Candidates {
    entries: Vec<Entry>,
    first_only: bool,
}

fn candidates(opts: &CatalogueOptions, lists: &[StatementList], p: usize) -> Candidates {
    let per_casket = true_per_casket(lists, p);
    let entry = |clue, truths, position, overlay| Entry {
        generation: opts.generation,
        number: 0,
        puzzle: Puzzle {
            lists: lists.to_vec(),
            clue,
        },
        solution: p,
        truths,
        position,
        overlay,
    };
    match opts.generation {
        Generation::One => {
            let count: usize = per_casket.iter().sum();
            let phrasings = [
                (CountClue::at_most(count), Position::Min),
                (CountClue::at_least(count), Position::Max),
                (CountClue::exactly(count), Position::Mid),
            ];
            let entries = phrasings
                .into_iter()
                .map(|(clue, position)| {
                    entry(
                        Clue::Count(clue),
                        Truths::Count(count),
                        Some(position),
                        None,
                    )
                })
                .collect();
            Candidates {
                entries,
                first_only: true,
            }
        }
        Generation::Two => {
            let clue = Clue::Lids(match opts.rule {
                Rule::Sound => LidClue::distribution_of(&per_casket),
                Rule::Seed => LidClue::occurring_in(&per_casket),
            });
            Candidates {
                entries: vec![entry(clue, Truths::PerCasket(per_casket), None, None)],
                first_only: false,
            }
        }
        Generation::Three => {
            let bellini = per_casket.map(|t| t == 1);
            let entries = OVERLAYS
                .into_iter()
                .map(|overlay| {
                    let makers: [MakerStatement; CASKETS] = std::array::from_fn(|c| {
                        MakerStatement::for_overlay(c, overlay[c], bellini)
                    });
                    let truths = Truths::PerCasket(per_casket);
                    entry(Clue::Makers(makers), truths, None, Some(overlay))
                })
                .collect();
            Candidates {
                entries,
                first_only: false,
            }
        }
    }
}

/// The shared strategy: every candidate of the catalogue, grouped by clue; the groups judged
/// on the threads (largest first, so the last to finish are small), each with one solver for
/// its clue; then the verdicts read in the reference's order. A Portia I phrasing after the
/// first unique one is judged too (a few hundred solves of microseconds), so one pass serves.
fn by_clue(
    opts: &CatalogueOptions,
    units: &[Vec<StatementList>],
) -> Result<Vec<Entry>, SolveError> {
    let slots: Vec<Candidates> = units
        .iter()
        .flat_map(|lists| (0..CASKETS).map(move |p| candidates(opts, lists, p)))
        .collect();
    let mut groups: HashMap<&Clue, Vec<(usize, usize)>> = HashMap::new();
    for (s, slot) in slots.iter().enumerate() {
        for (c, e) in slot.entries.iter().enumerate() {
            groups.entry(&e.puzzle.clue).or_default().push((s, c));
        }
    }
    let mut groups: Vec<(&Clue, Vec<(usize, usize)>)> = groups.into_iter().collect();
    // Largest first; ties by where the group starts, so the order is the same every run.
    groups.sort_by_key(|(_, members)| (std::cmp::Reverse(members.len()), members[0]));
    let mut unique: Vec<Vec<bool>> = slots.iter().map(|s| vec![false; s.entries.len()]).collect();
    parallel::try_ordered(
        groups.len() as u64,
        opts.jobs,
        &Stop::default(),
        || (),
        |(), g| {
            let (clue, members) = &groups[g as usize];
            let rows = slots[members[0].0].entries[0].puzzle.lists.len();
            let mut shared = Shared::new(clue, rows, opts);
            members
                .iter()
                .map(|&(s, c)| {
                    let entry = &slots[s].entries[c];
                    let answer = shared.judge(&entry.puzzle.lists)?;
                    proved_at(answer, clue, entry.solution)
                })
                .collect::<Result<Vec<bool>, SolveError>>()
        },
        |g, verdicts| {
            for (&(s, c), v) in groups[g as usize].1.iter().zip(verdicts) {
                unique[s][c] = v;
            }
        },
    )?;
    let mut out = Vec::new();
    for (slot, unique) in slots.into_iter().zip(unique) {
        let kept = slot.entries.into_iter().zip(unique).filter(|(_, u)| *u);
        if slot.first_only {
            out.extend(kept.take(1).map(|(e, _)| e));
        } else {
            out.extend(kept.map(|(e, _)| e));
        }
    }
    Ok(out)
}

/// The per-list strategies: the statement lists (or pairs) judged on the threads, each thread
/// with its own solvers.
fn by_unit(
    opts: &CatalogueOptions,
    units: &[Vec<StatementList>],
) -> Result<Vec<Entry>, SolveError> {
    let mut out = Vec::new();
    parallel::try_ordered(
        units.len() as u64,
        opts.jobs,
        &Stop::default(),
        || Judge::new(opts),
        |judge, k| judge_unit(judge, &units[k as usize]),
        |_, entries| out.extend(entries),
    )?;
    Ok(out)
}

/// The catalogue's puzzles made from one statement list (Portia I, III) or pair (Portia II),
/// in the reference's order, numbered 0 (the caller numbers them).
fn judge_unit(judge: &mut Judge, lists: &[StatementList]) -> Result<Vec<Entry>, SolveError> {
    judge.start(lists.to_vec());
    let mut out = Vec::new();
    for p in 0..CASKETS {
        let Candidates {
            entries,
            first_only,
        } = candidates(judge.opts, lists, p);
        for entry in entries {
            if judge.unique_at(&entry.puzzle.clue, p)? {
                out.push(entry);
                if first_only {
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// Whether `answer`, found under `clue` read off casket `p`, proves the portrait can only be
/// at `p`. (The solver always finds `p` possible: anything else is a fault, reported.)
fn proved_at(answer: Answer, clue: &Clue, p: usize) -> Result<bool, SolveError> {
    match answer {
        Answer::Unique(found) if found.portrait == p => Ok(true),
        Answer::Unique(found) => Err(SolveError::Solver(format!(
            "clue `{clue}` read off casket {} proved to put the portrait in casket {}",
            p + 1,
            found.portrait + 1
        ))),
        Answer::None => Err(SolveError::Solver(format!(
            "clue `{clue}` read off casket {} was proved unsatisfiable",
            p + 1
        ))),
        Answer::Multiple(..) => Ok(false),
    }
}

/// A Portia II puzzle up to the order of the two statements on each casket, plus its answer.
fn physical_key(e: &Entry) -> ([(Statement, Statement); CASKETS], usize) {
    let l = e.puzzle.lists();
    let key = std::array::from_fn(|c| {
        let (x, y) = (l[0][c], l[1][c]);
        (x.min(y), x.max(y))
    });
    (key, e.solution)
}

/// Judges candidate clues with the solver, one statement list (or pair) at a time.
struct Judge<'a> {
    opts: &'a CatalogueOptions,
    lists: Vec<StatementList>,
    /// Incremental strategy: the current list's formula and solver, made on first use.
    per_list: Option<Session<Formula>>,
    /// Clues already judged for the current list (the same clue can come from two positions).
    judged: Vec<(Clue, Answer)>,
}

/// The shared strategy's solver for one clue: the frame with statement choices, plus the clue.
struct Shared {
    session: Session<Formula>,
    choices: Vec<Vec<Vec<Lit>>>,
}

impl Shared {
    /// One varisat per clue rather than one behind selectors: varisat decides every
    /// unassigned variable, and the other clues' auxiliaries would all be decisions.
    fn new(clue: &Clue, rows: usize, opts: &CatalogueOptions) -> Shared {
        let (mut formula, choices) =
            Formula::with_statement_choices(rows, opts.generation, opts.formula);
        formula.add_clue(clue);
        Shared {
            session: Session::new(formula),
            choices,
        }
    }

    /// The clue's verdict on the puzzle whose statements are `lists`, picked by assumptions.
    fn judge(&mut self, lists: &[StatementList]) -> Result<Answer, SolveError> {
        let mut assumptions = Vec::with_capacity(lists.len() * CASKETS);
        for (j, list) in lists.iter().enumerate() {
            for (c, statement) in list.iter().enumerate() {
                let i = Statement::POOL
                    .iter()
                    .position(|s| s == statement)
                    .expect("every statement is in the pool");
                assumptions.push(self.choices[c][j][i]);
            }
        }
        unique_under(&mut self.session, &assumptions)
    }
}

impl<'a> Judge<'a> {
    fn new(opts: &'a CatalogueOptions) -> Judge<'a> {
        Judge {
            opts,
            lists: Vec::new(),
            per_list: None,
            judged: Vec::new(),
        }
    }

    /// Moves on to the candidates of another statement list (or pair).
    fn start(&mut self, lists: Vec<StatementList>) {
        self.lists = lists;
        self.per_list = None;
        self.judged.clear();
    }

    fn puzzle(&self, clue: Clue) -> Puzzle {
        Puzzle {
            lists: self.lists.clone(),
            clue,
        }
    }

    /// Does the solver prove that under `clue` the portrait can only be in casket `p`?
    /// (It always finds `p` possible: the clue was read off position `p`.)
    fn unique_at(&mut self, clue: &Clue, p: usize) -> Result<bool, SolveError> {
        let answer = match self.judged.iter().find(|(c, _)| c == clue) {
            Some((_, a)) => a.clone(),
            None => {
                let a = self.solve(clue)?;
                self.judged.push((clue.clone(), a.clone()));
                a
            }
        };
        proved_at(answer, clue, p)
    }

    fn solve(&mut self, clue: &Clue) -> Result<Answer, SolveError> {
        let (formula_opts, generation) = (self.opts.formula, self.opts.generation);
        match self.opts.strategy {
            Strategy::Fresh => Ok(model::solve(&self.puzzle(clue.clone()), formula_opts)?.answer),
            Strategy::Incremental => {
                let lists = &self.lists;
                let session = self.per_list.get_or_insert_with(|| {
                    Session::new(Formula::new(lists, generation, formula_opts))
                });
                let guarded = session.add_clue_encoded_by(|f, cnf| f.write_clue(cnf, clue));
                let answer = unique_under(session, &[session.selector(guarded)])?;
                // Retire the clue: its guarded clauses become satisfied for good.
                session.retire_clue(guarded);
                Ok(answer)
            }
            // `generate` judges this strategy by clue; a single judgment builds the clue's
            // solver for itself.
            Strategy::Shared => Shared::new(clue, self.lists.len(), self.opts).judge(&self.lists),
        }
    }
}
