//! Markdown templates (blocks §3.13: "Markdown text with column names in brackets; loop (one
//! block per row)").
//!
//! A `[name]` in the template is replaced by the row's cell of the column `name` names, found as
//! [`crate::table::Table::column_index`] finds columns (the exact name, then ignoring letter case
//! and surrounding spaces). Everything else is ordinary markdown and stays as written, so the
//! rule keeps markdown's own brackets working:
//!
//! - `[text](url)` and `![alt](src)` are links and images: brackets followed at once by `(` are
//!   never replaced. The URL may itself hold a placeholder, and a column value becomes link text
//!   with a second pair of brackets: `[[Name]]([Profile])`.
//! - A name that is not a column of the sheet (`[ ]`, `[x]` in task lists, `[1]` in footnotes
//!   when the sheet has no such column) stays as written, brackets included. The hidden
//!   `chartmat_row_index` column is never shown, so `[chartmat_row_index]` stays too.
//! - A bracket escaped with a backslash (`\[Name]`) stays as written; markdown then shows it
//!   without the backslash.
//! - A name ends at the first `]` and cannot span lines or hold `[`; in `[a [Name] b]` only the
//!   inner `[Name]` is a placeholder.
//!
//! Cell values go in as they are: the core writes no HTML and escapes nothing, and the web
//! sanitises the rendered HTML (a cell holding `**x**` shows bold, as its author wrote it).
//!
//! **Which rows.** In loop mode there is one rendering per matching row, in the query's order
//! (see [`crate::query::matching_rows`]), and none without rows. Otherwise there is exactly one
//! rendering: of the first matching row, or, when no row matches, of the template with every
//! column placeholder left empty, so viewers never see raw `[Name]` brackets for a filter that
//! matched nothing.
//!
//! For the row `Name` = `Ada`, `URL` = `/ada`:
//!
//! | template                     | result                  |
//! |------------------------------|-------------------------|
//! | `Hello **[Name]**`           | `Hello **Ada**`         |
//! | `[ name ]`                   | `Ada`                   |
//! | `[Profile]([URL])`           | `[Profile](/ada)`       |
//! | `[[Name]]([URL])`            | `[Ada](/ada)`           |
//! | `- [x] done [Nope]`          | `- [x] done [Nope]`     |
//! | `\[Name]`                    | `\[Name]`               |
//! | `Hi [Name]` with no row      | `Hi `                   |

use crate::table::{Table, ROW_INDEX_COLUMN};

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Column(usize),
}

/// A template read once against a sheet's columns, ready to render many rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    pieces: Vec<Piece>,
}

