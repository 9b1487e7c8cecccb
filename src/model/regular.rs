//! The regular constraint: a sequence of finite-domain positions spells a word a deterministic
//! automaton accepts.
//!
//! The automaton is unrolled into layers, one per position boundary (layer i holds the states
//! reachable after i letters), by a forward pass from the start state and a backward pass from
//! the accepting states: a state that cannot be reached, or from which no accepting state can be
//! reached in the letters left, is dropped and gets no variable. A layer with one state needs no
//! variable either. What remains is written as (S_i(q) is "the state after i letters is q",
//! L_i(a) is "position i holds letter a"):
//! - forward, per arc `q -a-> q'`: `S_i(q) & L_i(a) -> S_{i+1}(q')`, and per state
//!   `S_i(q) -> OR L_i(a)` over the letters of its live arcs;
//! - backward supports: `S_{i+1}(q') -> OR S_i(q)` over its predecessors,
//!   `-> OR L_i(a)` over its incoming letters, and per predecessor q
//!   `S_{i+1}(q') & S_i(q) -> OR L_i(a)` over the letters from q to q';
//! - letter supports: `L_i(a) -> OR S_i(q)` over the states with a live arc on `a`;
//! - at least one state per layer.
//!
//! With the letters of a position exclusive and exhaustive (a domain's values, a cell's
//! digits-or-empty) the state variables are then fixed by the word: exactly one per layer,
//! the one the automaton is in. So counting over the positions stays exact, and a solver's
//! model has one extension per word.
//!
//! Automata too large to tabulate (sums of products, concatenated numbers) are given as a
//! step function over any hashable state ([`unroll`]); [`Dfa`] is the tabulated form used by
//! [`super::Constraint::Regular`].

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::cnf::{ClauseSink, Lit};

use super::bits::{Bit, Val, resolve};
use super::{Encoded, Guarded, VarId};

/// A deterministic finite automaton over the letters `0..alphabet`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dfa {
    /// The state before any letter.
    pub start: usize,
    /// `next[state][letter]`: the state after reading `letter` (`None`: the word is rejected).
    pub next: Vec<Vec<Option<usize>>>,
    /// `accepting[state]`: a word ending in `state` is accepted.
    pub accepting: Vec<bool>,
}

impl Dfa {
    /// Does the automaton accept `word`? Letters outside a state's row reject.
    pub fn accepts(&self, word: &[usize]) -> bool {
        let mut state = self.start;
        for &letter in word {
            match self
                .next
                .get(state)
                .and_then(|row| row.get(letter))
                .copied()
            {
                Some(Some(s)) => state = s,
                _ => return false,
            }
        }
        self.accepting.get(state).copied().unwrap_or(false)
    }
}

/// One arc of an unrolled automaton: from state `from` of a layer, on `letter`, to state `to`
/// of the next layer (indices into the layers' state lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Arc {
    pub(crate) from: usize,
    pub(crate) letter: usize,
    pub(crate) to: usize,
}

/// An automaton unrolled over a sequence of positions, with only live states kept.
#[derive(Debug, Clone)]
pub(crate) struct Layers<S> {
    /// `states[i]`: the live states after i letters (`len + 1` layers; all empty when no
    /// word is accepted).
    pub(crate) states: Vec<Vec<S>>,
    /// `arcs[i]`: the live arcs reading position i.
    pub(crate) arcs: Vec<Vec<Arc>>,
}

impl<S> Layers<S> {
    /// Does some word reach an accepting state?
    pub(crate) fn accepts_some(&self) -> bool {
        self.states.first().is_some_and(|l| !l.is_empty())
    }
}

