//! `satpuz encode`: write a puzzle's CNF as DIMACS.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use satpuz::cnf::Cnf;
use satpuz::cnf::dimacs::write_cnf;
use satpuz::puzzles::Purpose;
use satpuz::report::{Cost, EncodeReport, SCHEMA_VERSION, Settings};

use super::input::{DIMACS, Input, PuzzleArgs, resolve, single};
use super::output::{Dest, eout, eoutln, flush_stdout, note, out};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_OK, print_json};

#[derive(Debug, Args)]
pub struct EncodeCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Where to write the DIMACS CNF (`-` for standard output). `--dimacs` is the same flag.
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "dimacs",
        value_name = "FILE"
    )]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print variables and clauses, split by constraint kind.
    #[arg(long)]
    pub stats: bool,
    /// Print the statistics as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS input whose clause count disagrees with its header (with a warning).
    #[arg(long, help_heading = DIMACS)]
    pub lenient: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

/// A formula to write, and what it is.
pub struct Export {
    pub cnf: Cnf,
    pub comments: Vec<String>,
    pub puzzle: String,
    pub family: String,
    pub settings: Settings,
}

impl EncodeCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if self.output.is_none() && !self.stats && !self.json {
            bail!(
                "nothing to do: give -o/--output FILE (or - for standard output), --stats or --json"
            );
        }
        // Refused before any work: an output file that exists, or in no directory.
        let dest = self
            .output
            .as_deref()
            .map(|p| Dest::plan(p, self.force))
            .transpose()?;
        let partial = Partial::Nothing {
            what: "encode".into(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.encode(dest))
    }

    /// On the worker thread of `supervise` (a Hooks puzzle's connectivity cuts take solving),
    /// the output planned.
    fn encode(self, dest: Option<Dest>) -> anyhow::Result<ExitCode> {
        let export = match resolve(&self.input, self.lenient)? {
            Input::Puzzles {
                family,
                puzzles,
                origin,
            } => {
                let puzzle = single(puzzles, &origin)?;
                let opts = self.input.settings.options();
                let mut inst = puzzle.build(&opts, Purpose::Export)?;
                let spelled = self.input.spelled();
                let (cnf, mut comments) = inst.export(&spelled)?;
                comments.extend(decode_hint(&spelled, &opts.flags(family.settings())));
                Export {
                    cnf,
                    comments,
                    puzzle: puzzle.name(),
                    family: family.name().to_string(),
                    settings: opts.report(family.settings()),
                }
            }
            Input::Cnf { parsed, origin } => Export {
                cnf: parsed.cnf,
                comments: vec![format!("from {origin}")],
                puzzle: origin,
                family: "cnf".into(),
                settings: Settings::default(),
            },
        };
        write_and_report(&export, dest.as_ref(), self.stats, self.json)?;
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// Writes the CNF where `--output` says (`-`: standard output) and reports what it costs:
/// the statistics with `--stats`/`--json` (on stderr when the CNF goes to stdout), else one line.
fn write_and_report(
    export: &Export,
    dimacs: Option<&Dest>,
    stats: bool,
    json: bool,
) -> anyhow::Result<()> {
    let (cnf, comments) = (&export.cnf, &export.comments);
    let to_stdout = matches!(dimacs, Some(Dest::Stdout));
    if let Some(dest) = dimacs {
        dest.write(|f| write_cnf(cnf, comments, f))?;
    }
    if to_stdout {
        // After the CNF, in order: what went to stdout first goes out first.
        flush_stdout()?;
    }
    if json {
        let report = EncodeReport {
            schema_version: SCHEMA_VERSION,
            puzzle: export.puzzle.clone(),
            family: export.family.clone(),
            settings: export.settings.clone(),
            variables: cnf.num_vars(),
            clauses: cnf.num_clauses(),
            primary_variables: cnf.primary.len(),
            by_kind: cnf
                .stats
                .iter()
                .map(|(k, c)| {
                    let cost = Cost {
                        variables: c.vars,
                        clauses: c.clauses,
                    };
                    (k.to_string(), cost)
                })
                .collect(),
            output: dimacs.map(|d| match d {
                Dest::Stdout => "-".to_string(),
                Dest::File(f) => f.path().display().to_string(),
            }),
        };
        if to_stdout {
            eoutln!("{}", serde_json::to_string_pretty(&report)?);
        } else {
            print_json(&report)?;
        }
    } else if stats {
        let report = format!(
            "{}: {} variables ({} primary), {} clauses\n{}",
            export.puzzle,
            cnf.num_vars(),
            cnf.primary.len(),
            cnf.num_clauses(),
            stats_text(cnf)
        );
        if to_stdout {
            eout!("{report}");
        } else {
            out!("{report}")?;
        }
    } else if let Some(Dest::File(file)) = dimacs {
        note!(
            "wrote {} ({} variables, {} clauses)",
            file.path().display(),
            cnf.num_vars(),
            cnf.num_clauses()
        );
    }
    Ok(())
}

/// The header lines that say how to read a solver's model of the export back: the puzzle as
/// the command line named it, and every encoding flag of its family.
pub(super) fn decode_hint(puzzle: &str, flags: &str) -> [String; 2] {
    let flags = if flags.is_empty() {
        String::new()
    } else {
        format!(" {flags}")
    };
    [
        "read a solver's model back with:".into(),
        format!("  satpuz decode {puzzle} --model MODEL{flags}"),
    ]
}

/// Variables and clauses per constraint kind, as a table.
pub(super) fn stats_text(cnf: &Cnf) -> String {
    let mut out = String::new();
    if !cnf.stats.is_empty() {
        out.push_str(&format!(
            "  {:<14} {:>9} {:>9}\n",
            "kind", "variables", "clauses"
        ));
        for (k, c) in &cnf.stats {
            out.push_str(&format!("  {:<14} {:>9} {:>9}\n", k, c.vars, c.clauses));
        }
    }
    out
}
