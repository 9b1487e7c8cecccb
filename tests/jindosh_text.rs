//! Jindosh Riddle versions read from their text. Each version is built here from the game's
//! template by moving the values around and varying the wording; the library reads the text and
//! solves it, and a brute force written in this test solves the version from its slot values
//! directly. Answers and counts must agree.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::{satpuz, satpuz_with_stdin};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Category, Clue, GridPuzzle, Positions, Relation};
use satpuz::puzzles::jindosh_text::{TextError, parse};
use satpuz::solve::{Varisat, enumerate};

const PEOPLE: [&str; 5] = [
    "Lady Winslow",
    "Doctor Marcolla",
    "Countess Contee",
    "Madam Natsiou",
    "Baroness Finch",
];
const COLOURS: [&str; 5] = ["white", "blue", "red", "green", "purple"];
const DRINKS: [&str; 5] = ["absinthe", "rum", "wine", "whiskey", "beer"];
const CITIES: [&str; 5] = ["Karnaca", "Baleton", "Dabokva", "Fraeport", "Dunwall"];
const HEIRLOOMS: [&str; 5] = ["Ring", "Bird Pendant", "Diamond", "War Medal", "Snuff Tin"];
const P: usize = 0;
const C: usize = 1;
const D: usize = 2;
const T: usize = 3;
const H: usize = 4;

/// A value: (category, index).
type V = (usize, usize);

/// One version: the values in the template's slots, and how its seat and direction words are
/// phrased.
#[derive(Debug, Clone)]
struct Version {
    hat: (usize, usize),        // person wore a jaunty colour hat
    end: (usize, usize, usize), // person at seat (1-based), next to colour jacket
    end_words: &'static str,
    pair: (usize, usize), // colour sat directly left/right of colour
    left: bool,
    pair_words: &'static str,
    outfit: (usize, usize),       // that colour outfit, spilled drink
    purple: (usize, usize),       // traveller from city, dressed in colour
    brag: (usize, usize),         // heirloom bragged about, next to city
    show: (usize, usize),         // person showed heirloom
    scoff: (usize, usize),        // city scoffed, her heirloom
    medal: (usize, usize, usize), // heirloom; city next to her; neighbour's drink
    toast: (usize, usize),        // person raised drink
    full: (usize, usize),         // city full of drink
    fall: (usize, usize),         // seat (1-based), the poor woman's drink
    fall_words: &'static str,
    youth: (usize, usize), // person, youth in city
    british: bool,
}

/// Facts a solution must satisfy, by slot.
enum Fact {
    Same(V, V),
    At(V, usize),
    Next(V, V),
    LeftOf(V, V),
}

impl Version {
    fn facts(&self) -> Vec<Fact> {
        use Fact::*;
        let mut f = vec![
            Same((P, self.hat.0), (C, self.hat.1)),
            At((P, self.end.0), self.end.1),
            Next((P, self.end.0), (C, self.end.2)),
            Same((C, self.outfit.0), (D, self.outfit.1)),
            Same((T, self.purple.0), (C, self.purple.1)),
            Next((H, self.brag.0), (T, self.brag.1)),
            Same((P, self.show.0), (H, self.show.1)),
            Same((T, self.scoff.0), (H, self.scoff.1)),
            Next((H, self.medal.0), (T, self.medal.1)),
            Next((T, self.medal.1), (D, self.medal.2)),
            Same((P, self.toast.0), (D, self.toast.1)),
            Same((T, self.full.0), (D, self.full.1)),
            At((D, self.fall.1), self.fall.0),
            Same((P, self.youth.0), (T, self.youth.1)),
        ];
        let (a, b) = ((C, self.pair.0), (C, self.pair.1));
        f.push(if self.left {
            LeftOf(a, b)
        } else {
            LeftOf(b, a)
        });
        f
    }