/// Each `[name]` of `template` that could name a column, as (its first byte, the byte after
/// its `]`, the name): not escaped, on one line, without `[` inside, and not a link's text.
fn placeholders(template: &str) -> Vec<(usize, usize, &str)> {
    let bytes = template.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    // Only ASCII bytes are compared, so every slice boundary falls between characters.
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'[' => {
                let mut j = i + 1;
                while j < bytes.len() && !matches!(bytes[j], b'[' | b']' | b'\n') {
                    j += 1;
                }
                if bytes.get(j) != Some(&b']') {
                    // An inner `[` starts a new candidate; a line end or the end gives up.
                    i = j;
                    continue;
                }
                if bytes.get(j + 1) != Some(&b'(') && !template[i + 1..j].trim().is_empty() {
                    found.push((i, j + 1, &template[i + 1..j]));
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// The names `template`'s placeholders give, as written: the columns it can show of a sheet
/// that has them (the server lets a markdown block's viewers read those columns).
pub fn placeholder_names(template: &str) -> Vec<String> {
    placeholders(template).into_iter().map(|(_, _, name)| name.to_owned()).collect()
}

impl Template {
    /// Splits `template` into text and the placeholders that name columns of `table`.
    pub fn parse(template: &str, table: &Table) -> Template {
        let mut pieces = Vec::new();
        let mut text_start = 0;
        for (start, end, name) in placeholders(template) {
            let Some(column) = lookup(table, name) else { continue };
            if text_start < start {
                pieces.push(Piece::Text(template[text_start..start].to_owned()));
            }
            pieces.push(Piece::Column(column));
            text_start = end;
        }
        if text_start < template.len() {
            pieces.push(Piece::Text(template[text_start..].to_owned()));
        }
        Template { pieces }
    }

    /// The rendering for `row`, or with every placeholder empty when `row` is `None` or past
    /// the end of the sheet.
    pub fn render(&self, table: &Table, row: Option<usize>) -> String {
        let row = row.filter(|&r| r < table.row_count());
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Column(c) => {
                    if let Some(r) = row {
                        out.push_str(table.cell(r, *c));
                    }
                }
            }
        }
        out
    }
}

/// The visible column a placeholder names.
fn lookup(table: &Table, name: &str) -> Option<usize> {
    table.column_index(name).filter(|&c| table.column_names()[c] != ROW_INDEX_COLUMN)
}

/// Renders `template` for one row of `table`.
pub fn render_row(template: &str, table: &Table, row: usize) -> String {
    Template::parse(template, table).render(table, Some(row))
}

/// The renderings of a markdown block over `rows` (row indices in the query's order): one per
/// row in loop mode, else one of the first row (or of no row).
pub fn render(template: &str, table: &Table, rows: &[u32], loop_mode: bool) -> Vec<String> {
    let parsed = Template::parse(template, table);
    if loop_mode {
        rows.iter().map(|&r| parsed.render(table, Some(r as usize))).collect()
    } else {
        vec![parsed.render(table, rows.first().map(|&r| r as usize))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> Table {
        Table::from_rows(
            vec!["Name".into(), "URL".into(), "Note [old]".into(), ROW_INDEX_COLUMN.into()],
            &[vec!["Ada", "/ada", "**bold**", "7"], vec!["Grace", "/grace", "", "8"], vec!["Zoë 李", "/z", "a\nb", "9"]],
        )
        .unwrap()
    }

    fn one(template: &str) -> String {
        render_row(template, &sheet(), 0)
    }

    #[test]
    fn column_names_in_brackets_become_the_rows_cells() {
        assert_eq!(one("Hello **[Name]**, see [URL]."), "Hello **Ada**, see /ada.");
        assert_eq!(one("[ name ][NAME]"), "AdaAda");
        assert_eq!(render_row("[Name]: [Note [old]]", &sheet(), 2), "Zoë 李: [Note [old]]", "a name cannot hold `[`");
    }

    #[test]
    fn cells_go_in_as_written_without_escaping() {
        let t = Table::from_rows(vec!["Note".into()], &[vec!["**bold** <b>"]]).unwrap();
        assert_eq!(render_row("[Note]", &t, 0), "**bold** <b>");
        assert_eq!(render_row("- [Name]", &sheet(), 2), "- Zoë 李");
    }

    #[test]
    fn link_and_image_syntax_keeps_working() {
        assert_eq!(one("[Profile]([URL])"), "[Profile](/ada)");
        assert_eq!(one("[Name](https://x.test)"), "[Name](https://x.test)");
        assert_eq!(one("[[Name]]([URL])"), "[Ada](/ada)");
        assert_eq!(one("![photo]([URL].png)"), "![photo](/ada.png)");
        assert_eq!(one("[Name] (aside)"), "Ada (aside)");
    }

    #[test]
    fn unknown_empty_escaped_and_hidden_names_stay_as_written() {
        for template in ["- [x] done", "- [ ] todo", "[]", "[Nope]", "\\[Name]", "[chartmat_row_index]", "[Name", "Name]", "[Na\nme]"] {
            assert_eq!(one(template), template, "{template:?}");
        }
    }

    #[test]
    fn nested_brackets_make_the_innermost_pair_the_placeholder() {
        assert_eq!(one("[a [Name] b]"), "[a Ada b]");
        assert_eq!(one("[[[Name]]]"), "[[Ada]]");
    }

    #[test]
    fn loop_mode_renders_every_row_in_query_order() {
        let t = sheet();
        assert_eq!(render("* [Name]", &t, &[2, 0], true), vec!["* Zoë 李", "* Ada"]);
        assert!(render("* [Name]", &t, &[], true).is_empty());
    }

    #[test]
    fn without_loop_only_the_first_row_or_none_renders() {
        let t = sheet();
        assert_eq!(render("Hi [Name]", &t, &[1, 0], false), vec!["Hi Grace"]);
        assert_eq!(render("Hi [Name] [x]", &t, &[], false), vec!["Hi  [x]"]);
        assert_eq!(render("", &t, &[0], false), vec![""]);
    }

    #[test]
    fn a_row_past_the_end_renders_placeholders_empty() {
        assert_eq!(render_row("Hi [Name]!", &sheet(), 99), "Hi !");
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(
            crate::api::evaluate(
                "markdown",
                r###"{"template":"## [Name]\n[Profile]([URL]) - [x] [Nope]","sheet":{"columns":["Name","URL"],"rows":[["Ada","/ada"],["Grace","/grace"]]},"spec":{"search":"grace"},"loop":true}"###
            ),
            Ok(r###"["## Grace\n[Profile](/grace) - [x] [Nope]"]"###.to_owned())
        );
        assert_eq!(
            crate::api::evaluate("markdown", r###"{"template":"Hi [Name]","sheet":{"columns":["Name"],"rows":[]}}"###),
            Ok(r##"["Hi "]"##.to_owned())
        );
    }
}
