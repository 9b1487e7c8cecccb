//! Portia's caskets as a [`Family`]: `portia` with `--statements` and `--clue` or `--makers`,
//! and Portia JSON files (one record, or an array of records as the catalogues are written).

use std::any::Any;

use serde::Serialize;
use serde_json::{Value, json};

use super::clue::{CountClue, LidClue, MakerStatement};
use super::model::Found;
use super::{
    CASKET_NAMES, CASKETS, Formula, Puzzle as Caskets, Record, parse_statement_lists, text,
};
use crate::choice::Choice;
use crate::cnf::Cnf;
use crate::puzzles::{
    Answer, BuildOptions, Builtin, Family, FamilyError, Instance, Loaded, Parameter, Params,
    Purpose, Puzzle, Setting,
};
use crate::report::Difference;

/// Portia's caskets (Smullyan).
pub(crate) struct PortiaFamily;

const EXAMPLE: &str = "e.g. `satpuz solve portia --statements 1,-2,-1 --clue \"at most 1 true\"`";

impl Family for PortiaFamily {
    fn name(&self) -> &'static str {
        "portia"
    }

    fn about(&self) -> &'static str {
        "Portia's caskets (Smullyan): which casket holds the portrait?"
    }

    fn settings(&self) -> &'static [Setting] {
        &[Setting::Encoding, Setting::Amo, Setting::Card]
    }

    fn parameters(&self) -> &'static [Parameter] {
        &[
            Parameter {
                name: "statements",
                builtin: "portia",
            },
            Parameter {
                name: "clue",
                builtin: "portia",
            },
            Parameter {
                name: "makers",
                builtin: "portia",
            },
        ]
    }

    fn builtins(&self) -> Vec<Builtin> {
        vec![Builtin {
            name: "portia".into(),
            about: "the caskets of --statements, with --clue (Portia I, II) or --makers (III)"
                .into(),
            refused: None,
        }]
    }

    fn load_builtin(&self, name: &str, params: &Params) -> Option<Result<Loaded, FamilyError>> {
        (name == "portia").then(|| {
            from_params(params).map(|p| {
                Loaded::one(PortiaView {
                    puzzle: p,
                    record: None,
                })
            })
        })
    }

    fn file_shape(&self) -> &'static str {
        "an object with `caskets`, or an array of them"
    }

    fn claims_json(&self, value: &Value) -> bool {
        let is_portia = |v: &Value| v.get("caskets").is_some();
        match value {
            Value::Array(items) => items.first().is_some_and(is_portia),
            v => is_portia(v),
        }
    }

    fn load_json(&self, text: &str, origin: &str) -> Result<Loaded, FamilyError> {
        let records = Record::parse_many(text, origin)?;
        let mut puzzles: Vec<Box<dyn Puzzle>> = Vec::with_capacity(records.len());
        for (i, r) in records.into_iter().enumerate() {
            let place = match &r.id {
                Some(id) => format!("{origin}: {id}"),
                None if i == 0 => origin.to_string(),
                None => format!("{origin}, record {}", i + 1),
            };
            let puzzle = r.puzzle(&place)?;
            puzzles.push(Box::new(PortiaView {
                puzzle,
                record: Some(r),
            }));
        }
        Ok(Loaded {
            puzzles,
            warnings: Vec::new(),
        })
    }
}

/// The puzzle `--statements`, `--clue` and `--makers` describe.
fn from_params(params: &Params) -> Result<Caskets, FamilyError> {
    let refuse = |m: String| Err(FamilyError::Refused(m));
    let Some(statements) = params.get("statements") else {
        return refuse(format!("`portia` needs --statements, {EXAMPLE}"));
    };
    let lists = parse_statement_lists(statements, "--statements")?;
    match (lists.as_slice(), params.get("clue"), params.get("makers")) {
        (_, Some(_), Some(_)) => {
            refuse("give either --clue (Portia I and II) or --makers (Portia III), not both".into())
        }
        ([list], Some(clue), None) => Ok(Caskets::one(*list, CountClue::parse(clue)?)),
        ([a, b], Some(clue), None) => Ok(Caskets::two([*a, *b], LidClue::parse(clue)?)),
        ([list], None, Some(makers)) => Ok(Caskets::three(
            *list,
            MakerStatement::parse_all(makers, "--makers")?,
        )),
        ([_, _], None, Some(_)) => {
            refuse("--makers (Portia III) goes with one statement per casket, not two lists".into())
        }
        (_, None, None) => refuse(format!(
            "`portia` needs --clue (Portia I and II) or --makers (Portia III), {EXAMPLE}"
        )),
        _ => refuse("--statements gives one or two lists".into()),
    }
}

struct PortiaView {
    puzzle: Caskets,
    record: Option<Record>,
}

impl PortiaView {
    fn label(&self) -> String {
        self.record
            .as_ref()
            .and_then(|r| r.id.clone())
            .unwrap_or_else(|| self.puzzle.generation().title().to_string())
    }
}

fn casket_name(c: usize) -> String {
    format!("{} casket ({})", CASKET_NAMES[c], c + 1)
}

