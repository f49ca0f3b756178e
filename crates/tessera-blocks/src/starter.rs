//! A picked block that starts from the data: which tab a new data block reads, and its first
//! column bindings, chosen from the tab's column profiles (`tessera_core::profile`), so that a
//! new chart, table or form shows the owner's rows before anything is set. The owner can change
//! all of it; `chosen` says, in plain sentences, what was chosen and what is left to choose.
//!
//! The tab ([`starter_sheet`]): the only one, else the tab the other blocks of the board or page
//! name most (ties to the earlier tab), else the first. Types that read no tab get none.
//!
//! The columns ([`starter`]). Hidden system columns ('ChartApps Record ID',
//! `chartmat_row_index`) are never chosen. A *category* is a text column with 2 to 20 values,
//! each used at least twice on average (8 different names in 8 rows are not a category); a
//! *measure* is a number column whose name does not read as an identifier (id, code, zip,
//! postal, phone, year), else any number column; an *image* column holds only image links, a
//! *title* is a text column named like a title (title, name, event, subject, product, item),
//! else the first text column.
//!
//! | type | settings |
//! |---|---|
//! | chart | x axis: the first category, else the first date column, else the first text column, else the first number column; one bar series summing the first measure that is not the x axis, or counting rows when there is none; 'Begin at zero' on |
//! | table | every column; numbers, e-mails, links and image links typed as such; 'Fit columns to the block' on |
//! | list | every column; image links typed as images |
//! | form | a field per column, typed number, date, email or url from the data; a text column with 2 to 12 values (none with a comma), each used at least twice on average, is a select of those values |
//! | scorecard | one card: the sum of the first measure (`$` only when the name reads as money), or the count of rows when there is none (a count has no symbol) |
//! | calendar | start: the first date column; end: the second, if any; event title: the title |
//! | map | address: a text column whose name contains address, location, city or place; title: the title; description: a column named like one (description, details, notes, summary, comment), else another text column; image: the image column |
//! | imageGallery | image: the image column; caption: the title; description: a column named like one |
//! | grid, datalist, itemDetails | the image column first, then the other columns, at most [`CARD_COLUMNS`] |
//! | markdown | the tab only |
//!
//! The width (`width`, the grid of `crate::layout`): tables, lists and calendars start at the whole
//! row, as their columns and days need it, and say so; a chart does when its x axis column has
//! more than [`HALF_WIDTH_CATEGORIES`] values, more than half the row labels legibly. Other blocks
//! start at their type's default width in the catalogue.
//!
//! Everything is merged over [`with_defaults`], so the answer passes [`crate::validate`] as a
//! `temp_block` draft, and as a saved block whenever nothing was left to choose.

use serde::Serialize;
use serde_json::{json, Map, Value};
use tessera_core::column_type::ColumnType;
use tessera_core::profile::{ColumnProfile, TextShape};
use tessera_core::table::{RECORD_ID_COLUMN, ROW_INDEX_COLUMN};

use crate::catalogue::field_of;
use crate::model::BlockType;
use crate::references::references;
use crate::validate::with_defaults;

/// The most columns a card-like block (grid, data list, item details) starts with.
pub const CARD_COLUMNS: usize = 8;
/// The most values a form select starts with.
pub const SELECT_OPTIONS: usize = 12;
/// The most values a chart's x axis category may have.
const CATEGORY_VALUES: usize = 20;
/// The most x axis values a chart labels legibly at half the board's width (about 600 px on a
/// 1280 px screen); a chart with more starts at the whole row.
pub const HALF_WIDTH_CATEGORIES: usize = 8;

/// A new block's starting settings and what they chose.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Starter {
    /// The block `{type, ...settings}` with the catalogue's defaults filled in.
    #[cfg_attr(test, ts(type = "{ type: string; [setting: string]: unknown }"))]
    pub settings: Value,
    /// Sentences saying what was chosen ("X axis: Region (8 values)") and what is left to choose.
    pub chosen: Vec<String>,
}

/// Whether blocks of `block_type` read a tab.
fn reads_a_tab(block_type: BlockType) -> bool {
    field_of(block_type, "sheet_title").is_some()
}

/// The tab a new block of `block_type` reads, out of `sheets` (in order), given the other
/// blocks of its board or page (see the module doc). `None` for types that read no tab, or when
/// there is no tab.
pub fn starter_sheet(block_type: BlockType, sheets: &[String], blocks: &[Value]) -> Option<String> {
    if !reads_a_tab(block_type) {
        return None;
    }
    let mut uses = vec![0usize; sheets.len()];
    for block in blocks {
        let mut named: Vec<usize> =
            references(block).into_iter().filter_map(|r| r.sheet).filter_map(|s| sheets.iter().position(|t| *t == s)).collect();
        named.sort_unstable();
        named.dedup();
        for at in named {
            uses[at] += 1;
        }
    }
    // The first of the most used; `max_by_key` would answer the last.
    let most = uses.iter().copied().max()?;
    sheets.get(uses.iter().position(|&n| n == most)?).cloned()
}

