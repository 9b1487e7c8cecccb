//! Random logic-grid puzzles: a hidden arrangement, true clues of every kind drawn at random
//! until only the hidden arrangement fits, then cut to a set in which every clue is needed.
//!
//! One incremental [`Session`] does all the work: each clue has a selector literal, the hidden
//! answer is blocked under an activation literal, and "unique" is "UNSAT under these
//! assumptions". The growth and the cut are [`grow`] and [`minimal_unique_subset`]; strong clues (same,
//! at) are tried for removal first, so weaker kinds survive and the puzzle keeps its variety.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Category, Clue, GridPuzzle, Positions, Relation};
use crate::choice::Choice;
use crate::model::{EncodeOptions, holds};
use crate::solve::{
    CutOrder, Deletion, Growth, NoWitnesses, Session, SolveError, Witnesses, grow,
    minimal_unique_subset,
};

/// Category names for generated puzzles (then `category11`, ...).
const CATEGORY_NAMES: &[&str] = &[
    "person", "colour", "pet", "drink", "hobby", "city", "car", "fruit", "job", "sport",
];

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridShape {
    /// Positions in the row (at least 2).
    pub positions: usize,
    /// Categories (at least 1), each with one value per position.
    pub categories: usize,
}

/// A generated puzzle and its hidden answer.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle, its clues included.
    pub puzzle: GridPuzzle,
    /// `position_of[c][i]`: the 0-based position of value i of category c.
    pub position_of: Vec<Vec<usize>>,
}

/// Why a puzzle could not be generated.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// A shape with fewer than 2 positions or no category, or too large to build.
    #[error("a puzzle needs at least 2 positions and 1 category (asked for {0:?})")]
    Shape(GridShape),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Which kinds of clue the generator draws, and how often.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ClueMix {
    /// Every kind; same and at are the workhorses (the puzzles of every earlier version).
    #[default]
    Standard,
    /// Mostly somewhere left/right of, next to and distances: position comes from order and
    /// spacing, seldom from a place named outright (another generator's kind of grid).
    Positional,
}

impl ClueMix {
    /// The kind (of [`kind_of`]'s numbering) drawn for each value of a uniform draw; the last
    /// entry is `either`, left out when drawing the parts of an `either`.
    fn draws(self) -> &'static [usize] {
        match self {
            ClueMix::Standard => &[0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 10, 11, 12, 13],
            ClueMix::Positional => &[
                3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 0, 7, 8, 10, 12, 13,
            ],
        }
    }
}

impl Choice for ClueMix {
    fn choices() -> &'static [Self] {
        &[ClueMix::Standard, ClueMix::Positional]
    }

    fn name(self) -> &'static str {
        match self {
            ClueMix::Standard => "standard",
            ClueMix::Positional => "positional",
        }
    }

    fn about(self) -> &'static str {
        match self {
            ClueMix::Standard => "every kind of clue; same and at drawn most often",
            ClueMix::Positional => {
                "mostly somewhere left/right of, next to and distances (70% of draws)"
            }
        }
    }
}

/// A random puzzle of this shape with exactly one solution, every clue needed, from the
/// standard clue mix. The same seed gives the same puzzle on every machine (ChaCha8).
pub fn generate(shape: GridShape, seed: u64) -> Result<Generated, GenerateError> {
    generate_with(shape, seed, ClueMix::Standard)
}

