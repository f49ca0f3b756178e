//! Filters (platform §3 Filter entity, §5 conditions).
//!
//! A filter is `{name, active, condition, sheet_column: {sheet, column}, value}`. Which filters
//! apply and where their values come from is decided in [`crate::query`]; this module says what
//! each condition matches.
//!
//! **Text conditions** (`=`, `starts_with`, `ends_with`, `includes`, their `not_` forms, and
//! `any_of`) compare the cell and the value trimmed and lower-cased: case never matters.
//! `=` also matches numerically when the value is a plain number (`100`, `-2.5`): `Amount = 100`
//! matches `$100` and `100.00`. `any_of` splits its value on `||` (or takes a JSON list) and
//! matches a cell equal, as `=` means it, to any part.
//!
//! **Numeric conditions** `>` and `<` compare numbers read by [`crate::number`] from both the
//! cell and the value; a cell without a number never matches. A value without one is an error.
//!
//! **Date conditions** compare the date read by [`crate::date`] from the cell with a window
//! around the viewer's today (see [`crate::context::Context`]); a cell without a date never
//! matches. Weeks start on Monday (ISO 8601).
//!
//! | condition      | matches a cell dated…                                  | value |
//! |----------------|--------------------------------------------------------|-------|
//! | `today`        | today                                                  | none  |
//! | `tomorrow`     | tomorrow                                               | none  |
//! | `past_days`    | from N days before today to the end of today           | N     |
//! | `current_week` | Monday to Sunday of this week                          | none  |
//! | `next_week`    | Monday to Sunday of next week                          | none  |
//! | `date`         | from start to end, both included (an end without a time includes its whole day; either side may be empty for an open range) | `[start, end]` or `start..end` |
//!
//! **Empty values.** A filter whose value is empty (after trimming) is not applied, except the
//! four date windows that take no value (`today`, `tomorrow`, `current_week`, `next_week`);
//! a `date` range with neither side, or an `any_of` with no part (`||`), is empty too. **Empty cells** hold the text `""`: `starts_with x`
//! does not match them and `not_starts_with x` does, so each condition and its `not_` form
//! together always cover every row.
//!
//! | condition         | value   | cell `Apple pie` | cell `` | cell `$12` |
//! |-------------------|---------|------------------|---------|------------|
//! | `=`               | `apple pie` | yes          | no      | no         |
//! | `=`               | `12`    | no               | no      | yes        |
//! | `starts_with`     | `APP`   | yes              | no      | no         |
//! | `not_ends_with`   | `pie`   | no               | yes     | yes        |
//! | `includes`        | `e p`   | yes              | no      | no         |
//! | `>`               | `10`    | no               | no      | yes        |
//! | `any_of`          | `x\|\|apple pie` | yes     | no      | no         |

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime};
use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::date::{parse_date, to_seconds};
use crate::error::QueryError;
use crate::number::{is_plain_number, parse_number, DecimalSeparator};
use crate::table::{Column, NO_DATE};

/// Splits the parts of an `any_of` value (platform §5 "values split by a separator token"). Two
/// bars, because commas separate URL filter pairs and appear in ordinary values.
pub const ANY_OF_SEPARATOR: &str = "||";
/// Splits the start and end of a `date` value written as text (`2024-01-01..2024-01-31`).
pub const DATE_RANGE_SEPARATOR: &str = "..";
/// Replaced by the signed-in user's e-mail in a filter value (platform §5).
pub const CURRENT_USER_TOKEN: &str = "[(current_user)]";

/// The filter conditions of platform §5: 16 names, 17 conditions as the spec counts them, since
/// `date` takes a start and an end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum Condition {
    #[serde(rename = "=")]
    Equals,
    #[serde(rename = ">")]
    GreaterThan,
    #[serde(rename = "<")]
    LessThan,
    #[serde(rename = "starts_with")]
    StartsWith,
    #[serde(rename = "not_starts_with")]
    NotStartsWith,
    #[serde(rename = "ends_with")]
    EndsWith,
    #[serde(rename = "not_ends_with")]
    NotEndsWith,
    #[serde(rename = "includes")]
    Includes,
    #[serde(rename = "not_includes")]
    NotIncludes,
    #[serde(rename = "past_days")]
    PastDays,
    #[serde(rename = "today")]
    Today,
    #[serde(rename = "tomorrow")]
    Tomorrow,
    #[serde(rename = "current_week")]
    CurrentWeek,
    #[serde(rename = "next_week")]
    NextWeek,
    #[serde(rename = "date")]
    Date,
    #[serde(rename = "any_of")]
    AnyOf,
}

