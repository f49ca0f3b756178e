//! Dates inside spreadsheet cells (platform §5: "Dates are parsed with 12 accepted formats,
//! then a default parse").
//!
//! A cell is trimmed, then the formats below are tried in this order; the first that reads the
//! whole text wins. Month names (`MMM`) may be written short or in full, in any letter case.
//!
//! | # | format                | example               |
//! |---|-----------------------|-----------------------|
//! | 1 | `YYYY-MM-DD`          | `2024-03-05`          |
//! | 2 | `YYYY-MM-DDTHH:MM:SS` | `2024-03-05T14:30:00` (fraction, `Z` or offset allowed) |
//! | 3 | `YYYY-MM-DDTHH:MM`    | `2024-03-05T14:30` (the calendar block's format) |
//! | 4 | `YYYY-MM-DD HH:MM:SS` | `2024-03-05 14:30:00` |
//! | 5 | `YYYY-MM-DD HH:MM`    | `2024-03-05 14:30`    |
//! | 6 | `YYYY/MM/DD`          | `2024/03/05`          |
//! | 7 | `MM/DD/YYYY`          | `03/05/2024` = 5 March |
//! | 8 | `DD/MM/YYYY`          | `25/03/2024`          |
//! | 9 | `DD-MM-YYYY`          | `05-03-2024` = 5 March |
//! |10 | `DD MMM YYYY`         | `5 Mar 2024`, `05 March 2024` |
//! |11 | `MMM DD, YYYY`        | `Mar 5, 2024`, `March 05, 2024` |
//! |12 | `MM/DD/YYYY HH:MM:SS` | `3/5/2024 14:30:00` (Google Sheets' date-time) |
//!
//! **Ambiguous day and month.** A slashed date whose first two numbers are both 12 or less is
//! read month first (format 7), as Google Sheets in its default locale and JavaScript's `Date`
//! read it; it is read day first (format 8) only when the first number cannot be a month.
//! Dashed dates (format 9) are always day first, the common European writing.
//!
//! **Default parse**, when no format reads the text, in this order:
//! - a leading weekday name is dropped (`Tue, Mar 5, 2024`, `Tuesday 5 March 2024`);
//! - ordinal suffixes on the day are dropped (`March 5th, 2024`, `1st Jan 2024`);
//! - `MMM DD YYYY` without the comma (`Mar 5 2024`) and `DD.MM.YYYY` (`05.03.2024`, day first);
//! - any of the date formats above followed by a time `HH:MM`, `HH:MM:SS` or a 12-hour time
//!   with `AM`/`PM` (`3/5/2024 2:30 PM`, `2024-03-05 2:30pm`);
//! - RFC 2822 (`Tue, 5 Mar 2024 14:30:00 +0000`).
//!
//! Times keep the wall-clock reading of the cell: an offset or `Z` is not converted to any
//! other zone, because a sheet has no time zone of its own. Plain numbers (spreadsheet serial
//! day numbers such as `45356`) are **not** dates: they would turn every numeric column into a
//! date column. Importers turn typed date cells into ISO text before they reach the core.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime};

const DATE_FORMATS: [&str; 8] = ["%Y-%m-%d", "%Y/%m/%d", "%m/%d/%Y", "%d/%m/%Y", "%d-%m-%Y", "%d %B %Y", "%B %d, %Y", "%B %d %Y"];
/// Index into [`DATE_FORMATS`] where the default-parse-only formats begin.
const STRICT_DATE_FORMATS: usize = 7;

const DATE_TIME_FORMATS: [&str; 5] =
    ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%d %H:%M", "%m/%d/%Y %H:%M:%S"];

const TIME_FORMATS: [&str; 4] = ["%H:%M:%S", "%H:%M", "%I:%M:%S %p", "%I:%M %p"];

