//! The app-wide settings of the App Settings popup that the server itself reads: how the app's
//! users sign in (`sign_in_method`), the header and footer every page shows unless it has
//! its own (`header`, `footer`: block JSON checked against the block catalogue like any block),
//! and the app's theme (`accent_color`, `look`: `boards::theme`).
//! Other keys of an app's `settings` are the editor's own and are kept as sent.

use serde_json::{Map, Value};

use crate::boards::blocks;
use crate::boards::board_state::check_sign_in_method;
use crate::boards::theme;
use crate::infra::error::Error;

pub const SIGN_IN_METHOD: &str = "sign_in_method";

/// The two blocks an app can show on every page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chrome {
    Header,
    Footer,
}

impl Chrome {
    pub const ALL: [Chrome; 2] = [Chrome::Header, Chrome::Footer];

    /// Its key in the app's settings, which is also its block type.
    pub fn key(self) -> &'static str {
        match self {
            Chrome::Header => "header",
            Chrome::Footer => "footer",
        }
    }

    fn of_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|chrome| chrome.key() == key)
    }
}

/// A setting as it will be stored, or a 422 naming it. A header or footer is stored as the
/// catalogue leaves it (defaults kept, no id); a missing `type` is taken from the key.
pub fn checked(key: &str, value: Value) -> Result<Value, Error> {
    if key == SIGN_IN_METHOD {
        let method = value.as_str().ok_or_else(|| Error::invalid(SIGN_IN_METHOD, "`sign_in_method` must be text."))?;
        check_sign_in_method(method)?;
        return Ok(value);
    }
    if key == theme::ACCENT || key == theme::LOOK {
        let text = value.as_str().ok_or_else(|| Error::invalid(key, format!("`{key}` must be text.")))?;
        if key == theme::ACCENT {
            theme::check_accent(text)?;
        } else {
            theme::check_look(text)?;
        }
        return Ok(value);
    }
    let Some(chrome) = Chrome::of_key(key) else { return Ok(value) };
    let Value::Object(mut block) = value else {
        return Err(Error::invalid(key, format!("The app's {key} must be the settings of a {key} block, or null to remove it.")));
    };
    let block_type = block.entry("type").or_insert_with(|| Value::String(chrome.key().to_owned()));
    if block_type.as_str() != Some(chrome.key()) {
        return Err(Error::invalid(key, format!("The app's {key} must be a {key} block; got a block of type {block_type}.")));
    }
    let input = blocks::validate(Value::Object(block))?;
    let mut stored = input.config;
    stored.insert("type".to_owned(), Value::String(input.block_type));
    Ok(Value::Object(stored))
}

/// The settings an app's viewers' pages read: how to sign in, the header and footer, and the
/// look of pages and the theme. The others (the editor's filters and drafts) are for those who
/// edit the app.
const FOR_VIEWERS: [&str; 8] =
    [SIGN_IN_METHOD, "header", "footer", "page_background", "block_border", "block_shadow", theme::ACCENT, theme::LOOK];

/// `settings` (an app's) as its viewers get them: only the keys of [`FOR_VIEWERS`].
pub fn for_viewers(settings: &Map<String, Value>) -> Map<String, Value> {
    settings.iter().filter(|(key, _)| FOR_VIEWERS.contains(&key.as_str())).map(|(key, value)| (key.clone(), value.clone())).collect()
}

/// How the users of an app with `settings` (the app's) sign in: '' (either way), 'password' or
/// 'link'.
pub fn sign_in_method(settings: &Map<String, Value>) -> &str {
    settings.get(SIGN_IN_METHOD).and_then(Value::as_str).unwrap_or_default()
}

/// The theme of an app with `settings` (the app's), defaults filled in.
pub fn theme(settings: &Map<String, Value>) -> theme::Theme {
    let text = |key: &str| settings.get(key).and_then(Value::as_str);
    theme::Theme::of(text(theme::ACCENT), text(theme::LOOK))
}

/// The header or footer every page of an app with `settings` (the app's) shows unless it has its
/// own, as block JSON with a fixed id (it is not a stored block, so no row action or view call
/// can name it).
pub fn chrome_block(settings: &Map<String, Value>, chrome: Chrome) -> Option<Value> {
    let Some(Value::Object(settings)) = settings.get(chrome.key()) else { return None };
    Some(blocks::to_json(&format!("app-{}", chrome.key()), chrome.key(), settings.clone()))
}
