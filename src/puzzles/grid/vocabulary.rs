//! Words for generated grids: themed settings (a street, a dinner party, a market, ...) whose
//! categories and values are English words, and clue sentences that read as English ("The
//! Italian lives directly left of the person with the fox"). A generated puzzle is renamed
//! after it is made, from its own random stream, so its clues are the same with or without
//! words and the same seed always gives the same words.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::collections::HashMap;

use super::{Clue, GridPuzzle, Question, Relation};
use crate::choice::Choice;

/// The vocabulary's version: it goes up whenever the same seed may give other words or
/// sentences.
pub const VOCABULARY_VERSION: u32 = 1;

/// How a generated puzzle names its categories and values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Names {
    /// Words when a setting has enough of them (up to [`MAX_WORDS`] positions and
    /// [`MAX_CATEGORIES`] categories), numbered names beyond.
    #[default]
    Auto,
    /// Words from a themed setting; refused past its size.
    Words,
    /// `person1`, `colour3`, ...: the names of generator versions before words.
    Numbered,
}

impl Choice for Names {
    fn choices() -> &'static [Self] {
        &[Names::Auto, Names::Words, Names::Numbered]
    }

    fn name(self) -> &'static str {
        match self {
            Names::Auto => "auto",
            Names::Words => "words",
            Names::Numbered => "numbered",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Names::Auto => "words up to 8 positions and 8 categories, numbered names beyond",
            Names::Words => "people, pets, drinks, ... of a themed setting (up to 8 x 8)",
            Names::Numbered => "person1, colour3, ...: clues worded plainly",
        }
    }
}

/// The most positions a setting has words for (each category has this many values).
pub const MAX_WORDS: usize = 8;
/// The most categories a setting has.
pub const MAX_CATEGORIES: usize = 8;

/// Does a setting have words for this many positions and categories?
pub fn words_fit(positions: usize, categories: usize) -> bool {
    positions <= MAX_WORDS && categories <= MAX_CATEGORIES
}

/// A setting: where the row of positions is and how its people are placed in it.
struct Setting {
    /// A position (`house`).
    noun: &'static str,
    /// Being at a position, third person (`lives`).
    verb: &'static str,
    /// Not being there (`does not live`).
    verb_not: &'static str,
    /// The preposition of a place (`in` the second house, `at` the second stall).
    at: &'static str,
    /// The setting in a sentence; `{n}` is the number of positions (in words, except in `1 to
    /// {n}`).
    intro: &'static str,
    /// The categories; the first is the people themselves, in every puzzle.
    kinds: &'static [Kind],
}

