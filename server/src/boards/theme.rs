//! One theme per board and per app (issue 47): an accent colour that buttons, filter chips, links
//! and the charts' first series take, and a look, light or dark. A board keeps them in its
//! settings and an app in its settings, under the same keys; the web app and the server's embed
//! draw from them alike.

use tessera_core::contrast::{Color, DARK_TEXT, LIGHT_TEXT};

use crate::infra::error::Error;

/// The setting of the accent colour.
pub const ACCENT: &str = "accent_color";
/// The setting of the look.
pub const LOOK: &str = "look";
/// The accent of a board or app that set none: the catalogue's default button colour (blocks
/// §3.1), so an untouched board looks as before, with charts and links joining its buttons.
pub const DEFAULT_ACCENT: &str = tessera_blocks::BUTTON_COLOUR;
pub const LIGHT: &str = "light";
pub const DARK: &str = "dark";

/// Ok when `value` is `#RGB` or `#RRGGBB`. No alpha: text on the accent is chosen by its contrast,
/// which a see-through colour does not have.
pub fn check_accent(value: &str) -> Result<(), Error> {
    let hex = value.strip_prefix('#').unwrap_or_default();
    if matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Ok(());
    }
    Err(Error::invalid(ACCENT, format!("`{ACCENT}` must be a colour such as #4f46E5 (#RGB or #RRGGBB); got `{value}`.")))
}

pub fn check_look(value: &str) -> Result<(), Error> {
    if value == LIGHT || value == DARK {
        return Ok(());
    }
    Err(Error::invalid(LOOK, format!("`{LOOK}` must be `{LIGHT}` or `{DARK}`; got `{value}`.")))
}

/// A theme as drawn: the accent, the text readable on it, and whether the look is dark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub accent: String,
    /// Black or white by the core's contrast rule (platform §9), as `web/src/core/colours.ts` does.
    pub accent_text: &'static str,
    pub dark: bool,
}

impl Theme {
    /// The theme of stored `accent` and `look`; a value that is not one (stored before it was
    /// checked) reads as the default.
    pub fn of(accent: Option<&str>, look: Option<&str>) -> Self {
        let accent = accent.filter(|accent| check_accent(accent).is_ok()).unwrap_or(DEFAULT_ACCENT);
        let light = Color::parse(accent).is_ok_and(|colour| colour.is_light());
        Self { accent: accent.to_owned(), accent_text: if light { DARK_TEXT } else { LIGHT_TEXT }, dark: look == Some(DARK) }
    }

    /// The colour of text links: the accent where the core's contrast rule finds it readable on
    /// the look's background (dark on light, light on dark), else the text's own colour.
    pub fn link(&self) -> &str {
        let light = self.accent_text == DARK_TEXT;
        if light == self.dark {
            &self.accent
        } else {
            "inherit"
        }
    }

    /// The look as stored: `light` or `dark`.
    pub fn look(&self) -> &'static str {
        if self.dark {
            DARK
        } else {
            LIGHT
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_are_opaque_hex_colours_and_looks_light_or_dark() {
        for good in ["#4f46E5", "#fff", "#000000"] {
            assert!(check_accent(good).is_ok(), "{good}");
        }
        for bad in ["", "4f46e5", "#4f46e5cc", "#ggg", "indigo", "rgb(0,0,0)"] {
            let refused = check_accent(bad).unwrap_err().to_string();
            assert!(refused.contains("#RGB or #RRGGBB"), "{bad}: {refused}");
        }
        assert!(check_look("dark").is_ok() && check_look("light").is_ok());
        assert!(check_look("Dark").unwrap_err().to_string().contains("`light` or `dark`"));
    }

    #[test]
    fn the_text_on_the_accent_follows_the_cores_contrast_and_bad_stored_values_read_as_defaults() {
        assert_eq!(Theme::of(None, None), Theme { accent: "#4f46E5".into(), accent_text: "#FFFFFF", dark: false });
        assert_eq!(Theme::of(Some("#facc15"), Some("dark")).accent_text, "#000000");
        assert!(Theme::of(Some("#facc15"), Some("dark")).dark);
        assert_eq!(Theme::of(Some("javascript:"), Some("sepia")), Theme::of(None, None));
    }
}
