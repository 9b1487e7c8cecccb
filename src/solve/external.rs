//! Any DIMACS solver run as a process: the formula is written to a temporary file, assumptions
//! as unit clauses, and the solver's answer read back, from minisat's result file or from the
//! SAT competition's `s`/`v` lines on standard output. A [`SolverChoice`] names the solver
//! (`varisat`, `minisat`, `cadical`, `kissat`, or `cmd:"prog args"`) for every command.

use std::fmt;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::cnf::dimacs::{SolverOutput, parse_model, write_cnf};
use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::solve::{Backend, SolveError, Varisat, stats};

/// Where a program leaves its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// A result file named on its command line (`{out}`: minisat's `SAT`/`UNSAT` + literals).
    ResultFile,
    /// Standard output, as SAT competition solvers write it (`s SATISFIABLE`, `v ... 0`).
    Stdout,
}

/// A solver program: its command line, with `{in}` (the formula), `{out}` (a result file) and
/// `{proof}` (a DRAT proof file) put in place for each run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Its name in reports (`minisat`, or the command as given).
    pub name: String,
    /// The command line for solving.
    pub argv: Vec<String>,
    /// The command line for solving while writing a DRAT proof, when the solver can.
    pub proof_argv: Option<Vec<String>>,
    /// Where the answer is read.
    pub reads: Reads,
}

/// The solver a command uses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SolverChoice {
    /// varisat, in process (pure Rust, the default).
    #[default]
    Varisat,
    /// A program run once per solver call.
    Program(Program),
    /// kissat in process (cargo feature `kissat`).
    #[cfg(feature = "kissat")]
    Kissat,
    /// CaDiCaL in process, incremental (cargo feature `cadical`).
    #[cfg(feature = "cadical")]
    Cadical,
}

/// A `--solver` value that names no solver.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown solver `{0}`: say varisat, minisat, cadical, kissat, or cmd:\"PROGRAM ARGS\" (with \
     {{in}} for the formula, {{out}} for a minisat-style result file, {{proof}} for a DRAT file)"
)]
pub struct UnknownSolver(pub String);

