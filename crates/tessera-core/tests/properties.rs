//! Property tests: the rules of the core that hold for every input, checked on random tables and
//! texts (proptest). Each test name is the rule it checks.

use std::collections::BTreeSet;

use chrono::{NaiveDate, NaiveDateTime};
use proptest::prelude::*;
use tessera_core::chart::{self, ChartAxis, ChartSpec, Combine, Grouping, SeriesType};
use tessera_core::date::parse_date;
use tessera_core::date_bucket::DateBucket;
use tessera_core::filter::{Condition, Filter, FilterValue, SheetColumn};
use tessera_core::number::{format_number, parse_number, DecimalSeparator};
use tessera_core::query::{self, parse_url_filters, read_url_filters, QuerySpec};
use tessera_core::sort::{Sort, SortDirection};
use tessera_core::Table;

/// Cell texts that stress the text rules: case, surrounding spaces, letters whose lower case
/// differs in length (İ, ẞ), emoji, numbers and dates, empty and blank cells. Drawing from a
/// small set makes repeats, so columns of 16 rows or more are dictionary-encoded.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "", " ", "a", "A", "ab", " Ab ", "ba", "b a", "İ", "i̇", "ß", "ẞ", "é", "É", "🍕", "a🍕", "東京", "$12", "12", "-3.5",
            "n/a", "2024-03-05", "Mar 5, 2024", "0", "-0",
        ])
        .prop_map(str::to_owned),
        1 => "[aAbB éİß🍕0-9$.,-]{0,6}",
    ]
}

/// A table of `columns` columns named c0, c1, ... and 0 to 40 rows.
fn table(columns: usize) -> impl Strategy<Value = (Vec<String>, Vec<Vec<String>>)> {
    let names: Vec<String> = (0..columns).map(|c| format!("c{c}")).collect();
    prop::collection::vec(prop::collection::vec(cell(), columns), 0..40).prop_map(move |rows| (names.clone(), rows))
}

fn build(names: &[String], rows: &[Vec<String>]) -> Table {
    Table::from_rows(names.to_vec(), rows).expect("rows fit the header")
}

fn filter(condition: Condition, column: &str, value: &str) -> Filter {
    Filter {
        name: "F".into(),
        active: true,
        condition,
        sheet_column: SheetColumn { sheet: String::new(), column: column.into() },
        value: FilterValue::Text(value.into()),
    }
}

fn rows_matching(table: &Table, spec: &QuerySpec) -> Vec<u32> {
    query::matching_rows(table, spec).expect("the query is valid")
}

fn with_filter(f: Filter) -> QuerySpec {
    QuerySpec { filters: vec![f], ..QuerySpec::default() }
}

/// A filter value that is not blank (a blank value would leave the filter unapplied).
fn value() -> impl Strategy<Value = String> {
    prop_oneof![cell(), "[aAbB éİ🍕]{1,3}"].prop_filter("not blank", |v| !v.trim().is_empty())
}

