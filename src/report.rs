//! The result vocabulary: what every command prints with `--json`, as serde-derived structs.
//!
//! One name per concept in every command and family: `puzzle`, `family`, `satisfiable`,
//! `unique`, `answer`, `second_answer`, `solutions`, `complete`, `variables`, `clauses`,
//! `time_ms`. Every report carries [`SCHEMA_VERSION`]; [`schema`] gives the JSON Schema of all
//! of them (committed as `docs/schema.json`, described in `docs/json.md`).

use std::collections::BTreeMap;
use std::time::Duration;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

/// The version of this vocabulary. It changes when a field is renamed or removed, or changes
/// meaning; new optional fields do not change it.
pub const SCHEMA_VERSION: u32 = 1;

/// Milliseconds with microsecond precision (`0.158`, not `0.15826600000000002`).
pub fn millis(elapsed: Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e3
}

/// The encoding choices a formula was built with (only those its family uses are present).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Settings {
    /// How finite-domain variables became booleans (`onehot`, `bits`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) encoding: Option<String>,
    /// How at-most-one constraints became clauses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) amo: Option<String>,
    /// How cardinality constraints became clauses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) card: Option<String>,
    /// How weighted sums became clauses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pb: Option<String>,
    /// How a connectivity rule is kept (`lazy`: cuts while solving; `eager`: in the CNF).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) connect: Option<String>,
}

/// One clue of a puzzle, as `solve` names it in explanations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ClueNote {
    /// The clue's number, from 1, in the puzzle's order.
    pub clue: usize,
    /// The clue's own wording, when the puzzle gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// What the clue means, in satpuz's words.
    pub meaning: String,
    /// Its `text` states other clues too (one sentence, several clues): a quote of it then adds
    /// the meaning, so a reader can tell which part is meant.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shares_text: bool,
    /// `solve --why`: does the answer need this clue (without it, another answer fits)?
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needed: Option<bool>,
    /// `solve --why`, a needed clue: one thing that could change without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub without_it: Option<String>,
}

impl ClueNote {
    /// The clue as explanations, hints and contradictions quote it: its whole sentence, or its
    /// meaning when it has none; a sentence that states several clues comes after the meaning
    /// ("X and Y are in the same seat, from \"...\"").
    pub fn quote(&self) -> String {
        match &self.text {
            None => self.meaning.clone(),
            Some(text) if self.shares_text => format!("{}, from \"{}\"", self.meaning, text),
            Some(text) => text.clone(),
        }
    }
}

/// One place where two answers differ.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct Difference {
    /// Where: a position (seat, house, room, cell); empty when the answer has one place.
    pub position: String,
    /// What: a category, or what the place holds.
    pub category: String,
    /// The value in `answer`.
    pub first: String,
    /// The value in `second_answer`.
    pub second: String,
}

/// `satpuz solve` on a puzzle.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SolveReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`; see `satpuz list`).
    pub family: String,
    /// The encoding choices the formula was built with.
    pub settings: Settings,
    /// Variables of the formula as built (before solving adds any).
    pub variables: u32,
    /// Clauses of the formula as built.
    pub clauses: usize,
    /// The puzzle has an answer.
    pub satisfiable: bool,
    /// A second solve with the answer blocked is UNSAT.
    pub unique: bool,
    /// The answer in puzzle terms (its shape depends on the family; see docs/json.md).
    pub answer: Option<Value>,
    /// Another answer, when the puzzle has more than one.
    pub second_answer: Option<Value>,
    /// When there is more than one answer: how many were counted (up to `--limit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// Whether `solutions` is every answer (false: counting stopped at `--limit`, or was
    /// stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// Why counting was cut short, when it was: `timeout` or `interrupted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Where `answer` and `second_answer` differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differences: Vec<Difference>,
    /// No answer: a minimal set of clues that contradict each other (when the family has clues).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<Vec<ClueNote>>,
    /// `--why`: every clue, with whether the answer needs it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clues: Option<Vec<ClueNote>>,
    /// The answer the puzzle file states, when it states one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Value>,
    /// What only this family reports (e.g. Hooks' connectivity cuts, Portia's inscriptions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// `--rate`, for a unique answer of a puzzle with clues: how hard its step-by-step
    /// explanation is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Box<DifficultyNote>>,
    /// Wall time of all the command did for this puzzle (reading, solving, counting, `--why`,
    /// `--rate`, `--certify`), in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// `satpuz solve` on a DIMACS file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CnfSolveReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The file (`<stdin>` for standard input).
    pub puzzle: String,
    /// Always `cnf`.
    pub family: String,
    /// Variables of the formula (the header's count).
    pub variables: u32,
    /// Clauses of the formula.
    pub clauses: usize,
    /// The formula has a model.
    pub satisfiable: bool,
    /// A model as DIMACS literals (1-based, negative = false).
    pub model: Option<Vec<i64>>,
    /// Time taken, in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// Which variables a count is projected on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Projection {
    /// `puzzle` (the puzzle's own variables), `show` (a CNF's `c p show` or `c ind` lines) or `all`.
    pub kind: String,
    /// How many variables.
    pub variables: usize,
}

