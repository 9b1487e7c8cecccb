//! Random logic-grid puzzles: a hidden arrangement, true clues of every kind drawn at random
//! until only the hidden arrangement fits, then cut to a set in which every clue is needed (or
//! kept because its trial spent the proof budget, and counted).
//!
//! One incremental [`Session`] draws the clues: each clue has a selector literal, the hidden
//! answer is blocked under an activation literal, and "unique" is "UNSAT under these
//! assumptions" ([`grow`]). The cut (`Cut`) tries every clue of the session's core for
//! removal in turn, strong clues (same, at) first so weaker kinds survive and the puzzle keeps
//! its variety; known second answers or fresh solvers (two at once, each within the budget)
//! decide each trial.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::collections::{HashMap, HashSet};

use super::{Category, Clue, GridAnswer, GridPuzzle, Positions, Relation};
use crate::choice::Choice;
use crate::model::{Constraint, EncodeOptions, holds};
use crate::solve::{Growth, NoWitnesses, Session, SolveError, Varisat, grow};

/// The generator's version: it goes up whenever the same seed may give another puzzle, and is
/// written in every generated puzzle's `source`. 4: the positional mix's trials get a budget of
/// their own, [`POSITIONAL_PROOF_BUDGET`] (the standard mix's puzzles are version 3's); 3: a
/// trial that spends its proof budget keeps
/// its clue (a puzzle whose trials all stay within it is version 2's: at 30 x 5, 9 seeds of
/// 1-10); 2: the cut keeps the first core's narrowing only, then decides every
/// clue in turn (so a puzzle no longer depends on the solver's later cores); 1: every earlier
/// release.
pub const GENERATOR_VERSION: u32 = 4;

/// The learnt clauses a trial of the cut may spend proving the clues left unique (or finding
/// a second answer) before it gives up and keeps its clue: 0.1-0.4 s of varisat at 50 x 5.
/// Counted, not timed, so a seed gives the same puzzle on every machine. Without a budget some
/// 50 x 5 seeds take minutes (seed 7: 90-200 s), their last trials 5-37 s each, and the puzzle
/// takes any solver seconds to prove unique (seed 7: varisat 20 s, PySAT 12.6 s, CP-SAT 25 s).
/// Measured at 50 x 5, seeds 1-10: most clues kept unproven are needed anyway (a puzzle has
/// 0-4 clues more than without a budget).
pub const DEFAULT_PROOF_BUDGET: u64 = 6_000;

/// The positional mix's budget (generator 4). Its clues are weaker, so many more of its trials
/// are hard: at 6,000 learnt clauses a 50 x 5 puzzle took 8-21 s (seeds 1-3 9.4 / 8.0 / 9.2 s,
/// seeds 4 / 7 / 9 21.2 / 14.7 / 15.9 s; seed 1: 67 of 236 trials over the budget, 13.8 of 19.1
/// s in the solver). At 500, seeds 1-10 take 2.1-3.3 s, and the puzzles are no larger: 229-250
/// clues (seeds 1 / 2 / 3 / 4 / 7: 236 / 236 / 239 / 250 / 243 against 234 / 243 / 247 / 255 /
/// 244), since the clues a trial over the budget keeps are mostly needed anyway. (At 1,000:
/// 2.3-4.7 s, 228-255 clues; at 2,000: up to 8 s.)
pub const POSITIONAL_PROOF_BUDGET: u64 = 500;

/// Where generation has got to, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Drawing true clues until they force the hidden arrangement.
    Drawing {
        /// Clues drawn so far.
        clues: usize,
    },
    /// Cutting the clues to a set in which every one is needed.
    Cutting {
        /// Clues decided (kept or dropped) so far.
        decided: usize,
        /// Clues to decide (those of the first core).
        of: usize,
    },
}

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
    /// Clues kept because their trial spent the proof budget: each may be needed or not (every
    /// other clue is needed). 0 whenever the budget was never spent.
    pub kept_unproven: usize,
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
    /// The proof budget a trial of the cut gets unless told otherwise.
    pub fn default_proof_budget(self) -> u64 {
        match self {
            ClueMix::Standard => DEFAULT_PROOF_BUDGET,
            ClueMix::Positional => POSITIONAL_PROOF_BUDGET,
        }
    }

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
    generate_observed(
        shape,
        seed,
        mix,
        Some(mix.default_proof_budget()),
        &mut |_| {},
    )
}

