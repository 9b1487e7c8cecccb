//! Seeded randomness and dealing the hidden arrangement.
//!
//! The same seed must deal the same case on every machine and with every version of the
//! `rand` crates, and a golden test pins one. ChaCha's output stream is fixed by its
//! specification, but `rand`'s range sampling and shuffles have changed algorithm between
//! releases; so the few draws a deal needs (a range and a Fisher-Yates shuffle) are written
//! here on top of the raw `u32` stream.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::settings::Setting;

/// The deal's random stream.
pub(crate) struct Dealer {
    rng: ChaCha8Rng,
}

impl Dealer {
    pub(crate) fn new(seed: u64) -> Dealer {
        Dealer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A uniform integer in `0..n` (0 when `n <= 1`, without drawing), by rejection: draws at
    /// or above the largest multiple of `n` are redrawn so every residue is equally likely.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        let limit = u32::MAX - u32::MAX % n;
        loop {
            let x = self.rng.next_u32();
            if x < limit {
                return (x % n) as usize;
            }
        }
    }

    /// A fair coin.
    pub(crate) fn coin(&mut self) -> bool {
        self.rng.next_u32() & 1 == 1
    }

    /// Fisher-Yates (Durstenfeld) shuffle in place.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// `k` distinct indices of `0..n`, in random order (a partial Fisher-Yates shuffle).
    pub(crate) fn choose(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..n).collect();
        for i in 0..k.min(n) {
            let j = i + self.below(n - i);
            idx.swap(i, j);
        }
        idx.truncate(k);
        idx
    }
}

/// A dealt building: which rooms, which values of each category, and where each value is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangement {
    /// Room names, first to last along the line.
    pub rooms: Vec<String>,
    /// Per category (in `categories` order): the values in the case, in the setting file's
    /// order (so the listing reveals nothing about the rooms).
    pub values: Vec<Vec<String>>,
    /// `room_of[c][i]`: the room (0-based) holding value i of category c.
    pub room_of: Vec<Vec<usize>>,
}

/// Deals `rooms` rooms and, independently per category, one value per room.
pub(crate) fn deal_arrangement(
    dealer: &mut Dealer,
    setting: &Setting,
    categories: &[&str],
    rooms: usize,
) -> Arrangement {
    let mut room_idx = dealer.choose(setting.rooms.len(), rooms);
    if setting.ordered_rooms {
        room_idx.sort_unstable();
    }
    let room_names = room_idx.iter().map(|&i| setting.rooms[i].clone()).collect();
    let mut values = Vec::with_capacity(categories.len());
    let mut room_of = Vec::with_capacity(categories.len());
    for cat in categories {
        let pool = setting.pool(cat);
        // picked[r] is the pool index of the value dealt to room r.
        let picked = dealer.choose(pool.len(), rooms);
        let mut listed = picked.clone();
        listed.sort_unstable();
        room_of.push(
            listed
                .iter()
                .map(|p| picked.iter().position(|q| q == p).unwrap_or_default())
                .collect(),
        );
        values.push(listed.iter().map(|&p| pool[p].clone()).collect());
    }
    Arrangement {
        rooms: room_names,
        values,
        room_of,
    }
}
