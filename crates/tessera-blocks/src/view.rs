//! What a block's settings ask of the core: the inputs of `tessera_core`'s chart,
//! scorecard, calendar and markdown functions (and of the iframe parser), read from a stored block with the catalogue's
//! defaults filled in. The server answers block views with them; keeping the mapping here, next
//! to the catalogue that names the settings, means a renamed setting cannot drift from the code
//! that reads it.
//!
//! A choice left empty reads as unset (`"decimal_separator": ""` is the default dot), since the
//! editor writes empty text for a cleared choice; texts keep their emptiness (a card's `symbol`
//! `""` means no symbol).
//!
//! | block | reads | core input |
//! |---|---|---|
//! | chart | `x_axis`, `x_bucket`, `category_order`, `top_n`, `empty_categories`; each series' `column`, `type`, `duplicateXAxis`, `decimal_separator` | [`ChartAxis`] list, [`Grouping`] |
//! | scorecard | each card's `source` (its `sheet`, else the block's `sheet_title`), `label`, `function`, `symbol`, colours | [`ScorecardAxis`] list |
//! | calendar | `default_calendar_view`, `default_calendar_month`, `calender_year`, `calender_month`, the three columns | [`CalendarSettings`] |
//! | markdown | `text`, `loop` | template and loop flag |
//! | iframe | `iframe_code` | the pasted code, for `tessera_markup::iframe` |
//!
//! Which types have which view is their [`crate::Capabilities`]' `view`; other types have no
//! view: their rows come from the sheet call as they are.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use tessera_core::calendar::CalendarSettings;
use tessera_core::chart::{ChartAxis, Grouping};
use tessera_core::scorecard::ScorecardAxis;
use tessera_core::sort::{Sort, SortDirection};

use crate::capabilities::ViewKind;
use crate::model::BlockType;
use crate::validate::{parse_block, with_defaults, BlockError, FieldError};

/// The core inputs of one block's view.
#[derive(Debug, Clone, PartialEq)]
pub enum View {
    Chart {
        x_axis: String,
        axis: Vec<ChartAxis>,
        /// Date buckets, order, top N and empty categories.
        grouping: Grouping,
    },
    /// Every card's `source.sheet` is filled: the card's own tab, else the block's.
    Scorecard {
        cards: Vec<ScorecardAxis>,
    },
    Calendar(CalendarSettings),
    Markdown {
        /// The template (`text`).
        text: String,
        /// `loop`: one rendering per row.
        loop_mode: bool,
    },
    Iframe {
        /// `iframe_code`, as pasted.
        code: String,
    },
}

/// Why a block has no view to compute.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    #[error(transparent)]
    Block(#[from] BlockError),
    #[error("a {0} block has no computed view; its rows come from the sheet call")]
    NoView(BlockType),
    /// A setting the view needs is missing or cannot be read; `path` names it.
    #[error("{}", .0.message)]
    Setting(FieldError),
}

fn setting(path: impl Into<String>, message: impl Into<String>) -> ViewError {
    ViewError::Setting(FieldError { path: path.into(), message: message.into() })
}

/// The view of `block` (`{type, ...settings}`, as stored).
pub fn view(block: &Value) -> Result<View, ViewError> {
    let filled = with_defaults(block)?;
    let (block_type, config) = parse_block(&filled)?;
    match block_type.capabilities().view {
        ViewKind::Chart => chart(config),
        ViewKind::Scorecard => scorecard(config),
        ViewKind::Calendar => read::<CalendarSettings>(config, "block", CALENDAR_CHOICES).map(View::Calendar),
        ViewKind::Markdown => Ok(View::Markdown {
            text: text(config, "text").unwrap_or_default().to_owned(),
            loop_mode: config.get("loop").and_then(Value::as_bool).unwrap_or(false),
        }),
        ViewKind::Iframe => Ok(View::Iframe { code: text(config, "iframe_code").unwrap_or_default().to_owned() }),
        ViewKind::None => Err(ViewError::NoView(block_type)),
    }
}

