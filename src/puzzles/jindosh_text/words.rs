//! From raw text to sentences of words and recognised names: typographic and British spellings
//! folded, the riddle's names found (also when slightly misspelt), possessives split off.

use crate::puzzles::grid::edit_distance;

/// The riddle's categories and values; Dishonored 2 moves these values between the sentences
/// but never changes the sets.
pub const CATEGORIES: [(&str, [&str; 5]); 5] = [
    (
        "person",
        [
            "Lady Winslow",
            "Doctor Marcolla",
            "Countess Contee",
            "Madam Natsiou",
            "Baroness Finch",
        ],
    ),
    ("colour", ["white", "blue", "red", "green", "purple"]),
    ("drink", ["absinthe", "rum", "wine", "whiskey", "beer"]),
    (
        "city",
        ["Karnaca", "Baleton", "Dabokva", "Fraeport", "Dunwall"],
    ),
    (
        "heirloom",
        ["Ring", "Bird Pendant", "Diamond", "War Medal", "Snuff Tin"],
    ),
];

pub const PERSON: usize = 0;

/// Capitalised words that may appear without naming a value.
const OTHER_CAPITALS: &[&str] = &[
    "i",
    "lady",
    "jindosh",
    "riddle",
    "dishonored",
    "dishonoured",
];

/// Spellings folded to the one the reader knows (British, older, or typographic variants).
const SPELLINGS: &[(&str, &str)] = &[
    ("colours", "colors"),
    ("colour", "color"),
    ("coloured", "colored"),
    ("traveller", "traveler"),
    ("travellers", "travelers"),
    ("neighbour", "neighbor"),
    ("neighbours", "neighbors"),
    ("neighbouring", "neighboring"),
    ("centre", "center"),
    ("whisky", "whiskey"),
    ("madame", "madam"),
    ("dr", "doctor"),
];

/// A value of the riddle: category and index in [`CATEGORIES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueRef {
    pub cat: usize,
    pub idx: usize,
}

impl ValueRef {
    pub fn name(self) -> &'static str {
        CATEGORIES[self.cat].1[self.idx]
    }
}

/// One word of a sentence: as written, and folded to lower case and the known spelling.
#[derive(Debug, Clone)]
pub struct Token {
    pub raw: String,
    pub word: String,
    /// Written with a capital letter and not the first word of its sentence.
    pub capital: bool,
}

/// A sentence after recognition: names and the remaining words.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Value(ValueRef),
    Word(String),
}

