//! How a cell reads to a viewer: its display text by the column's kind and an optional
//! per-column format (issue 47 "Formatted values everywhere"; blocks §3.4 axis settings
//! `format`, `decimals`, `currency_symbol`, which this module reads). Tables, lists, details,
//! calendars, scorecards and the server-drawn embed all show the text of this rule, so a viewer
//! sees `1,067.70` wherever the sheet holds `1067.7`. Editing and CSV exports keep the cell as
//! written: display text is never stored.
//!
//! **Kind.** A column's kind is [`crate::column_type::infer_column_type`] over all its cells
//! (not only the page's), so a column reads the same on every page.
//!
//! **Formats.** A blank cell stays blank and a cell its format cannot read stays as written
//! (`n/a` in a Currency column): formatting is decoration and never hides a value.
//!
//! - `Automatic` (the default): a number column's plain numbers (`741.0`, `1234.5`, `-3`) get the
//!   locale's separators and up to 3 decimals; its cells written with a symbol (`$1,200`, `12%`)
//!   stay as the owner wrote them. A date column's cells read as dates ("Jan 5, 2025"), with the
//!   time when it is not midnight ("Jan 5, 2025, 2:30 PM"). Text columns stay as written.
//! - `Number`: the cell's number ([`crate::number`], dot separator) with separators and exactly
//!   `decimals` decimals, up to 3 when unset.
//! - `Currency`: `currency_symbol` (default `$`) and exactly `decimals` decimals (default 2); the
//!   minus goes before the symbol (`-$5.00`).
//! - `Percent`: a cell written with `%` holds the percent (`12.5%` is 12.5 %); any other number
//!   is a fraction (`0.25` is 25 %). Exactly `decimals` decimals, up to 1 when unset.
//! - `Date`, `Date and time`: the cell's date ([`crate::date`]) in the locale's style, or in the
//!   `date_pattern` the owner chose (one of [`DATE_PATTERNS`], written alike in every locale:
//!   `YYYY-MM-DD` is `2025-01-05`, `DD MMM YYYY` is `05 Jan 2025`); the time keeps the locale's.
//! - `Text`: as written.
//!
//! Rounding is half away from zero (`0.125` → `0.13`), as JavaScript's `toLocaleString` rounds.
//!
//! **Locales.** The viewer's browser sends its language tag; this module knows the few below by
//! an explicit table rather than a locale-data crate (ICU's number and date data would add far
//! more to the WASM core than its size limit, `web/src/core/wasmSize.test.ts`, leaves). A tag is
//! matched exactly, then by its language (`de-AT` reads as `de`); `en-AU`, `en-NZ`, `en-IE` and
//! `en-IN` read as `en-GB`; anything else as `en-US`.
//!
//! | locale  | `1234.5` Number, 2 dec. | `1234.5` Currency `€` | `2025-01-05 14:30` Date and time |
//! |---------|-------------------------|-----------------------|----------------------------------|
//! | `en-US` | `1,234.50`              | `€1,234.50`           | `Jan 5, 2025, 2:30 PM`           |
//! | `en-GB` | `1,234.50`              | `€1,234.50`           | `5 Jan 2025, 14:30`              |
//! | `de`    | `1.234,50`              | `1.234,50 €`          | `05.01.2025, 14:30`              |
//! | `fr`    | `1 234,50` (narrow space) | `1 234,50 €`        | `05/01/2025 14:30`               |
//! | `es`, `it` | `1.234,50`           | `1.234,50 €`          | `05/01/2025, 14:30`              |
//! | `nl`    | `1.234,50`              | `€ 1.234,50`          | `05-01-2025, 14:30`              |
//! | `pt`    | `1.234,50`              | `€ 1.234,50`          | `05/01/2025, 14:30`              |
//!
//! More examples (`en-US`):
//!
//! | kind   | format    | options       | cell          | shown          |
//! |--------|-----------|---------------|---------------|----------------|
//! | number | Automatic |               | `741.0`       | `741`          |
//! | number | Automatic |               | `1067.7`      | `1,067.7`      |
//! | number | Automatic |               | `$1,200`      | `$1,200`       |
//! | date   | Automatic |               | `2025-01-05`  | `Jan 5, 2025`  |
//! | number | Currency  |               | `1067.7`      | `$1,067.70`    |
//! | number | Number    | 0 decimals    | `2.5`         | `3`            |
//! | number | Percent   |               | `0.125`       | `12.5%`        |
//! | text   | Currency  |               | `n/a`         | `n/a`          |
//! | number | Text      |               | `741.0`       | `741.0`        |

