//! The wording a player reads: inscriptions (Smullyan's "in this casket" for a statement about
//! its own casket) and the clue.

use super::clue::{
    Bound, Clue, CountBound, CountClue, Counted, LidClue, Maker, MakerClaim, MakerStatement,
};
use super::{CASKET_NAMES, CASKETS, Puzzle, Statement};

const NUMBER_WORDS: [&str; 7] = ["none", "one", "two", "three", "four", "five", "six"];

fn number_word(n: usize) -> String {
    NUMBER_WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A casket as another inscription names it.
fn casket_ref(speaker: usize, casket: usize) -> String {
    if speaker == casket {
        "this casket".to_string()
    } else {
        format!("the {} casket", CASKET_NAMES[casket])
    }
}

/// "The portrait is (not) in this casket / the silver casket."
pub(crate) fn statement_text(speaker: usize, s: Statement) -> String {
    let not = if s.affirms() { "" } else { "not " };
    format!(
        "The portrait is {not}in {}.",
        casket_ref(speaker, s.casket())
    )
}

/// "The lead casket is made by Bellini." / "This casket was fashioned by the same maker as the
/// gold casket."
pub(crate) fn maker_text(speaker: usize, m: MakerStatement) -> String {
    let about = casket_ref(speaker, m.about);
    match m.claim {
        MakerClaim::MadeBy(maker) => {
            let who = match maker {
                Maker::Bellini => "Bellini",
                Maker::Cellini => "Cellini",
            };
            format!("{} was made by {who}.", capitalized(&about))
        }
        MakerClaim::Same => format!("This casket was fashioned by the same maker as {about}."),
        MakerClaim::Different => {
            format!("This casket was fashioned by a different maker than {about}.")
        }
    }
}

/// The inscriptions on casket `c`, in order.
pub(crate) fn inscriptions(puzzle: &Puzzle, c: usize) -> Vec<String> {
    let mut out: Vec<String> = puzzle.on_casket(c).map(|s| statement_text(c, s)).collect();
    if let Clue::Makers(m) = puzzle.clue() {
        out.push(maker_text(c, m[c]));
    }
    out
}

fn bound_phrase(b: &CountBound, first: bool) -> String {
    let (bound, counted) = (b.bound.words(), b.counted.words());
    let verb = if b.n == 1 { "is" } else { "are" };
    let of = if first { " of the statements" } else { "" };
    format!("{bound} {}{of} {verb} {counted}", number_word(b.n))
}

/// The count clue as a sentence; `total` is the number of statements.
pub(crate) fn count_clue_text(clue: &CountClue, total: usize) -> String {
    if let [b] = clue.bounds.as_slice() {
        let all_of = |counted: Counted| {
            b.counted == counted
                && (b.bound == Bound::Exactly || b.bound == Bound::AtLeast)
                && b.n == total
                || b.counted != counted
                    && (b.bound == Bound::Exactly || b.bound == Bound::AtMost)
                    && b.n == 0
        };
        if all_of(Counted::True) {
            return "All the statements are true.".to_string();
        }
        if all_of(Counted::False) {
            return "All the statements are false.".to_string();
        }
        if b.bound == Bound::Exactly && b.n == 1 {
            let counted = if b.counted == Counted::True {
                "true"
            } else {
                "false"
            };
            return format!("Only one of the statements is {counted}.");
        }
    }
    let parts: Vec<String> = clue
        .bounds
        .iter()
        .enumerate()
        .map(|(i, b)| bound_phrase(b, i == 0))
        .collect();
    format!("{}.", capitalized(&parts.join(" and ")))
}

/// The lid clue as a sentence.
pub(crate) fn lid_clue_text(clue: &LidClue) -> String {
    let what = |k: usize| match k {
        2 => "both statements are true",
        1 => "one statement is true and one is false",
        _ => "both statements are false",
    };
    let parts: Vec<String> = match clue {
        LidClue::Distribution(d) => (0..3)
            .rev()
            .filter(|&k| d[k] > 0)
            .map(|k| {
                let lids = if d[k] == 1 { "lid" } else { "lids" };
                format!("on {} {lids} {}", number_word(d[k]), what(k))
            })
            .collect(),
        LidClue::Occurring(o) => (0..3)
            .rev()
            .filter(|&k| o[k])
            .map(|k| format!("on at least one lid {}", what(k)))
            .collect(),
    };
    format!("{}.", capitalized(&parts.join("; ")))
}

/// What the player is told besides the inscriptions.
pub(crate) fn clue_text(puzzle: &Puzzle) -> String {
    match puzzle.clue() {
        Clue::Count(c) => count_clue_text(c, puzzle.lists().len() * CASKETS),
        Clue::Lids(c) => lid_clue_text(c),
        Clue::Makers(_) => "Bellini made only caskets whose inscriptions are true, Cellini only \
                            caskets whose inscriptions are false."
            .to_string(),
    }
}

/// The whole puzzle as a player reads it, one line per casket, then the clue.
pub(crate) fn render(puzzle: &Puzzle) -> String {
    let mut out = format!(
        "{}: the portrait is in one of three caskets, gold (1), silver (2) and lead (3).\n",
        puzzle.generation().title()
    );
    for (c, name) in CASKET_NAMES.iter().enumerate() {
        let quoted: Vec<String> = inscriptions(puzzle, c)
            .into_iter()
            .map(|s| format!("\"{s}\""))
            .collect();
        out.push_str(&format!(
            "{} casket ({}): {}\n",
            capitalized(name),
            c + 1,
            quoted.join(" ")
        ));
    }
    out.push_str(&clue_text(puzzle));
    out.push_str(" Which casket holds the portrait?");
    out
}
