//! satpuz: glue-based restarts and stable/focused mode switching (PATCHES.md, the sixth change).
//!
//! As published, varisat restarts on the Luby sequence only. With glue restarts on it restarts
//! as Glucose and CaDiCaL's focused mode do: when the glue of the clauses learnt lately (a fast
//! moving average) exceeds the long-run average (a slow one) by a margin. With mode switching
//! on as well, the search alternates between that focused mode and a stable mode that restarts
//! on the Luby sequence and takes target phases (`crate::decision::phases`), each mode for
//! twice as many conflicts as the one before, starting focused (CaDiCaL's `stabilize`,
//! counted in conflicts).

/// An exponential moving average with CaDiCaL's bias correction, so that its first values are
/// not pulled towards the zero it starts from.
#[derive(Clone, Copy)]
struct Ema {
    alpha: f64,
    biased: f64,
    /// (1 - alpha) to the number of updates; 0 once that no longer matters.
    exp: f64,
    value: f64,
}

impl Ema {
    fn new(alpha: f64) -> Ema {
        Ema {
            alpha,
            biased: 0.0,
            exp: 1.0,
            value: 0.0,
        }
    }

    fn update(&mut self, y: f64) {
        self.biased += self.alpha * (y - self.biased);
        if self.exp > 0.0 {
            self.exp *= 1.0 - self.alpha;
            if self.exp < 1e-12 {
                self.exp = 0.0;
            }
            self.value = self.biased / (1.0 - self.exp);
        } else {
            self.value = self.biased;
        }
    }
}

/// Conflicts at least between two glue restarts (CaDiCaL's `restartint`).
const MIN_CONFLICTS_BETWEEN_RESTARTS: u64 = 2;
/// How far the fast glue average must exceed the slow one for a restart (CaDiCaL's
/// `restartmargin`, 10%).
const RESTART_MARGIN: f64 = 1.1;

/// Glue averages and the current mode.
pub struct Modes {
    fast_glue: Ema,
    slow_glue: Ema,
    /// Conflict count at the last restart.
    last_restart: u64,
    /// Stable (Luby restarts, target phases) or focused (glue restarts).
    stable: bool,
    /// Conflict count at which the mode switches next, if it does.
    next_switch: Option<u64>,
    /// Conflicts the current mode lasts.
    mode_length: u64,
}

impl Default for Modes {
    fn default() -> Modes {
        Modes {
            // CaDiCaL's `emagluefast` (33) and `emaglueslow` (1e5) as smoothing windows.
            fast_glue: Ema::new(1.0 / 33.0),
            slow_glue: Ema::new(1e-5),
            last_restart: 0,
            stable: false,
            next_switch: None,
            mode_length: 0,
        }
    }
}

impl Modes {
    /// A clause of `glue` was learnt.
    pub fn learnt(&mut self, glue: usize) {
        self.fast_glue.update(glue as f64);
        self.slow_glue.update(glue as f64);
    }

    /// Whether a focused search restarts now, `conflicts` conflicts in.
    pub fn glue_restart_due(&self, conflicts: u64) -> bool {
        conflicts >= self.last_restart + MIN_CONFLICTS_BETWEEN_RESTARTS
            && self.fast_glue.value > RESTART_MARGIN * self.slow_glue.value
    }

    pub fn restarted(&mut self, conflicts: u64) {
        self.last_restart = conflicts;
    }

    /// Whether the search is in stable mode.
    pub fn stable(&self) -> bool {
        self.stable
    }

    /// Switches the mode when its time has come (`first_length`: conflicts of the first,
    /// focused mode; 0 never switches); true when it switched.
    pub fn switch_due(&mut self, conflicts: u64, first_length: u64) -> bool {
        if first_length == 0 {
            return false;
        }
        let next = match self.next_switch {
            Some(next) => next,
            None => {
                self.mode_length = first_length;
                self.next_switch = Some(conflicts + first_length);
                conflicts + first_length
            }
        };
        if conflicts < next {
            return false;
        }
        self.stable = !self.stable;
        self.mode_length *= 2;
        self.next_switch = Some(conflicts + self.mode_length);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_alternate_each_twice_as_long_as_the_last_starting_focused() {
        let mut modes = Modes::default();
        let mut switches = vec![];
        for conflicts in 0..8000 {
            if modes.switch_due(conflicts, 100) {
                switches.push((conflicts, modes.stable()));
            }
        }
        assert_eq!(
            switches,
            [(100, true), (300, false), (700, true), (1500, false), (3100, true), (6300, false)]
        );
    }

    #[test]
    fn a_rise_in_glue_restarts_and_a_steady_glue_does_not() {
        let mut modes = Modes::default();
        for _ in 0..1000 {
            modes.learnt(5);
        }
        assert!(!modes.glue_restart_due(1000));
        for _ in 0..10 {
            modes.learnt(20);
        }
        assert!(modes.glue_restart_due(1010));
        modes.restarted(1010);
        assert!(!modes.glue_restart_due(1011));
    }
}