/// Unrolls an automaton given by a step function over `alphabets.len()` positions, position i
/// reading the letters `alphabets[i]`. `step(i, state, letter)` is the state after reading
/// `letter` at position i, `None` when the word can no longer be accepted (a cheap forward
/// prune); `accept(state)` says whether a word may end in `state`.
pub(crate) fn unroll<S: Clone + Eq + Hash>(
    alphabets: &[Vec<usize>],
    start: S,
    mut step: impl FnMut(usize, &S, usize) -> Option<S>,
    accept: impl Fn(&S) -> bool,
) -> Layers<S> {
    // Forward: every reachable state, interned per layer. One index map serves every layer
    // (cleared, its table kept), and each layer's vectors are sized from the one before: the
    // growth was a good part of Hooks #4's build.
    let mut states: Vec<Vec<S>> = Vec::with_capacity(alphabets.len() + 1);
    states.push(vec![start]);
    let mut arcs: Vec<Vec<Arc>> = Vec::with_capacity(alphabets.len());
    // Fx rather than SipHash: the states are the front end's own small keys.
    let mut index: FxHashMap<S, usize> = FxHashMap::default();
    for (i, letters) in alphabets.iter().enumerate() {
        index.clear();
        let width = states[i].len();
        let mut next: Vec<S> = Vec::with_capacity(width);
        let mut layer_arcs = Vec::with_capacity(width * letters.len());
        for (from, s) in states[i].iter().enumerate() {
            for &letter in letters {
                let Some(t) = step(i, s, letter) else {
                    continue;
                };
                let to = *index.entry(t.clone()).or_insert_with(|| {
                    next.push(t);
                    next.len() - 1
                });
                layer_arcs.push(Arc { from, letter, to });
            }
        }
        states.push(next);
        arcs.push(layer_arcs);
    }
    // Backward: keep the states from which an accepting state is reached, renumbered.
    let len = alphabets.len();
    let mut live: Vec<bool> = states[len].iter().map(&accept).collect();
    let mut renumber: Vec<Vec<Option<usize>>> = vec![Vec::new(); len + 1];
    for i in (0..=len).rev() {
        if i < len {
            live = vec![false; states[i].len()];
            for a in &arcs[i] {
                if renumber[i + 1][a.to].is_some() {
                    live[a.from] = true;
                }
            }
        }
        let mut k = 0;
        renumber[i] = live
            .iter()
            .map(|&l| {
                l.then(|| {
                    k += 1;
                    k - 1
                })
            })
            .collect();
    }
    if renumber[0].first().copied().flatten().is_none() {
        return Layers {
            states: vec![Vec::new(); len + 1],
            arcs: vec![Vec::new(); len],
        };
    }
    let states = states
        .into_iter()
        .zip(&renumber)
        .map(|(layer, keep)| {
            layer
                .into_iter()
                .zip(keep)
                .filter_map(|(s, k)| k.map(|_| s))
                .collect()
        })
        .collect();
    let arcs = arcs
        .into_iter()
        .enumerate()
        .map(|(i, layer)| {
            layer
                .into_iter()
                .filter_map(|a| {
                    Some(Arc {
                        from: renumber[i][a.from]?,
                        letter: a.letter,
                        to: renumber[i + 1][a.to]?,
                    })
                })
                .collect()
        })
        .collect();
    reduce(Layers { states, arcs })
}

/// Merges, layer by layer from the last one back, the states with the same future: the same
/// letters leading to the same (merged) successors. Every state left can reach an accepting
/// one, so the last layer's states all accept the empty word and merge into one. The result is
/// the minimal layered automaton for the words the pruned one accepts; it is still
/// deterministic (one arc per letter from a state), so every word keeps exactly one path.
/// Each merged state keeps the first of its members as its label.
fn reduce<S>(layers: Layers<S>) -> Layers<S> {
    let Layers { states, arcs } = layers;
    let len = arcs.len();
    if states.iter().any(Vec::is_empty) {
        return Layers { states, arcs };
    }
    // class[i][q]: the merged state of layer i's state q.
    let mut class: Vec<Vec<usize>> = vec![Vec::new(); len + 1];
    class[len] = vec![0; states[len].len()];
    let mut merged_arcs: Vec<Vec<Arc>> = vec![Vec::new(); len];
    let mut keep: Vec<Vec<usize>> = vec![Vec::new(); len + 1];
    keep[len] = vec![0];
    // Each state's future as a slice of one flat buffer (arcs placed by their state, a
    // counting sort), interned by slice: no vector per state.
    let mut start: Vec<usize> = Vec::new();
    let mut future: Vec<(usize, usize)> = Vec::new();
    for i in (0..len).rev() {
        let width = states[i].len();
        start.clear();
        start.resize(width + 1, 0);
        for a in &arcs[i] {
            start[a.from + 1] += 1;
        }
        for q in 0..width {
            start[q + 1] += start[q];
        }
        future.clear();
        future.resize(arcs[i].len(), (0, 0));
        let mut fill = start.clone();
        for a in &arcs[i] {
            future[fill[a.from]] = (a.letter, class[i + 1][a.to]);
            fill[a.from] += 1;
        }
        for q in 0..width {
            future[start[q]..start[q + 1]].sort_unstable();
        }
        let mut index: FxHashMap<&[(usize, usize)], usize> =
            FxHashMap::with_capacity_and_hasher(width, Default::default());
        let mut layer_class = Vec::with_capacity(width);
        for q in 0..width {
            let out = &future[start[q]..start[q + 1]];
            let next = index.len();
            let merged = *index.entry(out).or_insert_with(|| {
                keep[i].push(q);
                merged_arcs[i].extend(out.iter().map(|&(letter, to)| Arc {
                    from: next,
                    letter,
                    to,
                }));
                next
            });
            layer_class.push(merged);
        }
        class[i] = layer_class;
    }
    let states = states
        .into_iter()
        .zip(&keep)
        .map(|(layer, keep)| {
            let mut layer: Vec<Option<S>> = layer.into_iter().map(Some).collect();
            keep.iter()
                .map(|&q| layer[q].take().expect("kept once"))
                .collect()
        })
        .collect();
    Layers {
        states,
        arcs: merged_arcs,
    }
}