/// `satpuz count`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CountReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`; see `satpuz list`).
    pub family: String,
    /// Distinct answers found (projected on `projection`); null when the count exceeds
    /// 2^64 - 1 (`solutions_decimal` holds it whole).
    pub solutions: Option<u64>,
    /// The same count in decimal digits, exact at any size.
    pub solutions_decimal: String,
    /// Whether `solutions` is every answer (false: counting stopped at `--limit`, or was
    /// stopped).
    pub complete: bool,
    /// How the count was made: `blocking` (a solver finds each answer and a clause excludes
    /// it) or `components` (DIMACS files: split into independent components, each counted once;
    /// a stopped count by components knows no lower bound, so `solutions` is then what an
    /// enumeration before it found, or 0).
    pub method: String,
    /// Why counting was cut short, when it was: `timeout` (`--timeout`) or `interrupted`
    /// (Ctrl-C, SIGTERM).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// No answer: a minimal set of clues that contradict each other (families with clues;
    /// as `solve` gives it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<Vec<ClueNote>>,
    /// Which variables the count is projected on.
    pub projection: Projection,
    /// Variables of the formula as built.
    pub variables: u32,
    /// Clauses of the formula as built.
    pub clauses: usize,
    /// Time taken, in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// Variables and clauses one kind of constraint costs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Cost {
    /// Variables it added, auxiliaries included.
    pub variables: u32,
    /// Clauses it added.
    pub clauses: usize,
}

/// `satpuz encode --stats --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EncodeReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`; see `satpuz list`).
    pub family: String,
    /// The encoding choices the formula was built with.
    pub settings: Settings,
    /// Variables of the formula as built.
    pub variables: u32,
    /// Clauses of the formula as built.
    pub clauses: usize,
    /// The puzzle's own variables (the `c p show` projection).
    pub primary_variables: usize,
    /// Cost per constraint kind.
    pub by_kind: BTreeMap<String, Cost>,
    /// Where the DIMACS went (absent: not written; `-`: standard output).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

/// `satpuz decode`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DecodeReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`; see `satpuz list`).
    pub family: String,
    /// The solver's verdict.
    pub satisfiable: bool,
    /// The model read back in puzzle terms.
    pub answer: Option<Value>,
}

/// `satpuz prove`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProveReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`; see `satpuz list`).
    pub family: String,
    /// What the refutation certifies (`the answer is unique`, `the puzzle has no solution`,
    /// `the formula is unsatisfiable`).
    pub claim: String,
    /// The DRAT proof passed satpuz's forward checker.
    pub certified: bool,
    /// The answer whose uniqueness is certified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Value>,
    /// Variables of the refuted formula.
    pub variables: u32,
    /// Clauses of the refuted formula.
    pub clauses: usize,
    /// Lemmas in the proof, checked up to the empty clause.
    pub lemmas: usize,
    /// Of those, the ones that needed the RAT check (not RUP).
    pub rat_lemmas: usize,
    /// Deletion lines in the proof.
    pub deletions: usize,
    /// Time taken, in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// One line of `satpuz list`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ListEntry {
    /// The name to give as PUZZLE.
    pub puzzle: String,
    /// Its family (`grid`, `inquest`, `hooks`, `portia`).
    pub family: String,
    /// What it is.
    pub about: String,
    /// Why satpuz refuses it, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

