//! Logic grids as a [`Family`]: the shipped grids by name, grid puzzle files, and the Jindosh
//! Riddle's prose (`--text`). Solving uses the merged model (tied values share a variable);
//! exports keep one variable per value.

use std::any::Any;
use std::collections::BTreeMap;
use std::rc::Rc;

use serde::Serialize;
use serde_json::Value;

use super::answers::{SingleAnswer, count_only, count_only_on, grid_solver};
use super::{GridAnswer, GridModel, GridPuzzle};
use crate::choice::Choice;
use crate::cnf::Cnf;
use crate::model::{EncodeOptions, Encoded};
use crate::puzzles::{
    Answer, BuildOptions, Builtin, Family, FamilyError, Instance, Loaded, Params, Purpose, Puzzle,
    Setting,
};
use crate::report::{ClueNote, Difference};
use crate::solve::explain::{Explainer, Necessity};
use crate::solve::steps::{Clued, Fact};
use crate::solve::stop::{Enumerated, Stop};
use crate::solve::{self, Backend, SolveError, Verdict};

/// The shipped grid puzzles: name, file text.
const SHIPPED: &[(&str, &str)] = &[
    ("jindosh", super::super::jindosh::JINDOSH_JSON),
    ("zebra", include_str!("../../../encodings/zebra.json")),
    ("einstein", include_str!("../../../encodings/einstein.json")),
    ("dinesman", include_str!("../../../encodings/dinesman.json")),
];

/// Logic grids: positions in a line, categories of values, clues relating values.
pub(crate) struct GridFamily;

impl Family for GridFamily {
    fn name(&self) -> &'static str {
        "grid"
    }

    fn about(&self) -> &'static str {
        "logic grids: positions in a line, categories, clues (the Jindosh Riddle, zebra, ...)"
    }

    fn settings(&self) -> &'static [Setting] {
        &[Setting::Encoding, Setting::Amo]
    }

    fn builtins(&self) -> Vec<Builtin> {
        SHIPPED
            .iter()
            .map(|(name, text)| {
                let (about, refused) = match GridPuzzle::from_json(text) {
                    Ok(p) => (summary(&p), None),
                    Err(e) => (String::new(), Some(e.to_string())),
                };
                Builtin {
                    name: name.to_string(),
                    about,
                    refused,
                }
            })
            .collect()
    }

    fn load_builtin(&self, name: &str, _params: &Params) -> Option<Result<Loaded, FamilyError>> {
        let (_, text) = SHIPPED.iter().find(|(n, _)| *n == name)?;
        Some(
            GridPuzzle::from_json(text)
                .map(|p| Loaded::one(GridPuzzleView::new(p)))
                .map_err(|e| FamilyError::from(e).at(format!("built-in puzzle `{name}`"))),
        )
    }

    fn file_shape(&self) -> &'static str {
        "an object with `positions`, `categories` and `clues`"
    }

    fn claims_json(&self, value: &Value) -> bool {
        value.get("categories").is_some()
            && value
                .get(crate::puzzles::inquest::export::SECTION)
                .is_none()
    }

    fn load_json(&self, text: &str, origin: &str) -> Result<Loaded, FamilyError> {
        GridPuzzle::from_json(text)
            .map(|p| Loaded::one(GridPuzzleView::new(p)))
            .map_err(|e| FamilyError::from(e).at(origin))
    }

    fn text_readers(&self) -> &'static [&'static str] {
        &["jindosh"]
    }

    fn load_text(&self, name: &str, text: &str) -> Result<Loaded, FamilyError> {
        if name != "jindosh" {
            return Err(FamilyError::Refused(format!(
                "`{name}` has no text reader (only `jindosh` does)"
            )));
        }
        let parsed = crate::puzzles::jindosh_text::parse(text)?;
        Ok(Loaded {
            puzzles: vec![Box::new(GridPuzzleView::new(parsed.puzzle))],
            warnings: parsed.warnings,
        })
    }
}

/// "jindosh: 5 seats, 5 categories, 26 clues" ("1 category", "1 clue").
pub(crate) fn summary(p: &GridPuzzle) -> String {
    let counted = |n: usize, noun: &str| {
        if n == 1 {
            format!("1 {noun}")
        } else {
            format!("{n} {}", plural(noun))
        }
    };
    format!(
        "{}: {}, {}, {}",
        p.name,
        counted(p.positions.count, &p.positions.noun),
        counted(p.categories.len(), "category"),
        counted(p.clues.len(), "clue")
    )
}

