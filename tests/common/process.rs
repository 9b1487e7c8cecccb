//! The one way the tests run the `satpuz` binary: from the crate root, stdin given or empty,
//! exit code and both streams captured as text.

use std::io::Write;
use std::process::{Command, Stdio};

/// A finished run of the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `satpuz args` with an empty standard input.
pub fn satpuz(args: &[&str]) -> Run {
    satpuz_with_stdin(args, b"")
}

/// Runs `satpuz args` with `stdin` as its standard input (from the crate root, so relative
/// paths such as `encodings/zebra.json` resolve).
pub fn satpuz_with_stdin(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .current_dir(super::manifest_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the satpuz binary runs");
    let mut input = child.stdin.take().expect("stdin");
    // A command that exits without reading its input closes the pipe: not an error here.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().expect("satpuz finishes");
    Run {
        code: out
            .status
            .code()
            .unwrap_or_else(|| panic!("satpuz {args:?} was killed by a signal")),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
