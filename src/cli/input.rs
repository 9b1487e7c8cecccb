//! Resolving a PUZZLE argument through the family registry: a built-in name, a puzzle file
//! (JSON, read by the family that claims it), a DIMACS file, or `-`. Also the flags every
//! puzzle command shares, grouped by family in `--help`, and the refusal of flags that do not
//! apply to the puzzle given.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::dimacs::{ParsedCnf, parse_cnf};
use satpuz::encode::card::Card;
use satpuz::encode::pb::Pb;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::{EncodeOptions, Encoded};
use satpuz::puzzles::grid::{GridAnswer, GridModel, GridPuzzle};
use satpuz::puzzles::hooks::Connectivity;
use satpuz::puzzles::{BuildOptions, Family, Params, Puzzle, Setting, registry};

use super::choice;
use super::output::eoutln;

pub const GRID: &str = "Logic grids and the Inquest";
pub const ENCODING: &str = "Encoding (logic grids, the Inquest, Portia)";
pub const HOOKS: &str = "Hooks (PUZZLE=hooks, hooks1 ... hooks11, or a Hooks .json)";
pub const PORTIA: &str = "Portia's caskets (PUZZLE=portia, or a Portia .json)";
pub const DIMACS: &str = "DIMACS input (.cnf)";

/// The puzzle and the flags every puzzle command shares.
#[derive(Debug, Clone, Args)]
pub struct PuzzleArgs {
    /// Built-in puzzle (see `satpuz list`), puzzle file (.json), DIMACS file (.cnf), or `-` for
    /// standard input.
    pub puzzle: String,
    /// Read the built-in puzzle from its text instead (`jindosh --text riddle.txt`, or `-` for
    /// standard input).
    #[arg(long, value_name = "FILE", help_heading = GRID)]
    pub text: Option<String>,
    #[command(flatten)]
    pub settings: SettingFlags,
    #[command(flatten)]
    pub params: ParamFlags,
}

/// Encoding choices. Each applies to the families that list it; giving one to another
/// family's puzzle is refused.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct SettingFlags {
    /// How each finite-domain variable becomes booleans [default: onehot].
    #[arg(long, value_parser = choice::<Encoding>(), help_heading = ENCODING)]
    pub encoding: Option<Encoding>,
    /// How at-most-one constraints become clauses [default: pairwise].
    #[arg(long, value_parser = choice::<Amo>(), help_heading = ENCODING)]
    pub amo: Option<Amo>,
    /// How cardinality constraints become clauses (Hooks' digit counts, Portia's clues)
    /// [default: totalizer].
    #[arg(long, value_parser = choice::<Card>(), help_heading = HOOKS)]
    pub card: Option<Card>,
    /// How weighted sums (rows, columns, regions, neighbours, runs) become clauses
    /// [default: tree].
    #[arg(long, value_parser = choice::<Pb>(), help_heading = HOOKS)]
    pub pb: Option<Pb>,
    /// How the filled cells are kept connected: cuts while solving (lazy), or reachability in
    /// the CNF (eager, which `prove` can certify) [default: lazy].
    #[arg(long, value_parser = choice::<Connectivity>(), help_heading = HOOKS)]
    pub connect: Option<Connectivity>,
    /// Threads for a search split into cubes (Hooks 9): not a flag of its own here, but
    /// `solve`'s `-j/--jobs`, the name every command that runs on several threads gives it;
    /// carried here so that the families without such a search refuse it.
    #[arg(skip)]
    pub threads: Option<std::num::NonZeroUsize>,
}

impl SettingFlags {
    /// The settings given on the command line.
    pub fn given(&self) -> Vec<Setting> {
        [
            (self.encoding.is_some(), Setting::Encoding),
            (self.amo.is_some(), Setting::Amo),
            (self.card.is_some(), Setting::Card),
            (self.pb.is_some(), Setting::Pb),
            (self.connect.is_some(), Setting::Connect),
            (self.threads.is_some(), Setting::Threads),
        ]
        .into_iter()
        .filter_map(|(given, s)| given.then_some(s))
        .collect()
    }

    /// The choices, defaults for the rest.
    pub fn options(&self) -> BuildOptions {
        let d = BuildOptions::default();
        BuildOptions {
            encoding: self.encoding.unwrap_or(d.encoding),
            amo: self.amo.unwrap_or(d.amo),
            card: self.card.unwrap_or(d.card),
            pb: self.pb.unwrap_or(d.pb),
            connect: self.connect.unwrap_or(d.connect),
            threads: self.threads,
        }
    }
}

