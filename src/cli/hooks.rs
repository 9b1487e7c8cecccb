//! Hooks puzzles on the command line: `solve`, `count` and `encode` hand over here when the
//! PUZZLE argument is `hooks`, `hooks1` ... `hooks11`, or a Hooks puzzle file.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::{ClauseSink, Cnf};
use satpuz::encode::card::Card;
use satpuz::encode::pb::Pb;
use satpuz::puzzles::hooks::{
    self, Connectivity, HookDigits, HookLayout, HooksModel, HooksOptions, HooksPuzzle,
    SHIPPED_COUNT, Solved, check,
};
use serde_json::json;

use super::encode::{stats_report, write_and_report};
use super::output::{out, outln};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK};

const HEADING: &str = "Hooks puzzles (PUZZLE=hooks, hooks1 ... hooks11, or a Hooks .json)";

/// Options for Hooks puzzles.
#[derive(Debug, Clone, Args)]
pub struct HooksFlags {
    /// The row sums of `hooks` (fixed hooks, digit m in the hook of side m, any n),
    /// comma-separated, top to bottom.
    #[arg(long, value_delimiter = ',', value_name = "SUMS", help_heading = HEADING)]
    pub rows: Option<Vec<u64>>,
    /// The column sums of `hooks`, comma-separated, left to right.
    #[arg(long, value_delimiter = ',', value_name = "SUMS", help_heading = HEADING)]
    pub cols: Option<Vec<u64>>,
    /// How "exactly d copies of digit d" becomes clauses.
    #[arg(long, value_enum, default_value_t = Card::Totalizer, help_heading = HEADING)]
    pub card: Card,
    /// How weighted sums (rows, columns, regions, neighbours, runs) become clauses.
    #[arg(long, value_enum, default_value_t = Pb::Tree, help_heading = HEADING)]
    pub pb: Pb,
    /// How the filled cells are kept connected: cuts while solving, or reachability in the CNF.
    #[arg(long, value_enum, default_value_t = Connectivity::Lazy, help_heading = HEADING)]
    pub connect: Connectivity,
}

impl HooksFlags {
    fn options(&self) -> HooksOptions {
        HooksOptions {
            card: self.card,
            pb: self.pb,
            connect: self.connect,
        }
    }
}

/// Built-in names, for help and error messages.
pub fn builtin_names() -> Vec<String> {
    std::iter::once("hooks".to_string())
        .chain((1..=SHIPPED_COUNT).map(|k| format!("hooks{k}")))
        .collect()
}

/// Is `arg` a Hooks name (`hooks`, `hooks1` ... `hooks11`, also `hooks01`)?
pub fn is_builtin(arg: &str) -> bool {
    shipped_number(arg).is_some() || arg == "hooks"
}

fn shipped_number(arg: &str) -> Option<usize> {
    let k: usize = arg.strip_prefix("hooks")?.parse().ok()?;
    (1..=SHIPPED_COUNT).contains(&k).then_some(k)
}

/// The Hooks puzzle `arg` names, or `None` when it is not a Hooks puzzle (another front end
/// takes it then).
pub fn resolve(arg: &str, flags: &HooksFlags) -> anyhow::Result<Option<(HooksPuzzle, String)>> {
    let sums_given = flags.rows.is_some() || flags.cols.is_some();
    let puzzle = if arg == "hooks" {
        let (Some(rows), Some(cols)) = (&flags.rows, &flags.cols) else {
            bail!(
                "`hooks` needs --rows and --cols (comma-separated sums), e.g. `satpuz solve hooks --rows 26,42,11,22,42,36,29,32,45 --cols 31,19,45,16,5,47,28,49,45`"
            );
        };
        if rows.len() != cols.len() {
            bail!(
                "--rows has {} sums but --cols has {}: the grid is square",
                rows.len(),
                cols.len()
            );
        }
        Some(HooksPuzzle::from_sums(rows.clone(), cols.clone()).context("--rows/--cols")?)
    } else if let Some(k) = shipped_number(arg) {
        Some(
            hooks::shipped(k)
                .expect("the number is in range")
                .with_context(|| {
                    format!("built-in puzzle `{arg}` (encodings/hooks/hooks{k:02}.json)")
                })?,
        )
    } else if is_hooks_file(Path::new(arg)) {
        let text = std::fs::read_to_string(arg).with_context(|| format!("cannot read `{arg}`"))?;
        Some(HooksPuzzle::from_json(&text).with_context(|| format!("`{arg}`"))?)
    } else {
        None
    };
    if sums_given && arg != "hooks" {
        bail!("--rows/--cols give the sums of the puzzle `hooks`; `{arg}` has its own clues");
    }
    Ok(puzzle.map(|p| (p, arg.to_string())))
}