/// [`generate_with`] under a proof budget (`None`: none, every clue proved needed or not),
/// telling `observe` where it has got to (at most once per clue).
pub fn generate_observed(
    shape: GridShape,
    seed: u64,
    mix: ClueMix,
    budget: Option<u64>,
    observe: &mut dyn FnMut(Phase),
) -> Result<Generated, GenerateError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    generate_tuned(shape, seed, mix, budget, observe, cores > 1)
}

/// [`generate_observed`] deciding one trial at a time, on the calling thread only: for callers
/// that already keep every core busy (`generate grid --count N` on several threads), so that
/// the threads do not outnumber the cores. The same puzzle as [`generate_observed`].
pub fn generate_on_one_thread(
    shape: GridShape,
    seed: u64,
    mix: ClueMix,
    budget: Option<u64>,
) -> Result<Generated, GenerateError> {
    generate_tuned(shape, seed, mix, budget, &mut |_| {}, false)
}

/// [`generate_observed`], two trials at once if `paired_trials` (tests vary it: the puzzle is
/// the same).
fn generate_tuned(
    shape: GridShape,
    seed: u64,
    mix: ClueMix,
    budget: Option<u64>,
    observe: &mut dyn FnMut(Phase),
    paired_trials: bool,
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
        source: Some({
            let mix_flag = match mix {
                ClueMix::Standard => String::new(),
                _ => format!(" --clue-mix {}", mix.name()),
            };
            let budget = match budget {
                Some(b) if b == mix.default_proof_budget() => String::new(),
                Some(b) => format!(" --proof-budget {b}"),
                None => " --proof-budget none".to_string(),
            };
            format!(
                "satpuz generate grid --positions {n} --categories {k} --seed {seed}{mix_flag}{budget} \
                 (generator {GENERATOR_VERSION})"
            )
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
    // Unshrunk, as every solver of the generator: its puzzles follow the solver's path.
    let mut session = Session::unshrunk(structure.model.encode(EncodeOptions::default()));
    let hidden: Vec<usize> = position_of.iter().flatten().copied().collect();
    let under = [session.block_answer_under_activation(&hidden)];
    let mut pool: Vec<Clue> = Vec::new();
    let batch = (n * k / 4).max(4);
    loop {
        let first_new = pool.len();
        pool.extend((0..batch).map(|_| arrangement.random_true_clue(&mut rng, true)));
        // One build for the batch: each clue's constraint is its own.
        let grid = puzzle
            .build_with(&pool[first_new..])
            .expect("generated clues name known values");
        for constraint in &grid.model.constraints[grid.clue_constraints] {
            session.add_clue(constraint);
        }
        observe(Phase::Drawing { clues: pool.len() });
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
    let cut = Cut {
        puzzle: &puzzle,
        pool: &pool,
        position_of: &position_of,
        hidden: &hidden,
        under: &under,
        budget,
        paired_trials,
    };
    let (kept, kept_unproven) = cut.minimal(&mut session, &order, &prefer, observe)?;
    let mut clues: Vec<Clue> = kept.into_iter().map(|i| pool[i].clone()).collect();
    clues.shuffle(&mut rng);
    puzzle.clues = clues;
    if kept_unproven > 0
        && let Some(source) = &mut puzzle.source
        && source.ends_with(')')
    {
        // The file says what its clues are: not all proved needed.
        source.pop();
        source.push_str(&format!(
            "; {kept_unproven} clue(s) kept unproven, their trial over the proof budget)"
        ));
    }
    Ok(Generated {
        puzzle,
        position_of,
        kept_unproven,
    })
}

/// What a trial of the cut found out about the clues left without one.
enum Trial {
    /// An answer other than the hidden one (as values of the structure's variables): the clue
    /// is needed.
    Second(Vec<usize>),
    /// Only the hidden answer: the clue can go.
    Unique,
    /// The proof budget ran out first: the clue stays, unproven.
    Undecided,
}

/// The cut: from the clues drawn, a set that still forces the hidden arrangement in which
/// every clue is needed.
struct Cut<'a> {
    puzzle: &'a GridPuzzle,
    pool: &'a [Clue],
    position_of: &'a [Vec<usize>],
    /// The hidden arrangement, as values of the structure's variables.
    hidden: &'a [usize],
    /// The hidden answer's blocking activation in the session.
    under: &'a [crate::cnf::Lit],
    /// The learnt clauses a trial may spend (None: no limit).
    budget: Option<u64>,
    /// Try two clues at once (on two threads).
    paired_trials: bool,
}

impl Cut<'_> {
    /// The clues of `order` outside the session's core (all of them forcing the hidden
    /// answer) go, `prefer` excepted; then every clue left, in order, is tried for removal
    /// once: it stays exactly when the others admit a second answer (or the trial spends its
    /// budget: then it is counted in the second number returned). Deletion in a fixed order
    /// from a fixed start, so the set depends only on the clues and the order: a second answer
    /// known beforehand ([`SecondAnswers`]) may decide a trial, else a fresh solver on the
    /// clues left, whose budget runs out at the same place on every machine.
    fn minimal(
        &self,
        session: &mut Session,
        order: &[usize],
        prefer: &[usize],
        observe: &mut dyn FnMut(Phase),
    ) -> Result<(Vec<usize>, usize), GenerateError> {
        let forced = !session.solve_clues(order, self.under)?;
        assert!(forced, "the pool forces the hidden answer");
        let core: HashSet<crate::cnf::Lit> = session.failed().into_iter().collect();
        let mut set: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&c| prefer.contains(&c) || core.contains(&session.selector(c)))
            .collect();
        let candidates = set.clone();
        let mut known = SecondAnswers::new(self.puzzle, self.pool, &set, self.hidden);
        let mut unproven = 0;
        // Two trials run at once: the next undecided candidate's trial on the same set. A
        // second answer of a set stays one of any smaller set, so its "needed" holds whatever
        // the first trial says; its "dropped" or "undecided" (on the set with the first clue)
        // holds only if the first clue stayed, else it is tried again. The verdicts are the
        // same as one by one.
        let mut decided = vec![false; candidates.len()];
        for at in 0..candidates.len() {
            observe(Phase::Cutting {
                decided: at,
                of: candidates.len(),
            });
            if decided[at] {
                continue;
            }
            let candidate = candidates[at];
            if known.shows_needed(candidate) || known.shows_needed_by_two_swaps(candidate) {
                continue;
            }
            let rest: Vec<usize> = set.iter().copied().filter(|&c| c != candidate).collect();
            let partner = if self.paired_trials {
                (at + 1..candidates.len()).find(|&later| {
                    !decided[later]
                        && !known.shows_needed(candidates[later])
                        && !known.shows_needed_by_two_swaps(candidates[later])
                })
            } else {
                None
            };
            let (trial, partner_trial) = if let Some(later) = partner {
                let partner_rest: Vec<usize> = set
                    .iter()
                    .copied()
                    .filter(|&c| c != candidates[later])
                    .collect();
                let (trial, partner_trial) = std::thread::scope(|scope| {
                    let partner = scope.spawn(|| self.trial(&partner_rest));
                    let trial = self.trial(&rest);
                    (
                        trial,
                        partner.join().expect("a trial thread does not panic"),
                    )
                });
                (trial?, Some((later, partner_trial?)))
            } else {
                (self.trial(&rest)?, None)
            };
            let stayed = !matches!(trial, Trial::Unique);
            match trial {
                Trial::Second(answer) => known.record(&answer),
                Trial::Unique => {
                    set = rest;
                    known.dropped(candidate);
                }
                Trial::Undecided => unproven += 1,
            }
            match partner_trial {
                Some((later, Trial::Second(answer))) => {
                    known.record(&answer);
                    decided[later] = true;
                }
                Some((later, Trial::Unique)) if stayed => {
                    let partner = candidates[later];
                    set.retain(|&c| c != partner);
                    known.dropped(partner);
                    decided[later] = true;
                }
                Some((later, Trial::Undecided)) if stayed => {
                    unproven += 1;
                    decided[later] = true;
                }
                _ => {}
            }
        }
        set.sort_unstable();
        Ok((set, unproven))
    }

    /// Whether the clues `rest` admit an answer other than the hidden one, from a fresh solver
    /// (within the budget) on their merged model (values at fixed distances share a variable)
    /// reduced at the root; an answer comes as values of the structure's variables.
    fn trial(&self, rest: &[usize]) -> Result<Trial, GenerateError> {
        let n = self.puzzle.positions.count;
        let mut puzzle = self.puzzle.clone();
        puzzle.clues = rest.iter().map(|&c| self.pool[c].clone()).collect();
        let grid = puzzle
            .build_merged()
            .expect("generated clues name known values");
        let mut table = vec![vec![0; self.position_of.len()]; n];
        for (c, positions) in self.position_of.iter().enumerate() {
            for (i, &p) in positions.iter().enumerate() {
                table[p][c] = i;
            }
        }
        let hidden = grid.values(&GridAnswer { table });
        // Every clue of `rest` stays hard here, so the values they rule out at the root can
        // leave the formula (a 50 x 5 grid: ~400,000 clauses down to ~30,000).
        let formula = grid.model.encode_reduced(EncodeOptions::default());
        let mut session = match self.budget {
            Some(budget) => Session::with_backend(formula, Varisat::with_learning_budget(budget)),
            None => Session::unshrunk(formula),
        };
        session.block_answer(&hidden);
        let values = match session.solve_values(&[]) {
            Ok(Some(values)) => values,
            Ok(None) => return Ok(Trial::Unique),
            Err(SolveError::OverBudget) => return Ok(Trial::Undecided),
            Err(e) => return Err(e.into()),
        };
        let answer = grid.answer(&values, n);
        let mut flat = vec![0; n * answer.table[0].len()];
        for (p, row) in answer.table.iter().enumerate() {
            for (c, &i) in row.iter().enumerate() {
                flat[c * n + i] = p;
            }
        }
        Ok(Trial::Second(flat))
    }
}

