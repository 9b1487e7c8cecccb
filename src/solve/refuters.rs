//! The known answers of one exhaustive search ([`crate::solve::rounds`]) as bit sets, so that
//! most sets of clues are shown to force nothing without a solve. An answer that fits the
//! known facts, meets a set of clues and breaks a fact shows that the set does not force
//! that fact: the clues it breaks form a correction set, which every set forcing the fact
//! must hit. A set all of whose unknown facts are broken so is skipped.

use std::collections::VecDeque;

use crate::solve::steps::Fact;
use crate::solve::witness::Witness;

/// Most clues not yet spent that [`Refuters`] holds (one bit each).
pub(super) const MAX_LIVE: usize = 128;

/// A set of the answers a [`Refuters`] holds, as bits (bit `w`: its `w`th answer); words past
/// the end are empty. A set of clues' meeting answers is one AND per clue.
pub(super) type AnswerSet = Vec<u64>;

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
    /// Per unknown fact, the answers that break it, for the facts the first few answers
    /// of a set leave unbroken ([`cover`]).
    breaking_fact: Vec<AnswerSet>,
    /// The stepper's count of answers remembered when these were last brought up to date.
    seen: usize,
    /// [`cover`]'s scratch: the facts broken by the answers gathered so far.
    covered: Vec<u64>,
    /// [`Refuters::refutes_every_growth`]'s scratch: the answers it looks at (kept so that
    /// each call reuses the allocation).
    growth_answers: AnswerSet,
    /// Per live clue, the answers that meet it.
    meeting_clue: Vec<AnswerSet>,
    /// Per live clue, the answers that meet every live clue after it.
    meeting_later: Vec<AnswerSet>,
}

impl Refuters {
    pub(super) fn new(live: Vec<usize>, facts: Vec<Fact>, seen: usize) -> Refuters {
        let n = live.len();
        let words = facts.len().div_ceil(64);
        let mut all = vec![0u64; words];
        for j in 0..facts.len() {
            all[j / 64] |= 1 << (j % 64);
        }
        Refuters {
            live,
            breaking_fact: vec![Vec::new(); facts.len()],
            facts,
            breaks_clues: Vec::new(),
            breaks_facts: Vec::new(),
            words,
            covered: vec![0; words],
            growth_answers: Vec::new(),
            all,
            seen,
            meeting_clue: vec![Vec::new(); n],
            meeting_later: vec![Vec::new(); n],
        }
    }

    pub(super) fn add(&mut self, w: &Witness) {
        let mut clues = 0u128;
        for (i, &c) in self.live.iter().enumerate() {
            if !w.meets_all(&[c]) {
                clues |= 1 << i;
            }
        }
        let answer = self.breaks_clues.len();
        let mut facts = vec![0u64; self.words];
        for (j, &f) in self.facts.iter().enumerate() {
            if w.breaks(f) {
                facts[j / 64] |= 1 << (j % 64);
                insert(&mut self.breaking_fact[j], answer);
            }
        }
        // Past the last clue it breaks, it meets every later one.
        let last_broken = (u128::BITS - clues.leading_zeros()).saturating_sub(1) as usize;
        for (i, (meeting, later)) in self
            .meeting_clue
            .iter_mut()
            .zip(&mut self.meeting_later)
            .enumerate()
        {
            if clues & (1 << i) == 0 {
                insert(meeting, answer);
            }
            if i >= last_broken {
                insert(later, answer);
            }
        }
        self.breaks_clues.push(clues);
        self.breaks_facts.extend(facts);
    }

