//! The player's sheet: a partly filled grid of rooms by categories. `check` colours each
//! statement (satisfied, violated, still open) by what is written; `hint` fills one square the
//! statements force and names the few statements (and squares) that force it, from a minimised
//! UNSAT core.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::cnf::Lit;
use crate::json_keys::Unique;
use crate::model::EncodeOptions;
use crate::puzzles::grid::{GridPuzzle, nearest};
use crate::solve::{Deletion, NoWitnesses, Role, Session, SolveError};

use super::statements::{Fact, ValueRef};
use super::{Case, InquestError};

/// A sheet as written: `placed[room][category]` is the value index written there, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// One row per room, one entry per category: the value written there, or `None`.
    pub placed: Vec<Vec<Option<usize>>>,
    /// The person named as the thief, if any (index among the case's people).
    pub thief: Option<usize>,
}

/// A sheet file that does not fit its case, naming the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("sheet{place}: {problem}")]
pub struct SheetError {
    /// `, room `X``, `, line L column C`, or empty.
    pub(crate) place: String,
    pub(crate) problem: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    #[serde(default)]
    rooms: Unique<Unique<Option<String>>>,
    #[serde(default)]
    thief: Option<String>,
}

/// Lower case, without a leading "the ", so `Library` finds `the Library`.
fn normalise(s: &str) -> String {
    let lower = s.trim().to_lowercase();
    lower
        .strip_prefix("the ")
        .unwrap_or(&lower)
        .trim()
        .to_string()
}

fn find(name: &str, known: &[String]) -> Result<usize, String> {
    let want = normalise(name);
    if let Some(i) = known.iter().position(|k| normalise(k) == want) {
        return Ok(i);
    }
    let hint = nearest(name, known.iter().map(String::as_str))
        .map(|s| format!("; did you mean `{s}`?"))
        .unwrap_or_default();
    Err(hint)
}

impl Sheet {
    /// An empty sheet for the case.
    pub fn empty(case: &Case) -> Sheet {
        Sheet {
            placed: vec![vec![None; case.categories.len()]; case.rooms()],
            thief: None,
        }
    }

    /// Reads a sheet: `{"rooms": {"<room>": {"<category>": "<value>", ...}, ...}, "thief":
    /// "<person>"}`. Rooms may also be given by number (1 = first); names match without
    /// regard to case or a leading "the"; a null or empty value leaves the square blank.
    pub fn from_json(case: &Case, text: &str) -> Result<Sheet, SheetError> {
        let raw: RawSheet = serde_json::from_str(text).map_err(|e| SheetError {
            place: format!(", line {} column {}", e.line(), e.column()),
            problem: e
                .to_string()
                .rsplit_once(" at line ")
                .map_or(e.to_string(), |(m, _)| m.to_string()),
        })?;
        let mut sheet = Sheet::empty(case);
        let rooms = &case.arrangement.rooms;
        let mut written_in: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for (room_key, squares) in &raw.rooms.0 {
            let err = |problem: String| SheetError {
                place: format!(", room `{room_key}`"),
                problem,
            };
            let r = match room_key.trim().parse::<usize>() {
                Ok(k) if (1..=rooms.len()).contains(&k) => k - 1,
                Ok(k) => {
                    return Err(err(format!(
                        "there is no room {k}; rooms are 1 to {}",
                        rooms.len()
                    )));
                }
                Err(_) => find(room_key, rooms).map_err(|hint| {
                    err(format!(
                        "not a room of this case (rooms: {}){hint}",
                        rooms.join(", ")
                    ))
                })?,
            };
            for (cat_key, value) in &squares.0 {
                let Some(c) = case
                    .categories
                    .iter()
                    .position(|c| normalise(c) == normalise(cat_key))
                else {
                    return Err(err(format!(
                        "unknown column `{cat_key}` (columns: {})",
                        case.categories.join(", ")
                    )));
                };
                let Some(value) = value.as_deref().filter(|v| !v.trim().is_empty()) else {
                    continue;
                };
                let values = &case.arrangement.values[c];
                let i = find(value, values).map_err(|hint| {
                    err(format!(
                        "`{value}` is not a {} in this case{hint}",
                        case.categories[c]
                    ))
                })?;
                if let Some(&first) = written_in.get(&(c, i))
                    && first != r
                {
                    return Err(err(format!(
                        "`{}` is already written in {}",
                        values[i], rooms[first]
                    )));
                }
                if sheet.placed[r][c].is_some_and(|j| j != i) {
                    return Err(err(format!("two values for `{}`", case.categories[c])));
                }
                written_in.insert((c, i), r);
                sheet.placed[r][c] = Some(i);
            }
        }
        if let Some(name) = &raw.thief
            && let Some(p) = case.categories.iter().position(|c| *c == "person")
        {
            let people = &case.arrangement.values[p];
            sheet.thief = Some(find(name, people).map_err(|hint| SheetError {
                place: ", thief".into(),
                problem: format!("`{name}` is not a person in this case{hint}"),
            })?);
        }
        Ok(sheet)
    }