fn plural(noun: &str) -> String {
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
        _ => format!("{noun}s"),
    }
}

/// A grid puzzle as a [`Puzzle`] of `family` (the Inquest's cases are grids too).
pub(crate) struct GridPuzzleView {
    pub(crate) puzzle: Rc<GridPuzzle>,
    pub(crate) family: &'static str,
}

impl GridPuzzleView {
    pub(crate) fn new(puzzle: GridPuzzle) -> GridPuzzleView {
        GridPuzzleView {
            puzzle: Rc::new(puzzle),
            family: "grid",
        }
    }

    /// The formula, typed (the Inquest wraps it).
    pub(crate) fn instance(
        &self,
        opts: &BuildOptions,
        purpose: Purpose,
    ) -> Result<GridInstance, FamilyError> {
        GridInstance::new(self.puzzle.clone(), opts, purpose)
    }
}

impl Puzzle for GridPuzzleView {
    fn family(&self) -> &'static str {
        self.family
    }

    fn name(&self) -> String {
        self.puzzle.name.clone()
    }

    fn summary(&self) -> String {
        summary(&self.puzzle)
    }

    fn has_clues(&self) -> bool {
        true
    }

    fn clued(&self) -> Option<Result<Clued, FamilyError>> {
        Some(clued(&self.puzzle).map_err(FamilyError::from))
    }

    fn build(
        &self,
        opts: &BuildOptions,
        purpose: Purpose,
    ) -> Result<Box<dyn Instance>, FamilyError> {
        Ok(Box::new(self.instance(opts, purpose)?))
    }
}

/// A grid as switchable clues over "value at position" facts (the model as the file states
/// it: one variable per value, its position).
pub fn clued(p: &GridPuzzle) -> Result<Clued, super::PuzzleError> {
    // Steps and explanations encode the model with the default options.
    p.check_size_as(EncodeOptions::default(), false)?;
    let grid = p.build()?;
    let noun = p.positions.noun.clone();
    let labels = p.positions.labels.clone();
    let names: Vec<String> = grid.model.vars.iter().map(|v| v.name.clone()).collect();
    let describe = move |f: Fact| {
        let place = match &labels {
            Some(l) => l[f.value].clone(),
            None => format!("{noun} {}", f.value + 1),
        };
        let verb = if f.holds { "is" } else { "is not" };
        format!("{} {verb} in {place}", names[f.var])
    };
    Ok(Clued {
        notes: (0..p.clues.len()).map(|i| clue_note(p, i)).collect(),
        model: grid.model,
        clues: grid.clue_constraints,
        describe: Box::new(describe),
        clue_noun: "clue",
    })
}

/// Clue `i` of `p` (0-based), numbered from 1, with its wording and meaning.
pub(crate) fn clue_note(p: &GridPuzzle, i: usize) -> ClueNote {
    let clue = &p.clues[i];
    ClueNote {
        clue: i + 1,
        text: clue.text.clone(),
        meaning: clue.describe(&p.positions.noun),
        shares_text: clue.text.is_some()
            && p.clues.iter().filter(|c| c.text == clue.text).count() > 1,
        needed: None,
        without_it: None,
    }
}

/// A grid's formula: the model (merged for solving), its encoding and the puzzle.
pub(crate) struct GridInstance {
    pub(crate) puzzle: Rc<GridPuzzle>,
    pub(crate) grid: GridModel,
    pub(crate) encoded: Encoded,
    pub(crate) opts: EncodeOptions,
}

impl GridInstance {
    pub(crate) fn new(
        puzzle: Rc<GridPuzzle>,
        opts: &BuildOptions,
        purpose: Purpose,
    ) -> Result<GridInstance, FamilyError> {
        let opts = opts.encode();
        puzzle.check_size(opts)?;
        let grid = match purpose {
            Purpose::Solve => puzzle.build_merged()?,
            Purpose::Export => puzzle.build()?,
        };
        // Solving leaves out the values the clues rule out at the root; an export keeps the
        // model as the file states it.
        let encoded = match purpose {
            Purpose::Solve => grid.model.encode_reduced(opts),
            Purpose::Export => grid.model.encode(opts),
        };
        Ok(GridInstance {
            puzzle,
            grid,
            encoded,
            opts,
        })
    }

