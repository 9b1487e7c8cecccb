//! Everything the binary writes, in one place.
//!
//! - **Standard output** goes through one buffered writer ([`out!`], [`outln!`], [`with_stdout`])
//!   whose errors propagate as [`StdoutError`]; `main` turns a closed pipe into a quiet exit
//!   ([`super::EXIT_PIPE`]) and any other write error into one line on stderr, exit 1. Nothing
//!   in `cli/` uses `print!`/`println!`: they panic on a write error. Messages go to stderr
//!   through [`eout!`]/[`eoutln!`], which drop what cannot be written instead of panicking.
//! - **Output files** are planned before any work ([`OutputFile::plan`], [`plan_outputs`]: the
//!   file exists without `--force`, the same path is given twice, the directory is missing or
//!   not writable), then written to a temporary file in the same directory and renamed over the
//!   path once the work has succeeded ([`OutputFile::write`], [`OutputFile::stage`], [`Dest`]
//!   for outputs that may also be standard output); a failed
//!   or abandoned write removes its temporary file and leaves the path as it was.

use std::fmt;
use std::fs;
use std::io::{self, BufWriter, Stdout, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

use anyhow::{Context, bail};

/// A failed write to standard output. `main` looks for it in an error's chain: a closed pipe
/// ends quietly, anything else is reported.
#[derive(Debug, thiserror::Error)]
#[error("writing to standard output")]
pub struct StdoutError(#[source] pub io::Error);

impl StdoutError {
    /// The reader went away (`satpuz ... | head -1`).
    pub fn is_closed_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// The process's standard output, block-buffered (a 50 MB `v` line dump is one write per
/// 64 KiB, not one per line). `None` before first use.
static STDOUT: Mutex<Option<BufWriter<Stdout>>> = Mutex::new(None);

/// Runs `f` on the buffered standard output (for writers such as `write_cnf` that take a
/// `Write`). Errors are [`StdoutError`]s.
pub fn with_stdout<R>(f: impl FnOnce(&mut dyn Write) -> io::Result<R>) -> Result<R, StdoutError> {
    // A poisoned lock only means another thread panicked mid-write; the buffer is still a buffer.
    let mut guard = STDOUT.lock().unwrap_or_else(|e| e.into_inner());
    let out = guard.get_or_insert_with(|| BufWriter::with_capacity(1 << 16, io::stdout()));
    f(out).map_err(StdoutError)
}

/// Writes formatted text to standard output (what [`out!`] and [`outln!`] expand to).
pub fn write_stdout(args: fmt::Arguments<'_>) -> Result<(), StdoutError> {
    with_stdout(|w| w.write_fmt(args))
}

/// Flushes standard output; `main` calls it before exiting, and so does a run that is stopped.
pub fn flush_stdout() -> Result<(), StdoutError> {
    with_stdout(|w| w.flush())
}

/// `print!` whose write error is returned (`out!("...")?`) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` whose write error is returned (`outln!("...")?`) instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::output::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that never panics: a message that cannot be written to stderr (`2>/dev/full`)
/// is dropped, as there is nowhere better to say so.
macro_rules! eout {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// `eprintln!` that never panics (see [`eout!`]).
macro_rules! eoutln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}

/// A note for people on stderr ("wrote out.cnf ..."), left out under `-q`; warnings and errors
/// use [`eoutln!`] and are always written. Its arguments are not evaluated under `-q`: give it
/// values, never work to do.
macro_rules! note {
    ($($arg:tt)*) => {{
        if $crate::cli::output::verbosity() >= $crate::cli::output::Verbosity::Normal {
            $crate::cli::output::eoutln!($($arg)*);
        }
    }};
}

pub(crate) use {eout, eoutln, note, out, outln};

/// How much the binary says on standard error besides warnings and errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// `-q`: no notes, no progress.
    Quiet,
    /// The default: notes ("wrote ..."), progress on a terminal.
    Normal,
    /// `-v`: also the solver's statistics at the end.
    Verbose,
}

/// Set once by `main` from `-q`/`-v`, read wherever a note or progress is written.
static VERBOSITY: AtomicU8 = AtomicU8::new(Verbosity::Normal as u8);

/// Sets the process's verbosity (`main`, from the flags).
pub fn set_verbosity(v: Verbosity) {
    VERBOSITY.store(v as u8, Ordering::Relaxed);
}

/// The process's verbosity.
pub fn verbosity() -> Verbosity {
    match VERBOSITY.load(Ordering::Relaxed) {
        0 => Verbosity::Quiet,
        1 => Verbosity::Normal,
        _ => Verbosity::Verbose,
    }
}

/// An output file the command will write once its work has succeeded. Made by
/// [`OutputFile::plan`], which refuses up front what would fail or destroy something.
#[derive(Debug, Clone)]
pub struct OutputFile {
    path: PathBuf,
    force: bool,
    /// The path with its directory made absolute and symbolic links resolved: two outputs
    /// with the same key are the same file.
    key: PathBuf,
    /// A directory that did not exist when planned, made only when the file is written (so a
    /// run that fails leaves no empty directory behind).
    make_dir: Option<PathBuf>,
}

impl OutputFile {
    /// Checks that `path` can be written: not a directory, absent unless `force`, in an
    /// existing directory where a file can be created (tried with a temporary file, removed
    /// at once). Call it before doing the work.
    pub fn plan(path: &Path, force: bool) -> anyhow::Result<OutputFile> {
        let shown = path.display();
        if path.as_os_str().is_empty() {
            bail!("an output file name is empty");
        }
        if path.is_dir() {
            bail!("`{shown}` is a directory; give a file name");
        }
        if path.exists() && !force {
            bail!("`{shown}` exists; pass --force to overwrite it");
        }
        let dir = directory_of(path);
        if !dir.is_dir() {
            bail!(
                "cannot write `{shown}`: the directory `{}` does not exist",
                dir.display()
            );
        }
        temp_in(&dir).with_context(|| {
            format!("cannot write `{shown}`: cannot create a file in its directory")
        })?;
        let key = match fs::canonicalize(path) {
            Ok(k) => k,
            Err(_) => fs::canonicalize(&dir)
                .map(|d| d.join(path.file_name().unwrap_or_default()))
                .unwrap_or_else(|_| path.to_path_buf()),
        };
        Ok(OutputFile {
            path: path.to_path_buf(),
            force,
            key,
            make_dir: None,
        })
    }

    /// The files `names` in the directory `dir`, planned as [`OutputFile::plan`] does. A
    /// missing `dir` is not made now: the closest existing directory above it must take a new
    /// directory (tried, removed at once), and `dir` is made when the first file is written.
    pub fn plan_in_dir(
        dir: &Path,
        names: &[&str],
        flag: &str,
        force: bool,
    ) -> anyhow::Result<Vec<OutputFile>> {
        let shown = dir.display();
        let paths: Vec<PathBuf> = names.iter().map(|name| dir.join(name)).collect();
        if dir.is_dir() {
            let named: Vec<(&Path, &str)> = paths.iter().map(|p| (p.as_path(), flag)).collect();
            return plan_outputs(&named, force);
        }
        if dir.exists() {
            bail!("{flag}: `{shown}` exists and is not a directory");
        }
        let parent = dir
            .ancestors()
            .skip(1)
            .map(|a| {
                if a.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    a
                }
            })
            .find(|a| a.exists())
            .unwrap_or(Path::new("."));
        if !parent.is_dir() {
            bail!(
                "{flag}: cannot make `{shown}`: `{}` is not a directory",
                parent.display()
            );
        }
        tempfile::Builder::new()
            .prefix(".satpuz-")
            .tempdir_in(parent)
            .with_context(|| {
                format!(
                    "{flag}: cannot make `{shown}`: cannot make a directory in `{}`",
                    parent.display()
                )
            })?;
        let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        Ok(paths
            .into_iter()
            .zip(names)
            .map(|(path, name)| OutputFile {
                key: absolute.join(name),
                path,
                force,
                make_dir: Some(dir.to_path_buf()),
            })
            .collect())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes the file atomically: `write` fills a temporary file in the same directory, which
    /// is then renamed over the path. On any error the temporary file is removed and the path
    /// is left as it was.
    pub fn write(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> anyhow::Result<()> {
        self.stage(write)?.commit()
    }

    /// The first half of [`OutputFile::write`]: the content written to a temporary file, not
    /// yet in place. For commands with several outputs: stage them all, then commit them all,
    /// so that a failure while writing any of them leaves every path as it was.
    pub fn stage(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> anyhow::Result<Staged> {
        let shown = self.path.display();
        if let Some(dir) = &self.make_dir {
            fs::create_dir_all(dir)
                .with_context(|| format!("cannot make the directory `{}`", dir.display()))?;
        }
        let temp = temp_in(&directory_of(&self.path))
            .with_context(|| format!("cannot write `{shown}`: cannot create a temporary file"))?;
        let pending = Pending::new(temp.path());
        let mut w = BufWriter::new(temp);
        write(&mut w)
            .and_then(|()| w.flush())
            .with_context(|| format!("writing `{shown}`"))?;
        let temp = w
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("writing `{shown}`"))?;
        temp.as_file()
            .sync_all()
            .with_context(|| format!("writing `{shown}`"))?;
        Ok(Staged {
            temp,
            file: self.clone(),
            _pending: pending,
        })
    }
}

/// A fully written temporary file waiting to be renamed into place; dropped, it is removed.
#[derive(Debug)]
pub struct Staged {
    temp: tempfile::NamedTempFile,
    file: OutputFile,
    _pending: Pending,
}

impl Staged {
    /// Renames the temporary file over the path. Without `--force` a file that appeared at
    /// the path since it was planned is not replaced.
    pub fn commit(self) -> anyhow::Result<()> {
        let Staged { temp, file, .. } = self;
        let OutputFile { path, force, .. } = file;
        let shown = path.display();
        if force {
            // Keep the permissions of the file being replaced.
            if let Ok(meta) = fs::metadata(&path) {
                let _ = fs::set_permissions(temp.path(), meta.permissions());
            }
            temp.persist(&path)
                .map_err(|e| e.error)
                .with_context(|| format!("cannot write `{shown}`"))?;
        } else {
            temp.persist_noclobber(&path).map_err(|e| {
                if e.error.kind() == io::ErrorKind::AlreadyExists {
                    anyhow::anyhow!(
                        "`{shown}` appeared while satpuz was working; pass --force to overwrite it"
                    )
                } else {
                    anyhow::Error::new(e.error).context(format!("cannot write `{shown}`"))
                }
            })?;
        }
        Ok(())
    }
}

/// Temporary files being written, removed by [`remove_pending`] when the process exits
/// without waiting for the thread that writes them (a stopped run, see `run.rs`): the usual
/// clean-up on drop never runs then.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Registers a temporary file in [`PENDING`] while it lives.
#[derive(Debug)]
struct Pending(PathBuf);

impl Pending {
    fn new(path: &Path) -> Pending {
        let path = path.to_path_buf();
        PENDING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(path.clone());
        Pending(path)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        PENDING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|p| *p != self.0);
    }
}

/// Removes the temporary files still being written (before an exit that does not wait).
pub fn remove_pending() {
    for path in PENDING.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        let _ = fs::remove_file(path);
    }
}

/// Where an output goes: a file, or standard output for `-`.
#[derive(Debug, Clone)]
pub enum Dest {
    Stdout,
    File(OutputFile),
}

impl Dest {
    /// `-` is standard output; anything else a file, planned as [`OutputFile::plan`] does.
    pub fn plan(path: &Path, force: bool) -> anyhow::Result<Dest> {
        if path.as_os_str() == "-" {
            Ok(Dest::Stdout)
        } else {
            OutputFile::plan(path, force).map(Dest::File)
        }
    }

    /// Writes the whole output: to standard output, or atomically to the file.
    pub fn write(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> anyhow::Result<()> {
        match self {
            Dest::Stdout => Ok(with_stdout(write)?),
            Dest::File(f) => f.write(write),
        }
    }
}

/// Plans several output files at once (`(path, flag)` pairs; `-`, standard output, is left
/// out by the caller): each one as [`OutputFile::plan`] does, and no file named twice.
pub fn plan_outputs(outputs: &[(&Path, &str)], force: bool) -> anyhow::Result<Vec<OutputFile>> {
    let mut planned: Vec<(OutputFile, &str)> = Vec::with_capacity(outputs.len());
    for &(path, flag) in outputs {
        let file = OutputFile::plan(path, force).with_context(|| flag.to_string())?;
        if let Some((_, other)) = planned.iter().find(|(f, _)| f.key == file.key) {
            bail!(
                "{other} and {flag} name the same file `{}`: give each output its own file",
                path.display()
            );
        }
        planned.push((file, flag));
    }
    Ok(planned.into_iter().map(|(f, _)| f).collect())
}

/// The directory a relative or absolute file path lands in.
fn directory_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A temporary file in `dir`, hidden, with the permissions a new file gets (`0666` less the
/// umask, where tempfile's default is `0600`).
fn temp_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".satpuz-").suffix(".part");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_come_before_any_write() {
        let dir = tempfile::tempdir().unwrap();
        let existing = dir.path().join("a.cnf");
        fs::write(&existing, "keep").unwrap();
        let err = OutputFile::plan(&existing, false).unwrap_err();
        assert!(format!("{err:#}").contains("--force"), "{err:#}");
        let missing = dir.path().join("no/such/dir/x.cnf");
        let err = OutputFile::plan(&missing, true).unwrap_err();
        assert!(format!("{err:#}").contains("does not exist"), "{err:#}");
        let err = OutputFile::plan(dir.path(), true).unwrap_err();
        assert!(format!("{err:#}").contains("directory"), "{err:#}");
        // The same file twice, spelt two ways.
        let b = dir.path().join("b.cnf");
        let b2 = dir.path().join(".").join("b.cnf");
        let err = plan_outputs(&[(&b, "--dimacs"), (&b2, "--drat")], true).unwrap_err();
        assert!(format!("{err:#}").contains("same file"), "{err:#}");
        assert!(!b.exists());
        assert_eq!(fs::read_to_string(&existing).unwrap(), "keep");
    }

    #[test]
    fn a_failed_write_leaves_the_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.cnf");
        fs::write(&path, "old").unwrap();
        let file = OutputFile::plan(&path, true).unwrap();
        let err = file
            .write(|w| {
                w.write_all(b"half")?;
                Err(io::Error::other("out of memory, say"))
            })
            .unwrap_err();
        assert!(format!("{err:#}").contains("out of memory"), "{err:#}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        file.write(|w| w.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn without_force_a_file_that_appeared_meanwhile_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("late.cnf");
        let file = OutputFile::plan(&path, false).unwrap();
        fs::write(&path, "theirs").unwrap();
        assert!(file.write(|w| w.write_all(b"ours")).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "theirs");
    }
}