/// Puzzle parameters: the clues of the built-in names that take them.
#[derive(Debug, Clone, Default, Args)]
pub struct ParamFlags {
    /// The row sums of `hooks` (fixed hooks, digit m in the hook of side m), comma-separated,
    /// top to bottom.
    #[arg(long, value_name = "SUMS", help_heading = HOOKS)]
    pub rows: Option<String>,
    /// The column sums of `hooks`, comma-separated, left to right.
    #[arg(long, value_name = "SUMS", help_heading = HOOKS)]
    pub cols: Option<String>,
    /// The portrait statements, one per casket (`1,-2,-1`: +k "the portrait is in casket k",
    /// -k "it is not"), or two lists for Portia II (`2,3,1;-1,-1,-3`).
    #[arg(
        long,
        value_name = "LIST",
        allow_hyphen_values = true,
        help_heading = PORTIA
    )]
    pub statements: Option<String>,
    /// Portia I: how many statements are true (`at most 1 true`, `at least 1 true and at least
    /// 1 false`, `all false`, `only one true`); Portia II: the lids' true counts (`lids 2,1,0`)
    /// or which counts occur (`lids include 2,0`).
    #[arg(long, help_heading = PORTIA)]
    pub clue: Option<String>,
    /// Portia III: one maker statement per casket (`same 2, bellini 3, cellini 1`; also
    /// `different K`, `cellini K`).
    #[arg(long, help_heading = PORTIA)]
    pub makers: Option<String>,
}

impl PuzzleArgs {
    /// The puzzle as a command line names it again (`jindosh --text riddle.txt`, `hooks --rows
    /// 1,2 --cols 2,1`), for the hints an export writes; shell-quoted where needed.
    pub fn spelled(&self) -> String {
        let mut words = vec![shell_word(&self.puzzle)];
        if let Some(text) = &self.text {
            words.push(format!("--text {}", shell_word(text)));
        }
        for (key, value) in self.params.given() {
            words.push(format!("--{key} {}", shell_word(&value)));
        }
        words.join(" ")
    }
}

/// `word` as one shell word: as it is when it is plain, else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:,+=@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

impl ParamFlags {
    /// The parameters given, by flag name.
    pub fn given(&self) -> Params {
        [
            ("rows", &self.rows),
            ("cols", &self.cols),
            ("statements", &self.statements),
            ("clue", &self.clue),
            ("makers", &self.makers),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
        .collect()
    }
}

/// What a PUZZLE argument turned out to be.
pub enum Input {
    Puzzles {
        family: &'static dyn Family,
        puzzles: Vec<Box<dyn Puzzle>>,
        origin: String,
    },
    Cnf {
        parsed: ParsedCnf,
        origin: String,
    },
}

/// Reads a file, or standard input for `-`.
pub fn read_source(arg: &str) -> anyhow::Result<Vec<u8>> {
    let bytes = if arg == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("reading standard input")?;
        buf
    } else {
        std::fs::read(arg).with_context(|| format!("cannot read `{}`", escape(arg)))?
    };
    let shown = if arg == "-" {
        "<stdin>".into()
    } else {
        escape(arg)
    };
    satpuz::cnf::compressed::decompress(bytes).with_context(|| shown.to_string())
}

/// Text with control characters (NUL, escape sequences, ...) shown as escapes, so that an
/// error never writes raw control bytes to a terminal. Newlines and tabs stay.
pub fn escape(text: &str) -> String {
    text.chars()
        .flat_map(|c| -> Box<dyn Iterator<Item = char>> {
            if c.is_control() && c != '\n' && c != '\t' {
                Box::new(c.escape_default())
            } else {
                Box::new(std::iter::once(c))
            }
        })
        .collect()
}

/// How a file is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reader {
    Json,
    Dimacs,
}