/// [`generate`], drawing clues as `mix` says (the standard mix gives [`generate`]'s puzzles).
pub fn generate_with(
    shape: GridShape,
    seed: u64,
    mix: ClueMix,
) -> Result<Generated, GenerateError> {
    let (n, k) = (shape.positions, shape.categories);
    if n < 2 || k < 1 {
        return Err(GenerateError::Shape(shape));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let categories: Vec<Category> = (0..k)
        .map(|c| {
            let name = CATEGORY_NAMES
                .get(c)
                .map_or_else(|| format!("category{}", c + 1), |s| s.to_string());
            Category {
                values: (1..=n).map(|i| format!("{name}{i}")).collect(),
                name,
            }
        })
        .collect();
    let position_of: Vec<Vec<usize>> = (0..k)
        .map(|_| {
            let mut p: Vec<usize> = (0..n).collect();
            p.shuffle(&mut rng);
            p
        })
        .collect();
    let mut puzzle = GridPuzzle {
        name: match mix {
            ClueMix::Standard => {
                format!("generated logic grid ({n} positions, {k} categories, seed {seed})")
            }
            _ => format!(
                "generated logic grid ({n} positions, {k} categories, seed {seed}, {} clues)",
                mix.name()
            ),
        },
        source: Some(match mix {
            ClueMix::Standard => {
                format!("satpuz generate grid --positions {n} --categories {k} --seed {seed}")
            }
            _ => format!(
                "satpuz generate grid --positions {n} --categories {k} --seed {seed} \
                 --clue-mix {}",
                mix.name()
            ),
        }),
        positions: Positions {
            count: n,
            noun: "position".into(),
            labels: None,
        },
        categories,
        clues: Vec::new(),
        question: None,
    };
    let arrangement = Arrangement::new(&puzzle, &position_of, mix);

    // The structure alone (categories as permutations), clues switched in one by one.
    let structure = puzzle
        .build_with(&[])
        .map_err(|_| GenerateError::Shape(shape))?;
    let mut session = Session::new(structure.model.encode(EncodeOptions::default()));
    let hidden: Vec<usize> = position_of.iter().flatten().copied().collect();
    let under = [session.block_answer_under_activation(&hidden)];
    let mut pool: Vec<Clue> = Vec::new();
    let batch = (n * k / 4).max(4);
    loop {
        let first_new = pool.len();
        for _ in 0..batch {
            let clue = arrangement.random_true_clue(&mut rng, true);
            let grid = puzzle
                .build_with(std::slice::from_ref(&clue))
                .expect("generated clues name known values");
            session.add_clue(&grid.model.constraints[grid.clue_constraints.start]);
            pool.push(clue);
        }
        let all: Vec<usize> = (0..pool.len()).collect();
        let new = &all[first_new..];
        if grow(&mut session, &all, new, &under, &mut NoWitnesses)? == Growth::Forced {
            break;
        }
    }
    // One clue of every kind is preferred: it starts in the candidate set and is tried for
    // removal last. The rest go strong kinds first (they are the likeliest to go).
    let mut prefer = Vec::new();
    for kind in 0..KINDS {
        let have: Vec<usize> = (0..pool.len())
            .filter(|&i| kind_of(&pool[i]) == kind)
            .collect();
        let i = match have.choose(&mut rng) {
            Some(&i) => i,
            None => {
                let clue = arrangement.clue_of_kind(&mut rng, kind);
                let grid = puzzle
                    .build_with(std::slice::from_ref(&clue))
                    .expect("generated clues name known values");
                pool.push(clue);
                session.add_clue(&grid.model.constraints[grid.clue_constraints.start])
            }
        };
        prefer.push(i);
    }
    let mut order: Vec<usize> = (0..pool.len()).filter(|i| !prefer.contains(i)).collect();
    order.shuffle(&mut rng);
    order.sort_by_key(|&i| std::cmp::Reverse(strength(&pool[i])));
    order.extend(&prefer);
    let mut swaps = SwapWitness::new(&puzzle, &pool, &hidden);
    let cut = CutOrder {
        order: &order,
        prefer: &prefer,
        under: &under,
        deletion: Deletion::EAGER,
        just_forced: false,
    };
    let kept = minimal_unique_subset(&mut session, cut, &mut swaps)?
        .expect("the pool forces the hidden answer")
        .kept;
    let mut clues: Vec<Clue> = kept.into_iter().map(|i| pool[i].clone()).collect();
    clues.shuffle(&mut rng);
    puzzle.clues = clues;
    Ok(Generated {
        puzzle,
        position_of,
    })
}

/// Arrangements one swap (two values of a category trading places) away from the hidden one,
/// with the pool clues each breaks. A clue is needed as soon as some swap breaks it and no
/// other clue of the current set: the swapped arrangement is then a second answer of the rest.
/// This settles most "needed" verdicts of the cut without a solver call, among them the ones
/// whose second answer the solver takes longest to find.
struct SwapWitness {
    /// `breaks[s]`: the pool clues swap s makes false.
    breaks: Vec<Vec<usize>>,
    /// `by_clue[k]`: the swaps that break clue k.
    by_clue: Vec<Vec<usize>>,
}

impl SwapWitness {
    fn new(puzzle: &GridPuzzle, pool: &[Clue], hidden: &[usize]) -> SwapWitness {
        let grid = puzzle
            .build_with(pool)
            .expect("generated clues name known values");
        let clues = &grid.model.constraints[grid.clue_constraints.clone()];
        let mut breaks = Vec::new();
        let mut by_clue = vec![Vec::new(); pool.len()];
        for vars in &grid.value_var {
            for (i, &u) in vars.iter().enumerate() {
                for &v in &vars[i + 1..] {
                    let mut swapped = hidden.to_vec();
                    swapped.swap(u, v);
                    let broken: Vec<usize> = (0..clues.len())
                        .filter(|&k| !holds(&clues[k], &swapped))
                        .collect();
                    for &k in &broken {
                        by_clue[k].push(breaks.len());
                    }
                    breaks.push(broken);
                }
            }
        }
        SwapWitness { breaks, by_clue }
    }
}

impl Witnesses for SwapWitness {
    /// Does some swap break `clue` and none of `rest`?
    fn shows_needed(&mut self, rest: &[usize], clue: usize) -> bool {
        let rest: std::collections::HashSet<usize> = rest.iter().copied().collect();
        self.by_clue[clue].iter().any(|&s| {
            self.breaks[s]
                .iter()
                .all(|k| *k == clue || !rest.contains(k))
        })
    }
}

/// Kinds of clue, as [`kind_of`] numbers them.
const KINDS: usize = 14;

/// The kind of a clue: 0 same, 1 left of, 2 right of, 3/4 somewhere left/right of, 5 next to,
/// 6 a distance, 7 at, 8 not at, 9 one of, 10 at an end (or not), 11 not same, 12 not next
/// to, 13 either.
fn kind_of(clue: &Clue) -> usize {
    match (&clue.relation, clue.not) {
        (Relation::Same { .. }, false) => 0,
        (Relation::LeftOf { .. }, _) => 1,
        (Relation::RightOf { .. }, _) => 2,
        (Relation::SomewhereLeftOf { .. }, _) => 3,
        (Relation::SomewhereRightOf { .. }, _) => 4,
        (Relation::NextTo { .. }, false) => 5,
        (Relation::Distance { .. } | Relation::LeftBy { .. } | Relation::RightBy { .. }, _) => 6,
        (Relation::At { .. }, false) => 7,
        (Relation::At { .. }, true) => 8,
        (Relation::OneOf { .. }, _) => 9,
        (Relation::AtEnd { .. }, _) => 10,
        (Relation::Same { .. }, true) => 11,
        (Relation::NextTo { .. }, true) => 12,
        (Relation::Either { .. }, _) => 13,
    }
}

/// How much a clue of this kind pins down, roughly: removal tries strong clues first.
fn strength(clue: &Clue) -> u8 {
    match (&clue.relation, clue.not) {
        (Relation::Same { .. } | Relation::At { .. }, false) => 3,
        (
            Relation::LeftOf { .. }
            | Relation::RightOf { .. }
            | Relation::LeftBy { .. }
            | Relation::RightBy { .. },
            false,
        ) => 2,
        (Relation::Either { .. }, _) | (_, true) => 0,
        _ => 1,
    }
}

/// Removes clues at random, one at a time, until the puzzle has between `min` and `max`
/// solutions (counted with `count`, which stops at `max + 1`); a removal that overshoots is
/// undone and another clue tried. None if no order of removals lands in the range.
pub fn relax(
    puzzle: &GridPuzzle,
    seed: u64,
    min: u64,
    max: u64,
    count: impl Fn(&GridPuzzle, u64) -> Result<u64, SolveError>,
) -> Result<Option<GridPuzzle>, SolveError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut current = puzzle.clone();
    loop {
        let mut candidates: Vec<usize> = (0..current.clues.len()).collect();
        candidates.shuffle(&mut rng);
        let mut moved = false;
        for i in candidates {
            let mut next = current.clone();
            next.clues.remove(i);
            let found = count(&next, max + 1)?;
            if found > max {
                continue;
            }
            current = next;
            moved = true;
            if found >= min {
                current.name = format!(
                    "{} with {} clue(s) removed",
                    puzzle.name,
                    puzzle.clues.len() - current.clues.len()
                );
                return Ok(Some(current));
            }
            break;
        }
        if !moved {
            return Ok(None);
        }
    }
}

