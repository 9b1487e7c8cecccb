//! `satpuz generate <family>`: puzzle generators, one subcommand per puzzle family.

use std::process::ExitCode;

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct GenerateCmd {
    #[command(subcommand)]
    pub family: Family,
}

/// The puzzle families that have a generator.
#[derive(Debug, Subcommand)]
pub enum Family {
    /// Portia's caskets (Smullyan): the Portia I, II or III catalogue in the reference
    /// generator's order and ids, every puzzle's answer proved unique by the solver.
    Portia(super::portia::GenerateArgs),
    /// A random logic-grid puzzle (`--positions N --categories K --seed S`): a hidden
    /// arrangement, clues of every kind, cut until each clue is needed for the one answer.
    Grid(super::generate_grid::GridArgs),
}

impl GenerateCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        match self.family {
            Family::Portia(args) => args.run(),
            Family::Grid(args) => args.run(),
        }
    }
}