impl Reader {
    /// By extension first (`.json`, `.cnf`/`.dimacs`), by content second (a JSON file starts
    /// with `{` or `[`, after an optional byte-order mark and blanks).
    fn choose(arg: &str, bytes: &[u8]) -> (Reader, &'static str) {
        // `x.cnf.gz` is read as `x.cnf` (the bytes are already decompressed).
        let arg = [".gz", ".xz"]
            .iter()
            .find_map(|z| arg.strip_suffix(z))
            .unwrap_or(arg);
        let ext = Path::new(arg)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("json") => return (Reader::Json, "its .json extension"),
            Some("cnf" | "dimacs") => return (Reader::Dimacs, "its extension"),
            _ => {}
        }
        let first = strip_bom(bytes).iter().find(|b| !b.is_ascii_whitespace());
        match first {
            Some(b'{' | b'[') => (Reader::Json, "its first character"),
            _ => (Reader::Dimacs, "its content"),
        }
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The names `satpuz list` shows (solvable ones), for errors and "did you mean".
fn builtin_names() -> Vec<String> {
    registry()
        .iter()
        .flat_map(|f| f.builtins())
        .filter(|b| b.refused.is_none())
        .map(|b| b.name)
        .collect()
}

/// Resolves `args.puzzle`, refusing the settings and parameters that do not apply to it.
pub fn resolve(args: &PuzzleArgs, lenient: bool) -> anyhow::Result<Input> {
    let name = args.puzzle.as_str();
    let params = args.params.given();
    if let Some(text_arg) = &args.text {
        let family = registry()
            .iter()
            .copied()
            .find(|f| f.text_readers().contains(&name));
        let Some(family) = family else {
            let readers: Vec<&str> = registry()
                .iter()
                .flat_map(|f| f.text_readers().iter().copied())
                .collect();
            bail!(
                "--text reads a built-in puzzle's prose ({}): say e.g. `{} --text {}`",
                readers.join(", "),
                readers.first().unwrap_or(&"jindosh"),
                escape(text_arg)
            );
        };
        let origin = if text_arg == "-" { "<stdin>" } else { text_arg }.to_string();
        let bytes = read_source(text_arg)?;
        let text = std::str::from_utf8(&bytes)
            .with_context(|| format!("{}: not UTF-8 text", escape(&origin)))?;
        let loaded = family
            .load_text(name, text)
            .with_context(|| escape(&origin))?;
        for w in &loaded.warnings {
            eoutln!("warning: {}: {w}", escape(&origin));
        }
        check_applicable(family, name, &args.settings, &params, true)?;
        return Ok(Input::Puzzles {
            family,
            puzzles: loaded.puzzles,
            origin,
        });
    }
    for &family in registry() {
        if let Some(loaded) = family.load_builtin(name, &params) {
            check_applicable(family, name, &args.settings, &params, true)?;
            let loaded = loaded?;
            return Ok(Input::Puzzles {
                family,
                puzzles: loaded.puzzles,
                origin: name.to_string(),
            });
        }
    }
    if name != "-" && !Path::new(name).exists() {
        let names = builtin_names();
        let hint = satpuz::puzzles::grid::nearest(name, names.iter().map(String::as_str))
            .map(|n| format!(" (did you mean `{n}`?)"))
            .unwrap_or_default();
        bail!(
            "`{}` is neither a built-in puzzle ({}) nor an existing file{hint}; `satpuz list` \
             describes the built-in puzzles",
            escape(name),
            names.join(", ")
        );
    }
    let bytes = read_source(name)?;
    let origin = if name == "-" { "<stdin>" } else { name }.to_string();
    let shown = escape(&origin);
    let (reader, why) = Reader::choose(name, &bytes);
    match reader {
        Reader::Json => {
            let text = std::str::from_utf8(strip_bom(&bytes))
                .with_context(|| format!("{shown}: JSON reader (chosen by {why}): not UTF-8"))?;
            let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
                let message = e.to_string();
                let message = message
                    .rsplit_once(" at line ")
                    .map_or(message.as_str(), |(m, _)| m);
                anyhow::anyhow!(
                    "{shown}: JSON reader (chosen by {why}): line {}, column {}: {message}",
                    e.line(),
                    e.column()
                )
            })?;
            let Some(family) = registry().iter().copied().find(|f| f.claims_json(&value)) else {
                let shapes: Vec<String> = registry()
                    .iter()
                    .map(|f| format!("{} ({})", f.file_shape(), f.name()))
                    .collect();
                bail!(
                    "{shown}: JSON reader: this JSON is no puzzle file; expected {}",
                    shapes.join("; or ")
                );
            };
            check_applicable(family, name, &args.settings, &params, false)?;
            let loaded = family.load_json(text, &shown)?;
            Ok(Input::Puzzles {
                family,
                puzzles: loaded.puzzles,
                origin,
            })
        }
        Reader::Dimacs => {
            refuse_for_cnf(args)?;
            let parsed = parse_cnf(&bytes, lenient)
                .with_context(|| format!("{shown}: DIMACS reader (chosen by {why})"))?;
            for w in &parsed.warnings {
                eoutln!("warning: {shown}: {w}");
            }
            Ok(Input::Cnf { parsed, origin })
        }
    }
}

/// `-j/--jobs N` as the thread count the puzzles' settings carry (N is at least 1: clap's
/// range says so).
pub fn threads(jobs: Option<u64>) -> Option<std::num::NonZeroUsize> {
    jobs.and_then(|n| std::num::NonZeroUsize::new(usize::try_from(n).ok()?))
}

