//! A logic grid built in code, with named clues, explained step by step.
//!
//! Four houses in a row; in each lives one person, who keeps one pet and drinks one drink.
//! Every person, pet and drink is a variable whose value is its house, each category is an
//! all-different, and each clue is one or more constraints under the clue's own words. satpuz
//! proves the answer unique, then explains it: each step names the fewest clues that, with
//! the facts found before, force new facts.
//!
//! (The shipped grid family reads the same kind of puzzle from a JSON file: `satpuz explain
//! encodings/zebra.json`.)
//!
//! Run with `cargo run --release --example logic_grid`.

use satpuz::model::{Constraint, Model, Uniqueness, VarId};

const HOUSES: usize = 4;

/// `a` and `b` are in houses `ha`, `hb` with `rule(ha, hb)` (houses numbered from 0).
fn houses(a: VarId, b: VarId, rule: impl Fn(usize, usize) -> bool) -> Constraint {
    Constraint::Table {
        x: a,
        y: b,
        allowed: (0..HOUSES)
            .map(|ha| (0..HOUSES).map(|hb| rule(ha, hb)).collect())
            .collect(),
    }
}

/// `a` is in house `house` (numbered from 0).
fn in_house(a: VarId, house: usize) -> Constraint {
    Constraint::InSet {
        var: a,
        allowed: (0..HOUSES).map(|h| h == house).collect(),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut model = Model::new();
    let house_names: Vec<String> = (1..=HOUSES).map(|h| format!("house {h}")).collect();
    let mut category = |names: [&str; HOUSES]| {
        let vars = names.map(|name| model.add_var(name, house_names.clone()));
        model.add(Constraint::AllDifferent(vars.to_vec()));
        vars
    };
    let [ann, bob, cy, dee] = category(["Ann", "Bob", "Cy", "Dee"]);
    let [cat, dog, fish, _bird] = category(["cat", "dog", "fish", "bird"]);
    let [tea, milk, coffee, _water] = category(["tea", "milk", "coffee", "water"]);

    let same = |ha, hb| ha == hb;
    model.add_clue(
        "The cat lives directly left of the fish",
        [houses(cat, fish, |ha, hb| ha + 1 == hb)],
    );
    model.add_clue("Ann keeps the cat", [houses(ann, cat, same)]);
    model.add_clue("Bob lives in the last house", [in_house(bob, HOUSES - 1)]);
    model.add_clue(
        "The milk drinker lives directly right of the tea drinker",
        [houses(milk, tea, |ha, hb| ha == hb + 1)],
    );
    // One clue, two constraints: explanations name it as one.
    model.add_clue(
        "Cy drinks coffee and lives somewhere right of Dee",
        [houses(cy, coffee, same), houses(cy, dee, |ha, hb| ha > hb)],
    );
    model.add_clue(
        "The dog's owner does not drink tea",
        [houses(dog, tea, |ha, hb| ha != hb)],
    );
    model.add_clue("The fish owner drinks coffee", [houses(fish, coffee, same)]);

    let Uniqueness::Unique(answer) = model.unique()? else {
        return Err("the clues should leave exactly one answer".into());
    };
    println!("unique: yes");

    let explained = model.explain()?;
    for (i, step) in explained.steps.iter().enumerate() {
        println!("{:>2}. {}", i + 1, step.sentence);
    }
    if explained.solution != answer {
        return Err("the steps arrive at another answer than the solver's".into());
    }

    for house in &house_names {
        let here: Vec<&str> = answer
            .iter()
            .filter(|&(_, value)| value == house)
            .map(|(name, _)| name)
            .collect();
        println!("{house}: {}", here.join(", "));
    }
    Ok(())
}
