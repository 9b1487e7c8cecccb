//! The known answers of one exhaustive search ([`crate::solve::rounds`]) as bit sets, so that
//! most sets of clues are shown to force nothing without a solve. An answer that fits the
//! known facts, meets a set of clues and breaks a fact shows that the set does not force
//! that fact: the clues it breaks form a correction set, which every set forcing the fact
//! must hit. A set all of whose unknown facts are broken so is skipped.

use crate::solve::steps::Fact;
use crate::solve::witness::Witness;

/// Most clues not yet spent that [`Refuters`] holds (one bit each).
pub(super) const MAX_LIVE: usize = 128;

/// The witness answers of one search as bit sets: which of the clues not yet spent each
/// breaks, and which of the unknown facts. When every unknown fact is broken by some answer
/// that meets a set of clues, the set forces nothing, and no solve is needed to say so: an
/// answer is a correction set that every set forcing the facts it breaks must hit.
pub(super) struct Refuters {
    /// The clues not yet spent (bit `i`: `live[i]`).
    live: Vec<usize>,
    /// The unknown facts (bit `j`: `facts[j]`).
    facts: Vec<Fact>,
    /// Per answer, the live clues it breaks.
    breaks_clues: Vec<u128>,
    /// Per answer, `words` words: the facts it breaks.
    breaks_facts: Vec<u64>,
    words: usize,
    /// Every fact's bit.
    all: Vec<u64>,
    /// The stepper's count of answers remembered when these were last brought up to date.
    seen: usize,
    /// The facts broken so far, for [`Refuters::unrefuted`].
    covered: Vec<u64>,
}

impl Refuters {
    pub(super) fn new(live: Vec<usize>, facts: Vec<Fact>, seen: usize) -> Refuters {
        let words = facts.len().div_ceil(64);
        let mut all = vec![0u64; words];
        for j in 0..facts.len() {
            all[j / 64] |= 1 << (j % 64);
        }
        Refuters {
            live,
            facts,
            breaks_clues: Vec::new(),
            breaks_facts: Vec::new(),
            words,
            covered: vec![0; words],
            all,
            seen,
        }
    }

    pub(super) fn add(&mut self, w: &Witness) {
        let mut clues = 0u128;
        for (i, &c) in self.live.iter().enumerate() {
            if !w.meets_all(&[c]) {
                clues |= 1 << i;
            }
        }
        let mut facts = vec![0u64; self.words];
        for (j, &f) in self.facts.iter().enumerate() {
            if w.breaks(f) {
                facts[j / 64] |= 1 << (j % 64);
            }
        }
        self.breaks_clues.push(clues);
        self.breaks_facts.extend(facts);
    }

    /// Adds the answers remembered since the last call: the last ones of `witnesses` (the
    /// stepper's, `remembered` in all).
    pub(super) fn catch_up(&mut self, witnesses: &[Witness], remembered: usize) {
        let new = (remembered - self.seen).min(witnesses.len());
        for w in &witnesses[witnesses.len() - new..] {
            self.add(w);
        }
        self.seen = remembered;
    }

    /// The unknown facts (bit `j`: `facts()[j]`).
    pub(super) fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// The correction sets of unknown fact `j` given by the answers from the `from`th on:
    /// per answer that breaks it, the live clues it breaks (bit `i`: `live[i]`). A set of
    /// clues forcing the fact hits every one.
    pub(super) fn correction_sets_from(
        &self,
        j: usize,
        from: usize,
    ) -> impl Iterator<Item = u128> + '_ {
        (from..self.len())
            .filter(move |&w| self.breaks_facts[w * self.words + j / 64] & (1 << (j % 64)) != 0)
            .map(|w| self.breaks_clues[w])
    }

    /// How many answers it holds.
    pub(super) fn len(&self) -> usize {
        self.breaks_clues.len()
    }

    /// Whether answer `w` meets live clue `i`.
    pub(super) fn meets(&self, w: u32, i: usize) -> bool {
        self.breaks_clues[w as usize] & (1 << i) == 0
    }

    /// Whether the answers `meeting` (those that meet the beginning of a set, whose last
    /// pick is `last`) that also meet every live clue after `last` break every unknown fact:
    /// then no set that grows from that beginning forces anything.
    pub(super) fn refutes_every_growth(&mut self, meeting: &[u32], last: usize) -> bool {
        let later = !((1u128 << last << 1).wrapping_sub(1));
        self.cover(meeting, later)
    }

    /// The unknown facts that none of the answers `meeting` (those that meet a set of
    /// clues) breaks, or None when there are none (the set forces nothing).
    pub(super) fn unrefuted(&mut self, meeting: &[u32]) -> Option<Vec<Fact>> {
        if self.cover(meeting, 0) {
            return None;
        }
        let left = (0..self.facts.len())
            .filter(|&j| self.covered[j / 64] & (1 << (j % 64)) == 0)
            .map(|j| self.facts[j])
            .collect();
        Some(left)
    }

    /// Marks in `covered` the unknown facts broken by the answers `meeting`, skipping an
    /// answer that breaks one of the clues `skipped`; true as soon as every fact is marked
    /// (`covered` then holds only part of the answers' facts).
    fn cover(&mut self, meeting: &[u32], skipped: u128) -> bool {
        let words = self.words;
        self.covered.fill(0);
        for &w in meeting {
            let w = w as usize;
            if self.breaks_clues[w] & skipped != 0 {
                continue;
            }
            let facts = &self.breaks_facts[w * words..(w + 1) * words];
            let mut all = true;
            for ((c, &f), &a) in self.covered.iter_mut().zip(facts).zip(&self.all) {
                *c |= f;
                all &= *c == a;
            }
            if all {
                return true;
            }
        }
        false
    }
}
