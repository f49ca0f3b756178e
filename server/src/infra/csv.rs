//! Text that leaves Tessera for a spreadsheet program: CSV records (the sheet export, the
//! activity feed's download) and cells written to Google Sheets as typed-in values. One rule
//! for all of them, because a guest's form can put any text in a cell that its owner later opens:
//! text a spreadsheet program would run as a formula (OWASP "CSV injection") gets a leading `'`.

use std::borrow::Cow;

/// `text` made inert for a spreadsheet program: text starting with `=`, `+`, `-`, `@`, a tab or
/// a carriage return gets a leading apostrophe, which spreadsheet programs show as text and
/// Google Sheets drops on entry. A plain signed number (`-12.5`, `+3`) is left as it is: no
/// program runs it as anything but the number, and Google keeps it a number.
pub fn defused(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_signed_number(text) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// `-12.5`, `+3`, `-1e6`, `-.5`: a sign, digits with at most one decimal point, and an optional
/// exponent; nothing else.
fn is_signed_number(text: &str) -> bool {
    let Some(unsigned) = text.strip_prefix(['-', '+']) else { return false };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent.strip_prefix(['-', '+']).unwrap_or(exponent))),
        None => (unsigned, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole.is_empty() || digits(whole)) && digits(fraction),
        None => digits(mantissa),
    };
    mantissa_ok && exponent.is_none_or(digits)
}

/// One CSV record (RFC 4180) of [`defused`] fields: fields with a comma, quote or line break are
/// quoted, quotes doubled; the record ends with CRLF.
pub fn record<'a>(fields: impl IntoIterator<Item = &'a str>, out: &mut String) {
    for (i, field) in fields.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let field = defused(field);
        if field.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&field.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&field);
        }
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_get_an_apostrophe_and_signed_numbers_stay_numbers() {
        for formula in ["=SUM(A1)", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "-", "+", "-1e", "-1.2.3", "--1", "-1,5"] {
            assert_eq!(defused(formula), format!("'{formula}"), "{formula:?}");
        }
        for plain in ["-12.5", "+3", "-1e6", "-2.5E-3", "-.5", "-0", "plain", "12", "", "a=b", "'=already"] {
            assert_eq!(defused(plain), plain, "{plain:?}");
        }
    }

    #[test]
    fn fields_are_quoted_only_when_needed_and_defused() {
        let mut out = String::new();
        record(["plain", "a,b", "say \"hi\"", "two\nlines", "", "=HYPERLINK(\"x\",\"y\")", "-7"], &mut out);
        assert_eq!(out, "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",,\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",-7\r\n");
    }
}