use chrono::{Datelike, NaiveDateTime, Timelike};
use serde::{Deserialize, Serialize};

use crate::column_type::{infer_column_type, ColumnType};
use crate::date::parse_date;
use crate::number::{is_plain_number, parse_number, DecimalSeparator};
use crate::table::{Column, Table};

/// The most decimals a format shows; more are read as this many.
pub const MAX_DECIMALS: u32 = 10;
/// The symbol of a Currency column that sets none.
pub const DEFAULT_CURRENCY: &str = "$";
/// The date patterns an owner may choose (a Date column's `date_pattern`, the event block's
/// `date_format`).
pub const DATE_PATTERNS: &[&str] = &["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD MMM YYYY", "MMM DD, YYYY"];

/// A column's display format (the axis setting `format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Format {
    #[default]
    Automatic,
    Number,
    Currency,
    Percent,
    Date,
    #[serde(rename = "Date and time")]
    DateTime,
    Text,
}

/// One column's format and its options, as a block's axis entry holds them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ColumnDisplay {
    pub column: String,
    pub format: Format,
    /// Exact decimals; unset means the format's own (see the module doc).
    pub decimals: Option<u32>,
    /// The Currency format's symbol; unset or empty means [`DEFAULT_CURRENCY`].
    pub currency_symbol: Option<String>,
    /// The Date formats' pattern, one of [`DATE_PATTERNS`]; unset (or unknown) means the locale's.
    pub date_pattern: Option<String>,
}

/// How many decimals a number shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decimals {
    /// At most this many, trailing zeros dropped.
    UpTo(u32),
    /// Exactly this many.
    Exactly(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DateStyle {
    /// `Jan 5, 2025`
    MonthDayYear,
    /// `5 Jan 2025`
    DayMonthYear,
    /// `05.01.2025`, with this separator between day, month and year.
    Numeric(char),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SymbolPlace {
    /// `$1.00`
    Before,
    /// `€ 1,00`
    BeforeSpaced,
    /// `1,00 €`
    AfterSpaced,
}

/// A locale's separators and styles (the table of the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Locale {
    pub tag: &'static str,
    group: &'static str,
    decimal: char,
    dates: DateStyle,
    symbol: SymbolPlace,
    hour12: bool,
    /// What stands between a date and its time.
    time_joint: &'static str,
}

const fn locale(tag: &'static str, group: &'static str, decimal: char, dates: DateStyle, symbol: SymbolPlace) -> Locale {
    Locale { tag, group, decimal, dates, symbol, hour12: false, time_joint: ", " }
}

pub const EN_US: Locale = Locale { hour12: true, ..locale("en-US", ",", '.', DateStyle::MonthDayYear, SymbolPlace::Before) };
const EN_GB: Locale = locale("en-GB", ",", '.', DateStyle::DayMonthYear, SymbolPlace::Before);
const EUROPEAN: Locale = locale("de", ".", ',', DateStyle::Numeric('.'), SymbolPlace::AfterSpaced);
const LOCALES: &[Locale] = &[
    EN_US,
    EN_GB,
    EUROPEAN,
    // French groups with a narrow no-break space, as browsers write it.
    Locale { time_joint: " ", ..locale("fr", "\u{202f}", ',', DateStyle::Numeric('/'), SymbolPlace::AfterSpaced) },
    locale("es", ".", ',', DateStyle::Numeric('/'), SymbolPlace::AfterSpaced),
    locale("it", ".", ',', DateStyle::Numeric('/'), SymbolPlace::AfterSpaced),
    locale("nl", ".", ',', DateStyle::Numeric('-'), SymbolPlace::BeforeSpaced),
    locale("pt", ".", ',', DateStyle::Numeric('/'), SymbolPlace::BeforeSpaced),
];
const BRITISH_ENGLISH: &[&str] = &["en-gb", "en-au", "en-nz", "en-ie", "en-in"];
pub(crate) const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

impl Locale {
    /// The locale of a language tag (`en-US`, `de-AT`, `fr`), by the rule of the module doc.
    pub fn of(tag: &str) -> &'static Locale {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        if BRITISH_ENGLISH.contains(&tag.as_str()) {
            return &LOCALES[1];
        }
        let language = tag.split('-').next().unwrap_or_default();
        LOCALES
            .iter()
            .find(|l| l.tag.eq_ignore_ascii_case(&tag))
            .or_else(|| LOCALES.iter().find(|l| l.tag == language))
            .unwrap_or(&LOCALES[0])
    }
}