/// The state values of an unrolled automaton: per layer, a fresh literal per state, or the
/// constant true where the layer has one state (all layers empty when no word is accepted).
/// Made before any clause is written, so the clauses may go straight to the formula that
/// hands out the literals.
fn state_vals<S>(layers: &Layers<S>, mut fresh: impl FnMut() -> Lit) -> Vec<Vec<Val>> {
    if !layers.accepts_some() {
        return layers.states.iter().map(|_| Vec::new()).collect();
    }
    layers
        .states
        .iter()
        .map(|layer| match layer.len() {
            1 => vec![Val::Const(true)],
            k => (0..k).map(|_| Val::Lit(fresh())).collect(),
        })
        .collect()
}

/// Writes the clauses of an unrolled automaton (see the module docs) over resolved letters
/// (`letters[i][a]`: position i holds letter a) and its [`state_vals`]; `add` takes each
/// clause. Every buffer is flat and reused across layers: hundreds of thousands of clauses
/// for Hooks #4.
fn write_clauses<S>(
    layers: &Layers<S>,
    letters: &[Vec<Val>],
    state: &[Vec<Val>],
    mut add: impl FnMut(&[Lit]),
) {
    let not = |v: Val| match v {
        Val::Const(b) => Val::Const(!b),
        Val::Lit(l) => Val::Lit(!l),
    };
    let mut lits: Vec<Lit> = Vec::new();
    let mut emit = |vals: &[Val]| emit(vals, &mut lits, &mut add);
    if !layers.accepts_some() {
        emit(&[]);
        return;
    }
    let mut clause: Vec<Val> = Vec::new();
    // has_arc[q * alphabet + a]: state q of the layer has a live arc on letter a.
    let mut has_arc: Vec<bool> = Vec::new();
    // The layer's arcs by target (a counting sort, stable): into_start[q'].. into_start[q'+1].
    let mut into_start: Vec<usize> = Vec::new();
    let mut into: Vec<usize> = Vec::new();
    let mut letters_in: Vec<usize> = Vec::new();
    for (i, arcs) in layers.arcs.iter().enumerate() {
        // The arcs come grouped by their source state (unroll and reduce write them so), so
        // the arcs into a state from one predecessor are consecutive in its group below.
        debug_assert!(arcs.windows(2).all(|w| w[0].from <= w[1].from));
        let letter = |a: usize| letters[i].get(a).copied().unwrap_or(Val::Const(false));
        let alphabet = letters[i].len();
        let (here, after) = (&state[i], &state[i + 1]);
        has_arc.clear();
        has_arc.resize(here.len() * alphabet, false);
        into_start.clear();
        into_start.resize(after.len() + 1, 0);
        for a in arcs {
            has_arc[a.from * alphabet + a.letter] = true;
            emit(&[not(here[a.from]), not(letter(a.letter)), after[a.to]]);
            into_start[a.to + 1] += 1;
        }
        for q in 0..after.len() {
            into_start[q + 1] += into_start[q];
        }
        into.clear();
        into.resize(arcs.len(), 0);
        let mut fill = into_start.clone();
        for (k, a) in arcs.iter().enumerate() {
            into[fill[a.to]] = k;
            fill[a.to] += 1;
        }
        // A state reads one of its arcs' letters (one clause per state rather than one per
        // missing arc: the letters of a position are exclusive).
        for (q, &s) in here.iter().enumerate() {
            let row = &has_arc[q * alphabet..(q + 1) * alphabet];
            clause.clear();
            clause.push(not(s));
            clause.extend((0..alphabet).filter(|&a| row[a]).map(letter));
            emit(&clause);
        }
        for (to, &s) in after.iter().enumerate() {
            let incoming = &into[into_start[to]..into_start[to + 1]];
            // The predecessors: runs of arcs with the same source.
            let groups = || incoming.chunk_by(|&x, &y| arcs[x].from == arcs[y].from);
            clause.clear();
            clause.push(not(s));
            clause.extend(groups().map(|g| here[arcs[g[0]].from]));
            emit(&clause);
            letters_in.clear();
            letters_in.extend(incoming.iter().map(|&k| arcs[k].letter));
            letters_in.sort_unstable();
            letters_in.dedup();
            clause.clear();
            clause.push(not(s));
            clause.extend(letters_in.iter().map(|&a| letter(a)));
            emit(&clause);
            // Came through q, then by one of the letters from q to here: with one state per
            // layer before, this fixes the state after.
            if groups().nth(1).is_some() {
                for g in groups() {
                    clause.clear();
                    clause.push(not(s));
                    clause.push(not(here[arcs[g[0]].from]));
                    clause.extend(g.iter().map(|&k| letter(arcs[k].letter)));
                    emit(&clause);
                }
            }
        }
        for a in 0..alphabet {
            clause.clear();
            clause.push(not(letter(a)));
            clause.extend(
                here.iter()
                    .enumerate()
                    .filter(|&(q, _)| has_arc[q * alphabet + a])
                    .map(|(_, &s)| s),
            );
            emit(&clause);
        }
    }
    for layer in state {
        emit(layer);
    }
}

