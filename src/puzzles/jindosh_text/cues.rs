//! The reader's vocabulary: seat words ("far left", "the second seat from the right"),
//! relation words ("next to", "two seats to the left of", "to her left"), negation, the nouns
//! that bring in a guest, and the relation words it refuses.

use super::words::{Item, ValueRef};

/// Seats at the table.
pub const SEATS: usize = 5;

pub(crate) use crate::puzzles::relation::Rel;
use crate::puzzles::relation::holds;

/// Does a guest at seat `p` stand in relation `rel` to one at seat `q` (1-based)?
pub fn seated(rel: Rel, p: usize, q: usize) -> bool {
    holds(rel, p.saturating_sub(1), q.saturating_sub(1), SEATS)
}

/// The reader's words for a relation, in messages.
pub trait RelWords {
    fn words(self) -> &'static str;
}

impl RelWords for Rel {
    fn words(self) -> &'static str {
        match self {
            Rel::NextTo => "next to",
            Rel::LeftOf => "left of",
            Rel::RightOf => "right of",
            Rel::SomewhereLeftOf => "somewhere left of",
            Rel::SomewhereRightOf => "somewhere right of",
            Rel::LeftBy(_) => "seats left of",
            Rel::RightBy(_) => "seats right of",
            Rel::Distance(_) => "seats away from",
            Rel::Same => "same seat as",
            Rel::NotSame => "another seat than",
            Rel::At(_) | Rel::NotAt(_) | Rel::AtEnd => "seat",
        }
    }
}

/// A seat named in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// 1-based seat.
    At(usize),
    AtEnd,
}

/// What a run of words means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    Place(Place),
    Link(Rel),
    /// "to her left": the focus is left of the guest before her.
    LinkToHer(Rel),
    Not,
    /// A noun for a guest; `introduces` when it brings in a new one ("the lady from ...")
    /// rather than referring back ("the poor woman's").
    Guest {
        introduces: bool,
    },
    Unreadable(&'static str),
}

const GUEST_NOUNS: &[&str] = &[
    "lady",
    "woman",
    "guest",
    "visitor",
    "traveler",
    "diner",
    "person",
    "girl",
    "noblewoman",
];
/// Words after a guest noun that say which guest is meant, so the noun brings in a new one.
const DEFINING: &[&str] = &[
    "from", "in", "wearing", "dressed", "who", "with", "at", "on", "sitting", "seated", "next",
    "beside", "to", "carrying", "whose", "holding", "drinking", "clad", "that",
];
const ADJECTIVES: &[&str] = &[
    "poor", "other", "young", "old", "dinner", "noble", "wealthy", "elderly", "fellow", "else",
];
/// Words that deny or exclude in ways the reader does not read ("anything but purple",
/// "except", "other than"); a sentence using them is refused rather than read without them,
/// which would turn it into the opposite clue. "not", "never" and "n't" it reads ([`Cue::Not`]).
const UNREAD_NEGATIONS: &[&str] = &[
    "except",
    "excepting",
    "besides",
    "instead",
    "rather",
    "without",
    "unlike",
    "nothing",
    "none",
    "nowhere",
    "anything",
    "anyone",
    "anybody",
    "whoever",
    "whatever",
];
/// Words that, before "but", mean "not": "all but", "everyone but".
const ALL_BUT: &[&str] = &["all", "everything", "everyone", "everybody", "any"];
/// Words of relations the reader does not know; a sentence using them is refused.
const UNKNOWN_RELATIONS: &[&str] = &[
    "across", "opposite", "between", "behind", "front", "beyond", "near", "nearer", "nearest",
    "farther", "further", "closer", "or", "nor", "neither", "unless", "if", "than", "nobody",
    "apart", "away", "left", "right", "end",
];

/// Is `word` one of the denying words the reader refuses (as [`Cue::Unreadable`])?
pub fn denies(word: &str) -> bool {
    word == "but" || UNREAD_NEGATIONS.contains(&word)
}

fn ordinal(w: &str) -> Option<usize> {
    let k = match w {
        "first" | "1st" => 1,
        "second" | "2nd" => 2,
        "third" | "3rd" => 3,
        "fourth" | "4th" => 4,
        "fifth" | "5th" => 5,
        _ => return None,
    };
    Some(k)
}