/// A category of a setting, and how a sentence names its values.
struct Kind {
    /// The category's name in the puzzle file.
    name: &'static str,
    /// The person with this value, `{}` the value (`the person with the {}`).
    who: &'static str,
    /// Having the value (`keeps the {}`).
    has: &'static str,
    /// Not having it (`does not keep the {}`).
    has_not: &'static str,
    /// Its values, [`MAX_WORDS`] of them, no word in two categories of a setting.
    words: [&'static str; MAX_WORDS],
}

const fn kind(
    name: &'static str,
    who: &'static str,
    has: &'static str,
    has_not: &'static str,
    words: [&'static str; MAX_WORDS],
) -> Kind {
    Kind {
        name,
        who,
        has,
        has_not,
        words,
    }
}

/// People as their own category: a name is its own subject.
const fn people(words: [&'static str; MAX_WORDS]) -> Kind {
    kind("name", "{}", "is {}", "is not {}", words)
}

const SETTINGS: &[Setting] = &[
    Setting {
        noun: "house",
        verb: "lives",
        verb_not: "does not live",
        at: "in",
        intro: "{n} houses stand in a row, numbered 1 to {n} from the left; one person lives in each.",
        kinds: &[
            people([
                "Alice", "Bernard", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hiro",
            ]),
            kind(
                "nationality",
                "the {}",
                "is {}",
                "is not {}",
                [
                    "Brazilian",
                    "Canadian",
                    "Egyptian",
                    "Italian",
                    "Korean",
                    "Mexican",
                    "Norwegian",
                    "Peruvian",
                ],
            ),
            kind(
                "pet",
                "the person with the {}",
                "keeps the {}",
                "does not keep the {}",
                [
                    "ferret", "fox", "goldfish", "hamster", "parrot", "rabbit", "tortoise", "zebra",
                ],
            ),
            kind(
                "drink",
                "the {} drinker",
                "drinks {}",
                "does not drink {}",
                [
                    "cider", "cocoa", "coffee", "juice", "lemonade", "milk", "tea", "water",
                ],
            ),
            kind(
                "colour",
                "the person in the {} house",
                "lives in the {} house",
                "does not live in the {} house",
                [
                    "blue", "green", "ivory", "orange", "purple", "red", "white", "yellow",
                ],
            ),
            kind(
                "job",
                "the {}",
                "is the {}",
                "is not the {}",
                [
                    "baker", "doctor", "farmer", "lawyer", "painter", "pilot", "plumber", "teacher",
                ],
            ),
            kind(
                "hobby",
                "the person who enjoys {}",
                "enjoys {}",
                "does not enjoy {}",
                [
                    "chess",
                    "cycling",
                    "fishing",
                    "gardening",
                    "knitting",
                    "pottery",
                    "rowing",
                    "singing",
                ],
            ),
            kind(
                "car",
                "the {} driver",
                "drives a {}",
                "does not drive a {}",
                [
                    "Fiat", "Ford", "Honda", "Jeep", "Mazda", "Skoda", "Tesla", "Volvo",
                ],
            ),
        ],
    },
    Setting {
        noun: "seat",
        verb: "sits",
        verb_not: "does not sit",
        at: "in",
        intro: "{n} guests sit in a row at a dinner party, in seats numbered 1 to {n} from the left.",
        kinds: &[
            people([
                "Arthur", "Beatrice", "Cyril", "Daphne", "Edmund", "Fiona", "Gideon", "Harriet",
            ]),
            kind(
                "main",
                "the guest who ordered the {}",
                "ordered the {}",
                "did not order the {}",
                [
                    "curry", "goulash", "lasagne", "moussaka", "paella", "ramen", "risotto",
                    "tagine",
                ],
            ),
            kind(
                "drink",
                "the {} drinker",
                "drinks {}",
                "does not drink {}",
                [
                    "brandy",
                    "champagne",
                    "claret",
                    "gin",
                    "port",
                    "rum",
                    "sherry",
                    "vermouth",
                ],
            ),
            kind(
                "scarf",
                "the guest in the {} scarf",
                "wears the {} scarf",
                "does not wear the {} scarf",
                [
                    "amber", "crimson", "golden", "navy", "scarlet", "silver", "teal", "violet",
                ],
            ),
            kind(
                "profession",
                "the {}",
                "is the {}",
                "is not the {}",
                [
                    "architect",
                    "banker",
                    "chemist",
                    "diplomat",
                    "journalist",
                    "novelist",
                    "surgeon",
                    "violinist",
                ],
            ),
            kind(
                "hometown",
                "the guest from {}",
                "comes from {}",
                "does not come from {}",
                [
                    "Athens", "Dublin", "Kyoto", "Lisbon", "Oslo", "Prague", "Quito", "Vienna",
                ],
            ),
            kind(
                "dessert",
                "the guest who chose the {}",
                "chose the {}",
                "did not choose the {}",
                [
                    "baklava",
                    "cheesecake",
                    "flan",
                    "pavlova",
                    "sorbet",
                    "strudel",
                    "tiramisu",
                    "trifle",
                ],
            ),
            kind(
                "gift",
                "the guest who brought the {}",
                "brought the {}",
                "did not bring the {}",
                [
                    "biscuits",
                    "candles",
                    "chocolates",
                    "flowers",
                    "honey",
                    "jam",
                    "olives",
                    "novel",
                ],
            ),
        ],
    },
    Setting {
        noun: "stall",
        verb: "trades",
        verb_not: "does not trade",
        at: "at",
        intro: "{n} traders keep stalls in a row at a market, numbered 1 to {n} from the left.",
        kinds: &[
            people([
                "Amara", "Bruno", "Carmen", "Dario", "Esme", "Felix", "Gemma", "Hugo",
            ]),
            kind(
                "goods",
                "the {} seller",
                "sells {}",
                "does not sell {}",
                [
                    "apples", "bread", "candles", "cheese", "fish", "lanterns", "rugs", "spices",
                ],
            ),
            kind(
                "awning",
                "the trader with the {} awning",
                "has the {} awning",
                "does not have the {} awning",
                [
                    "blue", "green", "grey", "orange", "pink", "red", "striped", "yellow",
                ],
            ),
            kind(
                "hometown",
                "the trader from {}",
                "comes from {}",
                "does not come from {}",
                [
                    "Bruges",
                    "Izmir",
                    "Krakow",
                    "Marseille",
                    "Naples",
                    "Porto",
                    "Seville",
                    "Tangier",
                ],
            ),
            kind(
                "animal",
                "the trader with the {}",
                "brought the {}",
                "did not bring the {}",
                [
                    "cat", "dog", "donkey", "ferret", "goat", "monkey", "parrot", "pigeon",
                ],
            ),
            kind(
                "instrument",
                "the trader who plays the {}",
                "plays the {}",
                "does not play the {}",
                [
                    "accordion",
                    "banjo",
                    "cello",
                    "drum",
                    "flute",
                    "guitar",
                    "harp",
                    "violin",
                ],
            ),
            kind(
                "breakfast",
                "the trader who had {} for breakfast",
                "had {} for breakfast",
                "did not have {} for breakfast",
                [
                    "croissants",
                    "eggs",
                    "muesli",
                    "pancakes",
                    "porridge",
                    "toast",
                    "waffles",
                    "yoghurt",
                ],
            ),
            kind(
                "transport",
                "the trader who came by {}",
                "came by {}",
                "did not come by {}",
                [
                    "bicycle", "boat", "bus", "cart", "scooter", "train", "tram", "van",
                ],
            ),
        ],
    },
    Setting {
        noun: "room",
        verb: "stays",
        verb_not: "does not stay",
        at: "in",
        intro: "{n} guests stay in a row of hotel rooms, numbered 1 to {n} from the left.",
        kinds: &[
            people([
                "Ada", "Boris", "Celia", "Desmond", "Eva", "Frank", "Gloria", "Ivan",
            ]),
            kind(
                "country",
                "the guest from {}",
                "comes from {}",
                "does not come from {}",
                [
                    "Chile", "Ghana", "Japan", "Kenya", "Nepal", "Norway", "Peru", "Wales",
                ],
            ),
            kind(
                "suitcase",
                "the guest with the {} suitcase",
                "carries the {} suitcase",
                "does not carry the {} suitcase",
                [
                    "black", "blue", "brown", "green", "grey", "pink", "red", "white",
                ],
            ),
            kind(
                "books",
                "the reader of {}",
                "reads {}",
                "does not read {}",
                [
                    "biographies",
                    "comics",
                    "fairytales",
                    "mysteries",
                    "poetry",
                    "romances",
                    "thrillers",
                    "westerns",
                ],
            ),
            kind(
                "drink",
                "the {} drinker",
                "drinks {}",
                "does not drink {}",
                [
                    "cocoa",
                    "coffee",
                    "juice",
                    "kefir",
                    "milk",
                    "smoothies",
                    "tea",
                    "water",
                ],
            ),
            kind(
                "instrument",
                "the guest who plays the {}",
                "plays the {}",
                "does not play the {}",
                [
                    "banjo", "cello", "flute", "harp", "oboe", "piano", "sitar", "trumpet",
                ],
            ),
            kind(
                "sport",
                "the {} fan",
                "follows {}",
                "does not follow {}",
                [
                    "baseball", "boxing", "cricket", "golf", "hockey", "rugby", "sailing", "tennis",
                ],
            ),
            kind(
                "companion",
                "the guest travelling with the {}",
                "travels with the {}",
                "does not travel with the {}",
                [
                    "canary", "cat", "dog", "hamster", "lizard", "parrot", "rabbit", "tortoise",
                ],
            ),
        ],
    },
    Setting {
        noun: "plot",
        verb: "gardens",
        verb_not: "does not garden",
        at: "on",
        intro: "{n} allotment plots lie in a row, numbered 1 to {n} from the left; one gardener keeps each.",
        kinds: &[
            people([
                "Agnes",
                "Basil",
                "Clara",
                "Dennis",
                "Edith",
                "Frederick",
                "Gwen",
                "Howard",
            ]),
            kind(
                "vegetable",
                "the gardener growing {}",
                "grows {}",
                "does not grow {}",
                [
                    "beans", "carrots", "leeks", "onions", "peas", "potatoes", "radishes",
                    "turnips",
                ],
            ),
            kind(
                "flower",
                "the lover of {}",
                "loves {}",
                "does not love {}",
                [
                    "dahlias", "daisies", "irises", "lilies", "peonies", "poppies", "roses",
                    "tulips",
                ],
            ),
            kind(
                "shed",
                "the gardener with the {} shed",
                "has the {} shed",
                "does not have the {} shed",
                [
                    "black", "blue", "brown", "green", "grey", "red", "white", "yellow",
                ],
            ),
            kind(
                "tool",
                "the owner of the {}",
                "owns the {}",
                "does not own the {}",
                [
                    "hoe",
                    "hose",
                    "rake",
                    "shears",
                    "sieve",
                    "spade",
                    "trowel",
                    "wheelbarrow",
                ],
            ),
            kind(
                "drink",
                "the {} drinker",
                "drinks {}",
                "does not drink {}",
                [
                    "cider", "cocoa", "coffee", "juice", "lemonade", "milk", "tea", "water",
                ],
            ),
            kind(
                "street",
                "the gardener from {} Street",
                "lives on {} Street",
                "does not live on {} Street",
                [
                    "Ash", "Birch", "Cedar", "Elm", "Maple", "Oak", "Pine", "Willow",
                ],
            ),
            kind(
                "hat",
                "the gardener in the {}",
                "wears a {}",
                "does not wear a {}",
                [
                    "beanie", "beret", "bonnet", "cap", "fedora", "panama", "stetson", "trilby",
                ],
            ),
        ],
    },
    Setting {
        noun: "desk",
        verb: "works",
        verb_not: "does not work",
        at: "at",
        intro: "{n} colleagues work at a row of desks, numbered 1 to {n} from the left.",
        kinds: &[
            people([
                "Anil", "Bea", "Carlos", "Dana", "Emil", "Freya", "Gus", "Hana",
            ]),
            kind(
                "department",
                "the person from {}",
                "is in {}",
                "is not in {}",
                [
                    "accounts",
                    "design",
                    "legal",
                    "marketing",
                    "research",
                    "sales",
                    "security",
                    "support",
                ],
            ),
            kind(
                "lunch",
                "the person who brought {}",
                "brought {}",
                "did not bring {}",
                [
                    "burritos",
                    "dumplings",
                    "noodles",
                    "pasta",
                    "salad",
                    "sandwiches",
                    "soup",
                    "sushi",
                ],
            ),
            kind(
                "mug",
                "the person with the {} mug",
                "has the {} mug",
                "does not have the {} mug",
                [
                    "black", "blue", "green", "orange", "purple", "red", "white", "yellow",
                ],
            ),
            kind(
                "commute",
                "the person who comes by {}",
                "comes by {}",
                "does not come by {}",
                [
                    "bike",
                    "bus",
                    "car",
                    "ferry",
                    "motorbike",
                    "scooter",
                    "train",
                    "tram",
                ],
            ),
            kind(
                "plant",
                "the person with the {}",
                "keeps a {}",
                "does not keep a {}",
                [
                    "bonsai",
                    "cactus",
                    "fern",
                    "ivy",
                    "orchid",
                    "palm",
                    "succulent",
                    "tulip",
                ],
            ),
            kind(
                "music",
                "the {} fan",
                "listens to {}",
                "does not listen to {}",
                [
                    "blues", "folk", "jazz", "opera", "punk", "reggae", "soul", "techno",
                ],
            ),
            kind(
                "month",
                "the person born in {}",
                "was born in {}",
                "was not born in {}",
                [
                    "April", "August", "December", "January", "June", "March", "May", "October",
                ],
            ),
        ],
    },
];

/// How many settings there are.
pub fn settings() -> usize {
    SETTINGS.len()
}

/// Why a puzzle could not be given words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "--names words: the settings have words for up to {MAX_WORDS} positions and \
     {MAX_CATEGORIES} categories ({positions} x {categories} asked; --names numbered names any size)"
)]
pub struct TooLarge {
    /// Positions asked for.
    pub positions: usize,
    /// Categories asked for.
    pub categories: usize,
}

/// Names a generated puzzle (made with numbered names, seed `seed`) as `names` asks: with
/// words, a setting, its categories and its words are drawn from the seed's own stream, every
/// value renamed and every clue given its sentence, and the puzzle a question. The `source`
/// says `--names numbered` when numbered names are not what the default gives.
pub fn name_puzzle(puzzle: &mut GridPuzzle, seed: u64, names: Names) -> Result<(), TooLarge> {
    let (n, k) = (puzzle.positions.count, puzzle.categories.len());
    let fit = words_fit(n, k);
    match names {
        Names::Numbered if fit => add_flag(puzzle, " --names numbered"),
        Names::Numbered | Names::Auto if !fit => {}
        Names::Words if !fit => {
            return Err(TooLarge {
                positions: n,
                categories: k,
            });
        }
        Names::Numbered => {}
        Names::Auto | Names::Words => in_words(puzzle, seed),
    }
    Ok(())
}

/// Adds `flags` to the command in the puzzle's `source`, before its `(generator N)`.
fn add_flag(puzzle: &mut GridPuzzle, flags: &str) {
    super::generate::add_to_source_command(puzzle, flags);
}

/// The renaming: a setting, its people and `k - 1` other categories, `n` words of each.
fn in_words(puzzle: &mut GridPuzzle, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // A stream of its own: the generator's draws from the same seed are left as they were.
    rng.set_stream(1);
    let setting = SETTINGS.choose(&mut rng).expect("settings exist");
    let (n, k) = (puzzle.positions.count, puzzle.categories.len());
    let mut others: Vec<usize> = (1..setting.kinds.len()).collect();
    others.shuffle(&mut rng);
    let mut chosen: Vec<usize> = std::iter::once(0)
        .chain(others.into_iter().take(k - 1))
        .collect();
    chosen[1..].sort_unstable();
    let mut rename: HashMap<String, (usize, String)> = HashMap::new();
    let mut kinds: Vec<&Kind> = Vec::new();
    for (c, &kind_index) in chosen.iter().enumerate() {
        let kind = &setting.kinds[kind_index];
        let mut words: Vec<&str> = kind.words.sample(&mut rng, n).copied().collect();
        words.sort_unstable();
        let cat = &mut puzzle.categories[c];
        for (value, word) in cat.values.iter_mut().zip(&words) {
            rename.insert(value.clone(), (c, word.to_string()));
            *value = word.to_string();
        }
        cat.name = kind.name.to_string();
        kinds.push(kind);
    }
    let words = Words {
        setting,
        kinds: &kinds,
        of: rename
            .values()
            .map(|(c, w)| (w.clone(), *c))
            .collect::<HashMap<String, usize>>(),
    };
    for clue in &mut puzzle.clues {
        rename_clue(clue, &rename);
        clue.text = Some(capitalised(&words.sentence(clue)) + ".");
    }
    // The question: who has one value of a category other than the people.
    let asked = rng.random_range(1..k);
    let value = puzzle.categories[asked]
        .values
        .choose(&mut rng)
        .expect("categories have values")
        .clone();
    puzzle.question = Some(Question {
        text: Some(format!("Who {}?", fill(kinds[asked].has, &value))),
        each: puzzle.categories[0].name.clone(),
        show: puzzle.categories[asked].name.clone(),
    });
    puzzle.positions.noun = setting.noun.to_string();
    puzzle.name = puzzle
        .name
        .replace(" positions,", &format!(" {}s,", setting.noun));
}

/// A clue with its values renamed (the parts of an `either` too).
fn rename_clue(clue: &mut Clue, rename: &HashMap<String, (usize, String)>) {
    let new = |name: &mut String| {
        if let Some((_, word)) = rename.get(name.as_str()) {
            *name = word.clone();
        }
    };
    match &mut clue.relation {
        Relation::Same { a, b }
        | Relation::LeftOf { a, b }
        | Relation::RightOf { a, b }
        | Relation::SomewhereLeftOf { a, b }
        | Relation::SomewhereRightOf { a, b }
        | Relation::NextTo { a, b }
        | Relation::Distance { a, b, .. }
        | Relation::LeftBy { a, b, .. }
        | Relation::RightBy { a, b, .. } => {
            new(a);
            new(b);
        }
        Relation::At { a, .. } | Relation::OneOf { a, .. } | Relation::AtEnd { a } => new(a),
        Relation::Either { either } => {
            for part in either {
                rename_clue(part, rename);
                part.text = None;
            }
        }
    }
}

/// `template` with `{}` replaced by `value`.
fn fill(template: &str, value: &str) -> String {
    template.replacen("{}", value, 1)
}

/// The first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Small numbers in words, as a puzzle book writes them.
fn number(k: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(k)
        .map_or_else(|| k.to_string(), |w| w.to_string())
}

/// A position as an ordinal (`first`, `second`, ...).
fn ordinal(p: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS
        .get(p.wrapping_sub(1))
        .map_or_else(|| format!("{p}th"), |w| w.to_string())
}

/// `a, b or c`.
fn listed(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// The setting and the categories of one puzzle, for wording its clues.
struct Words<'a> {
    setting: &'a Setting,
    /// The puzzle's categories' kinds, in its order.
    kinds: &'a [&'a Kind],
    /// The category of every word.
    of: HashMap<String, usize>,
}

