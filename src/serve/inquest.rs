//! The Inquest over the API: deal a case by date or seed exactly as `satpuz inquest` does,
//! check and hint a sheet (the library's `inquest::sheet`), and give the verdict on a named
//! thief with the whole arrangement as the solver finds it.

use std::sync::Arc;
use std::time::Instant;

use schemars::JsonSchema;
use serde::Serialize;

use super::api::{ApiError, Fields};
use super::{Recent, Reply, Shared};
use crate::choice::Choice;
use crate::model::EncodeOptions;
use crate::puzzles::inquest::sheet::{self, Checked};
use crate::puzzles::inquest::{Case, Date, Length, Sheet, Square, deal};
use crate::report::{SCHEMA_VERSION, SquareValue};
use crate::solve::{Varisat, Verdict, solve_unique};

/// A dealt case with the solver's answer to it (`table[room][category]` = value index),
/// proved the only one.
pub(crate) struct Dealt {
    case: Case,
    date: Option<Date>,
    table: Vec<Vec<usize>>,
    /// How long the deal took on this machine (the cut included, the proof of the answer not).
    deal_millis: f64,
}

/// Recently dealt cases, by seed and length.
pub(crate) struct CaseCache(Recent<(u64, Length), Dealt>);

impl Default for CaseCache {
    fn default() -> Self {
        CaseCache(Recent::new(64))
    }
}

/// `POST /api/inquest/deal`: the case, as the page shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CaseReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The case's title line, as `satpuz inquest` prints it.
    pub case: String,
    /// Always `inquest`.
    pub family: String,
    /// The seed that dealt it.
    pub seed: u64,
    /// The date it is the case of (absent when dealt by seed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// `short` or `long`.
    pub length: String,
    /// The setting's title (`A hotel out of season`).
    pub setting: String,
    /// The setting's scene paragraph.
    pub scene: String,
    /// What was taken and what the thief left behind.
    pub intro: String,
    /// How the rooms run.
    pub layout: String,
    /// The rooms, first to last along the line (the sheet's columns).
    pub rooms: Vec<String>,
    /// The categories (the sheet's rows), with their values.
    pub categories: Vec<CategoryColumn>,
    /// The statements, in order (numbered from 1 in every other answer).
    pub statements: Vec<String>,
    /// The question.
    pub question: String,
    /// Arrangements that fit the statements, counted by the solver: 1 (the count stops at 2).
    pub solutions: u64,
    /// True statements generated before the cut.
    pub true_statements: usize,
    /// Solver calls the cut made.
    pub solver_calls: usize,
    /// Shuffles cut until the statement count was in the length's range (1 when the first was).
    pub attempts: usize,
    /// Milliseconds the deal took on this machine, when it was dealt (a cached case keeps its
    /// first figure).
    pub deal_millis: f64,
}

/// A category of a case: a block of the sheet.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CategoryColumn {
    /// `person`, `trade`, `object` or `clock` (what sheets and answers name it by).
    pub name: String,
    /// How the page heads it (`Person`, `On the floor`).
    pub label: String,
    /// Its values in the case.
    pub values: Vec<String>,
}

/// `POST /api/inquest/verdict`: is the named person the thief, and the whole answer.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct VerdictReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The case's title line.
    pub case: String,
    /// Always `inquest`.
    pub family: String,
    /// The person named.
    pub named: String,
    /// `right` or `wrong`.
    pub verdict: String,
    /// Whether the person named is the thief.
    pub right: bool,
    /// The thief, by the solver's answer.
    pub thief: String,
    /// What was taken.
    pub stolen: String,
    /// The object the thief left behind.
    pub left_behind: String,
    /// The room it lay in, where the thief was.
    pub thief_room: String,
    /// The solver's arrangement: every room's value of every category.
    pub arrangement: Vec<SquareValue>,
    /// Arrangements that fit the statements: 1, proved by the solver.
    pub solutions: u64,
}

const CASE_FIELDS: [&str; 3] = ["date", "seed", "length"];

