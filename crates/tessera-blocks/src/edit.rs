//! The editing rules of platform §4, applied where the settings editor changes a block, so the
//! browser (through WASM) and any other writer get the same result.
//!
//! - [`set`] writes one setting by path and clears the siblings its field lists in `clears`
//!   when it takes another non-empty value.
//! - [`new_item`] is the item an Add appends to a list: the item's defaults, a `first_unused`
//!   select set to the first option no other item uses, `example` values filled in; `None`
//!   when the list is at its limit, because extra adds are ignored (platform §5).
//!
//! | Block | Call | Result |
//! |---|---|---|
//! | footer, contact `{type: phone, value: "+1 555"}` | `set contactItems[0].type = email` | `{type: email}` |
//! | footer, contact `{type: phone, value: "+1 555"}` | `set contactItems[0].type = phone` | unchanged value |
//! | header, item `{url: "https://x.io"}` | `set navigationItems[0].pageSlug = about` | `{pageSlug: about}` |
//! | header, item `{pageSlug: about}` | `set navigationItems[0].url = https://x.io` | `{url: https://x.io}` |
//! | ImageGrid, feature `{iconType: text, icon: A}` | `set features[0].iconType = image` | `{iconType: image}` |
//! | footer, social items instagram | `new_item socialItems` | `{type: facebook, link: https://www.facebook.com/, ...}` |
//! | footer with 3 social items | `new_item socialItems` | `None` |
//! | footer | `new_item contactItems` | `{type: phone, value: "555 0100", countryCode: "+00", showIcon: true, iconColor: "#0052FF"}` |

use serde_json::{Map, Value};

use crate::catalogue::fields;
use crate::model::{BlockType, Field, Kind};
use crate::validate::{fill, parse_block, BlockError};
use crate::visibility::{as_text, effective, item_limit, parse_segment, Scope};

/// What a path names once walked: the object that holds the last key, the settings of that
/// object, and the last step.
struct Target<'a> {
    holder: &'a mut Map<String, Value>,
    scope: Vec<&'static Field>,
    field: &'static Field,
    index: Option<usize>,
}

/// Walks `path` down `object`, creating absent objects on the way (setting `a.b` on a block
/// without `a` makes `a`), but never absent list items.
fn walk<'a>(object: &'a mut Map<String, Value>, block_type: BlockType, path: &str) -> Result<Target<'a>, BlockError> {
    let bad_path = || BlockError::BadPath { path: path.to_owned() };
    let segments: Vec<&str> = path.split('.').collect();
    let mut holder = object;
    let mut scope: Vec<&'static Field> = fields(block_type).collect();
    let mut walked = String::new();
    for (i, segment) in segments.iter().enumerate() {
        let (key, index) = parse_segment(segment).ok_or_else(bad_path)?;
        let field = *scope.iter().find(|f| f.key == key).ok_or_else(|| BlockError::UnknownSetting { block_type, path: path.to_owned() })?;
        if i + 1 == segments.len() {
            return Ok(Target { holder, scope, field, index });
        }
        if !walked.is_empty() {
            walked.push('.');
        }
        walked.push_str(key);
        holder = match (field.kind, index) {
            (Kind::List, Some(index)) => {
                let item = holder.get_mut(key).and_then(Value::as_array_mut).and_then(|items| items.get_mut(index));
                item.and_then(Value::as_object_mut).ok_or(BlockError::NoItem { list: walked.clone(), index })?
            }
            (Kind::Object, None) => {
                let slot = holder.entry(key.to_owned()).or_insert_with(|| Value::Object(Map::new()));
                if !slot.is_object() {
                    *slot = Value::Object(Map::new());
                }
                slot.as_object_mut().expect("made an object above")
            }
            _ => return Err(bad_path()),
        };
        scope = field.fields.iter().collect();
    }
    Err(bad_path())
}

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

/// `block` with the setting at `path` set to `value` (null removes it) and the settings its
/// field `clears` removed when the value changed to something non-empty. `score_card` comes
/// back as `scorecard`, like every answer of this crate.
pub fn set(block: &Value, path: &str, value: Value) -> Result<Value, BlockError> {
    let (block_type, object) = parse_block(block)?;
    let mut object = object.clone();
    object.insert("type".into(), Value::String(block_type.as_str().to_owned()));
    let target = walk(&mut object, block_type, path)?;
    let Target { holder, field, index, .. } = target;
    match index {
        // A whole item replaced: its own fields' rules are the item editor's business.
        Some(index) => {
            let items = holder.get_mut(field.key).and_then(Value::as_array_mut);
            let slot = items.and_then(|items| items.get_mut(index)).ok_or_else(|| BlockError::NoItem { list: path.to_owned(), index })?;
            *slot = value;
        }
        None => {
            let changed = holder.get(field.key).is_none_or(|old| *old != value);
            if changed && !is_empty(&value) {
                for cleared in field.clears {
                    holder.remove(*cleared);
                }
            }
            if value.is_null() {
                holder.remove(field.key);
            } else {
                holder.insert(field.key.to_owned(), value);
            }
        }
    }
    Ok(Value::Object(object))
}