/// A search term: no comma, not blank.
fn term() -> impl Strategy<Value = String> {
    "[aAbBé🍕İ 0-9$]{1,4}".prop_filter("not blank", |t| !t.trim().is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn a_condition_and_its_negation_split_every_table_into_two_disjoint_parts(
        (names, rows) in table(2),
        value in value(),
        which in 0usize..3,
    ) {
        let (positive, negative) = [
            (Condition::StartsWith, Condition::NotStartsWith),
            (Condition::EndsWith, Condition::NotEndsWith),
            (Condition::Includes, Condition::NotIncludes),
        ][which];
        prop_assert_eq!(positive.negation(), Some(negative));
        let t = build(&names, &rows);
        let yes: BTreeSet<u32> = rows_matching(&t, &with_filter(filter(positive, "c0", &value))).into_iter().collect();
        let no: BTreeSet<u32> = rows_matching(&t, &with_filter(filter(negative, "c0", &value))).into_iter().collect();
        prop_assert!(yes.is_disjoint(&no), "{:?} and {:?} both match {:?}", positive, negative, yes.intersection(&no).collect::<Vec<_>>());
        let all: BTreeSet<u32> = (0..rows.len() as u32).collect();
        let union: BTreeSet<u32> = yes.union(&no).copied().collect();
        prop_assert_eq!(union, all);
    }

    #[test]
    fn any_of_with_one_part_matches_the_same_rows_as_equals((names, rows) in table(1), value in value()) {
        let t = build(&names, &rows);
        let equals = rows_matching(&t, &with_filter(filter(Condition::Equals, "c0", &value)));
        let any_of = rows_matching(&t, &with_filter(filter(Condition::AnyOf, "c0", &value)));
        prop_assert_eq!(equals, any_of);
    }

    #[test]
    fn a_filter_matches_the_same_rows_whether_or_not_the_column_is_dictionary_encoded(
        (names, rows) in table(1),
        value in value(),
        which in 0usize..6,
    ) {
        // Twenty copies of the rows make every column repeat enough to be dictionary-encoded;
        // the rows of one copy must match exactly as they do alone.
        let condition = [Condition::Equals, Condition::StartsWith, Condition::NotIncludes, Condition::GreaterThan, Condition::AnyOf, Condition::EndsWith][which];
        let value = if condition == Condition::GreaterThan { "1".to_owned() } else { value };
        let single = rows_matching(&build(&names, &rows), &with_filter(filter(condition, "c0", &value)));
        let many: Vec<Vec<String>> = (0..20).flat_map(|_| rows.iter().cloned()).collect();
        let repeated = rows_matching(&build(&names, &many), &with_filter(filter(condition, "c0", &value)));
        let n = rows.len() as u32;
        let first_copy: Vec<u32> = repeated.iter().copied().filter(|&r| r < n).collect();
        prop_assert_eq!(&single, &first_copy);
        prop_assert_eq!(repeated.len(), single.len() * 20);
    }

    #[test]
    fn searching_comma_joined_terms_finds_the_union_of_searching_each_term(
        (names, rows) in table(2),
        terms in prop::collection::vec(term(), 1..4),
    ) {
        let t = build(&names, &rows);
        let search = |text: &str| -> BTreeSet<u32> {
            rows_matching(&t, &QuerySpec { search: Some(text.to_owned()), ..QuerySpec::default() }).into_iter().collect()
        };
        let joined = search(&terms.join(","));
        let union: BTreeSet<u32> = terms.iter().flat_map(|term| search(term)).collect();
        prop_assert_eq!(joined, union);
    }

    #[test]
    fn chart_sums_over_the_groups_add_up_to_the_column_total_and_labels_are_unique(
        (names, rows) in table(2),
        search in prop::option::of(term()),
    ) {
        let t = build(&names, &rows);
        let query = QuerySpec { search, ..QuerySpec::default() };
        let spec = ChartSpec {
            query: query.clone(),
            x_axis: "c0".into(),
            axis: vec![ChartAxis { column: "c1".into(), series_type: SeriesType::Bar, duplicate_x_axis: Combine::Sum, decimal_separator: DecimalSeparator::Dot }],
            // Text categories; date buckets are the vectors' (their labels are not the cells').
            grouping: Grouping { x_bucket: DateBucket::EachValue, ..Grouping::default() },
        };
        let model = chart::aggregate(&t, &spec).expect("the chart is valid");
        let labels: BTreeSet<&String> = model.labels.iter().collect();
        prop_assert_eq!(labels.len(), model.labels.len(), "labels repeat: {:?}", model.labels);
        prop_assert_eq!(model.series[0].data.len(), model.labels.len());
        let matching = rows_matching(&t, &query);
        let numbers: Vec<f64> = matching.iter().filter_map(|&r| parse_number(&rows[r as usize][1], DecimalSeparator::Dot)).collect();
        let total: f64 = numbers.iter().sum();
        let charted: f64 = model.series[0].data.iter().flatten().sum();
        let scale: f64 = numbers.iter().map(|n| n.abs()).sum::<f64>().max(1.0);
        prop_assert!((total - charted).abs() <= 1e-9 * scale, "total {} but groups add up to {}", total, charted);
        // Every matching row's trimmed x text is a label (an empty one `(empty)`), and every label is one.
        let xs: BTreeSet<&str> = matching.iter().map(|&r| Some(rows[r as usize][0].trim()).filter(|x| !x.is_empty()).unwrap_or(chart::EMPTY_CATEGORY)).collect();
        prop_assert_eq!(xs, model.labels.iter().map(String::as_str).collect::<BTreeSet<_>>());
    }

    #[test]
    fn concatenating_every_page_gives_the_unpaged_result(
        (names, rows) in table(2),
        per_page in 1usize..12,
        sort in prop::option::of(prop::bool::ANY),
    ) {
        let t = build(&names, &rows);
        let sort = sort.map(|up| Sort { column: "c1".into(), direction: if up { SortDirection::Ascending } else { SortDirection::Descending } });
        let base = QuerySpec { sort, ..QuerySpec::default() };
        let all = query::run(&t, &QuerySpec { rows_per_page: Some(0), ..base.clone() }).expect("valid");
        prop_assert_eq!(all.page_count, 1);
        let first = query::run(&t, &QuerySpec { rows_per_page: Some(per_page as u64), ..base.clone() }).expect("valid");
        prop_assert_eq!(first.page_count, all.total.div_ceil(per_page).max(1));
        let mut joined: Vec<u32> = Vec::new();
        let mut joined_rows: Vec<Vec<String>> = Vec::new();
        for page in 1..=first.page_count {
            let r = query::run(&t, &QuerySpec { rows_per_page: Some(per_page as u64), page: Some(page as u64), ..base.clone() }).expect("valid");
            prop_assert_eq!(r.page, page);
            prop_assert_eq!(r.total, all.total);
            prop_assert!(r.row_indices.len() <= per_page);
            joined.extend(r.row_indices);
            joined_rows.extend(r.rows);
        }
        prop_assert_eq!(joined, all.row_indices);
        prop_assert_eq!(joined_rows, all.rows);
    }

    #[test]
    fn sorting_is_a_stable_permutation((names, rows) in table(1), ascending in prop::bool::ANY) {
        let t = build(&names, &rows);
        let direction = if ascending { SortDirection::Ascending } else { SortDirection::Descending };
        let spec = QuerySpec { sort: Some(Sort { column: "c0".into(), direction }), ..QuerySpec::default() };
        let sorted = rows_matching(&t, &spec);
        let mut seen = sorted.clone();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..rows.len() as u32).collect::<Vec<_>>(), "not a permutation");
        // Rows with the very same text compare equal in every kind of sort, so they must keep
        // their sheet order.
        for (i, &a) in sorted.iter().enumerate() {
            for &b in &sorted[i + 1..] {
                if rows[a as usize][0] == rows[b as usize][0] {
                    prop_assert!(a < b, "rows {} and {} hold the same text but came out as {} then {}", a.min(b), a.max(b), a, b);
                }
            }
        }
    }

    #[test]
    fn a_column_of_numbers_sorts_by_value_and_equal_values_keep_sheet_order(
        cells in prop::collection::vec(prop::sample::select(vec!["0", "-0", "$0.00", "−0", "1", "$1", "1.0", "-2", "−2", "10", "$1,000", "1000", "0.5", "-0.5"]), 0..30),
        ascending in prop::bool::ANY,
    ) {
        let rows: Vec<Vec<String>> = cells.iter().map(|c| vec![(*c).to_owned()]).collect();
        let t = build(&["c0".to_owned()], &rows);
        let direction = if ascending { SortDirection::Ascending } else { SortDirection::Descending };
        let sorted = rows_matching(&t, &QuerySpec { sort: Some(Sort { column: "c0".into(), direction }), ..QuerySpec::default() });
        let value = |r: u32| parse_number(cells[r as usize], DecimalSeparator::Dot).expect("every cell is a number");
        for pair in sorted.windows(2) {
            let (a, b) = (value(pair[0]), value(pair[1]));
            let in_order = if ascending { a <= b } else { a >= b };
            prop_assert!(in_order, "{} ({}) came before {} ({})", cells[pair[0] as usize], a, cells[pair[1] as usize], b);
            if a == b {
                prop_assert!(pair[0] < pair[1], "equal numbers {} (row {}) and {} (row {}) left sheet order",
                    cells[pair[0] as usize], pair[0], cells[pair[1] as usize], pair[1]);
            }
        }
    }

    #[test]
    fn every_accepted_format_reads_back_the_date_and_time_it_was_written_from(
        (year, month, day) in (1000i32..=9999, 1u32..=12, 1u32..=31).prop_filter("a real date", |&(y, m, d)| NaiveDate::from_ymd_opt(y, m, d).is_some()),
        (hour, minute, second) in (0u32..24, 0u32..60, 0u32..60),
    ) {
        let date = NaiveDate::from_ymd_opt(year, month, day).expect("filtered");
        let at = |h, m, s| date.and_hms_opt(h, m, s).expect("a valid time");
        let mut cases: Vec<(String, NaiveDateTime)> = vec![
            (date.format("%Y-%m-%d").to_string(), at(0, 0, 0)),
            (date.format("%Y/%m/%d").to_string(), at(0, 0, 0)),
            (date.format("%m/%d/%Y").to_string(), at(0, 0, 0)),
            (date.format("%d-%m-%Y").to_string(), at(0, 0, 0)),
            (date.format("%d %b %Y").to_string(), at(0, 0, 0)),
            (date.format("%d %B %Y").to_string(), at(0, 0, 0)),
            (date.format("%b %d, %Y").to_string(), at(0, 0, 0)),
            (date.format("%B %d, %Y").to_string(), at(0, 0, 0)),
            (date.format("%b %-d %Y").to_string(), at(0, 0, 0)),
            (date.format("%d.%m.%Y").to_string(), at(0, 0, 0)),
            (at(hour, minute, second).format("%Y-%m-%dT%H:%M:%S").to_string(), at(hour, minute, second)),
            (at(hour, minute, 0).format("%Y-%m-%dT%H:%M").to_string(), at(hour, minute, 0)),
            (at(hour, minute, second).format("%Y-%m-%d %H:%M:%S").to_string(), at(hour, minute, second)),
            (at(hour, minute, 0).format("%Y-%m-%d %H:%M").to_string(), at(hour, minute, 0)),
            (at(hour, minute, second).format("%-m/%-d/%Y %H:%M:%S").to_string(), at(hour, minute, second)),
            (at(hour, minute, 0).format("%-m/%-d/%Y %-I:%M %p").to_string(), at(hour, minute, 0)),
            (at(hour, minute, second).format("%Y-%m-%dT%H:%M:%SZ").to_string(), at(hour, minute, second)),
        ];
        // Day first with slashes only when the day cannot be a month (else month first wins).
        if day > 12 {
            cases.push((date.format("%d/%m/%Y").to_string(), at(0, 0, 0)));
        }
        for (text, want) in cases {
            prop_assert_eq!(parse_date(&text), Some(want), "{}", text);
            prop_assert_eq!(parse_date(&text.to_uppercase()), Some(want), "{} in capitals", text);
        }
    }

    #[test]
    fn parse_number_and_parse_date_never_panic(text in any::<String>()) {
        let _ = parse_number(&text, DecimalSeparator::Dot);
        let _ = parse_number(&text, DecimalSeparator::Comma);
        let _ = parse_date(&text);
    }

    #[test]
    fn parse_date_never_panics_on_date_like_text(text in "[0-9]{1,5}[-/. ][0-9A-Za-z]{1,9}[-/., ]{1,2}[0-9]{1,5}( [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?( ?[AaPp][Mm])?)?") {
        if let Some(d) = parse_date(&text) {
            // Whatever is read is a real calendar date with a four-digit year.
            let year = d.format("%Y").to_string();
            prop_assert_eq!(year.len(), 4, "{} read as {}", text, d);
        }
    }

    #[test]
    fn parse_number_reads_back_format_number_in_a_sane_range(x in -1e15f64..1e15f64) {
        prop_assert_eq!(parse_number(&format_number(x), DecimalSeparator::Dot), Some(x));
    }

    #[test]
    fn parse_number_reads_back_format_number_for_every_finite_float(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
        prop_assert_eq!(parse_number(&format_number(x), DecimalSeparator::Dot), Some(x));
    }

    #[test]
    fn url_filter_parsing_never_panics(text in any::<String>()) {
        let _ = parse_url_filters(&text);
    }

    #[test]
    fn url_filters_round_trip_name_value_pairs(
        pairs in prop::collection::vec(("[^,:]{1,8}".prop_filter("a name", |n| !n.trim().is_empty()), "[^,]{0,8}"), 0..5),
    ) {
        let text = pairs.iter().map(|(n, v)| format!("{n}:{v}")).collect::<Vec<_>>().join(",");
        let parsed = parse_url_filters(&text);
        let want: Vec<(String, String)> = pairs.iter().map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned())).collect();
        prop_assert_eq!(parsed, want);
    }

    #[test]
    fn every_url_pair_is_used_or_ignored_and_unknown_names_never_change_the_rows(
        (names, rows) in table(2),
        known in "[^,:]{0,6}",
        junk in prop::collection::vec("[^,]{0,10}", 0..4),
    ) {
        // The board's one filter, `Known`, is never named by the junk pairs (they have no `Known:` prefix).
        let junk: Vec<String> = junk.into_iter().filter(|p| !p.trim_start().starts_with("Known")).collect();
        let known_pair = format!("Known:{known}");
        let text = std::iter::once(known_pair.as_str()).chain(junk.iter().map(String::as_str)).collect::<Vec<_>>().join(",");
        let filter = Filter {
            name: "Known".into(),
            active: false,
            condition: Condition::Includes,
            sheet_column: SheetColumn { sheet: String::new(), column: "c0".into() },
            value: FilterValue::Text(String::new()),
        };
        let read = read_url_filters(std::slice::from_ref(&filter), &text);
        prop_assert_eq!(read.used.len() + read.ignored.len(), text.split(',').filter(|p| !p.trim().is_empty()).count());
        prop_assert_eq!(read.used.first().map(|(name, _)| name.as_str()), Some("Known"));
        let table = build(&names, &rows);
        let with_junk = QuerySpec { filters: vec![filter], url_filters: Some(text.clone()), ..QuerySpec::default() };
        let without = QuerySpec { url_filters: Some(known_pair), ..with_junk.clone() };
        prop_assert_eq!(rows_matching(&table, &with_junk), rows_matching(&table, &without));
    }

    #[test]
    fn the_json_facade_never_panics_on_any_operation_or_input(op in prop::sample::select(tessera_core::api::OPERATIONS.to_vec()), input in any::<String>()) {
        let _ = tessera_core::api::evaluate(op, &input);
    }
}
