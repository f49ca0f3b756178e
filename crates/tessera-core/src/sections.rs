//! Board sections (platform §3 board state `sections`, `current_section`; §5: "Sections are
//! trimmed and empty ones dropped; the 'un-categorized' section shows blocks whose section is
//! not in the list").
//!
//! The board's `sections` setting is comma-separated text. It is split on commas, each name is
//! trimmed, empty names are dropped, and a name that repeats an earlier one exactly is dropped
//! too, so every section is one tab. A block belongs to the listed section its own `section`
//! names; the comparison trims both sides and tries the exact name first, then ignores letter
//! case (as [`crate::table::Table::column_index`] does for columns), so renaming `Sales` to
//! `sales` in the list does not orphan its blocks. A block then carries the list's spelling.
//! A block whose section is missing, empty or not listed belongs to [`UNCATEGORIZED`].
//!
//! The tabs are the listed sections in list order, each with its blocks in board order, even
//! when it has none (the editor shows every section it was given); the `un-categorized` tab comes
//! last and only when it holds a block. If the list itself names `un-categorized`, the unlisted
//! blocks join that tab at its listed place instead of forming a second one.
//!
//! | `sections`            | block sections            | tabs (block indices)                        |
//! |-----------------------|---------------------------|---------------------------------------------|
//! | ` Sales, ,Ops,Sales ` | `Sales`, `ops`, none, `X` | `Sales` (0), `Ops` (1), `un-categorized` (2, 3) |
//! | `Sales,Ops`           | `Sales`, `Sales`          | `Sales` (0, 1), `Ops` (none)                |
//! | ``                    | `Sales`                   | `un-categorized` (0)                        |
//! | ``                    | (no blocks)               | (no tabs)                                   |
//! | `A,un-categorized`    | none, `A`                 | `A` (1), `un-categorized` (0)               |
//!
//! `current_section` picks the open tab: the tab it names (same comparison), else the first tab.

use serde::{Deserialize, Serialize};

/// The tab of blocks whose section is not in the list (platform §5).
pub const UNCATEGORIZED: &str = "un-categorized";

/// One section tab: its name and the indices of its blocks in board order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionTab {
    pub section: String,
    pub blocks: Vec<usize>,
}

/// The section names of the board's comma-separated `sections` text.
pub fn parse_sections(text: &str) -> Vec<String> {
    let mut sections: Vec<String> = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if !sections.iter().any(|s| s == name) {
            sections.push(name.to_owned());
        }
    }
    sections
}

/// The listed section `name` names: exact (trimmed) first, then ignoring letter case.
fn find(name: &str, sections: &[String]) -> Option<usize> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    sections.iter().position(|s| s.trim() == name).or_else(|| {
        let wanted = name.to_lowercase();
        sections.iter().position(|s| s.trim().to_lowercase() == wanted)
    })
}

/// The tab a block shows in: the listed section its `section` names, spelled as in the list, or
/// [`UNCATEGORIZED`] (the list's spelling of it if the list names it).
pub fn section_of(block_section: Option<&str>, sections: &[String]) -> String {
    match block_section.and_then(|s| find(s, sections)) {
        Some(i) => sections[i].clone(),
        None => find(UNCATEGORIZED, sections).map_or_else(|| UNCATEGORIZED.to_owned(), |i| sections[i].clone()),
    }
}

/// The section tabs of a board whose blocks have the sections `block_sections`, in board order.
pub fn group_blocks(block_sections: &[Option<&str>], sections: &[String]) -> Vec<SectionTab> {
    let mut tabs: Vec<SectionTab> = sections.iter().map(|s| SectionTab { section: s.clone(), blocks: Vec::new() }).collect();
    let listed_catch_all = find(UNCATEGORIZED, sections);
    let mut unlisted: Vec<usize> = Vec::new();
    for (block, section) in block_sections.iter().enumerate() {
        match section.and_then(|s| find(s, sections)).or(listed_catch_all) {
            Some(i) => tabs[i].blocks.push(block),
            None => unlisted.push(block),
        }
    }
    if !unlisted.is_empty() {
        tabs.push(SectionTab { section: UNCATEGORIZED.to_owned(), blocks: unlisted });
    }
    tabs
}