/// Arrangements other than the hidden one with the clues of the cut each breaks. A clue is
/// needed as soon as some arrangement breaks it and no other clue still in the set: that
/// arrangement is a second answer of the rest. Known from the start: every block swap (the
/// values of some categories at two positions trading places: a swap of two values of one
/// category, two whole positions, and everything between), which settles most "needed"
/// verdicts without a solver call, among them many whose second answer the solver takes
/// longest to find; then every second answer a solver finds.
struct SecondAnswers {
    /// `breaks[a]`: the clues of the cut arrangement a makes false.
    breaks: Vec<Vec<usize>>,
    /// `alive[a]`: how many of them are still in the set.
    alive: Vec<usize>,
    /// `by_clue[k]`: the arrangements that break clue k.
    by_clue: Vec<Vec<usize>>,
    /// The cut's clues, as constraints on the structure's variables (None outside the cut).
    clues: Vec<Option<Constraint>>,
    /// `moves[a]`: the two positions and the categories block swap a exchanges (the block
    /// swaps come first, then the solvers' answers).
    moves: Vec<(usize, usize, usize)>,
    /// The category subsets of the block swaps.
    subsets: Vec<Vec<usize>>,
    /// `mentions[k]`: the variables clue k mentions.
    mentions: Vec<Vec<usize>>,
    /// `touching[v]`: the clues of the cut that mention variable v.
    touching: Vec<Vec<usize>>,
    /// `at[p][c]`: the variable of category c's value at position p in the hidden answer.
    at: Vec<Vec<usize>>,
    /// `category[v]`: the category of variable v.
    category: Vec<usize>,
    /// The hidden answer.
    hidden: Vec<usize>,
    /// Scratch: an arrangement being tried.
    scratch: Vec<usize>,
}

