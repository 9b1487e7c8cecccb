//! Helpers shared by the integration tests: independent brute-force oracles (written here, not
//! borrowed from the library), random instance generators with a fixed seed, and the encoding
//! combinations every cross-check runs over.
#![allow(dead_code)] // each test binary uses its own subset of these helpers

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Category, Clue, GridPuzzle, Positions, Relation};

/// Every encoding combination the library offers (domains x at-most-one).
pub fn all_options() -> Vec<EncodeOptions> {
    EncodeOptions::all()
}

/// The shipped Jindosh Riddle.
pub fn jindosh() -> GridPuzzle {
    satpuz::puzzles::jindosh::puzzle().expect("the shipped jindosh.json parses")
}

/// The answer the issue states: who owned each heirloom.
pub const JINDOSH_OWNERS: [(&str, &str); 5] = [
    ("Baroness Finch", "War Medal"),
    ("Madam Natsiou", "Ring"),
    ("Doctor Marcolla", "Diamond"),
    ("Lady Winslow", "Bird Pendant"),
    ("Countess Contee", "Snuff Tin"),
];

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
        Relation::LeftBy { a, b, k } => pos(a) + k == pos(b),
        Relation::RightBy { a, b, k } => pos(b) + k == pos(a),
        Relation::At { a, position } => pos(a) + 1 == *position,
        Relation::OneOf { a, positions } => positions.contains(&(pos(a) + 1)),
        Relation::AtEnd { a } => pos(a) == 0 || pos(a) + 1 == n,
        Relation::Either { either } => either.iter().any(|c| clue_holds(c, n, pos)),
    };
    holds != clue.not
}

/// Every value name a clue mentions.
fn clue_names<'a>(clue: &'a Clue, out: &mut Vec<&'a str>) {
    match &clue.relation {
        Relation::Same { a, b }
        | Relation::LeftOf { a, b }
        | Relation::RightOf { a, b }
        | Relation::SomewhereLeftOf { a, b }
        | Relation::SomewhereRightOf { a, b }
        | Relation::NextTo { a, b }
        | Relation::Distance { a, b, .. }
        | Relation::LeftBy { a, b, .. }
        | Relation::RightBy { a, b, .. } => out.extend([a.as_str(), b.as_str()]),
        Relation::At { a, .. } | Relation::OneOf { a, .. } | Relation::AtEnd { a } => out.push(a),
        Relation::Either { either } => either.iter().for_each(|c| clue_names(c, out)),
    }
}