    /// The room a value is written in.
    pub fn room_of(&self, v: ValueRef) -> Option<usize> {
        self.placed.iter().position(|row| row[v.cat] == Some(v.idx))
    }

    /// Every square filled.
    pub(crate) fn is_complete(&self) -> bool {
        self.placed
            .iter()
            .all(|row| row.iter().all(Option::is_some))
    }

    /// Rooms a value could still go in by what is written: its own room, or any room whose
    /// square in its column is blank.
    fn candidates(&self, v: ValueRef) -> Vec<usize> {
        match self.room_of(v) {
            Some(r) => vec![r],
            None => (0..self.placed.len())
                .filter(|&r| self.placed[r][v.cat].is_none())
                .collect(),
        }
    }

    /// How a statement stands on this sheet.
    pub(crate) fn mark(&self, fact: &Fact) -> Mark {
        let rooms = self.placed.len();
        let (a, b) = fact.values();
        let ca = self.candidates(a);
        let cb = b.map_or(vec![0], |b| self.candidates(b));
        let (mut some_true, mut some_false) = (false, false);
        for &pa in &ca {
            for &pb in &cb {
                // Two blank values of one column cannot share a room.
                if b.is_some_and(|b| b.cat == a.cat && b != a && pa == pb) {
                    continue;
                }
                if fact.holds_at(pa, pb, rooms) {
                    some_true = true;
                } else {
                    some_false = true;
                }
            }
        }
        match (some_true, some_false) {
            (true, false) => Mark::Satisfied,
            (false, _) => Mark::Violated,
            (true, true) => Mark::Open,
        }
    }
}

/// A statement's colour on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// True whatever goes in the blank squares (green).
    Satisfied,
    /// False whatever goes in the blank squares (red).
    Violated,
    /// Depends on squares still blank.
    Open,
}

impl Mark {
    /// The mark in reports: `satisfied`, `violated` or `open`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Satisfied => "satisfied",
            Mark::Violated => "violated",
            Mark::Open => "open",
        }
    }
}

/// A square of the sheet: room, category, value index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square {
    /// The room, 0-based along the line.
    pub room: usize,
    /// The category, an index into the case's categories.
    pub cat: usize,
    /// The value, an index into that category's values.
    pub value: usize,
}

/// What `check` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// One mark per statement, in order.
    pub marks: Vec<Mark>,
    /// Every square is filled.
    pub complete: bool,
    /// Squares written that differ from the solution.
    pub wrong: Vec<Square>,
    /// Whether the named thief is the thief (None when no thief is named).
    pub thief_right: Option<bool>,
}

impl Checked {
    /// The check as the `--json` report (`inquest check`, and the server's check), the case
    /// titled `title`.
    pub fn report(&self, case: &Case, title: String) -> crate::report::SheetCheckReport {
        let count = |m: Mark| self.marks.iter().filter(|&&x| x == m).count();
        crate::report::SheetCheckReport {
            schema_version: crate::report::SCHEMA_VERSION,
            case: title,
            family: "inquest".into(),
            statements: case
                .statements
                .iter()
                .zip(&self.marks)
                .enumerate()
                .map(|(i, (s, m))| crate::report::StatementMark {
                    number: i + 1,
                    text: s.text.clone(),
                    mark: m.name().into(),
                })
                .collect(),
            satisfied: count(Mark::Satisfied),
            violated: count(Mark::Violated),
            open: count(Mark::Open),
            complete: self.complete,
            wrong_squares: self.wrong.len(),
            thief_right: self.thief_right,
            right: self.is_right(),
        }
    }

    /// Complete, every square as in the solution, and the thief (if named) right.
    pub fn is_right(&self) -> bool {
        self.complete && self.wrong.is_empty() && self.thief_right != Some(false)
    }
}

