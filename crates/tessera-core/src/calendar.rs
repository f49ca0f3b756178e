//! Calendars (blocks §3.7: `default_calendar_view` Month, Week or Day; `default_calendar_month`
//! Current month or Selected month; `calender_year`, `calender_month` 01-12;
//! `start_time_column`, `end_time_column` in the format YYYY-MM-DDTHH:MM; `event_title_column`).
//!
//! **The window** is the stretch of days the calendar shows, from its first day to the day after
//! its last (the end is exclusive). It is placed around an anchor day: the viewer's today (from
//! [`crate::context::Context`]) for 'Current month', or the first day of `calender_month` of
//! `calender_year` for 'Selected month' (either left empty falls back to today's). A viewer who
//! navigates passes the day to show instead. A month window is the anchor's calendar month; a
//! week window is Monday to Sunday (ISO 8601, as the week filters) of the week holding the
//! anchor; a day window is the anchor's day. The window's `year` and `month` are the anchor's,
//! the month a calendar heading names. The year is 4 digits; the month `01` to `12` (`1` to `9`
//! without the zero, and JSON numbers, are read too); anything else is an error naming it. Only
//! the settings in use are checked: a stale `calender_month` does not break 'Current month'.
//!
//! | view  | anchor       | window                      |
//! |-------|--------------|-----------------------------|
//! | Month | `2026-11-21` | `2026-11-01` to `2026-12-01` |
//! | Week  | `2026-11-21` (a Saturday) | `2026-11-16` to `2026-11-23` |
//! | Day   | `2026-11-21` | `2026-11-21` to `2026-11-22` |
//! | Week  | selected `2026`/`03` | `2026-02-23` to `2026-03-02` (the week of 1 March) |
//!
//! **Events.** Each matching row (see [`crate::query::matching_rows`]) is one event, in the
//! query's rows. Its start and end cells are read by [`crate::date`], so every accepted date
//! format works, not only `YYYY-MM-DDTHH:MM`. A start cell that holds no date (empty included)
//! skips the row, which is counted in `skipped`. An event is **all-day** when its start cell has
//! no time of day (no `:`). Ends are exclusive, as calendar views draw them:
//!
//! | start cell         | end cell           | start              | end                |
//! |--------------------|--------------------|--------------------|--------------------|
//! | `2026-11-21T09:00` | `2026-11-21T10:30` | `2026-11-21T09:00` | `2026-11-21T10:30` |
//! | `2026-11-21T09:00` | empty or not a date | `2026-11-21T09:00` | `2026-11-21T10:00` (one hour) |
//! | `2026-11-21`       | empty              | `2026-11-21T00:00` | `2026-11-22T00:00` (the whole day) |
//! | `2026-11-21`       | `2026-11-23`       | `2026-11-21T00:00` | `2026-11-24T00:00` (an end date includes its day) |
//! | `2026-11-21T09:00` | `2026-11-21T08:00` | `2026-11-21T09:00` | `2026-11-21T10:00` (an end not after the start is ignored) |
//!
//! An event is in the window when it overlaps it (starts before the window ends and ends after
//! it starts), so a multi-day event shows in every window it touches. Events are sorted by start,
//! then by row. The title is the title cell trimmed, empty when no title column is set.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime};
use serde::{Deserialize, Deserializer, Serialize};

use crate::context::Context;
use crate::date::{from_seconds, parse_date};
use crate::error::QueryError;
use crate::table::{Table, NO_DATE};

/// The output format of event times (blocks §3.7).
pub const EVENT_TIME_FORMAT: &str = "%Y-%m-%dT%H:%M";
/// The length of a timed event without a usable end.
pub const DEFAULT_EVENT_MINUTES: i64 = 60;

/// blocks §3.7 `default_calendar_view`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum CalendarView {
    #[default]
    #[serde(alias = "month")]
    Month,
    #[serde(alias = "week")]
    Week,
    #[serde(alias = "day")]
    Day,
}