impl Condition {
    pub const ALL: [Condition; 16] = [
        Condition::Equals,
        Condition::GreaterThan,
        Condition::LessThan,
        Condition::StartsWith,
        Condition::NotStartsWith,
        Condition::EndsWith,
        Condition::NotEndsWith,
        Condition::Includes,
        Condition::NotIncludes,
        Condition::PastDays,
        Condition::Today,
        Condition::Tomorrow,
        Condition::CurrentWeek,
        Condition::NextWeek,
        Condition::Date,
        Condition::AnyOf,
    ];

    /// The name used in JSON and in error messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Condition::Equals => "=",
            Condition::GreaterThan => ">",
            Condition::LessThan => "<",
            Condition::StartsWith => "starts_with",
            Condition::NotStartsWith => "not_starts_with",
            Condition::EndsWith => "ends_with",
            Condition::NotEndsWith => "not_ends_with",
            Condition::Includes => "includes",
            Condition::NotIncludes => "not_includes",
            Condition::PastDays => "past_days",
            Condition::Today => "today",
            Condition::Tomorrow => "tomorrow",
            Condition::CurrentWeek => "current_week",
            Condition::NextWeek => "next_week",
            Condition::Date => "date",
            Condition::AnyOf => "any_of",
        }
    }

    /// The condition that matches exactly the rows this one does not, where the spec has one.
    pub fn negation(self) -> Option<Condition> {
        Some(match self {
            Condition::StartsWith => Condition::NotStartsWith,
            Condition::NotStartsWith => Condition::StartsWith,
            Condition::EndsWith => Condition::NotEndsWith,
            Condition::NotEndsWith => Condition::EndsWith,
            Condition::Includes => Condition::NotIncludes,
            Condition::NotIncludes => Condition::Includes,
            _ => return None,
        })
    }

    /// The date windows that need no value.
    fn takes_no_value(self) -> bool {
        matches!(self, Condition::Today | Condition::Tomorrow | Condition::CurrentWeek | Condition::NextWeek)
    }
}

/// The sheet tab and column a filter looks at.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct SheetColumn {
    pub sheet: String,
    pub column: String,
}

/// A filter value: text, or a list (the `date` pair, the `any_of` parts). Numbers and
/// booleans in JSON are read as their text; null is empty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "serde_json::Value", into = "serde_json::Value")]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(type = "string | Array<string>"))]
pub enum FilterValue {
    Text(String),
    List(Vec<String>),
}

impl Default for FilterValue {
    fn default() -> Self {
        FilterValue::Text(String::new())
    }
}

impl From<serde_json::Value> for FilterValue {
    fn from(value: serde_json::Value) -> Self {
        use serde_json::Value;
        fn scalar(v: Value) -> String {
            match v {
                Value::String(s) => s,
                Value::Null => String::new(),
                other => other.to_string(),
            }
        }
        match value {
            Value::Array(items) => FilterValue::List(items.into_iter().map(scalar).collect()),
            other => FilterValue::Text(scalar(other)),
        }
    }
}

impl From<FilterValue> for serde_json::Value {
    fn from(value: FilterValue) -> Self {
        match value {
            FilterValue::Text(s) => serde_json::Value::String(s),
            FilterValue::List(items) => items.into_iter().map(serde_json::Value::String).collect(),
        }
    }
}

impl FilterValue {
    /// Empty for `condition`: blank, or, where the condition splits its value into parts, no
    /// part that is not blank.
    fn is_empty_for(&self, condition: Condition) -> bool {
        let separator = match condition {
            Condition::AnyOf => ANY_OF_SEPARATOR,
            Condition::Date => DATE_RANGE_SEPARATOR,
            _ => return self.text().trim().is_empty(),
        };
        self.parts(separator).iter().all(|p| p.trim().is_empty())
    }

    fn text(&self) -> String {
        match self {
            FilterValue::Text(s) => s.clone(),
            FilterValue::List(items) => items.join(ANY_OF_SEPARATOR),
        }
    }

    fn parts(&self, separator: &str) -> Vec<String> {
        match self {
            FilterValue::Text(s) => s.split(separator).map(str::to_owned).collect(),
            FilterValue::List(items) => items.clone(),
        }
    }

    fn map(&self, f: impl Fn(&str) -> String) -> FilterValue {
        match self {
            FilterValue::Text(s) => FilterValue::Text(f(s)),
            FilterValue::List(items) => FilterValue::List(items.iter().map(|s| f(s)).collect()),
        }
    }

