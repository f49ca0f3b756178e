//! Boards as templates (issue 10): what a board uses of its spreadsheet, the copy of its data
//! that a template user gets, and binding a board to another spreadsheet by column name and type.
//!
//! **What a board uses.** The tabs and columns its blocks' settings name (found through the
//! block catalogue's field kinds, [`tessera_blocks::references`]) and those its stored filters
//! name (`sheet_column`). Names are compared trimmed and ignoring case, as the core compares
//! columns.
//!
//! **The sample data of a copy** is what a guest can read through the board and nothing more:
//! for each tab a block reads, the union of the rows each such block shows a guest (the board's
//! active stored filters and the block's conditional filter, with guest rights: no e-mail, no
//! session row), in sheet order, at most [`GUEST_ROW_CAP`], with the columns the board names
//! and those a guest's answer has; cells a guest cannot read are copied blank. A tab only a filter names is copied as those columns without rows, so the filter still
//! has its column. Tabs the board does not use are never read.
//!
//! **Binding.** For each tab the board uses, the target tab of the same name, else the one with
//! the most columns matching by name and type; for each column, the target column of the same
//! name whose type ([`tessera_core::column_type`]) is the template's. What matches nothing is
//! listed with the reason. Applying a binding rewrites block settings and filters through the
//! same references, so every place a name can be is found the same way.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;
use tessera_blocks::{references, Reference};
use tessera_core::column_type::{infer_column_type, ColumnType};
use tessera_core::query;
use tessera_core::table::Table;
use utoipa::ToSchema;

use crate::access::scope;
use crate::access::sheet_query::{self, SheetParams, Viewer, GUEST_ROW_CAP};
use crate::boards::board_state::Board;
use crate::infra::error::Error;
use crate::sheets::store;
use crate::sheets::ImportedSheet;
use crate::AppState;

/// Names as the core compares column names: trimmed, any case.
pub fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// One setting of a board that names a tab or a column: a block's (`block_id`) or a stored
/// filter's (`filters[0].sheet_column`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardReference {
    pub block_id: Option<String>,
    pub reference: Reference,
}

fn text(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).filter(|text| !text.trim().is_empty()).map(str::to_owned)
}

/// The `sheet_column` of the stored filter at `index` as a reference.
fn filter_reference(index: usize, filter: &Value) -> Option<Reference> {
    let source = filter.get("sheet_column")?;
    let column = text(source.get("column"))?;
    Some(Reference { path: format!("filters[{index}].sheet_column"), sheet: text(source.get("sheet")), column: Some(column) })
}

/// Every tab and column the board's blocks (block JSON with `id`) and stored filters name.
pub fn board_references(blocks: &[Value], filters: &[Value]) -> Vec<BoardReference> {
    let of_blocks = blocks.iter().flat_map(|block| {
        let block_id = text(block.get("id"));
        references(block).into_iter().map(move |reference| BoardReference { block_id: block_id.clone(), reference })
    });
    let of_filters = filters
        .iter()
        .enumerate()
        .filter_map(|(index, filter)| filter_reference(index, filter))
        .map(|reference| BoardReference { block_id: None, reference });
    of_blocks.chain(of_filters).collect()
}

/// A tab a board uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsedTab {
    /// As the board first spells it.
    pub title: String,
    /// The columns the board names in it, each once, in order of first mention.
    pub columns: Vec<String>,
    /// The blocks that read its rows.
    pub readers: Vec<String>,
}

/// The tabs the references name, in order of first mention.
pub fn used_tabs(references: &[BoardReference]) -> Vec<UsedTab> {
    let mut tabs: Vec<UsedTab> = Vec::new();
    for BoardReference { block_id, reference } in references {
        let Some(sheet) = &reference.sheet else { continue };
        let at = match tabs.iter().position(|tab| key(&tab.title) == key(sheet)) {
            Some(at) => at,
            None => {
                tabs.push(UsedTab { title: sheet.clone(), columns: Vec::new(), readers: Vec::new() });
                tabs.len() - 1
            }
        };
        let tab = &mut tabs[at];
        if let Some(column) = &reference.column {
            if !tab.columns.iter().any(|known| key(known) == key(column)) {
                tab.columns.push(column.clone());
            }
        }
        if let Some(block_id) = block_id {
            if !tab.readers.contains(block_id) {
                tab.readers.push(block_id.clone());
            }
        }
    }
    tabs
}