/// blocks §3.7 `default_calendar_month`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MonthChoice {
    #[default]
    #[serde(rename = "Current month")]
    Current,
    #[serde(rename = "Selected month")]
    Selected,
}

/// The calendar block's settings (blocks §3.7; the spec spells `calender_*` so).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CalendarSettings {
    pub default_calendar_view: CalendarView,
    pub default_calendar_month: MonthChoice,
    #[serde(deserialize_with = "text_or_number")]
    pub calender_year: Option<String>,
    #[serde(deserialize_with = "text_or_number")]
    pub calender_month: Option<String>,
    pub start_time_column: String,
    pub end_time_column: String,
    pub event_title_column: String,
}

/// The days a calendar shows, `start` included and `end` excluded, both `YYYY-MM-DD`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct CalendarWindow {
    pub start: String,
    pub end: String,
    pub view: CalendarView,
    pub year: i32,
    /// 1 to 12.
    pub month: u32,
}

/// One event; `start` and `end` are `YYYY-MM-DDTHH:MM`, `end` exclusive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct CalendarEvent {
    pub row: u32,
    pub title: String,
    pub start: String,
    pub end: String,
    pub all_day: bool,
}

/// A calendar's window and the events in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "CalendarModel"))]
pub struct Calendar {
    pub window: CalendarWindow,
    pub events: Vec<CalendarEvent>,
    /// Rows whose start cell holds no date.
    pub skipped: usize,
}

/// Why a calendar could not be shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalendarError {
    #[error("calender_year `{0}` is not a year: use four digits such as 2026")]
    BadYear(String),
    #[error("calender_month `{0}` is not a month: use 01 to 12")]
    BadMonth(String),
    #[error("`{0}` is not a date to show")]
    BadDate(String),
    #[error("the calendar has no start_time_column")]
    NoStartColumn,
    #[error("{setting} `{column}` does not exist in this sheet")]
    MissingColumn { setting: &'static str, column: String },
    #[error("the calendar needs today's date: pass context.now")]
    MissingNow,
    #[error("context.now `{0}` is not an RFC 3339 time such as 2026-11-21T10:00:00Z")]
    BadNow(String),
}

impl From<QueryError> for CalendarError {
    fn from(e: QueryError) -> Self {
        match e {
            QueryError::BadNow(now) => CalendarError::BadNow(now),
            _ => CalendarError::MissingNow,
        }
    }
}

/// The day the calendar opens on: today, or the first day of the selected month.
pub fn default_anchor(settings: &CalendarSettings, ctx: &Context) -> Result<NaiveDate, CalendarError> {
    if settings.default_calendar_month == MonthChoice::Current {
        return Ok(ctx.today()?);
    }
    let year = match blank_to_none(&settings.calender_year) {
        Some(text) => parse_year(text)?,
        None => ctx.today()?.year(),
    };
    let month = match blank_to_none(&settings.calender_month) {
        Some(text) => parse_month(text)?,
        None => ctx.today()?.month(),
    };
    NaiveDate::from_ymd_opt(year, month, 1).ok_or_else(|| CalendarError::BadYear(year.to_string()))
}

/// Reads a day the viewer navigated to.
pub fn parse_anchor(text: &str) -> Result<NaiveDate, CalendarError> {
    parse_date(text).map(|d| d.date()).ok_or_else(|| CalendarError::BadDate(text.to_owned()))
}

