//! The `satpuz` binary: parses the command line and hands over to `satpuz::cli`-style modules.

mod cli;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use cli::output::{StdoutError, Verbosity, flush_stdout, set_verbosity};

fn main() -> ExitCode {
    let start = Instant::now();
    // Read before parsing, so that a usage error of a `--json` run is JSON too.
    let json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => {
            if !e.use_stderr() {
                // --help, --version: not errors.
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if json {
                report_error(&e.render().to_string(), true);
            } else {
                let _ = e.print();
            }
            // DESIGN.md: usage errors exit 1 (clap's default is 2, which means "no solution" here).
            return ExitCode::from(cli::EXIT_INPUT);
        }
    };
    set_verbosity(args.verbosity());
    let verbose = args.verbosity() == Verbosity::Verbose;
    let result = cli::run(args);
    // Standard output is buffered: whatever is left goes out now, and may fail now.
    let flushed = flush_stdout();
    if verbose {
        report_solver_stats(start);
    }
    match (result, flushed) {
        (Ok(code), Ok(())) => code,
        (Ok(_), Err(e)) => fail(&anyhow::Error::new(e), json),
        (Err(e), _) => fail(&e, json),
    }
}

/// The exit for an error: a closed standard output ends quietly (the reader stopped reading,
/// which is not a failure of satpuz); any other error is reported on stderr, exit 1.
fn fail(e: &anyhow::Error, json: bool) -> ExitCode {
    let stdout_error = e.chain().find_map(|c| c.downcast_ref::<StdoutError>());
    if stdout_error.is_some_and(StdoutError::is_closed_pipe) {
        return ExitCode::from(cli::EXIT_PIPE);
    }
    report_error(&error_text(e), json);
    ExitCode::from(cli::EXIT_INPUT)
}

/// An error and its causes, joined by `: ` as anyhow's `{:#}` does, but without a cause whose
/// text its parent already shows: a library error that quotes its source in its own message
/// (`could not run ...: Permission denied`) would otherwise say the source twice.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain().map(ToString::to_string) {
        if text.is_empty() {
            text = cause;
        } else if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

/// One error on stderr: `error: ...`, or with `--json` an `ErrorReport` object. Not
/// eprintln!: it panics when stderr itself cannot be written (`2>/dev/full`).
fn report_error(message: &str, json: bool) {
    let mut stderr = std::io::stderr().lock();
    if json {
        let message = message.trim_end().trim_start_matches("error: ");
        let report = satpuz::report::ErrorReport {
            schema_version: satpuz::report::SCHEMA_VERSION,
            error: message.to_string(),
            exit_code: cli::EXIT_INPUT,
        };
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        let _ = writeln!(stderr, "{text}");
    } else {
        let _ = writeln!(stderr, "error: {message}");
    }
}

/// `-v`: what the solvers did, on stderr.
fn report_solver_stats(start: Instant) {
    let s = satpuz::solve::stats::snapshot();
    let _ = writeln!(
        std::io::stderr().lock(),
        "c solver: {} call(s) ({} SAT, {} UNSAT{}), {:.3} ms in the solver, {:.3} ms in all",
        s.calls,
        s.satisfiable,
        s.unsatisfiable,
        if s.gave_up > 0 {
            format!(
                ", {} without a verdict (over the proof budget, or failed)",
                s.gave_up
            )
        } else {
            String::new()
        },
        s.time.as_secs_f64() * 1e3,
        start.elapsed().as_secs_f64() * 1e3
    );
}
