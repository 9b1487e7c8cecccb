//! The regular constraint's build written the plain way (a vector per state's future, a
//! vector per predecessor, every clause collected before it is added): the route the flat
//! one in `regular.rs` must match clause for clause, kept for its tests only.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::{Arc, Layers, emit};
use crate::cnf::Lit;
use crate::model::bits::Val;

pub(super) fn unroll_plain<S: Clone + Eq + Hash>(
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
    reduce_plain(Layers { states, arcs })
}

fn reduce_plain<S>(layers: Layers<S>) -> Layers<S> {
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

pub(super) fn write_layers_plain<S>(
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
