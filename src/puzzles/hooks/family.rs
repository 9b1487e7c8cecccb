//! Hooks as a [`Family`]: `hooks1` ... `hooks11` (the shipped puzzles), `hooks` with
//! `--rows`/`--cols`, and Hooks puzzle files. With the `connected` rule and lazy connectivity
//! the CNF alone does not state the puzzle: solving cuts disconnected grids off, so `prove`
//! refuses it (`--connect eager` puts reachability in the CNF).

use std::any::Any;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::rc::Rc;

use serde::Serialize;
use serde_json::{Value, json};

use super::{
    AnswerRule, Connectivity, HookDigits, HookLayout, HooksModel, HooksPuzzle, LazyConnected,
    SHIPPED_COUNT, check, cube_threads, render_grid, shipped,
};
use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::puzzles::{
    Answer, BuildOptions, Builtin, Family, FamilyError, Instance, Loaded, Parameter, Params,
    Purpose, Puzzle, Setting,
};
use crate::report::Difference;
use crate::solve::stop::{Enumerated, Stop, enumerate_until};
use crate::solve::{self, Backend, SolveError, Verdict};

/// Jane Street's Hooks puzzles.
pub(crate) struct HooksFamily;

/// The number of a shipped puzzle's name (`hooks7`, also `hooks07`).
fn shipped_number(name: &str) -> Option<usize> {
    let k: usize = name.strip_prefix("hooks")?.parse().ok()?;
    (1..=SHIPPED_COUNT).contains(&k).then_some(k)
}

/// Comma-separated whole numbers.
fn numbers(text: &str, flag: &str) -> Result<Vec<u64>, FamilyError> {
    text.split(',')
        .map(|t| {
            t.trim().parse::<u64>().map_err(|_| {
                FamilyError::Refused(format!("--{flag}: `{}` is not a whole number", t.trim()))
            })
        })
        .collect()
}

impl Family for HooksFamily {
    fn name(&self) -> &'static str {
        "hooks"
    }

    fn about(&self) -> &'static str {
        "Jane Street's Hooks: nested L-shaped hooks, d copies of digit d, per-puzzle rules"
    }

    fn settings(&self) -> &'static [Setting] {
        &[
            Setting::Amo,
            Setting::Card,
            Setting::Pb,
            Setting::Connect,
            Setting::Threads,
        ]
    }

    fn parameters(&self) -> &'static [Parameter] {
        &[
            Parameter {
                name: "rows",
                builtin: "hooks",
            },
            Parameter {
                name: "cols",
                builtin: "hooks",
            },
        ]
    }

    fn builtins(&self) -> Vec<Builtin> {
        let mut out = vec![Builtin {
            name: "hooks".into(),
            about: "fixed hooks with the row and column sums of --rows and --cols".into(),
            refused: None,
        }];
        for k in 1..=SHIPPED_COUNT {
            let Some(loaded) = shipped(k) else { continue };
            let (about, refused) = match loaded {
                Ok(p) => (summary(&p), None),
                Err(e) => (format!("Hooks #{k}"), Some(e.to_string())),
            };
            out.push(Builtin {
                name: format!("hooks{k}"),
                about,
                refused,
            });
        }
        out
    }

    fn load_builtin(&self, name: &str, params: &Params) -> Option<Result<Loaded, FamilyError>> {
        if name == "hooks" {
            return Some(from_sums(params));
        }
        let k = shipped_number(name)?;
        let loaded = shipped(k)?;
        Some(
            loaded
                .map(|p| Loaded::one(HooksView(Rc::new(p))))
                .map_err(|e| {
                    FamilyError::from(e).at(format!(
                        "built-in puzzle `{name}` (encodings/hooks/hooks{k:02}.json)"
                    ))
                }),
        )
    }

    fn file_shape(&self) -> &'static str {
        "an object with `n`, `hooks`, `hook_digits` and `rules`"
    }

    fn claims_json(&self, value: &Value) -> bool {
        value.get("hook_digits").is_some()
    }

    fn load_json(&self, text: &str, origin: &str) -> Result<Loaded, FamilyError> {
        HooksPuzzle::from_json(text)
            .map(|p| Loaded::one(HooksView(Rc::new(p))))
            .map_err(|e| FamilyError::from(e).at(origin))
    }
}

