//! The catalogues against the reference, record for record, and every record re-solved.

use std::collections::HashSet;
use std::sync::OnceLock;

use satpuz::encode::card::Card;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::portia::Record;
use satpuz::puzzles::portia::catalogue::{self, CatalogueOptions, Generation, Rule, Strategy};
use satpuz::puzzles::portia::model::{self, Answer};
use serde_json::Value;

use crate::reference::{reference_portia1, reference_portia2, reference_portia3};

/// The reference's fields of a generated record (satpuz adds `clue`, `makers`, `text`).
fn reference_fields(e: &catalogue::Entry) -> Value {
    let mut v = serde_json::to_value(Record::from_entry(e)).unwrap();
    let m = v.as_object_mut().unwrap();
    for extra in ["clue", "makers", "text"] {
        m.remove(extra);
    }
    v
}

pub fn options(generation: Generation) -> CatalogueOptions {
    CatalogueOptions::new(generation)
}

pub fn generate(opts: &CatalogueOptions) -> Vec<catalogue::Entry> {
    catalogue::generate(opts).expect("the solver does not fail")
}

/// The default-option catalogues, generated once per test run (Portia II takes a while).
pub fn shared(generation: Generation, rule: Rule) -> &'static [catalogue::Entry] {
    static CATALOGUES: [OnceLock<Vec<catalogue::Entry>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let slot = match (generation, rule) {
        (Generation::One, _) => 0,
        (Generation::Two, Rule::Sound) => 1,
        (Generation::Two, Rule::Seed) => 2,
        (Generation::Three, _) => 3,
    };
    CATALOGUES[slot].get_or_init(|| {
        let mut opts = options(generation);
        opts.rule = rule;
        generate(&opts)
    })
}

fn assert_matches_reference(entries: &[catalogue::Entry], reference: &[Value]) {
    assert_eq!(entries.len(), reference.len());
    for (e, r) in entries.iter().zip(reference) {
        assert_eq!(&reference_fields(e), r, "record {}", e.id());
    }
}

#[test]
fn portia1_catalogue_is_the_reference_record_for_record() {
    let entries = shared(Generation::One, Rule::Sound);
    assert_eq!(entries.len(), 348);
    assert_matches_reference(entries, &reference_portia1());
}

#[test]
fn portia2_catalogues_are_the_reference_under_both_rules() {
    let sound = shared(Generation::Two, Rule::Sound);
    assert_eq!(sound.len(), 30480);
    assert_matches_reference(sound, &reference_portia2(false));
    let seed = shared(Generation::Two, Rule::Seed);
    assert_eq!(seed.len(), 16152);
    assert_matches_reference(seed, &reference_portia2(true));
}

#[test]
fn portia2_distinct_keeps_the_first_of_each_physical_puzzle() {
    for (rule, full_count, distinct_count) in
        [(Rule::Seed, 16152, 4038), (Rule::Sound, 30480, 7620)]
    {
        let mut opts = options(Generation::Two);
        opts.rule = rule;
        opts.distinct = true;
        let distinct = generate(&opts);
        assert_eq!(distinct.len(), distinct_count, "{rule:?}");
        // Independently: the first record of each class of (per-casket statement pairs up to
        // order, solution) in the full reference catalogue.
        let mut seen = HashSet::new();
        let expected: Vec<Value> = reference_portia2(rule == Rule::Seed)
            .into_iter()
            .filter(|r| {
                let [a, b] = [&r["caskets"][0], &r["caskets"][1]];
                let key: Vec<(i64, i64)> = (0..3)
                    .map(|c| {
                        let (x, y) = (a[c].as_i64().unwrap(), b[c].as_i64().unwrap());
                        (x.min(y), x.max(y))
                    })
                    .collect();
                seen.insert((key, r["solution"].as_u64().unwrap()))
            })
            .collect();
        assert_eq!(expected.len(), distinct_count);
        assert_eq!(
            full_count / 4,
            distinct_count,
            "each physical puzzle appears four times"
        );
        for (e, r) in distinct.iter().zip(&expected) {
            assert_eq!(&reference_fields(e), r);
        }
    }
}

