//! `satpuz list`: the built-in puzzles, with their family.

use std::process::ExitCode;

use clap::Args;
use satpuz::puzzles::registry;
use satpuz::report::{ListEntry, ListReport, SCHEMA_VERSION};

use super::input::text_table;
use super::output::{out, outln};
use super::{EXIT_OK, print_json};

#[derive(Debug, Args)]
pub struct ListCmd {
    /// Also list the shipped puzzles satpuz refuses, with the reason.
    #[arg(long)]
    pub all: bool,
    /// Print the list as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
}

impl ListCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let entries: Vec<ListEntry> = registry()
            .iter()
            .flat_map(|f| {
                f.builtins().into_iter().map(|b| ListEntry {
                    puzzle: b.name,
                    family: f.name().to_string(),
                    about: b.about,
                    refused: b.refused,
                })
            })
            .collect();
        let (shown, refused): (Vec<ListEntry>, Vec<ListEntry>) =
            entries.into_iter().partition(|e| e.refused.is_none());
        let shown: Vec<ListEntry> = if self.all {
            shown.into_iter().chain(refused.iter().cloned()).collect()
        } else {
            shown
        };
        if self.json {
            print_json(&ListReport {
                schema_version: SCHEMA_VERSION,
                puzzles: shown,
            })?;
            return Ok(ExitCode::from(EXIT_OK));
        }
        let mut rows = vec![vec!["PUZZLE".to_string(), "FAMILY".into(), "WHAT".into()]];
        for e in &shown {
            let about = match &e.refused {
                Some(why) => format!("refused: {why}"),
                None => e.about.clone(),
            };
            rows.push(vec![e.puzzle.clone(), e.family.clone(), about]);
        }
        out!("{}", text_table(&rows))?;
        outln!("\nFamilies:")?;
        for f in registry() {
            outln!("  {:<8} {}", f.name(), f.about())?;
        }
        if !self.all && !refused.is_empty() {
            let names: Vec<&str> = refused.iter().map(|e| e.puzzle.as_str()).collect();
            outln!(
                "\nAlso shipped, but refused (rules satpuz cannot encode yet): {}; `satpuz list \
                 --all` says why.",
                names.join(", ")
            )?;
        }
        outln!("\nAny puzzle file (.json) of these families, or a DIMACS file (.cnf), works too.")?;
        Ok(ExitCode::from(EXIT_OK))
    }
}
