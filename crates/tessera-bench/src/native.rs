//! (a) The native core: the CSV streams into a `tessera_core::TableBuilder`, then the query
//! runs through the core's public API with the same JSON specs the WASM build receives.

use std::path::Path;
use std::time::Instant;

use tessera_core::chart::{aggregate, ChartSpec};
use tessera_core::values::{column_values, DEFAULT_LIMIT};
use tessera_core::{query as core_query, QuerySpec, Table, TableBuilder};

use crate::query::{self, median, EngineReport, Group, QueryOutput};

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Loads the CSV into a [`Table`], streaming rows into the builder (the sheet is never held
/// twice), then builds its parsed forms.
pub fn load(path: &Path) -> Result<(Table, Vec<(String, f64)>), String> {
    let t0 = Instant::now();
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let read_ms = ms(t0);
    let t1 = Instant::now();
    let mut builder: Option<TableBuilder> = None;
    let mut error: Option<String> = None;
    crate::csv::for_each_record(&text, |cells| {
        if error.is_some() {
            return;
        }
        match builder.as_mut() {
            None => builder = Some(TableBuilder::new(cells.iter().map(|s| s.to_string()).collect())),
            Some(b) => {
                if let Err(e) = b.push_row(cells.iter().copied()) {
                    error = Some(e.to_string());
                }
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    drop(text);
    let table = builder.ok_or("empty CSV")?.finish().map_err(|e| e.to_string())?;
    let parse_ms = ms(t1);
    // As the server does before it serves a sheet, so the first query costs what later ones do.
    let t2 = Instant::now();
    table.warm();
    Ok((table, vec![("read file".into(), read_ms), ("parse CSV + TableBuilder".into(), parse_ms), ("Table::warm".into(), ms(t2))]))
}

/// Filters + search + group-by with sum and average: `chart::aggregate` with two series.
fn chart_groups(table: &Table, chart: &ChartSpec) -> Result<Vec<Group>, String> {
    let model = aggregate(table, chart).map_err(|e| e.to_string())?;
    let [sum, avg] = &model.series[..] else {
        return Err(format!("expected 2 series, got {}", model.series.len()));
    };
    Ok(model
        .labels
        .iter()
        .enumerate()
        .map(|(i, key)| Group { key: key.clone(), sum: sum.data[i].unwrap_or(f64::NAN), avg: avg.data[i].unwrap_or(f64::NAN) })
        .collect())
}

pub fn run(csv: &Path, runs: usize) -> Result<Vec<EngineReport>, String> {
    let t0 = Instant::now();
    let (table, parts) = load(csv)?;
    let load_ms = ms(t0);
    let bytes_loaded = table.heap_bytes() as u64;

    let spec: QuerySpec = serde_json::from_value(query::core_query_spec()).map_err(|e| e.to_string())?;
    let chart: ChartSpec = serde_json::from_value(query::core_chart_spec()).map_err(|e| e.to_string())?;

    // The first run of what the timed runs time (the group-by), so the ratio compares like
    // with like; the row count for the result check comes after it.
    let t1 = Instant::now();
    let first_groups = chart_groups(&table, &chart)?;
    let first_ms = ms(t1);
    let count = core_query::run(&table, &spec).map_err(|e| e.to_string())?.total as u64;
    let result = QueryOutput { count, groups: first_groups }.sorted();
    let mut times = Vec::with_capacity(runs);
    let mut count_times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        let groups = chart_groups(&table, &chart)?;
        times.push(ms(t));
        let t = Instant::now();
        let total = core_query::run(&table, &spec).map_err(|e| e.to_string())?.total as u64;
        count_times.push(ms(t));
        debug_assert_eq!(QueryOutput { count: total, groups }.sorted(), result);
    }
    let bytes_after = table.heap_bytes() as u64;

    // Where the time goes: the same pieces through the public API.
    let only_filters = QuerySpec { search: None, ..spec.clone() };
    let only_search = QuerySpec { filters: Vec::new(), ..spec.clone() };
    let piece = |s: &QuerySpec| -> Result<(f64, usize), String> {
        let mut t = Vec::new();
        let mut n = 0;
        for _ in 0..runs {
            let t0 = Instant::now();
            n = core_query::matching_rows(&table, s).map_err(|e| e.to_string())?.len();
            t.push(ms(t0));
        }
        Ok((median(&t), n))
    };
    let (filters_ms, filters_n) = piece(&only_filters)?;
    let (search_ms, search_n) = piece(&only_search)?;
    let (both_ms, _) = piece(&spec)?;
    // A filter chip's checklist (issue 48): a column's distinct values and their counts over
    // every row, as the server answers it from its cached table; the other two columns show
    // what more distinct values cost (the id has one per row).
    let every_row = QuerySpec::default();
    let values = |column: &str| -> Result<(f64, usize), String> {
        let mut t = Vec::new();
        let mut n = 0;
        for _ in 0..runs.max(1) + 1 {
            let t0 = Instant::now();
            n = column_values(&table, &every_row, column, "", DEFAULT_LIMIT).map_err(|e| e.to_string())?.distinct;
            t.push(ms(t0));
        }
        // One warm-up run, as for the query, then the timed ones.
        t.remove(0);
        Ok((median(&t), n))
    };
    let (values_ms, values_n) = values(query::VALUES_COLUMN)?;
    let (names_ms, names_n) = values("name")?;
    let (ids_ms, ids_n) = values("id")?;
    let warm_ms = median(&times);
    Ok(vec![EngineReport {
        engine: "native".into(),
        rows: table.row_count() as u64,
        load_ms,
        load_parts: parts,
        query_ms: times,
        table_bytes: Some(bytes_after),
        peak_rss_bytes: query::peak_rss_bytes(),
        result,
        note: format!(
            "query = chart::aggregate (filters + search + group-by); first run {first_ms:.1} ms ({:.2}x the median, after Table::warm at load); \
             query::run (count + first page) median {:.2} ms; \
             matching_rows: filters only {filters_ms:.2} ms ({filters_n} rows), search only {search_ms:.2} ms ({search_n} rows), \
             both {both_ms:.2} ms; distinct values (limit {DEFAULT_LIMIT}) of {} {values_ms:.2} ms ({values_n} values), \
             of name {names_ms:.2} ms ({names_n}), of id {ids_ms:.2} ms ({ids_n}); heap_bytes {:.1} MB after load, {:.1} MB after queries",
            first_ms / warm_ms,
            median(&count_times),
            query::VALUES_COLUMN,
            bytes_loaded as f64 / 1e6,
            bytes_after as f64 / 1e6
        ),
        values_ms: Some(values_ms),
    }])
}
