//! A viewer's query over one sheet: which filters apply, search, the session rules, sorting and
//! the page (platform §5, §7; blocks §3.4 `paginate`, `rows_per_page`, `conditional_filter`).
//!
//! Order of work: filters, the session `_id` rule and the conditional filter narrow the rows;
//! then search; then the sort; then the page is cut. `total` counts every matching row. The
//! page's cells are then coloured by the columns' conditional formatting ([`crate::formatting`]).
//!
//! **Which filters apply.** A filter applies if it is `active` or named in the URL query
//! `filters`, whose value then replaces the filter's own. The query is comma-separated
//! `name:value` pairs split at the first colon (`Region:North,Amount:100`); names are trimmed
//! and compared exactly. Filters whose `sheet_column.sheet` names another sheet than the query's
//! `sheet` are skipped: a board's filter bar drives every block, each on its own sheet.
//!
//! **A URL pair the board cannot use is ignored, never an error.** A shared link outlives the
//! board it was made for (a filter renamed, a value mistyped), and one stale pair must not hide
//! the board's data. So a pair without a colon or with a blank name, a name the board has no
//! filter for, and a value the named filter's condition cannot read (`past_days:abc`, a date
//! that is not one, a range that starts after it ends) are left out: the filter then behaves as
//! if the URL did not name it, so an active filter keeps its own value. [`read_url_filters`]
//! says which pairs were left out and why, in words for the viewer (a board shows them once, as a
//! notice); the query uses exactly the pairs it keeps.
//!
//! | filters query (board filters `Region` `=`, `Recent` `past_days`) | result                     |
//! |------------------------------------------------|--------------------------------------------|
//! | `Region:North`                                 | Region applies with value `North`          |
//! | `Region:North,Recent:7`                        | both apply                                 |
//! | `Region:a:b`                                   | value `a:b`                                |
//! | `Region:`                                      | Region applies with an empty value: not at all, even if active |
//! | `,Region:North,`                               | empty pairs are ignored silently           |
//! | `Region`                                       | ignored: “Region” has no value             |
//! | `:North`                                       | ignored: names no filter                   |
//! | `Books only:yes`                               | ignored: no filter named “Books only”      |
//! | `Recent:abc`                                   | ignored: needs a number of days            |
//! | `Region:North,Colour:red`                      | Region applies; Colour is ignored          |
//!
//! **Session rules** (platform §5, the server applies them before rows leave it): a session
//! `_id` adds an equality filter on the `_id` column of any sheet that has one; ids are compared
//! trimmed but otherwise exactly, case included, since they identify rather than describe. A conditional
//! filter with `filter_by` 'Logged in user' keeps rows whose `select_column` is the signed-in
//! user's e-mail or name; 'Current record' keeps rows whose `select_column` equals the current
//! record's `match_with_column`. With nobody signed in (or no current record) they keep no row.
//! `shown_by_any` keeps the rows that at least one of its conditional filters keeps: the union of
//! what several blocks show.
//!
//! **Readable columns.** `readable_columns`, when given, are the only columns an answer shows
//! (in sheet order), and a sort by any other column is refused as a missing column is.
//! `search_columns`, when given, are the only columns search matches: a reader's search must
//! not find rows by cells nobody shows them. The filters and conditional filters are the
//! place's owner's, not the reader's, and read any column.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::error::QueryError;
use crate::filter::{check_value, Condition, Filter, FilterValue, Predicate};
use crate::formatting::{cell_styles, CellStyle, ColumnFormat};
use crate::search;
use crate::sort::{sort_rows, Sort};
use crate::table::Table;

/// blocks §3.4 and platform §9: "default rows per page 10".
pub const DEFAULT_ROWS_PER_PAGE: u64 = 10;

/// The column a session `_id` filters on (platform §5).
pub const SESSION_ID_COLUMN: &str = "_id";

/// blocks §3.4 `conditional_filter`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ConditionalFilter {
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub select_column: String,
    /// Only 'Is' exists.
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub condition: String,
    /// 'None', 'Current record' or 'Logged in user'.
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub filter_by: String,
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub match_with_column: String,
}