/// A clause over values, built in `lits`: a true one drops the clause, false ones drop out.
fn emit(vals: &[Val], lits: &mut Vec<Lit>, add: &mut impl FnMut(&[Lit])) {
    lits.clear();
    for &v in vals {
        match v {
            Val::Const(true) => return,
            Val::Const(false) => {}
            Val::Lit(l) => lits.push(l),
        }
    }
    add(lits);
}

/// The letters of each position that may hold (not constant false).
fn alphabets(letters: &[Vec<Val>]) -> Vec<Vec<usize>> {
    letters
        .iter()
        .map(|row| {
            (0..row.len())
                .filter(|&a| row[a] != Val::Const(false))
                .collect()
        })
        .collect()
}

impl Encoded {
    /// Resolves the letter bits of each position against the formula.
    fn resolve_letters(&mut self, letters: &[Vec<Bit>]) -> Vec<Vec<Val>> {
        letters
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&b| resolve(&mut self.domains, &mut self.cnf, b))
                    .collect()
            })
            .collect()
    }

    /// The letters each position may hold, after resolving (for [`unroll`]'s alphabets).
    pub(crate) fn live_letters(&mut self, letters: &[Vec<Bit>]) -> Vec<Vec<usize>> {
        alphabets(&self.resolve_letters(letters))
    }

    /// Encodes an unrolled automaton over `letters` (`letters[i][a]`: position i holds letter
    /// a; the letters of a position must be exclusive and exhaustive). Returns, per layer, the
    /// bits "the automaton is in this state" (a constant where the layer has one state).
    pub(crate) fn regular<S>(&mut self, layers: &Layers<S>, letters: &[Vec<Bit>]) -> Vec<Vec<Bit>> {
        let vals = self.resolve_letters(letters);
        let states = state_vals(layers, || self.cnf.fresh_lit());
        write_clauses(layers, &vals, &states, |cl| self.cnf.add_clause(cl));
        states
            .into_iter()
            .map(|layer| {
                layer
                    .into_iter()
                    .map(|v| match v {
                        Val::Const(b) => Bit::Const(b),
                        Val::Lit(l) => self.push_bool(l),
                    })
                    .collect()
            })
            .collect()
    }

    /// [`super::Constraint::Regular`]: the values of `vars` spell a word `dfa` accepts; every
    /// clause goes through the sink (so it may be guarded), the value literals it reads are
    /// made (and defined) in the formula first.
    pub(super) fn regular_into(&mut self, sink: &mut Guarded<'_>, vars: &[VarId], dfa: &Dfa) {
        let letters: Vec<Vec<Val>> = vars
            .iter()
            .map(|&v| {
                (0..self.domains[v].size())
                    .map(|a| resolve(&mut self.domains, sink.cnf, Bit::is(v, a)))
                    .collect()
            })
            .collect();
        let layers = unroll(
            &alphabets(&letters),
            dfa.start,
            |_, &s, a| dfa.next.get(s)?.get(a).copied().flatten(),
            |&s| dfa.accepting.get(s).copied().unwrap_or(false),
        );
        let states = state_vals(&layers, || sink.cnf.fresh_lit());
        write_clauses(&layers, &letters, &states, |cl| sink.add(cl));
    }
}

