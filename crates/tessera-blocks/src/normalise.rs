//! A stored block as renderers read it: [`normalise`] converts the forms older editors stored
//! (`"true"` for a switch, `"24"` for a number, `3` for the select option `"3"`, a number typed
//! into a title), clamps numbers to the catalogue's range, drops what cannot be read as its
//! setting's kind, and fills every default, hidden settings included (a switch without a
//! default is off, a list without one empty). A renderer can then read
//! each setting as its generated type says (`web/src/generated/blockConfigs.ts`'s
//! `ChartSettings`, ...) without a fallback of its own: the catalogue's default and range live
//! here, once.
//!
//! The server normalises every block it answers (board and page state, first paint, embed,
//! history snapshots); the editor's preview does the same through WASM (`normaliseBlock`).
//! Settings the catalogue does not know are kept as they are.
//!
//! | Stored | Normalised |
//! |---|---|
//! | `{"type": "table", "paginate": "false"}` | `paginate` false, `rows_per_page` 10, every other default |
//! | `{"type": "imageGallery", "grid_columns": "9"}` | `grid_columns` 5 (the catalogue's maximum) |
//! | `{"type": "markdown", "gap": 3}` | `gap` `"3"` (a select's option is text) |
//! | `{"type": "chart", "legendPosition": "Sideways"}` | `legendPosition` `"top"` (not an option: the default) |
//! | `{"type": "table", "actions": [{"type": "delete_row"}]}` | the action's `type` `"Delete row"` (options compare by letters) |
//! | `{"type": "header", "title": 2024}` | `title` `"2024"` |
//! | `{"type": "list"}` (saved before `list_style`) | `list_style` `"Cards"`; a new list starts with `"Compact rows"` |

use serde_json::{Map, Number, Value};

use crate::block::{parse_block, BlockError};
use crate::catalogue::fields;
use crate::model::{Field, Kind};
use crate::settings::BlockSettings;

/// `block` in the form renderers read; see the module doc.
pub fn normalise(block: &Value) -> Result<Value, BlockError> {
    let (block_type, object) = parse_block(block)?;
    let mut object = object.clone();
    object.insert("type".into(), Value::String(block_type.as_str().to_owned()));
    let scope: Vec<&'static Field> = fields(block_type).collect();
    normalise_object(&mut object, &scope);
    Ok(Value::Object(object))
}

/// `block` normalised and read into its type's settings struct, for renderers written in Rust.
pub fn settings(block: &Value) -> Result<BlockSettings, BlockError> {
    // `normalise` leaves every setting of the kind its struct field declares (tested for every
    // type below), so a failure here is a bug, answered as an unreadable block, never a panic.
    serde_json::from_value(normalise(block)?).map_err(|error| BlockError::Unreadable(error.to_string()))
}

fn normalise_object(object: &mut Map<String, Value>, scope: &[&'static Field]) {
    for field in scope {
        let read = object.remove(field.key).and_then(|value| read_as(field, value));
        if let Some(value) = read.or_else(|| implied(field)) {
            object.insert(field.key.to_owned(), value);
        }
    }
}

/// What an absent setting means: what a block saved before the setting existed had (a list's
/// `list_style` `Cards`), else its default, read like a stored value (the markdown gap's default
/// 3 is the option "3"); a switch without one is off and a list without one is empty.
fn implied(field: &Field) -> Option<Value> {
    match (field.absent.or(field.default), field.kind) {
        (Some(default), _) => read_as(field, default.to_json()),
        (None, Kind::Bool) => Some(Value::Bool(false)),
        (None, Kind::List | Kind::Colours) => Some(Value::Array(Vec::new())),
        (None, _) => None,
    }
}

/// Whether a normalised block always holds `field` (the generated `*Settings` types make it
/// required then).
#[cfg(test)]
pub(crate) fn always_there(field: &Field) -> bool {
    implied(field).is_some()
}

/// Whether `stored` names the select option `option`. Editor versions spelt options differently
/// ("Delete row", "delete_row", "deleteRow"), so letters and digits alone compare, case aside.
pub fn same_option(option: &str, stored: &str) -> bool {
    fn letters(text: &str) -> impl Iterator<Item = char> + '_ {
        text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase())
    }
    letters(option).eq(letters(stored))
}