/// The hidden answer, for drawing clues that hold in it.
struct Arrangement {
    n: usize,
    /// (name, position) of every value.
    values: Vec<(String, usize, usize)>,
    /// `at[p]`: indices into `values` of the values at position p.
    at: Vec<Vec<usize>>,
    /// The kinds drawn.
    mix: ClueMix,
}

impl Arrangement {
    fn new(puzzle: &GridPuzzle, position_of: &[Vec<usize>], mix: ClueMix) -> Arrangement {
        let n = puzzle.positions.count;
        let mut values = Vec::new();
        let mut at = vec![Vec::new(); n];
        for (c, cat) in puzzle.categories.iter().enumerate() {
            for (i, name) in cat.values.iter().enumerate() {
                at[position_of[c][i]].push(values.len());
                values.push((name.clone(), position_of[c][i], c));
            }
        }
        Arrangement { n, values, at, mix }
    }

    fn name(&self, v: usize) -> String {
        self.values[v].0.clone()
    }

    /// A random value at a position satisfying `ok`, other than `not`.
    fn value_where(
        &self,
        rng: &mut impl Rng,
        not: usize,
        ok: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let choices: Vec<usize> = (0..self.values.len())
            .filter(|&v| v != not && ok(self.values[v].1))
            .collect();
        choices.choose(rng).copied()
    }

