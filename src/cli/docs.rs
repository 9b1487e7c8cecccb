//! `satpuz completions SHELL` and `satpuz man`: the command line described for shells and
//! for `man`, generated from the same clap definitions as `--help` (clap_complete,
//! clap_mangen), so they cannot drift from it.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::output::{OutputFile, note, plan_outputs, with_stdout};
use super::{Cli, EXIT_OK};

#[derive(Debug, Args)]
pub struct CompletionsCmd {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

impl CompletionsCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let mut cmd = Cli::command();
        with_stdout(|out| {
            clap_complete::generate(self.shell, &mut cmd, "satpuz", out);
            Ok(())
        })?;
        Ok(ExitCode::from(EXIT_OK))
    }
}

#[derive(Debug, Args)]
pub struct ManCmd {
    /// Write satpuz.1 and one page per command (satpuz-solve.1, ...) into DIR instead of
    /// printing satpuz.1 (`man -l DIR/satpuz.1` reads one).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Overwrite pages that exist in DIR.
    #[arg(long, requires = "dir")]
    pub force: bool,
}

impl ManCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let mut cmd = Cli::command();
        cmd.build();
        let Some(dir) = self.dir else {
            let page = render(&cmd)?;
            with_stdout(|out| out.write_all(&page))?;
            return Ok(ExitCode::from(EXIT_OK));
        };
        if !dir.is_dir() {
            anyhow::bail!("--dir `{}`: not a directory", dir.display());
        }
        let mut pages = vec![("satpuz.1".to_string(), render(&cmd)?)];
        for sub in cmd.get_subcommands() {
            let name = format!("satpuz-{}", sub.get_name());
            // Each page is titled with its full command name (`satpuz-solve`).
            let page = render(&sub.clone().name(name.clone()))?;
            pages.push((format!("{name}.1"), page));
        }
        let paths: Vec<PathBuf> = pages.iter().map(|(n, _)| dir.join(n)).collect();
        let named: Vec<_> = paths.iter().map(|p| (p.as_path(), "--dir")).collect();
        let files: Vec<OutputFile> = plan_outputs(&named, self.force)?;
        for (file, (_, page)) in files.iter().zip(&pages) {
            file.write(|f| f.write_all(page))?;
        }
        note!("wrote {} man pages into {}", pages.len(), dir.display());
        Ok(ExitCode::from(EXIT_OK))
    }
}

fn render(cmd: &clap::Command) -> anyhow::Result<Vec<u8>> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
    Ok(page)
}
