//! Logic grids: the shipped files, the library's answers, and one brute force written from the
//! file format's documentation (independent of the library's relation tables), plus random
//! small grid puzzles.

use std::collections::HashMap;
use std::ops::ControlFlow;

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Category, Clue, GridPuzzle, Positions, Relation};
use satpuz::solve::{Varisat, Verdict, enumerate, solve_unique};

/// The shipped Jindosh Riddle.
pub fn jindosh() -> GridPuzzle {
    satpuz::puzzles::jindosh::puzzle().expect("the shipped jindosh.json parses")
}

/// The answer the riddle states: who owned each heirloom.
pub const JINDOSH_OWNERS: [(&str, &str); 5] = [
    ("Baroness Finch", "War Medal"),
    ("Madam Natsiou", "Ring"),
    ("Doctor Marcolla", "Diamond"),
    ("Lady Winslow", "Bird Pendant"),
    ("Countess Contee", "Snuff Tin"),
];

/// A shipped grid file from `encodings/`.
pub fn load(name: &str) -> GridPuzzle {
    let text = std::fs::read_to_string(super::encodings_dir().join(name)).expect("shipped file");
    GridPuzzle::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A row of names written as `"a, b, c"`.
pub fn row(names: &str) -> Vec<String> {
    names.split(", ").map(String::from).collect()
}

/// `rows[c][p]`: the name of the value of category c at position p, from a solution table
/// (`table[position][category]` = value index).
pub fn rows_of(p: &GridPuzzle, table: &[Vec<usize>]) -> Vec<Vec<String>> {
    p.categories
        .iter()
        .enumerate()
        .map(|(c, cat)| table.iter().map(|row| cat.values[row[c]].clone()).collect())
        .collect()
}

/// The unique answer by the library, as rows of names (None when not unique).
pub fn library_rows(p: &GridPuzzle, opts: EncodeOptions) -> Option<Vec<Vec<String>>> {
    let grid = p.build().expect("builds");
    let mut encoded = grid.model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    match solve_unique(&mut encoded.cnf, &mut solver).expect("solves") {
        Verdict::Unique(model) => {
            let values = encoded.decode(&model).expect("decodes");
            let answer = grid.answer(&values, p.positions.count);
            Some(rows_of(p, &answer.table))
        }
        _ => None,
    }
}

/// Every solution by the library, as sorted rows of names, from the plain or the merged model.
pub fn library_all(p: &GridPuzzle, merged: bool, opts: EncodeOptions) -> Vec<Vec<Vec<String>>> {
    let grid = if merged { p.build_merged() } else { p.build() }.expect("builds");
    let mut encoded = grid.model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let mut cnf = encoded.cnf.clone();
    let mut out = Vec::new();
    enumerate(&mut cnf, &mut solver, None, |m| {
        let values = encoded.decode(m).expect("decodes");
        out.push(rows_of(p, &grid.answer(&values, p.positions.count).table));
        ControlFlow::Continue(())
    })
    .expect("solves");
    encoded.cnf = cnf;
    out.sort();
    out
}

/// Every solution of the puzzle, as sorted rows of names, by the brute force.
pub fn brute_force_rows(p: &GridPuzzle) -> Vec<Vec<Vec<String>>> {
    brute_force(p, &p.clues, usize::MAX)
}

/// Up to `limit` solutions of the puzzle with these clues instead of its own, as sorted rows of
/// names, by the brute force.
pub fn brute_force(p: &GridPuzzle, clues: &[Clue], limit: usize) -> Vec<Vec<Vec<String>>> {
    let mut out = Vec::new();
    brute_force_grid_until(p, clues, |pos| {
        out.push(rows_of(p, &placement_table(pos)));
        if out.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out.sort();
    out
}

/// Is there any arrangement satisfying these clues? Only the categories they mention are
/// searched (the others can always be placed).
pub fn satisfiable(p: &GridPuzzle, clues: &[Clue]) -> bool {
    let mut named = Vec::new();
    for clue in clues {
        clue.names(&mut named);
    }
    let mut q = p.clone();
    q.categories
        .retain(|cat| cat.values.iter().any(|v| named.contains(&v.as_str())));
    brute_force_grid_until(&q, clues, |_| ControlFlow::Break(())) > 0
}

// ---------------------------------------------------------------------------------------------
// Grid puzzles: an independent brute force.
// ---------------------------------------------------------------------------------------------

/// A grid solution as the brute force sees it: `pos[category][value]` = 0-based position.
pub type Placement = Vec<Vec<usize>>;

/// The solution as a table `table[position][category]` = value index (the layout of the
/// library's `GridAnswer::table`, so the two can be compared).
pub fn placement_table(pos: &Placement) -> Vec<Vec<usize>> {
    let n = pos.first().map_or(0, Vec::len);
    let mut table = vec![vec![0; pos.len()]; n];
    for (c, cat) in pos.iter().enumerate() {
        for (v, &p) in cat.iter().enumerate() {
            table[p][c] = v;
        }
    }
    table
}

/// Does the clue hold when value `name` sits at `pos(name)` (0-based)? Position arithmetic
/// written out here on purpose: the library's relation tables are what is being checked.
pub fn clue_holds(clue: &Clue, n: usize, pos: &dyn Fn(&str) -> usize) -> bool {
    let holds = match &clue.relation {
        Relation::Same { a, b } => pos(a) == pos(b),
        Relation::LeftOf { a, b } => pos(a) + 1 == pos(b),
        Relation::RightOf { a, b } => pos(b) + 1 == pos(a),
        Relation::SomewhereLeftOf { a, b } => pos(a) < pos(b),
        Relation::SomewhereRightOf { a, b } => pos(a) > pos(b),
        Relation::NextTo { a, b } => pos(a).abs_diff(pos(b)) == 1,
        Relation::Distance { a, b, k } => pos(a).abs_diff(pos(b)) == *k,
        Relation::LeftBy { a, b, k } => pos(a).checked_add(*k) == Some(pos(b)),
        Relation::RightBy { a, b, k } => pos(b).checked_add(*k) == Some(pos(a)),
        Relation::At { a, position } => pos(a) + 1 == *position,
        Relation::OneOf { a, positions } => positions.contains(&(pos(a) + 1)),
        Relation::AtEnd { a } => pos(a) == 0 || pos(a) + 1 == n,
        Relation::Either { either } => either.iter().any(|c| clue_holds(c, n, pos)),
    };
    holds != clue.not
}

/// Backtracking over categories: each category is a permutation of the positions; after
/// placing category c, every clue whose names all lie in categories 0..=c is checked.
/// Calls `on_solution` for each solution and returns how many there are.
pub fn brute_force_grid(
    puzzle: &GridPuzzle,
    clues: &[Clue],
    mut on_solution: impl FnMut(&Placement),
) -> u64 {
    brute_force_grid_until(puzzle, clues, |pos| {
        on_solution(pos);
        ControlFlow::Continue(())
    })
}

/// [`brute_force_grid`] that stops as soon as `on_solution` breaks; returns the solutions seen.
pub fn brute_force_grid_until(
    puzzle: &GridPuzzle,
    clues: &[Clue],
    mut on_solution: impl FnMut(&Placement) -> ControlFlow<()>,
) -> u64 {
    let n = puzzle.positions.count;
    let mut where_is: HashMap<&str, (usize, usize)> = HashMap::new();
    for (c, cat) in puzzle.categories.iter().enumerate() {
        for (v, name) in cat.values.iter().enumerate() {
            where_is.insert(name, (c, v));
        }
    }
    // clues_at[c]: the clues that become decidable once category c is placed.
    let mut clues_at: Vec<Vec<&Clue>> = vec![Vec::new(); puzzle.categories.len()];
    for clue in clues {
        let mut names = Vec::new();
        clue.names(&mut names);
        let last = names
            .iter()
            .map(|name| where_is.get(name).expect("clue names a known value").0)
            .max()
            .unwrap_or(0);
        clues_at[last].push(clue);
    }
    let perms = super::permutations(n);
    let mut pos: Placement = Vec::new();
    let mut count = 0;
    let _ = search(
        &perms,
        &clues_at,
        &where_is,
        n,
        &mut pos,
        &mut count,
        &mut on_solution,
    );
    count
}

fn search(
    perms: &[Vec<usize>],
    clues_at: &[Vec<&Clue>],
    where_is: &HashMap<&str, (usize, usize)>,
    n: usize,
    pos: &mut Placement,
    count: &mut u64,
    on_solution: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let level = pos.len();
    if level == clues_at.len() {
        *count += 1;
        return on_solution(pos);
    }
    for perm in perms {
        pos.push(perm.clone());
        let ok = {
            let lookup = |name: &str| {
                let (c, v) = where_is[name];
                pos[c][v]
            };
            clues_at[level]
                .iter()
                .all(|clue| clue_holds(clue, n, &lookup))
        };
        let flow = if ok {
            search(perms, clues_at, where_is, n, pos, count, on_solution)
        } else {
            ControlFlow::Continue(())
        };
        pos.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// For each value of category `each`, the value of category `show` at the same position.
pub fn owners(
    puzzle: &GridPuzzle,
    table: &[Vec<usize>],
    each: &str,
    show: &str,
) -> Vec<(String, String)> {
    let idx = |name: &str| {
        puzzle
            .categories
            .iter()
            .position(|c| c.name == name)
            .expect("category exists")
    };
    let (e, s) = (idx(each), idx(show));
    let mut pairs: Vec<(String, String)> = table
        .iter()
        .map(|row| {
            (
                puzzle.categories[e].values[row[e]].clone(),
                puzzle.categories[s].values[row[s]].clone(),
            )
        })
        .collect();
    pairs.sort();
    pairs
}

// ---------------------------------------------------------------------------------------------
// Random small grid puzzles.
// ---------------------------------------------------------------------------------------------

/// A random grid puzzle: 3-4 positions, 2-3 categories, `clues` random clues of every relation
/// kind (negated sometimes, disjunctions of two or three, positions and distances that may be
/// impossible, a value related to itself now and then).
pub fn random_grid(rng: &mut ChaCha8Rng, clues: usize) -> GridPuzzle {
    let n = rng.random_range(3..=4);
    let cats = rng.random_range(2..=3);
    let categories: Vec<Category> = (0..cats)
        .map(|c| {
            let letter = (b'a' + c as u8) as char;
            Category {
                name: letter.to_ascii_uppercase().to_string(),
                values: (1..=n).map(|i| format!("{letter}{i}")).collect(),
            }
        })
        .collect();
    let names: Vec<String> = categories.iter().flat_map(|c| c.values.clone()).collect();
    let clues = (0..clues)
        .map(|_| random_clue(rng, &names, n, true))
        .collect();
    GridPuzzle {
        name: "random".into(),
        source: None,
        positions: Positions {
            count: n,
            noun: "pos".into(),
            labels: None,
        },
        categories,
        clues,
        question: None,
    }
}

fn random_clue(rng: &mut ChaCha8Rng, names: &[String], n: usize, allow_either: bool) -> Clue {
    let pick = |rng: &mut ChaCha8Rng| names.choose(rng).expect("names").clone();
    let a = pick(rng);
    // Mostly two distinct values; sometimes the same one (relations of a value to itself).
    let b = {
        let b = pick(rng);
        if b == a && rng.random_bool(0.7) {
            pick(rng)
        } else {
            b
        }
    };
    let kinds = if allow_either { 13 } else { 12 };
    let relation = match rng.random_range(0..kinds) {
        0 => Relation::Same { a, b },
        1 => Relation::LeftOf { a, b },
        2 => Relation::RightOf { a, b },
        3 => Relation::SomewhereLeftOf { a, b },
        4 => Relation::SomewhereRightOf { a, b },
        5 => Relation::NextTo { a, b },
        6 => Relation::Distance {
            a,
            b,
            k: rng.random_range(1..=n),
        },
        7 => Relation::At {
            a,
            position: rng.random_range(1..=n),
        },
        8 => Relation::OneOf {
            a,
            positions: (1..=n).filter(|_| rng.random_bool(0.4)).collect(),
        },
        9 => Relation::AtEnd { a },
        10 => Relation::LeftBy {
            a,
            b,
            k: rng.random_range(1..=n),
        },
        11 => Relation::RightBy {
            a,
            b,
            k: rng.random_range(1..=n),
        },
        _ => Relation::Either {
            either: (0..rng.random_range(2..=3))
                .map(|_| {
                    let nested = rng.random_bool(0.15);
                    random_clue(rng, names, n, nested)
                })
                .collect(),
        },
    };
    Clue {
        relation,
        not: rng.random_bool(0.25),
        text: None,
    }
}