/// A setting the guest's view cannot use (a filter value, a column that is not there): the
/// guest sees an error through that block, so it shows no rows. Anything else is the server's.
fn shows_guests_nothing(error: &Error) -> bool {
    matches!(error, Error::Invalid { .. } | Error::BadRequest(_) | Error::NotFound(_))
}

/// The tabs of the board's spreadsheet that its blocks and filters use, holding only what a
/// guest can read through the board (see the module doc). Empty when it has no spreadsheet.
pub async fn guest_sample(state: &AppState, board: &Board, blocks: &[Value]) -> Result<Vec<ImportedSheet>, Error> {
    let Some(spreadsheet_id) = &board.spreadsheet_id else { return Ok(Vec::new()) };
    let scope = scope::guest_scope(state, board).await?;
    let filters = scope.filters.clone();
    let guest = Viewer::default();
    let mut sample = Vec::new();
    for tab in used_tabs(&board_references(blocks, &filters)) {
        let Some(sheet) = store::find(&state.db, spreadsheet_id, &tab.title).await? else { continue };
        let (table, _) = sheet_query::load_table(state, &sheet, false).await?;
        let mut shown: BTreeSet<u32> = BTreeSet::new();
        // The columns whose cells a guest reads through the blocks (`None`: every column).
        let mut readable: Option<BTreeSet<usize>> = Some(BTreeSet::new());
        for block_id in &tab.readers {
            let params = SheetParams { block: Some(block_id.clone()), ..SheetParams::default() };
            let spec = match sheet_query::build_spec(state, &scope, &guest, &sheet, &table, &params).await {
                Ok(built) => built.spec,
                Err(error) if shows_guests_nothing(&error) => continue,
                Err(error) => return Err(error),
            };
            // A query the core refuses shows the guest an error, not rows.
            let Ok(rows) = query::matching_rows(&table, &spec) else { continue };
            shown.extend(rows.into_iter().take(GUEST_ROW_CAP as usize));
            readable = match (readable, &spec.readable_columns) {
                (Some(mut columns), Some(_)) => {
                    columns.extend(query::answered_columns(&table, &spec));
                    Some(columns)
                }
                _ => None,
            };
        }
        // Every column the board names stays, so the copy's blocks and filters find theirs; a
        // guest's blocks show only some of them, and the others' cells are copied blank.
        let named: BTreeSet<usize> = tab.columns.iter().filter_map(|name| table.column_index(name)).collect();
        let columns: Vec<usize> = match &readable {
            None => table.visible_columns(),
            Some(readable) => table.visible_columns().into_iter().filter(|c| readable.contains(c) || named.contains(c)).collect(),
        };
        let cell = |row: u32, c: usize| match readable.as_ref().is_none_or(|readable| readable.contains(&c)) {
            true => table.cell(row as usize, c).to_owned(),
            false => String::new(),
        };
        sample.push(ImportedSheet {
            title: sheet.title.clone(),
            columns: columns.iter().map(|&c| table.column_names()[c].clone()).collect(),
            rows: shown.into_iter().take(GUEST_ROW_CAP as usize).map(|row| columns.iter().map(|&c| cell(row, c)).collect()).collect(),
        });
    }
    Ok(sample)
}

/// A column with the type of its values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TypedColumn {
    pub name: String,
    /// `text`, `number` or `date`, read from the column's values; null when every cell is blank.
    #[serde(rename = "type")]
    #[schema(value_type = Option<ColumnTypeName>, required = true)]
    pub column_type: Option<ColumnType>,
}

/// The type of a column's values (tessera-core's `ColumnType`; documentation only).
#[derive(ToSchema)]
#[schema(as = ColumnType, rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ColumnTypeName {
    Text,
    Number,
    Date,
}

/// A tab with its typed columns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TypedTab {
    pub title: String,
    pub columns: Vec<TypedColumn>,
}