/// A Hooks name or a Hooks puzzle file (for commands that do not take Hooks puzzles).
pub fn is_hooks(arg: &str) -> bool {
    is_builtin(arg) || is_hooks_file(Path::new(arg))
}

/// A JSON file whose top-level object has a `hook_digits` field.
fn is_hooks_file(path: &Path) -> bool {
    if !path.is_file() {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .is_some_and(|v| v.get("hook_digits").is_some())
}

fn describe(p: &HooksPuzzle, m: &HooksModel, flags: &HooksFlags) -> String {
    let layout = match p.hooks {
        HookLayout::Fixed => "fixed hooks",
        HookLayout::Free => "free hooks",
    };
    let digits = match p.hook_digits {
        HookDigits::BySize => "digits by hook size",
        HookDigits::Perm => "digits permuted",
    };
    let rules: Vec<String> = p.rules.iter().map(|r| r.to_string()).collect();
    let month = p
        .month
        .as_deref()
        .map(|m| format!(" ({m})"))
        .unwrap_or_default();
    format!(
        "{}{month}: {n}x{n}, {layout}, {digits}; rules: {}\ncard {}, pb {}: {} variables, {} clauses{}",
        p.name,
        rules.join(", "),
        flags.card.name(),
        flags.pb.name(),
        m.cnf.num_vars(),
        m.cnf.num_clauses(),
        if m.connected {
            " (connectivity lazily, by cuts)"
        } else {
            ""
        },
        n = p.n,
    )
}

/// `satpuz solve` on a Hooks puzzle.
pub fn solve(
    (p, origin): (HooksPuzzle, String),
    flags: &HooksFlags,
    as_json: bool,
    stats: bool,
) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut model = p.build(flags.options());
    let header = describe(&p, &model, flags);
    let cost = stats_report(&p.name, &model.cnf, false);
    let solved = model.solve_unique()?;
    let elapsed = start.elapsed();
    for grid in solved.grid.iter().chain(&solved.other) {
        let wrong = check::violations(&p, grid);
        if !wrong.is_empty() {
            bail!(
                "internal error: the solver's grid for {origin} breaks the rules ({}); please report",
                wrong.join("; ")
            );
        }
    }
    let answer = solved.grid.as_ref().map(|g| p.answer_rule.apply(g, p.n));
    if as_json {
        let v = json!({
            "puzzle": p.name,
            "card": flags.card.name(),
            "pb": flags.pb.name(),
            "variables": model.cnf.num_vars(),
            "clauses": model.cnf.num_clauses(),
            "satisfiable": solved.grid.is_some(),
            "unique": solved.grid.is_some() && solved.other.is_none(),
            "grid": solved.grid.as_ref().map(|g| rows(g, p.n)),
            "another_grid": solved.other.as_ref().map(|g| rows(g, p.n)),
            "answer": answer.map(|a| a.value.to_string()),
            "answer_rule": p.answer_rule,
            "connectivity_rejections": solved.rejected,
            "connectivity_cuts": solved.cuts.len(),
            "time_ms": elapsed.as_secs_f64() * 1e3,
        });
        outln!("{v:#}")?;
    } else {
        outln!("{header}")?;
        if stats {
            out!("{cost}")?;
        }
        outln!()?;
        print_solved(&p, &solved)?;
        if model.connected {
            outln!(
                "connectivity: {} disconnected grid(s) cut off by {} clauses",
                solved.rejected,
                solved.cuts.len()
            )?;
        }
        outln!("time: {:.1} ms", elapsed.as_secs_f64() * 1e3)?;
    }
    Ok(ExitCode::from(match (&solved.grid, &solved.other) {
        (None, _) => EXIT_NO_SOLUTION,
        (Some(_), None) => EXIT_OK,
        (Some(_), Some(_)) => EXIT_MULTIPLE,
    }))
}