fn from_sums(params: &Params) -> Result<Loaded, FamilyError> {
    let (Some(rows), Some(cols)) = (params.get("rows"), params.get("cols")) else {
        return Err(FamilyError::Refused(
            "`hooks` needs --rows and --cols (comma-separated sums), e.g. `satpuz solve hooks \
             --rows 26,42,11,22,42,36,29,32,45 --cols 31,19,45,16,5,47,28,49,45`"
                .into(),
        ));
    };
    let (rows, cols) = (numbers(rows, "rows")?, numbers(cols, "cols")?);
    if rows.len() != cols.len() {
        return Err(FamilyError::Refused(format!(
            "--rows has {} sums but --cols has {}: the grid is square",
            rows.len(),
            cols.len()
        )));
    }
    let p =
        HooksPuzzle::from_sums(rows, cols).map_err(|e| FamilyError::from(e).at("--rows/--cols"))?;
    Ok(Loaded::one(HooksView(Rc::new(p))))
}

/// "hooks1 (March 2025): 9x9, fixed hooks, digits by hook size; rules: ...".
pub(crate) fn summary(p: &HooksPuzzle) -> String {
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
        "{}{month}: {n}x{n}, {layout}, {digits}; rules: {}",
        p.name,
        rules.join(", "),
        n = p.n,
    )
}

struct HooksView(Rc<HooksPuzzle>);

impl Puzzle for HooksView {
    fn family(&self) -> &'static str {
        "hooks"
    }

    fn name(&self) -> String {
        self.0.name.clone()
    }

    fn summary(&self) -> String {
        summary(&self.0)
    }

    fn details(&self) -> Option<Value> {
        Some(json!({ "month": self.0.month, "answer_rule": self.0.answer_rule }))
    }

    fn build(
        &self,
        opts: &BuildOptions,
        _purpose: Purpose,
    ) -> Result<Box<dyn Instance>, FamilyError> {
        let threads = opts
            .threads
            .map_or_else(cube_threads::default_threads, NonZeroUsize::get);
        Ok(Box::new(HooksInstance {
            puzzle: self.0.clone(),
            model: self
                .0
                .build_on_threads(opts.encode(), opts.connect, threads),
            connect: opts.connect,
            threads,
            rejected: 0,
            gcd_rejected: 0,
            cuts: Vec::new(),
            solved: false,
            in_cubes: false,
            tilings: None,
        }))
    }
}

struct HooksInstance {
    puzzle: Rc<HooksPuzzle>,
    model: HooksModel,
    connect: Connectivity,
    /// Threads that share the puzzle's cubes, if it has any (`-j/--jobs`).
    threads: usize,
    /// Solver answers rejected as disconnected, or with a wrong GCD, and the cuts and nogoods
    /// added, in the last solve.
    rejected: u64,
    gcd_rejected: u64,
    cuts: Vec<Vec<Lit>>,
    solved: bool,
    /// The last solve ran in the puzzle's cubes (on [`HooksInstance::threads`] threads).
    in_cubes: bool,
    /// With the tiling rule and a unique grid: how many tilings of it (up to 2) the formula
    /// and the independent checker's search find.
    tilings: Option<(usize, usize)>,
}

impl HooksInstance {
    /// After a solve: the tilings of a unique grid counted, by the formula projected on the
    /// placements (`known`: as the solve's own solver counted them) and by the checker's
    /// search (each up to 2).
    fn count_tilings(&mut self, verdict: &Verdict, known: Option<usize>) -> Result<(), SolveError> {
        self.tilings = None;
        if let (Verdict::Unique(model), Some(_)) = (verdict, &self.model.tiles) {
            let grid = self.model.grid(model);
            let by_formula = match known {
                Some(count) => count,
                None => self.model.tilings_of(&grid, 2)?.len(),
            };
            let by_search = check::tilings(&self.puzzle, &grid, 2).len();
            self.tilings = Some((by_formula, by_search));
        }
        Ok(())
    }
}

impl HooksInstance {
    /// Keeps what the last solve through `backend` rejected and added.
    fn record<B: Backend>(&mut self, backend: LazyConnected<B>) {
        self.rejected = backend.rejected;
        self.gcd_rejected = backend.gcd_rejected;
        self.cuts = backend.cuts;
        self.solved = true;
    }
}