fn is_system(name: &str) -> bool {
    name == RECORD_ID_COLUMN || name == ROW_INDEX_COLUMN
}

/// The words of a column name, lower-cased: `Order_ID` is `order`, `id`.
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

fn named_like(column: &ColumnProfile, wanted: &[&str]) -> bool {
    words(&column.name).iter().any(|w| wanted.contains(&w.as_str()))
}

const IDENTIFIER_WORDS: &[&str] = &["id", "code", "zip", "postal", "phone", "year"];
const TITLE_WORDS: &[&str] = &["title", "name", "event", "subject", "product", "item"];
const DESCRIPTION_WORDS: &[&str] = &["description", "details", "notes", "summary", "comment", "comments"];
const MONEY_WORDS: &[&str] =
    &["price", "revenue", "amount", "cost", "costs", "sales", "income", "profit", "budget", "salary", "fee", "fees", "spend", "total"];
/// Substrings of an address-like column name (blocks §3.10: rows placed by their address).
const ADDRESS_PARTS: &[&str] = &["address", "location", "city", "place"];

/// The usable columns of one tab.
struct Columns<'a>(Vec<&'a ColumnProfile>);

impl<'a> Columns<'a> {
    fn new(profiles: &'a [ColumnProfile]) -> Self {
        Columns(profiles.iter().filter(|c| !is_system(&c.name)).collect())
    }

    fn of_kind(&self, kind: ColumnType) -> impl Iterator<Item = &'a ColumnProfile> + '_ {
        self.0.iter().copied().filter(move |c| c.kind == Some(kind))
    }

    /// Text columns that are not e-mails or links.
    fn plain_text(&self) -> impl Iterator<Item = &'a ColumnProfile> + '_ {
        self.of_kind(ColumnType::Text).filter(|c| c.shape.is_none())
    }

    fn category(&self) -> Option<&'a ColumnProfile> {
        self.plain_text().find(|c| (2..=CATEGORY_VALUES).contains(&c.distinct) && repeats(c))
    }

    fn measure(&self, except: Option<&str>) -> Option<&'a ColumnProfile> {
        let numbers: Vec<&ColumnProfile> = self.of_kind(ColumnType::Number).filter(|c| Some(c.name.as_str()) != except).collect();
        numbers.iter().find(|c| !named_like(c, IDENTIFIER_WORDS)).or(numbers.first()).copied()
    }

    fn image(&self) -> Option<&'a ColumnProfile> {
        self.0.iter().copied().find(|c| c.shape == Some(TextShape::ImageUrl))
    }

    fn title(&self, except: &[&str]) -> Option<&'a ColumnProfile> {
        let free = |c: &&ColumnProfile| !except.contains(&c.name.as_str());
        self.plain_text().filter(free).find(|c| named_like(c, TITLE_WORDS)).or_else(|| self.plain_text().find(free))
    }

    fn description(&self, except: &[&str]) -> Option<&'a ColumnProfile> {
        self.plain_text().find(|c| !except.contains(&c.name.as_str()) && named_like(c, DESCRIPTION_WORDS))
    }

    fn address(&self) -> Option<&'a ColumnProfile> {
        self.plain_text().find(|c| {
            let name = c.name.to_lowercase();
            ADDRESS_PARTS.iter().any(|part| name.contains(part))
        })
    }

    /// The image column first, then the others, at most `CARD_COLUMNS`.
    fn for_cards(&self) -> Vec<&'a ColumnProfile> {
        let image = self.image();
        image.into_iter().chain(self.0.iter().copied().filter(|c| Some(*c) != image)).take(CARD_COLUMNS).collect()
    }
}

/// `A`, `A and B`, `A, B and C`, `A, B, C and 5 more`.
fn name_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [first @ .., last] if names.len() <= 4 => format!("{} and {last}", first.join(", ")),
        _ => format!("{} and {} more", names[..3].join(", "), names.len() - 3),
    }
}

/// What a profile says about its values, for a sentence: "8 values", "dates".
fn described(column: &ColumnProfile) -> String {
    match column.kind {
        Some(ColumnType::Date) => format!("{} (dates)", column.name),
        Some(ColumnType::Text) if column.distinct <= CATEGORY_VALUES => {
            format!("{} ({} value{})", column.name, column.distinct, if column.distinct == 1 { "" } else { "s" })
        }
        _ => column.name.clone(),
    }
}

/// Builds the settings and sentences of one block.
struct Draft {
    settings: Map<String, Value>,
    chosen: Vec<String>,
}

impl Draft {
    fn set(&mut self, key: &str, value: Value) {
        self.settings.insert(key.to_owned(), value);
    }

    fn say(&mut self, sentence: String) {
        self.chosen.push(sentence);
    }

