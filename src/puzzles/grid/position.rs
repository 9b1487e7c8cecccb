//! The one way a position is read, wherever a puzzle file's clue or a sheet names one (the rule
//! is documented in `encodings/README.md`):
//!
//! 1. the position's text (a string trimmed, a JSON number as written) is looked up among the
//!    position words, case ignored: the labels (by default `<noun>1`, `<noun>2`, ...), the row's
//!    end words, `first`, `last`, and the middle of an odd row. Labels win: with labels `3`,
//!    `2`, `1`, position `1` is the third.
//! 2. otherwise a whole number counts positions from 1, unless a label is itself a number: in a
//!    row named by numbers (floors `0`, `1`, `2`; rooms `101`..`103`) a number that is no label
//!    is refused, never counted, since counting would silently read another position.

use std::collections::HashMap;

use serde_json::Value;

use super::{PuzzleError, nearest};

/// The words that name positions of one row, and how numbers are read there.
#[derive(Debug, Clone)]
pub(crate) struct PositionWords {
    /// Lower-cased word -> position, from 1.
    words: HashMap<String, usize>,
    /// Some label is a whole number: numbers are read as labels only.
    numbered: bool,
    /// The labels given, first to last, for messages.
    labels: Vec<String>,
    /// No labels given: the noun, lower-cased, of the default labels `<noun>1`, `<noun>2`, ...
    default_labels: Option<String>,
}

impl PositionWords {
    /// The words of a row of `count` positions named `labels` (by default `<noun>1`,
    /// `<noun>2`, ..., matched without listing them: the count may be far beyond the file's
    /// data until the puzzle is checked). With `ends` (the first position's end word first),
    /// also the end words, `first`, `last` and the middle of an odd row; a label may not name a
    /// position another word names.
    pub(crate) fn new(
        count: usize,
        labels: Option<&[String]>,
        noun: &str,
        ends: Option<&[String; 2]>,
    ) -> Result<PositionWords, PuzzleError> {
        let mut words = HashMap::new();
        if let Some(ends) = ends
            && count > 0
        {
            words.insert("first".to_string(), 1);
            words.insert("last".to_string(), count);
            words.insert(ends[0].trim().to_lowercase(), 1);
            words.insert(ends[1].trim().to_lowercase(), count);
            if count % 2 == 1 {
                for w in ["middle", "center", "centre"] {
                    words.insert(w.into(), count / 2 + 1);
                }
            }
        }
        for (i, label) in labels.unwrap_or_default().iter().enumerate() {
            let key = label.trim().to_lowercase();
            if let Some(&before) = words.get(&key)
                && before != i + 1
            {
                return Err(PuzzleError::Section {
                    section: "positions",
                    problem: format!(
                        "label `{label}` of position {} already names position {before}",
                        i + 1
                    ),
                });
            }
            words.insert(key, i + 1);
        }
        let default_labels = labels.is_none().then(|| noun.trim().to_lowercase());
        Ok(PositionWords {
            words,
            numbered: labels
                .unwrap_or_default()
                .iter()
                .any(|l| is_whole_number(l)),
            default_labels,
            labels: labels.unwrap_or_default().to_vec(),
        })
    }

    /// The position (from 1, not checked against the row's length) a JSON value names: a
    /// number or a string.
    pub(crate) fn read(&self, v: &Value) -> Result<usize, String> {
        match v {
            Value::Number(n) => self.read_text(&n.to_string()),
            Value::String(s) => self.read_text(s),
            other => Err(format!(
                "a position is a number or a word, not {}",
                super::file::brief(other)
            )),
        }
    }

    /// The position (from 1, not checked against the row's length) a text names.
    pub(crate) fn read_text(&self, text: &str) -> Result<usize, String> {
        let key = text.trim().to_lowercase();
        if let Some(&p) = self.words.get(&key) {
            return Ok(p);
        }
        // `<noun>k`, the default label of position k.
        if let Some(noun) = &self.default_labels
            && !noun.is_empty()
            && let Some(k) = key.strip_prefix(noun.as_str())
            && !k.is_empty()
            && k.bytes().all(|b| b.is_ascii_digit())
        {
            return k
                .parse()
                .map_err(|_| format!("position `{text}` is beyond any row"));
        }
        if key.bytes().any(|b| b.is_ascii_digit()) && key.parse::<f64>().is_ok() {
            if self.numbered {
                return Err(format!(
                    "position `{text}` is none of the labels ({}); the labels are numbers, so \
                     a position is named by its label, never counted",
                    self.labels_in_brief()
                ));
            }
            return key
                .parse::<usize>()
                .map_err(|_| format!("position {text} is not a whole number from 1"));
        }
        let hint = nearest(&key, self.words.keys().map(String::as_str))
            .map(|k| format!("; did you mean `{k}`?"))
            .unwrap_or_default();
        let mut known: Vec<&str> = self.words.keys().map(String::as_str).collect();
        known.sort_unstable();
        let number = if self.numbered { "" } else { "a number, or " };
        let defaults = match &self.default_labels {
            Some(noun) => format!(" (or {noun}1, {noun}2, ...)"),
            None => String::new(),
        };
        Err(format!(
            "unknown position `{text}`{hint} ({number}one of: {}{defaults})",
            known.join(", ")
        ))
    }

    /// The first labels, for a message.
    fn labels_in_brief(&self) -> String {
        const SHOWN: usize = 10;
        let mut shown = self.labels[..self.labels.len().min(SHOWN)].join(", ");
        if self.labels.len() > SHOWN {
            shown.push_str(", ...");
        }
        shown
    }
}

/// Digits, with a sign or not: a label that reads as a number.
fn is_whole_number(text: &str) -> bool {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