fn number(w: &str) -> Option<usize> {
    match w {
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        _ => w.parse().ok().filter(|&k| (1..SEATS).contains(&k)),
    }
}

fn side(w: Option<&str>) -> Option<bool> {
    match w {
        Some("left") => Some(true),
        Some("right") => Some(false),
        _ => None,
    }
}

pub struct Words<'a>(pub &'a [Item]);

impl Words<'_> {
    pub fn at(&self, i: usize) -> Option<&str> {
        match self.0.get(i) {
            Some(Item::Word(w)) => Some(w.as_str()),
            _ => None,
        }
    }

    fn is(&self, i: usize, options: &[&str]) -> bool {
        self.at(i).is_some_and(|w| options.contains(&w))
    }

    /// Skips an optional "to the" / "on the" before a side word.
    fn skip_to_the(&self, mut i: usize) -> usize {
        if self.is(i, &["to", "on"]) {
            i += 1;
        }
        if self.is(i, &["the"]) {
            i += 1;
        }
        i
    }

    /// The cue starting at word `i`, and how many items it spans.
    pub fn cue(&self, i: usize) -> Option<(Cue, usize)> {
        let w = self.at(i)?;
        let next = self.at(i + 1);
        let place = |left: bool| Cue::Place(Place::At(if left { 1 } else { SEATS }));
        // Seats.
        if ["far", "extreme", "very"].contains(&w)
            && let Some(left) = side(next)
        {
            return Some((place(left), 2));
        }
        match w {
            "leftmost" => return Some((place(true), 1)),
            "rightmost" => return Some((place(false), 1)),
            "center" | "middle" | "central" => {
                return Some((Cue::Place(Place::At(SEATS / 2 + 1)), 1));
            }
            _ => {}
        }
        if let Some(left) = side(Some(w))
            && self.is(i + 1, &["end", "most", "seat", "chair", "hand"])
        {
            return Some((place(left), 2));
        }
        if let Some(k) = ordinal(w) {
            let mut j = i + 1;
            if self.is(j, &["seat", "chair", "place", "position", "spot"]) {
                j += 1;
            } else if !self.is(j, &["from"]) {
                return None;
            }
            if self.is(j, &["from"]) {
                let k_side = if self.is(j + 1, &["the"]) {
                    j + 2
                } else {
                    j + 1
                };
                if let Some(left) = side(self.at(k_side)) {
                    let seat = if left { k } else { SEATS + 1 - k };
                    return Some((Cue::Place(Place::At(seat)), k_side + 1 - i));
                }
            }
            return Some((Cue::Place(Place::At(k)), j - i));
        }
        if ["seat", "chair"].contains(&w)
            && let Some(k) = next.and_then(|n| number(n).or(ordinal(n)).or(n.parse().ok()))
            && (1..=SEATS).contains(&k)
        {
            return Some((Cue::Place(Place::At(k)), 2));
        }
        if ["either", "one", "an", "the"].contains(&w) && next == Some("end") {
            let of = self.is(i + 2, &["of"]);
            let of_table = of && self.is(i + 3, &["the"]) && self.is(i + 4, &["table", "row"]);
            if of_table {
                return Some((Cue::Place(Place::AtEnd), 5));
            }
            if !of {
                return Some((Cue::Place(Place::AtEnd), 2));
            }
        }
        // Relations.
        if w == "next" && next == Some("to") {
            return Some((Cue::Link(Rel::NextTo), 2));
        }
        if [
            "beside",
            "alongside",
            "neighbor",
            "neighbors",
            "neighboring",
        ]
        .contains(&w)
        {
            return Some((Cue::Link(Rel::NextTo), 1));
        }
        if w == "adjacent" {
            return Some((
                Cue::Link(Rel::NextTo),
                if next == Some("to") { 2 } else { 1 },
            ));
        }
        if ["somewhere", "anywhere"].contains(&w) {
            let j = self.skip_to_the(i + 1);
            if let Some(left) = side(self.at(j))
                && self.is(j + 1, &["of"])
            {
                let rel = if left {
                    Rel::SomewhereLeftOf
                } else {
                    Rel::SomewhereRightOf
                };
                return Some((Cue::Link(rel), j + 2 - i));
            }
        }
        if let Some(k) = number(w)
            && self.is(
                i + 1,
                &["seat", "seats", "place", "places", "chair", "chairs"],
            )
        {
            let j = self.skip_to_the(i + 2);
            if let Some(left) = side(self.at(j))
                && self.is(j + 1, &["of"])
            {
                let rel = if left {
                    Rel::LeftBy(k)
                } else {
                    Rel::RightBy(k)
                };
                return Some((Cue::Link(rel), j + 2 - i));
            }
            if self.is(i + 2, &["away", "apart", "from"]) {
                let len = if self.is(i + 2, &["away"]) && self.is(i + 3, &["from"]) {
                    4
                } else {
                    3
                };
                return Some((Cue::Link(Rel::Distance(k)), len));
            }
        }
        if let Some(left) = side(Some(w))
            && next == Some("of")
        {
            return Some((Cue::Link(if left { Rel::LeftOf } else { Rel::RightOf }), 2));
        }
        if w == "her"
            && let Some(left) = side(next)
        {
            return Some((
                Cue::LinkToHer(if left { Rel::LeftOf } else { Rel::RightOf }),
                2,
            ));
        }
        // Negation, guests, unknown relations.
        if ["not", "never"].contains(&w) {
            return Some((Cue::Not, 1));
        }
        // "had no Ring" denies the Ring ("no match for her Diamond" denies nothing of hers).
        if w == "no" && matches!(self.0.get(i + 1), Some(Item::Value(_))) {
            return Some((Cue::Not, 1));
        }
        if let Some(&word) = UNREAD_NEGATIONS.iter().find(|&&u| u == w) {
            return Some((Cue::Unreadable(word), 1));
        }
        if ALL_BUT.contains(&w) && next == Some("but") {
            return Some((Cue::Unreadable("but"), 2));
        }
        if w == "no" && next == Some("one") {
            return Some((Cue::Unreadable("no one"), 2));
        }
        if w == "one" && next == Some("of") {
            return Some((Cue::Guest { introduces: true }, 2));
        }
        if ["someone", "somebody", "another"].contains(&w) {
            let len = if next == Some("else") { 2 } else { 1 };
            return Some((Cue::Guest { introduces: true }, len));
        }
        if GUEST_NOUNS.contains(&w) {
            let mut j = i + 1;
            while self.is(j, ADJECTIVES) {
                j += 1;
            }
            // "the guest left of the center seat" is a new guest, whom the relation describes
            // (a noun after the noun is left alone: no cue of a noun looks further).
            let described = !self.is(j, GUEST_NOUNS)
                && matches!(
                    self.cue(j),
                    Some((Cue::Link(_) | Cue::LinkToHer(_) | Cue::Place(_), _))
                );
            return Some((
                Cue::Guest {
                    introduces: self.is(j, DEFINING) || described,
                },
                1,
            ));
        }
        if let Some(&word) = UNKNOWN_RELATIONS.iter().find(|&&u| u == w) {
            return Some((Cue::Unreadable(word), 1));
        }
        None
    }

    /// After a relation word: "her" / "each other" standing for the guest before the focus
    /// (not "her" as in "her Ring"). Returns how many words it spans.
    pub fn object_pronoun(&self, i: usize) -> Option<usize> {
        if self.is(i, &["each"]) && self.is(i + 1, &["other"]) {
            return Some(2);
        }
        if self.is(i, &["her", "them"]) {
            let possessive = matches!(self.0.get(i + 1), Some(Item::Value(_)))
                || self.is(i + 1, &["neighbor", "neighbors"]);
            return (!possessive).then_some(1);
        }
        None
    }
}

/// A list of values of one category with no seat or relation words ("the Ring, Bird Pendant,
/// the Diamond, and the War Medal"): it names things but places nobody.
pub fn is_list(items: &[Item]) -> bool {
    let values: Vec<ValueRef> = items
        .iter()
        .filter_map(|it| match it {
            Item::Value(v) => Some(*v),
            Item::Word(_) => None,
        })
        .collect();
    let words = Words(items);
    values.len() >= 2
        && values.iter().all(|v| v.cat == values[0].cat)
        && (0..items.len()).all(|i| matches!(words.cue(i), None | Some((Cue::Guest { .. }, _))))
}
