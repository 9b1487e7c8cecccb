//! What the player is told besides the portrait statements: a count of true statements
//! (Portia I), how the truths fall on the lids (Portia II), or the maker inscriptions
//! (Portia III). Each clue parses from and prints to a short text form used on the command line
//! and in the JSON records.

use std::fmt;

use super::{CASKETS, PortiaError};

/// The clue of a puzzle, by generation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Clue {
    /// Portia I: how many of the statements are true.
    Count(CountClue),
    /// Portia II: how the true statements fall on the lids.
    Lids(LidClue),
    /// Portia III: each casket's maker inscription, gold, silver, lead.
    Makers([MakerStatement; CASKETS]),
}

/// What a count bound counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Counted {
    True,
    False,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Bound {
    AtLeast,
    AtMost,
    Exactly,
}

impl Bound {
    /// How the bound reads in a clue ("at least 2 true").
    pub(crate) fn words(self) -> &'static str {
        match self {
            Bound::AtLeast => "at least",
            Bound::AtMost => "at most",
            Bound::Exactly => "exactly",
        }
    }
}

impl Counted {
    /// How the counted statements read in a clue.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Counted::True => "true",
            Counted::False => "false",
        }
    }
}

/// "at least / at most / exactly `n` statements are true / false".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CountBound {
    pub(crate) bound: Bound,
    pub(crate) n: usize,
    pub(crate) counted: Counted,
}

/// Portia I's clue: a conjunction of count bounds, e.g. "at most 1 true" (67a) or "at least 1
/// true and at least 1 false" (67b).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountClue {
    pub(crate) bounds: Vec<CountBound>,
}

impl CountClue {
    fn single(bound: Bound, n: usize) -> CountClue {
        CountClue {
            bounds: vec![CountBound {
                bound,
                n,
                counted: Counted::True,
            }],
        }
    }

    /// At most `n` statements are true.
    pub(crate) fn at_most(n: usize) -> CountClue {
        Self::single(Bound::AtMost, n)
    }

    /// At least `n` statements are true.
    pub(crate) fn at_least(n: usize) -> CountClue {
        Self::single(Bound::AtLeast, n)
    }

    /// Exactly `n` statements are true.
    pub fn exactly(n: usize) -> CountClue {
        Self::single(Bound::Exactly, n)
    }

    /// Parses "at most 1 true", "at least one true and at least one false", "all false",
    /// "all true", "none true", "only one true", "exactly 2 true", "2 true". Filler words
    /// ("statements", "are", "of the", ...) are ignored; parts join with "and" or commas.
    pub fn parse(text: &str) -> Result<CountClue, PortiaError> {
        let err = |reason: String| PortiaError::invalid(format!("clue `{}`", text.trim()), reason);
        let lowered = text.to_lowercase().replace([',', ';', '&'], " and ");
        let words: Vec<&str> = lowered
            .split(|c: char| c.is_whitespace() || c == '.')
            .filter(|w| !w.is_empty() && !FILLER.contains(w))
            .collect();
        let mut bounds = Vec::new();
        for part in words.split(|w| *w == "and").filter(|p| !p.is_empty()) {
            bounds.push(parse_bound(part).map_err(&err)?);
        }
        if bounds.is_empty() {
            return Err(err(
                "empty; say e.g. `at most 1 true`, `exactly 2 true`, `all false`".into(),
            ));
        }
        Ok(CountClue { bounds })
    }
}

const FILLER: &[&str] = &[
    "statement",
    "statements",
    "inscription",
    "inscriptions",
    "is",
    "are",
    "of",
    "the",
    "them",
    "there",
    "on",
    "caskets",
];

fn number(word: &str) -> Option<usize> {
    let n = match word {
        "zero" | "none" | "no" => 0,
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        _ => return word.parse().ok(),
    };
    Some(n)
}

fn parse_bound(part: &[&str]) -> Result<CountBound, String> {
    let shown = part.join(" ");
    let counted_of = |w: Option<&&str>| match w.copied() {
        Some("true") | None => Ok(Counted::True),
        Some("false") => Ok(Counted::False),
        Some(other) => Err(format!(
            "in `{shown}`: expected `true` or `false`, found `{other}`"
        )),
    };
    let num = |w: Option<&&str>| {
        w.and_then(|w| number(w))
            .ok_or_else(|| format!("in `{shown}`: expected a number (0-6 or zero..six)"))
    };
    let (bound, n, rest) = match part {
        // "all true" = exactly 0 false, "all false" = exactly 0 true.
        ["all", "true"] | ["all", "false"] => {
            let counted = match part[1] {
                "true" => Counted::False,
                _ => Counted::True,
            };
            return Ok(CountBound {
                bound: Bound::Exactly,
                n: 0,
                counted,
            });
        }
        ["at", "most", n, rest @ ..] => (Bound::AtMost, num(Some(n))?, rest),
        ["at", "least", n, rest @ ..] => (Bound::AtLeast, num(Some(n))?, rest),
        ["exactly" | "only", n, rest @ ..] => (Bound::Exactly, num(Some(n))?, rest),
        [n, rest @ ..] if number(n).is_some() => (Bound::Exactly, num(Some(n))?, rest),
        _ => {
            return Err(format!(
                "cannot read `{shown}`; say e.g. `at most 1 true`, `at least 2 false`, \
                 `exactly 1 true`, `all false`"
            ));
        }
    };
    if rest.len() > 1 {
        return Err(format!("cannot read `{shown}` (extra words at the end)"));
    }
    Ok(CountBound {
        bound,
        n,
        counted: counted_of(rest.first())?,
    })
}