/// The visible columns of `table` (or only those named in `only`) with their types.
pub fn typed_tab(title: &str, table: &Table, only: Option<&[String]>) -> TypedTab {
    let indices: Vec<usize> = match only {
        Some(names) => names.iter().filter_map(|name| table.column_index(name)).collect(),
        None => table.visible_columns(),
    };
    let columns = indices
        .into_iter()
        .map(|c| TypedColumn {
            name: table.column_names()[c].clone(),
            column_type: infer_column_type((0..table.row_count()).map(|row| table.cell(row, c))),
        })
        .collect();
    TypedTab { title: title.to_owned(), columns }
}

fn find_tab<'a>(tabs: &'a [TypedTab], title: &str) -> Option<&'a TypedTab> {
    tabs.iter().find(|tab| key(&tab.title) == key(title))
}

fn find_column<'a>(tab: &'a TypedTab, name: &str) -> Option<&'a TypedColumn> {
    tab.columns.iter().find(|column| key(&column.name) == key(name))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// A column of the same name and type.
    Matched,
    /// No column of that name (or no tab to look in).
    Missing,
    /// A column of that name whose values are of another type.
    TypeDiffers,
}

/// How one column the board names would bind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ColumnMatch {
    pub template_column: String,
    /// The type of the column's values in the board's current spreadsheet; null when it is not
    /// there or has no values (it then matches by name alone).
    #[schema(value_type = Option<ColumnTypeName>, required = true)]
    pub template_type: Option<ColumnType>,
    /// The matched column; null unless `status` is `matched`.
    #[schema(required = true)]
    pub your_column: Option<String>,
    pub status: MatchStatus,
    /// Why it did not match, to show the user; null when matched.
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// How one tab the board uses would bind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TabMatch {
    pub template_tab: String,
    /// The tab of the same name, else the one with the most matching columns; null when none matches any.
    #[schema(required = true)]
    pub your_tab: Option<String>,
    pub columns: Vec<ColumnMatch>,
}

/// Two columns' types clash only when both are known and differ: a column without values (or
/// missing from the template's data) matches by name alone.
fn types_clash(ours: Option<ColumnType>, theirs: Option<ColumnType>) -> bool {
    matches!((ours, theirs), (Some(ours), Some(theirs)) if ours != theirs)
}

/// How many of `tab`'s columns match `wanted` by name and type.
fn matching_columns(wanted: &UsedTab, template: Option<&TypedTab>, tab: &TypedTab) -> usize {
    wanted
        .columns
        .iter()
        .filter(|name| {
            let ours = template.and_then(|template| find_column(template, name)).and_then(|column| column.column_type);
            find_column(tab, name).is_some_and(|theirs| !types_clash(ours, theirs.column_type))
        })
        .count()
}

/// The proposal for binding the tabs the board uses (typed as in its current spreadsheet,
/// `template`) to the tabs of `yours`.
pub fn propose(used: &[UsedTab], template: &[TypedTab], yours: &[TypedTab]) -> Vec<TabMatch> {
    used.iter()
        .map(|wanted| {
            let ours = find_tab(template, &wanted.title);
            let best = find_tab(yours, &wanted.title).or_else(|| {
                let scored = yours.iter().map(|tab| (matching_columns(wanted, ours, tab), tab));
                // The first of the best wins ties, so the answer follows the spreadsheet's order.
                scored
                    .filter(|(score, _)| *score > 0)
                    .fold(None, |best: Option<(usize, &TypedTab)>, (score, tab)| match best {
                        Some((top, _)) if top >= score => best,
                        _ => Some((score, tab)),
                    })
                    .map(|(_, tab)| tab)
            });
            let columns = wanted
                .columns
                .iter()
                .map(|name| {
                    let template_type = ours.and_then(|tab| find_column(tab, name)).and_then(|column| column.column_type);
                    let found = best.and_then(|tab| find_column(tab, name));
                    let (your_column, status, reason) = match (best, found) {
                        (None, _) => (None, MatchStatus::Missing, format!("No tab of yours matches `{}`.", wanted.title)),
                        (Some(tab), None) => (None, MatchStatus::Missing, format!("Your tab `{}` has no column `{name}`.", tab.title)),
                        (Some(_), Some(theirs)) => match (template_type, theirs.column_type) {
                            (Some(ours), Some(yours)) if ours != yours => (
                                None,
                                MatchStatus::TypeDiffers,
                                format!("`{}` holds {ours} in the template, {yours} in yours.", theirs.name),
                            ),
                            _ => (Some(theirs.name.clone()), MatchStatus::Matched, String::new()),
                        },
                    };
                    let reason = (status != MatchStatus::Matched).then_some(reason);
                    ColumnMatch { template_column: name.clone(), template_type, your_column, status, reason }
                })
                .collect();
            TabMatch { template_tab: wanted.title.clone(), your_tab: best.map(|tab| tab.title.clone()), columns }
        })
        .collect()
}