impl Words<'_> {
    fn kind(&self, value: &str) -> Option<&Kind> {
        self.of.get(value).map(|&c| self.kinds[c])
    }

    /// The person with `value` (`the person with the fox`, `Alice`).
    fn who(&self, value: &str) -> String {
        self.kind(value)
            .map_or_else(|| value.to_string(), |k| fill(k.who, value))
    }

    fn is_person(&self, value: &str) -> bool {
        self.of.get(value) == Some(&0)
    }

    /// The clue as a sentence, uncapitalised and without its full stop.
    fn sentence(&self, clue: &Clue) -> String {
        let s = self.setting;
        let verb = if clue.not { s.verb_not } else { s.verb };
        let (noun, at) = (s.noun, s.at);
        let who = |v: &str| self.who(v);
        match &clue.relation {
            Relation::Same { a, b } => {
                // A person is the subject: "Alice keeps the fox", not "the person with the fox is Alice".
                let (a, b) = if self.is_person(b) && !self.is_person(a) {
                    (b, a)
                } else {
                    (a, b)
                };
                let has = match self.kind(b) {
                    Some(k) if clue.not => fill(k.has_not, b),
                    Some(k) => fill(k.has, b),
                    None if clue.not => format!("is not {b}"),
                    None => format!("is {b}"),
                };
                format!("{} {has}", who(a))
            }
            Relation::LeftOf { a, b } => format!("{} {verb} directly left of {}", who(a), who(b)),
            Relation::RightOf { a, b } => {
                format!("{} {verb} directly right of {}", who(a), who(b))
            }
            Relation::SomewhereLeftOf { a, b } => {
                format!("{} {verb} somewhere left of {}", who(a), who(b))
            }
            Relation::SomewhereRightOf { a, b } => {
                format!("{} {verb} somewhere right of {}", who(a), who(b))
            }
            Relation::NextTo { a, b } => format!("{} {verb} next to {}", who(a), who(b)),
            Relation::Distance { a, b, k } if *k >= 2 => {
                let between = k - 1;
                let (be, nouns) = if between == 1 {
                    ("is", noun.to_string())
                } else {
                    ("are", format!("{noun}s"))
                };
                let not = if clue.not { " not" } else { "" };
                format!(
                    "there {be}{not} {} {nouns} between {} and {}",
                    number(between),
                    who(a),
                    who(b)
                )
            }
            Relation::Distance { a, b, .. } => format!("{} {verb} next to {}", who(a), who(b)),
            Relation::LeftBy { a, b, k } | Relation::RightBy { a, b, k } => {
                let side = if matches!(clue.relation, Relation::LeftBy { .. }) {
                    "left"
                } else {
                    "right"
                };
                let nouns = if *k == 1 {
                    noun.to_string()
                } else {
                    format!("{noun}s")
                };
                format!(
                    "{} {verb} {} {nouns} {side} of {}",
                    who(a),
                    number(*k),
                    who(b)
                )
            }
            Relation::At { a, position } => {
                format!("{} {verb} {at} the {} {noun}", who(a), ordinal(*position))
            }
            Relation::OneOf { a, positions } => {
                let places: Vec<String> = positions.iter().map(|&p| ordinal(p)).collect();
                format!(
                    "{} {verb} {at} the {} {noun}",
                    who(a),
                    listed(&places, "or")
                )
            }
            Relation::AtEnd { a } => {
                format!("{} {verb} {at} the first or the last {noun}", who(a))
            }
            Relation::Either { either } => {
                let parts: Vec<String> = either.iter().map(|c| self.sentence(c)).collect();
                let said = format!("either {}", parts.join(", or "));
                if clue.not {
                    format!("it is not true that {said}")
                } else {
                    said
                }
            }
        }
    }
}