fn print_solved(p: &HooksPuzzle, solved: &Solved) -> anyhow::Result<()> {
    let Some(grid) = &solved.grid else {
        outln!("no solution: the clues contradict each other")?;
        return Ok(());
    };
    out!("{}", hooks::render_grid(grid, p.n))?;
    let answer = p.answer_rule.apply(grid, p.n);
    outln!("\nanswer ({}): {}", p.answer_rule.describe(), answer.value)?;
    match &solved.other {
        None => outln!("unique: yes (a second solve with this grid blocked is UNSAT)")?,
        Some(other) => {
            outln!("unique: no; another grid:\n")?;
            out!("{}", hooks::render_grid(other, p.n))?;
        }
    }
    outln!("checked: the grid keeps every rule (verified apart from the CNF)")?;
    Ok(())
}

fn rows(grid: &[u8], n: usize) -> Vec<Vec<u8>> {
    grid.chunks(n).map(<[u8]>::to_vec).collect()
}

/// `satpuz count` on a Hooks puzzle.
pub fn count(
    (p, _): (HooksPuzzle, String),
    flags: &HooksFlags,
    limit: Option<u64>,
    as_json: bool,
) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut model = p.build(flags.options());
    let cells = model.cnf.primary.len();
    let n = model.count(limit)?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let complete = limit.is_none_or(|l| n < l);
    let connected = if model.connected {
        "; connected grids only"
    } else {
        ""
    };
    if as_json {
        let v = json!({
            "puzzle": p.name,
            "solutions": n,
            "complete": complete,
            "projected_on": format!("{cells} cell variables"),
            "time_ms": ms,
        });
        outln!("{v:#}")?;
    } else {
        let bound = if complete { "" } else { "at least " };
        outln!(
            "{}: {bound}{n} solution(s) (projected on {cells} cell variables{connected}; {ms:.1} ms)",
            p.name
        )?;
    }
    Ok(ExitCode::from(if n == 0 {
        EXIT_NO_SOLUTION
    } else {
        EXIT_OK
    }))
}

/// `satpuz encode` on a Hooks puzzle. Connectivity lives outside the CNF, so for a puzzle with
/// that rule the cuts found while solving and proving uniqueness are added: the exported
/// formula then has exactly the puzzle's solutions (projected on the cells), and any DIMACS
/// solver can re-check the answer.
pub struct EncodeArgs<'a> {
    /// Planned (checked) before the puzzle was built.
    pub dimacs: Option<&'a super::output::Dest>,
    pub stats: bool,
    pub json: bool,
}

pub fn encode(
    (p, origin): (HooksPuzzle, String),
    flags: &HooksFlags,
    args: EncodeArgs<'_>,
) -> anyhow::Result<ExitCode> {
    let model = p.build(flags.options());
    let mut cnf: Cnf = model.cnf.clone();
    let mut comments = vec![
        format!("satpuz {}: {}", env!("CARGO_PKG_VERSION"), p.name),
        format!(
            "card {} pb {}; variables cell(r,c)=d (0-indexed) say cell (r,c) holds digit d",
            flags.card.name(),
            flags.pb.name()
        ),
        "the `c p show` line lists the cell variables (the projection for counting)".into(),
    ];
    if model.connected && flags.connect == Connectivity::Lazy {
        let mut probe = model.clone();
        let solved = probe.solve_unique()?;
        cnf.track("connectivity", |cnf| {
            for cut in &solved.cuts {
                cnf.add_clause(cut);
            }
        });
        comments.push(format!(
            "the filled cells must be connected: {} cut clauses found by `satpuz solve {origin}` \
             are included, so the models are exactly the puzzle's solutions",
            solved.cuts.len()
        ));
    }
    write_and_report(&cnf, &comments, &p.name, args.dimacs, args.stats, args.json)?;
    Ok(ExitCode::from(EXIT_OK))
}