/// The kind of a table's column, read from all its cells (each distinct value once).
pub fn column_kind(column: &Column) -> Option<ColumnType> {
    infer_column_type((0..column.slot_count()).map(|slot| column.slot_text(slot)))
}

/// The display text of `cell` in a column of `kind` shown with `display`, by the module's rule.
pub fn display_cell(cell: &str, kind: Option<ColumnType>, display: &ColumnDisplay, locale: &Locale) -> String {
    let trimmed = cell.trim();
    if trimmed.is_empty() {
        return cell.to_owned();
    }
    let number = || parse_number(trimmed, DecimalSeparator::Dot);
    let exactly = |default: Decimals| display.decimals.map(|d| Decimals::Exactly(d.min(MAX_DECIMALS))).unwrap_or(default);
    let shown = match display.format {
        Format::Text => None,
        Format::Automatic => match kind {
            Some(ColumnType::Number) if is_plain_number(trimmed) => number().map(|n| format_number(n, Decimals::UpTo(3), locale)),
            Some(ColumnType::Date) => parse_date(trimmed).map(|d| format_date(d, d.time() != chrono::NaiveTime::MIN, locale)),
            _ => None,
        },
        Format::Number => number().map(|n| format_number(n, exactly(Decimals::UpTo(3)), locale)),
        Format::Currency => number().map(|n| format_currency(n, currency_symbol(display), exactly(Decimals::Exactly(2)), locale)),
        Format::Percent => number().map(|n| {
            let percent = if trimmed.contains('%') { n } else { n * 100.0 };
            format!("{}%", format_number(percent, exactly(Decimals::UpTo(1)), locale))
        }),
        Format::Date => parse_date(trimmed).map(|d| chosen_date(d, false, display, locale)),
        Format::DateTime => parse_date(trimmed).map(|d| chosen_date(d, true, display, locale)),
    };
    shown.unwrap_or_else(|| cell.to_owned())
}

/// A computed number (a chart's sum or average of a column) as the column's `display` writes
/// it: Currency and Percent as for a cell (the number is a fraction for Percent), Number with
/// its decimals; Automatic, Text, Date and Date and time with separators and up to 2 decimals.
pub fn display_number(value: f64, display: &ColumnDisplay, locale: &Locale) -> String {
    let exactly = |default: Decimals| display.decimals.map(|d| Decimals::Exactly(d.min(MAX_DECIMALS))).unwrap_or(default);
    match display.format {
        Format::Currency => format_currency(value, currency_symbol(display), exactly(Decimals::Exactly(2)), locale),
        Format::Percent => format!("{}%", format_number(value * 100.0, exactly(Decimals::UpTo(1)), locale)),
        Format::Number => format_number(value, exactly(Decimals::UpTo(3)), locale),
        Format::Automatic | Format::Text | Format::Date | Format::DateTime => format_number(value, Decimals::UpTo(2), locale),
    }
}

