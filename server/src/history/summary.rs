//! What changed between two snapshots of a board or an app, as lines an editor reads in the
//! History panel ("Chart 'Revenue by month': X axis Date → Region"), and which things changed
//! (the *subjects*), so that a burst of saves to the same block can be kept as one revision.
//!
//! Setting names are the editor's labels from the block catalogue; values are shown when they
//! are short text, numbers or flags, otherwise the line says the setting changed.

use serde_json::{Map, Value};
use tessera_blocks::BlockType;

/// The lines and subjects of one change.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Change {
    pub lines: Vec<String>,
    /// `block:<id>`, `page:<id>`, `settings`, `order`, ...: what was touched.
    pub subjects: Vec<String>,
    /// Something was added, deleted or moved (not only settings edited).
    pub structural: bool,
}

impl Change {
    /// Both changes only edit settings, of the same things: one editing session.
    pub fn same_edit_as(&self, other: &Self) -> bool {
        !self.structural && !other.structural && !self.subjects.is_empty() && self.subjects == other.subjects
    }

    fn structure(&mut self, subject: String, line: String) {
        self.structural = true;
        self.say(subject, line);
    }

    fn say(&mut self, subject: String, line: String) {
        if !self.subjects.contains(&subject) {
            self.subjects.push(subject);
        }
        self.lines.push(line);
    }
}

/// A value as a line shows it: short scalars quoted or as they are, anything else `None`.
fn shown(value: Option<&Value>) -> Option<String> {
    const LONGEST: usize = 40;
    match value {
        None | Some(Value::Null) => Some("(empty)".to_owned()),
        Some(Value::String(text)) if text.is_empty() => Some("(empty)".to_owned()),
        Some(Value::String(text)) if text.chars().count() <= LONGEST && !text.contains('\n') => Some(text.clone()),
        Some(Value::Bool(flag)) => Some(if *flag { "on" } else { "off" }.to_owned()),
        Some(Value::Number(number)) => Some(number.to_string()),
        _ => None,
    }
}

/// `x_axis` → `X axis`: a settings key as words, for keys the catalogue has no label for.
fn words(key: &str) -> String {
    let spaced = key.replace('_', " ");
    let mut chars = spaced.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// How a block is called: `Chart 'Revenue'`, or the type's name alone when untitled.
pub fn block_name(block: &Value) -> String {
    let kind = block.get("type").and_then(Value::as_str).unwrap_or_default();
    let type_name = BlockType::parse(kind).map_or_else(|| words(kind), |parsed| tessera_blocks::block_info(parsed).entry.name.to_owned());
    // A new block's title is its type's name: `Markdown`, not `Markdown 'Markdown'`.
    match block.get("title").and_then(Value::as_str).map(str::trim).filter(|title| !title.is_empty() && *title != type_name) {
        Some(title) => format!("{type_name} '{title}'"),
        None => type_name,
    }
}

fn label(block_type: Option<BlockType>, key: &str) -> String {
    block_type
        .and_then(|kind| tessera_blocks::field_of(kind, key))
        .map_or_else(|| words(key), |field| field.label.trim_end_matches(':').to_owned())
}

/// One line per changed setting of two objects, prefixed with `what`.
fn settings_lines(
    change: &mut Change,
    subject: &str,
    what: &str,
    block_type: Option<BlockType>,
    before: &Map<String, Value>,
    after: &Map<String, Value>,
) {
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys.into_iter().filter(|key| key.as_str() != "id" && key.as_str() != "type") {
        let (old, new) = (before.get(key), after.get(key));
        if old == new {
            continue;
        }
        let name = label(block_type, key);
        let line = match (shown(old), shown(new)) {
            (Some(old), Some(new)) => format!("{what}: {name} {old} → {new}"),
            _ => format!("{what}: {name} changed"),
        };
        change.say(subject.to_owned(), line);
    }
}

fn object(value: Option<&Value>) -> Map<String, Value> {
    value.and_then(Value::as_object).cloned().unwrap_or_default()
}

fn id_of(value: &Value) -> &str {
    value.get("id").and_then(Value::as_str).unwrap_or_default()
}

fn list<'a>(value: &'a Value, key: &str) -> Vec<&'a Value> {
    value.get(key).and_then(Value::as_array).map(|items| items.iter().collect()).unwrap_or_default()
}