/// The puzzle as text for people: the setting (when it has one), the categories, the clues'
/// sentences numbered, and the question.
pub fn puzzle_text(puzzle: &GridPuzzle) -> String {
    let n = puzzle.positions.count;
    let noun = &puzzle.positions.noun;
    let intro = SETTINGS
        .iter()
        .find(|s| s.noun == noun)
        .filter(|_| puzzle.clues.iter().all(|c| c.text.is_some()))
        .map_or_else(
            || format!("{n} {noun}s in a row, numbered 1 to {n} from the left."),
            |s| {
                let digits = format!("1 to {n}");
                capitalised(
                    &s.intro
                        .replace("1 to {n}", &digits)
                        .replace("{n}", &number(n)),
                )
            },
        );
    let mut out = format!("{intro}\n");
    for cat in &puzzle.categories {
        out.push_str(&format!("{}: {}\n", cat.name, cat.values.join(", ")));
    }
    out.push('\n');
    for (i, clue) in puzzle.clues.iter().enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, clue.sentence(noun)));
    }
    let question = match &puzzle.question {
        Some(Question {
            text: Some(text), ..
        }) => text.clone(),
        Some(q) => format!("For each {}, which {}?", q.each, q.show),
        None => "Where is each value?".to_string(),
    };
    out.push_str(&format!("\n{question}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No word is in two categories of a setting (a puzzle's values must differ), every
    /// category has its full set of words, and no setting repeats a category name.
    #[test]
    fn every_setting_has_distinct_words_and_categories() {
        for s in SETTINGS {
            assert_eq!(s.kinds.len(), MAX_CATEGORIES, "{}", s.noun);
            let mut words = std::collections::HashSet::new();
            let mut names = std::collections::HashSet::new();
            for k in s.kinds {
                assert!(names.insert(k.name), "{}: {}", s.noun, k.name);
                assert_ne!(k.name, s.noun);
                for w in k.words {
                    assert!(words.insert(w.to_lowercase()), "{}: {w} twice", s.noun);
                    assert!(!w.contains(' '), "{w}");
                }
            }
        }
    }

    #[test]
    fn ordinals_numbers_and_lists() {
        assert_eq!(ordinal(1), "first");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(number(2), "two");
        assert_eq!(
            listed(&["a".into(), "b".into(), "c".into()], "or"),
            "a, b or c"
        );
    }
}