/// `satpuz list --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ListReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Every built-in puzzle, in the order `satpuz list` prints them.
    pub puzzles: Vec<ListEntry>,
}

/// What a run stopped by `--timeout`, Ctrl-C or SIGTERM prints when its work could not report
/// for itself (inside one long solver call). Exit 4.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StoppedReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle, when the run counts one's solutions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Solutions counted before the stop (a lower bound), when the run counts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// Always false.
    pub complete: bool,
    /// `timeout` or `interrupted`.
    pub stopped: String,
    /// Time from the start to the stop, in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// One statement of an Inquest case, as `inquest check` marks it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct StatementMark {
    /// From 1, in the case's order.
    pub number: usize,
    /// The statement's wording.
    pub text: String,
    /// `satisfied`, `violated` or `open`.
    pub mark: String,
}

/// `satpuz inquest check --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetCheckReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The case's title line.
    pub case: String,
    /// Always `inquest`.
    pub family: String,
    /// Every statement with its mark, in the case's order.
    pub statements: Vec<StatementMark>,
    /// Statements true whatever goes in the blank squares.
    pub satisfied: usize,
    /// Statements false whatever goes in the blank squares.
    pub violated: usize,
    /// Statements that depend on squares still blank.
    pub open: usize,
    /// Every square is filled.
    pub complete: bool,
    /// Squares filled in that differ from the solution.
    pub wrong_squares: usize,
    /// Whether the sheet names the right thief (absent: it names none).
    pub thief_right: Option<bool>,
    /// The sheet is complete and right, thief included.
    pub right: bool,
}

/// A square of an Inquest sheet.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SquareValue {
    /// The room (a column of the sheet).
    pub room: String,
    /// The category (a block of rows: `person`, `trade`, `object`, `clock`).
    pub category: String,
    /// The value in that room and category.
    pub value: String,
}

/// `satpuz inquest hint --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HintReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The case's title line.
    pub case: String,
    /// Always `inquest`.
    pub family: String,
    /// `fill`, `contradiction`, `wrong_thief` or `complete`.
    pub hint: String,
    /// `fill`: the square the statements force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<SquareValue>,
    /// `contradiction`: the statements the sheet breaks outright (numbers from 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken: Option<Vec<usize>>,
    /// The statements that force the square, or that the sheet cannot be squared with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statements: Option<Vec<usize>>,
    /// The squares of the sheet used together with those statements.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<Vec<SquareValue>>,
    /// `wrong_thief`: the person the sheet names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub named: Option<String>,
    /// `fill`: the explanation from the sheet, step by step, until the square is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepNote>>,
}

/// What any command given `--json` writes on standard error when it fails (usage or input
/// error, a failed write), instead of the plain `error: ...` line. Standard output then holds
/// nothing from the failed command.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ErrorReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The message, as the plain form would give it after `error: ` (naming the file, line,
    /// clause or clue); several lines for a usage error.
    pub error: String,
    /// The process's exit code (1).
    pub exit_code: u8,
}

/// Every report, for the schema: `satpuz schema` prints this type's JSON Schema.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Report {
    /// `satpuz solve` on a puzzle.
    Solve(SolveReport),
    /// A file of several puzzles (a Portia catalogue file): one report each.
    Solves(Vec<SolveReport>),
    /// `satpuz solve` on a DIMACS file.
    CnfSolve(CnfSolveReport),
    /// `satpuz count`.
    Count(CountReport),
    /// `satpuz encode --stats --json`.
    Encode(EncodeReport),
    /// `satpuz decode`.
    Decode(DecodeReport),
    /// `satpuz prove`.
    Prove(ProveReport),
    /// `satpuz list --json`.
    List(ListReport),
    /// A run stopped before its work could report.
    Stopped(StoppedReport),
    /// `satpuz inquest check --json`.
    SheetCheck(SheetCheckReport),
    /// `satpuz inquest hint --json`.
    Hint(HintReport),
    /// Any command with `--json` that failed (on standard error).
    Error(ErrorReport),
    /// `satpuz explain --json`.
    Explain(ExplainReport),
    /// One line of `satpuz generate grid --corpus` (JSON Lines).
    CorpusRecord(CorpusRecord),
}