/// A binding as checked against the target's tabs: template tab → your tab, and (template
/// tab, template column) → your column, all by [`key`]. Only what was chosen binds; every other
/// name stays as it is and is reported, even where yours has the same name, so the user learns
/// of each name nobody confirmed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Binding {
    tabs: BTreeMap<String, String>,
    columns: BTreeMap<(String, String), String>,
}

/// A name the binding leaves as it was, reported to the user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Unbound {
    /// The block whose setting it is; null for a stored filter.
    pub block_id: Option<String>,
    /// The setting: `x_axis`, `axis[0].column`, `filters[1].sheet_column`.
    pub path: String,
    pub sheet: Option<String>,
    pub column: Option<String>,
}

impl Binding {
    /// Checks what the user chose (empty choices mean none) against `yours`; a choice naming a
    /// tab or column that is not there is a 422 naming it (`tabs.Sales`, `columns.Sales.Total`).
    pub fn checked(
        tabs: &BTreeMap<String, String>,
        columns: &BTreeMap<String, BTreeMap<String, String>>,
        yours: &[TypedTab],
    ) -> Result<Self, Error> {
        let mut binding = Binding::default();
        for (template_tab, your_tab) in tabs.iter().filter(|(_, chosen)| !chosen.trim().is_empty()) {
            let found = find_tab(yours, your_tab)
                .ok_or_else(|| Error::invalid(format!("tabs.{template_tab}"), format!("Your spreadsheet has no tab `{your_tab}`.")))?;
            binding.tabs.insert(key(template_tab), found.title.clone());
        }
        for (template_tab, chosen) in columns {
            for (template_column, your_column) in chosen.iter().filter(|(_, chosen)| !chosen.trim().is_empty()) {
                let field = format!("columns.{template_tab}.{template_column}");
                let tab = binding.tabs.get(&key(template_tab)).and_then(|title| find_tab(yours, title)).ok_or_else(|| {
                    Error::invalid(
                        field.clone(),
                        format!("Choose which of your tabs `{template_tab}` becomes before choosing its columns."),
                    )
                })?;
                let found = find_column(tab, your_column)
                    .ok_or_else(|| Error::invalid(field, format!("Your tab `{}` has no column `{your_column}`.", tab.title)))?;
                binding.columns.insert((key(template_tab), key(template_column)), found.name.clone());
            }
        }
        Ok(binding)
    }

    /// What `reference` becomes, and whether it is bound: a tab when its tab was chosen, a
    /// column when its column was too. A source whose tab was chosen moves to that tab even when
    /// its column was not, as the block's own tab does.
    fn rebind(&self, reference: &Reference) -> (Option<Reference>, bool) {
        let Some(sheet) = &reference.sheet else { return (None, false) };
        let Some(tab) = self.tabs.get(&key(sheet)).cloned() else { return (None, false) };
        let Some(column) = &reference.column else { return (Some(Reference { sheet: Some(tab), ..reference.clone() }), true) };
        let chosen = self.columns.get(&(key(sheet), key(column))).cloned();
        let bound = chosen.is_some();
        (Some(Reference { path: reference.path.clone(), sheet: Some(tab), column: chosen }), bound)
    }

    /// Rewrites the tabs and columns a block names; answers what stayed unbound.
    pub fn rewrite_block(&self, block: &mut Value) -> Vec<Unbound> {
        let block_id = text(block.get("id"));
        let mut unbound = Vec::new();
        tessera_blocks::rewrite_references(block, |reference| {
            let (new, bound) = self.rebind(reference);
            if !bound {
                unbound.push(Unbound {
                    block_id: block_id.clone(),
                    path: reference.path.clone(),
                    sheet: reference.sheet.clone(),
                    column: reference.column.clone(),
                });
            }
            new
        });
        unbound
    }