/// How a value axis writes its numbers for a column shown with `display`: multiplied by
/// `scale`, with `prefix` and `suffix` around them: the currency symbol where the locale puts it,
/// or `%` with a scale of 100 for a Percent column, whose values are fractions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AxisStyle {
    pub prefix: String,
    pub suffix: String,
    pub scale: f64,
}

impl Default for AxisStyle {
    /// Numbers as they are.
    fn default() -> Self {
        AxisStyle { prefix: String::new(), suffix: String::new(), scale: 1.0 }
    }
}

/// The [`AxisStyle`] of a column shown with `display`, in `locale`.
pub fn axis_style(display: &ColumnDisplay, locale: &Locale) -> AxisStyle {
    let (prefix, suffix, scale) = match display.format {
        Format::Currency => {
            let symbol = currency_symbol(display);
            match locale.symbol {
                SymbolPlace::Before => (symbol.to_owned(), String::new(), 1.0),
                SymbolPlace::BeforeSpaced => (format!("{symbol} "), String::new(), 1.0),
                SymbolPlace::AfterSpaced => (String::new(), format!(" {symbol}"), 1.0),
            }
        }
        Format::Percent => (String::new(), "%".to_owned(), 100.0),
        _ => return AxisStyle::default(),
    };
    AxisStyle { prefix, suffix, scale }
}

fn currency_symbol(display: &ColumnDisplay) -> &str {
    display.currency_symbol.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or(DEFAULT_CURRENCY)
}

/// The display text of the cells of `rows` (sheet row indices) in `columns` (names; one the
/// sheet lacks shows blanks), row by row: each column by its kind and its entry in `formats`
/// (Automatic when it has none).
pub fn display_rows(table: &Table, rows: &[u32], columns: &[String], formats: &[ColumnDisplay], locale: &Locale) -> Vec<Vec<String>> {
    let automatic = ColumnDisplay::default();
    let prepared: Vec<_> = columns
        .iter()
        .map(|name| {
            let column = table.column_index(name).map(|c| table.column(c));
            let display = formats.iter().find(|f| f.column.trim().eq_ignore_ascii_case(name.trim())).unwrap_or(&automatic);
            // Text needs no kind, and reading one costs a pass over the column.
            let kind = match display.format {
                Format::Automatic => column.and_then(column_kind),
                _ => None,
            };
            (column, display, kind)
        })
        .collect();
    rows.iter()
        .map(|&row| {
            prepared
                .iter()
                .map(|(column, display, kind)| match column.filter(|_| (row as usize) < table.row_count()) {
                    Some(column) => display_cell(column.text(row as usize), *kind, display, locale),
                    None => String::new(),
                })
                .collect()
        })
        .collect()
}

/// `value` with the locale's separators and `decimals`; no minus when it rounds to zero.
pub fn format_number(value: f64, decimals: Decimals, locale: &Locale) -> String {
    let (negative, digits) = digits(value, decimals, locale);
    format!("{}{digits}", if negative { "-" } else { "" })
}

/// `value` as money: the minus, then the symbol where the locale puts it.
pub fn format_currency(value: f64, symbol: &str, decimals: Decimals, locale: &Locale) -> String {
    let (negative, digits) = digits(value, decimals, locale);
    let sign = if negative { "-" } else { "" };
    match locale.symbol {
        SymbolPlace::Before => format!("{sign}{symbol}{digits}"),
        SymbolPlace::BeforeSpaced => format!("{sign}{symbol} {digits}"),
        SymbolPlace::AfterSpaced => format!("{sign}{digits} {symbol}"),
    }
}