impl Square {
    /// The square in the case's words, for reports.
    pub fn value(&self, case: &Case) -> crate::report::SquareValue {
        crate::report::SquareValue {
            room: case.arrangement.rooms[self.room].clone(),
            category: case.categories[self.cat].to_string(),
            value: case.arrangement.values[self.cat][self.value].clone(),
        }
    }
}

impl Hint {
    /// The hint as the `--json` report (`inquest hint`, and the server's hint), the case titled
    /// `title`; `steps` is left for the caller.
    pub fn report(&self, case: &Case, title: String) -> crate::report::HintReport {
        let numbers = |v: &[usize]| Some(v.iter().map(|i| i + 1).collect::<Vec<_>>());
        let squares = |v: &[Square]| Some(v.iter().map(|s| s.value(case)).collect());
        let base = |kind: &str| crate::report::HintReport {
            schema_version: crate::report::SCHEMA_VERSION,
            case: title.clone(),
            family: "inquest".into(),
            hint: kind.into(),
            square: None,
            broken: None,
            statements: None,
            given: None,
            named: None,
            steps: None,
        };
        match self {
            Hint::Fill {
                square,
                statements,
                given,
            } => crate::report::HintReport {
                square: Some(square.value(case)),
                statements: numbers(statements),
                given: squares(given),
                ..base("fill")
            },
            Hint::Contradiction {
                statements,
                given,
                broken,
            } => crate::report::HintReport {
                broken: numbers(broken),
                statements: numbers(statements),
                given: squares(given),
                ..base("contradiction")
            },
            Hint::WrongThief { named } => crate::report::HintReport {
                named: Some(
                    case.categories
                        .iter()
                        .position(|c| *c == "person")
                        .and_then(|p| case.arrangement.values[p].get(*named))
                        .map_or("the person named", String::as_str)
                        .to_string(),
                ),
                ..base("wrong_thief")
            },
            Hint::Complete => base("complete"),
        }
    }
}

/// What `hint` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// Fill `square`: the statements (0-based) together with the sheet's `given` squares
    /// force it, and no smaller subset of them does.
    Fill {
        /// The square, with the value it must hold.
        square: Square,
        /// The statements that force it (0-based).
        statements: Vec<usize>,
        /// The sheet's squares used with them.
        given: Vec<Square>,
    },
    /// What is written cannot be squared with the statements: these statements and squares
    /// already contradict each other (a minimal set); `broken` are the statements the sheet
    /// violates outright.
    Contradiction {
        /// The statements of the contradiction (0-based).
        statements: Vec<usize>,
        /// The sheet's squares in it.
        given: Vec<Square>,
        /// The statements the sheet violates outright (0-based).
        broken: Vec<usize>,
    },
    /// Nothing left to fill, and it is all right.
    Complete,
    /// Every square is filled and right, but the person named as the thief (`named`, an
    /// index among the case's people) is not the thief.
    WrongThief {
        /// The person named (an index among the case's people).
        named: usize,
    },
}

/// The case in a solver: statements behind selectors, sheet squares as assumable literals.
struct CaseSolver {
    solver: Session,
    selectors: Vec<Lit>,
    /// `square_lit[cat][value][room]`.
    square_lit: Vec<Vec<Vec<Lit>>>,
    /// The model variable of each value, `value_var[cat][value]`.
    value_var: Vec<Vec<usize>>,
}

impl CaseSolver {
    fn new(case: &Case) -> Result<CaseSolver, InquestError> {
        CaseSolver::of(&case.puzzle())
    }

    /// Any grid puzzle's solver: its positions are the rooms, its clues the statements.
    fn of(puzzle: &GridPuzzle) -> Result<CaseSolver, InquestError> {
        let rooms = puzzle.positions.count;
        let grid = puzzle.build()?;
        let mut base = grid.model.clone();
        base.constraints.truncate(grid.clue_constraints.start);
        let mut solver = Session::unshrunk(base.encode(EncodeOptions::default()));
        let selectors = grid.model.constraints[grid.clue_constraints.clone()]
            .iter()
            .map(|c| {
                let clue = solver.add_clue(c);
                solver.selector(clue)
            })
            .collect();
        let square_lit = grid
            .value_var
            .iter()
            .map(|vars| {
                vars.iter()
                    .map(|&v| (0..rooms).map(|r| solver.value_lit(v, r)).collect())
                    .collect()
            })
            .collect();
        Ok(CaseSolver {
            solver,
            selectors,
            square_lit,
            value_var: grid.value_var,
        })
    }

