//! The `satpuz` binary: parses the command line and hands over to `satpuz::cli`-style modules.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            // DESIGN.md: usage errors exit 1 (clap's default is 2, which means "no solution" here).
            return if e.use_stderr() {
                ExitCode::from(cli::EXIT_INPUT)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(cli::EXIT_INPUT)
        }
    }
}
