//! Named options: an encoding, a sum's encoder, a generator's rule. A front end lists
//! [`Choice::choices`] with their [`Choice::about`] lines and reads one back by
//! [`Choice::from_name`], so the library needs no argument parser (the command line builds its
//! flags from this trait).

/// A closed set of options, each with a stable name (used on the command line, in JSON and in
/// DIMACS headers) and one line for people.
pub trait Choice: Copy + Eq + Default + Send + Sync + 'static {
    /// Every option, in the order to list them.
    fn choices() -> &'static [Self];

    /// The option's name: lower case, no spaces (`onehot`, `seqcounter`).
    fn name(self) -> &'static str;

    /// One line on what the option does, for help texts.
    fn about(self) -> &'static str;

    /// The option called `name`, if there is one.
    fn from_name(name: &str) -> Option<Self> {
        Self::choices().iter().copied().find(|c| c.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::Choice;
    use crate::encode::{Amo, Card, Encoding, Pb};
    use crate::puzzles::hooks::Connectivity;
    use crate::puzzles::inquest::Length;
    use crate::puzzles::portia::catalogue::{Rule, Strategy};

    /// Names are unique, read back to the same option, and the default is listed.
    fn round_trips<C: Choice + std::fmt::Debug>() {
        let all = C::choices();
        assert!(all.contains(&C::default()), "{:?} not listed", C::default());
        for (i, &c) in all.iter().enumerate() {
            assert_eq!(C::from_name(c.name()), Some(c));
            assert!(!c.about().is_empty(), "{c:?} has no help line");
            assert!(
                all[..i].iter().all(|&d| d.name() != c.name()),
                "{} twice",
                c.name()
            );
        }
        assert_eq!(C::from_name("no-such-option"), None);
    }

    #[test]
    fn every_choice_round_trips_by_name() {
        round_trips::<Encoding>();
        round_trips::<Amo>();
        round_trips::<Card>();
        round_trips::<Pb>();
        round_trips::<Connectivity>();
        round_trips::<Length>();
        round_trips::<Rule>();
        round_trips::<Strategy>();
    }
}
