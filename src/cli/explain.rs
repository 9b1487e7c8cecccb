//! `satpuz explain`: a puzzle's answer as numbered steps, each naming the fewest clues that
//! (with the facts found before) force new facts, and the difficulty those steps add up to.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::{BuildOptions, Purpose, Puzzle};
use satpuz::report::{ExplainReport, SCHEMA_VERSION, millis};
use satpuz::solve::Verdict;
use satpuz::solve::difficulty::Difficulty;
use satpuz::solve::steps::{
    Case, Clued, End, Explanation, Fact, Step, StepKind, Stepper, StepsError, explain,
    explain_from_reporting,
};

use super::input::{
    ENCODING, GRID, Input, ParamFlags, PuzzleArgs, SettingFlags, escape, resolve, single,
};
use super::output::out;
use super::run::{self, Partial, RunFlags, supervise};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, choice, print_json};

#[derive(Debug, Args)]
pub struct ExplainCmd {
    /// A puzzle with clues: a grid file (.json), `jindosh`, `inquest`, `inquest:YYYY-MM-DD`, or
    /// an Inquest case file (`satpuz inquest --json`); `-` for standard input.
    pub puzzle: String,
    /// Read the built-in puzzle from its text instead (`jindosh --text riddle.txt`).
    #[arg(long, value_name = "FILE", help_heading = GRID)]
    pub text: Option<String>,
    /// Print the steps as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
    /// How each finite-domain variable becomes booleans in the solver's formula [default:
    /// onehot]. The steps and the rating do not depend on it.
    #[arg(long, value_parser = choice::<Encoding>(), help_heading = ENCODING)]
    pub encoding: Option<Encoding>,
    /// How at-most-one constraints become clauses [default: pairwise]. The steps and the
    /// rating do not depend on it.
    #[arg(long, value_parser = choice::<Amo>(), help_heading = ENCODING)]
    pub amo: Option<Amo>,
    /// Search every round's smallest step without a budget: no step is taken from the
    /// solver's cores, so the rating is the puzzle's own and every step shown is proved the
    /// smallest at its point, even where the default budget stops a proof on a large grid.
    /// Slower: a 10 x 5 grid takes up to about five seconds, a larger grid can take minutes
    /// (--timeout stops it).
    #[arg(long)]
    pub exhaustive: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

impl ExplainCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = Partial::Nothing {
            what: "explain".into(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.explain())
    }

    fn explain(self) -> anyhow::Result<ExitCode> {
        let args = PuzzleArgs {
            puzzle: self.puzzle.clone(),
            text: self.text.clone(),
            settings: SettingFlags::default(),
            params: ParamFlags::default(),
        };
        let (puzzle, origin) = match resolve(&args, false)? {
            Input::Cnf { origin, .. } => bail!(
                "`{}` is a DIMACS file: explain needs a puzzle with clues (a grid, jindosh, an \
                 Inquest case)",
                escape(&origin)
            ),
            Input::Puzzles {
                puzzles, origin, ..
            } => (single(puzzles, &origin)?, origin),
        };
        let Some(clued) = puzzle.clued() else {
            bail!(
                "`{}` (a {} puzzle) has no clue list to explain step by step; explain takes \
                 grids, jindosh and Inquest cases",
                escape(&puzzle.name()),
                puzzle.family()
            );
        };
        let clued = clued.with_context(|| escape(&origin))?;
        let start = Instant::now();
        let opts = EncodeOptions {
            encoding: self.encoding.unwrap_or_default(),
            amo: self.amo.unwrap_or_default(),
            ..EncodeOptions::default()
        };
        let mut progress =
            |known: usize, all: usize| run::set_phase("facts known", known as u64, all as u64);
        let explained = Stepper::encoded_with(&clued, &[], opts).and_then(|s| {
            let s = if self.exhaustive { s.exhaustive() } else { s };
            explain_from_reporting(s, &mut progress)
        });
        let explanation = match explained {
            Ok(e) => e,
            Err(StepsError::NoAnswer) => {
                super::output::eoutln!(
                    "error: `{}` has no answer, so nothing to explain (`satpuz solve` names \
                     clues that contradict each other)",
                    escape(&puzzle.name())
                );
                return Ok(ExitCode::from(EXIT_NO_SOLUTION));
            }
            Err(StepsError::NotUnique) => {
                super::output::eoutln!(
                    "error: `{}` has more than one answer: no sequence of steps can reach one \
                     (`satpuz solve` shows two)",
                    escape(&puzzle.name())
                );
                return Ok(ExitCode::from(EXIT_MULTIPLE));
            }
            Err(e) => return Err(e.into()),
        };
        let elapsed = start.elapsed();
        let answer = solved_answer(puzzle.as_ref())?;
        let difficulty = explanation.difficulty();
        if self.json {
            print_json(&ExplainReport {
                schema_version: SCHEMA_VERSION,
                puzzle: puzzle.name(),
                family: puzzle.family().into(),
                steps: clued.explanation_notes(&explanation),
                difficulty: difficulty.note(),
                exhaustive: self.exhaustive,
                answer: Some(answer.1),
                solves: explanation.solves,
                time_ms: millis(elapsed),
            })?;
        } else {
            out!("{}", text(&puzzle.name(), &clued, &explanation))?;
            out!("\n{}", answer.0)?;
            out!("\nDifficulty: {}\n", difficulty.words())?;
        }
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// The answer as text and as JSON, from a solve of the puzzle's own formula.
fn solved_answer(puzzle: &dyn Puzzle) -> anyhow::Result<(String, serde_json::Value)> {
    let mut instance = puzzle.build(&BuildOptions::default(), Purpose::Solve)?;
    let Verdict::Unique(model) = instance.solve_unique()? else {
        // The explanation proved the answer unique on the same clues.
        bail!("internal error: the puzzle's formula disagrees with its clues");
    };
    let answer = instance.answer(&model)?;
    Ok((answer.text(), answer.value()))
}

/// The numbered steps, one paragraph each.
pub fn text(name: &str, clued: &Clued, explanation: &Explanation) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{name}: the answer in {} steps\n",
        explanation.steps.len()
    );
    for (i, step) in explanation.steps.iter().enumerate() {
        let tag = tag(step);
        let _ = writeln!(out, "{:>3}. {}{tag}", i + 1, clued.sentence(step));
        cases_text(&mut out, clued, &step.cases, "", 7);
    }
    out
}

