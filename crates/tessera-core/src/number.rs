//! Numbers inside spreadsheet cells (platform §5: "Numeric comparison strips non-numeric
//! characters"; blocks §3.3: the axis `decimal separator` setting).
//!
//! The rule, applied to the cell text:
//!
//! 1. Every character is dropped except ASCII digits, `-` (and the Unicode minus `−`, read as
//!    `-`) and the decimal separator (`.` for [`DecimalSeparator::Dot`], `,` for
//!    [`DecimalSeparator::Comma`]). Currency symbols, `%`, spaces and the other separator, which
//!    is then a thousands separator, all go.
//! 2. The longest numeric prefix of what is left is read: an optional `-`, digits, then an
//!    optional separator and digits. At least one digit is needed. This is JavaScript's
//!    `parseFloat` over the stripped text, so a viewer's browser and the server agree with what
//!    spreadsheet users have come to expect.
//!
//! Consequences worth knowing: the sign is the `-` in front of the first digit, wherever it
//! stood (`-$5` and `$-5` are both -5; `5-` is 5); a second sign ends the number (`--5` has
//! none); exponents are not read (`1e3` is 13); a value too large for an `f64` counts as no
//! number.
//!
//! | cell          | separator | number      |
//! |---------------|-----------|-------------|
//! | `$1,234.50`   | dot       | 1234.5      |
//! | `12%`         | dot       | 12          |
//! | `€ 3`         | dot       | 3           |
//! | `-$5`         | dot       | -5          |
//! | `1.234,5 €`   | comma     | 1234.5      |
//! | `1,234.50`    | comma     | 1.2345      |
//! | `2024-01-03`  | dot       | 2024        |
//! | `abc`, ``     | dot       | none        |
//! | `.5`          | dot       | 0.5         |

use serde::{Deserialize, Serialize};

/// Which character separates the integer part from the fraction (blocks §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum DecimalSeparator {
    #[default]
    Dot,
    Comma,
}

impl DecimalSeparator {
    fn byte(self) -> u8 {
        match self {
            DecimalSeparator::Dot => b'.',
            DecimalSeparator::Comma => b',',
        }
    }
}

/// Reads the number in a cell by the rule of this module, or `None` when it holds none.
pub fn parse_number(text: &str, separator: DecimalSeparator) -> Option<f64> {
    let sep = separator.byte();
    // Digits, one sign and one point: a finite f64 never needs more than this many
    // significant characters, but the integer part can be long, so keep a growable buffer
    // that usually stays on the stack's worth of capacity.
    let mut kept: Vec<u8> = Vec::with_capacity(24);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() || b == b'-' {
            kept.push(b);
        } else if b == sep {
            kept.push(b'.');
        } else if b == 0xE2 && bytes.get(i + 1) == Some(&0x88) && bytes.get(i + 2) == Some(&0x92) {
            // U+2212 MINUS SIGN, as typed by some locales and word processors.
            kept.push(b'-');
            i += 2;
        }
        i += 1;
    }
    numeric_prefix(&kept)
}

/// `parseFloat` over text that holds only digits, `-` and `.`.
fn numeric_prefix(kept: &[u8]) -> Option<f64> {
    let mut end = 0;
    if kept.first() == Some(&b'-') {
        end = 1;
    }
    let int_start = end;
    while end < kept.len() && kept[end].is_ascii_digit() {
        end += 1;
    }
    let mut digits = end - int_start;
    if end < kept.len() && kept[end] == b'.' {
        let frac_start = end + 1;
        let mut frac_end = frac_start;
        while frac_end < kept.len() && kept[frac_end].is_ascii_digit() {
            frac_end += 1;
        }
        digits += frac_end - frac_start;
        end = if frac_end > frac_start { frac_end } else { end };
    }
    if digits == 0 {
        return None;
    }
    // The slice holds only ASCII digits, '-' and '.', so it is valid UTF-8 and a valid float.
    let text = std::str::from_utf8(&kept[..end]).ok()?;
    let value: f64 = text.parse().ok()?;
    value.is_finite().then_some(value)
}

/// True when `text` is a plain decimal number such as `100`, `-2.5` or `0.75`: no currency,
/// no grouping. Equality filters compare numerically only against such values (see
/// [`crate::filter`]), so `Amount = 100` matches a cell `$100` but `Code = 0012` typed as text
/// still compares as text too.
pub fn is_plain_number(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = match t.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (t, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(int) && frac.is_none_or(all_digits)
}

/// Formats a number as the shortest decimal that reads back to it, without an exponent
/// (`12`, `0.5`, `1234.5`, `0.0000001`), so values
/// that the core writes as text read the same on the server and in the browser.
pub fn format_number(value: f64) -> String {
    if value == value.trunc() && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(s: &str) -> Option<f64> {
        parse_number(s, DecimalSeparator::Dot)
    }

    #[test]
    fn strips_currency_grouping_and_percent() {
        assert_eq!(dot("$1,234.50"), Some(1234.5));
        assert_eq!(dot("12%"), Some(12.0));
        assert_eq!(dot("€ 3"), Some(3.0));
        assert_eq!(dot("  42  "), Some(42.0));
    }

    #[test]
    fn sign_is_the_minus_before_the_first_digit() {
        assert_eq!(dot("-$5"), Some(-5.0));
        assert_eq!(dot("$-5"), Some(-5.0));
        assert_eq!(dot("−7"), Some(-7.0));
        assert_eq!(dot("5-"), Some(5.0));
        assert_eq!(dot("--5"), None);
        assert_eq!(dot("-"), None);
    }

    #[test]
    fn comma_separator_reads_dots_as_grouping() {
        let comma = |s| parse_number(s, DecimalSeparator::Comma);
        assert_eq!(comma("1.234,5 €"), Some(1234.5));
        assert_eq!(comma("3,75"), Some(3.75));
        assert_eq!(comma("1,234.50"), Some(1.2345));
    }

    #[test]
    fn takes_the_longest_numeric_prefix_like_parse_float() {
        assert_eq!(dot("2024-01-03"), Some(2024.0));
        assert_eq!(dot(".5"), Some(0.5));
        assert_eq!(dot("5."), Some(5.0));
        assert_eq!(dot("1.2.3"), Some(1.2));
        assert_eq!(dot("1e3"), Some(13.0));
    }

    #[test]
    fn cells_without_digits_or_beyond_f64_hold_no_number() {
        assert_eq!(dot(""), None);
        assert_eq!(dot("abc"), None);
        assert_eq!(dot("."), None);
        assert_eq!(dot(&"9".repeat(400)), None);
    }

    #[test]
    fn plain_numbers_are_digits_with_an_optional_sign_and_point() {
        for yes in ["100", "-2.5", "0.75", " 7 "] {
            assert!(is_plain_number(yes), "{yes}");
        }
        for no in ["$100", "1,000", "", "-", "1.", ".5", "1e3", "abc"] {
            assert!(!is_plain_number(no), "{no}");
        }
    }

    #[test]
    fn formats_like_javascript() {
        assert_eq!(format_number(12.0), "12");
        assert_eq!(format_number(0.5), "0.5");
        assert_eq!(format_number(-1234.5), "-1234.5");
    }
}