/// Flags that apply to puzzles only (`solve -j` is carried as a setting but refused for a
/// DIMACS file by `solve`, which says why).
fn refuse_for_cnf(args: &PuzzleArgs) -> anyhow::Result<()> {
    let mut given: Vec<&str> = (args.settings.given().iter())
        .filter(|&&s| s != Setting::Threads)
        .map(|s| s.flag())
        .collect();
    let params = args.params.given();
    let param_flags: Vec<String> = params.keys().map(|k| format!("--{k}")).collect();
    given.extend(param_flags.iter().map(String::as_str));
    if let Some(flag) = given.first() {
        bail!(
            "{flag} does not apply to `{}`, a DIMACS file: it is a puzzle's encoding or clue \
             flag",
            escape(&args.puzzle)
        );
    }
    Ok(())
}

/// Refuses settings the family does not honour and parameters it does not read (or that
/// belong to another of its built-in names).
fn check_applicable(
    family: &dyn Family,
    name: &str,
    settings: &SettingFlags,
    params: &Params,
    builtin: bool,
) -> anyhow::Result<()> {
    for s in settings.given() {
        if !family.settings().contains(&s) {
            let takers: Vec<&str> = registry()
                .iter()
                .filter(|f| f.settings().contains(&s))
                .map(|f| f.name())
                .collect();
            let also = if s == Setting::Threads {
                " (`count -j` splits a DIMACS file's count)"
            } else {
                ""
            };
            bail!(
                "{} does not apply to `{}` ({}); it is for {} puzzles{also}",
                s.flag(),
                escape(name),
                a_puzzle_of(family),
                takers.join(", ")
            );
        }
    }
    for key in params.keys() {
        let param = family.parameters().iter().find(|p| p.name == *key);
        match param {
            Some(p) if builtin && p.builtin == name => {}
            Some(p) => {
                let flags: Vec<String> = family
                    .parameters()
                    .iter()
                    .filter(|q| q.builtin == p.builtin)
                    .map(|q| format!("--{}", q.name))
                    .collect();
                bail!(
                    "--{key}: {} give the clues of PUZZLE={}; `{}` has its own clues",
                    flags.join("/"),
                    p.builtin,
                    escape(name)
                )
            }
            None => {
                let taker = registry()
                    .iter()
                    .flat_map(|f| f.parameters())
                    .find(|p| p.name == *key)
                    .map_or("another puzzle", |p| p.builtin);
                bail!(
                    "--{key} does not apply to `{}` ({}); it is a clue of PUZZLE={taker}",
                    escape(name),
                    a_puzzle_of(family)
                );
            }
        }
    }
    Ok(())
}

/// "a grid puzzle", "an inquest puzzle": the family named in a sentence.
fn a_puzzle_of(family: &dyn Family) -> String {
    let name = family.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name} puzzle")
}

/// Exactly one puzzle (for commands other than `solve`, which takes a file of several).
pub fn single(puzzles: Vec<Box<dyn Puzzle>>, origin: &str) -> anyhow::Result<Box<dyn Puzzle>> {
    let n = puzzles.len();
    let mut it = puzzles.into_iter();
    match (it.next(), n) {
        (Some(p), 1) => Ok(p),
        _ => bail!(
            "`{}` holds {n} puzzles; this command takes one (`solve` takes them all)",
            escape(origin)
        ),
    }
}

/// A grid puzzle, its model and its encoding (for `satpuz inquest`).
pub struct Prepared {
    pub puzzle: GridPuzzle,
    pub grid: GridModel,
    pub encoded: Encoded,
}

pub fn prepare(puzzle: GridPuzzle, opts: EncodeOptions) -> anyhow::Result<Prepared> {
    let grid = puzzle.build()?;
    let encoded = grid.model.encode(opts);
    Ok(Prepared {
        puzzle,
        grid,
        encoded,
    })
}

impl Prepared {
    /// The answer table of a model of the formula.
    pub fn answer(&self, assignment: &[bool]) -> anyhow::Result<GridAnswer> {
        let values = self
            .encoded
            .decode(assignment)
            .context("the model does not assign every puzzle variable a valid value")?;
        Ok(self.grid.answer(&values, self.puzzle.positions.count))
    }

    /// The seat table as text: one row per category, one column per position.
    pub fn render(&self, answer: &GridAnswer) -> String {
        satpuz::puzzles::grid::family::render(&self.puzzle, answer)
    }
}

/// Rows of cells as left-aligned columns two spaces apart.
pub fn text_table(rows: &[Vec<String>]) -> String {
    satpuz::puzzles::grid::family::text_table(rows)
}
