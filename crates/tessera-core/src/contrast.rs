//! Colour contrast (platform §9: "a colour is light when weighted luminance exceeds 105").
//!
//! The weighted luminance of a colour is `0.299 R + 0.587 G + 0.114 B` over its 0-255 channels:
//! the luma weights of the YIQ model (ITU-R BT.601), which weigh green most because the eye is
//! most sensitive to it. It runs from 0 (black) to 255 (white). A colour is light when it is
//! strictly above 105, and text on a light background is black (`#000000`), on a dark one white
//! (`#FFFFFF`). The comparison is made on `299 R + 587 G + 114 B > 105000`, so a colour right at
//! the threshold is never decided by a floating-point rounding.
//!
//! Accepted colours, trimmed and in any letter case: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
//! and `rgb()`/`rgba()` with comma- or space-separated channels (numbers 0-255 or percentages,
//! clamped into range as CSS does) and an optional alpha (`rgba(0, 0, 0, 0.5)`,
//! `rgb(0 0 0 / 50%)`). Alpha is read but does not change the result: the colour behind a
//! translucent one is not known here, so it is judged as if opaque. Colour names (`white`) are
//! not accepted; the colour pickers write hex.
//!
//! | colour               | luminance | light | text      |
//! |----------------------|-----------|-------|-----------|
//! | `#FFFFFF`            | 255       | yes   | `#000000` |
//! | `#FAFAFA`            | 250       | yes   | `#000000` |
//! | `#4f46E5`            | 90.817    | no    | `#FFFFFF` |
//! | `#161819`            | 23.516    | no    | `#FFFFFF` |
//! | `rgb(105, 105, 105)` | 105       | no (not above 105) | `#FFFFFF` |
//! | `#6a6a6a`            | 106       | yes   | `#000000` |
//! | `#fff8`              | 255       | yes   | `#000000` |
//! | `white`, `#ggg`, ``  | error     |       |           |

use serde::{Deserialize, Serialize};

/// The luminance a light colour exceeds (platform §9).
pub const LIGHT_THRESHOLD: f64 = 105.0;
/// Text on a light background.
pub const DARK_TEXT: &str = "#000000";
/// Text on a dark background.
pub const LIGHT_TEXT: &str = "#FFFFFF";

/// A colour as 0-255 channels and a 0-1 alpha.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Color {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}

/// Why a colour could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColorError {
    #[error("`{0}` is not a colour: use #rrggbb, #rgb or rgb(r, g, b)")]
    Invalid(String),
}

impl Color {
    /// Reads a colour written in one of the forms of this module.
    pub fn parse(text: &str) -> Result<Color, ColorError> {
        let invalid = || ColorError::Invalid(text.to_owned());
        let t = text.trim().to_ascii_lowercase();
        if let Some(hex) = t.strip_prefix('#') {
            return parse_hex(hex).ok_or_else(invalid);
        }
        let inner =
            t.strip_prefix("rgba(").or_else(|| t.strip_prefix("rgb(")).and_then(|rest| rest.strip_suffix(')')).ok_or_else(invalid)?;
        parse_functional(inner).ok_or_else(invalid)
    }

    /// `299 R + 587 G + 114 B`: a thousand times the weighted luminance.
    fn weighted(&self) -> f64 {
        299.0 * self.red + 587.0 * self.green + 114.0 * self.blue
    }

    /// The weighted luminance, 0 to 255.
    pub fn luminance(&self) -> f64 {
        self.weighted() / 1000.0
    }

    pub fn is_light(&self) -> bool {
        self.weighted() > LIGHT_THRESHOLD * 1000.0
    }
}

fn parse_hex(hex: &str) -> Option<Color> {
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..i + 1], 16).ok().map(|d| f64::from(d * 17));
    let pair = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok().map(f64::from);
    let (red, green, blue, alpha) = match hex.len() {
        3 => (digit(0)?, digit(1)?, digit(2)?, 255.0),
        4 => (digit(0)?, digit(1)?, digit(2)?, digit(3)?),
        6 => (pair(0)?, pair(2)?, pair(4)?, 255.0),
        8 => (pair(0)?, pair(2)?, pair(4)?, pair(6)?),
        _ => return None,
    };
    Some(Color { red, green, blue, alpha: alpha / 255.0 })
}

/// The inside of `rgb(...)`: `r, g, b[, a]` or `r g b[ / a]`.
fn parse_functional(inner: &str) -> Option<Color> {
    let (channels, alpha): (Vec<&str>, Option<&str>) = if inner.contains(',') {
        let mut parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        let alpha = if parts.len() == 4 { parts.pop() } else { None };
        (parts, alpha)
    } else {
        let (channels, alpha) = match inner.split_once('/') {
            Some((c, a)) => (c, Some(a.trim())),
            None => (inner, None),
        };
        (channels.split_whitespace().collect(), alpha)
    };
    if channels.len() != 3 {
        return None;
    }
    let channel = |text: &str| number(text, 255.0).map(|v| v.clamp(0.0, 255.0));
    let alpha = match alpha {
        Some(a) => number(a, 1.0)?.clamp(0.0, 1.0),
        None => 1.0,
    };
    Some(Color { red: channel(channels[0])?, green: channel(channels[1])?, blue: channel(channels[2])?, alpha })
}