/// The item an Add appends to the list at `list_path`, or `None` when the list holds as many
/// items as its limit in force allows.
pub fn new_item(block: &Value, list_path: &str) -> Result<Option<Value>, BlockError> {
    let (block_type, object) = parse_block(block)?;
    let mut object = object.clone();
    let Target { holder, scope, field, index } = walk(&mut object, block_type, list_path)?;
    if field.kind != Kind::List || index.is_some() {
        return Err(BlockError::NotAList { path: list_path.to_owned() });
    }
    let siblings: Vec<Value> = holder.get(field.key).and_then(Value::as_array).cloned().unwrap_or_default();
    if item_limit(field, holder, &scope).is_some_and(|max| siblings.len() >= max as usize) {
        return Ok(None);
    }
    let item_scope: Vec<&'static Field> = field.fields.iter().collect();
    let mut item = Map::new();
    for unique in item_scope.iter().filter(|f| f.first_unused) {
        let used: Vec<String> = siblings
            .iter()
            .filter_map(Value::as_object)
            .filter_map(|sibling| effective(unique.key, sibling, &item_scope).as_ref().and_then(as_text))
            .collect();
        if let Some(free) = unique.options.iter().find(|option| !used.iter().any(|u| u == *option)) {
            item.insert(unique.key.to_owned(), Value::String((*free).to_owned()));
        }
    }
    // Examples first: a switch an example turns on shows the settings under it, which the
    // defaults then fill (a contact item's icon colour under its Show icon).
    fill_examples(&mut item, &item_scope);
    fill(&mut item, &item_scope);
    Ok(Some(Value::Object(item)))
}