/// The JSON Schema of every report, pretty-printed. The shapes of each family's `answer` are
/// among its definitions (`GridSolutionValue`, `CaseSolutionValue`, `HooksSolutionValue`,
/// `PortiaSolutionValue`).
pub fn schema() -> String {
    use crate::puzzles::{grid, hooks, inquest, portia};
    let mut generator = schemars::SchemaGenerator::default();
    generator.subschema_for::<grid::family::GridSolutionValue>();
    generator.subschema_for::<inquest::family::CaseSolutionValue>();
    generator.subschema_for::<hooks::family::HooksSolutionValue>();
    generator.subschema_for::<portia::family::PortiaSolutionValue>();
    let schema = generator.into_root_schema_for::<Report>();
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// How hard a puzzle is, from its step-by-step explanation (docs/explain.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DifficultyNote {
    /// `easy`, `medium`, `hard` or `fiendish`: the level of the largest step.
    pub level: String,
    /// Whether the searches proved `level`: every step larger than `level_at_least` allows
    /// was shown to need its size. False on a large grid whose case splits exceed the
    /// exhaustive search; `level` is then an upper bound.
    pub level_proved: bool,
    /// The level proved: the most clues a step was shown to need.
    pub level_at_least: String,
    /// The sum of the steps' costs (k² - 1 for a step of k clues).
    pub score: usize,
    /// Steps in all.
    pub steps: usize,
    /// Steps that need two clues or more.
    pub combined: usize,
    /// The most clues one step needs.
    pub largest: usize,
    /// Steps that need a case split (more than three clues).
    pub case_splits: usize,
}

/// A fact of an explanation: a value is, or is not, at a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct FactNote {
    /// In words (`Baroness Finch is in seat 1`).
    pub text: String,
    /// The value (or the model variable) the fact is about.
    pub value: String,
    /// The place (a position's name).
    pub place: String,
    /// The value is at the place (true) or is not (false).
    pub holds: bool,
}

/// One step of an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct StepNote {
    /// The step's number, from 1.
    pub step: usize,
    /// `single` (one clue), `combined` (two or three, no fewer) or `case_split` (more).
    pub kind: String,
    /// What the step adds to the difficulty score.
    pub cost: usize,
    /// The step in one sentence, from the clues' own wording.
    pub sentence: String,
    /// The clues it needs (dropping any one of them, its facts no longer follow).
    pub clues: Vec<ClueNote>,
    /// Facts found earlier that it needs with those clues.
    pub uses: Vec<FactNote>,
    /// Whether no fact of `uses` can be dropped (proved): false when a search was cut by
    /// its conflict budget, and the facts listed then force the step but may include a
    /// spare one.
    pub uses_minimal: bool,
    /// The new facts it forces.
    pub facts: Vec<FactNote>,
    /// Facts that then follow from the categories alone (each value in one place, each
    /// place one value of a category).
    pub follows: Vec<FactNote>,
    /// Proved optimal: every set of fewer clues was tried and forces no fact unknown before
    /// the step (with the facts known then).
    pub optimal: bool,
    /// Every set of at most this many clues was proved to force no fact unknown before the
    /// step; an optimal step has one clue more.
    pub proved_none_up_to: usize,
    /// A case split's proof by cases: each alternative to its facts supposed and followed
    /// one clue at a time to a contradiction (empty for a step of at most three clues, or
    /// when no proof within two levels of cases was found).
    pub cases: Vec<CaseNote>,
}

