//! Counts of components already counted, keyed by what the component is.
//!
//! A component is a set of unassigned variables and the unsatisfied clauses over them. Every
//! assigned literal of such a clause is false (else it would be satisfied) and every
//! unassigned one is in the component (that is what connects them), so the component's
//! formula is each of its clauses restricted to its variables: the sorted variable ids and
//! clause ids name it exactly, whatever assignment led to it (sharpSAT's key, unpacked).

use std::hash::{BuildHasher, Hash, Hasher};

use num_bigint::BigUint;
use rustc_hash::{FxBuildHasher, FxHashMap};

/// Memory the cache may hold before it is emptied and filled again: a count stays exact
/// whatever the cache forgets; only the time grows.
const BUDGET_BYTES: usize = 1 << 30;

/// Bytes an entry costs besides its key and count (the table's slot and two allocations).
const ENTRY_OVERHEAD: usize = 64;

/// A component's variables (sorted), then `u32::MAX`, then its clauses (sorted), with their
/// hash computed once: the table hashes a key again each time it grows, and a key is a few
/// hundred words where its hash is one (the cost was 5-10% of a count).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Key {
    hash: u64,
    words: Box<[u32]>,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Component counts by key, emptied whenever it grows past [`BUDGET_BYTES`].
#[derive(Default)]
pub(super) struct Cache {
    counts: FxHashMap<Key, BigUint>,
    bytes: usize,
    /// Look-ups answered from the cache.
    pub(super) hits: u64,
    /// Times the cache was emptied for want of room.
    pub(super) flushes: u64,
}

impl Cache {
    /// The key of the component over `vars` and `clauses` (both sorted).
    pub(super) fn key(vars: &[u32], clauses: &[u32]) -> Key {
        let mut words = Vec::with_capacity(vars.len() + 1 + clauses.len());
        words.extend_from_slice(vars);
        words.push(u32::MAX);
        words.extend_from_slice(clauses);
        Key {
            hash: FxBuildHasher.hash_one(&words),
            words: words.into_boxed_slice(),
        }
    }

    /// The count stored for `key`, if any.
    pub(super) fn get(&mut self, key: &Key) -> Option<BigUint> {
        let found = self.counts.get(key).cloned();
        self.hits += u64::from(found.is_some());
        found
    }

    /// Stores a component's count.
    pub(super) fn insert(&mut self, key: Key, count: BigUint) {
        let cost = key.words.len() * 4 + (count.bits() as usize).div_ceil(8) + ENTRY_OVERHEAD;
        if self.bytes + cost > BUDGET_BYTES {
            self.counts = FxHashMap::default();
            self.bytes = 0;
            self.flushes += 1;
        }
        self.bytes += cost;
        self.counts.insert(key, count);
    }
}
