//! Reading one sentence: who is who and where, from the order of names, the words that
//! introduce a guest ("the lady from", "someone in"), seat words and relation words.
//!
//! A sentence is read left to right with a focus, the guest being described. A name joins the
//! focus; a guest-introducing noun or a relation word moves it; "her" after a relation word is
//! the guest before the focus. Anything that looks like a relation but is not one the reader
//! knows is an error, never skipped.

use super::words::{Item, PERSON, ValueRef};

/// Seats at the table.
pub const SEATS: usize = 5;

/// How two guests sit relative to each other (subject, then object).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    NextTo,
    LeftOf,
    RightOf,
    SomewhereLeftOf,
    SomewhereRightOf,
    LeftBy(usize),
    RightBy(usize),
    Distance(usize),
}

impl Rel {
    /// Does a guest at seat `p` stand in this relation to one at seat `q` (1-based)?
    pub fn holds(self, p: usize, q: usize) -> bool {
        let (p, q) = (p as i64, q as i64);
        match self {
            Rel::NextTo => (p - q).abs() == 1,
            Rel::LeftOf => p + 1 == q,
            Rel::RightOf => p == q + 1,
            Rel::SomewhereLeftOf => p < q,
            Rel::SomewhereRightOf => p > q,
            Rel::LeftBy(k) => q - p == k as i64,
            Rel::RightBy(k) => p - q == k as i64,
            Rel::Distance(k) => (p - q).abs() == k as i64,
        }
    }

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

/// One guest of the sentence as far as the sentence describes her.
#[derive(Debug, Clone, Default)]
pub struct Guest {
    pub values: Vec<ValueRef>,
    /// Values the sentence denies her ("did not drink wine").
    pub not_values: Vec<ValueRef>,
    /// Her seat, and whether it is denied.
    pub place: Option<(Place, bool)>,
    /// Carried over from the previous sentence (the "her" a sentence may start with): her facts
    /// were stated there already.
    pub carried: bool,
}

/// "subject rel object", possibly denied.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    pub rel: Rel,
    pub subject: usize,
    pub object: usize,
    pub not: bool,
}

#[derive(Debug, Default)]
pub struct Reading {
    pub guests: Vec<Guest>,
    pub links: Vec<Link>,
    /// The guest in focus at the end (the next sentence's "her").
    pub last: Option<usize>,
}

/// What a run of words means.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cue {
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
/// Words of relations the reader does not know; a sentence using them is refused.
const UNKNOWN_RELATIONS: &[&str] = &[
    "across", "opposite", "between", "behind", "front", "beyond", "near", "nearer", "nearest",
    "farther", "further", "closer", "or", "nor", "neither", "unless", "if", "than", "nobody",
    "apart", "away", "left", "right", "end",
];

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

struct Words<'a>(&'a [Item]);

