//! The Inquest as a [`Family`]: a case is a grid puzzle whose answer also names the thief.
//! Built-in names deal a case (`inquest`: today's, `inquest:YYYY-MM-DD`: that day's, short);
//! files are cases exported by `satpuz inquest --json`.

use std::any::Any;

use serde::Serialize;
use serde_json::Value;

use super::export::{SECTION, grid_text};
use super::{Date, Length, deal};
use crate::cnf::Cnf;
use crate::puzzles::grid::GridPuzzle;
use crate::puzzles::grid::family::{
    GridInstance, GridPuzzleView, GridSolution, GridSolutionValue, question_pairs,
};
use crate::puzzles::{
    Answer, BuildOptions, Builtin, Family, FamilyError, Instance, Loaded, Params, Purpose, Puzzle,
    Setting,
};
use crate::report::{ClueNote, Difference};
use crate::solve::stop::{Enumerated, Stop};
use crate::solve::{SolveError, Verdict};

/// The Inquest's cases.
pub(crate) struct InquestFamily;

impl Family for InquestFamily {
    fn name(&self) -> &'static str {
        "inquest"
    }

    fn about(&self) -> &'static str {
        "the Inquest: a dealt case of rooms, people and objects; who is the thief?"
    }

    fn settings(&self) -> &'static [Setting] {
        &[Setting::Encoding, Setting::Amo]
    }

    fn builtins(&self) -> Vec<Builtin> {
        vec![Builtin {
            name: "inquest".into(),
            about: "today's short case (UTC); inquest:YYYY-MM-DD for another day's".into(),
            refused: None,
        }]
    }

    fn load_builtin(&self, name: &str, _params: &Params) -> Option<Result<Loaded, FamilyError>> {
        let date = match name.strip_prefix("inquest") {
            Some("") => Ok(Date::today()),
            Some(rest) => Date::parse(rest.strip_prefix(':')?).map_err(|e| {
                FamilyError::Refused(format!("`{name}`: {e} (say inquest:YYYY-MM-DD)"))
            }),
            None => return None,
        };
        Some(date.and_then(|date| {
            let case = deal(date.seed(), Length::Short)
                .map_err(|e| FamilyError::from(e).at(format!("dealing the case of {date}")))?;
            let mut puzzle = case.puzzle();
            puzzle.name = format!("inquest:{date}");
            Ok(Loaded::one(Case {
                view: view(puzzle),
                left_behind: case.left_object().to_string(),
                thief: None,
            }))
        }))
    }

    fn file_shape(&self) -> &'static str {
        "a grid puzzle with an `inquest` section (`satpuz inquest --json`)"
    }

    fn claims_json(&self, value: &Value) -> bool {
        value.get(SECTION).is_some()
    }

    fn load_json(&self, text: &str, origin: &str) -> Result<Loaded, FamilyError> {
        let section: Value = serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v.get(SECTION).cloned())
            .unwrap_or(Value::Null);
        let field = |k: &str| section.get(k).and_then(Value::as_str).map(str::to_string);
        let Some(left_behind) = field("left_behind") else {
            return Err(FamilyError::Refused(format!(
                "{origin}: the `{SECTION}` section names no `left_behind` object"
            )));
        };
        let puzzle =
            GridPuzzle::from_json(&grid_text(text)).map_err(|e| FamilyError::from(e).at(origin))?;
        Ok(Loaded::one(Case {
            view: view(puzzle),
            left_behind,
            thief: field("thief"),
        }))
    }
}

fn view(puzzle: GridPuzzle) -> GridPuzzleView {
    let mut view = GridPuzzleView::new(puzzle);
    view.family = "inquest";
    view
}

/// A case: its grid, the object the thief left behind, and the thief when the file reveals it.
struct Case {
    view: GridPuzzleView,
    left_behind: String,
    thief: Option<String>,
}

