//! Every true statement about an arrangement, as grid clues and as sentences in the
//! setting's voice.

use crate::puzzles::grid::{Clue, Relation};
use crate::puzzles::relation::{Rel, holds};

use super::deal::{Arrangement, Dealer};
use super::settings::{Setting, capitalise, fill};

/// A value of the case: its category and its index among that category's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueRef {
    /// The category, an index into the case's categories.
    pub cat: usize,
    /// The value, an index into that category's values.
    pub idx: usize,
}

/// A statement about where values are. Rooms are 0-based, first to last along the line;
/// "before" means nearer the first room (west, nearer the lift, ahead in the train).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fact {
    Same { a: ValueRef, b: ValueRef },
    NotSame { a: ValueRef, b: ValueRef },
    NextTo { a: ValueRef, b: ValueRef },
    Before { a: ValueRef, b: ValueRef },
    After { a: ValueRef, b: ValueRef },
    BeforeBy { a: ValueRef, b: ValueRef, k: usize },
    AfterBy { a: ValueRef, b: ValueRef, k: usize },
    AtEnd { a: ValueRef },
    At { a: ValueRef, room: usize },
    NotAt { a: ValueRef, room: usize },
}

impl Fact {
    /// The template kind (`same`, `before_by`, ...), as in the setting files.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Fact::Same { .. } => "same",
            Fact::NotSame { .. } => "not_same",
            Fact::NextTo { .. } => "next_to",
            Fact::Before { .. } => "before",
            Fact::After { .. } => "after",
            Fact::BeforeBy { .. } => "before_by",
            Fact::AfterBy { .. } => "after_by",
            Fact::AtEnd { .. } => "at_end",
            Fact::At { .. } => "at",
            Fact::NotAt { .. } => "not_at",
        }
    }

    /// The values the statement is about (one or two).
    pub(crate) fn values(&self) -> (ValueRef, Option<ValueRef>) {
        match *self {
            Fact::Same { a, b }
            | Fact::NotSame { a, b }
            | Fact::NextTo { a, b }
            | Fact::Before { a, b }
            | Fact::After { a, b }
            | Fact::BeforeBy { a, b, .. }
            | Fact::AfterBy { a, b, .. } => (a, Some(b)),
            Fact::AtEnd { a } | Fact::At { a, .. } | Fact::NotAt { a, .. } => (a, None),
        }
    }

    /// The statement's relation in the shared vocabulary.
    pub(crate) fn rel(&self) -> Rel {
        match *self {
            Fact::Same { .. } => Rel::Same,
            Fact::NotSame { .. } => Rel::NotSame,
            Fact::NextTo { .. } => Rel::NextTo,
            Fact::Before { .. } => Rel::SomewhereLeftOf,
            Fact::After { .. } => Rel::SomewhereRightOf,
            Fact::BeforeBy { k, .. } => Rel::LeftBy(k),
            Fact::AfterBy { k, .. } => Rel::RightBy(k),
            Fact::AtEnd { .. } => Rel::AtEnd,
            Fact::At { room, .. } => Rel::At(room),
            Fact::NotAt { room, .. } => Rel::NotAt(room),
        }
    }

    /// Does the statement hold when `a` is in room `pa` and `b` (if any) in room `pb`?
    pub(crate) fn holds_at(&self, pa: usize, pb: usize, rooms: usize) -> bool {
        holds(self.rel(), pa, pb, rooms)
    }

    /// Does the statement hold in a full arrangement (`room_of[cat][idx]`)?
    #[expect(dead_code, reason = "was public API; unused in the crate (issue 9)")]
    pub(crate) fn holds(&self, room_of: &[Vec<usize>], rooms: usize) -> bool {
        let (a, b) = self.values();
        let pa = room_of[a.cat][a.idx];
        let pb = b.map_or(0, |b| room_of[b.cat][b.idx]);
        self.holds_at(pa, pb, rooms)
    }

    /// The statement as a grid clue (value names, 1-based rooms), without text.
    pub(crate) fn clue(&self, values: &[Vec<String>]) -> Clue {
        let name = |v: ValueRef| values[v.cat][v.idx].clone();
        let (relation, not) = match *self {
            Fact::Same { a, b } => (
                Relation::Same {
                    a: name(a),
                    b: name(b),
                },
                false,
            ),
            Fact::NotSame { a, b } => (
                Relation::Same {
                    a: name(a),
                    b: name(b),
                },
                true,
            ),
            Fact::NextTo { a, b } => (
                Relation::NextTo {
                    a: name(a),
                    b: name(b),
                },
                false,
            ),
            Fact::Before { a, b } => (
                Relation::SomewhereLeftOf {
                    a: name(a),
                    b: name(b),
                },
                false,
            ),
            Fact::After { a, b } => (
                Relation::SomewhereRightOf {
                    a: name(a),
                    b: name(b),
                },
                false,
            ),
            Fact::BeforeBy { a, b, k } => (
                Relation::LeftBy {
                    a: name(a),
                    b: name(b),
                    k,
                },
                false,
            ),
            Fact::AfterBy { a, b, k } => (
                Relation::RightBy {
                    a: name(a),
                    b: name(b),
                    k,
                },
                false,
            ),
            Fact::AtEnd { a } => (Relation::AtEnd { a: name(a) }, false),
            Fact::At { a, room } => (
                Relation::At {
                    a: name(a),
                    position: room + 1,
                },
                false,
            ),
            Fact::NotAt { a, room } => (
                Relation::At {
                    a: name(a),
                    position: room + 1,
                },
                true,
            ),
        };
        Clue {
            relation,
            not,
            text: None,
        }
    }
}