/// The case a request names (`date` or `seed`, and `length`), dealt or from the cache.
fn case_of(shared: &Shared, fields: &mut Fields) -> Result<Arc<Dealt>, ApiError> {
    let date: Option<String> = fields.take("date", "a date YYYY-MM-DD")?;
    let seed: Option<u64> = fields.take("seed", "a whole number 0 to 2^64-1")?;
    let length: Option<String> = fields.take("length", "`short` or `long`")?;
    let length = match length {
        None => Length::default(),
        Some(name) => Length::from_name(&name).ok_or_else(|| {
            ApiError::bad(
                Some("length"),
                format!("expected `short` or `long`, got {name:?}"),
            )
        })?,
    };
    let (seed, date) = match (seed, date) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad(
                Some("seed"),
                "give a date or a seed, not both".into(),
            ));
        }
        (Some(seed), None) => (seed, None),
        (None, Some(text)) => {
            let date =
                Date::parse(&text).map_err(|e| ApiError::bad(Some("date"), e.to_string()))?;
            (date.seed(), Some(date))
        }
        (None, None) => {
            let today = Date::today();
            (today.seed(), Some(today))
        }
    };
    if let Some(dealt) = shared.cases.0.get(&(seed, length)) {
        if dealt.date == date {
            return Ok(dealt);
        }
        // The same case, named by seed one time and by date the next.
        return Ok(Arc::new(Dealt {
            case: dealt.case.clone(),
            date,
            table: dealt.table.clone(),
            deal_millis: dealt.deal_millis,
        }));
    }
    let start = Instant::now();
    let case =
        deal(seed, length).map_err(|e| ApiError::internal(format!("dealing case {seed}: {e}")))?;
    let deal_millis = start.elapsed().as_secs_f64() * 1e3;
    let table = solve_case(&case)?;
    let dealt = Arc::new(Dealt {
        case,
        date,
        table,
        deal_millis,
    });
    shared.cases.0.put((seed, length), Arc::clone(&dealt));
    Ok(dealt)
}

/// The case's answer from the solver, proved unique, and checked against the dealt
/// arrangement (a difference is a bug).
fn solve_case(case: &Case) -> Result<Vec<Vec<usize>>, ApiError> {
    let fail = |what: String| ApiError::internal(format!("case {}: {what}", case.seed));
    let grid = case.puzzle().build().map_err(|e| fail(e.to_string()))?;
    let mut encoded = grid.model.encode(EncodeOptions::default());
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let verdict = solve_unique(&mut encoded.cnf, &mut solver).map_err(|e| fail(e.to_string()))?;
    let Verdict::Unique(assignment) = verdict else {
        return Err(fail("the statements do not have exactly one answer".into()));
    };
    let values = encoded
        .decode(&assignment)
        .ok_or_else(|| fail("the solver's model does not decode".into()))?;
    let table = grid.answer(&values, case.rooms()).table;
    let dealt_matches = table.iter().enumerate().all(|(room, row)| {
        row.iter()
            .enumerate()
            .all(|(c, &i)| case.arrangement.room_of[c][i] == room)
    });
    if !dealt_matches {
        return Err(fail(
            "the solver's answer differs from the dealt one".into(),
        ));
    }
    Ok(table)
}

/// The title line, as `satpuz inquest` prints it.
fn title(dealt: &Dealt) -> String {
    dealt.case.title(dealt.date)
}

fn label(category: &str) -> String {
    match category {
        "person" => "Person".into(),
        "trade" => "Trade".into(),
        "object" => "On the floor".into(),
        "clock" => "Clock face".into(),
        other => other.into(),
    }
}

pub(crate) fn deal_call(shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let dealt = case_of(shared, &mut fields)?;
    fields.finish(&CASE_FIELDS)?;
    let case = &dealt.case;
    Ok(Reply::json(&CaseReport {
        schema_version: SCHEMA_VERSION,
        case: title(&dealt),
        family: "inquest".into(),
        seed: case.seed,
        date: dealt.date.map(|d| d.to_string()),
        length: case.length.name().into(),
        setting: case.setting.title.clone(),
        scene: case.setting.scene.clone(),
        intro: case.intro(),
        layout: case.layout(),
        rooms: case.arrangement.rooms.clone(),
        categories: case
            .categories
            .iter()
            .zip(&case.arrangement.values)
            .map(|(name, values)| CategoryColumn {
                name: name.to_string(),
                label: label(name),
                values: values.clone(),
            })
            .collect(),
        statements: case.statements.iter().map(|s| s.text.clone()).collect(),
        question: "Who is the thief?".into(),
        solutions: 1,
        true_statements: case.stats.true_statements,
        solver_calls: case.stats.cut.solver_calls,
        attempts: case.stats.attempts,
        deal_millis: dealt.deal_millis,
    }))
}

