//! The `satpuz` binary: parses the command line and hands over to `satpuz::cli`-style modules.

mod cli;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use cli::output::{StdoutError, flush_stdout};

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
    let result = cli::run(args);
    // Standard output is buffered: whatever is left goes out now, and may fail now.
    let flushed = flush_stdout();
    match (result, flushed) {
        (Ok(code), Ok(())) => code,
        (Ok(_), Err(e)) => fail(&anyhow::Error::new(e)),
        (Err(e), _) => fail(&e),
    }
}

/// The exit for an error: a closed standard output ends quietly (the reader stopped reading,
/// which is not a failure of satpuz); any other error is one line on stderr, exit 1.
fn fail(e: &anyhow::Error) -> ExitCode {
    let stdout_error = e.chain().find_map(|c| c.downcast_ref::<StdoutError>());
    if stdout_error.is_some_and(StdoutError::is_closed_pipe) {
        return ExitCode::from(cli::EXIT_PIPE);
    }
    // Not eprintln!: it panics when stderr itself cannot be written (`2>/dev/full`).
    let _ = writeln!(std::io::stderr().lock(), "error: {e:#}");
    ExitCode::from(cli::EXIT_INPUT)
}