    fn lit(&self, s: Square) -> Lit {
        self.square_lit[s.cat][s.value][s.room]
    }

    /// The squares a sheet has written.
    fn given(sheet: &Sheet) -> Vec<Square> {
        CaseSolver::written(&sheet.placed)
    }

    /// The squares written in `placed[room][category]`.
    fn written(placed: &[Vec<Option<usize>>]) -> Vec<Square> {
        let mut out = Vec::new();
        for (room, row) in placed.iter().enumerate() {
            for (cat, v) in row.iter().enumerate() {
                if let Some(value) = *v {
                    out.push(Square { room, cat, value });
                }
            }
        }
        out
    }

    /// Splits literals back into statements and squares.
    fn explain(&self, lits: &[Lit], given: &[Square]) -> (Vec<usize>, Vec<Square>) {
        let mut statements: Vec<usize> = (0..self.selectors.len())
            .filter(|&i| lits.contains(&self.selectors[i]))
            .collect();
        statements.sort_unstable();
        let squares = given
            .iter()
            .filter(|&&s| lits.contains(&self.lit(s)))
            .copied()
            .collect();
        (statements, squares)
    }

    /// The solution: `room_of[cat][value]`, with proof that it is the only one (a second
    /// solve with it blocked is UNSAT).
    fn solution(&mut self) -> Result<Vec<Vec<usize>>, InquestError> {
        let selectors = self.selectors.clone();
        let values = self.solver.solve_values(&selectors)?.ok_or_else(|| {
            SolveError::Solver("the case's statements contradict each other".into())
        })?;
        let room_of = self.room_of(&values);
        self.solver.block_answer(&values);
        if self.solver.solve(&selectors)? {
            return Err(SolveError::Solver("the case has a second solution".into()).into());
        }
        Ok(room_of)
    }

    /// A minimal core, the smaller of the deletion passes front to back and back to front
    /// (a deletion pass finds *a* minimal core, and the order decides which; the reader wants
    /// as few statements as possible); None when neither keeps fewer than `limit` items (the
    /// caller has a smaller one already, and a pass gives up as soon as it cannot beat it).
    fn smallest_core_below(
        &mut self,
        fixed: &[Lit],
        core: &[Lit],
        limit: usize,
    ) -> Result<Option<Vec<Lit>>, SolveError> {
        let forward = self.minimise_below(fixed, core.iter().copied(), limit)?;
        let limit = forward.as_ref().map_or(limit, Vec::len);
        let backward = self.minimise_below(fixed, core.iter().rev().copied(), limit)?;
        Ok(backward.or(forward))
    }

    /// A minimal reason for `deny`'s square from `statements` and the `written` squares, if one
    /// of fewer than `limit` items turns up: the statements are tried for removal first, and a
    /// written square is dropped only when a trial shows it unneeded (never because a core
    /// left it out), so written squares stand in for the statements that would re-derive them.
    fn minimise_citing_written(
        &mut self,
        deny: Lit,
        statements: &[Lit],
        written: &[Lit],
        limit: usize,
    ) -> Result<Option<Vec<Lit>>, SolveError> {
        let items: Vec<(Lit, Role)> = std::iter::once((deny, Role::Fixed))
            .chain(statements.iter().map(|&l| (l, Role::Plain)))
            .chain(written.iter().map(|&l| (l, Role::Preferred)))
            .collect();
        let minimised =
            self.solver
                .minimise_below(&items, None, Deletion::EAGER, &mut NoWitnesses, limit)?;
        Ok(minimised.map(|m| m.kept.iter().map(|&i| items[i].0).collect()))
    }

    /// A minimal subset of `core` that, with `fixed` (assumed first), is still UNSAT, if one
    /// of fewer than `limit` items turns up.
    fn minimise_below(
        &mut self,
        fixed: &[Lit],
        core: impl Iterator<Item = Lit>,
        limit: usize,
    ) -> Result<Option<Vec<Lit>>, SolveError> {
        let items: Vec<(Lit, Role)> = fixed
            .iter()
            .map(|&l| (l, Role::Fixed))
            .chain(core.map(|l| (l, Role::Plain)))
            .collect();
        let minimised =
            self.solver
                .minimise_below(&items, None, Deletion::EAGER, &mut NoWitnesses, limit)?;
        Ok(minimised.map(|m| m.kept.iter().map(|&i| items[i].0).collect()))
    }