#[cfg(test)]
#[path = "regular_plain.rs"]
mod plain;

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting the letters read so far mod 4 over a 3-letter word, accepting any count: the
    /// states differ but every one has the same future, so each layer reduces to one state
    /// with an arc per letter. Remembering the last letter too, accepting when it is a 1: still
    /// one state per layer, and the last position reads only the 1.
    #[test]
    fn states_with_the_same_future_merge() {
        let alphabets = vec![vec![0, 1]; 3];
        let counting = unroll(
            &alphabets,
            0u8,
            |_, &s, a| Some((s + a as u8) % 4),
            |_| true,
        );
        assert!(counting.states.iter().all(|layer| layer.len() == 1));
        assert!(counting.arcs.iter().all(|layer| layer.len() == 2));
        let ends_on_one = unroll(
            &alphabets,
            (0u8, false),
            |_, &(s, _), a| Some(((s + a as u8) % 4, a == 1)),
            |&(_, last)| last,
        );
        let widths: Vec<usize> = ends_on_one.states.iter().map(Vec::len).collect();
        assert_eq!(widths, vec![1, 1, 1, 1]);
        assert_eq!(ends_on_one.arcs[2].len(), 1, "only a 1 ends the word");
    }

    /// A small deterministic generator (splitmix64), so the random automata are the same on
    /// every run.
    struct Mix(u64);

    impl Mix {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) % n
        }
    }

    /// The flat build writes the same layers and the same clauses, in the same order, as the
    /// plain one, over random position-dependent automata (some letters constant, some
    /// missing, some words all rejected), so the formula and the solver's path are unchanged.
    #[test]
    fn flat_build_matches_the_plain_one_clause_for_clause() {
        let mut rng = Mix(7);
        let mut clauses_seen = 0;
        for _ in 0..400 {
            let len = 1 + rng.below(6) as usize;
            let alphabet = 1 + rng.below(4) as usize;
            let states = 1 + rng.below(6) as u8;
            // table[i][s][a]: the state after letter a at position i (states: no arc).
            let table: Vec<Vec<Vec<u8>>> = (0..len)
                .map(|_| {
                    (0..states)
                        .map(|_| {
                            (0..alphabet)
                                .map(|_| rng.below(u64::from(states) + 1) as u8)
                                .collect()
                        })
                        .collect()
                })
                .collect();
            let accepting: Vec<bool> = (0..states).map(|_| rng.below(3) == 0).collect();
            let mut var = 0;
            let letters: Vec<Vec<Val>> = (0..len)
                .map(|_| {
                    (0..alphabet)
                        .map(|_| match rng.below(8) {
                            0 => Val::Const(false),
                            1 => Val::Const(true),
                            _ => {
                                var += 1;
                                Val::Lit(Lit::positive(var))
                            }
                        })
                        .collect()
                })
                .collect();
            let alphabets = alphabets(&letters);
            let step = |i: usize, &s: &u8, a: usize| {
                let t = table[i][usize::from(s)][a];
                (t < states).then_some(t)
            };
            let accept = |&s: &u8| accepting[usize::from(s)];
            let flat = unroll(&alphabets, 0u8, step, accept);
            let plain = plain::unroll_plain(&alphabets, 0u8, step, accept);
            assert_eq!(flat.states, plain.states);
            assert_eq!(flat.arcs, plain.arcs);

            let first_state_var = var + 1;
            let mut next = first_state_var;
            let mut fresh = || {
                next += 1;
                Lit::positive(next - 1)
            };
            let states_flat = state_vals(&flat, &mut fresh);
            let mut written_flat: Vec<Vec<Lit>> = Vec::new();
            write_clauses(&flat, &letters, &states_flat, |cl| {
                written_flat.push(cl.to_vec())
            });
            let mut next = first_state_var;
            let mut written_plain: Vec<Vec<Lit>> = Vec::new();
            let states_plain = plain::write_layers_plain(
                &plain,
                &letters,
                || {
                    next += 1;
                    Lit::positive(next - 1)
                },
                |cl| written_plain.push(cl.to_vec()),
            );
            assert_eq!(states_flat, states_plain);
            assert_eq!(written_flat, written_plain);
            clauses_seen += written_flat.len();
        }
        assert!(clauses_seen > 1000, "the random automata wrote clauses");
    }
}
