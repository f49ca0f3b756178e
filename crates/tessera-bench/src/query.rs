//! The one benchmark query, shared by every engine, and the shape of an engine's report.
//!
//! Filters (all must hold):
//! - `category = Electronics` (trimmed, case-insensitive text equality)
//! - `amount > 100` (the number left after stripping non-numeric characters)
//! - `order_date` in `[2024-01-01, 2024-06-30]` (both ends inclusive)
//!
//! Search `an, ex`: a row matches when ANY term is a case-insensitive substring of ANY cell.
//! Then group by `city`: per group the row count, the sum and the average of `amount`.

use serde::{Deserialize, Serialize};

pub const CATEGORY: &str = "Electronics";
pub const AMOUNT_MIN: f64 = 100.0;
pub const DATE_FROM: &str = "2024-01-01";
pub const DATE_TO: &str = "2024-06-30";
pub const SEARCH: &str = "an, ex";
pub const GROUP_BY: &str = "city";
pub const VALUE: &str = "amount";

/// The search terms, as the comma-separated search box splits them.
pub fn search_terms() -> Vec<String> {
    SEARCH.split(',').map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect()
}

/// The sheet name the specs use.
pub const SHEET: &str = "Orders";

fn filter(name: &str, condition: &str, column: &str, value: serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "name": name,
        "active": true,
        "condition": condition,
        "sheet_column": {"sheet": SHEET, "column": column},
        "value": value,
    })
}

/// The query as a core `QuerySpec` (JSON, as the WASM API takes it): filters and search, the
/// first page of 10 rows (its `total` is the row count).
pub fn core_query_spec() -> serde_json::Value {
    serde_json::json!({
        "sheet": SHEET,
        "filters": [
            filter("Category", "=", "category", CATEGORY.into()),
            filter("Amount", ">", VALUE, format!("{}", AMOUNT_MIN).into()),
            filter("Order date", "date", "order_date", serde_json::json!([DATE_FROM, DATE_TO])),
        ],
        "search": SEARCH,
        "page": 1,
        "rows_per_page": 10,
    })
}

/// The query as a core `ChartSpec`: the same filters and search, x axis = the group column,
/// two series over the value column, summed and averaged per group.
pub fn core_chart_spec() -> serde_json::Value {
    let mut spec = core_query_spec();
    let obj = spec.as_object_mut().expect("object");
    obj.remove("page");
    obj.remove("rows_per_page");
    obj.insert("x_axis".into(), GROUP_BY.into());
    obj.insert(
        "axis".into(),
        serde_json::json!([
            {"column": VALUE, "type": "bar", "duplicateXAxis": "sum", "decimal_separator": "dot"},
            {"column": VALUE, "type": "bar", "duplicateXAxis": "average", "decimal_separator": "dot"},
        ]),
    );
    spec
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Group {
    pub key: String,
    pub sum: f64,
    pub avg: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct QueryOutput {
    /// Rows that pass the filters and the search.
    pub count: u64,
    /// Sorted by key.
    pub groups: Vec<Group>,
}

impl QueryOutput {
    pub fn sorted(mut self) -> Self {
        self.groups.sort_by(|a, b| a.key.cmp(&b.key));
        self
    }
}

/// One engine's measurements, printed as one JSON line by a child process.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EngineReport {
    pub engine: String,
    pub rows: u64,
    /// CSV text to a queryable table (for the WASM engine: CSV -> JSON text -> `SheetTable`).
    pub load_ms: f64,
    /// Parts of the load, for the report (name, ms).
    #[serde(default)]
    pub load_parts: Vec<(String, f64)>,
    /// Every timed run of the query (after one warm-up run).
    pub query_ms: Vec<f64>,
    /// The engine's own estimate of the table's size in memory, if it has one.
    pub table_bytes: Option<u64>,
    /// VmHWM of the engine's process at the end.
    pub peak_rss_bytes: u64,
    pub result: QueryOutput,
    #[serde(default)]
    pub note: String,
    /// The median time to answer a filter chip's checklist, the distinct values of
    /// [`VALUES_COLUMN`] with their counts over every row (`tessera_core::values`), from the
    /// loaded table as the server's sheet cache holds it; engines that do not measure it leave it out.
    #[serde(default)]
    pub values_ms: Option<f64>,
}

/// The column whose distinct values the checklist figure counts: a category column, as filter
/// chips list (50 cities, dictionary-encoded as the table cache holds such a column).
pub const VALUES_COLUMN: &str = "city";

pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// Relative-tolerance comparison of two results; `Err` names the first difference.
pub fn compare(a: &QueryOutput, b: &QueryOutput) -> Result<(), String> {
    if a.count != b.count {
        return Err(format!("count {} != {}", a.count, b.count));
    }
    if a.groups.len() != b.groups.len() {
        return Err(format!("{} groups != {} groups", a.groups.len(), b.groups.len()));
    }
    let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0);
    for (g, h) in a.groups.iter().zip(&b.groups) {
        if g.key != h.key {
            return Err(format!("group key {:?} != {:?}", g.key, h.key));
        }
        if !close(g.sum, h.sum) {
            return Err(format!("group {:?}: sum {} != {}", g.key, g.sum, h.sum));
        }
        if !close(g.avg, h.avg) {
            return Err(format!("group {:?}: avg {} != {}", g.key, g.avg, h.avg));
        }
    }
    Ok(())
}

