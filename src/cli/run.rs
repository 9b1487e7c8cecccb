//! Long runs on the command line: `--timeout SECONDS`, Ctrl-C and SIGTERM, progress on stderr.
//!
//! A command that solves hands its work to [`supervise`], which runs it on a worker thread
//! with the process's [`Stop`] condition ([`stop`]) and a counter of answers found so far
//! ([`found`]). Enumeration loops check the stop condition between solver calls
//! ([`satpuz::solve::stop::enumerate_until`]) and return their partial result, which the
//! command prints marked incomplete. The worker's varisat solvers obey the stop inside one
//! solve too ([`Stop::bound_solves`]): a stopped solve fails, and the main thread prints what is
//! known — the count so far, or that there is no result yet — marked partial, exiting with
//! [`EXIT_STOPPED`]. A solve that does not hear the stop (an external solver, a parallel
//! count's threads) is not waited for past [`GRACE`]: the main thread reports the same way
//! without waiting for the worker. A second Ctrl-C ends the process at once.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, Once, mpsc};
use std::time::Duration;

use clap::Args;
use satpuz::report::{SCHEMA_VERSION, StoppedReport, millis};
use satpuz::solve::stop::{Stop, StopReason};

use super::EXIT_STOPPED;
use indicatif::{ProgressBar, ProgressStyle};

use super::output::{Verbosity, eoutln, outln, verbosity};

/// How long a stopped worker gets to return its own partial result before the main thread
/// reports for it.
pub const GRACE: Duration = Duration::from_millis(300);