/// The open tab: the one `current_section` names, else the first; `None` when there are no tabs.
pub fn current_tab(current_section: Option<&str>, tabs: &[SectionTab]) -> Option<String> {
    let names: Vec<String> = tabs.iter().map(|t| t.section.clone()).collect();
    current_section.and_then(|c| find(c, &names)).or((!names.is_empty()).then_some(0)).map(|i| names[i].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        parse_sections(text)
    }

    fn tabs(text: &str, blocks: &[Option<&str>]) -> Vec<(String, Vec<usize>)> {
        group_blocks(blocks, &names(text)).into_iter().map(|t| (t.section, t.blocks)).collect()
    }

    #[test]
    fn sections_are_trimmed_and_empty_or_repeated_ones_dropped() {
        assert_eq!(names(" Sales, ,Ops,,Sales "), vec!["Sales", "Ops"]);
        assert_eq!(names("Sales,sales"), vec!["Sales", "sales"]);
        assert_eq!(names(""), Vec::<String>::new());
        assert_eq!(names(" , ,\t"), Vec::<String>::new());
        assert_eq!(names("Café, 日本"), vec!["Café", "日本"]);
    }

    #[test]
    fn a_block_takes_the_lists_spelling_of_its_section() {
        let list = names("Sales,Ops");
        assert_eq!(section_of(Some("Sales"), &list), "Sales");
        assert_eq!(section_of(Some("  ops "), &list), "Ops");
        let both = names("Sales,sales");
        assert_eq!(section_of(Some("sales"), &both), "sales");
        assert_eq!(section_of(Some("SALES"), &both), "Sales");
    }

    #[test]
    fn unlisted_missing_or_blank_sections_are_uncategorized() {
        let list = names("Sales");
        for block in [None, Some(""), Some("   "), Some("Marketing"), Some("Sale")] {
            assert_eq!(section_of(block, &list), UNCATEGORIZED, "{block:?}");
        }
        assert_eq!(section_of(Some("Sales"), &[]), UNCATEGORIZED);
    }

    #[test]
    fn tabs_follow_the_list_with_uncategorized_last() {
        let got = tabs(" Sales, ,Ops,Sales ", &[Some("Sales"), Some("ops"), None, Some("X")]);
        assert_eq!(got, vec![("Sales".into(), vec![0]), ("Ops".into(), vec![1]), (UNCATEGORIZED.into(), vec![2, 3])]);
    }

    #[test]
    fn listed_sections_without_blocks_still_get_a_tab_but_uncategorized_does_not() {
        let got = tabs("Sales,Ops", &[Some("Sales"), Some("Sales")]);
        assert_eq!(got, vec![("Sales".into(), vec![0, 1]), ("Ops".into(), vec![])]);
        assert!(tabs("", &[]).is_empty());
    }

    #[test]
    fn an_empty_list_puts_every_block_in_uncategorized() {
        assert_eq!(tabs("", &[Some("Sales"), None]), vec![(UNCATEGORIZED.into(), vec![0, 1])]);
    }

    #[test]
    fn a_listed_uncategorized_section_takes_the_unlisted_blocks_in_place() {
        let got = tabs("Un-Categorized,A", &[None, Some("A"), Some("B")]);
        assert_eq!(got, vec![("Un-Categorized".into(), vec![0, 2]), ("A".into(), vec![1])]);
        assert_eq!(section_of(Some("B"), &names("Un-Categorized,A")), "Un-Categorized");
    }

    #[test]
    fn the_open_tab_is_the_current_section_else_the_first() {
        let t = group_blocks(&[Some("Ops"), None], &names("Sales,Ops"));
        assert_eq!(current_tab(Some(" ops"), &t).as_deref(), Some("Ops"));
        assert_eq!(current_tab(Some("Gone"), &t).as_deref(), Some("Sales"));
        assert_eq!(current_tab(None, &t).as_deref(), Some("Sales"));
        assert_eq!(current_tab(Some(UNCATEGORIZED), &t).as_deref(), Some(UNCATEGORIZED));
        assert_eq!(current_tab(Some("Sales"), &[]), None);
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(crate::api::evaluate("sections", r##"{"sections":" Sales, ,Ops,Sales ","block_sections":["Sales","ops",null,"X"],"current_section":"ops"}"##), Ok(r##"{"sections":["Sales","Ops"],"tabs":[{"section":"Sales","blocks":[0]},{"section":"Ops","blocks":[1]},{"section":"un-categorized","blocks":[2,3]}],"current":"Ops"}"##.to_owned()));
    }
}
