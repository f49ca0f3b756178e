//! Dates grouped into units of time, for a chart's x axis (issue 48: "Revenue by month").
//!
//! A date is read by [`crate::date::parse_date`] and keeps its wall-clock reading (a sheet has
//! no time zone, so `2025-01-31T23:30:00+05:00` is in January for every viewer). Each unit
//! numbers its buckets so that consecutive buckets differ by one; a chart fills the numbers
//! between its first and last bucket, so a month without rows still has its place.
//!
//! | unit    | `2024-12-30`     | label of its bucket |
//! |---------|------------------|---------------------|
//! | day     | that day         | `Dec 30, 2024`      |
//! | week    | ISO week, Monday first; the week-year may differ from the date's year | `Week 1, 2025` |
//! | month   | December 2024    | `Dec 2024`          |
//! | quarter | Q4 2024          | `Q4 2024`           |
//! | year    | 2024             | `2024`              |
//!
//! **Automatic** picks, from the first date to the last, the coarsest unit that gives between
//! [`FEWEST_AUTOMATIC_POINTS`] and [`MOST_AUTOMATIC_POINTS`] buckets: a year of daily rows reads
//! by month (12 points, where quarters would give 4), six weeks by day, five years by quarter.
//! When no unit gives that many, the finest one with at most 60 (a few days: by day); when
//! every unit gives more, by year.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::display::MONTHS;

/// The most buckets the automatic unit gives when a coarser unit exists.
pub const MOST_AUTOMATIC_POINTS: i64 = 60;
/// The fewest buckets the automatic unit aims at: a line of fewer points tells little.
pub const FEWEST_AUTOMATIC_POINTS: i64 = 8;

/// How a chart groups a date x axis (the chart's `x_bucket` setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum DateBucket {
    /// By a unit chosen from the dates' span when every x cell holds a date; else each value.
    #[default]
    Automatic,
    /// Each distinct x text is a category, dates or not.
    #[serde(rename = "Each value")]
    EachValue,
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl DateBucket {
    /// The unit this choice names, if it names one.
    pub fn unit(self) -> Option<Unit> {
        match self {
            DateBucket::Automatic | DateBucket::EachValue => None,
            DateBucket::Day => Some(Unit::Day),
            DateBucket::Week => Some(Unit::Week),
            DateBucket::Month => Some(Unit::Month),
            DateBucket::Quarter => Some(Unit::Quarter),
            DateBucket::Year => Some(Unit::Year),
        }
    }
}

/// A unit of time buckets are counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl Unit {
    /// From the finest to the coarsest.
    pub const ALL: [Unit; 5] = [Unit::Day, Unit::Week, Unit::Month, Unit::Quarter, Unit::Year];

    /// The number of `date`'s bucket: consecutive buckets have consecutive numbers.
    pub fn key(self, date: NaiveDate) -> i64 {
        let (year, month0) = (i64::from(date.year()), i64::from(date.month0()));
        match self {
            Unit::Day => i64::from(date.num_days_from_ce()),
            // 1 January of year 1 was a Monday: Mondays are the days whose count is 1 mod 7.
            Unit::Week => (i64::from(date.num_days_from_ce()) - i64::from(date.weekday().num_days_from_monday()) - 1).div_euclid(7),
            Unit::Month => year * 12 + month0,
            Unit::Quarter => year * 4 + month0 / 3,
            Unit::Year => year,
        }
    }

    /// How the bucket numbered `key` reads on an axis.
    pub fn label(self, key: i64) -> String {
        let month = |month0: i64| MONTHS[month0.rem_euclid(12) as usize];
        match self {
            Unit::Day => match day(key) {
                Some(date) => format!("{} {}, {}", month(i64::from(date.month0())), date.day(), date.year()),
                None => key.to_string(),
            },
            Unit::Week => match day(key * 7 + 1) {
                Some(monday) => {
                    let week = monday.iso_week();
                    format!("Week {}, {}", week.week(), week.year())
                }
                None => key.to_string(),
            },
            Unit::Month => format!("{} {}", month(key), key.div_euclid(12)),
            Unit::Quarter => format!("Q{} {}", key.rem_euclid(4) + 1, key.div_euclid(4)),
            Unit::Year => key.to_string(),
        }
    }

    /// The automatic unit for dates from `first` to `last` (see the module documentation).
    pub fn automatic(first: NaiveDate, last: NaiveDate) -> Unit {
        let span = |unit: Unit| unit.key(last) - unit.key(first) + 1;
        let fitting = || Unit::ALL.into_iter().filter(|&unit| span(unit) <= MOST_AUTOMATIC_POINTS);
        fitting().rfind(|&unit| span(unit) >= FEWEST_AUTOMATIC_POINTS).or_else(|| fitting().next()).unwrap_or(Unit::Year)
    }
}

fn day(days_from_ce: i64) -> Option<NaiveDate> {
    i32::try_from(days_from_ce).ok().and_then(NaiveDate::from_num_days_from_ce_opt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn each_unit_labels_the_bucket_of_a_date() {
        let d = date("2024-12-30");
        let labels: Vec<String> = Unit::ALL.iter().map(|unit| unit.label(unit.key(d))).collect();
        assert_eq!(labels, ["Dec 30, 2024", "Week 1, 2025", "Dec 2024", "Q4 2024", "2024"]);
    }

    #[test]
    fn consecutive_buckets_have_consecutive_keys() {
        for (unit, a, b) in [
            (Unit::Day, "2024-02-28", "2024-02-29"),
            (Unit::Week, "2025-01-05", "2025-01-06"),
            (Unit::Month, "2024-12-31", "2025-01-01"),
            (Unit::Quarter, "2024-12-31", "2025-01-01"),
            (Unit::Year, "2024-12-31", "2025-01-01"),
        ] {
            assert_eq!(unit.key(date(b)) - unit.key(date(a)), 1, "{unit:?}");
        }
        // A week runs Monday to Sunday.
        assert_eq!(Unit::Week.key(date("2025-01-06")), Unit::Week.key(date("2025-01-12")));
    }

    #[test]
    fn the_automatic_unit_is_the_coarsest_giving_eight_to_sixty_points() {
        let automatic = |first: &str, last: &str| Unit::automatic(date(first), date(last));
        assert_eq!(automatic("2025-01-01", "2025-01-03"), Unit::Day);
        assert_eq!(automatic("2025-01-01", "2025-02-15"), Unit::Day);
        assert_eq!(automatic("2025-01-01", "2025-01-31"), Unit::Day);
        assert_eq!(automatic("2025-01-01", "2025-06-30"), Unit::Week);
        assert_eq!(automatic("2025-01-01", "2025-12-31"), Unit::Month);
        assert_eq!(automatic("2021-01-01", "2025-12-31"), Unit::Quarter);
        assert_eq!(automatic("2000-01-01", "2025-12-31"), Unit::Year);
        assert_eq!(automatic("1900-01-01", "2025-12-31"), Unit::Year);
    }
}
