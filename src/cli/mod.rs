//! The command line: one file per subcommand. anyhow lives here only.

mod certify;
mod check_case;
mod corpus;
mod corpus_check;
mod count;
mod cross_check;
mod decode;
mod docs;
mod encode;
mod explain;
mod generate;
mod generate_grid;
mod input;
mod inquest;
mod list;
pub mod output;
mod portia;
mod prove;
pub mod run;
mod serve;
mod solve;

use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use satpuz::choice::Choice;
use satpuz::encode::{Amo, Encoding};

pub const EXIT_OK: u8 = 0;
pub const EXIT_INPUT: u8 = 1;
pub const EXIT_NO_SOLUTION: u8 = 2;
pub const EXIT_MULTIPLE: u8 = 3;
pub const EXIT_SAT: u8 = 10;
pub const EXIT_UNSAT: u8 = 20;
/// Stopped by `--timeout`, Ctrl-C or SIGTERM before finishing; the partial result is printed.
pub const EXIT_STOPPED: u8 = 4;
/// `check-drat`: the proof does not refute the formula.
pub const EXIT_NOT_VERIFIED: u8 = 5;
/// `cross-check`: the two solvers disagree on a verdict, an answer or a count.
pub const EXIT_DISAGREE: u8 = 6;
/// Standard output was closed before everything was written (`satpuz ... | head -1`): the
/// process ends quietly with the status shells report for a process killed by SIGPIPE (128 + 13),
/// as `cat`, `yes` and the other Unix tools do.
pub const EXIT_PIPE: u8 = 141;

const EXIT_CODES: &str = "\
Exit codes:
  0   success (puzzle solved; for `solve`, the answer is unique; a proof certified)
  1   usage or input error (the message names the file, line, clause or clue)
  2   no solution
  3   more than one solution where one was required
  4   stopped by --timeout, Ctrl-C or SIGTERM: the partial result is printed, marked as such
      (`at least N solution(s) (interrupted after 12.3 s)`, `\"complete\": false`, `s UNKNOWN`)
  5   check-drat, check-case: the proof (or certificate) does not check (s NOT VERIFIED)
  6   cross-check: the two solvers disagree (verdict, answer or count)
  10  SATISFIABLE  (solve on a CNF file, as SAT solvers do; prove on a satisfiable CNF,
      which has no refutation)
  20  UNSATISFIABLE (solve on a CNF file)
  141 standard output closed early (e.g. `| head -1`): ends quietly, as if killed by SIGPIPE";

/// Logic puzzles to CNF, solved by a CDCL SAT solver, with uniqueness proofs and DIMACS
/// export so any answer can be re-checked with minisat.
///
/// PUZZLE is a built-in name (`satpuz list` shows them: jindosh, hooks1, inquest, portia, ...),
/// a puzzle file (.json) of any family, a DIMACS file (.cnf), or `-` for standard input. Every
/// command takes every family; flags that do not apply to the puzzle given are refused.
#[derive(Debug, Parser)]
#[command(name = "satpuz", version, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Say less: no notes ("wrote out.cnf ...") and no progress on standard error; warnings
    /// and errors stay.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Say more: the solver's statistics (calls, SAT/UNSAT, time in the solver) on standard
    /// error at the end.
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

