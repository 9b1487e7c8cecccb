//! Portia's caskets over the API: a catalogue puzzle by id (`portia1-44`) or at random from a
//! generation, and the verdict on a chosen casket with the reasoning read off the solver's
//! answer (which inscriptions are true where the portrait lies, who made each casket, and each
//! casket tried in turn).

use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::Serialize;

use super::Reply;
use super::Shared;
use super::api::{ApiError, Fields};
use crate::model::EncodeOptions;
use crate::puzzles::portia::catalogue::{self, CatalogueOptions, Entry, Generation, Rule};
use crate::puzzles::portia::model::{self, Answer};
use crate::puzzles::portia::reasoning;
use crate::puzzles::portia::text::{clue_text, inscriptions};
use crate::puzzles::portia::{CASKET_NAMES, CASKETS, Clue};
use crate::report::SCHEMA_VERSION;

/// `POST /api/portia/deal`: a puzzle as the page draws it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PortiaReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `portia`.
    pub family: String,
    /// The catalogue id (`portia1-44`), as `satpuz generate portia` numbers them (Portia II:
    /// `--rule seed`, the seed's numbering).
    pub id: String,
    /// 1, 2 or 3.
    pub generation: u8,
    /// `Portia I`, `Portia II`, `Portia III`.
    pub title: String,
    /// Puzzles in this generation's catalogue.
    pub catalogue: usize,
    /// The three caskets, gold, silver, lead.
    pub caskets: Vec<CasketView>,
    /// What the player is told besides the inscriptions.
    pub clue: String,
    /// The question.
    pub question: String,
}

/// A casket and what is written on it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CasketView {
    /// 1 (gold), 2 (silver), 3 (lead).
    pub number: usize,
    /// `gold`, `silver`, `lead`.
    pub name: String,
    /// Its inscriptions, in order (Portia III: the maker inscription last).
    pub inscriptions: Vec<String>,
}

/// `POST /api/portia/verdict`: the chosen casket judged, with the solver's reasoning.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PortiaVerdictReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `portia`.
    pub family: String,
    /// The puzzle's id.
    pub id: String,
    /// The casket chosen, 1 to 3.
    pub chosen: usize,
    /// `right` or `wrong`.
    pub verdict: String,
    /// Whether the portrait is in the chosen casket.
    pub right: bool,
    /// The portrait's casket by the solver, 1 to 3.
    pub portrait: usize,
    /// Every portrait inscription with its truth where the portrait lies (the solver's model).
    pub inscriptions: Vec<InscriptionTruth>,
    /// Portia III: who made each casket (`Bellini`/`Cellini`), gold first, by the solver.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub makers: Option<Vec<String>>,
    /// Portia III: each maker inscription with its truth (Bellini's true, Cellini's false).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub maker_inscriptions: Vec<InscriptionTruth>,
    /// The chain of reasoning, sentence by sentence: each casket tried in turn (the
    /// inscriptions with the portrait there, by the solver, and whether the puzzle then has an
    /// answer), then the conclusion.
    pub reasoning: Vec<String>,
    /// A wrong pick: why the chosen casket cannot hold the portrait (its case of `reasoning`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
    /// Portrait positions that fit: 1 (the solver proved no other does).
    pub solutions: u64,
}

/// A portrait inscription and whether it is true.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InscriptionTruth {
    /// 1 to 3.
    pub casket: usize,
    /// Its words.
    pub text: String,
    /// True where the portrait lies.
    pub truth: bool,
}

/// The catalogues, generated on first use (Portia II takes about a second) and kept. Portia II
/// follows the seed's rule, so its 16152 puzzles carry the seed's ids (`portia2-6854` is
/// Smullyan's 68b, as the seed names it).
fn catalogue(generation: Generation) -> Result<&'static [Entry], ApiError> {
    static CATALOGUES: [OnceLock<Result<Vec<Entry>, String>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let k = Generation::ALL
        .iter()
        .position(|&g| g == generation)
        .unwrap_or_default();
    CATALOGUES[k]
        .get_or_init(|| {
            catalogue::generate(&CatalogueOptions {
                rule: Rule::Seed,
                ..CatalogueOptions::new(generation)
            })
            .map_err(|e| e.to_string())
        })
        .as_deref()
        .map_err(|e| ApiError::internal(format!("generating the catalogue: {e}")))
}

fn generation_of(n: u64) -> Result<Generation, ApiError> {
    Generation::from_number(n)
        .ok_or_else(|| ApiError::bad(Some("generation"), format!("expected 1, 2 or 3, got {n}")))
}

/// The entry an `id` names (`portia<g>-<n>`).
fn by_id(id: &str) -> Result<&'static Entry, ApiError> {
    let bad = |why: String| ApiError::bad(Some("id"), why);
    let generation = id
        .strip_prefix("portia")
        .and_then(|rest| rest.split_once('-'))
        .and_then(|(g, n)| {
            (n.parse::<usize>().is_ok())
                .then(|| g.parse::<u64>().ok())
                .flatten()
        })
        .and_then(Generation::from_number)
        .ok_or_else(|| {
            bad(format!(
                "`{id}` is not a catalogue id (they look like portia1-44, portia2-6854, portia3-1)"
            ))
        })?;
    let entries = catalogue(generation)?;
    entries.iter().find(|e| e.id() == id).ok_or_else(|| {
        bad(format!(
            "`{id}` is not in the {} catalogue ({} puzzles; not every number is a puzzle)",
            generation.title(),
            entries.len()
        ))
    })
}

