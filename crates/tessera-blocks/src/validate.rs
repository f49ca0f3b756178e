//! Checking a block config against the catalogue, and filling its defaults.
//!
//! [`validate`] reads every setting the catalogue knows for the block's type, checks its JSON
//! type, its options, its range and a list's item limit, and names each problem by its path
//! (`axis[0].borderWidth`). Settings the catalogue does not know are kept as they are (forward
//! compatibility: a newer editor may write settings an older server does not know). Null reads
//! as absent.
//!
//! Required settings (blocks §2, §5: chart `x_axis` and series `column`, the map's four columns,
//! a toolbar button's `open_page`, a footer social `link`) are required to *save* a block, and
//! only while they are visible. A block with `temp_block: true` is a draft: 'Choose Your Block'
//! stores a picked block at once (platform §4: a new temporary block has `temp_block` true),
//! before the user has filled anything in, so a draft may leave required settings empty. All
//! other checks apply to drafts too. The settings editor saves without `temp_block`, and then
//! every required setting must be there.
//!
//! | Input | Answer |
//! |---|---|
//! | `{"type": "chart", "x_axis": "Month"}` | valid |
//! | `{"type": "chart"}` | `x_axis`: "`x_axis` is required" |
//! | `{"type": "chart", "temp_block": true}` | valid (a draft) |
//! | `{"type": "chart", "x_axis": "M", "axis": [{"column": "A", "borderWidth": 7}]}` | `axis[0].borderWidth`: "... must be from 0 to 5; got `7`" |
//! | `{"type": "footer", "socialItems": [{"link": "ftp://x"}]}` | `socialItems[0].link`: "... must start with http:// or https://; got `ftp://x`" |
//! | `{"type": "score_card"}` | valid, type `scorecard` |
//! | `{"type": "pie"}` | `type`: "unknown block type `pie`; ..." |

use serde::Serialize;
use serde_json::{Map, Value};
use tessera_core::chart::SeriesType;

pub use crate::block::BlockError;
pub(crate) use crate::block::{parse_block, quote};
use crate::catalogue::fields;
#[cfg(feature = "iframe-check")]
use crate::catalogue::IFRAME_CODE;
use crate::model::{BlockType, Field, Kind};
use crate::visibility::{as_text, holds, item_limit, Scope};

/// A block that passed [`validate`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    #[serde(rename = "type")]
    pub block_type: BlockType,
    /// `temp_block: true`: required settings may still be empty.
    pub draft: bool,
    /// Every setting but `type`, as given (unknown settings included).
    pub config: Map<String, Value>,
}

/// One problem with one setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[error("{message}")]
pub struct FieldError {
    /// Where: `x_axis`, `axis[0].column`, `conditional_filter.condition`; `block` for the whole
    /// block, `type` for its type.
    pub path: String,
    pub message: String,
}

impl BlockError {
    /// The error as a [`FieldError`]: the path is `block`, `type` or the setting at fault.
    pub fn to_field_error(&self) -> FieldError {
        let path = match self {
            Self::NotAnObject(_) | Self::Unreadable(_) => "block".to_owned(),
            Self::MissingType | Self::TypeNotText(_) | Self::UnknownType(_) => "type".to_owned(),
            Self::UnknownSetting { path, .. } | Self::BadPath { path } | Self::NotAList { path } => path.clone(),
            Self::NoItem { list, .. } => list.clone(),
        };
        FieldError { path, message: self.to_string() }
    }
}

