//! Civil dates for `--date`: parsing `YYYY-MM-DD`, today's date, and the seed a date deals.
//!
//! Written here rather than pulling in a calendar crate: all that is needed is the proleptic
//! Gregorian calendar from a day count (Howard Hinnant's `civil_from_days`), a dozen lines.

use std::fmt;

/// A day of the Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub(crate) year: i32,
    pub(crate) month: u32,
    pub(crate) day: u32,
}

/// Why a date string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("date `{text}`: {problem} (expected YYYY-MM-DD, e.g. 2025-03-14)")]
pub struct DateError {
    pub(crate) text: String,
    pub(crate) problem: String,
}

impl Date {
    /// Parses `YYYY-MM-DD` (years 0001..=9999, always four digits), checking the day against the month.
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let err = |problem: &str| DateError {
            text: text.to_string(),
            problem: problem.to_string(),
        };
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(err("not three numbers separated by `-`"));
        };
        // Exactly four, two and two digits: `26-12-01` is not silently the year 26, and
        // `2026-1-1` is not guessed at.
        let number = |s: &str, what: &str, digits: usize| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err(&format!("the {what} is not a number")));
            }
            if s.len() != digits {
                return Err(err(&format!("the {what} `{s}` must have {digits} digits")));
            }
            s.parse::<u32>()
                .map_err(|_| err(&format!("the {what} is too large")))
        };
        let (year, month, day) = (
            number(y, "year", 4)?,
            number(m, "month", 2)?,
            number(d, "day", 2)?,
        );
        if !(1..=9999).contains(&year) {
            return Err(err("the year must be 1 to 9999"));
        }
        if !(1..=12).contains(&month) {
            return Err(err("the month must be 1 to 12"));
        }
        let year = year as i32;
        let last = days_in_month(year, month);
        if !(1..=last).contains(&day) {
            return Err(err(&format!("that month has days 1 to {last}")));
        }
        Ok(Date { year, month, day })
    }

    /// The date `days` days after 1970-01-01.
    pub(crate) fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Today in UTC (so every machine agrees on the day's case at the same instant).
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days_since_epoch((secs / 86_400) as i64)
    }

    /// The seed the date deals: the date written as the integer YYYYMMDD, so
    /// `--date 2025-03-14` and `--seed 20250314` are the same case.
    pub fn seed(self) -> u64 {
        self.year as u64 * 10_000 + u64::from(self.month) * 100 + u64::from(self.day)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_from_day_counts() {
        assert_eq!(Date::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days_since_epoch(-1).to_string(), "1969-12-31");
        assert_eq!(
            Date::from_days_since_epoch(11_016).to_string(),
            "2000-02-29"
        );
        assert_eq!(
            Date::from_days_since_epoch(20_161).to_string(),
            "2025-03-14"
        );
    }

    #[test]
    fn parse_checks_the_calendar() {
        assert_eq!(Date::parse("2024-02-29").unwrap().seed(), 20_240_229);
        for bad in [
            "2023-02-29",
            "2025-13-01",
            "2025-04-31",
            "2025-3",
            "x-01-01",
            "0-01-01",
            "0000-01-01",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parse_wants_four_two_and_two_digits() {
        for (bad, says) in [
            ("26-12-01", "the year `26` must have 4 digits"),
            ("2026-1-01", "the month `1` must have 2 digits"),
            ("2026-01-1", "the day `1` must have 2 digits"),
            ("02026-01-01", "the year `02026` must have 4 digits"),
        ] {
            let e = Date::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        assert_eq!(Date::parse("0001-01-01").unwrap().seed(), 10_101);
    }
}
