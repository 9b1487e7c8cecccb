//! Values that clues tie at a fixed distance (`same`, `left_of`, `right_of`, `left_by`,
//! `right_by`) become one variable of the solving model: the group's place, with each value at
//! its offset. A rigid chain of five values is then one decision for the solver instead of five
//! variables linked by binary clauses; on generated 30- and 50-position puzzles this is the
//! largest single saving (see `benches/grid_scale.rs`).

use std::collections::HashMap;

use super::{Clue, Relation};

/// The distance a clue ties its two values at: `(a, b, d)` with `pos(b) - pos(a) = d`. A
/// distance of `n` or more in a row of `n` ties nothing (the clue is impossible, and stays a
/// constraint for the solver to refute).
pub(crate) fn tie_of(clue: &Clue, n: usize) -> Option<(&str, &str, i64)> {
    if clue.not {
        return None;
    }
    let d = clue.relation.rel()?.tie(n)?;
    match &clue.relation {
        Relation::Same { a, b }
        | Relation::LeftOf { a, b }
        | Relation::RightOf { a, b }
        | Relation::LeftBy { a, b, .. }
        | Relation::RightBy { a, b, .. } => Some((a, b, d)),
        _ => None,
    }
}

/// Groups of tied values, over values numbered category by category.
pub(crate) struct Ties {
    /// The group of each value (a value number standing for the group).
    pub(crate) group: Vec<usize>,
    /// Each value's place minus its group's leftmost value's place.
    pub(crate) offset: Vec<usize>,
    /// Per group: the largest offset (the group needs `span + 1` consecutive places).
    pub(crate) span: HashMap<usize, usize>,
    /// The number of places in the row.
    pub(crate) places: usize,
}

impl Ties {
    /// Every value on its own.
    pub(crate) fn none(values: usize, places: usize) -> Ties {
        Ties {
            places,
            group: (0..values).collect(),
            offset: vec![0; values],
            span: (0..values).map(|v| (v, 0)).collect(),
        }
    }

    /// Ties the values as the clues say, skipping a tie that would put two values of one
    /// category at one place, contradict the group's distances, or need more than `n` places
    /// (such clues stay ordinary constraints, and the solver finds the contradiction).
    pub(crate) fn from_clues(
        clues: &[Clue],
        number: &HashMap<&str, usize>,
        category: &[usize],
        n: usize,
    ) -> Ties {
        let values = category.len();
        let mut group: Vec<usize> = (0..values).collect();
        let mut rel: Vec<i64> = vec![0; values];
        let mut members: HashMap<usize, Vec<usize>> = (0..values).map(|v| (v, vec![v])).collect();
        for clue in clues {
            let Some((a, b, d)) = tie_of(clue, n) else {
                continue;
            };
            let (Some(&a), Some(&b)) = (number.get(a), number.get(b)) else {
                continue;
            };
            let (ga, gb) = (group[a], group[b]);
            if ga == gb {
                continue;
            }
            // Moving b's group so that pos(b) - pos(a) = d shifts its members by `shift`.
            let shift = d + rel[a] - rel[b];
            let moved = &members[&gb];
            let kept = &members[&ga];
            let clash = moved.iter().any(|&m| {
                kept.iter()
                    .any(|&k| category[k] == category[m] && rel[k] == rel[m] + shift)
            });
            let places = kept.iter().map(|&k| rel[k]);
            let all = places.chain(moved.iter().map(|&m| rel[m] + shift));
            let (lo, hi) = all.fold((i64::MAX, i64::MIN), |(l, h), r| (l.min(r), h.max(r)));
            if clash || hi - lo >= n as i64 {
                continue;
            }
            let moved = members.remove(&gb).unwrap_or_default();
            for &m in &moved {
                rel[m] += shift;
                group[m] = ga;
            }
            members.entry(ga).or_default().extend(moved);
        }
        let mut offset = vec![0; values];
        let mut span = HashMap::new();
        for (g, ms) in &members {
            let lo = ms.iter().map(|&m| rel[m]).min().unwrap_or(0);
            for &m in ms {
                offset[m] = (rel[m] - lo) as usize;
            }
            span.insert(*g, ms.iter().map(|&m| offset[m]).max().unwrap_or(0));
        }
        Ties {
            group,
            offset,
            span,
            places: n,
        }
    }

    /// Does the grouping already state this clue (its two values in one group at its
    /// distance)?
    pub(crate) fn states(&self, clue: &Clue, number: &HashMap<&str, usize>) -> bool {
        let Some((a, b, d)) = tie_of(clue, self.places) else {
            return false;
        };
        let (Some(&a), Some(&b)) = (number.get(a), number.get(b)) else {
            return false;
        };
        self.group[a] == self.group[b] && self.offset[b] as i64 - self.offset[a] as i64 == d
    }
}
