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

use crate::cnf::{ClauseSink, Clauses, Cnf, Lit};

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
    // Forward: every reachable state, interned per layer.
    let mut states: Vec<Vec<S>> = vec![vec![start]];
    let mut arcs: Vec<Vec<Arc>> = Vec::with_capacity(alphabets.len());
    for (i, letters) in alphabets.iter().enumerate() {
        // Fx rather than SipHash: the states are the front end's own small keys, and hashing
        // them was a good part of Hooks #4's build.
        let mut index: FxHashMap<S, usize> = FxHashMap::default();
        let mut next: Vec<S> = Vec::new();
        let mut layer_arcs = Vec::new();
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
    for i in (0..len).rev() {
        let mut future: Vec<Vec<(usize, usize)>> = vec![Vec::new(); states[i].len()];
        for a in &arcs[i] {
            future[a.from].push((a.letter, class[i + 1][a.to]));
        }
        let mut index: FxHashMap<Vec<(usize, usize)>, usize> = FxHashMap::default();
        class[i] = future
            .into_iter()
            .enumerate()
            .map(|(q, mut out)| {
                out.sort_unstable();
                if let Some(&merged) = index.get(&out) {
                    return merged;
                }
                let next = index.len();
                keep[i].push(q);
                merged_arcs[i].extend(out.iter().map(|&(letter, to)| Arc {
                    from: next,
                    letter,
                    to,
                }));
                index.insert(out, next);
                next
            })
            .collect();
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

/// Writes the clauses of an unrolled automaton (see the module docs) over resolved letters
/// (`letters[i][a]`: position i holds letter a). `fresh` makes a state variable, `add` takes
/// each clause. Returns the state of each layer, as a literal or a constant.
fn write_layers<S>(
    layers: &Layers<S>,
    letters: &[Vec<Val>],
    mut fresh: impl FnMut() -> Lit,
    mut add: impl FnMut(&[Lit]),
) -> Vec<Vec<Val>> {
    let not = |v: Val| match v {
        Val::Const(b) => Val::Const(!b),
        Val::Lit(l) => Val::Lit(!l),
    };
    // One buffer for every clause: hundreds of thousands of them for Hooks #4.
    let mut buffer: Vec<Lit> = Vec::new();
    let mut emit = |vals: &[Val]| emit(vals, &mut buffer, &mut add);
    if !layers.accepts_some() {
        emit(&[]);
        return layers.states.iter().map(|_| Vec::new()).collect();
    }
    let state: Vec<Vec<Val>> = layers
        .states
        .iter()
        .map(|layer| match layer.len() {
            1 => vec![Val::Const(true)],
            k => (0..k).map(|_| Val::Lit(fresh())).collect(),
        })
        .collect();
    for (i, arcs) in layers.arcs.iter().enumerate() {
        let letter = |a: usize| letters[i].get(a).copied().unwrap_or(Val::Const(false));
        let alphabet = letters[i].len();
        // has_arc[q][a]
        let mut has_arc = vec![vec![false; alphabet]; state[i].len()];
        // into[q']: each predecessor with the letters leading from it to q'.
        let mut into: Vec<Vec<(usize, Vec<usize>)>> = vec![Vec::new(); state[i + 1].len()];
        for a in arcs {
            has_arc[a.from][a.letter] = true;
            emit(&[
                not(state[i][a.from]),
                not(letter(a.letter)),
                state[i + 1][a.to],
            ]);
            match into[a.to].iter_mut().find(|(p, _)| *p == a.from) {
                Some((_, by)) => by.push(a.letter),
                None => into[a.to].push((a.from, vec![a.letter])),
            }
        }
        // A state reads one of its arcs' letters (one clause per state rather than one per
        // missing arc: the letters of a position are exclusive).
        for (q, row) in has_arc.iter().enumerate() {
            let mut out: Vec<Val> = vec![not(state[i][q])];
            out.extend((0..alphabet).filter(|&a| row[a]).map(letter));
            emit(&out);
        }
        for (to, &s) in state[i + 1].iter().enumerate() {
            let mut from: Vec<Val> = vec![not(s)];
            from.extend(into[to].iter().map(|&(q, _)| state[i][q]));
            emit(&from);
            let mut letters_in: Vec<usize> =
                into[to].iter().flat_map(|(_, by)| by.clone()).collect();
            letters_in.sort_unstable();
            letters_in.dedup();
            let mut by: Vec<Val> = vec![not(s)];
            by.extend(letters_in.iter().map(|&a| letter(a)));
            emit(&by);
            // Came through q, then by one of the letters from q to here: with one state per
            // layer before, this fixes the state after.
            if into[to].len() > 1 {
                for (q, by) in &into[to] {
                    let mut cl: Vec<Val> = vec![not(s), not(state[i][*q])];
                    cl.extend(by.iter().map(|&a| letter(a)));
                    emit(&cl);
                }
            }
        }
        for a in 0..alphabet {
            let mut support: Vec<Val> = vec![not(letter(a))];
            support.extend(
                has_arc
                    .iter()
                    .zip(&state[i])
                    .filter(|(row, _)| row[a])
                    .map(|(_, &s)| s),
            );
            emit(&support);
        }
    }
    for layer in &state {
        emit(layer);
    }
    state
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
        let mut clauses = Clauses::default();
        let cnf = &mut self.cnf;
        let states = write_layers(
            layers,
            &vals,
            || cnf.fresh_lit(),
            |cl| clauses.add_clause(cl),
        );
        for cl in clauses.iter() {
            self.cnf.add_clause(cl);
        }
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
        let mut clauses: Vec<Vec<Lit>> = Vec::new();
        let cnf: &mut Cnf = sink.cnf;
        write_layers(
            &layers,
            &letters,
            || cnf.fresh_lit(),
            |cl| clauses.push(cl.to_vec()),
        );
        for cl in &clauses {
            sink.add(cl);
        }
    }
}

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
}