/// `value` as `field`'s kind, or `None` when it cannot be read as one (then the default holds).
fn read_as(field: &Field, value: Value) -> Option<Value> {
    match field.kind {
        Kind::Bool => match value {
            Value::Bool(_) => Some(value),
            Value::String(text) => match text.trim() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            _ => None,
        },
        Kind::Integer => number(&value).map(|n| number_value(clamp(field, n.round()))),
        Kind::Number => number(&value).map(|n| number_value(clamp(field, n))),
        Kind::Select => {
            let text = match &value {
                Value::String(text) => text.trim().to_owned(),
                Value::Number(n) => n.to_string(),
                _ => return None,
            };
            let option = field.options.iter().find(|o| same_option(o, &text))?;
            Some(Value::String((*option).to_owned()))
        }
        Kind::Colours => match value {
            Value::Array(items) => Some(Value::Array(items.into_iter().filter(Value::is_string).collect())),
            Value::String(_) => Some(Value::Array(vec![value])),
            _ => None,
        },
        Kind::Source => {
            let Value::Object(source) = value else { return None };
            let kept = source.into_iter().filter(|(key, value)| matches!(key.as_str(), "sheet" | "column") && value.is_string());
            Some(Value::Object(kept.collect()))
        }
        Kind::KeyValues => {
            let Value::Object(pairs) = value else { return None };
            Some(Value::Object(pairs.into_iter().filter_map(|(key, value)| Some((key, text(value)?))).collect()))
        }
        Kind::List => {
            let Value::Array(items) = value else { return None };
            let item_scope: Vec<&'static Field> = field.fields.iter().collect();
            let items = items.into_iter().filter_map(|item| match item {
                Value::Object(mut item) => {
                    normalise_object(&mut item, &item_scope);
                    Some(Value::Object(item))
                }
                _ => None,
            });
            Some(Value::Array(items.collect()))
        }
        Kind::Object => {
            let Value::Object(mut inner) = value else { return None };
            let inner_scope: Vec<&'static Field> = field.fields.iter().collect();
            normalise_object(&mut inner, &inner_scope);
            Some(Value::Object(inner))
        }
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
        | Kind::Time => text(value),
    }
}

/// Text, or a number as its digits (a title typed as 2024).
fn text(value: Value) -> Option<Value> {
    match value {
        Value::String(_) => Some(value),
        Value::Number(n) => Some(Value::String(n.to_string())),
        _ => None,
    }
}

/// A number, or text that holds one (`"24"`, `" 3.5 "`).
fn number(value: &Value) -> Option<f64> {
    let n = match value {
        Value::Number(n) => n.as_f64()?,
        Value::String(text) => text.trim().parse::<f64>().ok()?,
        _ => return None,
    };
    n.is_finite().then_some(n)
}