#[test]
fn portia3_catalogue_is_the_reference_record_for_record() {
    let entries = shared(Generation::Three, Rule::Sound);
    assert_eq!(entries.len(), 3600);
    assert_matches_reference(entries, &reference_portia3());
    // 600 bases: every list appears, each base with the six overlays in order.
    let lists: HashSet<Value> = entries
        .iter()
        .map(|e| reference_fields(e)["caskets"][0].clone())
        .collect();
    assert_eq!(lists.len(), 216);
}

#[test]
fn card_encodings_domain_encodings_and_strategies_give_identical_catalogues() {
    for generation in [Generation::One, Generation::Three] {
        let base = shared(generation, Rule::Sound);
        for card in Card::ALL {
            for encoding in Encoding::ALL {
                for strategy in [Strategy::Shared, Strategy::Incremental, Strategy::Fresh] {
                    let mut opts = options(generation);
                    opts.formula = EncodeOptions {
                        encoding,
                        amo: Amo::SeqCounter,
                        card,
                        ..EncodeOptions::default()
                    };
                    opts.strategy = strategy;
                    assert_eq!(
                        generate(&opts),
                        base,
                        "{generation:?} {card:?} {encoding:?} {strategy:?}"
                    );
                }
            }
        }
    }
    // Portia II (the big one): the other cardinality encoding under both rules, one solver per
    // pair under the sound rule, and a fresh solver per candidate with bit-vector domains under
    // the seed rule.
    for rule in [Rule::Sound, Rule::Seed] {
        let mut opts = options(Generation::Two);
        opts.rule = rule;
        let base = shared(Generation::Two, rule);
        opts.formula.card = Card::SeqCounter;
        assert_eq!(generate(&opts), base, "{rule:?} seqcounter");
        if rule == Rule::Sound {
            opts.strategy = Strategy::Incremental;
            assert_eq!(generate(&opts), base, "{rule:?} seqcounter, incremental");
        } else {
            opts.formula.encoding = Encoding::Bits;
            opts.strategy = Strategy::Fresh;
            assert_eq!(generate(&opts), base, "{rule:?} seqcounter, bits, fresh");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every generated puzzle, re-read from its JSON record and solved by a fresh solver.

/// `bare`: also re-solve each record stripped to the reference's fields, where the clue is
/// read from `truths` and `position` (for the seed rule that is the lids' distribution, the
/// clue the reference shows the player, rather than the occurring counts).
fn resolve_all(entries: &[catalogue::Entry], bare: bool) {
    let json: Vec<String> = entries
        .iter()
        .map(|e| serde_json::to_string(&Record::from_entry(e)).unwrap())
        .collect();
    let records = Record::parse_many(&format!("[{}]", json.join(",")), "catalogue").unwrap();
    for (e, record) in entries.iter().zip(records) {
        let id = record.id.clone().unwrap();
        let solution = record.solution.unwrap();
        // As written (with satpuz's `clue` / `makers`), and in the reference's bare shape,
        // where the clue is read from `truths` and `position`.
        let mut stripped = record.clone();
        stripped.clue = None;
        stripped.makers = None;
        stripped.text = None;
        let forms = if bare {
            vec![&record, &stripped]
        } else {
            vec![&record]
        };
        for (i, r) in forms.into_iter().enumerate() {
            let puzzle = r.puzzle(&id).unwrap();
            if i == 0 {
                assert_eq!(puzzle, e.puzzle, "{id}");
            } else {
                assert_eq!(puzzle.lists(), e.puzzle.lists(), "{id}");
            }
            match model::solve(&puzzle, EncodeOptions::default())
                .unwrap()
                .answer
            {
                Answer::Unique(found) => assert_eq!(found.portrait + 1, solution, "{id}"),
                other => panic!("{id}: {other:?}"),
            }
        }
    }
}

#[test]
fn every_portia1_and_portia3_record_resolves_to_its_solution() {
    resolve_all(shared(Generation::One, Rule::Sound), true);
    resolve_all(shared(Generation::Three, Rule::Sound), true);
}

#[test]
fn every_portia2_record_resolves_to_its_solution() {
    // Under the sound rule the bare record's clue is the one written; under the seed rule it
    // is the stronger distribution clue.
    resolve_all(shared(Generation::Two, Rule::Sound), false);
    resolve_all(shared(Generation::Two, Rule::Seed), true);
}