    /// The answer table of a model.
    pub(crate) fn table(&self, assignment: &[bool]) -> Result<GridAnswer, FamilyError> {
        let values = self.encoded.decode(assignment).ok_or_else(|| {
            FamilyError::Refused(
                "the model does not assign every puzzle variable a valid value".into(),
            )
        })?;
        Ok(self.grid.answer(&values, self.puzzle.positions.count))
    }

    /// The answer of a model, typed.
    pub(crate) fn solution(&self, assignment: &[bool]) -> Result<GridSolution, FamilyError> {
        Ok(GridSolution {
            puzzle: self.puzzle.clone(),
            table: self.table(assignment)?,
        })
    }

    /// An explainer with one switchable constraint per clue (the model as the file states it).
    fn explainer(&self) -> Result<(GridModel, Explainer), FamilyError> {
        let full = self.puzzle.build()?;
        let explainer = Explainer::new(&full.model, full.clue_constraints.clone(), self.opts);
        Ok((full, explainer))
    }

    fn note(&self, i: usize) -> ClueNote {
        clue_note(&self.puzzle, i)
    }

    /// Each clue's note with `needed` set, and for a needed clue the first place where the
    /// other answer that fits without it differs (what `why` words as `without_it`).
    pub(crate) fn necessity(
        &mut self,
        assignment: &[bool],
    ) -> Result<Vec<(ClueNote, Option<Difference>)>, FamilyError> {
        let answer = self.table(assignment)?;
        let (full, mut explainer) = self.explainer()?;
        let verdicts = explainer.necessity(&full.values(&answer))?;
        let mut notes = Vec::with_capacity(verdicts.len());
        for (i, verdict) in verdicts.into_iter().enumerate() {
            let mut note = self.note(i);
            note.needed = Some(matches!(verdict, Necessity::Needed { .. }));
            let change = match verdict {
                Necessity::Needed { other } => {
                    let other = full.answer(&other, self.puzzle.positions.count);
                    differences(&self.puzzle, &answer, &other)
                        .into_iter()
                        .next()
                }
                Necessity::Redundant => None,
            };
            notes.push((note, change));
        }
        Ok(notes)
    }
}

impl Instance for GridInstance {
    fn cnf(&self) -> &Cnf {
        &self.encoded.cnf
    }

    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.encoded.cnf
    }

    fn solve_unique(&mut self) -> Result<Verdict, SolveError> {
        let mut solver = grid_solver(&self.encoded.cnf);
        solve::solve_unique(&mut self.encoded.cnf, &mut solver)
    }

    fn count(
        &mut self,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        // `tick` once per class of answers: the supervisor's count is a lower bound, and this
        // returns the exact count so far as soon as `stop` says so.
        count_only(&self.grid, &self.encoded, limit, stop, tick)
    }

    fn count_on(
        &mut self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        // The same walk of swaps and classes as on varisat: an external solver runs once per
        // answer the walk cannot reach, not once per answer (positional 40 x 5 seed 8 with
        // clues removed, 720 answers on cadical: over 15 minutes before, 32 s). `cross-check`
        // counts with `count_each_on`, independently of the walk.
        // A class of one answer blocked whole: what a solver started afresh on each call finds
        // its next answer fastest with (see `SingleAnswer`).
        let single = SingleAnswer::Whole;
        count_only_on(
            &self.grid,
            &self.encoded,
            backend,
            single,
            limit,
            stop,
            tick,
        )
    }

    fn answer(&self, assignment: &[bool]) -> Result<Box<dyn Answer>, FamilyError> {
        Ok(Box::new(self.solution(assignment)?))
    }

    fn export(&mut self, _origin: &str) -> Result<(Cnf, Vec<String>), FamilyError> {
        let (e, a) = (self.opts.encoding.name(), self.opts.amo.name());
        let comments = vec![
            format!("satpuz {}: {}", env!("CARGO_PKG_VERSION"), self.puzzle.name),
            format!("encoding {e} amo {a}"),
            "the `c p show` line lists the puzzle's own variables (the projection for counting)"
                .into(),
        ];
        // Moved out, not copied (a copy doubled `encode`'s peak memory): exporting is the
        // instance's last use.
        Ok((std::mem::take(&mut self.encoded.cnf), comments))
    }

    fn contradiction(&mut self) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        let (_, mut explainer) = self.explainer()?;
        let Some(mus) = explainer.minimal_unsat_subset()? else {
            return Err(FamilyError::Refused(
                "the solver found no solution, but all the clues together have one".into(),
            ));
        };
        Ok(Some(mus.into_iter().map(|i| self.note(i)).collect()))
    }

    fn why(&mut self, assignment: &[bool]) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        let notes = self
            .necessity(assignment)?
            .into_iter()
            .map(|(mut note, change)| {
                note.without_it =
                    change.map(|d| format!("{} {} could be {}", d.position, d.category, d.second));
                note
            })
            .collect();
        Ok(Some(notes))
    }
}