    /// A solver solution as `room_of[cat][value]`.
    fn room_of(&self, values: &[usize]) -> Vec<Vec<usize>> {
        self.value_var
            .iter()
            .map(|vars| vars.iter().map(|&v| values[v]).collect())
            .collect()
    }
}

/// Marks every statement and compares the sheet with the solver's (proved unique) solution.
pub fn check(case: &Case, sheet: &Sheet) -> Result<Checked, InquestError> {
    let marks = case
        .statements
        .iter()
        .map(|s| sheet.mark(&s.fact))
        .collect();
    let mut solver = CaseSolver::new(case)?;
    let solution = solver.solution()?;
    let wrong = CaseSolver::given(sheet)
        .into_iter()
        .filter(|s| solution[s.cat][s.value] != s.room)
        .collect();
    let thief_right = sheet.thief.map(|t| is_thief(case, &solution, t));
    Ok(Checked {
        marks,
        complete: sheet.is_complete(),
        wrong,
        thief_right,
    })
}

/// Is person `t` the thief in the solution (`room_of[cat][value]`): were they in the room
/// where the object was left behind?
fn is_thief(case: &Case, solution: &[Vec<usize>], t: usize) -> bool {
    let p = case.categories.iter().position(|c| *c == "person");
    let o = case.categories.iter().position(|c| *c == "object");
    match (p, o) {
        (Some(p), Some(o)) => solution[p].get(t) == solution[o].get(case.left_behind),
        _ => false,
    }
}

/// One square the statements force given the sheet, with a minimal explanation; or the
/// minimal reason the sheet is already wrong. Of the blank squares, the one whose
/// explanation is smallest (the first found on a tie): each is tried once against the
/// best so far, and a deletion pass gives up as soon as it cannot beat it.
pub fn hint(case: &Case, sheet: &Sheet) -> Result<Hint, InquestError> {
    let mut cs = CaseSolver::new(case)?;
    Ok(match cs.forced_square(&sheet.placed)? {
        Forced::Fill {
            square,
            clues,
            given,
        } => Hint::Fill {
            square,
            statements: clues,
            given,
        },
        Forced::Contradiction { clues, given } => Hint::Contradiction {
            statements: clues,
            given,
            broken: (0..case.statements.len())
                .filter(|&i| sheet.mark(&case.statements[i].fact) == Mark::Violated)
                .collect(),
        },
        // Every square is filled and right; the sheet is right only if the thief is too.
        Forced::Complete { solution } => match sheet.thief {
            Some(named) if !is_thief(case, &solution, named) => Hint::WrongThief { named },
            _ => Hint::Complete,
        },
    })
}

/// What a sheet's written squares and the clues force next (any grid puzzle: the Inquest's
/// hint without its thief, and the server's grid page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forced {
    /// Fill `square`: the clues (0-based) with the sheet's `given` squares force it, and no
    /// smaller subset of them does.
    Fill {
        /// The square, with the value it must hold.
        square: Square,
        /// The clues that force it (0-based).
        clues: Vec<usize>,
        /// The sheet's squares used with them.
        given: Vec<Square>,
    },
    /// These clues and squares contradict each other (a minimal set).
    Contradiction {
        /// The clues of the contradiction (0-based).
        clues: Vec<usize>,
        /// The sheet's squares in it.
        given: Vec<Square>,
    },
    /// Every square is filled, as in the solution (`room_of[cat][value]`).
    Complete {
        /// The solution, `room_of[cat][value]`.
        solution: Vec<Vec<usize>>,
    },
}

/// [`Forced`] for a sheet of any grid puzzle with one answer (`placed[position][category]`:
/// the value index written there, if any). An error when the clues have no answer or more
/// than one.
pub fn grid_hint(
    puzzle: &GridPuzzle,
    placed: &[Vec<Option<usize>>],
) -> Result<Forced, InquestError> {
    CaseSolver::of(puzzle)?.forced_square(placed)
}