/// The lines for the blocks of a board or of one page; `place` prefixes them on apps.
fn blocks(change: &mut Change, place: &str, before: &[&Value], after: &[&Value]) {
    for block in after.iter().filter(|block| before.iter().all(|old| id_of(old) != id_of(block))) {
        change.structure(format!("block:{}", id_of(block)), format!("{place}Added {}", block_name(block)));
    }
    for block in before.iter().filter(|block| after.iter().all(|new| id_of(new) != id_of(block))) {
        change.structure(format!("block:{}", id_of(block)), format!("{place}Deleted {}", block_name(block)));
    }
    for new in after {
        let Some(old) = before.iter().find(|old| id_of(old) == id_of(new)) else { continue };
        let block_type = new.get("type").and_then(Value::as_str).and_then(BlockType::parse);
        let what = format!("{place}{}", block_name(old));
        settings_lines(change, &format!("block:{}", id_of(new)), &what, block_type, &object(Some(old)), &object(Some(new)));
    }
    let kept_order = |blocks: &[&Value], other: &[&Value]| -> Vec<String> {
        blocks.iter().map(|block| id_of(block).to_owned()).filter(|id| other.iter().any(|o| id_of(o) == id)).collect()
    };
    if kept_order(before, after) != kept_order(after, before) {
        change.structure(format!("order:{place}"), format!("{place}Changed the order of the blocks"));
    }
}

/// What changed from `before` to `after`, two snapshots of one board (`blocks`) or app (`pages`).
/// `None` before: the first revision recorded.
pub fn describe(before: Option<&Value>, after: &Value) -> Change {
    let mut change = Change::default();
    let Some(before) = before else {
        change.structure("created".to_owned(), "First recorded version".to_owned());
        return change;
    };
    if before.get("name") != after.get("name") {
        let line = match (shown(before.get("name")), shown(after.get("name"))) {
            (Some(old), Some(new)) => format!("Name: {old} → {new}"),
            _ => "Renamed".to_owned(),
        };
        change.say("name".to_owned(), line);
    }
    let connected = |state: &Value| state.get("spreadsheet_id").and_then(Value::as_str).map(str::to_owned);
    match (connected(before), connected(after)) {
        (old, new) if old == new => {}
        (None, Some(_)) => change.structure("spreadsheet".to_owned(), "Connected a spreadsheet".to_owned()),
        (Some(_), None) => change.structure("spreadsheet".to_owned(), "Disconnected the spreadsheet".to_owned()),
        _ => change.structure("spreadsheet".to_owned(), "Connected another spreadsheet".to_owned()),
    }
    settings_lines(&mut change, "settings", "Settings", None, &object(before.get("settings")), &object(after.get("settings")));
    if after.get("pages").is_some() {
        pages(&mut change, &list(before, "pages"), &list(after, "pages"));
    } else {
        blocks(&mut change, "", &list(before, "blocks"), &list(after, "blocks"));
    }
    change
}

fn page_name(page: &Value) -> String {
    format!("Page '{}'", page.get("page_name").and_then(Value::as_str).unwrap_or_default())
}

