//! DIMACS CNF read/write, and reading the models that solvers print.
//!
//! Written by hand: the reader must report the line of every defect, accept the dialects seen
//! in the wild (comments anywhere, SATLIB's `%` end marker, `c p show` projection lines) and
//! never panic; the DIMACS parsers of varisat and rustsat do not report positions this way.

use std::io::{self, Write};

use crate::cnf::{Cnf, Lit, Var};

/// Largest variable count we accept (rustsat's literal type holds 2^31 - 1 variables).
const MAX_VARS: u64 = (1 << 31) - 2;

/// A defect in a DIMACS file, with the 1-based line it is on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DimacsError {
    /// A `p` line that is not `p cnf <variables> <clauses>`.
    #[error("line {line}: expected the header `p cnf <variables> <clauses>`, found `{found}`")]
    BadHeader {
        /// 1-based line of the `p` line.
        line: usize,
        /// The line as found (at most 60 characters).
        found: String,
    },
    /// A well-formed header that declares more variables than a formula may have.
    #[error(
        "line {line}: the header declares {declared} variables; a formula may have at most \
         2147483646 (the largest variable id satpuz's literals hold)"
    )]
    TooManyVariables {
        /// 1-based line of the `p` line.
        line: usize,
        /// The count as written (at most 40 characters).
        declared: String,
    },
    /// Literals before any `p cnf` header.
    #[error("line {line}: clause data before the `p cnf` header")]
    MissingHeader {
        /// 1-based line of the first literal.
        line: usize,
    },
    /// The file ended without a `p cnf` header.
    #[error("no `p cnf <variables> <clauses>` header found")]
    NoHeader,
    /// A second `p` line.
    #[error("line {line}: a second `p` header")]
    DuplicateHeader {
        /// 1-based line of the second header.
        line: usize,
    },
    /// A clause token that is not an integer.
    #[error("line {line}: `{token}` is not an integer literal")]
    BadToken {
        /// 1-based line of the token.
        line: usize,
        /// The token as found (at most 40 characters).
        token: String,
    },
    /// A literal whose variable exceeds the header's variable count.
    #[error(
        "line {line}: literal {lit} uses variable {var}, beyond the {declared} variables the header declares"
    )]
    VarOutOfRange {
        /// 1-based line of the literal.
        line: usize,
        /// The literal as written (DIMACS: signed, 1-based).
        lit: i64,
        /// Its variable (1-based).
        var: u64,
        /// The header's variable count.
        declared: u64,
    },
    /// The number of clauses differs from the header's (an error unless lenient).
    #[error(
        "line {line}: the header declares {declared} clauses but the file has {found} (use --lenient to accept)"
    )]
    ClauseCount {
        /// The header's line.
        line: usize,
        /// The header's clause count.
        declared: u64,
        /// Clauses the file holds (each ended by `0`).
        found: u64,
    },
    /// The last clause has no terminating `0`.
    #[error("line {line}: the last clause (started here) has no terminating 0")]
    Unterminated {
        /// 1-based line where that clause starts.
        line: usize,
    },
    /// A malformed projection comment (`c p show ... 0` or `c ind ... 0`).
    #[error("line {line}: bad projection line (`c p show ... 0` or `c ind ... 0`): {detail}")]
    BadShow {
        /// 1-based line of the comment.
        line: usize,
        /// What is wrong with it.
        detail: String,
    },
    /// The input is not UTF-8 text.
    #[error("the file is not text: {detail}")]
    NotText {
        /// Why it is not text (where the invalid UTF-8 starts).
        detail: String,
    },
}

/// A CNF read from a file, with any warnings the lenient mode let through.
#[derive(Debug, Clone)]
pub struct ParsedCnf {
    /// The formula; a `c p show`/`c ind` set becomes its primary variables, `c` name lines
    /// name variables.
    pub cnf: Cnf,
    /// What the lenient mode let through (a clause count that disagrees with the header), one
    /// line each.
    pub warnings: Vec<String>,
}