    /// Columns as list items `{column, ...}`, and a sentence naming them.
    fn columns(&mut self, what: &str, columns: &[&ColumnProfile], total: usize, item: impl Fn(&ColumnProfile) -> Map<String, Value>) {
        let items: Vec<Value> = columns
            .iter()
            .map(|c| {
                let mut object = Map::from_iter([("column".to_owned(), Value::String(c.name.clone()))]);
                object.extend(item(c));
                Value::Object(object)
            })
            .collect();
        self.set("axis", Value::Array(items));
        match columns.len() {
            0 => self.say(format!("Choose the {}: this tab has no columns.", what.to_lowercase())),
            n if n < total => self.say(format!(
                "{what}: {} (the first {n} of {total}; add others below)",
                name_list(columns.iter().map(|c| c.name.as_str()))
            )),
            _ => self.say(format!("{what}: {}", name_list(columns.iter().map(|c| c.name.as_str())))),
        }
    }
}

fn pairs<const N: usize>(entries: [(&str, Value); N]) -> Map<String, Value> {
    entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

/// The starting settings of a new `block_type` block reading tab `sheet` with these column
/// profiles, and what they chose (see the module doc). Types that read no tab start from their
/// defaults alone.
pub fn starter(block_type: BlockType, sheet: &str, profiles: &[ColumnProfile]) -> Starter {
    let mut draft = Draft { settings: Map::new(), chosen: Vec::new() };
    draft.set("type", Value::String(block_type.as_str().to_owned()));
    if reads_a_tab(block_type) {
        draft.set("sheet_title", Value::String(sheet.to_owned()));
        draft.say(format!("Sheet: {sheet}"));
        let columns = Columns::new(profiles);
        bind(block_type, &columns, &mut draft);
        if let Some(reason) = full_width(block_type, &columns, &draft) {
            draft.set("width", json!("Full"));
            draft.say(format!("Width: Full, {reason}"));
        }
    }
    let settings = with_defaults(&Value::Object(draft.settings)).expect("a known block type always takes its defaults");
    Starter { settings, chosen: draft.chosen }
}

fn bind(block_type: BlockType, columns: &Columns, draft: &mut Draft) {
    let total = columns.0.len();
    match block_type {
        BlockType::Chart => chart(columns, draft),
        BlockType::Table => {
            draft.columns("Columns", &columns.0, total, |c| match c.shape.map(table_type).or(number_type(c)) {
                Some("image") => pairs([("type", json!("image")), ("image_source", json!("External URL"))]),
                Some(kind) => pairs([("type", json!(kind))]),
                None => Map::new(),
            });
            // A new table shows its key columns at any width; the spec's 200 px columns stay
            // the default for tables saved before.
            draft.set("fit_columns", json!(true));
        }
        BlockType::List => draft.columns("Columns", &columns.0, total, |c| match c.shape {
            Some(TextShape::ImageUrl) => pairs([("type", json!("image")), ("image_source", json!("External URL"))]),
            _ => Map::new(),
        }),
        BlockType::Form => form(columns, draft),
        BlockType::Scorecard => scorecard(columns, draft),
        BlockType::Calendar => calendar(columns, draft),
        BlockType::Map => map(columns, draft),
        BlockType::ImageGallery => gallery(columns, draft),
        BlockType::Grid => draft.columns("Columns", &columns.for_cards(), total, |c| pairs([("type", json!(card_type(c)))])),
        BlockType::Datalist => {
            draft.columns("Columns", &columns.for_cards(), total, |c| pairs([("label", json!(c.name)), ("type", json!(card_type(c)))]))
        }
        BlockType::ItemDetails => draft.columns("Content columns", &columns.for_cards(), total, |c| pairs([("label", json!(c.name))])),
        _ => {}
    }
}

/// Why a new block starts at the whole row (see the module doc), or `None` for its type's default.
fn full_width(block_type: BlockType, columns: &Columns, draft: &Draft) -> Option<String> {
    match block_type {
        BlockType::Table | BlockType::List => Some("for its columns".to_owned()),
        BlockType::Calendar => Some("for its days".to_owned()),
        BlockType::Chart => {
            let x = draft.settings.get("x_axis")?.as_str()?;
            let values = columns.0.iter().find(|c| c.name == x)?.distinct;
            (values > HALF_WIDTH_CATEGORIES).then(|| format!("for its {values} x axis values"))
        }
        _ => None,
    }
}

fn table_type(shape: TextShape) -> &'static str {
    match shape {
        TextShape::Email => "email",
        TextShape::Url => "url",
        TextShape::ImageUrl => "image",
    }
}

fn number_type(column: &ColumnProfile) -> Option<&'static str> {
    (column.kind == Some(ColumnType::Number)).then_some("number")
}

fn card_type(column: &ColumnProfile) -> &'static str {
    if column.shape == Some(TextShape::ImageUrl) {
        "image"
    } else {
        "text"
    }
}