/// Fills absent settings that have an `example`, each `{key}` replaced by the item's `key`.
fn fill_examples(item: &mut Map<String, Value>, scope: &Scope) {
    for field in scope.iter().filter(|f| !f.example.is_empty()) {
        if item.get(field.key).is_some_and(|v| !v.is_null()) {
            continue;
        }
        let mut text = field.example.to_owned();
        for other in scope {
            let token = format!("{{{}}}", other.key);
            if text.contains(&token) {
                let value = effective(other.key, item, scope).as_ref().and_then(as_text).unwrap_or_default();
                text = text.replace(&token, &value);
            }
        }
        let value = if field.kind == Kind::Bool { Value::Bool(text == "true") } else { Value::String(text) };
        item.insert(field.key.to_owned(), value);
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn footer(extra: Value) -> Value {
        let mut block = json!({"type": "footer"});
        block.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        block
    }

    #[test]
    fn changing_a_contact_items_type_clears_its_value_but_keeping_it_does_not() {
        let block = footer(json!({"contactItems": [{"type": "phone", "value": "+1 555", "showIcon": true}]}));
        let changed = set(&block, "contactItems[0].type", json!("email")).unwrap();
        assert_eq!(changed["contactItems"][0], json!({"type": "email", "showIcon": true}));
        let kept = set(&block, "contactItems[0].type", json!("phone")).unwrap();
        assert_eq!(kept["contactItems"][0]["value"], "+1 555");
    }

    #[test]
    fn a_navigation_items_page_and_external_link_clear_each_other() {
        let block = json!({"type": "header", "navigationItems": [{"name": "About", "url": "https://x.io"}]});
        let to_page = set(&block, "navigationItems[0].pageSlug", json!("about")).unwrap();
        assert_eq!(to_page["navigationItems"][0], json!({"name": "About", "pageSlug": "about"}));
        let to_url = set(&to_page, "navigationItems[0].url", json!("https://y.io")).unwrap();
        assert_eq!(to_url["navigationItems"][0], json!({"name": "About", "url": "https://y.io"}));
        let picked = set(&block, "navigationItems[0].pageId", json!("p1")).unwrap();
        assert_eq!(picked["navigationItems"][0].get("url"), None);
    }

    #[test]
    fn emptying_a_setting_clears_nothing_else() {
        let block = json!({"type": "header", "navigationItems": [{"url": "https://x.io", "pageSlug": "old"}]});
        let emptied = set(&block, "navigationItems[0].pageSlug", json!("")).unwrap();
        assert_eq!(emptied["navigationItems"][0]["url"], "https://x.io");
        let removed = set(&block, "navigationItems[0].pageSlug", Value::Null).unwrap();
        assert_eq!(removed["navigationItems"][0], json!({"url": "https://x.io"}));
    }

    #[test]
    fn changing_a_features_icon_type_clears_its_icon_in_every_block_with_features() {
        for block_type in ["ImageGrid", "imageAccordian", "bannerHero", "featureslayout"] {
            let block = json!({"type": block_type, "features": [{"iconType": "text", "icon": "A", "title": "Fast"}]});
            let changed = set(&block, "features[0].iconType", json!("image")).unwrap();
            assert_eq!(changed["features"][0], json!({"iconType": "image", "title": "Fast"}), "{block_type}");
        }
        let event = json!({"type": "event", "socialIcons": [{"iconType": "text", "icon": "X"}]});
        assert_eq!(set(&event, "socialIcons[0].iconType", json!("image")).unwrap()["socialIcons"][0], json!({"iconType": "image"}));
    }

    #[test]
    fn set_writes_plain_settings_and_objects_and_names_bad_paths() {
        let block = json!({"type": "score_card"});
        assert_eq!(set(&block, "title", json!("Revenue")).unwrap(), json!({"type": "scorecard", "title": "Revenue"}));
        let table = json!({"type": "table"});
        let nested = set(&table, "conditional_filter.filter_by", json!("Current record")).unwrap();
        assert_eq!(nested["conditional_filter"], json!({"filter_by": "Current record"}));
        assert_eq!(set(&table, "nope", json!(1)).unwrap_err().to_string(), "`nope` is not a setting of a table block");
        assert_eq!(set(&table, "axis[3].type", json!("text")).unwrap_err().to_string(), "`axis` has no item 3");
        assert!(matches!(set(&table, "axis[", json!(1)), Err(BlockError::BadPath { .. })));
    }

    #[test]
    fn new_social_items_take_the_first_unused_network_with_an_example_link() {
        let first = new_item(&footer(json!({})), "socialItems").unwrap().unwrap();
        assert_eq!(first["type"], "instagram");
        assert_eq!(first["link"], "https://www.instagram.com/");
        let block = footer(json!({"socialItems": [{"type": "instagram", "link": "https://i.com"}]}));
        assert_eq!(new_item(&block, "socialItems").unwrap().unwrap()["type"], "facebook");
        // An item without a type reads as facebook, its default.
        let block = footer(json!({"socialItems": [{"type": "instagram"}, {}]}));
        let third = new_item(&block, "socialItems").unwrap().unwrap();
        assert_eq!((third["type"].as_str(), third["link"].as_str()), (Some("linkedin"), Some("https://www.linkedin.com/")));
    }

    #[test]
    fn new_contact_items_start_with_the_spec_defaults() {
        // platform §9: phone, a placeholder number, country code +00, icon colour #0052FF.
        let item = new_item(&footer(json!({})), "contactItems").unwrap().unwrap();
        assert_eq!(item, json!({"type": "phone", "value": "555 0100", "countryCode": "+00", "showIcon": true, "iconColor": "#0052FF"}));
    }

    #[test]
    fn adds_beyond_a_lists_limit_are_ignored() {
        let three = json!([{}, {}, {}]);
        for list in ["contactItems", "socialItems"] {
            assert_eq!(new_item(&footer(json!({ list: three })), list).unwrap(), None, "{list}");
        }
        let four = json!([{}, {}, {}, {}]);
        assert_eq!(new_item(&footer(json!({"footerSublinks": four})), "footerSublinks").unwrap(), None);
        assert!(new_item(&footer(json!({"footerSublinks": [{}, {}, {}]})), "footerSublinks").unwrap().is_some());
        let five = json!([{}, {}, {}, {}, {}]);
        assert!(new_item(&footer(json!({"simpleLinks": five})), "simpleLinks").unwrap().is_some());
        let hub = footer(json!({"footerLayoutType": "Navigation Hub Footer", "simpleLinks": five}));
        assert_eq!(new_item(&hub, "simpleLinks").unwrap(), None);
        let ten: Vec<Value> = (0..10).map(|_| json!({})).collect();
        assert_eq!(new_item(&footer(json!({"simpleLinks": ten})), "simpleLinks").unwrap(), None);
    }

    #[test]
    fn new_items_of_nested_lists_get_their_defaults() {
        let chart = json!({"type": "chart", "axis": []});
        let series = new_item(&chart, "axis").unwrap().unwrap();
        assert_eq!(series["type"], "bar");
        assert_eq!(series["borderWidth"], 1);
        assert!(matches!(new_item(&chart, "title"), Err(BlockError::NotAList { .. })));
    }
}