/// Reads DIMACS CNF. With `lenient`, a clause count that disagrees with the header is a
/// warning instead of an error.
pub fn parse_cnf(bytes: &[u8], lenient: bool) -> Result<ParsedCnf, DimacsError> {
    let text = std::str::from_utf8(bytes).map_err(|e| DimacsError::NotText {
        detail: format!("invalid UTF-8 at byte {}", e.valid_up_to()),
    })?;
    let mut cnf = Cnf::new();
    let mut header: Option<(u64, u64)> = None;
    let mut header_line = 0;
    let mut clause: Vec<Lit> = Vec::new();
    let mut clause_line = 0;
    let mut found = 0u64;
    let mut warnings = Vec::new();
    let mut notes = CommentNotes::default();
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let trimmed = raw.trim();
        if trimmed.starts_with('%') {
            break; // SATLIB end marker: the rest is padding
        }
        if let Some(rest) = trimmed.strip_prefix('c')
            && (rest.is_empty() || rest.starts_with(char::is_whitespace))
        {
            comment(&mut notes, rest.trim(), line)?;
            continue;
        }
        if trimmed.starts_with('p') {
            if header.is_some() {
                return Err(DimacsError::DuplicateHeader { line });
            }
            let h = parse_header(trimmed).ok_or_else(|| header_error(trimmed, line))?;
            cnf.vars.reserve(h.0 as u32);
            header = Some(h);
            header_line = line;
            continue;
        }
        for token in trimmed.split_whitespace() {
            let Some((declared, _)) = header else {
                return Err(DimacsError::MissingHeader { line });
            };
            let lit: i64 = token.parse().map_err(|_| DimacsError::BadToken {
                line,
                token: token.chars().take(40).collect(),
            })?;
            if lit == 0 {
                cnf.clauses.push_raw(&clause);
                clause.clear();
                found += 1;
                continue;
            }
            let var = lit.unsigned_abs();
            if var > declared {
                return Err(DimacsError::VarOutOfRange {
                    line,
                    lit,
                    var,
                    declared,
                });
            }
            if clause.is_empty() {
                clause_line = line;
            }
            clause.push(Lit::new((var - 1) as u32, lit < 0));
        }
    }
    let (declared_vars, declared_clauses) = header.ok_or(DimacsError::NoHeader)?;
    let mut shown = std::collections::HashSet::new();
    for (v, line) in notes.show {
        if v > declared_vars {
            return Err(DimacsError::BadShow {
                line,
                detail: format!("variable {v} is beyond the {declared_vars} declared"),
            });
        }
        if shown.insert(v) {
            cnf.primary.push(Var::new((v - 1) as u32));
        }
    }
    // An empty `primary` means "all variables", so an explicitly empty projection would be
    // counted over every variable: refuse it rather than give that wrong count.
    if let Some(line) = notes.first_show_line
        && cnf.primary.is_empty()
    {
        return Err(DimacsError::BadShow {
            line,
            detail: "the projection names no variable".into(),
        });
    }
    for (v, name) in notes.names {
        if v <= declared_vars {
            cnf.vars.set_name(Var::new((v - 1) as u32), name);
        }
    }
    if !clause.is_empty() {
        return Err(DimacsError::Unterminated { line: clause_line });
    }
    if found != declared_clauses {
        let err = DimacsError::ClauseCount {
            line: header_line,
            declared: declared_clauses,
            found,
        };
        if !lenient {
            return Err(err);
        }
        warnings.push(format!(
            "line {header_line}: the header declares {declared_clauses} clauses but the file has {found}"
        ));
    }
    Ok(ParsedCnf { cnf, warnings })
}

/// Why a `p` line is no header: too many variables (well formed otherwise), or malformed.
fn header_error(trimmed: &str, line: usize) -> DimacsError {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    if let ["p", "cnf", vars, clauses] = words.as_slice()
        && vars.bytes().all(|b| b.is_ascii_digit())
        && clauses.parse::<u64>().is_ok()
        && vars.parse::<u64>().ok().is_none_or(|v| v > MAX_VARS)
    {
        return DimacsError::TooManyVariables {
            line,
            declared: vars.chars().take(40).collect(),
        };
    }
    DimacsError::BadHeader {
        line,
        found: trimmed.chars().take(60).collect(),
    }
}

fn parse_header(line: &str) -> Option<(u64, u64)> {
    let mut it = line.split_whitespace();
    if it.next()? != "p" || it.next()? != "cnf" {
        return None;
    }
    let vars: u64 = it.next()?.parse().ok()?;
    let clauses: u64 = it.next()?.parse().ok()?;
    (it.next().is_none() && vars <= MAX_VARS).then_some((vars, clauses))
}

/// What comments told: projection variables (with their line) and variable names.
#[derive(Default)]
struct CommentNotes {
    show: Vec<(u64, usize)>,
    first_show_line: Option<usize>,
    names: Vec<(u64, String)>,
}