fn generation_number(g: Generation) -> u8 {
    match g {
        Generation::One => 1,
        Generation::Two => 2,
        Generation::Three => 3,
    }
}

pub(crate) fn deal_call(_shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let id: Option<String> = fields.take("id", "a catalogue id such as portia1-44")?;
    let generation: Option<u64> = fields.take("generation", "1, 2 or 3")?;
    let pick: Option<u64> = fields.take(
        "pick",
        "a whole number (which puzzle, at random when absent)",
    )?;
    fields.finish(&["id", "generation", "pick"])?;
    let entry = match id {
        Some(id) => {
            let entry = by_id(&id)?;
            if let Some(g) = generation
                && generation_of(g)? != entry.generation
            {
                return Err(ApiError::bad(
                    Some("generation"),
                    format!(
                        "`{id}` is a {} puzzle, not generation {g}",
                        entry.generation.title()
                    ),
                ));
            }
            entry
        }
        None => {
            let entries = catalogue(generation_of(generation.unwrap_or(1))?)?;
            let pick = pick.unwrap_or_else(rand::random::<u64>);
            &entries[(pick % entries.len() as u64) as usize]
        }
    };
    let puzzle = &entry.puzzle;
    Ok(Reply::json(&PortiaReport {
        schema_version: SCHEMA_VERSION,
        family: "portia".into(),
        id: entry.id(),
        generation: generation_number(entry.generation),
        title: entry.generation.title().into(),
        catalogue: catalogue(entry.generation)?.len(),
        caskets: (0..CASKETS)
            .map(|c| CasketView {
                number: c + 1,
                name: CASKET_NAMES[c].into(),
                inscriptions: inscriptions(puzzle, c),
            })
            .collect(),
        clue: clue_text(puzzle),
        question: "Which casket holds the portrait?".into(),
    }))
}

pub(crate) fn verdict_call(_shared: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let id: Option<String> = fields.take("id", "a catalogue id such as portia1-44")?;
    let casket: Option<u64> = fields.take("casket", "1 (gold), 2 (silver) or 3 (lead)")?;
    fields.finish(&["id", "casket"])?;
    let id = id.ok_or_else(|| ApiError::bad(Some("id"), "missing: which puzzle".into()))?;
    let entry = by_id(&id)?;
    let chosen = match casket {
        Some(c @ 1..=3) => c as usize,
        Some(c) => {
            return Err(ApiError::bad(
                Some("casket"),
                format!("expected 1 (gold), 2 (silver) or 3 (lead), got {c}"),
            ));
        }
        None => {
            return Err(ApiError::bad(
                Some("casket"),
                "missing: which casket you choose, 1 to 3".into(),
            ));
        }
    };
    let puzzle = &entry.puzzle;
    let solved = model::solve(puzzle, EncodeOptions::default())
        .map_err(|e| ApiError::internal(format!("solving {id}: {e}")))?;
    let Answer::Unique(found) = solved.answer else {
        return Err(ApiError::internal(format!(
            "{id} does not have exactly one answer"
        )));
    };
    if found.portrait != entry.solution {
        return Err(ApiError::internal(format!(
            "{id}: the solver disagrees with the catalogue"
        )));
    }
    let name = |c: usize| format!("the {} casket", CASKET_NAMES[c]);
    let mut truths = Vec::new();
    for c in 0..CASKETS {
        let words = inscriptions(puzzle, c);
        for (j, &truth) in found.truths[c].iter().enumerate() {
            truths.push(InscriptionTruth {
                casket: c + 1,
                text: words[j].clone(),
                truth,
            });
        }
    }
    let makers = matches!(puzzle.clue(), Clue::Makers(_)).then(|| {
        found
            .bellini
            .iter()
            .map(|&b| if b { "Bellini" } else { "Cellini" }.to_string())
            .collect::<Vec<_>>()
    });
    let maker_inscriptions: Vec<InscriptionTruth> = match puzzle.clue() {
        Clue::Makers(_) => (0..CASKETS)
            .map(|c| InscriptionTruth {
                casket: c + 1,
                text: inscriptions(puzzle, c).pop().unwrap_or_default(),
                truth: found.bellini[c],
            })
            .collect(),
        _ => Vec::new(),
    };
    let cases =
        reasoning::cases(puzzle).map_err(|e| ApiError::internal(format!("reasoning {id}: {e}")))?;
    let mut reasoning: Vec<String> = cases.iter().map(|c| c.sentence.clone()).collect();
    reasoning.push(format!(
        "So the portrait is in {}: it fits what you are told ({}), and the solver proved that \
         no other casket does.",
        name(found.portrait),
        clue_text(puzzle).trim_end_matches('.')
    ));
    let why_not = cases
        .iter()
        .find(|c| c.casket == chosen - 1 && !c.fits)
        .map(|c| c.sentence.clone());
    let right = chosen - 1 == found.portrait;
    Ok(Reply::json(&PortiaVerdictReport {
        schema_version: SCHEMA_VERSION,
        family: "portia".into(),
        id,
        chosen,
        verdict: if right { "right" } else { "wrong" }.into(),
        right,
        portrait: found.portrait + 1,
        inscriptions: truths,
        makers,
        maker_inscriptions,
        reasoning,
        why_not,
        solutions: 1,
    }))
}