/// Whether the rounded value is negative, and its grouped digits without a sign.
fn digits(value: f64, decimals: Decimals, locale: &Locale) -> (bool, String) {
    let places = match decimals {
        Decimals::UpTo(n) | Decimals::Exactly(n) => n.min(MAX_DECIMALS) as usize,
    };
    let (int, mut frac) = round_half_away(value.abs(), places);
    if let Decimals::UpTo(_) = decimals {
        frac.truncate(frac.trim_end_matches('0').len());
    }
    let negative = value < 0.0 && (int.bytes().any(|b| b != b'0') || frac.bytes().any(|b| b != b'0'));
    let mut out = String::with_capacity(int.len() * 2 + frac.len() + 2);
    for (i, digit) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push_str(locale.group);
        }
        out.push(digit);
    }
    if !frac.is_empty() {
        out.push(locale.decimal);
        out.push_str(&frac);
    }
    (negative, out)
}

/// The integer digits and exactly `places` fraction digits of a non-negative finite `value`
/// rounded half away from zero. Rust's `{:.N}` rounds exact ties to even (`0.125` to `0.12`)
/// where JavaScript rounds them up, so the rounding is done on the decimal expansion: 40 places
/// are exact for every tie an `f64` can hold and far past the point where any non-tie differs
/// from one.
fn round_half_away(value: f64, places: usize) -> (String, String) {
    let text = format!("{:.40}", if value.is_finite() { value } else { 0.0 });
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes().take(places)).collect();
    if frac.as_bytes().get(places).is_some_and(|&d| d >= b'5') {
        // Carry the round-up through the digits, growing the number on overflow (99.995).
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let split = digits.len() - places;
    let int: String = digits[..split].iter().map(|&d| d as char).collect();
    let frac: String = digits[split..].iter().map(|&d| d as char).collect();
    (if int.is_empty() { "0".to_owned() } else { int }, frac)
}

/// A date in the owner's `date_pattern` when it is one of [`DATE_PATTERNS`], else in the
/// locale's style; the time, when `with_time`, in the locale's.
fn chosen_date(date: NaiveDateTime, with_time: bool, display: &ColumnDisplay, locale: &Locale) -> String {
    match display.date_pattern.as_deref().and_then(|pattern| format_date_pattern(date, pattern)) {
        Some(mut out) => {
            if with_time {
                push_time(&mut out, date, locale);
            }
            out
        }
        None => format_date(date, with_time, locale),
    }
}

/// `date` in `pattern`, one of [`DATE_PATTERNS`] (the day and month with two digits); `None`
/// for another pattern.
pub fn format_date_pattern(date: NaiveDateTime, pattern: &str) -> Option<String> {
    let (day, month, year) = (date.day(), date.month(), date.year());
    let name = MONTHS[month as usize - 1];
    Some(match pattern {
        "DD/MM/YYYY" => format!("{day:02}/{month:02}/{year}"),
        "MM/DD/YYYY" => format!("{month:02}/{day:02}/{year}"),
        "YYYY-MM-DD" => format!("{year}-{month:02}-{day:02}"),
        "DD MMM YYYY" => format!("{day:02} {name} {year}"),
        "MMM DD, YYYY" => format!("{name} {day:02}, {year}"),
        _ => return None,
    })
}

/// A date (and its time, without seconds, when `with_time`) in the locale's style.
pub fn format_date(date: NaiveDateTime, with_time: bool, locale: &Locale) -> String {
    let (day, month, year) = (date.day(), date.month(), date.year());
    let mut out = match locale.dates {
        DateStyle::MonthDayYear => format!("{} {day}, {year}", MONTHS[month as usize - 1]),
        DateStyle::DayMonthYear => format!("{day} {} {year}", MONTHS[month as usize - 1]),
        DateStyle::Numeric(sep) => format!("{day:02}{sep}{month:02}{sep}{year}"),
    };
    if with_time {
        push_time(&mut out, date, locale);
    }
    out
}

