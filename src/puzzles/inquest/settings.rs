//! The six settings a case is dealt in, shipped as data in `encodings/inquest/*.json`: room
//! names, people, trades, objects, clock faces, stolen items, and sentence templates in the
//! setting's own voice.

use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

use serde::Deserialize;

/// One setting as stored in its JSON file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setting {
    /// Short name (`house`, `hotel`, ...).
    pub id: String,
    /// Its title line (`A hotel out of season`).
    pub title: String,
    /// A paragraph that sets the scene.
    pub scene: String,
    /// `{stolen}` went missing; the thief left `{left}` behind.
    pub(crate) intro: String,
    /// How the line of rooms runs; `{rooms}` is the list, first to last.
    pub(crate) layout: String,
    /// What one room is called (`room`, `carriage`, `module`).
    pub(crate) noun: String,
    /// The unit of distance in the singular and plural (`door`, `doors`).
    pub(crate) unit: (String, String),
    /// Keep the dealt rooms in file order (numbered hotel rooms run in order along a landing).
    #[serde(default)]
    pub(crate) ordered_rooms: bool,
    pub(crate) rooms: Vec<String>,
    pub(crate) people: Vec<String>,
    pub(crate) trades: Vec<String>,
    pub(crate) objects: Vec<String>,
    pub(crate) clocks: Vec<String>,
    pub(crate) stolen: Vec<String>,
    /// How a value of each category is named in a sentence; `{}` is the value.
    pub(crate) phrases: BTreeMap<String, String>,
    /// Sentence templates per statement kind (`same`, `before_by`, ...), optionally narrowed to
    /// a pair of categories (`same/person/trade`). Placeholders: `{a}`, `{b}`, `{room}`, `{k}`,
    /// `{unit}`.
    pub(crate) templates: BTreeMap<String, Vec<String>>,
}

/// The four categories dealt across the rooms, in the order a case lists them.
pub(crate) const CATEGORIES: [&str; 4] = ["person", "trade", "object", "clock"];

/// Statement kinds and the placeholders each kind's templates may use.
pub(crate) const TEMPLATE_KINDS: [(&str, &[&str]); 10] = [
    ("same", &["a", "b"]),
    ("not_same", &["a", "b"]),
    ("next_to", &["a", "b"]),
    ("before", &["a", "b"]),
    ("after", &["a", "b"]),
    ("before_by", &["a", "b", "k", "unit"]),
    ("after_by", &["a", "b", "k", "unit"]),
    ("at_end", &["a"]),
    ("at", &["a", "room"]),
    ("not_at", &["a", "room"]),
];

/// The shipped settings, in a fixed order (a seed picks one by index).
const SHIPPED: [(&str, &str); 6] = [
    (
        "house",
        include_str!("../../../encodings/inquest/house.json"),
    ),
    (
        "hotel",
        include_str!("../../../encodings/inquest/hotel.json"),
    ),
    (
        "sleeper",
        include_str!("../../../encodings/inquest/sleeper.json"),
    ),
    (
        "museum",
        include_str!("../../../encodings/inquest/museum.json"),
    ),
    (
        "theatre",
        include_str!("../../../encodings/inquest/theatre.json"),
    ),
    (
        "polar",
        include_str!("../../../encodings/inquest/polar.json"),
    ),
];

/// A defect in a setting file, naming the file and the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("encodings/inquest/{file}.json: {detail}")]
pub struct SettingError {
    pub(crate) file: String,
    pub(crate) detail: String,
}

impl Setting {
    /// Parses and checks one setting file; `file` names it in errors.
    pub fn from_json(file: &str, text: &str) -> Result<Setting, SettingError> {
        let err = |detail: String| SettingError {
            file: file.to_string(),
            detail,
        };
        let s: Setting = serde_json::from_str(text)
            .map_err(|e| err(format!("line {}, column {}: {e}", e.line(), e.column())))?;
        s.check().map_err(err)?;
        Ok(s)
    }

    /// The values a category draws from.
    pub(crate) fn pool(&self, category: &str) -> &[String] {
        match category {
            "person" => &self.people,
            "trade" => &self.trades,
            "object" => &self.objects,
            "clock" => &self.clocks,
            _ => &[],
        }
    }

    /// Most rooms a case in this setting can have (every list must fill them).
    pub fn max_rooms(&self) -> usize {
        CATEGORIES
            .iter()
            .map(|c| self.pool(c).len())
            .chain([self.rooms.len()])
            .min()
            .unwrap_or(0)
    }

