//! Clues read from the runs of filled cells along a line, by automata (the model's regular
//! constraint): Hooks #4's sums of run products.
//!
//! A line is a word over `0..=n`: 0 for an empty cell, d for a cell holding d. The automaton's
//! state is whatever the clue needs of the prefix read so far, pruned as soon as the clue can
//! no longer be met; the model keeps only the states that can still end in an accepted word.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::model::{Bit, Encoded, Layers, unroll};

use super::digits::CellBits;

/// The letters of a line's cells: `[cell][0]` empty, `[cell][d]` holds d (exclusive and
/// exhaustive: a filled cell holds one digit).
pub(crate) fn line_letters(cells: &CellBits, line: &[usize]) -> Vec<Vec<Bit>> {
    line.iter()
        .map(|&cell| {
            let mut row = vec![!cells.filled[cell]];
            row.extend(cells.value[cell].iter().copied());
            row
        })
        .collect()
}

/// The rows (left to right), then the columns (top to bottom).
pub(crate) fn rows_then_columns(n: usize) -> impl Iterator<Item = Vec<usize>> {
    let rows = (0..n).map(move |r| (0..n).map(|c| r * n + c).collect());
    let cols = (0..n).map(move |c| (0..n).map(|r| r * n + c).collect());
    rows.chain(cols)
}

/// The automaton of a line of `len` cells, digits up to `top`, over the letters each cell may
/// hold (`alphabets`): split the line's filled cells into maximal runs, multiply each run's
/// values, add the products: the total is `clue`. State: (sum of the closed runs' products,
/// product of the open run, 0 when none is open); pruned once their sum exceeds the clue
/// (products only grow).
fn sum_of_run_products(alphabets: &[Vec<usize>], top: u64, clue: u64) -> Layers<(u64, u64)> {
    let len = alphabets.len();
    // top^k for k cells left, computed once per line rather than at every step.
    let powers: Vec<u64> = (0..len).map(|k| top.saturating_pow(k as u32)).collect();
    unroll(
        alphabets,
        (0u64, 0u64),
        |i, &(closed, open), d| {
            let next = match d {
                0 => (closed + open, 0),
                d if open == 0 => (closed, d as u64),
                d => (closed, open * d as u64),
            };
            let reach = most_reachable(next.0, next.1, &powers[..len - i]);
            (next.0 + next.1 <= clue && reach >= clue).then_some(next)
        },
        |&(closed, open)| closed + open == clue,
    )
}

/// The largest total reachable from (closed, open) with `powers.len() - 1` cells to come,
/// `powers[k]` the largest digit to the power k: one run of largest digits, either continuing
/// the open run or after closing it.
fn most_reachable(closed: u64, open: u64, powers: &[u64]) -> u64 {
    let left = powers.len() - 1;
    let power = |k: usize| powers[k];
    let gain = match (left, open) {
        (0, _) => open,
        (_, 0) => power(left),
        (_, _) => open
            .saturating_mul(power(left))
            .max(open.saturating_add(power(left - 1))),
    };
    closed.saturating_add(gain)
}

/// Row r's run products add up to `rows[r]`, column c's to `cols[c]`; the automata unrolled
/// on two threads when `threads` allows it.
pub(crate) fn add_sums_of_run_products(
    enc: &mut Encoded,
    cells: &CellBits,
    rows: &[u64],
    cols: &[u64],
    threads: usize,
) {
    let top = cells.n as u64;
    enc.track("run products", |enc| {
        let lines: Vec<_> = rows_then_columns(cells.n)
            .zip(rows.iter().chain(cols))
            .map(|(line, &clue)| {
                let letters = line_letters(cells, &line);
                let alphabets = enc.live_letters(&letters);
                (letters, alphabets, clue)
            })
            .collect();
        if threads < 2 {
            for (letters, alphabets, clue) in &lines {
                enc.regular(&sum_of_run_products(alphabets, top, *clue), letters);
            }
            return;
        }
        // The build runs before the search's threads start, on one thread (Hooks #4: about a
        // tenth of its CPU), so a second thread shares it: both unroll the automata, taking
        // the next line not yet taken, and this one writes each line as soon as it and the
        // lines before it are unrolled, in line order, so the CNF is the same. (Unlike
        // `parallel::ordered`, whose calling thread only writes, this one unrolls too.)
        let next = AtomicUsize::new(0);
        let unroll_next = || {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let (_, alphabets, clue) = lines.get(i)?;
            Some((i, sum_of_run_products(alphabets, top, *clue)))
        };
        let unroll_next = &unroll_next;
        std::thread::scope(|scope| {
            let (send, unrolled) = mpsc::channel();
            // The sender moves to the thread, so a panic there ends `recv` below.
            scope.spawn(move || {
                while let Some(line) = unroll_next() {
                    // The receiver lives until every line is written.
                    let _ = send.send(line);
                }
            });
            let mut ready: Vec<Option<Layers<(u64, u64)>>> = lines.iter().map(|_| None).collect();
            for (i, (letters, _, _)) in lines.iter().enumerate() {
                let layers = loop {
                    for (j, layers) in unrolled.try_iter() {
                        ready[j] = Some(layers);
                    }
                    if let Some(layers) = ready[i].take() {
                        break layers;
                    }
                    // Line i is the other thread's, still unrolling: unroll one more here,
                    // or, with none left, wait for it.
                    let (j, layers) = match unroll_next() {
                        Some(line) => line,
                        None => match unrolled.recv() {
                            Ok(line) => line,
                            // The other thread panicked: the scope raises its panic.
                            Err(_) => return,
                        },
                    };
                    ready[j] = Some(layers);
                };
                enc.regular(&layers, letters);
            }
        });
    });
}

/// The values of a line's runs of filled cells, in reading order (the independent checker's
/// side: plain arithmetic on a finished grid).
pub(crate) fn runs(values: &[u64]) -> Vec<Vec<u64>> {
    values
        .split(|&v| v == 0)
        .filter(|run| !run.is_empty())
        .map(<[u64]>::to_vec)
        .collect()
}