const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// Reads the date (and time, midnight when there is none) in a cell by the rules of this
/// module, or `None` when no rule reads it.
pub fn parse_date(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    // Every accepted form has a digit and at least 6 characters (`1/2/24` is not accepted,
    // `1/2/2024` is); checking first keeps text columns cheap.
    if text.len() < 6 || text.len() > 64 || !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // chrono reads `%Y` from any number of digits; a sheet's `1/2/24` is not a year-24 date.
    parse_strict(text).or_else(|| parse_default(text)).filter(|d| (1000..=9999).contains(&d.year()))
}

/// The 12 formats, in the documented order.
fn parse_strict(text: &str) -> Option<NaiveDateTime> {
    let bytes = text.as_bytes();
    let iso = bytes.len() >= 10 && bytes[4] == b'-' && bytes[..4].iter().all(u8::is_ascii_digit);
    if iso {
        if bytes.len() == 10 {
            return date_only(text, "%Y-%m-%d");
        }
        if let Some(dt) = DATE_TIME_FORMATS[..4].iter().find_map(|f| NaiveDateTime::parse_from_str(text, f).ok()) {
            return Some(dt);
        }
        // Format 2 with a `Z` or an offset: keep the wall-clock reading.
        return DateTime::parse_from_rfc3339(text).ok().map(|d| d.naive_local());
    }
    DATE_FORMATS[1..STRICT_DATE_FORMATS]
        .iter()
        .find_map(|f| date_only(text, f))
        .or_else(|| NaiveDateTime::parse_from_str(text, DATE_TIME_FORMATS[4]).ok())
}

fn date_only(text: &str, format: &str) -> Option<NaiveDateTime> {
    NaiveDate::parse_from_str(text, format).ok().map(|d| d.and_time(NaiveTime::MIN))
}

fn parse_default(text: &str) -> Option<NaiveDateTime> {
    if let Ok(dt) = DateTime::parse_from_rfc2822(text) {
        return Some(dt.naive_local());
    }
    let cleaned = without_ordinals(without_weekday(text));
    let cleaned = cleaned.trim();
    let dotted = cleaned.replace('.', "/");
    let candidates: [&str; 2] = [cleaned, &dotted];
    for (i, candidate) in candidates.iter().enumerate() {
        if let Some(dt) = date_then_time(candidate, i == 1) {
            return Some(dt);
        }
    }
    None
}

/// A date in any accepted format, optionally followed by a time. `day_first` is set for
/// `DD.MM.YYYY`, where the dots were turned into slashes but the day still comes first.
fn date_then_time(text: &str, day_first: bool) -> Option<NaiveDateTime> {
    let formats: Vec<&str> = if day_first { vec!["%d/%m/%Y"] } else { DATE_FORMATS.to_vec() };
    for format in formats {
        if let Some(dt) = date_only(text, format) {
            return Some(dt);
        }
        // `parse_and_remainder` reads the date and leaves the rest for the time.
        if let Ok((date, rest)) = NaiveDate::parse_and_remainder(text, format) {
            let rest = rest.trim_start_matches([' ', 'T', ',']).trim();
            let rest = rest.to_ascii_uppercase();
            let rest = rest.replace("AM", " AM").replace("PM", " PM");
            let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(time) = TIME_FORMATS.iter().find_map(|f| NaiveTime::parse_from_str(&rest, f).ok()) {
                return Some(date.and_time(time));
            }
        }
    }
    None
}

fn without_weekday(text: &str) -> &str {
    let lower = text.to_ascii_lowercase();
    for day in WEEKDAYS {
        for name in [day, &day[..3]] {
            if lower.starts_with(name) {
                let rest = &text[name.len()..];
                if rest.starts_with([',', ' ']) {
                    return rest.trim_start_matches([',', ' ']);
                }
            }
        }
    }
    text
}