    fn contains(&self, needle: &str) -> bool {
        match self {
            FilterValue::Text(s) => s.contains(needle),
            FilterValue::List(items) => items.iter().any(|s| s.contains(needle)),
        }
    }
}

/// A filter of platform §3.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct Filter {
    pub name: String,
    #[serde(default)]
    pub active: bool,
    pub condition: Condition,
    #[serde(default)]
    pub sheet_column: SheetColumn,
    #[serde(default)]
    pub value: FilterValue,
}

/// Text equality as `=` means it: trimmed, case-insensitive, or numerically equal to a plain
/// number.
#[derive(Debug, Clone)]
pub(crate) struct Equality {
    lower: String,
    number: Option<f64>,
}

impl Equality {
    fn new(value: &str) -> Equality {
        let number = is_plain_number(value).then(|| parse_number(value, DecimalSeparator::Dot)).flatten();
        Equality { lower: value.trim().to_lowercase(), number }
    }

    fn matches(&self, column: &Column, slot: usize) -> bool {
        column.slot_lower(slot) == self.lower || self.number.is_some_and(|n| column.numbers()[slot] == n)
    }
}

/// A filter made ready to run against one column: values parsed, tokens replaced.
#[derive(Debug, Clone)]
pub(crate) enum Predicate {
    /// `[(current_user)]` with nobody signed in: a guest sees none of the user's rows.
    Nothing,
    AnyOf(Vec<Equality>),
    GreaterThan(f64),
    LessThan(f64),
    StartsWith(String, bool),
    EndsWith(String, bool),
    Includes(String, bool),
    /// Cell date in `[from, until)`, as seconds.
    DateWindow {
        from: i64,
        until: i64,
    },
}

impl Predicate {
    /// Prepares `filter` with `value` (its own, or the URL's), or `None` when the filter does
    /// not apply because its value is empty. A value holding `[(current_user)]` while nobody is
    /// signed in matches no row, whatever the condition (even `not_includes`): such a filter
    /// guards per-user rows, and a guest must not see them.
    pub(crate) fn prepare(filter: &Filter, value: &FilterValue, ctx: &Context) -> Result<Option<Predicate>, QueryError> {
        let condition = filter.condition;
        if !condition.takes_no_value() && value.is_empty_for(condition) {
            return Ok(None);
        }
        let value = if value.contains(CURRENT_USER_TOKEN) {
            match ctx.signed_in_email() {
                Some(email) => value.map(|s| s.replace(CURRENT_USER_TOKEN, email)),
                None => return Ok(Some(Predicate::Nothing)),
            }
        } else {
            value.clone()
        };
        let text = value.text();
        let lower = text.trim().to_lowercase();
        let number = |cond: Condition| number_value(filter, cond, &text);
        let predicate = match condition {
            Condition::Equals => Predicate::AnyOf(vec![Equality::new(&text)]),
            Condition::AnyOf => {
                Predicate::AnyOf(value.parts(ANY_OF_SEPARATOR).iter().filter(|p| !p.trim().is_empty()).map(|p| Equality::new(p)).collect())
            }
            Condition::GreaterThan => Predicate::GreaterThan(number(condition)?),
            Condition::LessThan => Predicate::LessThan(number(condition)?),
            Condition::StartsWith => Predicate::StartsWith(lower, false),
            Condition::NotStartsWith => Predicate::StartsWith(lower, true),
            Condition::EndsWith => Predicate::EndsWith(lower, false),
            Condition::NotEndsWith => Predicate::EndsWith(lower, true),
            Condition::Includes => Predicate::Includes(lower, false),
            Condition::NotIncludes => Predicate::Includes(lower, true),
            Condition::PastDays => {
                let days = number(condition)?;
                let today = ctx.today()?;
                day_window(today - Duration::days(days.floor() as i64), today + Duration::days(1))
            }
            Condition::Today => {
                let today = ctx.today()?;
                day_window(today, today + Duration::days(1))
            }
            Condition::Tomorrow => {
                let tomorrow = ctx.today()? + Duration::days(1);
                day_window(tomorrow, tomorrow + Duration::days(1))
            }
            Condition::CurrentWeek | Condition::NextWeek => {
                let today = ctx.today()?;
                let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
                let monday = if condition == Condition::NextWeek { monday + Duration::days(7) } else { monday };
                day_window(monday, monday + Duration::days(7))
            }
            Condition::Date => date_range(filter, &value)?,
        };
        Ok(Some(predicate))
    }