/// Checks `block` (`{type, ...settings}`) against its type's settings (see the module doc).
/// Every problem found is answered, in catalogue order.
pub fn validate(block: &Value) -> Result<Block, Vec<FieldError>> {
    let (block_type, object) = parse_block(block).map_err(|e| vec![e.to_field_error()])?;
    let mut errors = Vec::new();
    let draft = match object.get("temp_block") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            errors.push(FieldError {
                path: "temp_block".into(),
                message: format!("`temp_block` must be true or false; got `{}`", quote(other)),
            });
            false
        }
    };
    let scope: Vec<&'static Field> = fields(block_type).collect();
    check_object(object, &scope, "", draft, &mut errors);
    #[cfg(feature = "iframe-check")]
    if block_type == BlockType::Iframe {
        check_iframe_code(object, &mut errors);
    }
    if block_type == BlockType::Chart {
        check_series_mix(object, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut config = object.clone();
    config.remove("type");
    Ok(Block { block_type, draft, config })
}

/// Whether `block` (`{type, ...settings}` as stored, where `temp_block` never is) still lacks a
/// visible required setting: a draft picked in 'Choose Your Block' and not completed yet. The
/// server answers such a block with `temp_block: true`, so every page draws it as a draft that
/// says what to choose instead of asking for rows or a view it cannot have. A block that is not
/// one of the catalogue's types is not a draft.
pub fn is_unfinished(block: &Value) -> bool {
    let Ok((block_type, object)) = parse_block(block) else { return false };
    let scope: Vec<&'static Field> = fields(block_type).collect();
    let (mut saved, mut draft) = (Vec::new(), Vec::new());
    check_object(object, &scope, "", false, &mut saved);
    check_object(object, &scope, "", true, &mut draft);
    // The two checks differ only in the required settings a draft may leave empty.
    saved.len() > draft.len()
}

/// Pasted iframe code must hold the one http(s) frame the page will draw (blocks §3.14), so the
/// owner reads why at the field instead of finding an empty block on the board. Only with the
/// `iframe-check` feature (every native build): the browser's WASM core leaves html5ever out and
/// the settings editor adds the markup module's `iframeFrame` refusal, the same text, itself.
#[cfg(feature = "iframe-check")]
fn check_iframe_code(object: &Map<String, Value>, errors: &mut Vec<FieldError>) {
    if let Some(Value::String(code)) = object.get(IFRAME_CODE) {
        if let Err(refusal) = tessera_markup::iframe::parse(code) {
            errors.push(FieldError { path: IFRAME_CODE.into(), message: refusal.to_string() });
        }
    }
}

/// A chart's series must be of one family: a pie ring or a radar polygon has no place on a grid
/// of categories, so the owner reads why at the series instead of seeing it drawn as bars.
fn check_series_mix(object: &Map<String, Value>, errors: &mut Vec<FieldError>) {
    // An unset type is the catalogue's bar; an unknown one is the options check's to refuse.
    let types: Vec<(&str, SeriesType)> = object
        .get("axis")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|item| item.get("type").and_then(Value::as_str).unwrap_or("bar"))
        .filter_map(|name| serde_json::from_value(Value::from(name)).ok().map(|series_type| (name, series_type)))
        .collect();
    let Some(&(first, first_type)) = types.first() else { return };
    for (index, (name, series_type)) in types.iter().enumerate().skip(1) {
        if series_type.family() != first_type.family() {
            errors.push(FieldError {
                path: format!("axis[{index}].type"),
                message: format!(
                    "a {name} series cannot share a chart with a {first} series: a chart draws {} series together only. \
                     Choose one of those, or show this column in a chart of its own",
                    first_type.family().members()
                ),
            });
        }
    }
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

/// Empty for the purpose of a required setting: blank text, or a source without a column.
fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Object(o) => o.get("column").and_then(Value::as_str).is_none_or(|c| c.trim().is_empty()),
        _ => false,
    }
}

fn check_object(object: &Map<String, Value>, scope: &Scope, prefix: &str, draft: bool, errors: &mut Vec<FieldError>) {
    for field in scope {
        let path = join(prefix, field.key);
        let value = object.get(field.key).filter(|v| !v.is_null());
        let missing = value.is_none_or(|v| field.required && is_blank(v));
        if missing {
            if field.required && !draft && holds(&field.visible, object, scope) {
                errors.push(FieldError { message: format!("`{path}` is required"), path });
            }
            continue;
        }
        if let Some(value) = value {
            check_value(field, value, &path, object, scope, draft, errors);
        }
    }
}