/// Drops `st`, `nd`, `rd` and `th` after a day number (`5th` -> `5`).
fn without_ordinals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        if chars[i].is_ascii_digit() && i + 2 < chars.len() + 1 {
            let pair: String = chars[i + 1..(i + 3).min(chars.len())].iter().collect::<String>().to_ascii_lowercase();
            let ends_word = chars.get(i + 3).is_none_or(|c| !c.is_alphabetic());
            if matches!(pair.as_str(), "st" | "nd" | "rd" | "th") && ends_word {
                i += 3;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Seconds since 1970-01-01T00:00:00 of a wall-clock date-time, the form the table caches.
pub fn to_seconds(dt: NaiveDateTime) -> i64 {
    dt.and_utc().timestamp()
}

/// The wall-clock date-time of [`to_seconds`] output.
pub fn from_seconds(seconds: i64) -> Option<NaiveDateTime> {
    DateTime::from_timestamp(seconds, 0).map(|d| d.naive_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> String {
        parse_date(s).map(|d| d.format("%Y-%m-%dT%H:%M:%S").to_string()).unwrap_or_else(|| "none".into())
    }

    #[test]
    fn reads_each_of_the_twelve_formats() {
        let cases = [
            ("2024-03-05", "2024-03-05T00:00:00"),
            ("2024-03-05T14:30:15", "2024-03-05T14:30:15"),
            ("2024-03-05T14:30", "2024-03-05T14:30:00"),
            ("2024-03-05 14:30:15", "2024-03-05T14:30:15"),
            ("2024-03-05 14:30", "2024-03-05T14:30:00"),
            ("2024/03/05", "2024-03-05T00:00:00"),
            ("03/05/2024", "2024-03-05T00:00:00"),
            ("25/03/2024", "2024-03-25T00:00:00"),
            ("05-03-2024", "2024-03-05T00:00:00"),
            ("5 Mar 2024", "2024-03-05T00:00:00"),
            ("Mar 5, 2024", "2024-03-05T00:00:00"),
            ("3/5/2024 14:30:00", "2024-03-05T14:30:00"),
        ];
        for (input, want) in cases {
            assert_eq!(at(input), want, "{input}");
        }
    }

    #[test]
    fn ambiguous_slashed_dates_read_month_first() {
        assert_eq!(at("04/03/2026"), "2026-04-03T00:00:00");
        assert_eq!(at("13/03/2026"), "2026-03-13T00:00:00");
    }

    #[test]
    fn full_month_names_and_any_case() {
        assert_eq!(at("05 March 2024"), "2024-03-05T00:00:00");
        assert_eq!(at("MARCH 5, 2024"), "2024-03-05T00:00:00");
    }

    #[test]
    fn default_parse_handles_weekdays_ordinals_dots_and_clock_times() {
        assert_eq!(at("Tue, Mar 5, 2024"), "2024-03-05T00:00:00");
        assert_eq!(at("Tuesday 5 March 2024"), "2024-03-05T00:00:00");
        assert_eq!(at("March 5th, 2024"), "2024-03-05T00:00:00");
        assert_eq!(at("05.03.2024"), "2024-03-05T00:00:00");
        assert_eq!(at("Mar 5 2024"), "2024-03-05T00:00:00");
        assert_eq!(at("3/5/2024 2:30 PM"), "2024-03-05T14:30:00");
        assert_eq!(at("2024-03-05 2:30pm"), "2024-03-05T14:30:00");
        assert_eq!(at("Tue, 5 Mar 2024 14:30:00 +0100"), "2024-03-05T14:30:00");
        assert_eq!(at("2024-03-05T14:30:00Z"), "2024-03-05T14:30:00");
    }

    #[test]
    fn rejects_numbers_words_and_impossible_dates() {
        for input in ["1/2/24", "45356", "12", "", "hello world", "2024-02-30", "13/13/2024", "2024-13-01", "Marchy 5, 2024"] {
            assert_eq!(at(input), "none", "{input}");
        }
    }

    #[test]
    fn seconds_round_trip() {
        let dt = parse_date("2024-03-05T14:30").unwrap();
        assert_eq!(from_seconds(to_seconds(dt)), Some(dt));
    }
}