fn pages(change: &mut Change, before: &[&Value], after: &[&Value]) {
    for page in after.iter().filter(|page| before.iter().all(|old| id_of(old) != id_of(page))) {
        change.structure(format!("page:{}", id_of(page)), format!("Added {}", page_name(page)));
    }
    for page in before.iter().filter(|page| after.iter().all(|new| id_of(new) != id_of(page))) {
        change.structure(format!("page:{}", id_of(page)), format!("Deleted {}", page_name(page)));
    }
    for new in after {
        let Some(old) = before.iter().find(|old| id_of(old) == id_of(new)) else { continue };
        let mut fields = object(Some(old));
        let mut new_fields = object(Some(new));
        for key in ["blocks", "position"] {
            fields.remove(key);
            new_fields.remove(key);
        }
        settings_lines(change, &format!("page:{}", id_of(new)), &page_name(old), None, &fields, &new_fields);
        blocks(change, &format!("{} · ", page_name(new)), &list(old, "blocks"), &list(new, "blocks"));
    }
    let order = |pages: &[&Value]| -> Vec<String> { pages.iter().map(|page| id_of(page).to_owned()).collect() };
    let (mut old, mut new) = (order(before), order(after));
    old.retain(|id| new.contains(id));
    new.retain(|id| old.contains(id));
    if old != new {
        change.structure("order:pages".to_owned(), "Changed the order of the pages".to_owned());
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn board(blocks: Value) -> Value {
        json!({"name": "Sales", "spreadsheet_id": "s1", "settings": {"title": "Sales"}, "blocks": blocks})
    }

    #[test]
    fn a_changed_chart_setting_reads_as_its_label_and_both_values() {
        let before = board(json!([{"id": "b1", "type": "chart", "title": "Revenue by month", "x_axis": "Date"}]));
        let after = board(json!([{"id": "b1", "type": "chart", "title": "Revenue by month", "x_axis": "Region"}]));
        let change = describe(Some(&before), &after);
        assert_eq!(change.lines, ["Chart 'Revenue by month': X axis Date → Region"]);
        assert_eq!(change.subjects, ["block:b1"]);
    }

    #[test]
    fn added_deleted_and_moved_blocks_each_say_so() {
        let before = board(json!([{"id": "a", "type": "table", "title": "Orders"}, {"id": "b", "type": "markdown"}]));
        let after = board(json!([{"id": "c", "type": "scorecard"}, {"id": "b", "type": "markdown"}, {"id": "d", "type": "table"}]));
        let change = describe(Some(&before), &after);
        assert!(change.lines.contains(&"Deleted Table 'Orders'".to_owned()), "{:?}", change.lines);
        assert!(change.lines.iter().any(|line| line.starts_with("Added Scorecard")), "{:?}", change.lines);
        assert_eq!(block_name(&json!({"type": "markdown", "title": "Markdown"})), "Markdown");
        let moved = describe(
            Some(&board(json!([{"id": "a", "type": "table"}, {"id": "b", "type": "table"}]))),
            &board(json!([{"id": "b", "type": "table"}, {"id": "a", "type": "table"}])),
        );
        assert_eq!(moved.lines, ["Changed the order of the blocks"]);
    }

    #[test]
    fn long_or_structured_values_only_say_the_setting_changed() {
        let before = board(json!([{"id": "b1", "type": "markdown", "content": "short"}]));
        let after = board(
            json!([{"id": "b1", "type": "markdown", "content": "a much longer text than any line should quote in the history panel"}]),
        );
        let change = describe(Some(&before), &after);
        assert_eq!(change.lines.len(), 1);
        assert!(change.lines[0].ends_with(" changed"), "{:?}", change.lines);
        let settings =
            describe(Some(&board(json!([]))), &json!({"name": "Sales", "spreadsheet_id": "s1", "settings": {"title": "Q3"}, "blocks": []}));
        assert_eq!(settings.lines, ["Settings: Title Sales → Q3"]);
        assert_eq!(describe(Some(&before), &before), Change::default());
        let unconnected = json!({"name": "Sales", "spreadsheet_id": null, "settings": {}, "blocks": []});
        let connected = json!({"name": "Sales", "spreadsheet_id": "s1", "settings": {}, "blocks": []});
        assert_eq!(describe(Some(&unconnected), &connected).lines, ["Connected a spreadsheet"]);
        assert_eq!(describe(Some(&connected), &unconnected).lines, ["Disconnected the spreadsheet"]);
    }

    #[test]
    fn app_pages_name_the_page_of_each_block() {
        let app = |name: &str| json!({"name": "Crm", "settings": {}, "pages": [{"id": "p1", "page_name": name, "blocks": [{"id": "b", "type": "table", "title": "People"}]}]});
        let mut changed = app("Home");
        changed["pages"][0]["blocks"][0]["title"] = json!("Clients");
        let change = describe(Some(&app("Home")), &changed);
        assert_eq!(change.lines, ["Page 'Home' · Table 'People': Title People → Clients"]);
        assert_eq!(describe(Some(&app("Home")), &app("Start")).lines, ["Page 'Home': Page name Home → Start"]);
    }
}