fn chart(config: &Map<String, Value>) -> Result<View, ViewError> {
    let x_axis = text(config, "x_axis").ok_or_else(|| setting("x_axis", "The chart has no x axis; choose a column in its settings."))?;
    let axis = items(config, "axis")
        .enumerate()
        .map(|(i, entry)| {
            let path = format!("axis[{i}]");
            if text(entry, "column").is_none() {
                return Err(setting(format!("{path}.column"), format!("Series {} of the chart has no column; choose one.", i + 1)));
            }
            read::<ChartAxis>(entry, &path, CHART_CHOICES)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let grouping = read::<Grouping>(config, "block", GROUPING_CHOICES)?;
    Ok(View::Chart { x_axis: x_axis.to_owned(), axis, grouping })
}

fn scorecard(config: &Map<String, Value>) -> Result<View, ViewError> {
    let block_sheet = text(config, "sheet_title").unwrap_or_default();
    let cards = items(config, "axis")
        .enumerate()
        .map(|(i, entry)| {
            let mut card = read::<ScorecardAxis>(entry, &format!("axis[{i}]"), &["function"])?;
            if card.source.sheet.trim().is_empty() {
                card.source.sheet = block_sheet.to_owned();
            }
            Ok(card)
        })
        .collect::<Result<Vec<_>, ViewError>>()?;
    Ok(View::Scorecard { cards })
}

/// The columns of a table, list or calendar whose cells are markdown (`use_markdown` on, or
/// type `markdowntext`), in the block's order.
pub fn markdown_columns(config: &Map<String, Value>) -> Vec<String> {
    items(config, "axis")
        .filter(|entry| entry.get("use_markdown").and_then(Value::as_bool) == Some(true) || text(entry, "type") == Some("markdowntext"))
        .filter_map(|entry| text(entry, "column").map(str::to_owned))
        .collect()
}

/// The order a block shows its rows in when the viewer chose none: a data list's `sorting`
/// (blocks §3.15) by its `sort_column`, else by its first text field, else its first field.
/// `None` for every other type and for an unsorted list. The server applies it to the block's
/// rows, so the browser and the embed never decide it themselves.
pub fn own_sort(block_type: BlockType, config: &Map<String, Value>) -> Option<Sort> {
    if block_type != BlockType::Datalist {
        return None;
    }
    let direction = match text(config, "sorting") {
        Some("Ascending") => SortDirection::Ascending,
        Some("Descending") => SortDirection::Descending,
        _ => return None,
    };
    let named: Vec<&Map<String, Value>> = items(config, "axis").filter(|item| text(item, "column").is_some()).collect();
    let first_text = || named.iter().find(|item| matches!(text(item, "type"), None | Some("text"))).or(named.first());
    let column = text(config, "sort_column").or_else(|| first_text().and_then(|item| text(item, "column")))?;
    Some(Sort { column: column.to_owned(), direction })
}

/// A setting's text, trimmed; `None` when absent, not text or empty.
fn text<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    object.get(key).and_then(Value::as_str).map(str::trim).filter(|text| !text.is_empty())
}

fn items<'a>(config: &'a Map<String, Value>, key: &str) -> impl Iterator<Item = &'a Map<String, Value>> {
    config.get(key).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_object)
}

const CHART_CHOICES: &[&str] = &["type", "duplicateXAxis", "decimal_separator"];
const GROUPING_CHOICES: &[&str] = &["x_bucket", "category_order", "top_n", "empty_categories"];
const CALENDAR_CHOICES: &[&str] = &["default_calendar_view", "default_calendar_month"];