fn blank_to_none(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

fn parse_year(text: &str) -> Result<i32, CalendarError> {
    let ok = text.len() == 4 && text.bytes().all(|b| b.is_ascii_digit());
    text.parse().ok().filter(|y| ok && (1000..=9999).contains(y)).ok_or_else(|| CalendarError::BadYear(text.to_owned()))
}

fn parse_month(text: &str) -> Result<u32, CalendarError> {
    let ok = (1..=2).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
    text.parse().ok().filter(|m| ok && (1..=12).contains(m)).ok_or_else(|| CalendarError::BadMonth(text.to_owned()))
}

/// The days of `view` around `anchor`: from the first day, and the day after the last.
fn window_days(view: CalendarView, anchor: NaiveDate) -> (NaiveDate, NaiveDate) {
    match view {
        CalendarView::Month => {
            let first = anchor.with_day(1).unwrap_or(anchor);
            let (y, m) = if first.month() == 12 { (first.year() + 1, 1) } else { (first.year(), first.month() + 1) };
            (first, NaiveDate::from_ymd_opt(y, m, 1).unwrap_or(NaiveDate::MAX))
        }
        CalendarView::Week => {
            let monday = anchor - Duration::days(i64::from(anchor.weekday().num_days_from_monday()));
            (monday, monday + Duration::days(7))
        }
        CalendarView::Day => (anchor, anchor.succ_opt().unwrap_or(NaiveDate::MAX)),
    }
}

/// The window of `view` around `anchor`.
pub fn window(view: CalendarView, anchor: NaiveDate) -> CalendarWindow {
    let (start, end) = window_days(view, anchor);
    CalendarWindow {
        start: start.format("%Y-%m-%d").to_string(),
        end: end.format("%Y-%m-%d").to_string(),
        view,
        year: anchor.year(),
        month: anchor.month(),
    }
}

/// The calendar of `view` around `anchor` over `rows` (row indices in the query's order).
pub fn calendar(
    table: &Table,
    rows: &[u32],
    settings: &CalendarSettings,
    view: CalendarView,
    anchor: NaiveDate,
) -> Result<Calendar, CalendarError> {
    let column = |setting: &'static str, name: &str| -> Result<Option<usize>, CalendarError> {
        let name = name.trim();
        if name.is_empty() {
            return Ok(None);
        }
        table.column_index(name).map(Some).ok_or_else(|| CalendarError::MissingColumn { setting, column: name.to_owned() })
    };
    let start_column = column("start_time_column", &settings.start_time_column)?.ok_or(CalendarError::NoStartColumn)?;
    let end_column = column("end_time_column", &settings.end_time_column)?;
    let title_column = column("event_title_column", &settings.event_title_column)?;

    let (first, after_last) = window_days(view, anchor);
    let (from, until) = (first.and_time(NaiveTime::MIN), after_last.and_time(NaiveTime::MIN));
    let mut events: Vec<(NaiveDateTime, CalendarEvent)> = Vec::new();
    let mut skipped = 0;
    for &row in rows {
        let r = row as usize;
        // Row indices come from a query over this table; one past the end reads as no date.
        let Some(start) = (r < table.row_count()).then(|| cell_date(table, start_column, r)).flatten() else {
            skipped += 1;
            continue;
        };
        let all_day = !table.cell(r, start_column).contains(':');
        let end = end_column.and_then(|c| cell_date(table, c, r).map(|end| (end, table.cell(r, c).contains(':'))));
        let end = match end {
            Some((end, true)) => end,
            // An end date without a time includes its whole day.
            Some((end, false)) => end + Duration::days(1),
            None => start,
        };
        let end = if end > start {
            end
        } else if all_day {
            start + Duration::days(1)
        } else {
            start + Duration::minutes(DEFAULT_EVENT_MINUTES)
        };
        if start < until && end > from {
            let title = title_column.map(|c| table.cell(r, c).trim().to_owned()).unwrap_or_default();
            let event = CalendarEvent {
                row,
                title,
                start: start.format(EVENT_TIME_FORMAT).to_string(),
                end: end.format(EVENT_TIME_FORMAT).to_string(),
                all_day,
            };
            events.push((start, event));
        }
    }
    events.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.row.cmp(&b.1.row)));
    Ok(Calendar { window: window(view, anchor), events: events.into_iter().map(|(_, e)| e).collect(), skipped })
}

/// The date in a cell, read once per distinct value by the table.
fn cell_date(table: &Table, column: usize, row: usize) -> Option<NaiveDateTime> {
    let column = table.column(column);
    let seconds = column.dates()[column.slot(row)];
    (seconds != NO_DATE).then(|| from_seconds(seconds)).flatten()
}

