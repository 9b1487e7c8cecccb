//! Shared by the grid-puzzle tests: the shipped files, the library's answer, and a brute-force
//! solver written from the file format's documentation (independent of the library's tables).
#![allow(dead_code)] // each test binary uses its own subset

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, GridPuzzle, Relation};
use satpuz::solve::{Varisat, Verdict, solve_unique};

pub fn encodings_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("encodings")
}

pub fn load(name: &str) -> GridPuzzle {
    let text = std::fs::read_to_string(encodings_dir().join(name)).expect("shipped file");
    GridPuzzle::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn all_options() -> Vec<EncodeOptions> {
    EncodeOptions::all()
}

/// `rows[c][p]`: the name of the value of category c at position p, by the library.
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

pub fn rows_of(p: &GridPuzzle, table: &[Vec<usize>]) -> Vec<Vec<String>> {
    p.categories
        .iter()
        .enumerate()
        .map(|(c, cat)| table.iter().map(|row| cat.values[row[c]].clone()).collect())
        .collect()
}

/// Every permutation of `0..n`.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Does a clue hold when `pos` gives each value's 0-based position? Written from the format's
/// documentation, independently of the library's tables.
pub fn clue_holds(clue: &Clue, pos: &HashMap<&str, i64>, n: i64) -> bool {
    let at = |name: &String| pos[name.as_str()];
    let holds = match &clue.relation {
        Relation::Same { a, b } => at(a) == at(b),
        Relation::LeftOf { a, b } => at(a) + 1 == at(b),
        Relation::RightOf { a, b } => at(a) == at(b) + 1,
        Relation::SomewhereLeftOf { a, b } => at(a) < at(b),
        Relation::SomewhereRightOf { a, b } => at(a) > at(b),
        Relation::NextTo { a, b } => (at(a) - at(b)).abs() == 1,
        Relation::Distance { a, b, k } => (at(a) - at(b)).abs() == *k as i64,
        Relation::LeftBy { a, b, k } => at(b) - at(a) == *k as i64,
        Relation::RightBy { a, b, k } => at(a) - at(b) == *k as i64,
        Relation::At { a, position } => at(a) == *position as i64 - 1,
        Relation::OneOf { a, positions } => positions.iter().any(|&q| at(a) == q as i64 - 1),
        Relation::AtEnd { a } => at(a) == 0 || at(a) == n - 1,
        Relation::Either { either } => either.iter().any(|c| clue_holds(c, pos, n)),
    };
    holds != clue.not
}

pub fn clue_names(clue: &Clue) -> Vec<&str> {
    match &clue.relation {
        Relation::Same { a, b }
        | Relation::LeftOf { a, b }
        | Relation::RightOf { a, b }
        | Relation::SomewhereLeftOf { a, b }
        | Relation::SomewhereRightOf { a, b }
        | Relation::NextTo { a, b }
        | Relation::Distance { a, b, .. }
        | Relation::LeftBy { a, b, .. }
        | Relation::RightBy { a, b, .. } => vec![a, b],
        Relation::At { a, .. } | Relation::OneOf { a, .. } | Relation::AtEnd { a } => vec![a],
        Relation::Either { either } => either.iter().flat_map(clue_names).collect(),
    }
}

/// Every solution, as rows of names, by trying every permutation of each category in turn and
/// checking each clue as soon as all its values are placed.
pub fn brute_force_rows(p: &GridPuzzle) -> Vec<Vec<Vec<String>>> {
    brute_force(p, &p.clues, usize::MAX)
}

/// Up to `limit` solutions of the puzzle with these clues instead of its own.
pub fn brute_force(p: &GridPuzzle, clues: &[Clue], limit: usize) -> Vec<Vec<Vec<String>>> {
    let n = p.positions.count;
    let perms = permutations(n);
    let category_of: HashMap<&str, usize> = p
        .categories
        .iter()
        .enumerate()
        .flat_map(|(c, cat)| cat.values.iter().map(move |v| (v.as_str(), c)))
        .collect();
    // Clues grouped by the last category they need.
    let mut ready: Vec<Vec<&Clue>> = vec![Vec::new(); p.categories.len()];
    for clue in clues {
        let last = clue_names(clue)
            .iter()
            .map(|name| category_of[name])
            .max()
            .expect("a clue names a value");
        ready[last].push(clue);
    }
    let mut search = Search {
        p,
        perms: &perms,
        ready,
        limit,
        chosen: Vec::new(),
        pos: HashMap::new(),
        solutions: Vec::new(),
    };
    search.run();
    search.solutions
}

/// Is there any arrangement satisfying these clues? Only the categories they mention are
/// searched (the others can always be placed).
pub fn satisfiable(p: &GridPuzzle, clues: &[Clue]) -> bool {
    let named: Vec<&str> = clues.iter().flat_map(clue_names).collect();
    let mut q = p.clone();
    q.categories
        .retain(|cat| cat.values.iter().any(|v| named.contains(&v.as_str())));
    !brute_force(&q, clues, 1).is_empty()
}

struct Search<'a> {
    p: &'a GridPuzzle,
    perms: &'a [Vec<usize>],
    ready: Vec<Vec<&'a Clue>>,
    limit: usize,
    chosen: Vec<&'a Vec<usize>>,
    pos: HashMap<&'a str, i64>,
    solutions: Vec<Vec<Vec<String>>>,
}

impl Search<'_> {
    fn run(&mut self) {
        let c = self.chosen.len();
        if self.solutions.len() >= self.limit {
            return;
        }
        if c == self.p.categories.len() {
            let rows = self
                .chosen
                .iter()
                .enumerate()
                .map(|(c, perm)| {
                    let mut row = vec![String::new(); perm.len()];
                    for (i, &q) in perm.iter().enumerate() {
                        row[q] = self.p.categories[c].values[i].clone();
                    }
                    row
                })
                .collect();
            self.solutions.push(rows);
            return;
        }
        let n = self.p.positions.count as i64;
        for perm in self.perms {
            for (i, v) in self.p.categories[c].values.iter().enumerate() {
                self.pos.insert(v, perm[i] as i64);
            }
            if self.ready[c]
                .iter()
                .all(|clue| clue_holds(clue, &self.pos, n))
            {
                self.chosen.push(perm);
                self.run();
                self.chosen.pop();
            }
        }
    }
}

pub fn row(names: &str) -> Vec<String> {
    names.split(", ").map(String::from).collect()
}

pub fn satpuz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .output()
        .expect("runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-grid-files-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Every solution by the library, as rows of names, from the plain or the merged model.
pub fn library_all(p: &GridPuzzle, merged: bool, opts: EncodeOptions) -> Vec<Vec<Vec<String>>> {
    use std::ops::ControlFlow;
    let grid = if merged { p.build_merged() } else { p.build() }.expect("builds");
    let mut encoded = grid.model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let mut cnf = encoded.cnf.clone();
    let mut out = Vec::new();
    satpuz::solve::enumerate(&mut cnf, &mut solver, None, |m| {
        let values = encoded.decode(m).expect("decodes");
        out.push(rows_of(p, &grid.answer(&values, p.positions.count).table));
        ControlFlow::Continue(())
    })
    .expect("solves");
    encoded.cnf = cnf;
    out.sort();
    out
}
