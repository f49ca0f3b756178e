//! Which settings the editor shows (blocks §4: "StepSize is hidden unless CustomStepSize is on",
//! "rows_per_page is hidden when paginate is off", "many other settings are hidden depending on
//! related settings"). The rules are data on each field ([`Rule`]); this module only reads them.
//!
//! A rule is judged on the object that holds the setting: the block for block settings, the
//! item for a list item's settings. An absent (or null) setting reads as its default; an absent
//! flag without a default is off. A setting inside a list item or an object is visible only when
//! the list or object is visible too.
//!
//! | Setting | Shown when | Spec |
//! |---|---|---|
//! | chart `StepSize` | `CustomStepSize` is on | blocks §3.3, §4 |
//! | chart `grid_color` | `grid` is not None | blocks §3.3 |
//! | table/list `rows_per_page` | `paginate` is on (default on) | blocks §3.4, §4 |
//! | table/list `add_row_button_title`, `add_row_button_color`, `add_row_text_color` | `add_new_row` is not None | blocks §3.2, §3.4 |
//! | `conditional_filter.select_column`, `.condition` | `filter_by` is not None | blocks §3.4 |
//! | `conditional_filter.match_with_column` | `filter_by` is Current record | blocks §3.4, platform §5 |
//! | column `image_source` | column `type` is image | blocks §3.4, §3.5 |
//! | column `from_google_sheet` | `type` is select or multi-select | blocks §3.4 |
//! | column `options` | `type` is select or multi-select and `from_google_sheet` is off | blocks §3.4 |
//! | column `source` | `type` is select or multi-select and `from_google_sheet` is on | blocks §3.4 |
//! | column `character_limit` | `type` is a free-text type (or unset) | blocks §3.4 |
//! | row action `source_column` | `type` is Open link, Compose Email, Copy to clipboard or Download pdf | blocks §3.6 |
//! | row action `pdf_template` | `type` is Download pdf | blocks §3.6 |
//! | row action `api_endpoint`, `http_method`, `body_type`, `authorization_method`, `field_mapping` | `type` is API call | blocks §3.6 |
//! | row action `token` | API call and `authorization_method` is Bearer Token or Custom Header (the header's value) | blocks §3.6 |
//! | row action `custom_header` | API call and `authorization_method` is Custom Header | blocks §3.6 |
//! | calendar `calender_year`, `calender_month` | `default_calendar_month` is Selected month | blocks §3.7 |
//! | form field `file_mime_type` | `type` is file | blocks §3.8 |
//! | form field `regex_validation`, `placeholder`, `default` | `type` is not file | blocks §3.8 |
//! | gallery `columns` / `grid_columns` | `layout` is masonry / grid | blocks §3.11 |
//! | gallery `carousel_auto_scroll` / `fullscreen_auto_scroll` | `layout` is carousel / FullScreenView | blocks §3.11 |
//! | gallery `carousel_interval` / `fullscreen_interval` | that layout and its auto-scroll is on | blocks §3.11 |
//! | gallery `border_color`, `border_width` | `border` is on | blocks §3.11 |
//! | gallery `icon`, `icon_color` | `show_icon` is on | blocks §3.11 |
//! | grid column `image_width`, `image_height`, `round_image` | `type` is image | blocks §3.12 |
//! | grid/datalist column `button_text`, grid `round_button` | `type` is button | blocks §3.12, §3.15 |
//! | markdown `columns`, `gap` | `loop` is on | blocks §3.13 |
//! | datalist `timeline_layout`, `timeline_color`, `timeline_dot_color` | `list_type` is timeline | blocks §3.15 |
//! | event `end_date` | `Event_Type` is Multi day | blocks §3.16 |
//! | event `address` / `link` | `Location` is Physical / Webinar | blocks §3.16 |
//! | event registration text, link, colour | `registration_button` is on | blocks §3.16 |
//! | footer contact `countryCode` | contact `type` is phone (the default) | blocks §3.19 |
//! | footer `iconColor` | `showIcon` is on | blocks §3.19 |
//! | header `pageId`, `pageSlug` / `url` | `linkType` is page / external | blocks §2, §3.20 |
//! | header `userProfileImage` | `UserMenu` is on | blocks §3.20 |
//! | every block's `title_color`, `title_background_color` | `title` is set | blocks §3.1 |
//! | feature `icon` | the feature's `iconType` is set | blocks §3.17, §3.18 |
//! | bannerHero `imagePosition` | `foreground_image` is set | blocks §3.18 |
//! | ImageGrid/imageAccordian `learn_more_link` | `learn_more_text` is set | blocks §3.17 |
//! | itemDetails action `url` / `page` | action `type` is External URL / Page | blocks §2, §3.21 |

use serde_json::{Map, Value};

use crate::block::{parse_block, BlockError};
use crate::catalogue::fields;
use crate::model::{Field, Kind, Rule};