impl SecondAnswers {
    fn new(puzzle: &GridPuzzle, pool: &[Clue], cut: &[usize], hidden: &[usize]) -> SecondAnswers {
        let grid = puzzle
            .build_with(pool)
            .expect("generated clues name known values");
        let constraints = &grid.model.constraints[grid.clue_constraints.clone()];
        let mut clues: Vec<Option<Constraint>> = vec![None; pool.len()];
        for &c in cut {
            clues[c] = Some(constraints[c].clone());
        }
        // Which clues of the cut mention each value (by its variable).
        let var_of: HashMap<&str, usize> = puzzle
            .categories
            .iter()
            .enumerate()
            .flat_map(|(c, cat)| {
                let vars = &grid.value_var[c];
                cat.values
                    .iter()
                    .zip(vars)
                    .map(|(v, &var)| (v.as_str(), var))
            })
            .collect();
        let mut touching = vec![Vec::new(); hidden.len()];
        let mut mentions = vec![Vec::new(); pool.len()];
        for &c in cut {
            let mut names = Vec::new();
            pool[c].names(&mut names);
            let mut vars: Vec<usize> = names.iter().map(|name| var_of[name]).collect();
            vars.sort_unstable();
            vars.dedup();
            for &v in &vars {
                touching[v].push(c);
            }
            mentions[c] = vars;
        }
        let mut category = vec![0; hidden.len()];
        for (c, vars) in grid.value_var.iter().enumerate() {
            for &v in vars {
                category[v] = c;
            }
        }
        // at[p][c]: the variable of category c's value at position p.
        let n = puzzle.positions.count;
        let k = grid.value_var.len();
        let mut at = vec![vec![0; k]; n];
        for (c, vars) in grid.value_var.iter().enumerate() {
            for &v in vars {
                at[hidden[v]][c] = v;
            }
        }
        // Every subset of categories up to 6 of them (a subset and its complement differ by a
        // swap of the whole positions, so both are kept); beyond, one category or all.
        let subsets: Vec<Vec<usize>> = if k <= 6 {
            (1u32..1 << k)
                .map(|mask| (0..k).filter(|&c| (mask >> c) & 1 == 1).collect())
                .collect()
        } else {
            (0..k).map(|c| vec![c]).chain([(0..k).collect()]).collect()
        };
        let mut known = SecondAnswers {
            breaks: Vec::new(),
            alive: Vec::new(),
            by_clue: vec![Vec::new(); pool.len()],
            clues,
            moves: Vec::new(),
            subsets: Vec::new(),
            mentions,
            touching,
            at: Vec::new(),
            category,
            hidden: hidden.to_vec(),
            scratch: hidden.to_vec(),
        };
        let mut swapped = hidden.to_vec();
        let mut moved = Vec::new();
        let mut broken = Vec::new();
        for p in 0..n {
            for q in p + 1..n {
                for (s, subset) in subsets.iter().enumerate() {
                    moved.clear();
                    for &c in subset {
                        let (u, v) = (at[p][c], at[q][c]);
                        swapped[u] = q;
                        swapped[v] = p;
                        moved.extend([u, v]);
                    }
                    broken.clear();
                    for &v in &moved {
                        broken.extend(known.touching[v].iter().copied());
                    }
                    broken.sort_unstable();
                    broken.dedup();
                    broken.retain(|&c| {
                        !holds(
                            known.clues[c].as_ref().expect("a clue of the cut"),
                            &swapped,
                        )
                    });
                    for &v in &moved {
                        swapped[v] = hidden[v];
                    }
                    known.moves.push((p, q, s));
                    known.add(broken.clone());
                }
            }
        }
        known.subsets = subsets;
        known.at = at;
        known
    }