impl fmt::Display for CountClue {
    /// The canonical text form, e.g. `at most 1 true and at least 1 false`; it parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.bounds.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            let (bound, counted) = (b.bound.words(), b.counted.words());
            write!(f, "{bound} {} {counted}", b.n)?;
        }
        Ok(())
    }
}

/// Portia II's clue about the lids: each lid carries 0, 1 or 2 true statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LidClue {
    /// How many lids carry 0, 1 and 2 true statements (`[lids with 0, with 1, with 2]`): the
    /// distribution the player is told, e.g. Smullyan's 68b "on one lid both statements are
    /// true, on another both are false, on the third one is true and one false" is `[1, 1, 1]`.
    Distribution([usize; 3]),
    /// Only which counts occur: at least one lid carries each count marked true. This is the
    /// clue under which the seed generator's acceptance rule (the set of counts at the answer
    /// is not a subset of the set at any other position) is exactly uniqueness.
    Occurring([bool; 3]),
}

impl LidClue {
    /// The distribution of the given per-lid true counts.
    pub(crate) fn distribution_of(per_lid: &[usize]) -> LidClue {
        let mut d = [0; 3];
        for &k in per_lid {
            d[k] += 1;
        }
        LidClue::Distribution(d)
    }

    /// The counts that occur among the given per-lid true counts.
    pub(crate) fn occurring_in(per_lid: &[usize]) -> LidClue {
        let mut o = [false; 3];
        for &k in per_lid {
            o[k] = true;
        }
        LidClue::Occurring(o)
    }

    /// Parses `lids 2,1,0` (the three lids' true counts in any order; `lids` optional) or
    /// `lids include 2,0` (at least one lid with each listed count).
    pub fn parse(text: &str) -> Result<LidClue, PortiaError> {
        let place = format!("clue `{}`", text.trim());
        let lowered = text.to_lowercase();
        let mut words: Vec<&str> = lowered
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        if words
            .first()
            .is_some_and(|w| ["lids", "lid", "counts"].contains(w))
        {
            words.remove(0);
        }
        let occurring = words
            .first()
            .is_some_and(|w| ["include", "includes"].contains(w));
        if occurring {
            words.remove(0);
        }
        let mut counts = Vec::new();
        for w in &words {
            match number(w) {
                Some(k) if k <= 2 => counts.push(k),
                _ => {
                    return Err(PortiaError::invalid(
                        place,
                        format!(
                            "`{w}` is not a lid's count of true statements (0, 1 or 2); \
                             say e.g. `lids 2,1,0` or `lids include 2,0`"
                        ),
                    ));
                }
            }
        }
        if occurring {
            if counts.is_empty() {
                return Err(PortiaError::invalid(
                    place,
                    "`include` needs at least one count, e.g. `lids include 2,0`",
                ));
            }
            Ok(Self::occurring_in(&counts))
        } else if counts.len() != CASKETS {
            Err(PortiaError::invalid(
                place,
                format!(
                    "give the true counts of all {CASKETS} lids (e.g. `lids 2,1,0`), found {}",
                    counts.len()
                ),
            ))
        } else {
            Ok(Self::distribution_of(&counts))
        }
    }
}

impl fmt::Display for LidClue {
    /// `lids 2,1,0` or `lids include 2,0` (counts in decreasing order); parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = match self {
            LidClue::Distribution(d) => (0..3)
                .rev()
                .flat_map(|k| std::iter::repeat_n(k.to_string(), d[k]))
                .collect(),
            LidClue::Occurring(o) => (0..3)
                .rev()
                .filter(|&k| o[k])
                .map(|k| k.to_string())
                .collect(),
        };
        match self {
            LidClue::Distribution(_) => write!(f, "lids {}", counts.join(",")),
            LidClue::Occurring(_) => write!(f, "lids include {}", counts.join(",")),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Maker {
    /// Makes caskets whose inscriptions are all true.
    Bellini,
    /// Makes caskets whose inscriptions are all false.
    Cellini,
}

/// What a maker inscription claims about casket `about`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum MakerClaim {
    /// "Casket k is made by Bellini/Cellini."
    MadeBy(Maker),
    /// "Fashioned by the same maker as casket k."
    Same,
    /// "Fashioned by a different maker than casket k."
    Different,
}