/// Comments may carry a projection (`p show 1 2 0`, or `ind 1 2 0` as the model-counting
/// competition writes it) or a variable name (`7 seat2.person=Finch`). They may stand before
/// the header, so ranges are checked once it is known.
fn comment(notes: &mut CommentNotes, body: &str, line: usize) -> Result<(), DimacsError> {
    let words: Vec<&str> = body.split_whitespace().collect();
    let listed = match words.as_slice() {
        ["p", "show", listed @ ..] | ["ind", listed @ ..] => listed,
        [id, name @ ..] if !name.is_empty() => {
            if let Ok(v @ 1..=MAX_VARS) = id.parse::<u64>() {
                notes.names.push((v, name.join(" ")));
            }
            return Ok(());
        }
        _ => return Ok(()),
    };
    let bad = |detail: String| DimacsError::BadShow { line, detail };
    notes.first_show_line.get_or_insert(line);
    let mut terminated = false;
    for w in listed {
        if terminated {
            return Err(bad(format!("`{w}` after the terminating 0")));
        }
        let v: u64 = w
            .parse()
            .map_err(|_| bad(format!("`{w}` is not a variable")))?;
        if v == 0 {
            terminated = true;
        } else if v > MAX_VARS {
            return Err(bad(format!("variable {v} is out of range")));
        } else {
            notes.show.push((v, line));
        }
    }
    if !terminated {
        return Err(bad("missing the terminating 0".into()));
    }
    Ok(())
}

/// Writes canonical DIMACS: comment lines (`header_comments`, then one `c <id> <name>` per
/// named variable, then `c p show ... 0` for the primary variables), `p cnf V C`, one clause
/// per line.
pub fn write_cnf(cnf: &Cnf, header_comments: &[String], out: &mut dyn Write) -> io::Result<()> {
    // Text is made in a buffer of about CHUNK bytes, written out whenever it fills: the whole
    // text at once doubled `encode`'s peak memory (16 bytes a clause beside the formula).
    // Bytes, not a String: the numbers appended are ASCII, with nothing to check.
    const CHUNK: usize = 1 << 20;
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 1024);
    let mut spill = |buf: &mut Vec<u8>| -> io::Result<()> {
        if buf.len() >= CHUNK {
            out.write_all(buf)?;
            buf.clear();
        }
        Ok(())
    };
    for c in header_comments {
        for l in c.lines() {
            writeln!(buf, "c {l}")?;
        }
    }
    for (v, name) in cnf.vars.names() {
        buf.extend_from_slice(b"c ");
        push_decimal(&mut buf, v.idx() as i64 + 1);
        buf.push(b' ');
        buf.extend_from_slice(name.as_bytes());
        buf.push(b'\n');
        spill(&mut buf)?;
    }
    if !cnf.primary.is_empty() {
        buf.extend_from_slice(b"c p show");
        for v in &cnf.primary {
            buf.push(b' ');
            push_decimal(&mut buf, v.idx() as i64 + 1);
            spill(&mut buf)?;
        }
        buf.extend_from_slice(b" 0\n");
    }
    writeln!(buf, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    for cl in cnf.clauses.iter() {
        for l in cl {
            push_decimal(&mut buf, l.to_ipasir().into());
            buf.push(b' ');
        }
        buf.extend_from_slice(b"0\n");
        spill(&mut buf)?;
    }
    out.write_all(&buf)
}

/// Appends `v` in decimal, as `write!(buf, "{v}")` would: the numbers are most of a DIMACS
/// file's text, and formatting them through `fmt` was a quarter of the CPU of `satpuz encode
/// hooks4 --connect eager`.
fn push_decimal(buf: &mut Vec<u8>, v: i64) {
    let mut digits = [0u8; 20];
    let mut rest = v.unsigned_abs();
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if v < 0 {
        buf.push(b'-');
    }
    buf.extend_from_slice(&digits[start..]);
}

/// A solver's answer as read from its output file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverOutput {
    /// The solver said UNSAT (`UNSAT` or `s UNSATISFIABLE`).
    Unsat,
    /// `values[v]` is Some(value) for each variable the model mentions.
    Sat(Vec<Option<bool>>),
}