/// The case and the sheet a request gives (`sheet` absent: an empty sheet).
fn case_and_sheet(shared: &Shared, body: &[u8]) -> Result<(Arc<Dealt>, Sheet, Fields), ApiError> {
    let mut fields = Fields::parse(body)?;
    let dealt = case_of(shared, &mut fields)?;
    let sheet = match fields.take_value("sheet") {
        None => Sheet::empty(&dealt.case),
        Some(v) => Sheet::from_json(&dealt.case, &v.to_string())
            .map_err(|e| ApiError::bad(Some("sheet"), e.to_string()))?,
    };
    Ok((dealt, sheet, fields))
}

pub(crate) fn check_call(shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let (dealt, sheet, fields) = case_and_sheet(shared, body)?;
    fields.finish(&["date", "seed", "length", "sheet"])?;
    let checked: Checked = sheet::check(&dealt.case, &sheet)
        .map_err(|e| ApiError::internal(format!("checking the sheet: {e}")))?;
    Ok(Reply::json(&checked.report(&dealt.case, title(&dealt))))
}

pub(crate) fn hint_call(shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let (dealt, sheet, fields) = case_and_sheet(shared, body)?;
    fields.finish(&["date", "seed", "length", "sheet"])?;
    let case = &dealt.case;
    let hint = sheet::hint(case, &sheet)
        .map_err(|e| ApiError::internal(format!("hinting the sheet: {e}")))?;
    Ok(Reply::json(&hint.report(case, title(&dealt))))
}

fn category(case: &Case, name: &str) -> Option<usize> {
    case.categories.iter().position(|c| *c == name)
}

pub(crate) fn verdict_call(shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let dealt = case_of(shared, &mut fields)?;
    let named: Option<String> = fields.take("thief", "a person's name")?;
    fields.finish(&["date", "seed", "length", "thief"])?;
    let case = &dealt.case;
    let Some(named) = named else {
        return Err(ApiError::bad(
            Some("thief"),
            "missing: name the person you think took it".into(),
        ));
    };
    // The sheet reader matches names as sheets do (case, a leading "the", near misses).
    let sheet = Sheet::from_json(case, &serde_json::json!({ "thief": named }).to_string())
        .map_err(|e| {
            let why = e.to_string();
            let why = why
                .strip_prefix("sheet, thief: ")
                .unwrap_or(&why)
                .to_string();
            ApiError::bad(Some("thief"), why)
        })?;
    let (Some(t), Some(p), Some(o)) = (
        sheet.thief,
        category(case, "person"),
        category(case, "object"),
    ) else {
        return Err(ApiError::internal(
            "the case has no people or objects".into(),
        ));
    };
    let table = &dealt.table;
    let thief_room = table
        .iter()
        .position(|row| row[o] == case.left_behind)
        .ok_or_else(|| ApiError::internal("the left object is in no room".into()))?;
    let thief = table[thief_room][p];
    let arrangement = table
        .iter()
        .enumerate()
        .flat_map(|(room, row)| {
            row.iter()
                .enumerate()
                .map(move |(cat, &value)| Square { room, cat, value })
        })
        .map(|s| s.value(case))
        .collect();
    let right = t == thief;
    Ok(Reply::json(&VerdictReport {
        schema_version: SCHEMA_VERSION,
        case: title(&dealt),
        family: "inquest".into(),
        named: case.arrangement.values[p][t].clone(),
        verdict: if right { "right" } else { "wrong" }.into(),
        right,
        thief: case.arrangement.values[p][thief].clone(),
        stolen: case.stolen.clone(),
        left_behind: case.left_object().to_string(),
        thief_room: case.arrangement.rooms[thief_room].clone(),
        arrangement,
        solutions: 1,
    }))
}