/// Peak resident set size of this process (VmHWM), in bytes.
pub fn peak_rss_bytes() -> u64 {
    proc_status_kb("VmHWM:") * 1024
}

fn proc_status_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

/// The bench's own reading of an amount cell (independent of the core, used to pre-type
/// the polars frame): keep digits, '-' and '.', then the longest numeric prefix.
pub fn oracle_amount(cell: &str) -> Option<f64> {
    let kept: String = cell.chars().filter(|c| c.is_ascii_digit() || *c == '-' || *c == '.').collect();
    let mut end = 0;
    let b = kept.as_bytes();
    if b.first() == Some(&b'-') {
        end = 1;
    }
    let mut digits = 0;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
        digits += 1;
    }
    if end < b.len() && b[end] == b'.' {
        let mut f = end + 1;
        while f < b.len() && b[f].is_ascii_digit() {
            f += 1;
        }
        if f > end + 1 {
            digits += f - end - 1;
            end = f;
        }
    }
    if digits == 0 {
        return None;
    }
    kept[..end].parse().ok()
}

/// The bench's own reading of the three date formats the generator writes
/// (`2024-03-05`, `03/05/2024` month first, `Mar 5, 2024`), as days since 1970-01-01.
pub fn oracle_date(cell: &str) -> Option<i32> {
    use crate::dataset::days_from_civil;
    let t = cell.trim();
    let num = |s: &str| s.trim().parse::<u32>().ok();
    if t.len() == 10 && t.as_bytes()[4] == b'-' {
        let y = num(&t[0..4])? as i32;
        return Some(days_from_civil(y, num(&t[5..7])?, num(&t[8..10])?));
    }
    if t.len() == 10 && t.as_bytes()[2] == b'/' {
        let y = num(&t[6..10])? as i32;
        return Some(days_from_civil(y, num(&t[0..2])?, num(&t[3..5])?));
    }
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let (md, y) = t.split_once(", ")?;
    let (m, d) = md.split_once(' ')?;
    let m = MONTHS.iter().position(|x| x.eq_ignore_ascii_case(m))? as u32 + 1;
    Some(days_from_civil(num(y)? as i32, m, num(d)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oracle_reads_generated_cells() {
        assert_eq!(oracle_amount("$1,234.50"), Some(1234.5));
        assert_eq!(oracle_amount("1234.50 USD"), Some(1234.5));
        assert_eq!(oracle_amount("abc"), None);
        let d = crate::dataset::days_from_civil(2024, 3, 5);
        assert_eq!(oracle_date("2024-03-05"), Some(d));
        assert_eq!(oracle_date("03/05/2024"), Some(d));
        assert_eq!(oracle_date("Mar 5, 2024"), Some(d));
    }
}