/// Every true statement about the arrangement, in a fixed order: per value, where it is and
/// is not (and whether it is at an end); then per pair of values, whether they share a room,
/// are next door, and which is before the other and by how much. Which of a pair is named
/// first is a coin toss, so the sentences face both ways.
pub(crate) fn all_true(arr: &Arrangement, dealer: &mut Dealer) -> Vec<Fact> {
    let n = arr.rooms.len();
    let all: Vec<ValueRef> = arr
        .room_of
        .iter()
        .enumerate()
        .flat_map(|(cat, vs)| (0..vs.len()).map(move |idx| ValueRef { cat, idx }))
        .collect();
    let room = |v: ValueRef| arr.room_of[v.cat][v.idx];
    let mut facts = Vec::with_capacity(all.len() * (n + all.len() * 2));
    for &a in &all {
        let p = room(a);
        for r in 0..n {
            facts.push(if r == p {
                Fact::At { a, room: r }
            } else {
                Fact::NotAt { a, room: r }
            });
        }
        if p == 0 || p + 1 == n {
            facts.push(Fact::AtEnd { a });
        }
    }
    for (i, &v) in all.iter().enumerate() {
        for &w in &all[i + 1..] {
            let mut pair = || if dealer.coin() { (v, w) } else { (w, v) };
            if v.cat != w.cat {
                let (a, b) = pair();
                facts.push(if room(v) == room(w) {
                    Fact::Same { a, b }
                } else {
                    Fact::NotSame { a, b }
                });
            }
            if room(v).abs_diff(room(w)) == 1 {
                let (a, b) = pair();
                facts.push(Fact::NextTo { a, b });
            }
            if room(v) != room(w) {
                let (a, b) = pair();
                let k = room(a).abs_diff(room(b));
                let before = room(a) < room(b);
                facts.push(if before {
                    Fact::Before { a, b }
                } else {
                    Fact::After { a, b }
                });
                let (a, b) = pair();
                facts.push(if room(a) < room(b) {
                    Fact::BeforeBy { a, b, k }
                } else {
                    Fact::AfterBy { a, b, k }
                });
            }
        }
    }
    facts
}

/// The statement as a sentence in the setting's voice; the dealer picks among the setting's
/// variants for the kind.
pub(crate) fn render(
    fact: &Fact,
    setting: &Setting,
    categories: &[&str],
    arr: &Arrangement,
    dealer: &mut Dealer,
) -> String {
    let (mut a, mut b) = fact.values();
    let kind = fact.kind();
    let symmetric = matches!(
        fact,
        Fact::Same { .. } | Fact::NotSame { .. } | Fact::NextTo { .. }
    );
    let mut variants = None;
    if let Some(bv) = b {
        let key = |x: ValueRef, y: ValueRef| {
            format!("{kind}/{}/{}", categories[x.cat], categories[y.cat])
        };
        variants = setting.templates.get(&key(a, bv));
        if variants.is_none() && symmetric {
            variants = setting.templates.get(&key(bv, a));
            if variants.is_some() {
                (a, b) = (bv, Some(a));
            }
        }
    }
    // The settings are checked on load to have templates for every kind.
    let variants = variants
        .or_else(|| setting.templates.get(kind))
        .map(Vec::as_slice)
        .unwrap_or_default();
    let template = match variants.len() {
        0 => return String::new(),
        n => &variants[dealer.below(n)],
    };
    let phrase = |v: ValueRef| {
        let p = setting
            .phrases
            .get(categories[v.cat])
            .map_or("{}", String::as_str);
        fill(p, &[("", &arr.values[v.cat][v.idx])])
    };
    let a = phrase(a);
    let b = b.map(phrase).unwrap_or_default();
    let (k, room) = match *fact {
        Fact::BeforeBy { k, .. } | Fact::AfterBy { k, .. } => (k, None),
        Fact::At { room, .. } | Fact::NotAt { room, .. } => (0, Some(room)),
        _ => (0, None),
    };
    let unit = if k == 1 {
        &setting.unit.0
    } else {
        &setting.unit.1
    };
    let k_word = number_word(k);
    let room = room.map_or("", |r| arr.rooms[r].as_str());
    capitalise(&fill(
        template,
        &[
            ("a", &a),
            ("b", &b),
            ("k", &k_word),
            ("unit", unit),
            ("room", room),
        ],
    ))
}

fn number_word(k: usize) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(k)
        .map_or_else(|| k.to_string(), |w| w.to_string())
}