fn words(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

impl SolverChoice {
    /// Reads `varisat`, `minisat`, `cadical`, `kissat` or `cmd:"prog args"`. A `cmd:` line is
    /// split at whitespace (no shell quoting); without `{in}` the formula's path is appended;
    /// with `{out}` the answer is read from that file, else from standard output.
    pub fn parse(text: &str) -> Result<SolverChoice, UnknownSolver> {
        let program = |name: &str, argv: &[&str], proof: Option<&[&str]>, reads| {
            SolverChoice::Program(Program {
                name: name.to_string(),
                argv: words(argv),
                proof_argv: proof.map(words),
                reads,
            })
        };
        Ok(match text {
            "varisat" => SolverChoice::Varisat,
            // Debian's minisat 2.2 writes no proof.
            "minisat" => program(
                "minisat",
                &["minisat", "-verb=0", "{in}", "{out}"],
                None,
                Reads::ResultFile,
            ),
            #[cfg(feature = "cadical")]
            "cadical" => SolverChoice::Cadical,
            // Both write binary DRAT by default when the proof is not a terminal.
            #[cfg(not(feature = "cadical"))]
            "cadical" => program(
                "cadical",
                &["cadical", "-q", "{in}"],
                Some(&["cadical", "-q", "{in}", "{proof}"]),
                Reads::Stdout,
            ),
            #[cfg(feature = "kissat")]
            "kissat" => SolverChoice::Kissat,
            #[cfg(not(feature = "kissat"))]
            "kissat" => program(
                "kissat",
                &["kissat", "-q", "{in}"],
                Some(&["kissat", "-q", "{in}", "{proof}"]),
                Reads::Stdout,
            ),
            _ => {
                let Some(line) = text.strip_prefix("cmd:") else {
                    return Err(UnknownSolver(text.to_string()));
                };
                let line = line.trim().trim_matches('"').trim();
                let mut argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
                if argv.is_empty() {
                    return Err(UnknownSolver(text.to_string()));
                }
                if !argv.iter().any(|a| a.contains("{in}")) {
                    argv.push("{in}".into());
                }
                let reads = if argv.iter().any(|a| a.contains("{out}")) {
                    Reads::ResultFile
                } else {
                    Reads::Stdout
                };
                let proof_argv = argv
                    .iter()
                    .any(|a| a.contains("{proof}"))
                    .then(|| argv.clone());
                SolverChoice::Program(Program {
                    name: line.to_string(),
                    argv,
                    proof_argv,
                    reads,
                })
            }
        })
    }

    /// Its name in reports.
    pub fn name(&self) -> &str {
        match self {
            SolverChoice::Varisat => "varisat",
            SolverChoice::Program(p) => &p.name,
            #[cfg(feature = "kissat")]
            SolverChoice::Kissat => "kissat",
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical => "cadical",
        }
    }

    /// Solves `cnf` with a fresh solver writing a DRAT proof: its bytes (text from varisat,
    /// binary from CaDiCaL or kissat) when the formula is UNSAT, None when it is satisfiable.
    pub fn refute(&self, cnf: &Cnf) -> Result<Option<Vec<u8>>, SolveError> {
        match self {
            SolverChoice::Varisat => {
                Ok(crate::solve::proof::drat_refutation(cnf, &[])?.map(String::into_bytes))
            }
            SolverChoice::Program(p) => program_refutation(p, cnf),
            #[cfg(feature = "kissat")]
            SolverChoice::Kissat => Err(SolveError::NoProof {
                cmd: "kissat (in process)".into(),
            }),
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical => crate::solve::cadical::refutation(cnf),
        }
    }

    /// A fresh backend loaded with `cnf`.
    pub fn backend(&self, cnf: &Cnf) -> Box<dyn Backend> {
        match self {
            SolverChoice::Varisat => Box::new(Varisat::with_cnf(cnf)),
            SolverChoice::Program(p) => {
                let mut b = External::program(p.clone());
                b.add_cnf(cnf);
                Box::new(b)
            }
            #[cfg(feature = "kissat")]
            SolverChoice::Kissat => {
                let mut b = crate::solve::kissat::Kissat::default();
                b.add_cnf(cnf);
                Box::new(b)
            }
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical => Box::new(crate::solve::cadical::Cadical::with_cnf(cnf)),
        }
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A solver run as a process on each solve. Not incremental: every call re-writes and
/// re-solves the whole formula.
pub struct External {
    program: Program,
    cnf: Cnf,
    model: Vec<Option<bool>>,
    last_assumptions: Vec<Lit>,
    calls: u32,
    time: Duration,
}

impl External {
    /// A backend that runs `cmd` the minisat way (`<cmd> <in.cnf> <out.txt>`) on each solve;
    /// nothing runs until then.
    pub fn new(cmd: impl Into<String>) -> Self {
        let cmd = cmd.into();
        External::program(Program {
            name: cmd.clone(),
            argv: vec![cmd, "{in}".into(), "{out}".into()],
            proof_argv: None,
            reads: Reads::ResultFile,
        })
    }

    /// A backend that runs `program` on each solve.
    pub fn program(program: Program) -> Self {
        External {
            program,
            cnf: Cnf::new(),
            model: Vec::new(),
            last_assumptions: Vec::new(),
            calls: 0,
            time: Duration::ZERO,
        }
    }

    /// Is `cmd` on the PATH?
    pub fn available(cmd: &str) -> bool {
        Command::new(cmd).arg("--help").output().is_ok()
    }

    /// The solver runs so far.
    pub fn calls(&self) -> u32 {
        self.calls
    }

    /// The wall-clock time of the solver runs so far (writing the formula included).
    pub fn time(&self) -> Duration {
        self.time
    }
}

/// One run of `argv` on `cnf` in a fresh private directory; the answer, and the proof's bytes
/// when `argv` names `{proof}`.
fn run_program(
    program: &Program,
    argv: &[String],
    cnf: &Cnf,
) -> Result<(SolverOutput, Option<Vec<u8>>), SolveError> {
    let cmd = program.name.clone();
    let spawn = |source| SolveError::Spawn {
        cmd: cmd.clone(),
        source,
    };
    // A fresh private directory (not a guessable name in /tmp), removed when dropped.
    let dir = tempfile::Builder::new()
        .prefix("satpuz-")
        .tempdir()
        .map_err(spawn)?;
    let path = |name: &str| dir.path().join(name);
    let (input, output, proof) = (path("in.cnf"), path("out.txt"), path("proof.drat"));
    let mut file = BufWriter::new(std::fs::File::create(&input).map_err(spawn)?);
    write_cnf(cnf, &[], &mut file)
        .and_then(|()| file.flush())
        .map_err(spawn)?;
    drop(file);
    let fill = |arg: &String| {
        let show = |p: &Path| p.display().to_string();
        arg.replace("{in}", &show(&input))
            .replace("{out}", &show(&output))
            .replace("{proof}", &show(&proof))
    };
    let args: Vec<String> = argv.iter().map(fill).collect();
    let ran = run_until_stopped(&args).map_err(|e| match e {
        Ran::Io(e) if e.kind() == std::io::ErrorKind::NotFound => SolveError::NotFound {
            cmd: args[0].clone(),
        },
        Ran::Io(e) => spawn(e),
        Ran::Stopped => SolveError::Stopped,
    })?;
    let failed = |detail: String| SolveError::External {
        cmd: cmd.clone(),
        detail,
    };
    let text = match program.reads {
        Reads::ResultFile => std::fs::read_to_string(&output).map_err(|e| {
            failed(format!(
                "no result file ({e}); exit status {}, stderr: {}",
                ran.status,
                String::from_utf8_lossy(&ran.stderr).trim()
            ))
        })?,
        Reads::Stdout => String::from_utf8_lossy(&ran.stdout).into_owned(),
    };
    let answer = parse_model(&text).map_err(|e| {
        failed(format!(
            "{e}; exit status {}, stderr: {}",
            ran.status,
            String::from_utf8_lossy(&ran.stderr)
                .trim()
                .chars()
                .take(200)
                .collect::<String>()
        ))
    })?;
    let proof_bytes = argv
        .iter()
        .any(|a| a.contains("{proof}"))
        .then(|| std::fs::read(&proof))
        .transpose()
        .map_err(|e| failed(format!("no proof file: {e}")))?;
    Ok((answer, proof_bytes))
}

/// Why [`run_until_stopped`] has no output.
enum Ran {
    Io(std::io::Error),
    /// The stop bound to this thread ([`super::stop::Stop::bound_solves`]) said stop: the
    /// program was killed and reaped.
    Stopped,
}

/// `Command::output`, except that the program is killed (and reaped) as soon as the stop
/// bound to this thread says stop: a `--timeout` or Ctrl-C must not leave a solver running on
/// after satpuz has exited, nor its private directory behind.
fn run_until_stopped(args: &[String]) -> Result<Output, Ran> {
    let mut child = Command::new(&args[0])
        .args(&args[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(Ran::Io)?;
    let stop = super::stop::bound();
    // Each pipe is read on a thread of its own (a chatty solver must never block on a full
    // pipe); both readers hold `ended`, so the channel disconnects the moment the program
    // closes both, usually by exiting: no polling delay on the many short runs of a count.
    let (ended, closed) = mpsc::channel::<()>();
    let read = |pipe: Option<Box<dyn Read + Send>>, ended: mpsc::Sender<()>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            drop(ended);
            bytes
        })
    };
    let stdout = read(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ended.clone(),
    );
    let stderr = read(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ended,
    );
    let stopped = || stop.as_ref().is_some_and(|s| s.should_stop());
    let kill = |child: &mut std::process::Child| {
        let _ = child.kill();
        let _ = child.wait();
        Ran::Stopped
    };
    while let Err(mpsc::RecvTimeoutError::Timeout) = closed.recv_timeout(Duration::from_millis(50))
    {
        if stopped() {
            return Err(kill(&mut child));
        }
    }
    // Both pipes are closed; the program has exited or is about to.
    let status = loop {
        if let Some(status) = child.try_wait().map_err(Ran::Io)? {
            break status;
        }
        if stopped() {
            return Err(kill(&mut child));
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    Ok(Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Solves `cnf` with `program` writing a DRAT proof: the proof's bytes (text or binary) when
/// the formula is UNSAT, None when it is satisfiable. Refused for a program that writes none.
pub fn program_refutation(program: &Program, cnf: &Cnf) -> Result<Option<Vec<u8>>, SolveError> {
    let Some(argv) = &program.proof_argv else {
        return Err(SolveError::NoProof {
            cmd: program.name.clone(),
        });
    };
    match run_program(program, argv, cnf)? {
        (SolverOutput::Sat(_), _) => Ok(None),
        (SolverOutput::Unsat, proof) => Ok(proof),
    }
}

impl Backend for External {
    fn add_clause(&mut self, lits: &[Lit]) {
        let top = lits.iter().map(|l| l.var().idx32() + 1).max().unwrap_or(0);
        self.cnf.vars.reserve(top);
        self.cnf.add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        let start = Instant::now();
        let mut cnf = self.cnf.clone();
        for &a in assumptions {
            cnf.vars.reserve(a.var().idx32() + 1);
            cnf.clauses.push_raw(&[a]);
        }
        let result = run_program(&self.program, &self.program.argv, &cnf);
        self.calls += 1;
        self.time += start.elapsed();
        let verdict = match &result {
            Ok((SolverOutput::Sat(_), _)) => Some(true),
            Ok((SolverOutput::Unsat, _)) => Some(false),
            Err(_) => None,
        };
        stats::record(start, verdict);
        self.last_assumptions = assumptions.to_vec();
        match result?.0 {
            SolverOutput::Unsat => Ok(false),
            SolverOutput::Sat(values) => {
                self.model = values;
                Ok(true)
            }
        }
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        (0..num_vars as usize)
            .map(|i| self.model.get(i).copied().flatten().unwrap_or(false))
            .collect()
    }

    /// The process reports no core: all assumptions are returned (a sound over-approximation).
    fn failed_assumptions(&self) -> Vec<Lit> {
        self.last_assumptions.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solver_names_and_commands_parse() {
        assert_eq!(SolverChoice::parse("varisat"), Ok(SolverChoice::Varisat));
        let SolverChoice::Program(p) = SolverChoice::parse("minisat").unwrap() else {
            panic!("minisat is a program");
        };
        assert_eq!(p.reads, Reads::ResultFile);
        assert!(p.proof_argv.is_none());
        let SolverChoice::Program(p) = SolverChoice::parse("cmd:\"cadical -q\"").unwrap() else {
            panic!("a command is a program");
        };
        assert_eq!(p.argv, ["cadical", "-q", "{in}"]);
        assert_eq!(p.reads, Reads::Stdout);
        let SolverChoice::Program(p) = SolverChoice::parse("cmd:minisat {in} {out}").unwrap()
        else {
            panic!("a command is a program");
        };
        assert_eq!(p.reads, Reads::ResultFile);
        assert!(SolverChoice::parse("glucose").is_err());
        assert!(SolverChoice::parse("cmd:").is_err());
    }
}