fn chart(columns: &Columns, draft: &mut Draft) {
    let x = columns
        .category()
        .or_else(|| columns.of_kind(ColumnType::Date).next())
        .or_else(|| columns.plain_text().next())
        .or_else(|| columns.of_kind(ColumnType::Number).next());
    let Some(x) = x else {
        draft.say("Choose a column for the x axis: this tab has no filled column.".into());
        draft.say("Choose a number column for the series: this tab has none.".into());
        return;
    };
    draft.set("x_axis", json!(x.name));
    draft.say(format!("X axis: {}", described(x)));
    let series = match columns.measure(Some(x.name.as_str())) {
        Some(measure) => {
            draft.say(format!("Series: sum of {}", measure.name));
            json!({"column": measure.name, "type": "bar", "duplicateXAxis": "sum"})
        }
        // "How many orders": without a number to add up, the rows are counted.
        None => {
            draft.say("Series: count of rows (this tab has no number column to add up)".into());
            json!({"column": x.name, "type": "bar", "duplicateXAxis": "count"})
        }
    };
    draft.set("axis", json!([series]));
    draft.set("beginAtZero", json!(true));
    draft.say("Begin at zero: on".into());
}

/// Whether a column's values are used at least twice each on average: a category, not names.
fn repeats(column: &ColumnProfile) -> bool {
    column.filled >= 2 * column.distinct
}

/// The form field type the data suggests, and the select's options.
fn field_type(column: &ColumnProfile) -> (&'static str, Option<String>) {
    match (column.kind, column.shape) {
        (_, Some(TextShape::Email)) => ("email", None),
        (_, Some(TextShape::Url | TextShape::ImageUrl)) => ("url", None),
        (Some(ColumnType::Number), _) => ("number", None),
        (Some(ColumnType::Date), _) => ("date", None),
        (Some(ColumnType::Text), None)
            if (2..=SELECT_OPTIONS).contains(&column.distinct)
                && column.values.len() == column.distinct
                && repeats(column)
                && column.values.iter().all(|v| !v.contains(',')) =>
        {
            ("select", Some(column.values.join(", ")))
        }
        _ => ("text", None),
    }
}

fn form(columns: &Columns, draft: &mut Draft) {
    let mut typed = Vec::new();
    draft.columns("Fields", &columns.0, columns.0.len(), |c| {
        let (kind, options) = field_type(c);
        let mut item = pairs([("label", json!(c.name)), ("type", json!(kind))]);
        if let Some(options) = options {
            item.insert("options".into(), json!(options));
        }
        item
    });
    for c in &columns.0 {
        match field_type(c) {
            ("text", _) => {}
            ("select", _) => typed.push(format!("{} (a choice of {})", c.name, c.distinct)),
            (kind, _) => typed.push(format!("{} ({})", c.name, if kind == "email" { "e-mail" } else { kind })),
        }
    }
    if !typed.is_empty() {
        draft.say(format!("Field types from the data: {}", name_list(typed.iter().map(String::as_str))));
    }
}

fn scorecard(columns: &Columns, draft: &mut Draft) {
    let sheet = draft.settings.get("sheet_title").cloned().unwrap_or(Value::Null);
    let Some(measure) = columns.measure(None) else {
        let Some(first) = columns.0.first() else {
            draft.say("Choose a column for the card: this tab has no filled column.".into());
            return;
        };
        let card = json!({"source": {"sheet": sheet, "column": first.name}, "label": "Rows", "function": "count"});
        draft.set("axis", json!([card]));
        draft.say("Card: count of rows (this tab has no number column to add up)".into());
        return;
    };
    let symbol = if named_like(measure, MONEY_WORDS) { "$" } else { "" };
    let card = json!({"source": {"sheet": sheet, "column": measure.name}, "label": format!("Total {}", measure.name), "function": "sum", "symbol": symbol});
    draft.set("axis", json!([card]));
    draft.say(format!("Card: sum of {}", measure.name));
}

fn calendar(columns: &Columns, draft: &mut Draft) {
    let mut dates = columns.of_kind(ColumnType::Date);
    match dates.next() {
        Some(start) => {
            draft.set("start_time_column", json!(start.name));
            draft.say(format!("Start: {}", start.name));
        }
        None => draft.say("Choose a start time column: this tab has no date column.".into()),
    }
    if let Some(end) = dates.next() {
        draft.set("end_time_column", json!(end.name));
        draft.say(format!("End: {}", end.name));
    }
    match columns.title(&[]) {
        Some(title) => {
            draft.set("event_title_column", json!(title.name));
            draft.say(format!("Event title: {}", title.name));
        }
        None => draft.say("Choose an event title column: this tab has no text column.".into()),
    }
}

fn map(columns: &Columns, draft: &mut Draft) {
    let address = columns.address();
    match address {
        Some(a) => {
            draft.set("address_column", json!(a.name));
            draft.say(format!("Address: {}", a.name));
        }
        None => draft.say("Choose an address column: no column is named like an address, location, city or place.".into()),
    }
    let taken: Vec<&str> = address.map(|a| a.name.as_str()).into_iter().collect();
    let title = columns.title(&taken);
    match title {
        Some(t) => {
            draft.set("title_column", json!(t.name));
            draft.say(format!("Title: {}", t.name));
        }
        None => draft.say("Choose a title column: this tab has no other text column.".into()),
    }
    let taken: Vec<&str> = taken.into_iter().chain(title.map(|t| t.name.as_str())).collect();
    match columns.description(&taken).or_else(|| columns.plain_text().find(|c| !taken.contains(&c.name.as_str()))) {
        Some(d) => {
            draft.set("description_column", json!(d.name));
            draft.say(format!("Description: {}", d.name));
        }
        None => draft.say("Choose a description column: this tab has no other text column.".into()),
    }
    image_column(columns, draft);
}