/// How each clue of a grid puzzle stands on a sheet (`placed[position][category]`): satisfied
/// when every way to fill the blank squares (one value of each category per position) makes
/// it true, violated when none does, open otherwise. Only the clue itself and the grid's rules
/// are used, never the other clues.
pub fn grid_marks(
    puzzle: &GridPuzzle,
    placed: &[Vec<Option<usize>>],
) -> Result<Vec<Mark>, InquestError> {
    let mut cs = CaseSolver::of(puzzle)?;
    // Each clue's negation behind a selector of its own: the clue with `not` turned over.
    let mut negated = puzzle.clone();
    for c in &mut negated.clues {
        c.not = !c.not;
    }
    let negated = negated.build()?;
    let denials: Vec<Lit> = negated.model.constraints[negated.clue_constraints.clone()]
        .iter()
        .map(|c| {
            let clue = cs.solver.add_clue(c);
            cs.solver.selector(clue)
        })
        .collect();
    let written: Vec<Lit> = CaseSolver::written(placed)
        .into_iter()
        .map(|s| cs.lit(s))
        .collect();
    let mut marks = Vec::with_capacity(denials.len());
    for (i, &deny) in denials.iter().enumerate() {
        let holds = cs
            .solver
            .solve(&[&written[..], &[cs.selectors[i]]].concat())?;
        let fails = cs.solver.solve(&[&written[..], &[deny]].concat())?;
        marks.push(match (holds, fails) {
            (true, false) => Mark::Satisfied,
            (false, _) => Mark::Violated,
            (true, true) => Mark::Open,
        });
    }
    Ok(marks)
}

impl CaseSolver {
    /// The square to fill next on `placed`, with the smallest reason found; or why `placed`
    /// is already wrong; or that it is complete.
    fn forced_square(&mut self, placed: &[Vec<Option<usize>>]) -> Result<Forced, InquestError> {
        let cs = self;
        let given = CaseSolver::written(placed);
        let mut assumptions = cs.selectors.clone();
        assumptions.extend(given.iter().map(|&s| cs.lit(s)));
        let Some(values) = cs.solver.solve_values(&assumptions)? else {
            let core = cs.solver.failed();
            let core = cs
                .smallest_core_below(&[], &core, usize::MAX)?
                .expect("a minimal core keeps fewer than usize::MAX items");
            let (clues, given) = cs.explain(&core, &given);
            return Ok(Forced::Contradiction { clues, given });
        };
        // The sheet fits the clues; prove the answer the only one (then every square of it
        // is forced).
        let solution = cs.room_of(&values);
        let blocked = cs.solver.block_answer_under_activation(&values);
        if cs.solver.solve(&[&[blocked][..], &cs.selectors].concat())? {
            return Err(SolveError::Solver("the puzzle has a second solution".into()).into());
        }
        // Every blank square with the core of the solve that denies it; the squares with the
        // smallest cores go first, so that a small reason is found early and bounds the rest.
        let mut blanks: Vec<(Square, Lit, Vec<Lit>)> = Vec::new();
        for (room, row) in placed.iter().enumerate() {
            for (cat, v) in row.iter().enumerate() {
                if v.is_some() {
                    continue;
                }
                let Some(value) = solution[cat].iter().position(|&r| r == room) else {
                    continue;
                };
                let square = Square { room, cat, value };
                let deny = !cs.lit(square);
                if cs.solver.solve(&[&[deny][..], &assumptions].concat())? {
                    return Err(
                        SolveError::Solver("the puzzle has a second solution".into()).into(),
                    );
                }
                let core: Vec<Lit> = cs
                    .solver
                    .failed()
                    .into_iter()
                    .filter(|&l| l != deny)
                    .collect();
                blanks.push((square, deny, core));
            }
        }
        blanks.sort_by_key(|(_, _, core)| core.len());
        // The written squares are facts the player already has: every reason is offered all of
        // them, and the statements are tried for removal first, so a reason cites a written
        // square instead of the statements that forced it (the solver's core may have gone
        // round the square).
        let written: Vec<Lit> = given.iter().map(|&s| cs.lit(s)).collect();
        let mut best: Option<(usize, Forced)> = None;
        for (square, deny, core) in blanks {
            // Only a smaller reason than the best so far can replace it; nothing is smaller
            // than one statement or square (the rules of the sheet alone force none).
            let limit = best.as_ref().map_or(usize::MAX, |(size, _)| *size);
            let statements: Vec<Lit> = core
                .iter()
                .copied()
                .filter(|l| !written.contains(l))
                .collect();
            let Some(core) = cs.minimise_citing_written(deny, &statements, &written, limit)? else {
                continue;
            };
            let size = core.len();
            let (clues, given) = cs.explain(&core, &given);
            best = Some((
                size,
                Forced::Fill {
                    square,
                    clues,
                    given,
                },
            ));
            if size == 1 {
                break;
            }
        }
        Ok(best.map_or(Forced::Complete { solution }, |(_, f)| f))
    }
}