impl Instance for HooksInstance {
    fn cnf(&self) -> &Cnf {
        &self.model.cnf
    }

    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.model.cnf
    }

    fn solve_unique(&mut self) -> Result<Verdict, SolveError> {
        let search = self.model.search_unique_on(self.threads)?;
        self.in_cubes = self.model.cubes.len() >= 2;
        self.rejected = search.rejected;
        self.gcd_rejected = search.gcd_rejected;
        self.cuts = search.cuts;
        self.solved = true;
        self.count_tilings(&search.verdict, search.tilings)?;
        Ok(search.verdict)
    }

    fn count(
        &mut self,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        // In the puzzle's cubes, on its threads, where `solve` uses them: the same count.
        self.model.count_until(self.threads, limit, stop, tick)
    }

    fn solve_unique_on(&mut self, backend: &mut dyn Backend) -> Result<Verdict, SolveError> {
        let mut backend = self.model.backend(backend);
        let verdict = solve::solve_unique(&mut self.model.cnf, &mut backend)?;
        self.record(backend);
        self.in_cubes = false;
        self.count_tilings(&verdict, None)?;
        Ok(verdict)
    }

    fn count_each_on(
        &mut self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        let mut backend = self.model.backend(backend);
        enumerate_until(&mut self.model.cnf, &mut backend, limit, stop, |_| {
            tick();
            ControlFlow::Continue(())
        })
    }

    fn answer(&self, assignment: &[bool]) -> Result<Box<dyn Answer>, FamilyError> {
        let grid = self.model.grid(assignment);
        let wrong = check::violations(&self.puzzle, &grid);
        if !wrong.is_empty() {
            return Err(FamilyError::Refused(format!(
                "the grid breaks the puzzle's rules: {}",
                wrong.join("; ")
            )));
        }
        let tiling = self.model.tiling(assignment);
        if let Some(tiling) = &tiling {
            let wrong = check::tiling_violations(&self.puzzle, &grid, tiling);
            if !wrong.is_empty() {
                return Err(FamilyError::Refused(format!(
                    "the tiling breaks the puzzle's rules: {}",
                    wrong.join("; ")
                )));
            }
        }
        let value = self.puzzle.answer_rule.apply(&grid, self.puzzle.n).value;
        Ok(Box::new(HooksSolution {
            n: self.puzzle.n,
            grid,
            tiling,
            rule: self.puzzle.answer_rule,
            value,
        }))
    }

    fn incomplete(&self) -> Option<String> {
        if self.model.connected && self.connect == Connectivity::Lazy {
            return Some(
                "the filled cells must be connected, and with --connect lazy (the default) that \
                 rule is kept by cuts while solving, not by the CNF alone; say --connect eager to \
                 put reachability in the CNF"
                    .to_string(),
            );
        }
        (!self.model.gcd_lines.is_empty() && self.model.gcd_nogoods_in_cnf.is_none()).then(|| {
            "a GCD clue's exactness (not merely a common divisor) is kept by nogoods while \
             solving, not by the CNF alone; say --connect eager to put the nogoods a solve needs \
             in the CNF"
                .to_string()
        })
    }

    fn export(&mut self, origin: &str) -> Result<(Cnf, Vec<String>), FamilyError> {
        let mut cnf = self.model.cnf.clone();
        let mut comments = vec![
            format!("satpuz {}: {}", env!("CARGO_PKG_VERSION"), self.puzzle.name),
            "variables cell(r,c)=d (0-indexed) say cell (r,c) holds digit d".into(),
            "the `c p show` line lists the cell variables (the projection for counting)".into(),
        ];
        if self.incomplete().is_some() {
            // The cuts a solve needs make the exported formula's models exactly the puzzle's
            // solutions (projected on the cells), so any DIMACS solver can re-check the answer.
            match self.model.lazy_clauses()? {
                Some(cuts) => {
                    cnf.track("lazy clauses", |cnf| {
                        for cut in &cuts {
                            cnf.add_clause(cut);
                        }
                    });
                    comments.push(format!(
                        "{} clauses found by `satpuz count {origin} --all` are included \
                         (connectivity cuts, GCD nogoods), so the models are exactly the \
                         puzzle's solutions",
                        cuts.len()
                    ));
                }
                None => comments.push(format!(
                    "NOT EXACT: the puzzle has {} grids or more, too many to collect the \
                     connectivity cuts and GCD nogoods; some models may break those rules",
                    super::LAZY_CLAUSES_LIMIT
                )),
            }
        }
        if let Some(count) = self.model.gcd_nogoods_in_cnf {
            comments.push(format!(
                "GCD clues: {count} nogoods found by a solve are included (each forbids one \
                 line's word whose numbers have another GCD)"
            ));
        }
        Ok((cnf, comments))
    }

    fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.in_cubes {
            out.push(format!(
                "search: in {} cubes (where the {} outermost hooks of each axis lie), {}",
                self.model.cubes.len(),
                super::cubes::CUBE_DEPTH,
                match self.threads {
                    1 => "in turn on one solver".to_string(),
                    k => format!("shared by {k} threads"),
                }
            ));
        }
        if self.solved && self.model.connected {
            out.push(format!(
                "connectivity: {} disconnected grid(s) cut off by {} clauses",
                self.rejected,
                self.cuts.len()
            ));
        }
        if let Some((by_formula, by_search)) = self.tilings {
            let words = |k: usize| match k {
                0 => "none",
                1 => "one",
                _ => "at least two",
            };
            out.push(format!(
                "tiling: {} (the grid fixed, a solve projected on the placements finds {}; the \
                 checker's search finds {})",
                if by_formula == 1 {
                    "unique"
                } else {
                    "not unique"
                },
                words(by_formula),
                words(by_search)
            ));
        }
        if self.solved && !self.model.gcd_lines.is_empty() {
            out.push(format!(
                "gcd: {} grid(s) with a line whose numbers have another GCD, cut off by nogoods \
                 (counted with the cuts above)",
                self.gcd_rejected
            ));
        }
        out
    }

    fn note_details(&self) -> Option<Value> {
        let mut details = serde_json::Map::new();
        if self.solved && (self.model.connected || !self.model.gcd_lines.is_empty()) {
            details.insert("connectivity_rejections".into(), json!(self.rejected));
            details.insert("connectivity_cuts".into(), json!(self.cuts.len()));
            details.insert("gcd_rejections".into(), json!(self.gcd_rejected));
        }
        if self.in_cubes {
            details.insert("cubes".into(), json!(self.model.cubes.len()));
            details.insert("threads".into(), json!(self.threads));
        }
        if let Some((by_formula, by_search)) = self.tilings {
            details.insert("tiling_unique".into(), json!(by_formula == 1));
            details.insert("tilings_found".into(), json!(by_formula));
            details.insert("tilings_found_by_checker".into(), json!(by_search));
        }
        (!details.is_empty()).then_some(Value::Object(details))
    }
}