impl Cli {
    /// What `-q`/`-v` ask for.
    pub fn verbosity(&self) -> output::Verbosity {
        match (self.quiet, self.verbose) {
            (true, _) => output::Verbosity::Quiet,
            (false, true) => output::Verbosity::Verbose,
            (false, false) => output::Verbosity::Normal,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Encode a puzzle to CNF and write it as DIMACS (with variable names as `c` lines).
    #[command(after_help = EXIT_CODES)]
    Encode(encode::EncodeCmd),
    /// Solve a puzzle (prints the answer and whether it is unique) or a DIMACS file (prints
    /// `s SATISFIABLE` and `v` lines, exit 10/20).
    #[command(after_help = EXIT_CODES)]
    Solve(solve::SolveCmd),
    /// Count the distinct solutions (projected onto the puzzle's own variables, or a CNF's
    /// `c p show` or `c ind` variables).
    #[command(after_help = EXIT_CODES)]
    Count(count::CountCmd),
    /// Read a model written by an external solver (minisat's result file or competition `v`
    /// lines) and print the puzzle's answer.
    #[command(after_help = EXIT_CODES)]
    Decode(decode::DecodeCmd),
    /// Certify a puzzle's uniqueness (or a CNF's unsatisfiability) with a DRAT proof from a fresh
    /// solver, checked by satpuz's own forward checker; optionally write the formula and proof.
    #[command(after_help = EXIT_CODES)]
    Prove(prove::ProveCmd),
    /// Check a DRAT proof (text or binary, told apart by its bytes) that a DIMACS formula is
    /// unsatisfiable.
    #[command(name = "check-drat", after_help = EXIT_CODES)]
    CheckDrat(prove::CheckDratCmd),
    /// Solve and count a puzzle or CNF with two solvers (varisat and minisat unless --solver
    /// names them) and compare verdicts, decoded answers and counts.
    #[command(name = "cross-check", after_help = EXIT_CODES)]
    CrossCheck(cross_check::CrossCheckCmd),
    /// Check a dealt case's certificate (`satpuz inquest --certify DIR`) without a solver:
    /// the answer and each statement's witness by evaluation, uniqueness by its DRAT proof.
    #[command(name = "check-case", after_help = EXIT_CODES)]
    CheckCase(check_case::CheckCaseCmd),
    /// Generate puzzles of a family (`generate portia --generation 1|2|3`), each proved uniquely
    /// solvable by the solver.
    #[command(after_help = EXIT_CODES)]
    Generate(generate::GenerateCmd),
    /// Deal the day's case (or a seed's): rooms in a line, people, trades, objects and clock
    /// faces, and a minimal set of true statements that only one arrangement fits. Who is the
    /// thief? Also `inquest check` and `inquest hint` for a filled-in sheet.
    #[command(after_help = EXIT_CODES)]
    Inquest(inquest::InquestCmd),
    /// List the built-in puzzles with their family.
    List(list::ListCmd),
    /// Explain a puzzle's answer step by step (the fewest clues that force each new fact) and
    /// rate its difficulty: grids, jindosh, Inquest cases.
    #[command(after_help = EXIT_CODES)]
    Explain(explain::ExplainCmd),
    /// Check a corpus of generated grids (`generate grid --corpus`): certificates, answers by
    /// a second route, levels, duplicates under renaming.
    #[command(after_help = EXIT_CODES)]
    Corpus(corpus_check::CorpusCmd),
    /// Print the JSON Schema of every `--json` output (see docs/json.md).
    Schema,
    /// Print a shell completion script (`satpuz completions bash > ~/.local/share/bash-completion/completions/satpuz`).
    Completions(docs::CompletionsCmd),
    /// Print the man page (roff), or write one page per command into a directory.
    Man(docs::ManCmd),
    /// Play in the browser: a local web server with four pages (the Inquest, Portia's caskets,
    /// the Jindosh lock, any grid puzzle file) and a JSON API (see docs/serve.md). Prints its
    /// URL; Ctrl-C ends it.
    Serve(serve::ServeCmd),
}

/// Encoding choices shared by every puzzle command.
#[derive(Debug, Clone, Copy, Args)]
pub struct EncodeFlags {
    /// How each finite-domain variable becomes booleans.
    #[arg(long, value_parser = choice::<Encoding>(), default_value = Encoding::default().name())]
    pub encoding: Encoding,
    /// How at-most-one constraints become clauses.
    #[arg(long, value_parser = choice::<Amo>(), default_value = Amo::default().name())]
    pub amo: Amo,
}

/// The flag's value parser for a library [`Choice`]: its names are the possible values, each
/// with its help line (the library has no argument parser of its own).
pub fn choice<C: Choice>() -> impl TypedValueParser<Value = C> {
    let names = C::choices()
        .iter()
        .map(|c| PossibleValue::new(c.name()).help(c.about()));
    // The names parser lets through only the names listed, so the lookup always finds one.
    PossibleValuesParser::new(names).map(|name| C::from_name(&name).unwrap_or_default())
}

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Encode(c) => c.run(),
        Command::Solve(c) => c.run(),
        Command::Count(c) => c.run(),
        Command::Decode(c) => c.run(),
        Command::Prove(c) => c.run(),
        Command::CheckDrat(c) => c.run(),
        Command::CrossCheck(c) => c.run(),
        Command::CheckCase(c) => c.run(),
        Command::Generate(c) => c.run(),
        Command::Inquest(c) => c.run(),
        Command::List(c) => c.run(),
        Command::Completions(c) => c.run(),
        Command::Man(c) => c.run(),
        Command::Serve(c) => c.run(),
        Command::Explain(c) => c.run(),
        Command::Corpus(c) => c.run(),
        Command::Schema => {
            output::out!("{}", satpuz::report::schema())?;
            Ok(ExitCode::from(EXIT_OK))
        }
    }
    .map_err(escape_error)
}

/// The error with control characters escaped (a file name or a token may carry NULs or
/// terminal escapes). An error with none is returned as it is, so main can still tell what it
/// is (e.g. a closed standard output).
fn escape_error(e: anyhow::Error) -> anyhow::Error {
    let text = format!("{e:#}");
    let escaped = input::escape(&text);
    if escaped == text {
        e
    } else {
        anyhow::anyhow!(escaped)
    }
}

/// Prints a report as pretty JSON on standard output.
pub fn print_json<T: serde::Serialize + ?Sized>(report: &T) -> anyhow::Result<()> {
    output::outln!("{}", serde_json::to_string_pretty(report)?)?;
    Ok(())
}