    /// A clue that holds in the arrangement, of a kind chosen at random.
    fn random_true_clue(&self, rng: &mut ChaCha8Rng, allow_either: bool) -> Clue {
        loop {
            let draws = self.mix.draws();
            let draw = rng.random_range(0..draws.len() - usize::from(!allow_either));
            if let Some(clue) = self.try_clue(rng, draws[draw]) {
                return clue;
            }
        }
    }

    /// A true clue of one kind (of [`kind_of`]'s numbering).
    fn clue_of_kind(&self, rng: &mut ChaCha8Rng, kind: usize) -> Clue {
        loop {
            if let Some(clue) = self.try_clue(rng, kind).filter(|c| kind_of(c) == kind) {
                return clue;
            }
        }
    }

    fn try_clue(&self, rng: &mut ChaCha8Rng, kind: usize) -> Option<Clue> {
        let n = self.n as i64;
        let a = rng.random_range(0..self.values.len());
        let (pa, ca) = (self.values[a].1 as i64, self.values[a].2);
        let name = |v| self.name(v);
        let pick = |rng: &mut ChaCha8Rng, ok: &dyn Fn(i64) -> bool| {
            self.value_where(rng, a, |p| ok(p as i64))
        };
        let clue = |relation, not| {
            Some(Clue {
                relation,
                not,
                text: None,
            })
        };
        match kind {
            0 => {
                let same: Vec<usize> = self.at[pa as usize]
                    .iter()
                    .copied()
                    .filter(|&v| self.values[v].2 != ca)
                    .collect();
                let b = *same.choose(rng)?;
                clue(
                    Relation::Same {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            1 => {
                let b = pick(rng, &|p| p == pa + 1)?;
                clue(
                    Relation::LeftOf {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            2 => {
                let b = pick(rng, &|p| p == pa - 1)?;
                clue(
                    Relation::RightOf {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            3 => {
                let b = pick(rng, &|p| p > pa)?;
                clue(
                    Relation::SomewhereLeftOf {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            4 => {
                let b = pick(rng, &|p| p < pa)?;
                clue(
                    Relation::SomewhereRightOf {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            5 => {
                let b = pick(rng, &|p| (p - pa).abs() == 1)?;
                clue(
                    Relation::NextTo {
                        a: name(a),
                        b: name(b),
                    },
                    false,
                )
            }
            6 => {
                let b = pick(rng, &|p| (p - pa).abs() >= 2)?;
                let k = (self.values[b].1 as i64 - pa).unsigned_abs() as usize;
                // The positional mix keeps distances undirected: a directed one ties two values
                // at a fixed offset, as left_of does.
                let directed = self.mix == ClueMix::Standard && rng.random_range(0..3) != 0;
                let relation = if !directed {
                    Relation::Distance {
                        a: name(a),
                        b: name(b),
                        k,
                    }
                } else if pa < self.values[b].1 as i64 {
                    Relation::LeftBy {
                        a: name(a),
                        b: name(b),
                        k,
                    }
                } else {
                    Relation::RightBy {
                        a: name(a),
                        b: name(b),
                        k,
                    }
                };
                clue(relation, false)
            }
            7 => clue(
                Relation::At {
                    a: name(a),
                    position: pa as usize + 1,
                },
                false,
            ),
            8 => {
                let other = (0..n).filter(|&p| p != pa).collect::<Vec<_>>();
                let p = *other.choose(rng)?;
                clue(
                    Relation::At {
                        a: name(a),
                        position: p as usize + 1,
                    },
                    true,
                )
            }
            9 => {
                let mut positions = vec![pa as usize + 1];
                let extra = rng.random_range(1..=2.min(self.n - 1));
                let mut others: Vec<usize> =
                    (1..=self.n).filter(|&p| p != pa as usize + 1).collect();
                others.shuffle(rng);
                positions.extend(others.into_iter().take(extra));
                positions.sort_unstable();
                clue(
                    Relation::OneOf {
                        a: name(a),
                        positions,
                    },
                    false,
                )
            }
            10 => {
                let end = pa == 0 || pa == n - 1;
                clue(Relation::AtEnd { a: name(a) }, !end)
            }
            11 => {
                let b = pick(rng, &|p| p != pa).filter(|&b| self.values[b].2 != ca)?;
                clue(
                    Relation::Same {
                        a: name(a),
                        b: name(b),
                    },
                    true,
                )
            }
            12 => {
                let b = pick(rng, &|p| (p - pa).abs() != 1)?;
                clue(
                    Relation::NextTo {
                        a: name(a),
                        b: name(b),
                    },
                    true,
                )
            }
            _ => {
                // One part true, the other drawn freely (true or false).
                let true_part = self.random_true_clue(rng, false);
                let any_part = self.any_clue(rng);
                let mut parts = vec![true_part, any_part];
                parts.shuffle(rng);
                clue(Relation::Either { either: parts }, false)
            }
        }
    }

    /// A clue of a simple kind that may or may not hold.
    fn any_clue(&self, rng: &mut ChaCha8Rng) -> Clue {
        let a = self.name(rng.random_range(0..self.values.len()));
        let b = self.name(rng.random_range(0..self.values.len()));
        let relation = match rng.random_range(0..3) {
            0 => Relation::Same { a, b },
            1 => Relation::NextTo { a, b },
            _ => Relation::At {
                a,
                position: rng.random_range(1..=self.n),
            },
        };
        Clue {
            relation,
            not: false,
            text: None,
        }
    }
}