impl Default for ConditionalFilter {
    fn default() -> Self {
        ConditionalFilter {
            select_column: String::new(),
            condition: "Is".into(),
            filter_by: "None".into(),
            match_with_column: String::new(),
        }
    }
}

/// What a block asks of a sheet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(optional_fields = nullable))]
pub struct QuerySpec {
    /// The sheet (tab) this table is; filters on other sheets are skipped.
    pub sheet: Option<String>,
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub filters: Vec<Filter>,
    /// The URL query `filters`, already percent-decoded.
    pub url_filters: Option<String>,
    pub search: Option<String>,
    pub sort: Option<Sort>,
    pub conditional_filter: Option<ConditionalFilter>,
    /// The union of several blocks' conditional filters: a row is kept when at least one of them
    /// keeps it, each as `conditional_filter` would. A read that names no block sees what the
    /// place's blocks show that viewer together, never more. Empty: no such rule.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub shown_by_any: Vec<ConditionalFilter>,
    /// The columns the reader may see, by name (see the module doc); absent: every column.
    /// Names the sheet lacks are ignored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub readable_columns: Option<Vec<String>>,
    /// The columns search matches, by name; absent: every column. Names the sheet lacks are
    /// ignored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_columns: Option<Vec<String>>,
    /// 1-based; past the last page reads the last page.
    pub page: Option<u64>,
    /// Rows per page: absent means the spec's default, [`DEFAULT_ROWS_PER_PAGE`]; 0 puts every
    /// matching row on one page (a block with `paginate` off). (`u64`, not `usize`, so that the
    /// 32-bit WASM build reads the same inputs as the server.)
    pub rows_per_page: Option<u64>,
    /// Conditional formatting of columns (blocks §3.4), applied to the page's cells.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub formats: Vec<ColumnFormat>,
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub context: Context,
}

/// One page of matching rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct QueryResult {
    pub total: usize,
    pub page: usize,
    pub page_count: usize,
    /// The visible columns, in sheet order.
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Each row's index in the sheet.
    pub row_indices: Vec<u32>,
    /// The page's cells that a conditional formatting rule colours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub styles: Vec<CellStyle>,
}

/// One pair of the URL `filters` query that a query leaves out, and why, in words for a viewer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct IgnoredUrlFilter {
    /// The pair as the link has it, trimmed (`Books only`, `Recent:abc`).
    pub pair: String,
    /// A sentence for the viewer: “This board has no filter named “Books only”.”
    pub reason: String,
}

/// The URL `filters` query read against a board's filters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct UrlFilters {
    /// The `(name, value)` pairs that apply, in the link's order, names trimmed.
    pub used: Vec<(String, String)>,
    /// The pairs left out, in the link's order.
    pub ignored: Vec<IgnoredUrlFilter>,
}

/// A non-empty pair of the query: a name and a value, or text without a usable name.
enum Pair<'a> {
    Named(&'a str, &'a str),
    Malformed(&'a str),
}

fn pairs(text: &str) -> impl Iterator<Item = Pair<'_>> {
    text.split(',').map(str::trim).filter(|pair| !pair.is_empty()).map(|pair| match pair.split_once(':') {
        Some((name, value)) if !name.trim().is_empty() => Pair::Named(name.trim(), value.trim()),
        _ => Pair::Malformed(pair),
    })
}

/// The well-formed `(name, value)` pairs of the URL query `filters`, in order; text without a
/// colon or a name is left out (see [`read_url_filters`] for why each pair was).
pub fn parse_url_filters(text: &str) -> Vec<(String, String)> {
    pairs(text)
        .filter_map(|pair| match pair {
            Pair::Named(name, value) => Some((name.to_owned(), value.to_owned())),
            Pair::Malformed(_) => None,
        })
        .collect()
}