impl Puzzle for Case {
    fn family(&self) -> &'static str {
        "inquest"
    }

    fn name(&self) -> String {
        self.view.name()
    }

    fn summary(&self) -> String {
        self.view.summary()
    }

    fn expected(&self) -> Option<Value> {
        self.thief
            .clone()
            .map(|t| serde_json::json!({ "thief": t }))
    }

    fn disagreement(&self, first: Option<&dyn Answer>, unique: bool) -> Option<String> {
        let want = self.thief.as_ref()?;
        let found = first.and_then(|a| a.as_any().downcast_ref::<Solution>());
        match found {
            Some(s) if unique && &s.thief == want => None,
            Some(s) if unique => Some(format!(
                "the file says {want} is the thief, the solver proves {}",
                s.thief
            )),
            Some(_) => Some(format!(
                "the file names the thief {want}, but the case has several answers"
            )),
            None => Some(format!(
                "the file names the thief {want}, the solver finds no answer"
            )),
        }
    }

    fn has_clues(&self) -> bool {
        true
    }

    fn clued(&self) -> Option<Result<crate::solve::steps::Clued, FamilyError>> {
        let clued = self.view.clued()?;
        Some(clued.map(|c| crate::solve::steps::Clued {
            clue_noun: "statement",
            ..c
        }))
    }

    fn build(
        &self,
        opts: &BuildOptions,
        purpose: Purpose,
    ) -> Result<Box<dyn Instance>, FamilyError> {
        Ok(Box::new(CaseInstance {
            grid: self.view.instance(opts, purpose)?,
            left_behind: self.left_behind.clone(),
        }))
    }
}

struct CaseInstance {
    grid: GridInstance,
    left_behind: String,
}

impl Instance for CaseInstance {
    fn cnf(&self) -> &Cnf {
        self.grid.cnf()
    }

    fn cnf_mut(&mut self) -> &mut Cnf {
        self.grid.cnf_mut()
    }

    fn solve_unique(&mut self) -> Result<Verdict, SolveError> {
        self.grid.solve_unique()
    }

    fn count(
        &mut self,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        self.grid.count(limit, stop, tick)
    }

    fn answer(&self, assignment: &[bool]) -> Result<Box<dyn Answer>, FamilyError> {
        let grid = self.grid.solution(assignment)?;
        let thief = question_pairs(&grid.puzzle, &grid.table)
            .into_iter()
            .find(|(object, _)| *object == self.left_behind)
            .map(|(_, person)| person)
            .unwrap_or_default();
        Ok(Box::new(Solution { grid, thief }))
    }

    fn export(&mut self, origin: &str) -> Result<(Cnf, Vec<String>), FamilyError> {
        self.grid.export(origin)
    }

    fn contradiction(&mut self) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        self.grid.contradiction()
    }

    fn why(&mut self, assignment: &[bool]) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        self.grid.why(assignment)
    }
}

/// A solved case: the arrangement and the thief.
struct Solution {
    grid: GridSolution,
    thief: String,
}

/// A solved case as JSON.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub(crate) struct CaseSolutionValue {
    #[serde(flatten)]
    pub(crate) grid: GridSolutionValue,
    /// Whoever stands in the room of the object left behind.
    pub(crate) thief: String,
}

impl Answer for Solution {
    fn text(&self) -> String {
        format!("{}\nThe thief is {}.\n", self.grid.text(), self.thief)
    }

    fn value(&self) -> Value {
        let v = CaseSolutionValue {
            grid: self.grid.to_value(),
            thief: self.thief.clone(),
        };
        serde_json::to_value(v).unwrap_or(Value::Null)
    }

    fn differences(&self, other: &dyn Answer) -> Vec<Difference> {
        match other.as_any().downcast_ref::<Solution>() {
            Some(o) => self.grid.differences(&o.grid),
            None => Vec::new(),
        }
    }

    fn side_by_side(&self, other: &dyn Answer) -> Option<String> {
        let o = other.as_any().downcast_ref::<Solution>()?;
        self.grid.side_by_side(&o.grid)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