/// A solved Hooks grid and its answer.
struct HooksSolution {
    n: usize,
    grid: Vec<u8>,
    /// The pieces' letters per cell (puzzles with the tiling rule).
    tiling: Option<check::Tiling>,
    rule: AnswerRule,
    value: u128,
}

impl HooksSolution {
    /// The tiling as rows of letters, `.` for an empty cell.
    fn tiling_rows(&self) -> Option<Vec<String>> {
        let tiling = self.tiling.as_ref()?;
        Some(
            tiling
                .chunks(self.n)
                .map(|row| row.iter().map(|t| t.map_or('.', |s| s.letter())).collect())
                .collect(),
        )
    }
}

/// A Hooks answer as JSON.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub(crate) struct HooksSolutionValue {
    /// The grid, one array per row, 0 for an empty cell.
    pub(crate) grid: Vec<Vec<u8>>,
    /// Puzzles with the pentomino tiling rule: one string per row, the letter of the piece
    /// covering each cell, `.` for an empty cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) tiling: Option<Vec<String>>,
    /// How the puzzle's answer is computed from the grid (e.g. `sum_shaded_i_plus_j_even`).
    pub(crate) answer_rule: String,
    /// The puzzle's answer (a number; a decimal string only if it exceeds 2^64 - 1).
    pub(crate) value: Value,
}

impl Answer for HooksSolution {
    fn text(&self) -> String {
        let tiling = self.tiling_rows().map_or_else(String::new, |rows| {
            let spaced: Vec<String> = rows
                .iter()
                .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
                .collect();
            format!("\ntiling (each cell's pentomino):\n{}\n", spaced.join("\n"))
        });
        format!(
            "{}{tiling}\nanswer ({}): {}\n",
            render_grid(&self.grid, self.n),
            self.rule.describe(),
            self.value
        )
    }

    fn value(&self) -> Value {
        let value =
            u64::try_from(self.value).map_or_else(|_| json!(self.value.to_string()), |v| json!(v));
        let v = HooksSolutionValue {
            grid: self.grid.chunks(self.n).map(<[u8]>::to_vec).collect(),
            tiling: self.tiling_rows(),
            answer_rule: serde_json::to_value(self.rule)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            value,
        };
        serde_json::to_value(v).unwrap_or(Value::Null)
    }

    fn differences(&self, other: &dyn Answer) -> Vec<Difference> {
        let Some(o) = other.as_any().downcast_ref::<HooksSolution>() else {
            return Vec::new();
        };
        let show = |d: u8| {
            if d == 0 {
                ".".to_string()
            } else {
                d.to_string()
            }
        };
        self.grid
            .iter()
            .zip(&o.grid)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (&a, &b))| Difference {
                position: format!("cell({},{})", i / self.n, i % self.n),
                category: "digit".into(),
                first: show(a),
                second: show(b),
            })
            .collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