fn image_column(columns: &Columns, draft: &mut Draft) {
    match columns.image() {
        Some(image) => {
            draft.set("image_column", json!(image.name));
            draft.say(format!("Image: {}", image.name));
        }
        None => draft.say("Choose an image column: no column holds only image links.".into()),
    }
}

fn gallery(columns: &Columns, draft: &mut Draft) {
    image_column(columns, draft);
    let caption = columns.title(&[]);
    if let Some(c) = caption {
        draft.set("caption_column", json!(c.name));
        draft.say(format!("Caption: {}", c.name));
    }
    let taken: Vec<&str> = caption.map(|c| c.name.as_str()).into_iter().collect();
    if let Some(d) = columns.description(&taken) {
        draft.set("description_column", json!(d.name));
        draft.say(format!("Description: {}", d.name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate;

    fn column(name: &str, kind: Option<ColumnType>, distinct: usize, values: &[&str], shape: Option<TextShape>) -> ColumnProfile {
        ColumnProfile { name: name.into(), kind, filled: 40, distinct, values: values.iter().map(|v| (*v).to_owned()).collect(), shape }
    }

    fn text(name: &str, values: &[&str]) -> ColumnProfile {
        column(name, Some(ColumnType::Text), values.len(), values, None)
    }
    fn unique_text(name: &str) -> ColumnProfile {
        column(name, Some(ColumnType::Text), 40, &[], None)
    }
    fn number(name: &str) -> ColumnProfile {
        column(name, Some(ColumnType::Number), 35, &[], None)
    }
    fn date(name: &str) -> ColumnProfile {
        column(name, Some(ColumnType::Date), 30, &[], None)
    }
    fn shaped(name: &str, shape: TextShape) -> ColumnProfile {
        column(name, Some(ColumnType::Text), 40, &[], Some(shape))
    }

    /// A sales sheet as an owner uploads it, with the system record id first.
    fn sales() -> Vec<ColumnProfile> {
        vec![
            unique_text(RECORD_ID_COLUMN),
            number("Order ID"),
            unique_text("Customer"),
            shaped("Email", TextShape::Email),
            text("Region", &["North", "South", "East", "West"]),
            date("Order date"),
            date("Delivery date"),
            number("Revenue"),
            shaped("Photo", TextShape::ImageUrl),
            unique_text("Shipping address"),
        ]
    }

    fn only_text() -> Vec<ColumnProfile> {
        vec![unique_text("Name"), text("Status", &["Open", "Closed"])]
    }
    fn one_column() -> Vec<ColumnProfile> {
        vec![number("Amount")]
    }
    fn only_dates() -> Vec<ColumnProfile> {
        vec![date("Start"), date("End")]
    }
    fn fifty_columns() -> Vec<ColumnProfile> {
        (0..50).map(|i| if i % 2 == 0 { number(&format!("N{i}")) } else { text(&format!("T{i}"), &["a", "b", "c"]) }).collect()
    }

    fn start(block_type: BlockType, columns: &[ColumnProfile]) -> Starter {
        starter(block_type, "Sales", columns)
    }

    /// Every type over every test sheet: a valid draft, never naming a system column.
    #[test]
    fn every_type_over_every_sheet_is_a_valid_draft_that_names_no_system_column() {
        for columns in [sales(), only_text(), one_column(), only_dates(), fifty_columns(), vec![]] {
            for block_type in BlockType::ALL {
                let Starter { settings, .. } = start(block_type, &columns);
                let mut draft = settings.clone();
                draft["temp_block"] = json!(true);
                assert!(validate(&draft).is_ok(), "{block_type}: {:?}", validate(&draft).err());
                let text = settings.to_string();
                assert!(!text.contains(RECORD_ID_COLUMN) && !text.contains(ROW_INDEX_COLUMN), "{block_type}: {text}");
            }
        }
    }

    #[test]
    fn a_chart_of_sales_sums_revenue_by_region_from_zero_and_saves_as_it_is() {
        let Starter { settings, chosen } = start(BlockType::Chart, &sales());
        assert_eq!(settings["sheet_title"], "Sales");
        assert_eq!(settings["x_axis"], "Region");
        assert_eq!(settings["axis"][0]["column"], "Revenue", "the order id is an identifier, not a measure");
        assert_eq!(settings["axis"][0]["type"], "bar");
        assert_eq!(settings["axis"][0]["duplicateXAxis"], "sum");
        assert_eq!(settings["beginAtZero"], true);
        assert_eq!(chosen, ["Sheet: Sales", "X axis: Region (4 values)", "Series: sum of Revenue", "Begin at zero: on"]);
        assert!(validate(&settings).is_ok(), "nothing is left to choose, so it saves");
    }

    #[test]
    fn a_few_unique_names_are_not_a_category_for_the_x_axis() {
        let mut names = text("Customer", &["Ann", "Bo", "Cy", "Di"]);
        names.filled = 4;
        let mut regions = text("Region", &["North", "South"]);
        regions.filled = 4;
        let Starter { settings, .. } = start(BlockType::Chart, &[names, regions, number("Revenue")]);
        assert_eq!(settings["x_axis"], "Region");
    }

    #[test]
    fn a_chart_without_a_category_takes_a_date_column_as_its_x_axis() {
        let columns = vec![unique_text("Customer"), date("Day"), number("Visits")];
        let Starter { settings, chosen } = start(BlockType::Chart, &columns);
        assert_eq!(settings["x_axis"], "Day");
        assert_eq!(chosen[1], "X axis: Day (dates)");
    }

    #[test]
    fn a_chart_of_a_sheet_without_numbers_counts_rows_and_says_so() {
        let Starter { settings, chosen } = start(BlockType::Chart, &only_text());
        assert_eq!(settings["x_axis"], "Status");
        assert_eq!(
            (settings["axis"][0]["column"].as_str(), settings["axis"][0]["duplicateXAxis"].as_str()),
            (Some("Status"), Some("count"))
        );
        assert!(chosen.contains(&"Series: count of rows (this tab has no number column to add up)".to_owned()));
    }

    #[test]
    fn a_chart_of_one_number_column_takes_it_as_the_x_axis_and_counts_rows() {
        let Starter { settings, .. } = start(BlockType::Chart, &one_column());
        assert_eq!(settings["x_axis"], "Amount");
        assert_eq!(settings["axis"][0]["duplicateXAxis"], "count");
    }

    #[test]
    fn a_chart_of_only_dates_counts_rows_over_a_date_axis() {
        let Starter { settings, .. } = start(BlockType::Chart, &only_dates());
        assert_eq!(settings["x_axis"], "Start");
        assert_eq!(
            (settings["axis"][0]["column"].as_str(), settings["axis"][0]["duplicateXAxis"].as_str()),
            (Some("Start"), Some("count"))
        );
    }

    #[test]
    fn a_chart_of_an_empty_tab_says_both_are_left() {
        let Starter { settings, chosen } = start(BlockType::Chart, &[]);
        assert!(settings.get("x_axis").is_none());
        assert_eq!(
            chosen[1..],
            ["Choose a column for the x axis: this tab has no filled column.", "Choose a number column for the series: this tab has none."]
        );
    }

    #[test]
    fn a_table_shows_every_column_but_the_record_id_typed_by_its_data() {
        let Starter { settings, chosen } = start(BlockType::Table, &sales());
        let axis = settings["axis"].as_array().unwrap();
        let names: Vec<&str> = axis.iter().map(|a| a["column"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            ["Order ID", "Customer", "Email", "Region", "Order date", "Delivery date", "Revenue", "Photo", "Shipping address"]
        );
        assert_eq!(axis[2]["type"], "email");
        assert_eq!(axis[6]["type"], "number");
        assert_eq!(axis[7]["type"], "image");
        assert_eq!(axis[7]["image_source"], "External URL");
        assert!(axis[1].get("type").is_none(), "plain text keeps the default type");
        assert_eq!(chosen[1], "Columns: Order ID, Customer, Email and 6 more");
        assert_eq!(settings["fit_columns"], true, "a new table fits its columns to the block");
    }

    #[test]
    fn a_table_of_fifty_columns_shows_all_fifty() {
        let Starter { settings, .. } = start(BlockType::Table, &fifty_columns());
        assert_eq!(settings["axis"].as_array().unwrap().len(), 50);
    }

    #[test]
    fn a_list_shows_every_column_with_images_as_images() {
        let Starter { settings, .. } = start(BlockType::List, &sales());
        let axis = settings["axis"].as_array().unwrap();
        assert_eq!(axis.len(), 9);
        assert_eq!(axis[7]["type"], "image");
        assert!(axis[6].get("type").is_none(), "a list column is text or image");
    }

    #[test]
    fn a_form_has_a_field_per_column_typed_by_its_data_with_few_values_as_a_select() {
        let Starter { settings, chosen } = start(BlockType::Form, &sales());
        let axis = settings["axis"].as_array().unwrap();
        let types: Vec<(&str, &str)> = axis.iter().map(|a| (a["column"].as_str().unwrap(), a["type"].as_str().unwrap())).collect();
        assert_eq!(
            types,
            [
                ("Order ID", "number"),
                ("Customer", "text"),
                ("Email", "email"),
                ("Region", "select"),
                ("Order date", "date"),
                ("Delivery date", "date"),
                ("Revenue", "number"),
                ("Photo", "url"),
                ("Shipping address", "text"),
            ]
        );
        assert_eq!(axis[3]["options"], "North, South, East, West");
        assert_eq!(axis[3]["label"], "Region");
        assert_eq!(chosen[2], "Field types from the data: Order ID (number), Email (e-mail), Region (a choice of 4) and 4 more");
    }

    #[test]
    fn a_form_does_not_make_a_select_of_unique_values_or_values_with_commas() {
        let mut names = text("Name", &["Ann", "Bob", "Cy"]);
        names.filled = 3;
        let commas = text("Size", &["S, M", "L"]);
        let Starter { settings, .. } = start(BlockType::Form, &[names, commas]);
        assert_eq!(settings["axis"][0]["type"], "text");
        assert_eq!(settings["axis"][1]["type"], "text");
    }

    #[test]
    fn a_scorecard_sums_the_first_measure_with_a_money_symbol_only_for_money() {
        let Starter { settings, chosen } = start(BlockType::Scorecard, &sales());
        assert_eq!(settings["axis"][0]["source"], json!({"sheet": "Sales", "column": "Revenue"}));
        assert_eq!(settings["axis"][0]["function"], "sum");
        assert_eq!(settings["axis"][0]["symbol"], "$");
        assert_eq!(chosen[1], "Card: sum of Revenue");
        let Starter { settings, .. } = start(BlockType::Scorecard, &[number("Visits")]);
        assert_eq!(settings["axis"][0]["symbol"], "");
    }

    #[test]
    fn a_scorecard_of_a_sheet_without_numbers_counts_rows_without_a_symbol() {
        let Starter { settings, chosen } = start(BlockType::Scorecard, &only_text());
        assert_eq!(settings["axis"][0]["function"], "count");
        assert_eq!(settings["axis"][0]["label"], "Rows");
        assert!(settings["axis"][0].get("symbol").is_none());
        assert_eq!(chosen[1], "Card: count of rows (this tab has no number column to add up)");
        let Starter { settings, .. } = start(BlockType::Scorecard, &[]);
        assert!(settings.get("axis").is_none());
    }

    #[test]
    fn a_calendar_takes_the_two_date_columns_and_a_title() {
        let Starter { settings, chosen } = start(BlockType::Calendar, &sales());
        assert_eq!(
            (&settings["start_time_column"], &settings["end_time_column"], &settings["event_title_column"]),
            (&json!("Order date"), &json!("Delivery date"), &json!("Customer"))
        );
        assert_eq!(chosen[1..], ["Start: Order date", "End: Delivery date", "Event title: Customer", "Width: Full, for its days"]);
        let Starter { settings, chosen } = start(BlockType::Calendar, &only_text());
        assert!(settings.get("start_time_column").is_none());
        assert_eq!(chosen[1], "Choose a start time column: this tab has no date column.");
    }

    #[test]
    fn a_calendar_of_only_dates_has_a_start_and_end_and_no_title() {
        let Starter { settings, chosen } = start(BlockType::Calendar, &only_dates());
        assert_eq!((&settings["start_time_column"], &settings["end_time_column"]), (&json!("Start"), &json!("End")));
        assert!(chosen.contains(&"Choose an event title column: this tab has no text column.".to_owned()));
    }

    #[test]
    fn a_map_takes_an_address_like_column_and_its_other_columns() {
        let Starter { settings, chosen } = start(BlockType::Map, &sales());
        assert_eq!(settings["address_column"], "Shipping address");
        assert_eq!(settings["title_column"], "Customer");
        assert_eq!(settings["description_column"], "Region");
        assert_eq!(settings["image_column"], "Photo");
        assert!(validate(&settings).is_ok(), "all four columns chosen, so it saves");
        assert_eq!(chosen[1], "Address: Shipping address");
    }

    #[test]
    fn a_map_without_an_address_like_column_chooses_none_and_says_so() {
        let Starter { settings, chosen } = start(BlockType::Map, &only_text());
        assert!(settings.get("address_column").is_none());
        assert_eq!(chosen[1], "Choose an address column: no column is named like an address, location, city or place.");
        assert_eq!(chosen.last().unwrap(), "Choose an image column: no column holds only image links.");
    }

    #[test]
    fn an_image_gallery_takes_the_image_links_and_a_caption() {
        let Starter { settings, chosen } = start(BlockType::ImageGallery, &sales());
        assert_eq!((&settings["image_column"], &settings["caption_column"]), (&json!("Photo"), &json!("Customer")));
        assert_eq!(chosen[1..], ["Image: Photo", "Caption: Customer"]);
    }

    #[test]
    fn card_blocks_put_the_image_first_and_take_at_most_eight_columns() {
        let Starter { settings, chosen } = start(BlockType::Grid, &sales());
        let axis = settings["axis"].as_array().unwrap();
        assert_eq!(axis.len(), CARD_COLUMNS);
        assert_eq!((&axis[0]["column"], &axis[0]["type"]), (&json!("Photo"), &json!("image")));
        assert_eq!(axis[1]["type"], "text");
        assert_eq!(chosen[1], "Columns: Photo, Order ID, Customer and 5 more (the first 8 of 9; add others below)");
        let Starter { settings, .. } = start(BlockType::Datalist, &one_column());
        assert_eq!(settings["axis"], json!([{"column": "Amount", "label": "Amount", "type": "text", "format": "Automatic"}]));
        let Starter { settings, .. } = start(BlockType::ItemDetails, &fifty_columns());
        assert_eq!(settings["axis"].as_array().unwrap().len(), CARD_COLUMNS);
        assert_eq!(settings["axis"][0], json!({"column": "N0", "label": "N0", "format": "Automatic"}));
    }

    #[test]
    fn tables_lists_and_calendars_start_full_width_and_say_so() {
        for (block_type, reason) in
            [(BlockType::Table, "for its columns"), (BlockType::List, "for its columns"), (BlockType::Calendar, "for its days")]
        {
            let Starter { settings, chosen } = start(block_type, &sales());
            assert_eq!(settings["width"], "Full", "{block_type}");
            assert_eq!(chosen.last().unwrap(), &format!("Width: Full, {reason}"), "{block_type}");
        }
    }

    #[test]
    fn a_chart_starts_full_width_only_past_eight_x_axis_values() {
        let regions = |n: usize| {
            let names: Vec<String> = (0..n).map(|i| format!("Region {i}")).collect();
            text("Region", &names.iter().map(String::as_str).collect::<Vec<_>>())
        };
        let Starter { settings, chosen } = start(BlockType::Chart, &[regions(HALF_WIDTH_CATEGORIES), number("Revenue")]);
        assert_eq!(settings["width"], "Half", "eight bars fit half the board");
        assert!(!chosen.iter().any(|c| c.starts_with("Width")));
        let Starter { settings, chosen } = start(BlockType::Chart, &[regions(HALF_WIDTH_CATEGORIES + 1), number("Revenue")]);
        assert_eq!(settings["width"], "Full");
        assert_eq!(chosen.last().unwrap(), "Width: Full, for its 9 x axis values");
        let Starter { settings, .. } = start(BlockType::Chart, &[unique_text("Customer"), date("Day"), number("Visits")]);
        assert_eq!(settings["width"], "Full", "30 days on the x axis");
    }

    #[test]
    fn blocks_of_other_types_start_at_their_types_default_width() {
        let widths = [
            (BlockType::Form, json!("Half")),
            (BlockType::Scorecard, json!("Third")),
            (BlockType::Map, json!("Full")),
            (BlockType::Footer, Value::Null),
        ];
        for (block_type, width) in widths {
            let Starter { settings, chosen } = start(block_type, &sales());
            assert_eq!(settings.get("width").cloned().unwrap_or(Value::Null), width, "{block_type}");
            assert_ne!(settings["full_width"], true, "{block_type}");
            assert!(!chosen.iter().any(|c| c.starts_with("Width")), "{block_type}");
        }
    }

    #[test]
    fn a_markdown_block_gets_its_tab_and_a_block_without_a_tab_only_its_defaults() {
        let Starter { settings, chosen } = start(BlockType::Markdown, &sales());
        assert_eq!((&settings["sheet_title"], chosen.len()), (&json!("Sales"), 1));
        let Starter { settings, chosen } = start(BlockType::Footer, &sales());
        assert_eq!(settings, with_defaults(&json!({"type": "footer"})).unwrap());
        assert!(chosen.is_empty());
    }

    #[test]
    fn the_starter_fills_the_catalogue_defaults_around_its_choices() {
        let Starter { settings, .. } = start(BlockType::Table, &sales());
        assert_eq!((&settings["paginate"], &settings["rows_per_page"]), (&json!(true), &json!(10)));
        assert_eq!(settings["axis"][0]["editable"], "None");
    }

    #[test]
    fn the_tab_is_the_only_one_else_the_most_used_else_the_first() {
        let tabs = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
        assert_eq!(starter_sheet(BlockType::Chart, &tabs(&["Only"]), &[]), Some("Only".into()));
        assert_eq!(starter_sheet(BlockType::Chart, &tabs(&["A", "B"]), &[]), Some("A".into()));
        let blocks = [
            json!({"type": "table", "sheet_title": "B"}),
            json!({"type": "chart", "sheet_title": "B", "x_axis": "Month"}),
            json!({"type": "scorecard", "axis": [{"source": {"sheet": "A", "column": "Cost"}}]}),
            json!({"type": "table", "sheet_title": "Gone"}),
        ];
        assert_eq!(starter_sheet(BlockType::Form, &tabs(&["A", "B"]), &blocks), Some("B".into()));
        assert_eq!(starter_sheet(BlockType::Form, &tabs(&["A", "B"]), &blocks[1..]), Some("A".into()), "a tie goes to the earlier tab");
        assert_eq!(starter_sheet(BlockType::Header, &tabs(&["A"]), &[]), None, "a header reads no tab");
        assert_eq!(starter_sheet(BlockType::Chart, &[], &[]), None);
    }
}