/// Reads `object` as `T` with nulls, and `choices` left empty, read as unset (the default).
/// The error names the setting at `path`.
fn read<T: DeserializeOwned>(object: &Map<String, Value>, path: &str, choices: &[&str]) -> Result<T, ViewError> {
    let cleared = |key: &str, value: &Value| choices.contains(&key) && value.as_str().is_some_and(|text| text.trim().is_empty());
    let present: Map<String, Value> = object
        .iter()
        .filter(|(key, value)| !value.is_null() && !cleared(key, value))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    serde_json::from_value(Value::Object(present)).map_err(|error| setting(path, format!("The setting `{path}` cannot be used: {error}.")))
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tessera_core::calendar::{CalendarView, MonthChoice};
    use tessera_core::chart::{Combine, SeriesType};
    use tessera_core::number::DecimalSeparator;
    use tessera_core::scorecard::ScoreFunction;

    use super::*;

    #[test]
    fn a_chart_reads_its_x_axis_and_each_series_with_defaults() {
        let block = json!({"type": "chart", "x_axis": " Month ", "axis": [
            {"column": "Sales", "backgroundColor": ["#fff"]},
            {"column": "Cost", "type": "line", "duplicateXAxis": "average", "decimal_separator": "comma"},
            {"column": "Tax", "decimal_separator": ""}
        ]});
        let View::Chart { x_axis, axis, grouping } = view(&block).unwrap() else { panic!("a chart view") };
        assert_eq!(grouping, Grouping::default());
        assert_eq!(x_axis, "Month");
        let read: Vec<(&str, SeriesType, Combine, DecimalSeparator)> =
            axis.iter().map(|a| (a.column.as_str(), a.series_type, a.duplicate_x_axis, a.decimal_separator)).collect();
        assert_eq!(
            read,
            [
                ("Sales", SeriesType::Bar, Combine::Sum, DecimalSeparator::Dot),
                ("Cost", SeriesType::Line, Combine::Average, DecimalSeparator::Comma),
                ("Tax", SeriesType::Bar, Combine::Sum, DecimalSeparator::Dot),
            ]
        );
    }

    #[test]
    fn a_chart_without_its_columns_names_the_missing_setting() {
        let path = |block: Value| match view(&block).unwrap_err() {
            ViewError::Setting(error) => error.path,
            other => panic!("expected a setting error, got {other:?}"),
        };
        assert_eq!(path(json!({"type": "chart", "temp_block": true})), "x_axis");
        assert_eq!(path(json!({"type": "chart", "x_axis": "M", "axis": [{"column": "A"}, {"type": "line"}]})), "axis[1].column");
        assert_eq!(path(json!({"type": "chart", "x_axis": "M", "axis": [{"column": "A", "type": "donut"}]})), "axis[0]");
    }

    #[test]
    fn scorecards_read_their_own_tab_or_the_blocks() {
        let block = json!({"type": "score_card", "sheet_title": "Sales", "axis": [
            {"source": {"sheet": "", "column": "Amount"}, "label": "Total", "background_color": "#000000"},
            {"source": {"sheet": "Costs", "column": "Cost"}, "function": "last row", "symbol": ""}
        ]});
        let View::Scorecard { cards } = view(&block).unwrap() else { panic!("a scorecard view") };
        assert_eq!((cards[0].source.sheet.as_str(), cards[0].symbol(), cards[0].function), ("Sales", "$", ScoreFunction::Sum));
        assert_eq!(cards[0].background_color.as_deref(), Some("#000000"));
        assert_eq!((cards[1].source.sheet.as_str(), cards[1].symbol(), cards[1].function), ("Costs", "", ScoreFunction::LastRow));
    }

    #[test]
    fn a_calendar_reads_its_settings_and_empty_choices_are_defaults() {
        let block = json!({"type": "calendar", "default_calendar_view": "", "default_calendar_month": "Selected month",
            "calender_year": 2026, "calender_month": "03", "start_time_column": "Start", "event_title_column": "Title"});
        let View::Calendar(settings) = view(&block).unwrap() else { panic!("a calendar view") };
        assert_eq!(settings.default_calendar_view, CalendarView::Month);
        assert_eq!(settings.default_calendar_month, MonthChoice::Selected);
        assert_eq!((settings.calender_year.as_deref(), settings.calender_month.as_deref()), (Some("2026"), Some("03")));
        assert_eq!((settings.start_time_column.as_str(), settings.end_time_column.as_str()), ("Start", ""));
    }

    #[test]
    fn markdown_reads_its_template_and_loop_flag() {
        assert_eq!(
            view(&json!({"type": "markdown", "text": "# [Name]", "loop": true})).unwrap(),
            View::Markdown { text: "# [Name]".into(), loop_mode: true }
        );
        assert_eq!(view(&json!({"type": "markdown"})).unwrap(), View::Markdown { text: String::new(), loop_mode: false });
    }

    #[test]
    fn other_types_have_no_view_and_unreadable_blocks_say_why() {
        assert_eq!(
            view(&json!({"type": "table"})).unwrap_err().to_string(),
            "a table block has no computed view; its rows come from the sheet call"
        );
        assert!(matches!(view(&json!({"type": "pie"})), Err(ViewError::Block(BlockError::UnknownType(_)))));
    }

    #[test]
    fn markdown_columns_are_those_switched_on_or_typed_markdowntext() {
        let config = json!({"axis": [
            {"column": "Notes", "use_markdown": true}, {"column": "Body", "type": "markdowntext"},
            {"column": "Name", "use_markdown": false}, {"type": "markdowntext"}
        ]});
        assert_eq!(markdown_columns(config.as_object().unwrap()), ["Notes", "Body"]);
    }

    #[test]
    fn a_sorted_data_list_sorts_by_its_chosen_column_else_its_first_text_field() {
        let list = |extra: Value| {
            let mut config =
                json!({"axis": [{"column": "Photo", "type": "image"}, {"column": "Name"}, {"column": "Date", "type": "text"}]});
            config.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            own_sort(BlockType::Datalist, config.as_object().unwrap())
        };
        let sort = |column: &str, direction| Some(Sort { column: column.to_owned(), direction });
        assert_eq!(list(json!({"sorting": "Ascending"})), sort("Name", SortDirection::Ascending));
        assert_eq!(list(json!({"sorting": "Descending", "sort_column": "Date"})), sort("Date", SortDirection::Descending));
        assert_eq!(list(json!({"sorting": "Descending", "sort_column": "  "})), sort("Name", SortDirection::Descending));
        assert_eq!(list(json!({"sorting": "None", "sort_column": "Date"})), None);
        assert_eq!(list(json!({})), None);
        let images_only = json!({"sorting": "Ascending", "axis": [{"column": "Photo", "type": "image"}]});
        assert_eq!(own_sort(BlockType::Datalist, images_only.as_object().unwrap()), sort("Photo", SortDirection::Ascending));
        assert_eq!(own_sort(BlockType::Table, json!({"sorting": "Ascending", "sort_column": "A"}).as_object().unwrap()), None);
    }
}