fn check_value(
    field: &Field,
    value: &Value,
    path: &str,
    object: &Map<String, Value>,
    scope: &Scope,
    draft: bool,
    errors: &mut Vec<FieldError>,
) {
    let mut fail = |what: String| {
        errors.push(FieldError { path: path.to_owned(), message: format!("`{path}` must be {what}; got `{}`", quote(value)) })
    };
    match field.kind {
        Kind::Text
        | Kind::LongText
        | Kind::Colour
        | Kind::Column
        | Kind::Sheet
        | Kind::Page
        | Kind::Url
        | Kind::HttpUrl
        | Kind::Image
        | Kind::Email
        | Kind::Date
        | Kind::Time => {
            let Some(text) = value.as_str() else { return fail("text".into()) };
            match field.kind {
                Kind::HttpUrl if !text.is_empty() && !has_http_scheme(text) => fail("a link starting with http:// or https://".into()),
                Kind::Email if !text.trim().is_empty() && !tessera_core::form::is_valid_email(text) => {
                    fail("an e-mail address such as name@example.com".into())
                }
                _ => {}
            }
        }
        Kind::Bool => {
            if !value.is_boolean() {
                fail("true or false".into());
            }
        }
        Kind::Number | Kind::Integer => {
            let Some(number) = value.as_f64() else { return fail("a number".into()) };
            if field.kind == Kind::Integer && number.fract() != 0.0 {
                return fail("a whole number".into());
            }
            match (field.min, field.max) {
                (Some(min), Some(max)) if number < f64::from(min) || number > f64::from(max) => fail(format!("from {min} to {max}")),
                (Some(min), None) if number < f64::from(min) => fail(format!("at least {min}")),
                _ => {}
            }
        }
        Kind::Select => {
            let text = match value {
                Value::String(_) | Value::Number(_) => as_text(value),
                _ => None,
            };
            if !text.is_some_and(|t| field.options.contains(&t.as_str())) {
                fail(format!("one of {}", field.options.join(" | ")));
            }
        }
        Kind::Colours => {
            if !value.as_array().is_some_and(|items| items.iter().all(Value::is_string)) {
                fail("a list of colours".into());
            }
        }
        Kind::Source => {
            let ok = value
                .as_object()
                .is_some_and(|o| ["sheet", "column"].iter().all(|k| o.get(*k).is_none_or(|v| v.is_string() || v.is_null())));
            if !ok {
                fail("a sheet and column such as {\"sheet\": \"Sales\", \"column\": \"Total\"}".into());
            }
        }
        Kind::KeyValues => {
            if !value.as_object().is_some_and(|o| o.values().all(Value::is_string)) {
                fail("an object of text values".into());
            }
        }
        Kind::List => {
            let Some(items) = value.as_array() else { return fail("a list".into()) };
            let limit = item_limit(field, object, scope);
            if let Some(max) = limit.filter(|max| items.len() > *max as usize) {
                errors.push(FieldError {
                    path: path.to_owned(),
                    message: format!("`{path}` takes at most {max} items; got {}", items.len()),
                });
            }
            if field.fields.is_empty() {
                return;
            }
            let item_scope: Vec<&'static Field> = field.fields.iter().collect();
            for (i, item) in items.iter().enumerate() {
                let item_path = format!("{path}[{i}]");
                match item.as_object() {
                    Some(item) => check_object(item, &item_scope, &item_path, draft, errors),
                    None => errors
                        .push(FieldError { message: format!("`{item_path}` must be an object; got `{}`", quote(item)), path: item_path }),
                }
            }
        }
        Kind::Object => {
            let Some(inner) = value.as_object() else { return fail("an object".into()) };
            let inner_scope: Vec<&'static Field> = field.fields.iter().collect();
            check_object(inner, &inner_scope, path, draft, errors);
        }
    }
}

