//! The one size check of a grid: from its counts alone (positions, categories), before any
//! model is built or encoded. Every road to a formula goes through it: building a model checks
//! that some encoding fits (so a row of 10,000 positions is refused before each of its 10,000
//! variables gets its own list of 10,000 position labels), and solving, counting, exporting,
//! proving, explaining and the server check the encoding they will use.

use crate::choice::Choice;
use crate::encode::{Amo, Encoding};
use crate::model::EncodeOptions;

use super::{GridPuzzle, PuzzleError};

/// Most clauses a grid's structure (its domains and categories) may take: about 3 GB to hold
/// and solve (~30 bytes a clause).
pub const MAX_STRUCTURE_CLAUSES: u64 = 100_000_000;

/// The clauses the domains and categories of a grid of `positions` x `categories` take under
/// `opts` (clues not counted), by the encoders' own sizes: a one-hot domain of n values is
/// exactly-one over n literals, a one-hot category of n values an at-most-one and a clause per
/// place, a bit-vector category 2b+1 clauses per pair of values (b bits); an at-most-one over n
/// literals is n(n-1)/2 clauses pairwise, n·log2 n bitwise, at most 4n otherwise. A model whose
/// values the clues tie together (`GridPuzzle::build_merged`) has fewer, shorter domains: this
/// is its upper bound.
fn structure_clauses(positions: usize, categories: usize, opts: EncodeOptions) -> u64 {
    let n = positions as u64;
    let vars = n.saturating_mul(categories as u64);
    let log2 = |n: u64| u64::from(u64::BITS - n.saturating_sub(1).leading_zeros());
    let amo = |n: u64| match opts.amo {
        Amo::Pairwise => n.saturating_mul(n.saturating_sub(1)) / 2,
        Amo::Bitwise => n.saturating_mul(log2(n)),
        _ => n.saturating_mul(4),
    };
    let (domain, category) = if opts.encoding == Encoding::OneHot {
        let exactly_one = amo(n).saturating_add(1);
        (exactly_one, n.saturating_mul(exactly_one))
    } else {
        let pairs = n.saturating_mul(n.saturating_sub(1)) / 2;
        (n, pairs.saturating_mul(2 * log2(n) + 1))
    };
    vars.saturating_mul(domain)
        .saturating_add((categories as u64).saturating_mul(category))
}

impl GridPuzzle {
    /// Refuses, before anything is built, a grid whose structure alone would take more than
    /// [`MAX_STRUCTURE_CLAUSES`] clauses under `opts`, saying which encodings would fit.
    pub fn check_size(&self, opts: EncodeOptions) -> Result<(), PuzzleError> {
        self.check_size_as(opts, true)
    }

    /// [`Self::check_size`]; `flags`: the message may name the command-line flags that would
    /// fit (not where the caller has no such flags, as `explain`).
    pub(crate) fn check_size_as(
        &self,
        opts: EncodeOptions,
        flags: bool,
    ) -> Result<(), PuzzleError> {
        self.check_shape()?;
        let (n, c) = (self.positions.count, self.categories.len());
        let clauses = structure_clauses(n, c, opts);
        if clauses <= MAX_STRUCTURE_CLAUSES {
            return Ok(());
        }
        let fitting: Vec<String> = [
            (Encoding::OneHot, Amo::SeqCounter),
            (Encoding::Bits, Amo::SeqCounter),
        ]
        .into_iter()
        .filter(|_| flags)
        .map(|(encoding, amo)| {
            let fits = EncodeOptions {
                encoding,
                amo,
                ..opts
            };
            (encoding, amo, structure_clauses(n, c, fits))
        })
        .filter(|&(_, _, c)| c <= MAX_STRUCTURE_CLAUSES)
        .map(|(encoding, amo, c)| {
            let flags = match encoding {
                Encoding::OneHot => format!("--amo {}", amo.name()),
                Encoding::Bits => format!("--encoding {}", encoding.name()),
            };
            format!("{flags} takes about {c}")
        })
        .collect();
        let with = if flags {
            format!(
                " with --encoding {} --amo {}",
                opts.encoding.name(),
                opts.amo.name()
            )
        } else {
            String::new()
        };
        Err(self.too_large(with, clauses, fitting.join(", ")))
    }

    /// Refuses, before a model is built, a grid no encoding fits (the building's own guard:
    /// each variable's domain is a list of position labels).
    pub(crate) fn check_size_any(&self) -> Result<(), PuzzleError> {
        let (n, c) = (self.positions.count, self.categories.len());
        let fewest = EncodeOptions::for_domains()
            .into_iter()
            .map(|opts| structure_clauses(n, c, opts))
            .min()
            .unwrap_or(u64::MAX);
        if fewest <= MAX_STRUCTURE_CLAUSES {
            return Ok(());
        }
        Err(self.too_large(" with any encoding".into(), fewest, String::new()))
    }

    fn too_large(&self, with: String, clauses: u64, fitting: String) -> PuzzleError {
        PuzzleError::TooLarge {
            name: self.name.clone(),
            positions: self.positions.count,
            categories: self.categories.len(),
            with,
            clauses,
            hint: if fitting.is_empty() {
                fitting
            } else {
                format!("; {fitting}")
            },
        }
    }
}