    fn text(&self) -> String {
        let (colors, traveler, neighbor, center) = if self.british {
            ("colours", "traveller", "neighbour’s", "centre")
        } else {
            ("colors", "traveler", "neighbor's", "center")
        };
        let fall_words = self.fall_words.replace("center", center);
        let four: Vec<&str> = HEIRLOOMS
            .iter()
            .copied()
            .filter(|&h| h != HEIRLOOMS[self.show.1])
            .collect();
        format!(
            "At the dinner party were Lady Winslow, Doctor Marcolla, Countess Contee, Madam Natsiou, and Baroness Finch.\n\n\
             The women sat in a row. They all wore different {colors} and {} wore a jaunty {} hat. \
             {} was {}, next to the guest wearing a {} jacket. The lady in {} sat {} someone in {}. \
             I remember that {} outfit because the woman spilled her {} all over it. \
             The {traveler} from {} was dressed entirely in {}. When one of the dinner guests bragged \
             about her {}, the woman next to her said they were finer in {}, where she lived.\n\n\
             So {} showed off a prized {}, at which the lady from {} scoffed, saying it was no match \
             for her {}. Someone else carried a valuable {} and when she saw it, the visitor from {} \
             next to her almost spilled her {neighbor} {}. {} raised her {} in toast. The lady from {}, \
             full of {}, jumped up onto the table falling onto the guest {fall_words}, spilling the \
             poor woman’s {}. Then {} captivated them all with a story about her wild youth in {}.\n\n\
             In the morning there were four heirlooms under the table: the {}, {}, the {}, and the {}.\n\n\
             But who owned each?\n",
            PEOPLE[self.hat.0],
            COLOURS[self.hat.1],
            PEOPLE[self.end.0],
            self.end_words,
            COLOURS[self.end.2],
            COLOURS[self.pair.0],
            self.pair_words,
            COLOURS[self.pair.1],
            COLOURS[self.outfit.0],
            DRINKS[self.outfit.1],
            CITIES[self.purple.0],
            COLOURS[self.purple.1],
            HEIRLOOMS[self.brag.0],
            CITIES[self.brag.1],
            PEOPLE[self.show.0],
            HEIRLOOMS[self.show.1],
            CITIES[self.scoff.0],
            HEIRLOOMS[self.scoff.1],
            HEIRLOOMS[self.medal.0],
            CITIES[self.medal.1],
            DRINKS[self.medal.2],
            PEOPLE[self.toast.0],
            DRINKS[self.toast.1],
            CITIES[self.full.0],
            DRINKS[self.full.1],
            DRINKS[self.fall.1],
            PEOPLE[self.youth.0],
            CITIES[self.youth.1],
            four[0],
            four[1],
            four[2],
            four[3],
        )
    }
}

/// The version in the seed blog post.
fn seed_version() -> Version {
    Version {
        hat: (1, 0),
        end: (4, 1, 1),
        end_words: "at the far left",
        pair: (2, 3),
        left: true,
        pair_words: "left of",
        outfit: (2, 0),
        purple: (0, 4),
        brag: (0, 0),
        show: (2, 4),
        scoff: (1, 2),
        medal: (3, 2, 1),
        toast: (3, 2),
        full: (3, 3),
        fall: (3, 4),
        fall_words: "in the center seat",
        youth: (0, 4),
        british: false,
    }
}

const END_WORDS: [(&str, usize); 6] = [
    ("at the far left", 1),
    ("at the far right", 5),
    ("on the left end", 1),
    ("on the right end", 5),
    ("in the second seat", 2),
    ("in the fourth seat", 4),
];
const PAIR_WORDS: [(&str, bool); 4] = [
    ("left of", true),
    ("right of", false),
    ("to the left of", true),
    ("to the right of", false),
];
const FALL_WORDS: [(&str, usize); 3] = [
    ("in the center seat", 3),
    ("in the second seat", 2),
    ("in the fourth seat from the left", 4),
];