/// Which pairs of the URL query `filters` apply to a board with `filters`, and which are left
/// out with the reason (module docs). Needs no sheet and no context, so the browser can say what
/// a link ignored before any block loads.
pub fn read_url_filters(filters: &[Filter], text: &str) -> UrlFilters {
    let mut read = UrlFilters::default();
    for pair in pairs(text) {
        let (name, value) = match pair {
            Pair::Named(name, value) => (name, Some(value)),
            Pair::Malformed(raw) if raw.contains(':') => {
                let reason = "This names no filter: a link names a filter and its value as name:value.".to_owned();
                read.ignored.push(IgnoredUrlFilter { pair: raw.to_owned(), reason });
                continue;
            }
            Pair::Malformed(name) => (name, None),
        };
        let mut named = filters.iter().filter(|f| f.name.trim() == name).peekable();
        let reason = match value {
            _ if named.peek().is_none() => format!("This board has no filter named “{name}”."),
            None => format!("“{name}” has no value: a link names a filter and its value as {name}:value."),
            Some(value) => match named.find_map(|f| check_value(f, &FilterValue::Text(value.to_owned())).err()) {
                Some(problem) => unusable_value(name, &problem),
                None => {
                    read.used.push((name.to_owned(), value.to_owned()));
                    continue;
                }
            },
        };
        let pair = value.map_or_else(|| name.to_owned(), |value| format!("{name}:{value}"));
        read.ignored.push(IgnoredUrlFilter { pair, reason });
    }
    read
}

fn unusable_value(name: &str, problem: &QueryError) -> String {
    match problem {
        QueryError::NotANumber { condition, value, .. } if condition == Condition::PastDays.as_str() => {
            format!("“{name}” needs a number of days, not “{value}”.")
        }
        QueryError::NotANumber { value, .. } => format!("“{name}” needs a number, not “{value}”."),
        QueryError::NotADate { value, .. } => format!("“{name}” needs dates such as 2026-01-31, not “{value}”."),
        QueryError::ReversedRange { .. } => format!("“{name}” needs a date range that starts before it ends."),
        other => format!("“{name}” cannot use this value: {other}."),
    }
}

/// The rows that match `spec`, sorted, before paging.
pub fn matching_rows(table: &Table, spec: &QuerySpec) -> Result<Vec<u32>, QueryError> {
    let mut mask = vec![true; table.row_count()];
    apply_filters(table, spec, &mut mask)?;
    apply_session_rules(table, spec, &mut mask)?;
    if let Some(text) = &spec.search {
        let mut searched = table.searched_columns();
        if let Some(names) = &spec.search_columns {
            let named: Vec<usize> = names.iter().filter_map(|name| table.column_index(name)).collect();
            searched.retain(|c| named.contains(c));
        }
        search::narrow(table, text, &searched, &mut mask);
    }
    let mut rows: Vec<u32> = mask.iter().enumerate().filter(|(_, keep)| **keep).map(|(i, _)| i as u32).collect();
    if let Some(sort) = &spec.sort {
        let c = table
            .column_index(&sort.column)
            .filter(|c| answered_columns(table, spec).contains(c))
            .ok_or_else(|| QueryError::MissingColumn { column: sort.column.clone() })?;
        sort_rows(table.column(c), sort.direction, &mut rows);
    }
    Ok(rows)
}

/// The columns an answer to `spec` shows, in sheet order: the visible ones, and of those only
/// the `readable_columns` when the spec names them.
pub fn answered_columns(table: &Table, spec: &QuerySpec) -> Vec<usize> {
    let visible = table.visible_columns();
    let Some(names) = &spec.readable_columns else { return visible };
    let named: Vec<usize> = names.iter().filter_map(|name| table.column_index(name)).collect();
    visible.into_iter().filter(|c| named.contains(c)).collect()
}

/// Runs `spec` and cuts the requested page.
pub fn run(table: &Table, spec: &QuerySpec) -> Result<QueryResult, QueryError> {
    let rows = matching_rows(table, spec)?;
    let total = rows.len();
    let as_usize = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let per_page = match spec.rows_per_page.unwrap_or(DEFAULT_ROWS_PER_PAGE) {
        0 => total.max(1),
        n => as_usize(n),
    };
    let page_count = total.div_ceil(per_page).max(1);
    let page = spec.page.map_or(1, as_usize).clamp(1, page_count);
    let start = (page - 1) * per_page;
    let row_indices: Vec<u32> = rows[start.min(total)..start.saturating_add(per_page).min(total)].to_vec();
    let visible = answered_columns(table, spec);
    let mut styles = cell_styles(table, &row_indices, &spec.formats, &spec.context)?;
    styles.retain(|style| table.column_index(&style.column).is_some_and(|c| visible.contains(&c)));
    Ok(QueryResult {
        total,
        page,
        page_count,
        columns: visible.iter().map(|&c| table.column_names()[c].clone()).collect(),
        rows: row_indices.iter().map(|&r| visible.iter().map(|&c| table.cell(r as usize, c).to_owned()).collect()).collect(),
        row_indices,
        styles,
    })
}