/// A solved grid with its puzzle, for rendering.
pub(crate) struct GridSolution {
    pub(crate) puzzle: Rc<GridPuzzle>,
    pub(crate) table: GridAnswer,
}

/// A grid answer as JSON.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub(crate) struct GridSolutionValue {
    /// One object per position, first to last: the position's label under the puzzle's noun
    /// (`"seat": "seat1"`), then one field per category.
    pub(crate) positions: Vec<BTreeMap<String, String>>,
    /// The puzzle's question answered: each value of its `each` category, and the value of
    /// `show` beside it.
    pub(crate) question: BTreeMap<String, String>,
}

impl GridSolution {
    /// The answer as a serde value.
    pub(crate) fn to_value(&self) -> GridSolutionValue {
        let p = &self.puzzle;
        let positions = p
            .position_labels()
            .into_iter()
            .zip(&self.table.table)
            .map(|(label, row)| {
                let mut m = BTreeMap::new();
                m.insert(p.positions.noun.clone(), label);
                for (c, cat) in p.categories.iter().enumerate() {
                    m.insert(cat.name.clone(), cat.values[row[c]].clone());
                }
                m
            })
            .collect();
        GridSolutionValue {
            positions,
            question: question_pairs(p, &self.table).into_iter().collect(),
        }
    }
}

impl Answer for GridSolution {
    fn text(&self) -> String {
        render(&self.puzzle, &self.table)
    }

    fn value(&self) -> Value {
        serde_json::to_value(self.to_value()).unwrap_or(Value::Null)
    }

    fn differences(&self, other: &dyn Answer) -> Vec<Difference> {
        match other.as_any().downcast_ref::<GridSolution>() {
            Some(o) => differences(&self.puzzle, &self.table, &o.table),
            None => crate::puzzles::json_differences("", &self.value(), &other.value()),
        }
    }