/// One case of a case split's proof by cases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CaseNote {
    /// The case in sentences.
    pub sentence: String,
    /// What it supposes (a value at a place).
    pub assume: FactNote,
    /// What single clues and the categories then force, in order.
    pub lines: Vec<CaseLineNote>,
    /// The clue (its number) that then cannot hold; null when the categories cannot (a value
    /// with no place left, or a place left to none) or when the case splits again.
    pub broken_clue: Option<usize>,
    /// When the case splits again: one value's places left, each a case ending in a
    /// contradiction.
    pub cases: Vec<CaseNote>,
    /// Once the case is ruled out: what single clues and the categories force.
    pub after: Vec<CaseLineNote>,
}

/// One line of a case: a clue (or the categories) and what it forces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CaseLineNote {
    /// The clue's number; null for the categories.
    pub clue: Option<usize>,
    /// What it forces.
    pub facts: Vec<FactNote>,
}

/// `satpuz explain --json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ExplainReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The puzzle's name.
    pub puzzle: String,
    /// Its family.
    pub family: String,
    /// The steps, first to last; after the last the answer is complete.
    pub steps: Vec<StepNote>,
    /// How hard the steps make it.
    pub difficulty: DifficultyNote,
    /// Searched without a budget (`--exhaustive`): every round proved, so the score too is the
    /// puzzle's own.
    pub exhaustive: bool,
    /// The answer in puzzle terms (as `solve --json` gives it).
    pub answer: Option<Value>,
    /// Solver calls the explanation took.
    pub solves: usize,
    /// Time taken, in milliseconds (microsecond precision).
    pub time_ms: f64,
}

/// One record (line) of a corpus built by `satpuz generate grid --corpus`: a certified, rated
/// and explained puzzle. Every field depends only on the corpus seed and the index, so the
/// same record comes out on every machine, thread count and shard.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CorpusRecord {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The record's place in the corpus, from 0.
    pub index: u64,
    /// `POSITIONSxCATEGORIES`, as `--sizes` names it.
    pub size: String,
    /// The level asked for this record (`--levels`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_level: Option<String>,
    /// The generator's version and the seeds that make the puzzle again.
    pub generator: CorpusGenerator,
    /// The puzzle file, as `satpuz generate grid --json` writes it.
    pub puzzle: Value,
    /// The puzzle as text: the setting, the clues' sentences (numbered) and the question.
    pub text: String,
    /// The answer in puzzle terms (as `solve --json` gives it).
    pub answer: Value,
    /// How hard the explanation makes it.
    pub difficulty: DifficultyNote,
    /// The explanation, step by step.
    pub steps: Vec<StepNote>,
    /// The uniqueness certificate.
    pub certificate: CertificateNote,
    /// SHA-256 of the puzzle's canonical form (values and categories renamed away, clues
    /// sorted): two records with the same digest hold the same puzzle.
    pub canonical_sha256: String,
}

/// Which generator made a corpus record, and from which seeds.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CorpusGenerator {
    /// The grid generator's version (the same seed makes the same puzzle within a version).
    pub version: u32,
    /// The vocabulary's version (the same seed gives the same words within a version).
    pub vocabulary: u32,
    /// The corpus seed (`--seed`).
    pub corpus_seed: u64,
    /// The puzzle's own seed: `satpuz generate grid --positions P --categories C --seed S`
    /// makes this puzzle alone.
    pub seed: u64,
    /// Seeds tried for this record before one gave the level asked (1 without a level).
    pub attempts: u64,
}

/// A uniqueness certificate: the DRAT refutation of the puzzle's formula plus the answer's
/// blocking clause (`satpuz prove`).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CertificateNote {
    /// SHA-256 of the DRAT proof's bytes.
    pub drat_sha256: String,
    /// `text` or `binary`.
    pub format: String,
    /// Lemmas in the proof (0: unit propagation refutes the formula).
    pub lemmas: usize,
    /// The refuted formula's size.
    pub variables: usize,
    /// The refuted formula's clauses.
    pub clauses: usize,
    /// Where `--certify DIR` wrote the certificate (relative to DIR), if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dir: Option<String>,
}