    /// Whether the value of `slot` in `column` passes.
    pub(crate) fn matches(&self, column: &Column, slot: usize) -> bool {
        match self {
            Predicate::Nothing => false,
            Predicate::AnyOf(parts) => parts.iter().any(|e| e.matches(column, slot)),
            Predicate::GreaterThan(n) => column.numbers()[slot] > *n,
            Predicate::LessThan(n) => column.numbers()[slot] < *n,
            Predicate::StartsWith(v, negate) => column.slot_lower(slot).starts_with(v.as_str()) != *negate,
            Predicate::EndsWith(v, negate) => column.slot_lower(slot).ends_with(v.as_str()) != *negate,
            Predicate::Includes(v, negate) => column.slot_lower(slot).contains(v.as_str()) != *negate,
            Predicate::DateWindow { from, until } => {
                let d = column.dates()[slot];
                d != NO_DATE && d >= *from && d < *until
            }
        }
    }

    /// Narrows `mask` (one flag per row) to the rows of `column` that pass.
    pub(crate) fn narrow(&self, column: &Column, mask: &mut [bool]) {
        match column.codes() {
            Some(codes) => {
                let passing: Vec<bool> = (0..column.slot_count()).map(|s| self.matches(column, s)).collect();
                for (keep, &code) in mask.iter_mut().zip(codes) {
                    *keep = *keep && passing[code as usize];
                }
            }
            None => {
                for (row, keep) in mask.iter_mut().enumerate() {
                    *keep = *keep && self.matches(column, row);
                }
            }
        }
    }
}

/// Whether `value` is one `filter`'s condition can use: `Ok` for an empty value (it leaves the
/// filter unapplied) and for conditions that take any text, else the error
/// [`Predicate::prepare`] would give. It needs no context, so a viewer's URL value can be judged
/// before any query runs.
pub fn check_value(filter: &Filter, value: &FilterValue) -> Result<(), QueryError> {
    let condition = filter.condition;
    if condition.takes_no_value() || value.is_empty_for(condition) {
        return Ok(());
    }
    match condition {
        Condition::GreaterThan | Condition::LessThan | Condition::PastDays => number_value(filter, condition, &value.text()).map(drop),
        Condition::Date => date_range(filter, value).map(drop),
        _ => Ok(()),
    }
}

/// The number a numeric condition compares with; `past_days` takes 0 to a million days.
fn number_value(filter: &Filter, condition: Condition, text: &str) -> Result<f64, QueryError> {
    let not_a_number =
        || QueryError::NotANumber { filter: filter.name.clone(), condition: condition.as_str().to_owned(), value: text.to_owned() };
    let n = parse_number(text, DecimalSeparator::Dot).ok_or_else(not_a_number)?;
    if condition == Condition::PastDays && !(0.0..=1e6).contains(&n) {
        return Err(not_a_number());
    }
    Ok(n)
}

fn midnight(day: NaiveDate) -> i64 {
    to_seconds(day.and_time(NaiveTime::MIN))
}

fn day_window(first: NaiveDate, after_last: NaiveDate) -> Predicate {
    Predicate::DateWindow { from: midnight(first), until: midnight(after_last) }
}

/// The `date` condition's `[start, end]`, both included.
fn date_range(filter: &Filter, value: &FilterValue) -> Result<Predicate, QueryError> {
    let parts = value.parts(DATE_RANGE_SEPARATOR);
    let side = |i: usize| -> Result<Option<NaiveDateTime>, QueryError> {
        let text = parts.get(i).map(|s| s.trim()).unwrap_or("");
        if text.is_empty() {
            return Ok(None);
        }
        parse_date(text).map(Some).ok_or_else(|| QueryError::NotADate { filter: filter.name.clone(), value: text.to_owned() })
    };
    if parts.len() > 2 {
        return Err(QueryError::NotADate { filter: filter.name.clone(), value: parts.join(DATE_RANGE_SEPARATOR) });
    }
    let from = side(0)?.map_or(i64::MIN + 1, to_seconds);
    let until = match side(1)? {
        // A bare end date includes its whole day.
        Some(end) if end.time() == NaiveTime::MIN => to_seconds(end) + 86_400,
        Some(end) => to_seconds(end) + 1,
        None => i64::MAX,
    };
    if from >= until {
        return Err(QueryError::ReversedRange { filter: filter.name.clone() });
    }
    Ok(Predicate::DateWindow { from, until })
}