/// A version with the values dealt at random, as the game does, and random wording.
fn random_version(rng: &mut ChaCha8Rng) -> Version {
    let perm = |rng: &mut ChaCha8Rng| {
        let mut p: Vec<usize> = (0..5).collect();
        p.shuffle(rng);
        p
    };
    let (p, c, d, t, h) = (perm(rng), perm(rng), perm(rng), perm(rng), perm(rng));
    let (end_words, seat) = END_WORDS[rng.random_range(0..END_WORDS.len())];
    let (pair_words, left) = PAIR_WORDS[rng.random_range(0..PAIR_WORDS.len())];
    let (fall_words, fall_seat) = FALL_WORDS[rng.random_range(0..FALL_WORDS.len())];
    Version {
        hat: (p[0], c[0]),
        end: (p[1], seat, c[1]),
        end_words,
        pair: (c[2], c[3]),
        left,
        pair_words,
        outfit: (c[2], d[0]),
        purple: (t[0], c[4]),
        brag: (h[0], t[0]),
        show: (p[2], h[1]),
        scoff: (t[1], h[2]),
        medal: (h[3], t[2], d[1]),
        toast: (p[3], d[2]),
        full: (t[3], d[3]),
        fall: (fall_seat, d[4]),
        fall_words,
        youth: (p[4], t[4]),
        british: rng.random_bool(0.5),
    }
}

/// A solution as `seat_of[category][value]` (0-based seats).
type Seating = Vec<[usize; 5]>;

/// Every seating that satisfies the version's facts, by the tests' one grid brute force
/// (`common::brute_force_grid`) over the facts written as grid clues on neutral names: it
/// shares nothing with the text reader being checked.
fn brute_force(version: &Version) -> BTreeSet<Seating> {
    let name = |(c, v): V| format!("c{c}v{v}");
    let clue = |relation| Clue {
        relation,
        not: false,
        text: None,
    };
    let clues: Vec<Clue> = version
        .facts()
        .into_iter()
        .map(|f| {
            clue(match f {
                Fact::Same(a, b) => Relation::Same {
                    a: name(a),
                    b: name(b),
                },
                Fact::At(a, position) => Relation::At {
                    a: name(a),
                    position,
                },
                Fact::Next(a, b) => Relation::NextTo {
                    a: name(a),
                    b: name(b),
                },
                Fact::LeftOf(a, b) => Relation::LeftOf {
                    a: name(a),
                    b: name(b),
                },
            })
        })
        .collect();
    let puzzle = GridPuzzle {
        name: "seating".into(),
        source: None,
        positions: Positions {
            count: 5,
            noun: "seat".into(),
            labels: None,
        },
        categories: (0..5)
            .map(|c| Category {
                name: format!("c{c}"),
                values: (0..5).map(|v| name((c, v))).collect(),
            })
            .collect(),
        clues: Vec::new(),
        question: None,
    };
    let mut out = BTreeSet::new();
    common::brute_force_grid(&puzzle, &clues, |seat_of| {
        out.insert(
            seat_of
                .iter()
                .map(|row| row.as_slice().try_into().expect("five seats"))
                .collect(),
        );
    });
    out
}

/// Every seating of the riddle read from `text`, by the library (parser, model, SAT).
fn library(text: &str) -> (BTreeSet<Seating>, Vec<String>) {
    let parsed = parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let grid = parsed.puzzle.build().expect("builds");
    let mut encoded = grid.model.encode(EncodeOptions::default());
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let mut tables = Vec::new();
    let mut cnf = encoded.cnf.clone();
    enumerate(&mut cnf, &mut solver, Some(10_000), |m| {
        tables.push(encoded.decode(m).expect("decodes"));
        ControlFlow::Continue(())
    })
    .expect("solves");
    encoded.cnf = cnf;
    let seatings = tables
        .into_iter()
        .map(|values| {
            grid.value_var
                .iter()
                .map(|vars| {
                    let mut row = [0; 5];
                    for (i, &v) in vars.iter().enumerate() {
                        row[i] = values[v];
                    }
                    row
                })
                .collect()
        })
        .collect();
    (seatings, parsed.warnings)
}

#[test]
fn the_seed_version_gives_the_published_owners() {
    let v = seed_version();
    let (lib, warnings) = library(&v.text());
    assert!(warnings.is_empty(), "{warnings:?}");
    let brute = brute_force(&v);
    assert_eq!(brute.len(), 1);
    assert_eq!(lib, brute);
    // Finch: War Medal, Natsiou: Ring, Marcolla: Diamond, Winslow: Bird Pendant, Contee: Snuff Tin.
    let s = lib.first().unwrap();
    let owner = |h: usize| (0..5).find(|&p| s[P][p] == s[H][h]).unwrap();
    assert_eq!(owner(3), 4);
    assert_eq!(owner(0), 3);
    assert_eq!(owner(2), 1);
    assert_eq!(owner(1), 0);
    assert_eq!(owner(4), 2);
}