/// A CSS number, or a percentage of `full` (multiplied before dividing, so `100%` of 255 is
/// exactly 255).
fn number(text: &str, full: f64) -> Option<f64> {
    let (digits, percent) = match text.strip_suffix('%') {
        Some(d) => (d, true),
        None => (text, false),
    };
    // Rust's float parser also reads `inf` and `nan`, which no colour holds.
    let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e'));
    digits.parse::<f64>().ok().filter(|v| plain && v.is_finite()).map(|v| if percent { v * full / 100.0 } else { v })
}

/// Whether `color` is light (platform §9).
pub fn is_light(color: &str) -> Result<bool, ColorError> {
    Color::parse(color).map(|c| c.is_light())
}

/// The text colour that reads on `background`: black on light colours, white on dark ones.
pub fn text_color_for(background: &str) -> Result<&'static str, ColorError> {
    Ok(if is_light(background)? { DARK_TEXT } else { LIGHT_TEXT })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luminance(text: &str) -> f64 {
        Color::parse(text).unwrap().luminance()
    }

    #[test]
    fn luminance_uses_the_yiq_weights() {
        assert_eq!(luminance("#FFFFFF"), 255.0);
        assert_eq!(luminance("#000000"), 0.0);
        assert_eq!(luminance("#ff0000"), 76.245);
        assert_eq!(luminance("#00ff00"), 149.685);
        assert_eq!(luminance("#0000ff"), 29.07);
        assert_eq!(luminance("#4f46E5"), 90.817);
    }

    #[test]
    fn light_means_strictly_above_105() {
        assert_eq!(is_light("rgb(105, 105, 105)"), Ok(false));
        assert_eq!(is_light("#6a6a6a"), Ok(true));
        assert_eq!(is_light("#FAFAFA"), Ok(true));
        assert_eq!(is_light("#161819"), Ok(false));
        assert_eq!(is_light("#00ff00"), Ok(true), "pure green is light");
        assert_eq!(is_light("#ff0000"), Ok(false), "pure red is dark");
    }

    #[test]
    fn text_is_black_on_light_and_white_on_dark() {
        assert_eq!(text_color_for("#FFFFFF"), Ok("#000000"));
        assert_eq!(text_color_for("#161819"), Ok("#FFFFFF"));
        assert_eq!(text_color_for("#d81f52"), Ok("#FFFFFF"));
        assert_eq!(text_color_for("#f1eced"), Ok("#000000"));
    }

    #[test]
    fn short_long_and_alpha_hex_forms_read_alike() {
        assert_eq!(Color::parse("#fa0").unwrap(), Color::parse("#ffaa00").unwrap());
        let c = Color::parse(" #FFAA0080 ").unwrap();
        assert_eq!((c.red, c.green, c.blue), (255.0, 170.0, 0.0));
        assert!((c.alpha - 128.0 / 255.0).abs() < 1e-12);
        assert_eq!(Color::parse("#fff8").unwrap().alpha, 136.0 / 255.0);
        assert_eq!(is_light("#fff0"), Ok(true), "alpha does not change the verdict");
    }

    #[test]
    fn rgb_functions_take_commas_spaces_percentages_and_alpha() {
        let white = Color { red: 255.0, green: 255.0, blue: 255.0, alpha: 1.0 };
        assert_eq!(Color::parse("rgb(255, 255, 255)").unwrap(), white);
        assert_eq!(Color::parse("RGB(255 255 255)").unwrap(), white);
        assert_eq!(Color::parse("rgb(100%, 100%, 100%)").unwrap(), white);
        assert_eq!(Color::parse("rgb(300, 999, 256)").unwrap(), white, "channels clamp to 255");
        assert_eq!(Color::parse("rgba(0, 0, 0, 0.5)").unwrap().alpha, 0.5);
        assert_eq!(Color::parse("rgb(0 0 0 / 50%)").unwrap().alpha, 0.5);
        assert_eq!(Color::parse("rgb(-10, 0, 0)").unwrap().red, 0.0);
        assert_eq!(luminance("rgb(100.5, 100.5, 100.5)"), 100.5);
    }

    #[test]
    fn anything_else_is_an_error_quoting_it() {
        for bad in [
            "",
            "   ",
            "white",
            "#",
            "#ggg",
            "#ff",
            "#fffff",
            "#fffffffff",
            "rgb(1, 2)",
            "rgb(1, 2, 3, 4, 5)",
            "rgb(a, b, c)",
            "rgb(1 2 3",
            "hsl(0, 0%, 0%)",
            "rgb(inf, 0, 0)",
            "rgb(nan 0 0)",
            "#ｆｆｆ",
            "rgb(1,,2)",
        ] {
            assert!(Color::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(is_light("white").unwrap_err().to_string(), "`white` is not a colour: use #rrggbb, #rgb or rgb(r, g, b)");
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(
            crate::api::evaluate("contrast", r##"{"color":"#4f46E5"}"##),
            Ok(r##"{"luminance":90.817,"light":false,"text_color":"#FFFFFF"}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("contrast", r##"{"color":"rgb(255 255 255 / 50%)"}"##),
            Ok(r##"{"luminance":255.0,"light":true,"text_color":"#000000"}"##.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("contrast", r##"{"color":"white"}"##),
            Err(r##"`white` is not a colour: use #rrggbb, #rgb or rgb(r, g, b)"##.to_owned())
        );
    }
}