/// The settings that can appear in one object: a block's, or a list item's.
pub(crate) type Scope = [&'static Field];

/// The value a rule sees: the setting as given unless absent or null, else its default.
pub(crate) fn effective(key: &str, object: &Map<String, Value>, scope: &Scope) -> Option<Value> {
    match object.get(key) {
        Some(v) if !v.is_null() => Some(v.clone()),
        _ => scope.iter().find(|f| f.key == key).and_then(|f| f.default).map(|d| d.to_json()),
    }
}

/// A value as the text rules compare: text as it is, numbers and flags as JSON spells them.
pub(crate) fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Whether `rule` holds for `object`, whose settings are `scope`.
pub(crate) fn holds(rule: &Rule, object: &Map<String, Value>, scope: &Scope) -> bool {
    let text = |field: &str| effective(field, object, scope).as_ref().and_then(as_text);
    match rule {
        Rule::Always => true,
        Rule::IsOn { field } => effective(field, object, scope) == Some(Value::Bool(true)),
        Rule::IsOff { field } => effective(field, object, scope) != Some(Value::Bool(true)),
        Rule::IsSet { field } => effective(field, object, scope).is_some_and(|v| v.as_str().is_none_or(|t| !t.trim().is_empty())),
        Rule::Equals { field, value } => text(field).as_deref() == Some(*value),
        Rule::NotEquals { field, value } => text(field).as_deref() != Some(*value),
        Rule::OneOf { field, values } => text(field).is_some_and(|t| values.contains(&t.as_str())),
        Rule::NoneOf { field, values } => !text(field).is_some_and(|t| values.contains(&t.as_str())),
        Rule::All { rules } => rules.iter().all(|r| holds(r, object, scope)),
    }
}

/// The item limit of a list in force for the object that holds it: the first lower limit whose
/// rule holds, else the list's own.
pub(crate) fn item_limit(list: &Field, holder: &Map<String, Value>, scope: &Scope) -> Option<u32> {
    list.item_limits.iter().find(|l| holds(&l.when, holder, scope)).map(|l| l.max_items).or(list.max_items)
}

/// One step of a setting path: a key, and an item index when the key is a list.
pub(crate) fn parse_segment(segment: &str) -> Option<(&str, Option<usize>)> {
    match segment.split_once('[') {
        None => (!segment.is_empty()).then_some((segment, None)),
        Some((key, rest)) => {
            let index = rest.strip_suffix(']')?.parse().ok()?;
            (!key.is_empty()).then_some((key, Some(index)))
        }
    }
}

/// Whether the setting at `path` (`rows_per_page`, `axis[0].image_source`,
/// `conditional_filter.match_with_column`) is shown for `block`, judged with blocks §4's rules.
///
/// | Block | Path | Visible |
/// |---|---|---|
/// | `{"type": "chart"}` | `StepSize` | false |
/// | `{"type": "chart", "CustomStepSize": true}` | `StepSize` | true |
/// | `{"type": "table"}` | `rows_per_page` | true (paginate defaults on) |
/// | `{"type": "table", "axis": [{"type": "image"}]}` | `axis[0].image_source` | true |
/// | `{"type": "table", "axis": [{"type": "text"}]}` | `axis[0].image_source` | false |
pub fn visible(block: &Value, path: &str) -> Result<bool, BlockError> {
    let (block_type, object) = parse_block(block)?;
    let block_scope: Vec<&'static Field> = fields(block_type).collect();
    let bad_path = || BlockError::BadPath { path: path.to_owned() };
    let segments: Vec<&str> = path.split('.').collect();
    let empty = Map::new();
    let mut object: &Map<String, Value> = object;
    let mut scope: Vec<&'static Field> = block_scope;
    let mut walked = String::new();
    for (i, segment) in segments.iter().enumerate() {
        let (key, index) = parse_segment(segment).ok_or_else(bad_path)?;
        let field = *scope.iter().find(|f| f.key == key).ok_or_else(|| BlockError::UnknownSetting { block_type, path: path.to_owned() })?;
        if !holds(&field.visible, object, &scope) {
            return Ok(false);
        }
        if !walked.is_empty() {
            walked.push('.');
        }
        walked.push_str(key);
        let last = i + 1 == segments.len();
        match (field.kind, index) {
            (Kind::List, Some(index)) => {
                let items = object.get(key).and_then(Value::as_array);
                let item = items.and_then(|items| items.get(index)).ok_or_else(|| BlockError::NoItem { list: walked.clone(), index })?;
                walked.push_str(&format!("[{index}]"));
                if last {
                    return Ok(true);
                }
                object = item.as_object().ok_or_else(|| BlockError::NoItem { list: walked.clone(), index })?;
            }
            (Kind::Object, None) if !last => {
                object = object.get(key).and_then(Value::as_object).unwrap_or(&empty);
            }
            (_, None) if last => return Ok(true),
            _ => return Err(bad_path()),
        }
        scope = field.fields.iter().collect();
    }
    Err(bad_path())
}