    /// Rewrites the `sheet_column` of stored filters; answers what stayed unbound.
    pub fn rewrite_filters(&self, filters: &mut [Value]) -> Vec<Unbound> {
        let mut unbound = Vec::new();
        for (index, filter) in filters.iter_mut().enumerate() {
            let Some(reference) = filter_reference(index, filter) else { continue };
            let (new, bound) = self.rebind(&reference);
            if !bound {
                unbound.push(Unbound { block_id: None, path: reference.path, sheet: reference.sheet.clone(), column: reference.column });
            }
            let (Some(new), Some(source)) = (new, filter.get_mut("sheet_column").and_then(Value::as_object_mut)) else { continue };
            // A filter without its own tab applies to every tab (platform §5) and keeps none.
            if let (Some(tab), true) = (new.sheet, reference.sheet.is_some()) {
                source.insert("sheet".to_owned(), Value::String(tab));
            }
            if let Some(column) = new.column {
                source.insert("column".to_owned(), Value::String(column));
            }
        }
        unbound
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn tab(title: &str, columns: &[(&str, ColumnType)]) -> TypedTab {
        TypedTab {
            title: title.into(),
            columns: columns
                .iter()
                .map(|(name, column_type)| TypedColumn { name: (*name).into(), column_type: Some(*column_type) })
                .collect(),
        }
    }

    fn used(title: &str, columns: &[&str]) -> UsedTab {
        UsedTab { title: title.into(), columns: columns.iter().map(|c| (*c).to_owned()).collect(), readers: Vec::new() }
    }

    use ColumnType::{Date, Number, Text};

    #[test]
    fn boards_use_the_tabs_and_columns_of_blocks_and_filters_once_each() {
        let blocks = [
            json!({"id": "b1", "type": "chart", "sheet_title": "Sales", "x_axis": "Month", "axis": [{"column": "Total"}, {"column": "total"}]}),
            json!({"id": "b2", "type": "scorecard", "sheet_title": "sales", "axis": [{"source": {"sheet": "Costs", "column": "Cost"}}]}),
        ];
        let filters = [json!({"name": "Region", "sheet_column": {"sheet": "Regions", "column": "Region"}})];
        let tabs = used_tabs(&board_references(&blocks, &filters));
        assert_eq!(
            tabs,
            [
                UsedTab { title: "Sales".into(), columns: vec!["Month".into(), "Total".into()], readers: vec!["b1".into(), "b2".into()] },
                UsedTab { title: "Costs".into(), columns: vec!["Cost".into()], readers: vec!["b2".into()] },
                UsedTab { title: "Regions".into(), columns: vec!["Region".into()], readers: vec![] },
            ]
        );
    }

    #[test]
    fn columns_match_by_name_and_type_and_say_why_not() {
        let template = [tab("Sales", &[("Month", Date), ("Total", Number), ("Rep", Text)])];
        let yours = [tab("Deals", &[("month ", Date), ("Total", Text)]), tab("SALES", &[("Month", Date), ("Total", Text)])];
        let proposal = propose(&[used("Sales", &["Month", "Total", "Rep"])], &template, &yours);
        assert_eq!(proposal[0].your_tab.as_deref(), Some("SALES"), "the same name wins over column counts");
        let columns = &proposal[0].columns;
        assert_eq!((columns[0].your_column.as_deref(), columns[0].status), (Some("Month"), MatchStatus::Matched));
        assert_eq!(columns[1].status, MatchStatus::TypeDiffers);
        assert_eq!(columns[1].reason.as_deref(), Some("`Total` holds number in the template, text in yours."));
        assert_eq!(columns[1].your_column, None);
        assert_eq!(columns[2].status, MatchStatus::Missing);
        assert_eq!(columns[2].reason.as_deref(), Some("Your tab `SALES` has no column `Rep`."));
    }

    #[test]
    fn without_a_tab_of_the_same_name_the_tab_with_most_matches_wins() {
        let template = [tab("Sales", &[("Month", Date), ("Total", Number)])];
        let yours =
            [tab("Notes", &[("Month", Text)]), tab("Deals", &[("Month", Date), ("Total", Number)]), tab("Other", &[("Month", Date)])];
        let proposal = propose(&[used("Sales", &["Month", "Total"]), used("Costs", &["Cost"])], &template, &yours);
        assert_eq!(proposal[0].your_tab.as_deref(), Some("Deals"));
        assert!(proposal[0].columns.iter().all(|c| c.status == MatchStatus::Matched));
        assert_eq!(proposal[1].your_tab, None);
        assert_eq!(proposal[1].columns[0].reason.as_deref(), Some("No tab of yours matches `Costs`."));
        // Unknown template types (a tab missing from the board's spreadsheet, an empty column) match by name.
        let by_name = propose(&[used("Costs", &["Month"])], &[], &yours);
        assert_eq!(by_name[0].your_tab.as_deref(), Some("Notes"));
    }

    #[test]
    fn a_binding_rewrites_blocks_and_filters_and_reports_what_stays() {
        let yours = [tab("Deals", &[("Period", Date), ("Amount", Number), ("Region", Text)])];
        let tabs = BTreeMap::from([("Sales".to_owned(), "deals".to_owned())]);
        let columns = BTreeMap::from([(
            "Sales".to_owned(),
            BTreeMap::from([
                ("Month".to_owned(), "Period".to_owned()),
                ("Total".to_owned(), "amount".to_owned()),
                ("Region".to_owned(), "region".to_owned()),
                ("Rep".to_owned(), String::new()),
            ]),
        )]);
        let binding = Binding::checked(&tabs, &columns, &yours).unwrap();
        let mut chart = json!({"id": "b1", "type": "chart", "sheet_title": "Sales", "x_axis": "Month", "axis": [{"column": "Total"}, {"column": "Rep"}]});
        let unbound = binding.rewrite_block(&mut chart);
        assert_eq!(chart["sheet_title"], "Deals");
        assert_eq!((chart["x_axis"].clone(), chart["axis"][0]["column"].clone()), (json!("Period"), json!("Amount")));
        assert_eq!(chart["axis"][1]["column"], "Rep", "unbound names stay");
        assert_eq!(
            unbound,
            [Unbound {
                block_id: Some("b1".into()),
                path: "axis[1].column".into(),
                sheet: Some("Sales".into()),
                column: Some("Rep".into())
            }]
        );

        let mut filters = vec![
            json!({"name": "Region", "sheet_column": {"sheet": "Sales", "column": "region"}}),
            json!({"name": "Team", "sheet_column": {"sheet": "Teams", "column": "Team"}}),
            json!({"name": "Amount", "sheet_column": {"sheet": "Sales", "column": "Amount"}}),
        ];
        let unbound = binding.rewrite_filters(&mut filters);
        assert_eq!(filters[0]["sheet_column"], json!({"sheet": "Deals", "column": "Region"}), "the spelling of yours is written");
        assert_eq!(filters[1]["sheet_column"], json!({"sheet": "Teams", "column": "Team"}));
        // Yours has `Amount` too, but nobody chose it: the filter moves to Deals and is reported.
        assert_eq!(filters[2]["sheet_column"], json!({"sheet": "Deals", "column": "Amount"}));
        assert_eq!(unbound.iter().map(|u| u.path.as_str()).collect::<Vec<_>>(), ["filters[1].sheet_column", "filters[2].sheet_column"]);
    }

    #[test]
    fn choices_naming_what_is_not_there_are_refused_by_name() {
        let yours = [tab("Deals", &[("Amount", Number)])];
        let field = |tabs: &[(&str, &str)], columns: &[(&str, &str, &str)]| {
            let tabs = tabs.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect();
            let mut chosen: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
            for (t, c, y) in columns {
                chosen.entry((*t).to_owned()).or_default().insert((*c).to_owned(), (*y).to_owned());
            }
            match Binding::checked(&tabs, &chosen, &yours) {
                Err(Error::Invalid { field, .. }) => field,
                other => panic!("expected a 422, got {other:?}"),
            }
        };
        assert_eq!(field(&[("Sales", "Nope")], &[]), "tabs.Sales");
        assert_eq!(field(&[("Sales", "Deals")], &[("Sales", "Total", "Nope")]), "columns.Sales.Total");
        assert_eq!(field(&[], &[("Sales", "Total", "Amount")]), "columns.Sales.Total");
    }
}