/// A case split's cases, numbered ("Case 2.1" for a sub-case), one paragraph each,
/// indented under their step.
fn cases_text(out: &mut String, clued: &Clued, cases: &[Case], prefix: &str, indent: usize) {
    for (i, case) in cases.iter().enumerate() {
        let number = format!("{prefix}{}", i + 1);
        let _ = writeln!(
            out,
            "{:indent$}Case {number}. {}",
            "",
            clued.case_sentence(case)
        );
        if let End::Split(sub) = &case.end {
            cases_text(out, clued, sub, &format!("{number}."), indent + 2);
        }
    }
}

/// The bracket after a step of more than one clue: how many clues, and what the search
/// proved about smaller sets (only what it proved: a step not proved optimal says how large
/// the sets were that were all tried).
fn tag(step: &Step) -> String {
    let k = step.clues.len();
    let split = if step.kind() == StepKind::CaseSplit {
        "case split: "
    } else {
        ""
    };
    match (step.kind(), step.proved_fewest()) {
        (StepKind::Single, _) => String::new(),
        (StepKind::Combined, true) => format!(" [{k} clues together]"),
        (StepKind::CaseSplit, true) => {
            format!(" [case split: {k} clues together, no smaller set forces anything]")
        }
        (_, false) if step.proved == 0 => format!(" [{split}{k} clues together]"),
        (_, false) => format!(
            " [{split}{k} clues together; no set of {} or fewer forces anything]",
            step.proved
        ),
    }
}

/// Most facts (values x places) a puzzle may have for `solve` and `inquest` to rate it on the
/// way; `explain` rates any size.
pub const MAX_RATED_FACTS: usize = 500;

/// The difficulty of a uniquely solved puzzle with clues, when it is small enough to rate on
/// the way (None otherwise).
pub fn rated(puzzle: &dyn Puzzle) -> anyhow::Result<Option<Difficulty>> {
    let Some(clued) = puzzle.clued() else {
        return Ok(None);
    };
    let clued = clued?;
    let facts: usize = clued.model.vars.iter().map(|v| v.values.len()).sum();
    if facts > MAX_RATED_FACTS {
        return Ok(None);
    }
    Ok(Some(explain(&clued, &[])?.difficulty()))
}

/// The difficulty of a grid with one answer (an Inquest case as dealt).
pub fn rated_grid(puzzle: &GridPuzzle) -> anyhow::Result<Difficulty> {
    Ok(explain(&clued(puzzle)?, &[])?.difficulty())
}

/// An Inquest case's explanation from the squares a sheet has filled (`given`: category,
/// value, room) until the square `target` is known: the steps, and the clued case that words
/// them (its clues are the statements).
pub fn steps_to_square(
    puzzle: &GridPuzzle,
    given: &[(usize, usize, usize)],
    target: (usize, usize, usize),
) -> anyhow::Result<(Clued, Vec<Step>)> {
    let grid = puzzle.build()?;
    let fact = |(cat, value, room): (usize, usize, usize)| Fact {
        var: grid.value_var[cat][value],
        value: room,
        holds: true,
    };
    let clued = Clued {
        clue_noun: "statement",
        ..clued(puzzle)?
    };
    let start: Vec<Fact> = given.iter().map(|&g| fact(g)).collect();
    let mut stepper = Stepper::new(&clued, &start)?;
    let mut steps = Vec::new();
    while !stepper.knows(fact(target)) {
        match stepper.next_step()? {
            Some(step) => steps.push(step),
            None => break,
        }
    }
    Ok((clued, steps))
}
