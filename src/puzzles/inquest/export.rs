//! A case as JSON: a grid puzzle file (so `satpuz solve` and `count` read it) with the case's
//! own particulars in an `inquest` section. The statements are the puzzle's clues (kind,
//! arguments, sentence), in order.

use std::borrow::Cow;

use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::Value;

use super::{Case, Date};
use crate::choice::Choice;
use crate::puzzles::grid::GridPuzzle;
use crate::report::DifficultyNote;

/// The section of a case file that is not part of the grid puzzle format.
pub(crate) const SECTION: &str = "inquest";

/// Written through structs rather than `serde_json::Value` so the fields keep a reading order
/// (a `Value` map sorts its keys).
#[derive(Serialize)]
struct CaseFile<'a> {
    #[serde(flatten)]
    puzzle: GridPuzzle,
    inquest: Section<'a>,
}

#[derive(Serialize)]
struct Section<'a> {
    seed: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    length: &'static str,
    setting: &'a str,
    title: &'a str,
    scene: &'a str,
    intro: String,
    layout: String,
    stolen: &'a str,
    left_behind: &'a str,
    true_statements: usize,
    solver_calls: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    arrangement: Option<Vec<Row<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    thief: Option<&'a str>,
    /// How hard the case's step-by-step explanation is (`satpuz explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<DifficultyNote>,
}

/// One room of the arrangement: `{"room": ..., "<category>": "<value>", ...}` in order.
struct Row<'a>(Vec<(&'a str, &'a str)>);

impl Serialize for Row<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl Case {
    /// The case as pretty-printed JSON. `reveal` adds the arrangement and the thief; `date` is
    /// recorded when the case was dealt from one.
    pub fn to_json(&self, date: Option<Date>, reveal: bool) -> String {
        self.to_json_rated(date, reveal, None)
    }

    /// The same, with the case's difficulty in its section.
    pub fn to_json_rated(
        &self,
        date: Option<Date>,
        reveal: bool,
        difficulty: Option<DifficultyNote>,
    ) -> String {
        let arrangement = reveal.then(|| {
            (0..self.rooms())
                .map(|r| {
                    let mut row = vec![("room", self.arrangement.rooms[r].as_str())];
                    for (c, cat) in self.categories.iter().enumerate() {
                        if let Some(i) = self.arrangement.room_of[c].iter().position(|&x| x == r) {
                            row.push((cat, self.arrangement.values[c][i].as_str()));
                        }
                    }
                    Row(row)
                })
                .collect()
        });
        let file = CaseFile {
            puzzle: self.puzzle(),
            inquest: Section {
                seed: self.seed,
                date: date.map(|d| d.to_string()),
                length: self.length.name(),
                setting: &self.setting.id,
                title: &self.setting.title,
                scene: &self.setting.scene,
                intro: self.intro(),
                layout: self.layout(),
                stolen: &self.stolen,
                left_behind: self.left_object(),
                true_statements: self.stats.true_statements,
                solver_calls: self.stats.cut.solver_calls,
                arrangement,
                thief: reveal.then(|| self.thief()),
                difficulty,
            },
        };
        // Serialising plain structs of strings and numbers cannot fail.
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }
}

/// A puzzle file's text without a case's `inquest` section, for the grid reader. Anything
/// else (including text that is not JSON, whose errors the grid reader reports) is returned
/// unchanged.
pub(crate) fn grid_text(text: &str) -> Cow<'_, str> {
    if !text.contains(SECTION) {
        return Cow::Borrowed(text);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(mut m)) if m.contains_key(SECTION) => {
            m.remove(SECTION);
            Cow::Owned(Value::Object(m).to_string())
        }
        _ => Cow::Borrowed(text),
    }
}