    fn check(&self) -> Result<(), String> {
        for (field, list) in [
            ("rooms", &self.rooms),
            ("people", &self.people),
            ("trades", &self.trades),
            ("objects", &self.objects),
            ("clocks", &self.clocks),
            ("stolen", &self.stolen),
        ] {
            if list.is_empty() {
                return Err(format!("`{field}` is empty"));
            }
            if let Some(v) = list.iter().find(|v| v.contains(['{', '}'])) {
                return Err(format!("`{field}`: `{v}` contains a brace"));
            }
            let mut seen = HashSet::new();
            if let Some(dup) = list.iter().find(|v| !seen.insert(v.as_str())) {
                return Err(format!("`{field}` lists `{dup}` twice"));
            }
        }
        // Values of different categories share one namespace in a grid puzzle.
        let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
        for cat in CATEGORIES {
            for v in self.pool(cat) {
                if let Some(first) = owner.insert(v, cat) {
                    return Err(format!("`{v}` is both a {first} and a {cat}"));
                }
            }
        }
        for cat in CATEGORIES {
            match self.phrases.get(cat) {
                Some(p) if p.matches("{}").count() == 1 => {}
                Some(p) => return Err(format!("phrase for `{cat}` needs one `{{}}`: `{p}`")),
                None => return Err(format!("`phrases` has no entry for `{cat}`")),
            }
        }
        if let Some(extra) = self
            .phrases
            .keys()
            .find(|k| !CATEGORIES.contains(&k.as_str()))
        {
            return Err(format!("`phrases` names unknown category `{extra}`"));
        }
        for (kind, _) in TEMPLATE_KINDS {
            if self.templates.get(kind).is_none_or(|t| t.is_empty()) {
                return Err(format!("`templates` has no sentence for `{kind}`"));
            }
        }
        for (key, list) in &self.templates {
            let mut parts = key.split('/');
            let kind = parts.next().unwrap_or_default();
            let Some((_, allowed)) = TEMPLATE_KINDS.iter().find(|(k, _)| *k == kind) else {
                return Err(format!("`templates` has unknown kind `{key}`"));
            };
            let cats: Vec<&str> = parts.collect();
            if !(cats.is_empty()
                || (cats.len() == 2
                    && allowed.contains(&"b")
                    && cats.iter().all(|c| CATEGORIES.contains(c))))
            {
                return Err(format!(
                    "`templates` key `{key}`: expected `kind` or `kind/category/category`"
                ));
            }
            if list.is_empty() {
                return Err(format!("`templates.{key}` is empty"));
            }
            for t in list {
                check_template(t, allowed).map_err(|e| format!("`templates.{key}`: `{t}`: {e}"))?;
            }
        }
        for (field, text, allowed) in [
            ("intro", &self.intro, &["stolen", "left"][..]),
            ("layout", &self.layout, &["rooms"][..]),
        ] {
            check_template(text, allowed).map_err(|e| format!("`{field}`: {e}"))?;
        }
        Ok(())
    }
}

/// Every `{name}` in `text` is allowed, and `{a}` (when allowed) appears.
fn check_template(text: &str, allowed: &[&str]) -> Result<(), String> {
    let mut rest = text;
    let mut used = Vec::new();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return Err("unclosed `{`".into());
        };
        let name = &rest[open + 1..open + close];
        if !allowed.contains(&name) {
            return Err(format!(
                "unknown placeholder `{{{name}}}` (allowed: {})",
                allowed.join(", ")
            ));
        }
        used.push(name);
        rest = &rest[open + close + 1..];
    }
    for must in ["a", "b", "room", "k"] {
        if allowed.contains(&must) && !used.contains(&must) {
            return Err(format!("placeholder `{{{must}}}` is missing"));
        }
    }
    Ok(())
}

/// Fills `{name}` placeholders (`{}` is the name ""); unknown ones are left as written.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 48);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        match values.iter().find(|(k, _)| *k == name) {
            Some((_, v)) => out.push_str(v),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The sentence with its first letter capitalised ("the gardener ..." -> "The gardener ...").
pub(crate) fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// All six shipped settings, checked once and kept for the life of the process (a deal
/// should not re-parse six JSON files).
pub fn shipped() -> Result<&'static [Setting], SettingError> {
    static SETTINGS: OnceLock<Result<Vec<Setting>, SettingError>> = OnceLock::new();
    SETTINGS
        .get_or_init(|| {
            SHIPPED
                .iter()
                .map(|(file, text)| Setting::from_json(file, text))
                .collect()
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}