/// All permutations of `0..n` (`perm[value]` = position).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn go(prefix: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
        if prefix.len() == used.len() {
            out.push(prefix.clone());
            return;
        }
        for p in 0..used.len() {
            if !used[p] {
                used[p] = true;
                prefix.push(p);
                go(prefix, used, out);
                prefix.pop();
                used[p] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// Backtracking over categories: each category is a permutation of the positions; after
/// placing category c, every clue whose names all lie in categories 0..=c is checked.
/// Calls `on_solution` for each solution and returns how many there are.
pub fn brute_force_grid(
    puzzle: &GridPuzzle,
    clues: &[Clue],
    mut on_solution: impl FnMut(&Placement),
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
        clue_names(clue, &mut names);
        let last = names
            .iter()
            .map(|name| where_is.get(name).expect("clue names a known value").0)
            .max()
            .unwrap_or(0);
        clues_at[last].push(clue);
    }
    let perms = permutations(n);
    let mut pos: Placement = Vec::new();
    let mut count = 0;
    search(
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
    on_solution: &mut dyn FnMut(&Placement),
) {
    let level = pos.len();
    if level == clues_at.len() {
        *count += 1;
        on_solution(pos);
        return;
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
        if ok {
            search(perms, clues_at, where_is, n, pos, count, on_solution);
        }
        pos.pop();
    }
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

// ---------------------------------------------------------------------------------------------
// Random small CNF files.
// ---------------------------------------------------------------------------------------------

/// A CNF as plain signed literals, so the brute force shares nothing with the library.
#[derive(Debug, Clone)]
pub struct PlainCnf {
    pub num_vars: usize,
    pub clauses: Vec<Vec<i32>>,
    /// `c p show` variables (1-based), if the file projects.
    pub show: Option<Vec<usize>>,
}

impl PlainCnf {
    /// A random formula over up to 14 variables: clause lengths 1-5 (an empty clause rarely),
    /// literals may repeat or clash within a clause, as real files sometimes do.
    pub fn random(rng: &mut ChaCha8Rng, with_show: bool) -> PlainCnf {
        let num_vars = rng.random_range(1..=14);
        let num_clauses = rng.random_range(0..=(4 * num_vars).max(2));
        let clauses = (0..num_clauses)
            .map(|_| {
                let len = if rng.random_bool(0.01) {
                    0
                } else {
                    *[1, 2, 2, 3, 3, 3, 3, 4, 4, 5].choose(rng).expect("lengths")
                };
                (0..len)
                    .map(|_| {
                        let v = rng.random_range(1..=num_vars) as i32;
                        if rng.random_bool(0.5) { v } else { -v }
                    })
                    .collect()
            })
            .collect();
        let show = with_show.then(|| {
            let mut s: Vec<usize> = (1..=num_vars).filter(|_| rng.random_bool(0.5)).collect();
            if s.is_empty() {
                s.push(rng.random_range(1..=num_vars));
            }
            s
        });
        PlainCnf {
            num_vars,
            clauses,
            show,
        }
    }

    pub fn to_dimacs(&self) -> String {
        let mut out = String::new();
        if let Some(show) = &self.show {
            out.push_str("c p show");
            for v in show {
                let _ = write!(out, " {v}");
            }
            out.push_str(" 0\n");
        }
        let _ = writeln!(out, "p cnf {} {}", self.num_vars, self.clauses.len());
        for cl in &self.clauses {
            for l in cl {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
        out
    }

    pub fn satisfied_by(&self, assignment: u32) -> bool {
        self.clauses.iter().all(|cl| {
            cl.iter().any(|&l| {
                let value = assignment >> (l.unsigned_abs() - 1) & 1 == 1;
                value == (l > 0)
            })
        })
    }

    /// Models, or distinct projections of models onto the `c p show` variables.
    pub fn brute_force_count(&self) -> u64 {
        let mask: u32 = match &self.show {
            Some(show) => show.iter().map(|v| 1u32 << (v - 1)).fold(0, |a, b| a | b),
            None => u32::MAX,
        };
        let projections: HashSet<u32> = (0..1u32 << self.num_vars)
            .filter(|&a| self.satisfied_by(a))
            .map(|a| a & mask)
            .collect();
        projections.len() as u64
    }
}

// ---------------------------------------------------------------------------------------------
// External programs.
// ---------------------------------------------------------------------------------------------

/// The minisat binary; fails the test (never skips it) when minisat is not installed.
pub fn minisat() -> &'static str {
    let found = Command::new("minisat").arg("--help").output().is_ok();
    assert!(
        found,
        "minisat is not on PATH: the cross-check tests need it. Install it with \
         `apt-get install minisat` (.ci/run does this)"
    );
    "minisat"
}

/// Runs `minisat cnf out` and returns its exit code (10 SAT, 20 UNSAT) and the result file.
pub fn run_minisat(cnf: &Path, out: &Path) -> (i32, String) {
    let status = Command::new(minisat())
        .arg("-verb=0")
        .arg(cnf)
        .arg(out)
        .output()
        .expect("minisat runs");
    let code = status.status.code().expect("minisat exited normally");
    let text = std::fs::read_to_string(out).unwrap_or_else(|e| {
        panic!(
            "minisat wrote no result file {} (exit {code}): {e}\n{}",
            out.display(),
            String::from_utf8_lossy(&status.stderr)
        )
    });
    (code, text)
}

/// A fresh scratch directory for one test (removed at the start, not the end, so a failing
/// test leaves its files to look at).
pub fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-test-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}