/// A defect in a model file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Neither a verdict nor a literal.
    #[error("the model file is empty: no SAT/UNSAT verdict")]
    Empty,
    /// A literal that is not an integer, or whose variable is beyond 2^31 - 2.
    #[error("line {line}: `{token}` is not an integer literal")]
    BadToken {
        /// 1-based line of the token.
        line: usize,
        /// The token as found (at most 40 characters).
        token: String,
    },
    /// A line that is no verdict, comment or literal list.
    #[error("line {line}: unexpected `{found}`; expected SAT, UNSAT, `s ...` or `v ...` lines")]
    Unexpected {
        /// 1-based line of the model file.
        line: usize,
        /// The line as found (at most 40 characters).
        found: String,
    },
    /// A satisfiable verdict whose literal list has no terminating 0.
    #[error("the model is truncated: its literal list has no terminating 0")]
    Truncated,
    /// The solver gave up (`INDET`, `s UNKNOWN`); holds the verdict line.
    #[error("the solver did not finish: verdict `{0}`")]
    Indeterminate(String),
    /// A variable listed with both signs.
    #[error("line {line}: variable {var} is given both values ({lit} here, {earlier} before)")]
    Conflict {
        /// 1-based line of the second literal.
        line: usize,
        /// The variable (1-based).
        var: u64,
        /// The literal on this line.
        lit: i64,
        /// The literal listed before (`-lit`).
        earlier: i64,
    },
    /// Literals after the terminating 0.
    #[error("line {line}: `{token}` after the model's terminating 0")]
    AfterEnd {
        /// 1-based line of the token.
        line: usize,
        /// The token (at most 40 characters).
        token: String,
    },
    /// A variable more than 2^20 beyond the number of literals listed before it (no solver
    /// writes such a model; reading it would allocate a huge table).
    #[error(
        "line {line}: variable {var} is far beyond the {listed} literals listed before it: not a solver's model"
    )]
    SparseVar {
        /// 1-based line of the literal.
        line: usize,
        /// Its variable (1-based).
        var: u64,
        /// Literals listed before it.
        listed: usize,
    },
}

/// How far a model's largest variable may run ahead of the literals it lists. Solvers list
/// every variable, so a model that skips more is not one; the bound keeps a few bytes of input
/// from claiming a table of 2^31 slots (2 GB).
const MAX_MODEL_GAP: u64 = 1 << 20;

/// Reads minisat's result file (`SAT` then literals ending in 0, or `UNSAT`) or SAT-competition
/// output (`s SATISFIABLE` and `v ... 0` lines, `c` comments).
pub fn parse_model(text: &str) -> Result<SolverOutput, ModelError> {
    let mut verdict: Option<bool> = None;
    let mut values: Vec<Option<bool>> = Vec::new();
    let mut listed = 0usize;
    let mut terminated = false;
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let t = raw.trim();
        let literals = match t {
            "" => continue,
            "SAT" | "s SATISFIABLE" => {
                verdict = Some(true);
                continue;
            }
            "UNSAT" | "s UNSATISFIABLE" => {
                verdict = Some(false);
                continue;
            }
            "INDET" | "s UNKNOWN" => return Err(ModelError::Indeterminate(t.to_string())),
            _ if t.starts_with("c ") || t == "c" => continue,
            _ if t.starts_with("v ") || t == "v" => &t[1..],
            _ if verdict == Some(true) => t,
            _ => {
                return Err(ModelError::Unexpected {
                    line,
                    found: t.chars().take(40).collect(),
                });
            }
        };
        for token in literals.split_whitespace() {
            let lit: i64 = token.parse().map_err(|_| ModelError::BadToken {
                line,
                token: token.chars().take(40).collect(),
            })?;
            if terminated {
                return Err(ModelError::AfterEnd {
                    line,
                    token: token.chars().take(40).collect(),
                });
            }
            if lit == 0 {
                terminated = true;
                continue;
            }
            let var = lit.unsigned_abs();
            if var > MAX_VARS {
                return Err(ModelError::BadToken {
                    line,
                    token: token.to_string(),
                });
            }
            if var > listed as u64 + MAX_MODEL_GAP {
                return Err(ModelError::SparseVar { line, var, listed });
            }
            listed += 1;
            let i = (var - 1) as usize;
            if values.len() <= i {
                values.resize(i + 1, None);
            }
            match values[i] {
                Some(v) if v != (lit > 0) => {
                    return Err(ModelError::Conflict {
                        line,
                        var,
                        lit,
                        earlier: -lit,
                    });
                }
                _ => values[i] = Some(lit > 0),
            }
        }
    }
    match verdict {
        None if values.is_empty() => Err(ModelError::Empty),
        Some(false) => Ok(SolverOutput::Unsat),
        _ if !terminated => Err(ModelError::Truncated),
        _ => Ok(SolverOutput::Sat(values)),
    }
}

#[cfg(test)]
mod tests {
    use super::push_decimal;

    #[test]
    fn push_decimal_writes_what_format_writes() {
        let mut values: Vec<i64> = (-1_100..=1_100).collect();
        for k in 0..19 {
            let p = 10i64.pow(k);
            values.extend([p - 1, p, p + 1, -p + 1, -p, -p - 1]);
        }
        values.extend([i64::MAX, i64::MIN, i32::MAX.into(), i32::MIN.into()]);
        for v in values {
            let mut buf = b"x".to_vec();
            push_decimal(&mut buf, v);
            assert_eq!(buf, format!("x{v}").into_bytes());
        }
    }
}
