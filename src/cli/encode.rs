//! `satpuz encode`: write a puzzle's CNF as DIMACS.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use satpuz::cnf::Cnf;
use satpuz::cnf::dimacs::write_cnf;
use serde_json::json;

use super::input::{Input, load_input, prepare};
use super::output::{Dest, eout, eoutln, out};
use super::{EXIT_OK, EncodeFlags};

#[derive(Debug, Args)]
pub struct EncodeCmd {
    /// Built-in puzzle name, puzzle file (.json), DIMACS file, or `-` for standard input.
    pub puzzle: String,
    /// Where to write the DIMACS CNF (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub dimacs: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print variables and clauses, split by constraint kind.
    #[arg(long)]
    pub stats: bool,
    /// Print the statistics as JSON.
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS input whose clause count disagrees with its header (with a warning).
    #[arg(long)]
    pub lenient: bool,
    /// Read the puzzle from its text (`jindosh --text riddle.txt`, or `-` for standard input).
    #[arg(long, value_name = "FILE")]
    pub text: Option<String>,
    #[command(flatten)]
    pub flags: EncodeFlags,
    #[command(flatten)]
    pub hooks: super::hooks::HooksFlags,
    #[command(flatten)]
    pub run: super::run::RunFlags,
}

impl EncodeCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if self.dimacs.is_none() && !self.stats && !self.json {
            bail!(
                "nothing to do: give --dimacs FILE (or - for standard output), --stats or --json"
            );
        }
        // Refused before any work: an output file that exists, or in no directory.
        let dest = self
            .dimacs
            .as_deref()
            .map(|p| Dest::plan(p, self.force))
            .transpose()?;
        let partial = super::run::Partial::Nothing {
            what: "encode".into(),
            json: self.json,
        };
        super::run::supervise(self.run, partial, move || self.encode(dest))
    }

    /// On the worker thread of `supervise` (a Hooks puzzle's connectivity cuts take solving),
    /// the output planned.
    fn encode(self, dest: Option<Dest>) -> anyhow::Result<ExitCode> {
        if let Some(puzzle) = super::hooks::resolve(&self.puzzle, &self.hooks)? {
            let args = super::hooks::EncodeArgs {
                dimacs: dest.as_ref(),
                stats: self.stats,
                json: self.json,
            };
            return super::hooks::encode(puzzle, &self.hooks, args);
        }
        let input = load_input(&self.puzzle, self.lenient, self.text.as_deref())?;
        let (cnf, comments, name) = match input {
            Input::Grid { puzzle, origin } => {
                let opts = self.flags.options();
                let prepared = prepare(puzzle, opts)?;
                let comments = vec![
                    format!(
                        "satpuz {}: {}",
                        env!("CARGO_PKG_VERSION"),
                        prepared.puzzle.name
                    ),
                    format!(
                        "encoding {} amo {}; read a solver's model back with:",
                        opts.encoding.name(),
                        opts.amo.name()
                    ),
                    format!(
                        "  satpuz decode {origin} --model MODEL --encoding {} --amo {}",
                        opts.encoding.name(),
                        opts.amo.name()
                    ),
                    "c p show lists the puzzle's own variables (the projection for counting)"
                        .into(),
                ];
                (prepared.encoded.cnf, comments, prepared.puzzle.name)
            }
            Input::Cnf { parsed, origin } => (parsed.cnf, vec![format!("from {origin}")], origin),
        };
        write_and_report(&cnf, &comments, &name, dest.as_ref(), self.stats, self.json)?;
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// Writes the CNF where `--dimacs` says (`-`: standard output) and reports what it costs:
/// the statistics with `--stats`/`--json` (on stderr when the CNF goes to stdout), else one line.
pub(super) fn write_and_report(
    cnf: &Cnf,
    comments: &[String],
    name: &str,
    dimacs: Option<&Dest>,
    stats: bool,
    json: bool,
) -> anyhow::Result<()> {
    let to_stdout = matches!(dimacs, Some(Dest::Stdout));
    if let Some(dest) = dimacs {
        dest.write(|f| write_cnf(cnf, comments, f))?;
    }
    if stats || json {
        let report = stats_report(name, cnf, json);
        if to_stdout {
            // After the CNF, in order: what went to stdout first goes out first.
            super::output::flush_stdout()?;
            eout!("{report}");
        } else {
            out!("{report}")?;
        }
    } else if let Some(Dest::File(file)) = dimacs {
        eoutln!(
            "wrote {} ({} variables, {} clauses)",
            file.path().display(),
            cnf.num_vars(),
            cnf.num_clauses()
        );
    }
    Ok(())
}

pub(super) fn stats_report(name: &str, cnf: &Cnf, as_json: bool) -> String {
    if as_json {
        let kinds: serde_json::Map<String, serde_json::Value> = cnf
            .stats
            .iter()
            .map(|(k, c)| {
                (
                    k.to_string(),
                    json!({"variables": c.vars, "clauses": c.clauses}),
                )
            })
            .collect();
        let v = json!({
            "puzzle": name,
            "variables": cnf.num_vars(),
            "clauses": cnf.num_clauses(),
            "primary_variables": cnf.primary.len(),
            "by_kind": kinds,
        });
        return format!("{v:#}\n");
    }
    let mut out = format!(
        "{name}: {} variables ({} primary), {} clauses\n",
        cnf.num_vars(),
        cnf.primary.len(),
        cnf.num_clauses()
    );
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