/// A whole number as an integer (as the catalogue's defaults are), any other as a float.
fn number_value(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Value::Number((n as i64).into())
    } else {
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

fn clamp(field: &Field, n: f64) -> f64 {
    let n = field.min.map_or(n, |min| n.max(f64::from(min)));
    field.max.map_or(n, |max| n.min(f64::from(max)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{normalise, settings};
    use crate::{catalogue, with_defaults, BlockSettings, BlockType};

    #[test]
    fn old_stored_forms_are_read_as_their_kind() {
        let table = normalise(&json!({"type": "table", "paginate": "false", "rows_per_page": "25"})).unwrap();
        assert_eq!((table["paginate"].clone(), table["rows_per_page"].clone()), (json!(false), json!(25)));
        let header = normalise(&json!({"type": "header", "title": 2024})).unwrap();
        assert_eq!(header["title"], "2024");
    }

    #[test]
    fn a_list_saved_before_list_style_keeps_its_cards_and_a_new_list_has_compact_rows() {
        assert_eq!(normalise(&json!({"type": "list"})).unwrap()["list_style"], "Cards");
        let new = with_defaults(&json!({"type": "list"})).unwrap();
        assert_eq!(new["list_style"], "Compact rows");
        assert_eq!(normalise(&new).unwrap()["list_style"], "Compact rows");
        let chosen = normalise(&json!({"type": "list", "list_style": "Compact rows"})).unwrap();
        assert_eq!(chosen["list_style"], "Compact rows");
    }

    #[test]
    fn numbers_are_clamped_to_the_catalogue_range_and_selects_take_their_option() {
        let gallery = normalise(&json!({"type": "imageGallery", "grid_columns": "9", "layout": "GRID"})).unwrap();
        assert_eq!((gallery["grid_columns"].clone(), gallery["layout"].clone()), (json!(5), json!("grid")));
        let chart =
            normalise(&json!({"type": "chart", "legendPosition": "Sideways", "axis": [{"column": "A", "borderWidth": 9}]})).unwrap();
        assert_eq!(chart["legendPosition"], "top", "not an option: the default");
        assert_eq!(chart["axis"][0]["borderWidth"], 5);
        assert_eq!(chart["axis"][0]["type"], "bar", "list items get their defaults too");
    }

    #[test]
    fn unreadable_values_fall_back_to_the_default_and_unknown_settings_stay() {
        let table = normalise(&json!({"type": "table", "paginate": {"x": 1}, "mine": [1]})).unwrap();
        assert_eq!((table["paginate"].clone(), table["mine"].clone()), (json!(true), json!([1])));
        let chart = normalise(&json!({"type": "chart", "axis": "not a list", "stackAxis": "yes"})).unwrap();
        assert_eq!((chart["axis"].clone(), chart["stackAxis"].clone()), (json!([]), json!(false)), "{chart}");
    }

    #[test]
    fn every_default_is_filled_hidden_ones_too_and_normalising_twice_changes_nothing() {
        for block_type in BlockType::ALL {
            let once = normalise(&json!({"type": block_type.as_str()})).unwrap();
            for field in crate::fields(block_type) {
                assert_eq!(once.get(field.key).is_some(), super::always_there(field), "{block_type} {}", field.key);
            }
            assert_eq!(normalise(&once).unwrap(), once, "{block_type}");
            // What `with_defaults` fills (for a save) normalises to the same block, but a new
            // block takes the default of a setting that older blocks read otherwise (`absent`).
            let mut new = once.clone();
            for field in crate::fields(block_type).filter(|field| field.absent.is_some()) {
                new[field.key] = field.default.expect("a setting read otherwise when absent has a default").to_json();
            }
            let filled = with_defaults(&json!({"type": block_type.as_str()})).unwrap();
            assert_eq!(normalise(&filled).unwrap(), new, "{block_type}");
        }
        assert_eq!(catalogue().blocks.len(), BlockType::ALL.len());
    }

    #[test]
    fn every_type_reads_into_its_struct_even_from_odd_stored_forms() {
        let odd = json!({"axis": "x", "title": 7, "full_width": "true", "columns": 4, "actions": [{"type": 1}, 2], "mine": {"a": 1}});
        for block_type in BlockType::ALL {
            for stored in [json!({"type": block_type.as_str()}), {
                let mut block = odd.clone();
                block["type"] = block_type.as_str().into();
                block
            }] {
                let read = settings(&stored).unwrap_or_else(|e| panic!("{block_type}: {e}"));
                assert_eq!(read.full_width(), stored["full_width"] == "true", "{block_type}");
            }
        }
        let BlockSettings::Chart(chart) = settings(&json!({"type": "chart", "Data_Format": "true", "axis": [{"column": "A"}]})).unwrap()
        else {
            panic!("a chart")
        };
        assert!(chart.data_format);
        assert_eq!((chart.axis[0].column.as_deref(), chart.axis[0].r#type.as_str()), (Some("A"), "bar"));
    }
}
