//! The chain of reasoning for a Portia puzzle, read off the solver: for each casket, what the
//! inscriptions would be if the portrait were in it (the frame solved with the portrait placed
//! there), who would then have made each casket (Portia III), and whether the whole puzzle
//! still has an answer with the portrait there (the puzzle solved under that assumption).
//! Smullyan's own method: try each casket, keep the one that fits.

use crate::model::EncodeOptions;
use crate::solve::{Session, SolveError};

use super::clue::Clue;
use super::model::Formula;
use super::text::{clue_text, maker_text, statement_text};
use super::{CASKET_NAMES, CASKETS, Generation, Puzzle};

/// What follows if the portrait were in one casket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The casket supposed to hold the portrait (0-based).
    pub casket: usize,
    /// `truths[c][j]`: the `j`-th portrait inscription on casket `c` would be true.
    pub truths: Vec<Vec<bool>>,
    /// Portia III: `bellini[c]`, Bellini would have made casket `c` (his inscriptions are
    /// true); empty otherwise.
    pub bellini: Vec<bool>,
    /// Portia III: each casket's maker inscription would be true; empty otherwise.
    pub maker_truths: Vec<bool>,
    /// The puzzle, clue included, has an answer with the portrait here (by the solver).
    pub fits: bool,
    /// The case in words.
    pub sentence: String,
}

/// The three cases, gold first.
pub fn cases(puzzle: &Puzzle) -> Result<Vec<Case>, SolveError> {
    let opts = EncodeOptions::default();
    let mut frame = Session::new(Formula::new(puzzle.lists(), puzzle.generation(), opts));
    let mut whole = Session::new(Formula::for_puzzle(puzzle, opts));
    let mut out = Vec::with_capacity(CASKETS);
    for casket in 0..CASKETS {
        let at = frame.formula().at[casket];
        if !frame.solve(&[at])? {
            return Err(SolveError::Solver(format!(
                "the inscriptions alone leave no room for the portrait in casket {}",
                casket + 1
            )));
        }
        let found = frame.formula().found(&frame.model())?;
        let at = whole.formula().at[casket];
        let fits = whole.solve(&[at])?;
        let maker_truths: Vec<bool> = match puzzle.clue() {
            Clue::Makers(m) => (0..CASKETS)
                .map(|c| m[c].holds(c, &found.bellini))
                .collect(),
            _ => Vec::new(),
        };
        // The solver's verdict and the inscriptions' meaning must agree: Bellini's maker
        // inscriptions true, Cellini's false, exactly when the case fits.
        if !maker_truths.is_empty() && fits != (maker_truths == found.bellini) {
            return Err(SolveError::Solver(format!(
                "the solver and the maker inscriptions disagree on casket {}",
                casket + 1
            )));
        }
        let mut case = Case {
            casket,
            truths: found.truths,
            bellini: found.bellini,
            maker_truths,
            fits,
            sentence: String::new(),
        };
        case.sentence = sentence(puzzle, &case);
        out.push(case);
    }
    Ok(out)
}

fn truth_word(t: bool) -> &'static str {
    if t { "true" } else { "false" }
}

fn maker_name(bellini: bool) -> &'static str {
    if bellini { "Bellini" } else { "Cellini" }
}

/// "on gold, “…” true; on silver, “…” false; …"
fn inscriptions_said(puzzle: &Puzzle, case: &Case) -> String {
    let mut parts = Vec::new();
    for (c, casket) in CASKET_NAMES.iter().enumerate() {
        for (j, s) in puzzle.on_casket(c).enumerate() {
            parts.push(format!(
                "on {casket}, \u{201c}{}\u{201d} would be {}",
                statement_text(c, s),
                truth_word(case.truths[c][j])
            ));
        }
    }
    parts.join("; ")
}

fn sentence(puzzle: &Puzzle, case: &Case) -> String {
    let name = CASKET_NAMES[case.casket];
    let opening = format!("If the portrait were in the {name} casket, then ");
    let verdict = if case.fits {
        format!("so it can be in the {name} casket.")
    } else {
        format!("so it is not in the {name} casket.")
    };
    match puzzle.clue() {
        Clue::Makers(m) => {
            let makers: Vec<String> = [true, false]
                .iter()
                .filter_map(|&b| {
                    let made: Vec<&str> = (0..CASKETS)
                        .filter(|&c| case.bellini[c] == b)
                        .map(|c| CASKET_NAMES[c])
                        .collect();
                    (!made.is_empty())
                        .then(|| format!("{} made {}", maker_name(b), made.join(" and ")))
                })
                .collect();
            let broken: Vec<String> = (0..CASKETS)
                .filter(|&c| case.maker_truths[c] != case.bellini[c])
                .map(|c| {
                    format!(
                        "{}'s \u{201c}{}\u{201d} would be {}, yet {} made it",
                        CASKET_NAMES[c],
                        maker_text(c, m[c]),
                        truth_word(case.maker_truths[c]),
                        maker_name(case.bellini[c])
                    )
                })
                .collect();
            let makers_line = format!(
                "{}. Bellini's inscriptions are true and Cellini's false, so {}. ",
                inscriptions_said(puzzle, case),
                makers.join(" and ")
            );
            let check = if broken.is_empty() {
                "Every maker inscription then agrees with its maker, ".to_string()
            } else {
                format!("But {}: ", broken.join("; "))
            };
            format!("{opening}{makers_line}{check}{verdict}")
        }
        Clue::Count(_) | Clue::Lids(_) => {
            let counts = match puzzle.generation() {
                Generation::Two => {
                    let lids: Vec<String> = (0..CASKETS)
                        .map(|c| {
                            let n = case.truths[c].iter().filter(|&&t| t).count();
                            format!("{} {n}", CASKET_NAMES[c])
                        })
                        .collect();
                    format!("true statements per lid: {}", lids.join(", "))
                }
                _ => {
                    let all: Vec<bool> = case.truths.iter().flatten().copied().collect();
                    let n = all.iter().filter(|&&t| t).count();
                    format!("{n} of {} true", all.len())
                }
            };
            let told = clue_text(puzzle);
            let told = told.trim_end_matches('.');
            let holds = if case.fits { "holds" } else { "does not hold" };
            format!(
                "{opening}{}. That makes {counts}, and \u{201c}{told}\u{201d} {holds}, {verdict}",
                inscriptions_said(puzzle, case)
            )
        }
    }
}