impl Words<'_> {
    fn at(&self, i: usize) -> Option<&str> {
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
    fn cue(&self, i: usize) -> Option<(Cue, usize)> {
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
            return Some((
                Cue::Guest {
                    introduces: self.is(j, DEFINING),
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
    fn object_pronoun(&self, i: usize) -> Option<usize> {
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

struct Reader {
    r: Reading,
    focus: Option<usize>,
    before: Option<usize>,
    /// A relation word waiting for its object (the subject, if known).
    want_object: Option<(Rel, Option<usize>, bool)>,
    /// "Next to Lady Winslow sat ...": a relation waiting for its subject.
    want_subject: Option<(Rel, usize, bool)>,
    negate: bool,
}

impl Reader {
    fn focus_on(&mut self, g: usize) {
        if self.focus != Some(g) {
            self.before = self.focus;
            self.focus = Some(g);
        }
    }

    fn new_guest(&mut self, guest: Guest) -> usize {
        self.r.guests.push(guest);
        self.r.guests.len() - 1
    }

    /// A guest has appeared: she completes a waiting relation, then takes the focus.
    fn arrive(&mut self, g: usize) {
        if let Some((rel, subject, not)) = self.want_object.take() {
            match subject {
                Some(s) => self.r.links.push(Link {
                    rel,
                    subject: s,
                    object: g,
                    not,
                }),
                None => self.want_subject = Some((rel, g, not)),
            }
        } else if let Some((rel, object, not)) = self.want_subject.take() {
            self.r.links.push(Link {
                rel,
                subject: g,
                object,
                not,
            });
        }
        self.focus_on(g);
    }

    /// The guest of this sentence already named by `v` (a guest carried over from the previous
    /// sentence is reached through "her" only).
    fn holder(&self, v: ValueRef) -> Option<usize> {
        self.r
            .guests
            .iter()
            .position(|g| !g.carried && g.values.contains(&v))
    }

    fn value(&mut self, v: ValueRef) -> Result<(), String> {
        let waiting =
            self.want_object.is_some() || (self.want_subject.is_some() && v.cat == PERSON);
        if waiting {
            let g = match self.holder(v) {
                Some(g) => g,
                None => self.new_guest(Guest {
                    values: vec![v],
                    ..Guest::default()
                }),
            };
            self.arrive(g);
            return Ok(());
        }
        let Some(f) = self.focus else {
            let g = self.new_guest(Guest {
                values: vec![v],
                ..Guest::default()
            });
            self.arrive(g);
            return Ok(());
        };
        if std::mem::take(&mut self.negate) {
            self.r.guests[f].not_values.push(v);
            return Ok(());
        }
        if let Some(g) = self.holder(v) {
            self.focus_on(g);
            return Ok(());
        }
        match self.r.guests[f].values.iter().find(|u| u.cat == v.cat) {
            None => self.r.guests[f].values.push(v),
            Some(_) if v.cat == PERSON => {
                // A second named guest is another guest.
                let g = self.new_guest(Guest {
                    values: vec![v],
                    ..Guest::default()
                });
                self.arrive(g);
            }
            Some(u) => {
                return Err(format!(
                    "it gives one guest both `{}` and `{}`",
                    u.name(),
                    v.name()
                ));
            }
        }
        Ok(())
    }

    fn cue(&mut self, cue: Cue, words: &Words, after: usize) -> Result<usize, String> {
        match cue {
            Cue::Place(place) => {
                let not = std::mem::take(&mut self.negate);
                match self.focus {
                    Some(f) if self.want_object.is_none() && !self.r.guests[f].carried => {
                        let guest = &mut self.r.guests[f];
                        if guest.place.is_some() {
                            return Err("it gives one guest two seats".into());
                        }
                        guest.place = Some((place, not));
                    }
                    _ => {
                        let g = self.new_guest(Guest {
                            place: Some((place, not)),
                            ..Guest::default()
                        });
                        self.arrive(g);
                    }
                }
                Ok(0)
            }
            Cue::Link(rel) | Cue::LinkToHer(rel) => {
                if self.want_object.is_some() || self.want_subject.is_some() {
                    return Err(format!("two relations in a row before `{}`", rel.words()));
                }
                let not = std::mem::take(&mut self.negate);
                let pronoun = match cue {
                    Cue::LinkToHer(_) => Some(0),
                    _ => words.object_pronoun(after),
                };
                match (pronoun, self.focus) {
                    (Some(len), focus) => {
                        let her = if focus.is_some() {
                            self.before
                        } else {
                            self.focus.or(self.before)
                        };
                        let Some(object) = her else {
                            return Err(format!(
                                "cannot tell who `her` is in `{} her`",
                                rel.words()
                            ));
                        };
                        match focus {
                            Some(f) if f != object => self.r.links.push(Link {
                                rel,
                                subject: f,
                                object,
                                not,
                            }),
                            Some(_) => return Err("cannot tell who `her` is".into()),
                            None => self.want_subject = Some((rel, object, not)),
                        }
                        Ok(len)
                    }
                    (None, focus) => {
                        self.want_object = Some((rel, focus, not));
                        Ok(0)
                    }
                }
            }
            Cue::Not => {
                if self.negate {
                    return Err("a double negative".into());
                }
                self.negate = true;
                Ok(0)
            }
            Cue::Guest { introduces } => {
                if self.want_object.is_some()
                    || self.want_subject.is_some()
                    || introduces
                    || self.focus.is_none()
                {
                    let g = self.new_guest(Guest::default());
                    self.arrive(g);
                }
                Ok(0)
            }
            Cue::Unreadable(word) => Err(match word {
                "left" | "right" => format!("cannot tell what `{word}` says about whom"),
                "end" => "cannot tell which end is meant".into(),
                _ => format!("`{word}` is not a relation the reader knows"),
            }),
        }
    }
}

/// Reads a sentence. `her` is the guest the previous sentence ended on, for a sentence that
/// begins "Next to her ...".
pub fn read(items: &[Item], her: Option<Guest>) -> Result<Reading, String> {
    let mut reader = Reader {
        r: Reading::default(),
        focus: None,
        before: None,
        want_object: None,
        want_subject: None,
        negate: false,
    };
    if let Some(mut g) = her {
        g.carried = true;
        reader.r.guests.push(g);
        reader.before = Some(0);
    }
    let words = Words(items);
    let mut i = 0;
    while i < items.len() {
        if let Item::Value(v) = items[i] {
            reader.value(v)?;
            i += 1;
            continue;
        }
        match words.cue(i) {
            Some((cue, len)) => {
                let extra = reader.cue(cue, &words, i + len)?;
                i += len + extra;
            }
            None => i += 1,
        }
    }
    if let Some((rel, _, _)) = reader.want_object {
        return Err(format!("no guest follows `{}`", rel.words()));
    }
    if let Some((rel, _, _)) = reader.want_subject {
        return Err(format!("cannot tell who sat {}", rel.words()));
    }
    if reader.negate {
        return Err("cannot tell what `not` denies".into());
    }
    let carried = reader.r.guests.first().is_some_and(|g| g.carried);
    if words
        .0
        .windows(2)
        .any(|w| w == [Item::Word("each".into()), Item::Word("other".into())])
        && reader.r.guests.len() - usize::from(carried) > 2
    {
        return Err("`each other` among more than two guests".into());
    }
    reader.r.last = reader.focus;
    Ok(reader.r)
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