    fn side_by_side(&self, other: &dyn Answer) -> Option<String> {
        let o = other.as_any().downcast_ref::<GridSolution>()?;
        Some(side_by_side(&self.puzzle, &self.table, &o.table))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The seat table as text: one row per category, one column per position, then the question.
pub fn render(p: &GridPuzzle, answer: &GridAnswer) -> String {
    let labels = p.position_labels();
    let mut rows: Vec<Vec<String>> = vec![std::iter::once(String::new()).chain(labels).collect()];
    for (c, cat) in p.categories.iter().enumerate() {
        rows.push(
            std::iter::once(cat.name.clone())
                .chain(answer.table.iter().map(|row| cat.values[row[c]].clone()))
                .collect(),
        );
    }
    let mut out = text_table(&rows);
    if let Some(q) = &p.question {
        out.push('\n');
        out.push_str(q.text.as_deref().unwrap_or("Answer:"));
        out.push('\n');
        for (each, show) in question_pairs(p, answer) {
            out.push_str(&format!("  {each}: {show}\n"));
        }
    }
    out
}

/// (value of `each`, value of `show` at the same position), in `each`'s value order.
pub(crate) fn question_pairs(p: &GridPuzzle, answer: &GridAnswer) -> Vec<(String, String)> {
    let Some(q) = &p.question else {
        return Vec::new();
    };
    let idx = |name: &str| p.categories.iter().position(|c| c.name == name);
    let (Some(e), Some(s)) = (idx(&q.each), idx(&q.show)) else {
        return Vec::new();
    };
    let mut pairs: Vec<(usize, String, String)> = answer
        .table
        .iter()
        .map(|row| {
            (
                row[e],
                p.categories[e].values[row[e]].clone(),
                p.categories[s].values[row[s]].clone(),
            )
        })
        .collect();
    pairs.sort();
    pairs.into_iter().map(|(_, a, b)| (a, b)).collect()
}

/// The cells where two answers differ.
pub(crate) fn differences(p: &GridPuzzle, a: &GridAnswer, b: &GridAnswer) -> Vec<Difference> {
    let labels = p.position_labels();
    let mut out = Vec::new();
    for (pos, (ra, rb)) in a.table.iter().zip(&b.table).enumerate() {
        for (c, cat) in p.categories.iter().enumerate() {
            if ra[c] != rb[c] {
                out.push(Difference {
                    position: labels[pos].clone(),
                    category: cat.name.clone(),
                    first: cat.values[ra[c]].clone(),
                    second: cat.values[rb[c]].clone(),
                });
            }
        }
    }
    out
}

/// Two answers as one table: a row per position, the first answer's categories, then the
/// second's; a differing cell carries a `*`.
pub(crate) fn side_by_side(p: &GridPuzzle, a: &GridAnswer, b: &GridAnswer) -> String {
    let cats = &p.categories;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut head = vec![p.positions.noun.clone()];
    head.extend(cats.iter().map(|c| c.name.clone()));
    head.push("|".into());
    head.extend(cats.iter().map(|c| c.name.clone()));
    rows.push(head);
    let mut sub = vec![String::new(), "solution 1".to_string()];
    sub.extend(std::iter::repeat_n(
        String::new(),
        cats.len().saturating_sub(1),
    ));
    sub.push("|".into());
    sub.push("solution 2".into());
    sub.resize(rows[0].len(), String::new());
    rows.push(sub);
    for (label, (ra, rb)) in p
        .position_labels()
        .into_iter()
        .zip(a.table.iter().zip(&b.table))
    {
        let mark = |c: usize, v: usize| {
            let star = if ra[c] != rb[c] { "*" } else { "" };
            format!("{}{star}", cats[c].values[v])
        };
        let mut row = vec![label];
        row.extend((0..cats.len()).map(|c| mark(c, ra[c])));
        row.push("|".into());
        row.extend((0..cats.len()).map(|c| mark(c, rb[c])));
        rows.push(row);
    }
    text_table(&rows)
}

/// Rows of cells as left-aligned columns two spaces apart, trailing blanks trimmed.
pub fn text_table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(s, &w)| format!("{s:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Lit;
    use crate::solve::Varisat;

    /// Varisat, with its solve calls counted.
    struct Counted {
        solver: Varisat,
        calls: u64,
    }

    impl Backend for Counted {
        fn add_clause(&mut self, lits: &[Lit]) {
            self.solver.add_clause(lits);
        }
        fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
            self.calls += 1;
            self.solver.solve(assumptions)
        }
        fn model(&self, num_vars: u32) -> Vec<bool> {
            self.solver.model(num_vars)
        }
        fn failed_assumptions(&self) -> Vec<Lit> {
            self.solver.failed_assumptions()
        }
    }

    #[test]
    fn a_grid_counts_on_a_backend_by_the_walk_and_each_answer_by_plain_enumeration() {
        let mut puzzle = crate::puzzles::jindosh::puzzle().unwrap();
        puzzle.clues.truncate(puzzle.clues.len() - 4);
        let puzzle = Rc::new(puzzle);
        let count = |each: bool| {
            let opts = BuildOptions::default();
            let mut inst = GridInstance::new(puzzle.clone(), &opts, Purpose::Export).unwrap();
            let mut backend = Counted {
                solver: Varisat::with_cnf(&inst.encoded.cnf),
                calls: 0,
            };
            let stop = Stop::new(None);
            let counted = if each {
                inst.count_each_on(&mut backend, None, &stop, &mut || ())
            } else {
                inst.count_on(&mut backend, None, &stop, &mut || ())
            };
            (counted.unwrap().found, backend.calls)
        };
        let (walked, walk_calls) = count(false);
        let (each, each_calls) = count(true);
        assert_eq!(walked, each);
        assert!(each > 10, "{each} answers: drop more clues");
        // One model per answer, then the UNSAT; the walk finds most answers without the solver.
        assert_eq!(each_calls, each + 1);
        assert!(
            walk_calls < each / 2,
            "{walk_calls} calls for {each} answers"
        );
    }
}