#[test]
fn dealt_versions_agree_with_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(2016);
    let (mut unique, mut ambiguous) = (0, 0);
    let mut texts = BTreeSet::new();
    let mut tried = 0;
    while unique < 8 || ambiguous < 2 {
        tried += 1;
        assert!(tried < 400, "too few unique versions dealt");
        let v = random_version(&mut rng);
        let brute = brute_force(&v);
        if brute.len() != 1 && tried % 4 != 0 {
            continue; // mostly unique versions, as the game deals; some ambiguous ones too
        }
        let text = v.text();
        assert!(texts.insert(text.clone()), "versions are distinct");
        let (lib, warnings) = library(&text);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(lib, brute, "version {v:?}\n{text}");
        unique += usize::from(brute.len() == 1);
        ambiguous += usize::from(brute.len() > 1);
    }
    eprintln!("{tried} versions dealt: {unique} unique and {ambiguous} ambiguous ones compared");
}

#[test]
fn line_breaks_curly_quotes_and_misspellings() {
    let v = seed_version();
    let text = v
        .text()
        .replace("Karnaca, where", "Karanca, where")
        .replace("Madam Natsiou raised", "Madam Natsoiu raised")
        .replace("far left, ", "far\nleft,\n")
        .replace(" jacket.", "\n jacket.")
        .replace("'s", "’s");
    let (lib, warnings) = library(&text);
    assert_eq!(lib, brute_force(&v));
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].contains("read `Karanca` as `Karnaca`"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].contains("read `Natsoiu` as `Madam Natsiou`"),
        "{warnings:?}"
    );
}

fn sentence_error(text: &str) -> (String, String) {
    match parse(text) {
        Err(TextError::Sentence {
            sentence, problem, ..
        }) => (sentence, problem),
        other => panic!("expected a sentence error, got {other:?}"),
    }
}

#[test]
fn sentences_it_cannot_read_are_errors_quoting_them() {
    let base = seed_version().text();
    let across = base.replace(
        "Madam Natsiou raised her wine in toast.",
        "Madam Natsiou sat across from the lady in red.",
    );
    let (sentence, problem) = sentence_error(&across);
    assert_eq!(sentence, "Madam Natsiou sat across from the lady in red.");
    assert!(problem.contains("`across`"), "{problem}");

    let stranger = base.replace(
        "Then Lady Winslow captivated",
        "Then Duchess Abele captivated",
    );
    let (sentence, problem) = sentence_error(&stranger);
    assert!(
        sentence.starts_with("Then Duchess Abele captivated"),
        "{sentence}"
    );
    assert!(problem.contains("`Duchess` is not a name"), "{problem}");

    let or = base.replace(
        "Madam Natsiou raised her wine in toast.",
        "Madam Natsiou sat in the first or the second seat.",
    );
    let (_, problem) = sentence_error(&or);
    assert!(problem.contains("`or`"), "{problem}");

    let dangling = base.replace(
        "Madam Natsiou raised her wine in toast.",
        "Madam Natsiou sat next to.",
    );
    let (_, problem) = sentence_error(&dangling);
    assert!(problem.contains("no guest follows `next to`"), "{problem}");

    let two_colours = base.replace(
        "Madam Natsiou raised her wine in toast.",
        "Madam Natsiou wore red and green.",
    );
    let (_, problem) = sentence_error(&two_colours);
    assert!(problem.contains("both `red` and `green`"), "{problem}");

    assert_eq!(
        parse("Hello there. How are you?").unwrap_err(),
        TextError::NoClues
    );
}