    /// Adds the answers remembered since the last call: the last ones of `witnesses` (the
    /// stepper's, `remembered` in all).
    pub(super) fn catch_up(&mut self, witnesses: &VecDeque<Witness>, remembered: usize) {
        let new = (remembered - self.seen).min(witnesses.len());
        for w in witnesses.range(witnesses.len() - new..) {
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
    pub(super) fn meets(&self, w: usize, i: usize) -> bool {
        self.breaks_clues[w] & (1 << i) == 0
    }

    /// Every answer held.
    pub(super) fn every_answer(&self) -> AnswerSet {
        let mut all = vec![u64::MAX; self.len() / 64];
        if !self.len().is_multiple_of(64) {
            all.push((1 << (self.len() % 64)) - 1);
        }
        all
    }

    /// Into `meeting_too`, the answers of `meeting` that also meet live clue `i`.
    pub(super) fn meeting_also(&self, meeting: &[u64], i: usize, meeting_too: &mut AnswerSet) {
        meeting_too.clear();
        meeting_too.extend(
            meeting
                .iter()
                .zip(&self.meeting_clue[i])
                .map(|(&a, &b)| a & b),
        );
    }

    /// Whether the answers `meeting` (those that meet the beginning of a set, whose last
    /// pick is `last`) that also meet every live clue after `last` break every unknown fact:
    /// then no set that grows from that beginning forces anything.
    pub(super) fn refutes_every_growth(&mut self, meeting: &[u64], last: usize) -> bool {
        let later = &self.meeting_later[last];
        self.growth_answers.clear();
        let answers = meeting.iter().zip(later).map(|(&a, &b)| a & b);
        self.growth_answers.extend(answers);
        cover(
            &mut self.covered,
            &self.breaks_facts,
            &self.breaking_fact,
            &self.all,
            &self.growth_answers,
        )
    }

    /// The unknown facts that none of the answers `meeting` (those that meet a set of
    /// clues) breaks, or None when there are none (the set forces nothing).
    pub(super) fn unrefuted(&mut self, meeting: &[u64]) -> Option<Vec<Fact>> {
        if cover(
            &mut self.covered,
            &self.breaks_facts,
            &self.breaking_fact,
            &self.all,
            meeting,
        ) {
            return None;
        }
        let left = self
            .facts
            .iter()
            .zip(&self.breaking_fact)
            .filter(|(_, breaking)| !meets_any(meeting, breaking))
            .map(|(&f, _)| f)
            .collect();
        Some(left)
    }
}

/// Adds answer `w` to `set`.
pub(super) fn insert(set: &mut AnswerSet, w: usize) {
    if set.len() <= w / 64 {
        set.resize(w / 64 + 1, 0);
    }
    set[w / 64] |= 1 << (w % 64);
}

/// Answers whose facts [`cover`] gathers one by one before it turns to the facts left.
const GATHERED_ANSWERS: usize = 64;

/// Marks in `covered` the unknown facts broken by the answers of the set `answers`
/// (`breaks_facts`: per answer, its facts, `all.len()` words; `breaking_fact`: per fact, its
/// answers; `all`: every fact's bit); true when every fact is broken (else `covered` holds
/// only part of the answers' facts). The first few answers cover most facts; each fact
/// they leave is then looked up among all of the set's answers.
fn cover(
    covered: &mut [u64],
    breaks_facts: &[u64],
    breaking_fact: &[AnswerSet],
    all: &[u64],
    answers: &[u64],
) -> bool {
    let words = all.len();
    covered.fill(0);
    let mut gathered = 0;
    'gather: for (k, &word) in answers.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            if gathered == GATHERED_ANSWERS {
                break 'gather;
            }
            gathered += 1;
            let w = k * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let facts = &breaks_facts[w * words..(w + 1) * words];
            let mut every = true;
            for ((c, &f), &a) in covered.iter_mut().zip(facts).zip(all) {
                *c |= f;
                every &= *c == a;
            }
            if every {
                return true;
            }
        }
    }
    covered.iter().zip(all).enumerate().all(|(i, (&c, &a))| {
        let mut left = a & !c;
        while left != 0 {
            let j = i * 64 + left.trailing_zeros() as usize;
            left &= left - 1;
            if !meets_any(answers, &breaking_fact[j]) {
                return false;
            }
        }
        true
    })
}

/// Whether two sets of answers share one.
fn meets_any(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(&x, &y)| x & y != 0)
}