/// Sentences of the text, whitespace collapsed: a sentence ends at `.`, `!` or `?` (not after a
/// title such as `Dr.`) and at a blank line. Curly quotes and dashes are made plain first.
pub fn sentences(text: &str) -> Vec<String> {
    let plain: String = text
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{02BC}' | '`' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            '\u{2013}' | '\u{2014}' => '-',
            '\u{00A0}' => ' ',
            c => c,
        })
        .collect();
    let mut out = Vec::new();
    for paragraph in plain.split("\n\n").flat_map(|p| p.split("\r\n\r\n")) {
        let mut current = String::new();
        let mut chars = paragraph.chars().peekable();
        while let Some(c) = chars.next() {
            current.push(c);
            let ends = matches!(c, '.' | '!' | '?')
                && chars.peek().is_none_or(|n| n.is_whitespace() || *n == '"');
            if ends && !ends_with_title(&current) {
                if chars.peek() == Some(&'"') {
                    current.push('"');
                    chars.next();
                }
                push_sentence(&mut out, &current);
                current.clear();
            }
        }
        push_sentence(&mut out, &current);
    }
    out
}

fn ends_with_title(s: &str) -> bool {
    let word = s
        .trim_end_matches('.')
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    ["dr", "mr", "mrs", "ms", "st"].contains(&word.to_lowercase().as_str())
}

fn push_sentence(out: &mut Vec<String>, s: &str) {
    let collapsed = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.chars().any(char::is_alphanumeric) {
        out.push(collapsed);
    }
}

/// The words of a sentence. `'s` becomes its own word and `n't` becomes `not`; punctuation
/// other than the apostrophe separates words; hyphens split (`far-left` = `far left`).
pub fn tokens(sentence: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut first = true;
    for piece in sentence.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
        let piece = piece.trim_matches('\'');
        if piece.is_empty() {
            continue;
        }
        let lower = piece.to_lowercase();
        let mut push = |raw: &str, word: &str, capital: bool| {
            let word = SPELLINGS
                .iter()
                .find(|&&(from, _)| from == word)
                .map_or(word, |&(_, to)| to);
            out.push(Token {
                raw: raw.to_string(),
                word: word.to_string(),
                capital,
            });
        };
        let capital = !first && piece.chars().next().is_some_and(char::is_uppercase);
        first = false;
        if let Some(stem) = lower.strip_suffix("n't") {
            let stem = match stem {
                "wo" => "will",
                "ca" => "can",
                s => s,
            };
            push(piece, stem, capital);
            push("n't", "not", false);
        } else if let Some(stem) = lower.strip_suffix("'s") {
            push(&piece[..piece.len() - 2], stem, capital);
            push("'s", "'s", false);
        } else {
            push(piece, &lower.replace('\'', ""), capital);
        }
    }
    out
}

/// How a value may be written: a word sequence, and which word may be misspelt.
struct Form {
    value: ValueRef,
    words: Vec<String>,
    /// Index of the word that may be misspelt (a name's distinctive word), if any.
    fuzzy: Option<usize>,
}

/// Every way the reader accepts to write each value.
pub struct Lexicon {
    forms: Vec<Form>,
}

impl Default for Lexicon {
    fn default() -> Self {
        let mut forms = Vec::new();
        let mut add = |cat, idx, words: &[&str], fuzzy| {
            forms.push(Form {
                value: ValueRef { cat, idx },
                words: words.iter().map(|w| w.to_string()).collect(),
                fuzzy,
            })
        };
        for (idx, name) in CATEGORIES[PERSON].1.iter().enumerate() {
            let lower = name.to_lowercase();
            let (title, surname) = lower.split_once(' ').unwrap_or(("", &lower));
            add(PERSON, idx, &[title, surname], Some(1));
            add(PERSON, idx, &[surname], Some(0));
            if title != "lady" {
                // "the Countess": the other titles each belong to one guest.
                add(PERSON, idx, &[title], None);
            }
        }
        for (cat, (_, values)) in CATEGORIES.iter().enumerate().skip(1) {
            for (idx, name) in values.iter().enumerate() {
                let lower = name.to_lowercase();
                let words: Vec<&str> = lower.split(' ').collect();
                add(cat, idx, &words, Some(words.len() - 1));
                // "the Pendant", "the Medal"; a lone "tin" is too common a word.
                if words.len() == 2 && words[1] != "tin" {
                    add(cat, idx, &words[1..], Some(0));
                }
            }
        }
        Lexicon { forms }
    }
}

/// How far a written word may be from a name and still be read as it: none for short or common
/// words, one edit for most, two for long capitalised names.
fn tolerance(written: &Token, name: &str) -> usize {
    let len = name.chars().count();
    if len < 5 || written.word.chars().count() < 4 {
        0
    } else if written.capital && len >= 7 {
        2
    } else if written.capital || len >= 6 {
        1
    } else {
        0
    }
}

/// Finds the riddle's names in a sentence. Misspellings within tolerance are corrected, each
/// with a note in `corrections`; a capitalised word that is no name is an error.
pub fn recognise(
    lexicon: &Lexicon,
    tokens: &[Token],
    corrections: &mut Vec<String>,
) -> Result<Vec<Item>, String> {
    let forms = &lexicon.forms;
    let mut items = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // Exact forms, longest first.
        let exact = forms
            .iter()
            .filter(|f| {
                f.words.len() <= tokens.len() - i
                    && f.words.iter().zip(&tokens[i..]).all(|(w, t)| *w == t.word)
            })
            .max_by_key(|f| f.words.len());
        if let Some(f) = exact {
            items.push(Item::Value(f.value));
            i += f.words.len();
            continue;
        }
        // Misspelt forms: every word exact but the fuzzy one, which is within tolerance.
        let mut near: Vec<(usize, &Form)> = forms
            .iter()
            .filter_map(|f| {
                let k = f.fuzzy?;
                if f.words.len() > tokens.len() - i {
                    return None;
                }
                let mut dist = 0;
                for (j, (w, t)) in f.words.iter().zip(&tokens[i..]).enumerate() {
                    if j == k {
                        let d = edit_distance(&t.word, w);
                        let allowed = tolerance(t, w).max(if f.words.len() > 1 { 1 } else { 0 });
                        if d == 0 || d > allowed {
                            return None;
                        }
                        dist = d;
                    } else if *w != t.word {
                        return None;
                    }
                }
                Some((dist, f))
            })
            .collect();
        near.sort_by_key(|&(d, f)| (d, std::cmp::Reverse(f.words.len())));
        if let Some(&(d, f)) = near.first() {
            if let Some(&(d2, g)) = near.get(1)
                && d2 == d
                && g.value != f.value
            {
                return Err(format!(
                    "`{}` could be {} or {}",
                    tokens[i + f.fuzzy.unwrap_or(0)].raw,
                    f.value.name(),
                    g.value.name()
                ));
            }
            let written: Vec<&str> = tokens[i..i + f.words.len()]
                .iter()
                .map(|t| t.raw.as_str())
                .collect();
            corrections.push(format!(
                "read `{}` as `{}`",
                written.join(" "),
                f.value.name()
            ));
            items.push(Item::Value(f.value));
            i += f.words.len();
            continue;
        }
        let t = &tokens[i];
        if t.capital && !OTHER_CAPITALS.contains(&t.word.as_str()) {
            return Err(format!(
                "`{}` is not a name in the Jindosh Riddle (the guests are {}; the cities {})",
                t.raw,
                CATEGORIES[PERSON].1.join(", "),
                CATEGORIES[3].1.join(", ")
            ));
        }
        items.push(Item::Word(t.word.clone()));
        i += 1;
    }
    Ok(items)
}