fn apply_filters(table: &Table, spec: &QuerySpec, mask: &mut [bool]) -> Result<(), QueryError> {
    // A later pair of the same name wins.
    let from_url: HashMap<String, String> =
        spec.url_filters.as_deref().map(|text| read_url_filters(&spec.filters, text).used.into_iter().collect()).unwrap_or_default();
    for filter in &spec.filters {
        let value = match from_url.get(filter.name.trim()) {
            Some(v) => FilterValue::Text(v.clone()),
            None if filter.active => filter.value.clone(),
            None => continue,
        };
        if !on_this_sheet(filter, spec.sheet.as_deref()) {
            continue;
        }
        let column = table.column_index(&filter.sheet_column.column).ok_or_else(|| QueryError::MissingFilterColumn {
            filter: filter.name.clone(),
            column: filter.sheet_column.column.clone(),
            sheet: spec.sheet.clone().unwrap_or_else(|| filter.sheet_column.sheet.clone()),
        })?;
        if let Some(predicate) = Predicate::prepare(filter, &value, &spec.context)? {
            predicate.narrow(table.column(column), mask);
        }
    }
    Ok(())
}

fn on_this_sheet(filter: &Filter, sheet: Option<&str>) -> bool {
    let wanted = filter.sheet_column.sheet.trim();
    match sheet {
        Some(sheet) if !wanted.is_empty() => wanted.eq_ignore_ascii_case(sheet.trim()),
        _ => true,
    }
}

fn apply_session_rules(table: &Table, spec: &QuerySpec, mask: &mut [bool]) -> Result<(), QueryError> {
    let ctx = &spec.context;
    if let Some(id) = ctx.session_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
        if let Some(c) = table.column_names().iter().position(|n| n == SESSION_ID_COLUMN) {
            keep_rows(table, c, mask, |cell| cell.trim() == id);
        }
    }
    if let Some(cond) = &spec.conditional_filter {
        narrow_by_conditional(table, cond, ctx, mask)?;
    }
    if !spec.shown_by_any.is_empty() {
        let mut any = vec![false; mask.len()];
        for cond in &spec.shown_by_any {
            let mut one = vec![true; mask.len()];
            narrow_by_conditional(table, cond, ctx, &mut one)?;
            any.iter_mut().zip(one).for_each(|(any, one)| *any |= one);
        }
        mask.iter_mut().zip(any).for_each(|(keep, any)| *keep &= any);
    }
    Ok(())
}

/// Keeps the rows `cond` keeps; a `filter_by` other than 'Logged in user' and 'Current record'
/// ('None') keeps every row.
fn narrow_by_conditional(table: &Table, cond: &ConditionalFilter, ctx: &Context, mask: &mut [bool]) -> Result<(), QueryError> {
    let wanted: Vec<String> = match cond.filter_by.as_str() {
        "Logged in user" => [ctx.signed_in_email(), ctx.user_name.as_deref()]
            .into_iter()
            .flatten()
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty())
            .collect(),
        "Current record" => ctx
            .current_record
            .as_ref()
            .and_then(|record| {
                record
                    .iter()
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case(cond.match_with_column.trim()))
                    .map(|(_, v)| v.trim().to_lowercase())
            })
            .into_iter()
            .collect(),
        _ => return Ok(()),
    };
    let c = table.column_index(&cond.select_column).ok_or_else(|| QueryError::MissingColumn { column: cond.select_column.clone() })?;
    keep_rows(table, c, mask, |cell| wanted.iter().any(|w| cell.trim().to_lowercase() == *w));
    Ok(())
}