/// `date`'s time (hours and minutes) after `out`, joined as the locale joins them.
fn push_time(out: &mut String, date: NaiveDateTime, locale: &Locale) {
    out.push_str(locale.time_joint);
    let (hour, minute) = (date.hour(), date.minute());
    if locale.hour12 {
        let shown = if hour % 12 == 0 { 12 } else { hour % 12 };
        out.push_str(&format!("{shown}:{minute:02} {}", if hour < 12 { "AM" } else { "PM" }));
    } else {
        out.push_str(&format!("{hour:02}:{minute:02}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(cell: &str, kind: Option<ColumnType>, format: Format, decimals: Option<u32>, symbol: Option<&str>, tag: &str) -> String {
        let display =
            ColumnDisplay { column: "A".into(), format, decimals, currency_symbol: symbol.map(str::to_owned), date_pattern: None };
        display_cell(cell, kind, &display, Locale::of(tag))
    }

    #[test]
    fn the_tables_of_the_module_doc_hold() {
        use ColumnType::{Date, Number, Text};
        let n = Some(Number);
        let cases = [
            ("741.0", n, Format::Automatic, None, None, "en-US", "741"),
            ("1067.7", n, Format::Automatic, None, None, "en-US", "1,067.7"),
            ("$1,200", n, Format::Automatic, None, None, "en-US", "$1,200"),
            ("2025-01-05", Some(Date), Format::Automatic, None, None, "en-US", "Jan 5, 2025"),
            ("1067.7", n, Format::Currency, None, None, "en-US", "$1,067.70"),
            ("2.5", n, Format::Number, Some(0), None, "en-US", "3"),
            ("0.125", n, Format::Percent, None, None, "en-US", "12.5%"),
            ("n/a", Some(Text), Format::Currency, None, None, "en-US", "n/a"),
            ("741.0", n, Format::Text, None, None, "en-US", "741.0"),
            ("1234.5", n, Format::Number, Some(2), None, "de-AT", "1.234,50"),
            ("1234.5", n, Format::Currency, None, Some("€"), "de", "1.234,50 €"),
            ("1234.5", n, Format::Currency, None, Some("€"), "nl-NL", "€ 1.234,50"),
            ("1234.5", n, Format::Number, Some(2), None, "fr-FR", "1\u{202f}234,50"),
            ("2025-01-05 14:30", Some(Date), Format::DateTime, None, None, "en-US", "Jan 5, 2025, 2:30 PM"),
            ("2025-01-05 14:30", Some(Date), Format::DateTime, None, None, "en-AU", "5 Jan 2025, 14:30"),
            ("2025-01-05 14:30", Some(Date), Format::DateTime, None, None, "fr", "05/01/2025 14:30"),
            ("2025-01-05 14:30", Some(Date), Format::DateTime, None, None, "xx", "Jan 5, 2025, 2:30 PM"),
        ];
        for (cell, kind, format, decimals, symbol, tag, expected) in cases {
            assert_eq!(shown(cell, kind, format, decimals, symbol, tag), expected, "{cell} {format:?} {tag}");
        }
    }

    #[test]
    fn rounding_is_half_away_from_zero_and_a_rounded_zero_has_no_minus() {
        assert_eq!(format_number(0.125, Decimals::UpTo(2), &EN_US), "0.13");
        assert_eq!(format_number(-0.001, Decimals::Exactly(2), &EN_US), "0.00");
        assert_eq!(format_number(99.995, Decimals::Exactly(2), &EN_US), "100.00");
        assert_eq!(format_currency(-5.0, "$", Decimals::Exactly(2), &EN_US), "-$5.00");
        assert_eq!(format_number(1234567.0, Decimals::UpTo(3), &EN_US), "1,234,567");
    }

    #[test]
    fn blank_cells_stay_blank_and_midnight_dates_show_no_time() {
        assert_eq!(shown("  ", Some(ColumnType::Number), Format::Currency, None, None, "en-US"), "  ");
        assert_eq!(shown("2025-01-05T00:00", Some(ColumnType::Date), Format::Automatic, None, None, "en-US"), "Jan 5, 2025");
        assert_eq!(shown("0:30", Some(ColumnType::Date), Format::Date, None, None, "en-US"), "0:30");
    }
}