/// Reads a setting written as text or as a JSON number (`"03"`, `3`, `2026`); null is unset.
fn text_or_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    use serde_json::Value;
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        Value::Number(n) => Ok(Some(n.to_string())),
        other => Err(serde::de::Error::custom(format!("expected text or a number, got `{other}`"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(now: &str) -> Context {
        Context { now: Some(now.into()), ..Context::default() }
    }

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn span(view: CalendarView, anchor: &str) -> (String, String) {
        let w = window(view, day(anchor));
        (w.start, w.end)
    }

    fn settings() -> CalendarSettings {
        CalendarSettings {
            start_time_column: "Start".into(),
            end_time_column: "End".into(),
            event_title_column: "Title".into(),
            ..CalendarSettings::default()
        }
    }

    fn sheet(rows: &[[&str; 3]]) -> Table {
        let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
        Table::from_rows(vec!["Title".into(), "Start".into(), "End".into()], &rows).unwrap()
    }

    fn events_in(table: &Table, view: CalendarView, anchor: &str) -> Calendar {
        let rows: Vec<u32> = (0..table.row_count() as u32).collect();
        calendar(table, &rows, &settings(), view, day(anchor)).unwrap()
    }

    #[test]
    fn month_week_and_day_windows_surround_the_anchor() {
        assert_eq!(span(CalendarView::Month, "2026-11-21"), ("2026-11-01".into(), "2026-12-01".into()));
        assert_eq!(span(CalendarView::Month, "2026-12-31"), ("2026-12-01".into(), "2027-01-01".into()));
        assert_eq!(span(CalendarView::Week, "2026-11-21"), ("2026-11-16".into(), "2026-11-23".into()));
        assert_eq!(span(CalendarView::Week, "2026-11-16"), ("2026-11-16".into(), "2026-11-23".into()));
        assert_eq!(span(CalendarView::Week, "2026-11-22"), ("2026-11-16".into(), "2026-11-23".into()), "Sunday ends the week");
        assert_eq!(span(CalendarView::Day, "2024-02-29"), ("2024-02-29".into(), "2024-03-01".into()));
        let w = window(CalendarView::Week, day("2026-03-01"));
        assert_eq!((w.start.as_str(), w.year, w.month), ("2026-02-23", 2026, 3));
    }

    #[test]
    fn current_month_opens_on_the_viewers_today() {
        let s = CalendarSettings { calender_month: Some("13".into()), ..settings() };
        let west = Context { utc_offset_minutes: -300, ..ctx("2026-12-01T02:00:00Z") };
        assert_eq!(default_anchor(&s, &west).unwrap(), day("2026-11-30"));
        assert_eq!(default_anchor(&s, &Context::default()), Err(CalendarError::MissingNow));
    }

    #[test]
    fn selected_month_opens_on_its_first_day_without_needing_now() {
        let s = CalendarSettings {
            default_calendar_month: MonthChoice::Selected,
            calender_year: Some("2024".into()),
            calender_month: Some("02".into()),
            ..settings()
        };
        assert_eq!(default_anchor(&s, &Context::default()).unwrap(), day("2024-02-01"));
        let s = CalendarSettings { calender_month: Some(" 7 ".into()), ..s };
        assert_eq!(default_anchor(&s, &Context::default()).unwrap(), day("2024-07-01"));
    }

    #[test]
    fn an_empty_selection_falls_back_to_todays_month_or_year() {
        let s = CalendarSettings { default_calendar_month: MonthChoice::Selected, calender_month: Some("03".into()), ..settings() };
        assert_eq!(default_anchor(&s, &ctx("2026-11-21T10:00:00Z")).unwrap(), day("2026-03-01"));
        let s = CalendarSettings { calender_month: Some("".into()), calender_year: Some("2025".into()), ..s };
        assert_eq!(default_anchor(&s, &ctx("2026-11-21T10:00:00Z")).unwrap(), day("2025-11-01"));
    }

    #[test]
    fn bad_selected_months_and_years_are_errors_naming_them() {
        let selected = |year: &str, month: &str| CalendarSettings {
            default_calendar_month: MonthChoice::Selected,
            calender_year: Some(year.into()),
            calender_month: Some(month.into()),
            ..settings()
        };
        let now = ctx("2026-11-21T10:00:00Z");
        for month in ["13", "0", "00", "Jan", "1.5", "-1", "٣", "001"] {
            let err = default_anchor(&selected("2026", month), &now).unwrap_err();
            assert_eq!(err.to_string(), format!("calender_month `{month}` is not a month: use 01 to 12"));
        }
        for year in ["26", "20x6", "0999", "12026", "２０２６"] {
            let err = default_anchor(&selected(year, "01"), &now).unwrap_err();
            assert_eq!(err.to_string(), format!("calender_year `{year}` is not a year: use four digits such as 2026"));
        }
    }

    #[test]
    fn settings_read_numbers_and_the_spec_spellings() {
        let s: CalendarSettings = serde_json::from_str(
            r#"{"default_calendar_view":"Week","default_calendar_month":"Selected month","calender_year":2026,"calender_month":3}"#,
        )
        .unwrap();
        assert_eq!((s.default_calendar_view, s.default_calendar_month), (CalendarView::Week, MonthChoice::Selected));
        assert_eq!((s.calender_year.as_deref(), s.calender_month.as_deref()), (Some("2026"), Some("3")));
        assert!(serde_json::from_str::<CalendarSettings>(r#"{"calender_year":true}"#).is_err());
        assert!(serde_json::from_str::<CalendarSettings>(r#"{"default_calendar_view":"Year"}"#).is_err());
    }

    #[test]
    fn events_get_exclusive_ends_by_the_documented_rules() {
        let t = sheet(&[
            ["Meeting", "2026-11-21T09:00", "2026-11-21T10:30"],
            ["No end", "2026-11-21T09:00", ""],
            ["Bad end", "2026-11-21T09:00", "soon"],
            ["Holiday", "2026-11-21", ""],
            ["Trip", "2026-11-21", "2026-11-23"],
            ["Backwards", "2026-11-21T09:00", "2026-11-21T08:00"],
        ]);
        let got: Vec<(String, String, bool)> =
            events_in(&t, CalendarView::Month, "2026-11-01").events.into_iter().map(|e| (e.start, e.end, e.all_day)).collect();
        let want = [
            ("2026-11-21T00:00", "2026-11-22T00:00", true),
            ("2026-11-21T00:00", "2026-11-24T00:00", true),
            ("2026-11-21T09:00", "2026-11-21T10:30", false),
            ("2026-11-21T09:00", "2026-11-21T10:00", false),
            ("2026-11-21T09:00", "2026-11-21T10:00", false),
            ("2026-11-21T09:00", "2026-11-21T10:00", false),
        ];
        let want: Vec<(String, String, bool)> = want.iter().map(|(s, e, a)| (s.to_string(), e.to_string(), *a)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn events_sort_by_start_then_row_and_keep_their_row_and_trimmed_title() {
        let t = sheet(&[[" B ", "2026-11-22T09:00", ""], ["A", "2026-11-21T09:00", ""], ["C", "2026-11-22T09:00", ""]]);
        let got: Vec<(u32, String)> =
            events_in(&t, CalendarView::Week, "2026-11-20").events.into_iter().map(|e| (e.row, e.title)).collect();
        assert_eq!(got, vec![(1, "A".into()), (0, "B".into()), (2, "C".into())]);
    }

    #[test]
    fn events_overlapping_the_window_are_in_it() {
        let t = sheet(&[
            ["Before", "2026-11-15T09:00", ""],
            ["Spans in", "2026-11-14", "2026-11-16"],
            ["Late night", "2026-11-22T23:30", ""],
            ["Next week", "2026-11-23T00:00", ""],
            ["Ends at the window", "2026-11-15T23:00", "2026-11-16T00:00"],
        ]);
        let titles: Vec<String> = events_in(&t, CalendarView::Week, "2026-11-18").events.into_iter().map(|e| e.title).collect();
        assert_eq!(titles, vec!["Spans in", "Late night"]);
    }

    #[test]
    fn rows_without_a_start_date_are_skipped_and_counted() {
        let t = sheet(&[["Empty", "", ""], ["Words", "next tuesday", ""], ["Ok", "2026-11-21T09:00", ""], ["Number", "45356", ""]]);
        let c = events_in(&t, CalendarView::Month, "2026-11-01");
        assert_eq!((c.events.len(), c.skipped), (1, 3));
        let c = calendar(&t, &[2, 99], &settings(), CalendarView::Month, day("2026-11-01")).unwrap();
        assert_eq!((c.events.len(), c.skipped), (1, 1), "a row past the end counts as skipped");
    }

    #[test]
    fn other_date_formats_and_unicode_titles_work() {
        let t = sheet(&[["Réunion 会議", "Nov 21, 2026", ""], ["Call", "11/21/2026 2:30 PM", "11/21/2026 3:00 PM"]]);
        let c = events_in(&t, CalendarView::Day, "2026-11-21");
        let got: Vec<(String, String, String, bool)> = c.events.into_iter().map(|e| (e.title, e.start, e.end, e.all_day)).collect();
        assert_eq!(got[0], ("Réunion 会議".into(), "2026-11-21T00:00".into(), "2026-11-22T00:00".into(), true));
        assert_eq!(got[1], ("Call".into(), "2026-11-21T14:30".into(), "2026-11-21T15:00".into(), false));
    }

    #[test]
    fn columns_are_found_like_the_tables_and_missing_ones_named() {
        let t = sheet(&[["A", "2026-11-21", ""]]);
        let loose = CalendarSettings {
            start_time_column: " start ".into(),
            end_time_column: String::new(),
            event_title_column: String::new(),
            ..settings()
        };
        let c = calendar(&t, &[0], &loose, CalendarView::Day, day("2026-11-21")).unwrap();
        assert_eq!((c.events[0].title.as_str(), c.events.len()), ("", 1));
        let none = CalendarSettings { start_time_column: "  ".into(), ..settings() };
        assert_eq!(calendar(&t, &[0], &none, CalendarView::Day, day("2026-11-21")), Err(CalendarError::NoStartColumn));
        let gone = CalendarSettings { end_time_column: "Finish".into(), ..settings() };
        let err = calendar(&t, &[0], &gone, CalendarView::Day, day("2026-11-21")).unwrap_err();
        assert_eq!(err.to_string(), "end_time_column `Finish` does not exist in this sheet");
    }

    #[test]
    fn a_navigated_day_must_be_a_date() {
        assert_eq!(parse_anchor("2026-03-10").unwrap(), day("2026-03-10"));
        assert_eq!(parse_anchor("someday").unwrap_err().to_string(), "`someday` is not a date to show");
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(crate::api::evaluate("calendar", r##"{"sheet":{"columns":["Title","Start","End"],"rows":[["Standup","2026-11-20T09:00",""],["Trip","2026-11-21","2026-11-23"],["Old","2026-10-01T09:00",""],["Broken","soon",""]]},"spec":{"context":{"now":"2026-11-21T10:00:00Z"}},"default_calendar_view":"Week","start_time_column":"Start","end_time_column":"End","event_title_column":"Title"}"##), Ok(r##"{"window":{"start":"2026-11-16","end":"2026-11-23","view":"Week","year":2026,"month":11},"events":[{"row":0,"title":"Standup","start":"2026-11-20T09:00","end":"2026-11-20T10:00","all_day":false},{"row":1,"title":"Trip","start":"2026-11-21T00:00","end":"2026-11-24T00:00","all_day":true}],"skipped":1}"##.to_owned()));
        assert_eq!(
            crate::api::evaluate(
                "calendar",
                r##"{"sheet":{"columns":["Start"],"rows":[]},"default_calendar_month":"Selected month","calender_year":"2026","calender_month":"13","start_time_column":"Start"}"##
            ),
            Err(r##"calender_month `13` is not a month: use 01 to 12"##.to_owned())
        );
    }
}