#[test]
fn a_value_after_and_following_a_relation_is_refused_not_given_to_either_guest() {
    // "Winslow sat left of Natsiou and drank beer": English gives the beer to Winslow, a reader
    // that follows the last guest named gives it to Natsiou. The reader must not guess.
    let base = seed_version().text();
    for (added, value) in [
        (
            "Lady Winslow sat left of Madam Natsiou and drank beer.",
            "beer",
        ),
        (
            "Lady Winslow sat left of Madam Natsiou and did not drink beer.",
            "beer",
        ),
        (
            "The lady in red sat next to someone in blue and came from Dabokva.",
            "Dabokva",
        ),
    ] {
        let text = base.replace("Madam Natsiou raised her wine in toast.", added);
        let (sentence, problem) = sentence_error(&text);
        assert_eq!(sentence, added);
        assert!(
            problem.contains(&format!("cannot tell whose `{value}`")),
            "{added}: {problem}"
        );
    }
    // A new guest named after the `and` is hers: nothing to guess.
    let named = "Lady Winslow sat left of Madam Natsiou and Doctor Marcolla drank beer.";
    let parsed = parse(named).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = parsed
        .puzzle
        .clues
        .iter()
        .map(|c| format!("{:?}", c.relation))
        .collect();
    assert!(
        got.iter()
            .any(|g| g == "Same { a: \"Doctor Marcolla\", b: \"beer\" }"),
        "{got:?}"
    );
}

#[test]
fn other_phrasings_a_person_might_type() {
    // Each sentence alone, with the clue it must give.
    let cases: [(&str, &str); 10] = [
        (
            "Baroness Finch sat on the far right.",
            "At { a: \"Baroness Finch\", position: 5 }",
        ),
        (
            "Doctor Marcolla was in the 2nd seat from the right.",
            "At { a: \"Doctor Marcolla\", position: 4 }",
        ),
        (
            "The lady in red sat to the right of someone in green.",
            "RightOf { a: \"red\", b: \"green\" }",
        ),
        (
            "Lady Winslow did not drink wine.",
            "Same { a: \"Lady Winslow\", b: \"wine\" } not",
        ),
        (
            "Countess Contee was not at either end.",
            "AtEnd { a: \"Countess Contee\" } not",
        ),
        (
            "Next to Lady Winslow sat the traveller from Dunwall.",
            "NextTo { a: \"Dunwall\", b: \"Lady Winslow\" }",
        ),
        (
            "The lady in blue sat somewhere to the left of Madam Natsiou.",
            "SomewhereLeftOf { a: \"blue\", b: \"Madam Natsiou\" }",
        ),
        (
            "The guest from Baleton sat two seats to the right of the woman drinking rum.",
            "RightBy { a: \"Baleton\", b: \"rum\", k: 2 }",
        ),
        (
            "Dr. Marcolla sat beside the lady in the centre seat.",
            "OneOf { a: \"Doctor Marcolla\", positions: [2, 4] }",
        ),
        (
            "The Countess wore green, and the woman to her left drank whisky.",
            "LeftOf { a: \"whiskey\", b: \"Countess Contee\" }",
        ),
    ];
    for (sentence, want) in cases {
        let parsed = parse(sentence).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<String> = parsed
            .puzzle
            .clues
            .iter()
            .map(|c| format!("{:?}{}", c.relation, if c.not { " not" } else { "" }))
            .collect();
        assert!(got.iter().any(|g| g == want), "{sentence}: {got:?}");
    }
}