impl Puzzle for PortiaView {
    fn family(&self) -> &'static str {
        "portia"
    }

    fn name(&self) -> String {
        self.label()
    }

    fn summary(&self) -> String {
        format!("{}: clue `{}`", self.label(), self.puzzle.clue())
    }

    fn statement(&self) -> Option<String> {
        Some(text::render(&self.puzzle))
    }

    fn details(&self) -> Option<Value> {
        let lists: Vec<Vec<i64>> = self
            .puzzle
            .lists()
            .iter()
            .map(|l| l.iter().map(|s| s.pointer()).collect())
            .collect();
        Some(json!({
            "id": self.record.as_ref().and_then(|r| r.id.clone()),
            "generation": self.puzzle.generation().number(),
            "statements": lists,
            "clue": self.puzzle.clue().to_string(),
            "text": text::render(&self.puzzle),
        }))
    }

    fn expected(&self) -> Option<Value> {
        let want = self.record.as_ref()?.solution?;
        Some(json!({ "portrait": want }))
    }

    fn disagreement(&self, first: Option<&dyn Answer>, unique: bool) -> Option<String> {
        let want = self.record.as_ref()?.solution?;
        let label = self.label();
        let Some(found) = first.and_then(|a| a.as_any().downcast_ref::<PortiaSolution>()) else {
            return Some(format!(
                "{label}: the file gives a solution, the solver finds none"
            ));
        };
        let got = found.0.portrait + 1;
        if unique && got == want {
            return None;
        }
        Some(if unique {
            format!("{label}: the file says casket {want}, the solver proves casket {got}")
        } else {
            format!("{label}: the file says casket {want}, the solver allows more than one casket")
        })
    }

    fn build(
        &self,
        opts: &BuildOptions,
        _purpose: Purpose,
    ) -> Result<Box<dyn Instance>, FamilyError> {
        let options = opts.encode();
        Ok(Box::new(PortiaInstance {
            formula: Formula::for_puzzle(&self.puzzle, options),
            label: self.label(),
        }))
    }
}

struct PortiaInstance {
    formula: Formula,
    label: String,
}

impl Instance for PortiaInstance {
    fn cnf(&self) -> &Cnf {
        &self.formula.enc.cnf
    }

    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.formula.enc.cnf
    }

    fn answer(&self, assignment: &[bool]) -> Result<Box<dyn Answer>, FamilyError> {
        Ok(Box::new(PortiaSolution(self.formula.found(assignment)?)))
    }

    fn export(&mut self, _origin: &str) -> Result<(Cnf, Vec<String>), FamilyError> {
        let o = self.formula.enc.opts;
        let flags = format!(
            "--encoding {} --amo {} --card {}",
            o.encoding.name(),
            o.amo.name(),
            o.card.name()
        );
        let comments = vec![
            format!("satpuz {}: {}", env!("CARGO_PKG_VERSION"), self.label),
            format!("{flags}; the portrait's casket is the projection (c p show)"),
        ];
        Ok((self.formula.enc.cnf.clone(), comments))
    }
}

struct PortiaSolution(Found);

/// A Portia answer as JSON.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub(crate) struct PortiaSolutionValue {
    /// The portrait's casket, 1-based (1 gold, 2 silver, 3 lead).
    pub(crate) portrait: usize,
    /// Its name.
    pub(crate) casket: String,
    /// `truths[c][j]`: whether the `j`-th inscription on casket `c` is true.
    pub(crate) truths: Vec<Vec<bool>>,
    /// Portia III: whether Bellini made each casket.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bellini: Option<Vec<bool>>,
}

impl Answer for PortiaSolution {
    fn text(&self) -> String {
        let f = &self.0;
        let mut out = format!("portrait: {}\n", casket_name(f.portrait));
        let per_casket: Vec<String> = (0..CASKETS)
            .map(|c| {
                let marks: Vec<&str> = f.truths[c]
                    .iter()
                    .map(|&t| if t { "true" } else { "false" })
                    .collect();
                format!("{} {}", CASKET_NAMES[c], marks.join("/"))
            })
            .collect();
        out.push_str(&format!("statements: {}\n", per_casket.join(", ")));
        if !f.bellini.is_empty() {
            let makers: Vec<String> = (0..CASKETS)
                .map(|c| {
                    let who = if f.bellini[c] { "Bellini" } else { "Cellini" };
                    format!("{} by {who}", CASKET_NAMES[c])
                })
                .collect();
            out.push_str(&format!("makers: {}\n", makers.join(", ")));
        }
        out
    }

    fn value(&self) -> Value {
        let f = &self.0;
        let v = PortiaSolutionValue {
            portrait: f.portrait + 1,
            casket: CASKET_NAMES[f.portrait].to_string(),
            truths: f.truths.clone(),
            bellini: (!f.bellini.is_empty()).then(|| f.bellini.clone()),
        };
        serde_json::to_value(v).unwrap_or(Value::Null)
    }

    fn differences(&self, other: &dyn Answer) -> Vec<Difference> {
        let Some(o) = other.as_any().downcast_ref::<PortiaSolution>() else {
            return Vec::new();
        };
        if o.0.portrait == self.0.portrait {
            return Vec::new();
        }
        vec![Difference {
            position: String::new(),
            category: "portrait".into(),
            first: casket_name(self.0.portrait),
            second: casket_name(o.0.portrait),
        }]
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