/// `--timeout` and `--progress`, for every command that solves.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct RunFlags {
    /// Stop after SECONDS (e.g. 1.5) and print what was found so far, marked partial (exit 4).
    /// Ctrl-C and SIGTERM do the same.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
    /// Show progress on standard error even when it is not a terminal (a line a second); on a
    /// terminal it is shown anyway after a second, unless -q.
    #[arg(long)]
    pub progress: bool,
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}`: expected a number of seconds, e.g. 10 or 0.5"))?;
    if !secs.is_finite() || secs <= 0.0 {
        return Err(format!(
            "`{s}`: the timeout must be a positive number of seconds"
        ));
    }
    // Beyond ~31 years a timeout is no timeout.
    Ok(Duration::try_from_secs_f64(secs.min(1e9)).unwrap_or(Duration::MAX))
}

/// The stop condition of the current run ([`supervise`] sets it; the signal handler raises it).
static CURRENT: Mutex<Option<Stop>> = Mutex::new(None);
/// What to print if the current run is stopped and its worker does not return.
static PARTIAL: Mutex<Option<Partial>> = Mutex::new(None);
/// Answers found so far by the current run (for progress and for a stopped run's report).
static FOUND: AtomicU64 = AtomicU64::new(0);
/// The run's amount of work, when known ([`set_total`]); 0 when not.
static TOTAL: AtomicU64 = AtomicU64::new(0);
/// What the run is doing now, when it goes through phases ([`set_phase`]).
static PHASE: Mutex<Option<String>> = Mutex::new(None);

/// The current run's stop condition (never stops outside [`supervise`]).
pub fn stop() -> Stop {
    CURRENT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .unwrap_or_default()
}

/// Says what the run is doing now, for the report if it is stopped inside one long solve (e.g.
/// `solve` moves on from finding the answer to counting answers).
pub fn set_partial(partial: Partial) {
    *PARTIAL.lock().unwrap_or_else(|e| e.into_inner()) = Some(partial);
}

/// Records `n` more answers found, or items of work done (shown as progress; a count's is
/// reported if the run is stopped).
pub fn found(n: u64) {
    FOUND.fetch_add(n, Ordering::Relaxed);
}

/// Says how many items of work the run has (e.g. deals), so progress shows a bar with an ETA;
/// [`found`] counts them done.
pub fn set_total(n: u64) {
    TOTAL.store(n, Ordering::Relaxed);
}

/// A run that goes through phases: says which one it is in, with `done` of `total` items of
/// work (`total` 0 when not known: a spinner with the phase's words).
pub fn set_phase(words: &str, done: u64, total: u64) {
    *PHASE.lock().unwrap_or_else(|e| e.into_inner()) = Some(words.to_string());
    TOTAL.store(total, Ordering::Relaxed);
    FOUND.store(done, Ordering::Relaxed);
}

/// Ctrl-C, SIGTERM and SIGHUP raise the current stop flag; a second signal exits at once.
fn install_handler() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let result = ctrlc::set_handler(|| {
            let current = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone();
            match current {
                Some(stop) if !stop.should_stop() => stop.interrupt(),
                // Already stopping (or no run to stop): the user insists.
                _ => std::process::exit(i32::from(EXIT_STOPPED)),
            }
        });
        if let Err(e) = result {
            eoutln!("warning: Ctrl-C will end satpuz without a partial result: {e}");
        }
    });
}

/// What to print when a stopped worker has not returned: what kind of result the run makes.
pub enum Partial {
    /// A count of solutions (the counter [`found`] feeds).
    Count { name: String, json: bool },
    /// Something with no useful partial form (a verdict, a proof, a puzzle): say it is missing.
    Nothing { what: String, json: bool },
    /// A DIMACS solve: the competition's `s UNKNOWN`.
    SolverLine,
}

/// Runs `work` on a worker thread under the run's stop condition (from `flags`, Ctrl-C and
/// SIGTERM), showing progress when asked, and returns its exit code; or, when it is stopped and
/// does not return within [`GRACE`], prints `partial` and returns [`EXIT_STOPPED`].
pub fn supervise(
    flags: RunFlags,
    partial: Partial,
    work: impl FnOnce() -> anyhow::Result<ExitCode> + Send + 'static,
) -> anyhow::Result<ExitCode> {
    let stop = Stop::new(flags.timeout);
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(stop.clone());
    FOUND.store(0, Ordering::Relaxed);
    TOTAL.store(0, Ordering::Relaxed);
    *PHASE.lock().unwrap_or_else(|e| e.into_inner()) = None;
    set_partial(partial);
    install_handler();
    let (tx, rx) = mpsc::channel();
    let bound = stop.clone();
    let worker = std::thread::Builder::new()
        .name("satpuz-work".into())
        // Readers and encoders recurse on nested input; give them the main thread's room.
        .stack_size(64 << 20)
        .spawn(move || {
            let _bound = bound.bound_solves();
            let _ = tx.send(work());
        })?;
    let mut progress = Progress::new(flags.progress);
    let mut stopped_at = None;
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(result) => {
                progress.finish();
                let _ = worker.join();
                // From here a Ctrl-C ends the process at once (the handler finds no run).
                *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
                // A solve stopped inside fails: the run was stopped, not wrong.
                if let (Err(_), Some(reason)) = (&result, stop.reason()) {
                    return report_stopped(&stop, reason);
                }
                return result;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                progress.finish();
                // The worker panicked: let the panic through as it would have on this thread.
                if let Err(payload) = worker.join() {
                    std::panic::resume_unwind(payload);
                }
                anyhow::bail!("internal error: the worker thread ended without a result");
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        progress.tick(&stop);
        match (stop.reason(), stopped_at) {
            (Some(_), None) => stopped_at = Some(std::time::Instant::now()),
            (Some(reason), Some(at)) if at.elapsed() >= GRACE => {
                progress.finish();
                // The worker is left running until the process exits.
                return report_stopped(&stop, reason);
            }
            _ => {}
        }
    }
}

/// For a run stopped without a result of its own: removes its pending output files (none may
/// stay behind half-written), prints what is known, marked partial, and gives
/// [`EXIT_STOPPED`].
fn report_stopped(stop: &Stop, reason: StopReason) -> anyhow::Result<ExitCode> {
    super::output::remove_pending();
    let partial = PARTIAL.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(partial) = partial {
        let after = stop.stopped_after().unwrap_or_else(|| stop.elapsed());
        report_abandoned(&partial, reason, after)?;
    }
    Ok(ExitCode::from(EXIT_STOPPED))
}

/// "interrupted after 12.3 s" / "timed out after 1.0 s".
pub fn stopped_words(reason: StopReason, elapsed: Duration) -> String {
    format!("{} after {:.1} s", reason.words(), elapsed.as_secs_f64())
}

/// The JSON name of a stop reason (`"stopped"` field).
pub fn stopped_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Timeout => "timeout",
        StopReason::Interrupted => "interrupted",
    }
}

fn report_abandoned(
    partial: &Partial,
    reason: StopReason,
    elapsed: Duration,
) -> anyhow::Result<()> {
    let when = stopped_words(reason, elapsed);
    let ms = millis(elapsed);
    match partial {
        Partial::Count { name, json } => {
            let n = FOUND.load(Ordering::Relaxed);
            if *json {
                super::print_json(&StoppedReport {
                    schema_version: SCHEMA_VERSION,
                    puzzle: Some(name.clone()),
                    solutions: Some(n),
                    complete: false,
                    stopped: stopped_name(reason).into(),
                    time_ms: ms,
                })?;
            } else {
                outln!("{name}: at least {n} solution(s) ({when})")?;
            }
        }
        Partial::Nothing { what, json } => {
            if *json {
                super::print_json(&StoppedReport {
                    schema_version: SCHEMA_VERSION,
                    puzzle: None,
                    solutions: None,
                    complete: false,
                    stopped: stopped_name(reason).into(),
                    time_ms: ms,
                })?;
            } else {
                outln!("{what}: no result ({when})")?;
            }
        }
        Partial::SolverLine => {
            outln!("c {when}")?;
            outln!("s UNKNOWN")?;
        }
    }
    Ok(())
}

/// Progress on stderr once a run has taken a second: an indicatif bar on a terminal (with an
/// ETA when the run said how much work there is, [`set_total`]; a spinner with the count so far
/// when it counts), or, with `--progress` when stderr is not a terminal (a log), a plain line
/// every second. Nothing under `-q`.
struct Progress {
    mode: ProgressMode,
    bar: Option<ProgressBar>,
    /// The bar shows items of work (else a spinner): a phase may switch from one to the other.
    bar_has_total: bool,
    next_line: Duration,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ProgressMode {
    Off,
    Terminal,
    Lines,
}

/// What the run is doing, for the progress display.
enum Doing {
    Counting,
    Items(u64),
    Working(String),
}

impl Progress {
    fn new(forced: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let mode = if verbosity() == Verbosity::Quiet {
            ProgressMode::Off
        } else if terminal {
            ProgressMode::Terminal
        } else if forced {
            ProgressMode::Lines
        } else {
            ProgressMode::Off
        };
        Progress {
            mode,
            bar: None,
            bar_has_total: false,
            next_line: Duration::from_secs(1),
        }
    }

    fn doing() -> Doing {
        let total = TOTAL.load(Ordering::Relaxed);
        if total > 0 {
            return Doing::Items(total);
        }
        if let Some(phase) = Progress::phase() {
            return Doing::Working(phase);
        }
        match &*PARTIAL.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(Partial::Count { .. }) => Doing::Counting,
            Some(Partial::Nothing { what, .. }) => Doing::Working(what.clone()),
            Some(Partial::SolverLine) | None => Doing::Working("solving".into()),
        }
    }

    /// The current phase's words, if the run has phases.
    fn phase() -> Option<String> {
        PHASE.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn tick(&mut self, stop: &Stop) {
        let elapsed = stop.elapsed();
        if self.mode == ProgressMode::Off || elapsed < Duration::from_secs(1) {
            return;
        }
        let n = FOUND.load(Ordering::Relaxed);
        match self.mode {
            ProgressMode::Off => {}
            ProgressMode::Terminal => {
                let has_total = TOTAL.load(Ordering::Relaxed) > 0;
                if self.bar.is_some() && has_total != self.bar_has_total {
                    self.finish();
                }
                self.bar_has_total = has_total;
                let bar = self.bar.get_or_insert_with(|| {
                    let bar = match Progress::doing() {
                        Doing::Items(total) => ProgressBar::new(total).with_style(style(
                            "[{bar:30}] {human_pos}/{human_len} {msg} ({elapsed}, ETA {eta})",
                        )),
                        Doing::Counting => ProgressBar::new_spinner().with_style(style(
                            "{spinner} {human_pos} solutions so far ({elapsed})",
                        )),
                        Doing::Working(what) => ProgressBar::new_spinner()
                            .with_style(style("{spinner} {msg} ({elapsed})"))
                            .with_message(what),
                    };
                    let bar = bar.with_elapsed(elapsed);
                    bar.enable_steady_tick(Duration::from_millis(120));
                    bar
                });
                bar.set_position(n);
                if let Some(phase) = Progress::phase() {
                    bar.set_length(TOTAL.load(Ordering::Relaxed).max(n));
                    bar.set_message(phase);
                }
            }
            ProgressMode::Lines => {
                if elapsed < self.next_line {
                    return;
                }
                self.next_line = elapsed + Duration::from_secs(1);
                let secs = elapsed.as_secs_f64();
                match Progress::doing() {
                    Doing::Items(total) => match Progress::phase() {
                        Some(phase) => eoutln!("  {phase}: {n}/{total} ({secs:.0} s)"),
                        None => eoutln!("  {n}/{total} done ({secs:.0} s)"),
                    },
                    Doing::Counting => eoutln!(
                        "  {n} solutions so far ({:.0}/s, {secs:.0} s)",
                        n as f64 / secs
                    ),
                    Doing::Working(what) => eoutln!("  {what}: working ({secs:.0} s)"),
                }
            }
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// An indicatif style from a template written in this file (a typo would be a bug here, not
/// a user's error: fall back to the default style rather than fail a run over it).
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner())
}
