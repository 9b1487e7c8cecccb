//! The one relation vocabulary of row puzzles: where a value stands relative to another (or to
//! the row), and whether that holds at given places. Grids (`grid`), the Inquest's statements
//! and the Jindosh text reader all decide "does this relation hold" here.
//!
//! Places are 0-based, `0..n`, first to last. Distances come from user input and may be any
//! `usize`: the arithmetic is unsigned and checked, so a distance longer than the row simply
//! never holds (an impossible clue), it never wraps around.

/// How the place `pa` of a value stands to the place `pb` of another (or, for the unary ones,
/// to the row of `n` places; `pb` is then ignored).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Rel {
    /// The same place.
    Same,
    /// Different places.
    NotSame,
    /// Directly before (one place lower).
    LeftOf,
    /// Directly after.
    RightOf,
    /// Somewhere before.
    SomewhereLeftOf,
    /// Somewhere after.
    SomewhereRightOf,
    /// Neighbours.
    NextTo,
    /// Exactly k places apart, either way.
    Distance(usize),
    /// Exactly k places before.
    LeftBy(usize),
    /// Exactly k places after.
    RightBy(usize),
    /// At the given 0-based place (unary).
    At(usize),
    /// Not at the given 0-based place (unary).
    NotAt(usize),
    /// At the first or the last place (unary).
    AtEnd,
}

impl Rel {
    /// Does the relation involve only one value (`pb` is ignored)?
    #[expect(dead_code, reason = "was public API; unused in the crate (issue 9)")]
    pub(crate) fn is_unary(self) -> bool {
        matches!(self, Rel::At(_) | Rel::NotAt(_) | Rel::AtEnd)
    }

    /// The fixed distance `pb - pa` the relation ties its two values at, if it does and the
    /// distance is below `n` (a longer one cannot hold in a row of `n`).
    pub(crate) fn tie(self, n: usize) -> Option<i64> {
        let short = |k: usize| (k < n).then(|| i64::try_from(k).ok()).flatten();
        match self {
            Rel::Same => Some(0),
            Rel::LeftOf => Some(1),
            Rel::RightOf => Some(-1),
            Rel::LeftBy(k) => short(k),
            Rel::RightBy(k) => short(k).map(|d| -d),
            _ => None,
        }
    }
}

/// Does `rel` hold when the first value is at place `pa` and the second at `pb`, in a row of
/// `n` places? Never overflows, whatever the distances.
pub(crate) fn holds(rel: Rel, pa: usize, pb: usize, n: usize) -> bool {
    match rel {
        Rel::Same => pa == pb,
        Rel::NotSame => pa != pb,
        Rel::LeftOf => pa.checked_add(1) == Some(pb),
        Rel::RightOf => pb.checked_add(1) == Some(pa),
        Rel::SomewhereLeftOf => pa < pb,
        Rel::SomewhereRightOf => pa > pb,
        Rel::NextTo => pa.abs_diff(pb) == 1,
        Rel::Distance(k) => pa.abs_diff(pb) == k,
        Rel::LeftBy(k) => pa.checked_add(k) == Some(pb),
        Rel::RightBy(k) => pb.checked_add(k) == Some(pa),
        Rel::At(p) => pa == p,
        Rel::NotAt(p) => pa != p,
        Rel::AtEnd => pa == 0 || pa.checked_add(1) == Some(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_distances_never_hold_and_never_wrap() {
        for k in [5, 6, usize::MAX, usize::MAX - 1, 1 << 63, (1 << 63) + 1] {
            for rel in [Rel::LeftBy(k), Rel::RightBy(k), Rel::Distance(k)] {
                for pa in 0..5 {
                    for pb in 0..5 {
                        assert!(!holds(rel, pa, pb, 5), "{rel:?} at {pa},{pb}");
                    }
                }
                assert!(!holds(rel, usize::MAX, 0, 5) || k == usize::MAX);
            }
            assert_eq!(Rel::LeftBy(k).tie(5), None);
        }
        assert!(holds(Rel::LeftBy(2), 1, 3, 5));
        assert!(holds(Rel::RightBy(2), 3, 1, 5));
        assert!(holds(Rel::Distance(2), 3, 1, 5));
        assert!(holds(Rel::AtEnd, 4, 0, 5));
        assert_eq!(Rel::RightBy(4).tie(5), Some(-4));
    }
}