    /// Records an arrangement that breaks `broken` (clues still in the set).
    fn add(&mut self, broken: Vec<usize>) {
        for &c in &broken {
            self.by_clue[c].push(self.breaks.len());
        }
        self.alive.push(broken.len());
        self.breaks.push(broken);
    }

    /// A solver's second answer of the set without some clue.
    fn record(&mut self, answer: &[usize]) {
        let broken = (0..self.clues.len())
            .filter(|&c| self.clues[c].as_ref().is_some_and(|k| !holds(k, answer)))
            .collect();
        self.add(broken);
    }

    /// Does some arrangement break `clue` and no other clue of the set?
    fn shows_needed(&self, clue: usize) -> bool {
        self.by_clue[clue].iter().any(|&a| self.alive[a] == 1)
    }

    /// Does some block swap that breaks `clue` and one or two other clues of the set, done
    /// together with a swap of two values of one category (a value another clue it breaks
    /// mentions, at other positions), break `clue` alone? Slower than [`Self::shows_needed`]:
    /// asked only before a solver would be.
    fn shows_needed_by_two_swaps(&mut self, clue: usize) -> bool {
        let n = self.at.len();
        let mut values = Vec::new();
        for &a in &self.by_clue[clue] {
            if !(2..=3).contains(&self.alive[a]) || a >= self.moves.len() {
                continue;
            }
            // The values the swap's other broken clues mention: one of them must move again.
            values.clear();
            for &other in &self.breaks[a] {
                if other != clue && self.clues[other].is_some() {
                    values.extend_from_slice(&self.mentions[other]);
                }
            }
            values.sort_unstable();
            values.dedup();
            let (p, q, s) = self.moves[a];
            for &c in &self.subsets[s] {
                let (u, v) = (self.at[p][c], self.at[q][c]);
                self.scratch[u] = q;
                self.scratch[v] = p;
            }
            let mut found = false;
            'values: for &v in &values {
                let (from, c) = (self.hidden[v], self.category[v]);
                if from == p || from == q {
                    continue;
                }
                for to in (0..n).filter(|&r| r != from && r != p && r != q) {
                    let w = self.at[to][c];
                    self.scratch[v] = to;
                    self.scratch[w] = from;
                    let moved = self.subsets[s]
                        .iter()
                        .flat_map(|&c| [self.at[p][c], self.at[q][c]])
                        .chain([v, w]);
                    let only_clue = moved.flat_map(|m| &self.touching[m]).all(|&k| {
                        let holds_k = self.clues[k]
                            .as_ref()
                            .is_none_or(|ck| holds(ck, &self.scratch));
                        holds_k != (k == clue)
                    });
                    self.scratch[v] = from;
                    self.scratch[w] = to;
                    if only_clue {
                        found = true;
                        break 'values;
                    }
                }
            }
            for &c in &self.subsets[s] {
                let (u, v) = (self.at[p][c], self.at[q][c]);
                self.scratch[u] = p;
                self.scratch[v] = q;
            }
            if found {
                return true;
            }
        }
        false
    }

    /// `clue` left the set for good.
    fn dropped(&mut self, clue: usize) {
        for &a in &self.by_clue[clue] {
            self.alive[a] -= 1;
        }
        self.clues[clue] = None;
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

/// Adds `flags` (e.g. ` --drop 2`) to the command in a generated puzzle's `source`, before the
/// `(generator N...)` that [`generate`] writes after it, so that the source makes the relaxed
/// puzzle too. The one place besides `generate` that knows the source's shape.
pub fn add_to_source_command(puzzle: &mut GridPuzzle, flags: &str) {
    if let Some(source) = &mut puzzle.source {
        let at = source.find(" (generator").unwrap_or(source.len());
        source.insert_str(at, flags);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut decides every clue the same one or two trials at once, and a budget no trial
    /// spends changes nothing.
    #[test]
    fn paired_trials_and_an_unspent_budget_cut_to_the_same_puzzle() {
        for (seed, positions, categories) in [(1, 6, 4), (2, 7, 3), (3, 8, 4), (4, 10, 5)] {
            let shape = GridShape {
                positions,
                categories,
            };
            let mix = if seed % 2 == 0 {
                ClueMix::Positional
            } else {
                ClueMix::Standard
            };
            let generated = |budget, paired| {
                generate_tuned(shape, seed, mix, budget, &mut |_| {}, paired).unwrap()
            };
            let one_by_one = generated(None, false);
            assert_eq!(one_by_one.kept_unproven, 0);
            for (budget, paired) in [(None, true), (Some(DEFAULT_PROOF_BUDGET), true)] {
                let other = generated(budget, paired);
                assert_eq!(
                    one_by_one.puzzle.clues, other.puzzle.clues,
                    "seed {seed}, budget {budget:?}, paired trials {paired}"
                );
                assert_eq!(other.kept_unproven, 0);
            }
            // The mix's own budget (the positional one's may be spent even here).
            assert_eq!(
                generated(Some(mix.default_proof_budget()), false)
                    .puzzle
                    .clues,
                generate_with(shape, seed, mix).unwrap().puzzle.clues
            );
        }
    }

    /// A budget too small for most trials keeps their clues: the puzzle is still unique, and
    /// every clue it could do without is one of those counted as kept unproven (each checked
    /// here without a budget). Paired or not, the same puzzle.
    #[test]
    fn a_spent_budget_keeps_the_clue_and_is_counted() {
        let shape = GridShape {
            positions: 12,
            categories: 5,
        };
        let generated = |paired| {
            generate_tuned(shape, 7, ClueMix::Standard, Some(0), &mut |_| {}, paired).unwrap()
        };
        let g = generated(true);
        assert!(g.kept_unproven > 0, "a budget of 0 is spent by some trial");
        assert_eq!(g.puzzle.clues, generated(false).puzzle.clues);
        let unique = |clues: &[Clue]| {
            let mut puzzle = g.puzzle.clone();
            puzzle.clues = clues.to_vec();
            let grid = puzzle.build().unwrap();
            let mut session = Session::new(grid.model.encode(EncodeOptions::default()));
            let first = session
                .solve_values(&[])
                .unwrap()
                .expect("the hidden answer fits");
            session.block_answer(&first);
            session.solve_values(&[]).unwrap().is_none()
        };
        assert!(unique(&g.puzzle.clues));
        let removable = (0..g.puzzle.clues.len())
            .filter(|&i| {
                let mut others = g.puzzle.clues.clone();
                others.remove(i);
                unique(&others)
            })
            .count();
        assert!(
            removable <= g.kept_unproven,
            "{removable} clues could go, {} kept unproven",
            g.kept_unproven
        );
        let unlimited =
            generate_tuned(shape, 7, ClueMix::Standard, None, &mut |_| {}, true).unwrap();
        assert_eq!(unlimited.kept_unproven, 0);
    }
}