fn keep_rows(table: &Table, column: usize, mask: &mut [bool], keep: impl Fn(&str) -> bool) {
    for (row, m) in mask.iter_mut().enumerate() {
        *m = *m && keep(table.cell(row, column));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{Condition, SheetColumn};

    fn table() -> Table {
        let rows = [
            ["1", "Alice", "North", "$120", "2026-11-20", "ann@x.io"],
            ["2", "Bob", "South", "$80", "2026-11-21", "bob@x.io"],
            ["3", "Carol", "North", "$200", "Nov 25, 2026", "ann@x.io"],
            ["4", "Dan", "", "n/a", "", "dan@x.io"],
        ];
        let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
        let names = ["_id", "Name", "Region", "Amount", "Date", "Owner"];
        Table::from_rows(names.iter().map(|s| s.to_string()).collect(), &rows).unwrap()
    }

    fn filter(name: &str, condition: Condition, column: &str, value: &str, active: bool) -> Filter {
        Filter {
            name: name.into(),
            active,
            condition,
            sheet_column: SheetColumn { sheet: "Sales".into(), column: column.into() },
            value: FilterValue::Text(value.into()),
        }
    }

    fn names(spec: &QuerySpec) -> Vec<String> {
        run(&table(), spec).unwrap().rows.iter().map(|r| r[1].clone()).collect()
    }

    fn ctx() -> Context {
        Context { now: Some("2026-11-21T09:00:00Z".into()), ..Context::default() }
    }

    #[test]
    fn only_active_filters_apply_unless_the_url_names_them() {
        let inactive = filter("Region", Condition::Equals, "Region", "north", false);
        let spec = QuerySpec { filters: vec![inactive], ..QuerySpec::default() };
        assert_eq!(names(&spec).len(), 4);
        let spec = QuerySpec { url_filters: Some("Region:South".into()), ..spec };
        assert_eq!(names(&spec), vec!["Bob"]);
    }

    #[test]
    fn url_pairs_the_board_cannot_use_are_ignored_and_the_stored_filters_still_apply() {
        let spec = QuerySpec {
            filters: vec![
                filter("Region", Condition::Equals, "Region", "", false),
                filter("Big", Condition::GreaterThan, "Amount", "100", true),
                filter("Recent", Condition::PastDays, "Date", "", false),
            ],
            url_filters: Some("Region:North,Oops,Colour:red,:x,Recent:abc,Big:lots".into()),
            context: ctx(),
            ..QuerySpec::default()
        };
        // Region applies from the URL; Big keeps its own value; the rest is left out.
        assert_eq!(names(&spec), vec!["Alice", "Carol"]);
        let ignored = read_url_filters(&spec.filters, spec.url_filters.as_deref().unwrap()).ignored;
        let said: Vec<(&str, &str)> = ignored.iter().map(|i| (i.pair.as_str(), i.reason.as_str())).collect();
        assert_eq!(
            said,
            [
                ("Oops", "This board has no filter named “Oops”."),
                ("Colour:red", "This board has no filter named “Colour”."),
                (":x", "This names no filter: a link names a filter and its value as name:value."),
                ("Recent:abc", "“Recent” needs a number of days, not “abc”."),
                ("Big:lots", "“Big” needs a number, not “lots”."),
            ]
        );
    }

    #[test]
    fn a_known_name_without_a_value_or_with_a_bad_date_says_so() {
        let filters = vec![filter("Region", Condition::Equals, "Region", "", false), filter("When", Condition::Date, "Date", "", false)];
        let read = read_url_filters(&filters, " Region , When:2026-02-01..2026-01-01, When:soon, When:2026-01-01.., Region:");
        assert_eq!(read.used, [("When".to_owned(), "2026-01-01..".to_owned()), ("Region".to_owned(), String::new())]);
        let reasons: Vec<&str> = read.ignored.iter().map(|i| i.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "“Region” has no value: a link names a filter and its value as Region:value.",
                "“When” needs a date range that starts before it ends.",
                "“When” needs dates such as 2026-01-31, not “soon”.",
            ]
        );
    }

    #[test]
    fn filters_on_another_sheet_are_skipped() {
        let spec = QuerySpec {
            sheet: Some("Costs".into()),
            filters: vec![filter("Region", Condition::Equals, "Region", "North", true)],
            ..QuerySpec::default()
        };
        assert_eq!(names(&spec).len(), 4);
    }

    #[test]
    fn current_user_token_matches_the_signed_in_email_and_nothing_for_guests() {
        let mine = filter("Mine", Condition::Equals, "Owner", "[(current_user)]", true);
        let spec =
            QuerySpec { filters: vec![mine], context: Context { user_email: Some("ann@x.io".into()), ..ctx() }, ..QuerySpec::default() };
        assert_eq!(names(&spec), vec!["Alice", "Carol"]);
        let guest = QuerySpec { context: ctx(), ..spec };
        assert!(names(&guest).is_empty());
    }

    #[test]
    fn session_id_keeps_only_that_row() {
        let spec = QuerySpec { context: Context { session_id: Some("3".into()), ..ctx() }, ..QuerySpec::default() };
        assert_eq!(names(&spec), vec!["Carol"]);
    }

    #[test]
    fn logged_in_user_conditional_filter_uses_email_or_name() {
        let cond = ConditionalFilter { select_column: "Owner".into(), filter_by: "Logged in user".into(), ..ConditionalFilter::default() };
        let spec = QuerySpec {
            conditional_filter: Some(cond),
            context: Context { user_email: Some("BOB@x.io".into()), ..ctx() },
            ..QuerySpec::default()
        };
        assert_eq!(names(&spec), vec!["Bob"]);
        let nobody = QuerySpec { context: ctx(), ..spec };
        assert!(names(&nobody).is_empty());
    }

    #[test]
    fn date_windows_use_the_viewers_today() {
        let today = filter("Today", Condition::Today, "Date", "", true);
        let spec = QuerySpec { filters: vec![today], context: ctx(), ..QuerySpec::default() };
        assert_eq!(names(&spec), vec!["Bob"]);
        let week = filter("Next", Condition::NextWeek, "Date", "", true);
        let spec = QuerySpec { filters: vec![week], context: ctx(), ..QuerySpec::default() };
        assert_eq!(names(&spec), vec!["Carol"]);
    }

    #[test]
    fn date_conditions_without_now_are_an_error_not_a_guess() {
        let spec = QuerySpec { filters: vec![filter("Today", Condition::Today, "Date", "", true)], ..QuerySpec::default() };
        assert_eq!(run(&table(), &spec).unwrap_err(), QueryError::MissingNow);
    }

    #[test]
    fn search_then_sort_then_page() {
        let spec = QuerySpec {
            search: Some("o, a".into()),
            sort: Some(Sort { column: "Amount".into(), direction: crate::sort::SortDirection::Descending }),
            rows_per_page: Some(2),
            page: Some(2),
            ..QuerySpec::default()
        };
        let result = run(&table(), &spec).unwrap();
        assert_eq!((result.total, result.page, result.page_count), (4, 2, 2));
        // Descending by amount: Carol 200, Alice 120, Bob 80, then Dan without a number.
        assert_eq!(result.rows.iter().map(|r| r[1].as_str()).collect::<Vec<_>>(), vec!["Bob", "Dan"]);
    }

    #[test]
    fn a_page_past_the_end_reads_the_last_page() {
        let spec = QuerySpec { rows_per_page: Some(3), page: Some(9), ..QuerySpec::default() };
        let result = run(&table(), &spec).unwrap();
        assert_eq!((result.page, result.rows.len()), (2, 1));
    }

    #[test]
    fn readable_columns_bound_the_answer_and_its_sort_and_search_columns_the_search() {
        let spec = QuerySpec {
            readable_columns: Some(vec!["Name".into(), "Owner".into()]),
            search_columns: Some(vec!["Name".into(), "Owner".into()]),
            ..QuerySpec::default()
        };
        let result = run(&table(), &spec).unwrap();
        assert_eq!(result.columns, ["Name", "Owner"]);
        assert_eq!(result.rows[0], ["Alice", "ann@x.io"]);
        // `North` is only in Region, which the reader may not see.
        assert_eq!(run(&table(), &QuerySpec { search: Some("north".into()), ..spec.clone() }).unwrap().total, 0);
        assert_eq!(run(&table(), &QuerySpec { search: Some("ann@".into()), ..spec.clone() }).unwrap().total, 2);
        let by_amount =
            QuerySpec { sort: Some(Sort { column: "Amount".into(), direction: crate::sort::SortDirection::Ascending }), ..spec };
        assert!(matches!(run(&table(), &by_amount), Err(QueryError::MissingColumn { .. })));
    }
}