fn has_http_scheme(text: &str) -> bool {
    let lower = text.trim_start().to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// `block` with every absent (or null) setting that is shown and has a default filled in,
/// inside present list items and objects too; settings already there are never changed, and
/// `score_card` becomes `scorecard`. Keys keep their order; filled ones follow in catalogue
/// order. Hidden settings stay absent (a text field gets no `file_mime_type`): absent reads as
/// the default wherever it is read, so filling them would only add noise.
///
/// | Input | Output |
/// |---|---|
/// | `{"type": "table"}` | `{"type": "table", "paginate": true, "rows_per_page": 10, ...}` |
/// | `{"type": "table", "paginate": false}` | no `rows_per_page` (hidden) |
/// | `{"type": "table", "rows_per_page": 25}` | `rows_per_page` stays 25 |
/// | `{"type": "chart", "axis": [{"column": "A"}]}` | the series gets `type` bar, `borderWidth` 1, ... |
pub fn with_defaults(block: &Value) -> Result<Value, BlockError> {
    let (block_type, object) = parse_block(block)?;
    let mut object = object.clone();
    object.insert("type".into(), Value::String(block_type.as_str().to_owned()));
    let scope: Vec<&'static Field> = fields(block_type).collect();
    fill(&mut object, &scope);
    Ok(Value::Object(object))
}

pub(crate) fn fill(object: &mut Map<String, Value>, scope: &Scope) {
    for field in scope {
        let shown = holds(&field.visible, object, scope);
        match object.get_mut(field.key) {
            None | Some(Value::Null) => {
                if let Some(default) = field.default.filter(|_| shown) {
                    object.insert(field.key.to_owned(), default.to_json());
                }
            }
            Some(Value::Array(items)) if field.kind == Kind::List && !field.fields.is_empty() => {
                let item_scope: Vec<&'static Field> = field.fields.iter().collect();
                for item in items.iter_mut().filter_map(Value::as_object_mut) {
                    fill(item, &item_scope);
                }
            }
            Some(Value::Object(inner)) if field.kind == Kind::Object => {
                let inner_scope: Vec<&'static Field> = field.fields.iter().collect();
                fill(inner, &inner_scope);
            }
            Some(_) => {}
        }
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// [`check_object`] on a scope made up by a test, as a save.
    pub fn check(object: &Value, scope: &Scope, errors: &mut Vec<FieldError>) {
        check_object(object.as_object().expect("an object"), scope, "", false, errors);
    }
}

#[cfg(test)]
mod unfinished_tests {
    use super::is_unfinished;
    use serde_json::json;

    #[test]
    fn a_chart_without_its_x_axis_or_a_series_column_is_unfinished() {
        assert!(is_unfinished(&json!({"type": "chart"})));
        assert!(is_unfinished(&json!({"type": "chart", "x_axis": "Month", "axis": [{"column": ""}]})));
        assert!(!is_unfinished(&json!({"type": "chart", "x_axis": "Month", "axis": [{"column": "Total"}]})));
    }

    #[test]
    fn blocks_without_required_settings_and_unknown_types_are_never_unfinished() {
        assert!(!is_unfinished(&json!({"type": "table"})));
        assert!(!is_unfinished(&json!({"type": "markdown"})));
        assert!(!is_unfinished(&json!({"type": "pie"})));
    }

    #[test]
    fn other_problems_do_not_make_a_block_unfinished() {
        // A range error is answered to drafts and saves alike: it is not a missing setting.
        assert!(!is_unfinished(&json!({"type": "chart", "x_axis": "M", "axis": [{"column": "A", "borderWidth": 7}]})));
        assert!(is_unfinished(&json!({"type": "map", "title_column": "Name"})));
    }
}

#[cfg(test)]
mod series_mix_tests {
    use super::validate;
    use serde_json::{json, Value};

    fn chart(types: &[Option<&str>]) -> Value {
        let axis: Vec<Value> = types
            .iter()
            .enumerate()
            .map(|(i, t)| match t {
                Some(t) => json!({"column": format!("C{i}"), "type": t}),
                None => json!({"column": format!("C{i}")}),
            })
            .collect();
        json!({"type": "chart", "x_axis": "Month", "axis": axis})
    }

    #[test]
    fn series_of_one_family_mix_freely() {
        for types in [
            vec![Some("bar"), Some("line"), Some("scatter"), Some("horizontal-bar")],
            vec![Some("horizontal-bar"), None, Some("line")],
            vec![Some("pie"), Some("polarArea")],
            vec![Some("radar"), Some("radar")],
        ] {
            assert!(validate(&chart(&types)).is_ok(), "{types:?}");
        }
    }

    #[test]
    fn a_ring_or_a_radar_among_other_series_is_refused_at_that_series_saying_why() {
        let errors = validate(&chart(&[Some("bar"), Some("line"), Some("pie")])).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].path, "axis[2].type");
        assert!(errors[0].message.starts_with("a pie series cannot share a chart with a bar series"), "{}", errors[0].message);
        assert!(errors[0].message.contains("line, bar, horizontal bar and scatter"), "{}", errors[0].message);
        // An unset type is the catalogue's bar.
        let errors = validate(&chart(&[Some("radar"), None])).unwrap_err();
        assert_eq!((errors[0].path.as_str(), errors.len()), ("axis[1].type", 1));
        assert!(validate(&chart(&[Some("pie"), Some("radar")])).is_err());
    }
}