/// A Portia III maker inscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MakerStatement {
    /// The casket it is about (0-based).
    pub(crate) about: usize,
    pub(crate) claim: MakerClaim,
}

impl MakerStatement {
    /// The wording the reference gives overlay entry `entry` on casket `speaker` when
    /// `bellini[c]` says who made casket c (true = Bellini): a negative entry becomes a
    /// same/different statement about casket |entry|, a positive one an "is made by"
    /// statement, each worded so that it is true exactly on Bellini's caskets.
    pub(crate) fn for_overlay(
        speaker: usize,
        entry: i8,
        bellini: [bool; CASKETS],
    ) -> MakerStatement {
        let about = usize::from(entry.unsigned_abs()) - 1;
        let claim = if entry < 0 {
            // (B_about == B_speaker) must equal B_speaker, which holds iff B_about.
            if bellini[about] {
                MakerClaim::Same
            } else {
                MakerClaim::Different
            }
        } else if bellini[speaker] == bellini[about] {
            MakerClaim::MadeBy(Maker::Bellini)
        } else {
            MakerClaim::MadeBy(Maker::Cellini)
        };
        MakerStatement { about, claim }
    }

    /// Whether the inscription on casket `speaker` is true when `bellini[c]` says who made
    /// casket c (true = Bellini).
    pub(crate) fn holds(&self, speaker: usize, bellini: &[bool]) -> bool {
        match self.claim {
            MakerClaim::MadeBy(Maker::Bellini) => bellini[self.about],
            MakerClaim::MadeBy(Maker::Cellini) => !bellini[self.about],
            MakerClaim::Same => bellini[self.about] == bellini[speaker],
            MakerClaim::Different => bellini[self.about] != bellini[speaker],
        }
    }

    /// Parses `bellini 2`, `cellini 2`, `same 2`, `different 2`, the short forms `b2`, `c2`,
    /// `s2`, `d2`, or phrases such as `casket 2 is made by Bellini` / `same maker as 2`.
    pub(crate) fn parse(text: &str, place: &str) -> Result<MakerStatement, PortiaError> {
        let err = |m: String| PortiaError::invalid(format!("{place}: `{}`", text.trim()), m);
        let lowered = text.to_lowercase();
        let digits: String = lowered.chars().filter(|c| c.is_ascii_digit()).collect();
        let about = match digits.parse::<usize>() {
            Ok(k) if (1..=CASKETS).contains(&k) => k - 1,
            _ => {
                return Err(err(format!(
                    "name one casket, 1 to {CASKETS} (e.g. `bellini 2`, `same 3`)"
                )));
            }
        };
        let words: Vec<&str> = lowered
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| {
                !w.is_empty()
                    && ![
                        "casket",
                        "is",
                        "made",
                        "by",
                        "as",
                        "from",
                        "than",
                        "maker",
                        "the",
                        "a",
                        "this",
                        "one",
                        "fashioned",
                        "was",
                    ]
                    .contains(w)
            })
            .collect();
        let claim = match words.as_slice() {
            ["b" | "bellini"] => MakerClaim::MadeBy(Maker::Bellini),
            ["c" | "cellini"] => MakerClaim::MadeBy(Maker::Cellini),
            ["s" | "same"] => MakerClaim::Same,
            ["d" | "different"] => MakerClaim::Different,
            _ => {
                return Err(err(
                    "say `bellini K`, `cellini K`, `same K` or `different K` (or b/c/s/d K)".into(),
                ));
            }
        };
        Ok(MakerStatement { about, claim })
    }

    /// Parses one maker statement per casket, separated by commas or semicolons.
    pub fn parse_all(text: &str, place: &str) -> Result<[MakerStatement; CASKETS], PortiaError> {
        let items: Vec<&str> = text.split([',', ';']).map(str::trim).collect();
        if items.len() != CASKETS {
            return Err(PortiaError::invalid(
                place,
                format!(
                    "`{}` has {} maker statements; give one per casket, e.g. `same 2, bellini 3, cellini 1`",
                    text.trim(),
                    items.len()
                ),
            ));
        }
        let mut out = [MakerStatement {
            about: 0,
            claim: MakerClaim::Same,
        }; CASKETS];
        for (c, item) in items.iter().enumerate() {
            out[c] = Self::parse(item, &format!("{place}, casket {}", c + 1))?;
        }
        Ok(out)
    }
}

impl fmt::Display for MakerStatement {
    /// `bellini 2`, `cellini 2`, `same 2`, `different 2`; parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.claim {
            MakerClaim::MadeBy(Maker::Bellini) => "bellini",
            MakerClaim::MadeBy(Maker::Cellini) => "cellini",
            MakerClaim::Same => "same",
            MakerClaim::Different => "different",
        };
        write!(f, "{word} {}", self.about + 1)
    }
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clue::Count(c) => c.fmt(f),
            Clue::Lids(c) => c.fmt(f),
            Clue::Makers(m) => {
                let parts: Vec<String> = m.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join(", "))
            }
        }
    }
}