#[test]
fn the_cli_solves_and_exports_a_pasted_version() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let v = loop {
        let v = random_version(&mut rng);
        if brute_force(&v).len() == 1 {
            break v;
        }
    };
    let brute = brute_force(&v);
    let s = brute.first().unwrap();
    let text = v.text();
    let o = satpuz_with_stdin(&["solve", "jindosh", "--text", "-"], text.as_bytes());
    let out = o.stdout;
    assert_eq!(o.code, 0, "{out}{}", o.stderr);
    assert!(out.contains("unique: yes"), "{out}");
    for h in 0..5 {
        let owner = (0..5).find(|&p| s[P][p] == s[H][h]).unwrap();
        let line = format!("{}: {}", HEIRLOOMS[h], PEOPLE[owner]);
        assert!(out.contains(&line), "`{line}` in\n{out}");
    }

    let dir = std::env::temp_dir().join(format!("satpuz-jindosh-text-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let riddle = dir.join("riddle.txt");
    std::fs::write(&riddle, &text).unwrap();
    let cnf = dir.join("out.cnf");
    let o = satpuz(&[
        "encode",
        "jindosh",
        "--text",
        riddle.to_str().unwrap(),
        "--dimacs",
        cnf.to_str().unwrap(),
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let written = std::fs::read_to_string(&cnf).unwrap();
    assert!(written.contains("p cnf "));
    let o = satpuz(&[
        "count",
        "jindosh",
        "--text",
        riddle.to_str().unwrap(),
        "--all",
    ]);
    assert_eq!(o.code, 0);
    assert!(o.stdout.contains(" 1 solution"));

    // An unreadable sentence: exit 1, the sentence quoted.
    let bad = text.replace(
        "raised her",
        "sat across from the lady in red and raised her",
    );
    let o = satpuz_with_stdin(&["solve", "jindosh", "--text", "-"], bad.as_bytes());
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("sat across from the lady in red"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_text_with_no_seating_or_several_says_so() {
    // Deal until one version has no seating and one has several, by the brute force.
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let (mut none, mut several) = (None, None);
    for _ in 0..500 {
        let v = random_version(&mut rng);
        match brute_force(&v).len() {
            0 if none.is_none() => none = Some(v),
            n if n > 1 && several.is_none() => several = Some((v, n)),
            _ => {}
        }
        if none.is_some() && several.is_some() {
            break;
        }
    }
    let none = none.expect("a dealt version without a seating");
    let o = satpuz_with_stdin(&["solve", "jindosh", "--text", "-"], none.text().as_bytes());
    let out = o.stdout;
    assert_eq!(o.code, 2, "{out}");
    assert!(out.contains("no solution"), "{out}");
    assert!(
        !out.contains("Who owned each heirloom?"),
        "no invented answer: {out}"
    );

    let (several, n) = several.expect("a dealt version with several seatings");
    let o = satpuz_with_stdin(
        &["solve", "jindosh", "--text", "-"],
        several.text().as_bytes(),
    );
    let out = o.stdout;
    assert_eq!(o.code, 3, "{out}");
    assert!(out.contains(&format!("unique: no; {n} solutions")), "{out}");
}

/// The clues a text gives, as `Relation` debug strings (`not` appended when denied).
fn clue_strings(text: &str) -> Vec<String> {
    let parsed = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    parsed
        .puzzle
        .clues
        .iter()
        .map(|c| format!("{:?}{}", c.relation, if c.not { " not" } else { "" }))
        .collect()
}

/// Wording the reader has no reading for is refused with the sentence named, never read
/// without the words it does not know: "anything but purple" once gave Karnaca = purple, and
/// "the guest left of the center seat, spilling the poor woman's beer" gave beer in seat 3.
#[test]
fn wording_it_cannot_read_whole_is_refused_not_turned_into_another_clue() {
    let refused = [
        // Denials it has no reading for.
        "The traveler from Karnaca was dressed in anything but purple.",
        "The traveler from Karnaca was dressed in everything but purple.",
        "The traveler from Karnaca was dressed in all but purple.",
        "The traveler from Karnaca wore any colour except purple.",
        "The traveler from Karnaca wore any colour other than purple.",
        "The traveler from Karnaca wore red instead of purple.",
        "The traveler from Karnaca wore red rather than purple.",
        "The traveler from Karnaca came without her purple coat.",
        "The traveler from Karnaca wore nothing purple.",
        "Not Lady Winslow but Doctor Marcolla drank rum.",
        // A relation that describes a guest it cannot pin, or a seat it cannot tell from her.
        "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto the \
         guest left of the center seat, spilling the poor woman's beer.",
        "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto the \
         guest right of the center seat, spilling the poor woman's beer.",
        "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto the \
         guest next to the far left seat, spilling the poor woman's beer.",
        "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto the \
         guest two seats to the left of the far right seat, spilling the poor woman's beer.",
        "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto the \
         guest left of the center seat.",
        "Lady Winslow sat left of the center seat and drank beer.",
        "The woman left of Lady Winslow drank beer.",
    ];
    for text in refused {
        let (sentence, problem) = sentence_error(text);
        assert_eq!(sentence, text, "{problem}");
    }
    // The same words where the reader does read them whole.
    let read = [
        (
            "Lady Winslow sat left of the center seat.",
            "At { a: \"Lady Winslow\", position: 2 }",
        ),
        (
            "Lady Winslow had no Ring.",
            "Same { a: \"Lady Winslow\", b: \"Ring\" } not",
        ),
        (
            "The lady from Baleton scoffed, saying it was no match for her Diamond.",
            "Same { a: \"Baleton\", b: \"Diamond\" }",
        ),
        (
            "The lady from Fraeport, full of whiskey, jumped up onto the table falling onto \
             the guest in the center seat, spilling the poor woman's beer.",
            "At { a: \"beer\", position: 3 }",
        ),
        (
            "The woman in red sat left of Lady Winslow.",
            "LeftOf { a: \"red\", b: \"Lady Winslow\" }",
        ),
    ];
    for (text, want) in read {
        let got = clue_strings(text);
        assert!(got.iter().any(|g| g == want), "{text}: {got:?}");
    }
}

/// The quotes of `explain` and `solve --why` lines ("By clue 8 (...)", "clue 8: ..."), by clue.
fn quotes(out: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for piece in out.split("clue").skip(1) {
        let digits: String = piece
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let Ok(n) = digits.parse::<usize>() else {
            continue;
        };
        let rest = piece.trim_start()[digits.len()..].trim_start();
        let quote = if let Some(inner) = rest.strip_prefix('(') {
            // Up to the parenthesis that closes this one (sentences hold none of their own).
            inner.split_once(")").map(|(q, _)| q.to_string())
        } else {
            let line = rest
                .strip_prefix(':')
                .map(|q| q.lines().next().unwrap_or(""));
            line.map(|l| {
                l.split(" (without it:")
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string()
            })
        };
        if let Some(q) = quote {
            found.push((n, q));
        }
    }
    found
}

#[test]
fn clues_are_quoted_by_whole_sentences_and_a_shared_sentence_by_its_meaning_too() {
    let riddle_path = common::encodings_dir().join("jindosh.txt");
    let riddle = std::fs::read_to_string(&riddle_path).unwrap();
    let sentences: Vec<String> = riddle
        .split_inclusive(". ")
        .flat_map(|s| s.split('\n'))
        .map(|s| s.trim().trim_end_matches('.').to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let built_in = ["jindosh"].map(String::from).to_vec();
    let from_text = ["jindosh", "--text", common::path_str(&riddle_path)]
        .map(String::from)
        .to_vec();
    for puzzle in [built_in, from_text] {
        for command in ["explain", "solve --why"] {
            let mut args: Vec<&str> = command.split(' ').collect();
            args.extend(puzzle.iter().map(String::as_str));
            let o = satpuz(&args);
            assert_eq!(o.code, 0, "{args:?}: {}", o.stderr);
            let quoted = quotes(&o.stdout);
            assert!(quoted.len() >= 15, "{args:?}: {quoted:?}");
            let mut by_clue = std::collections::BTreeMap::new();
            for (n, q) in quoted {
                // "meaning, from "sentence."" for a sentence that states several clues.
                let sentence = match q.split_once(", from \"") {
                    Some((meaning, s)) => {
                        assert!(!meaning.is_empty(), "{args:?}: clue {n}: {q}");
                        s.trim_end_matches('"').trim_end_matches('.').to_string()
                    }
                    None => q.trim_end_matches('.').to_string(),
                };
                assert!(
                    sentences.contains(&sentence),
                    "{args:?}: clue {n} is quoted by `{sentence}`, not a whole sentence of the riddle"
                );
                by_clue.insert(n, q);
            }
            // "So Countess Contee showed off ... her Diamond." states clues 8 and 9: each is
            // told apart by its meaning.
            let (eight, nine) = (&by_clue[&8], &by_clue[&9]);
            assert_ne!(eight, nine, "{args:?}");
            assert!(
                eight.contains("Snuff Tin") && nine.contains("Baleton"),
                "{args:?}"
            );
        }
    }
}
