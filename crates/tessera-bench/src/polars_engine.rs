//! (c) The anchor: polars, lazy API, one thread (the runner starts this engine in a child
//! process with `POLARS_MAX_THREADS=1`), columns pre-typed outside the timed part.

use std::path::Path;
use std::time::Instant;

use polars::prelude::*;

use crate::query::{self, Group, QueryOutput};

/// How the search over all columns is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Search {
    /// Lower-cased copies of every column made at load (like the core's cached lower-case
    /// text), then `str.contains_literal` per term: the anchor.
    Prelowered,
    /// `str.to_lowercase()` of every column inside the query, then `contains_literal`.
    LowerInQuery,
    /// `str.contains_any([terms], ascii_case_insensitive=true)` (Aho-Corasick) on the raw text.
    ContainsAny,
    /// As `Prelowered`, but the filters are collected first and the search and group-by run
    /// on the surviving rows only (polars evaluates one combined predicate on every row).
    TwoStage,
}

impl Search {
    pub fn label(self) -> &'static str {
        match self {
            Search::Prelowered => "polars",
            Search::LowerInQuery => "polars, lower-case in query",
            Search::ContainsAny => "polars, contains_any",
            Search::TwoStage => "polars, two-stage",
        }
    }
}

pub struct Loaded {
    pub df: DataFrame,
    pub raw_columns: Vec<String>,
}

/// Reads the CSV with every column as text, then adds the typed columns the query uses:
/// `category_norm` (trimmed, lower-cased), `amount_num` (f64), `order_day` (Date), and the
/// lower-cased copies `lower_<column>` for the search.
pub fn load(path: &Path) -> PolarsResult<(Loaded, Vec<(String, f64)>)> {
    let t0 = Instant::now();
    let mut df = CsvReadOptions::default()
        .with_has_header(true)
        .with_infer_schema_length(Some(0)) // every column as String, as in a sheet
        .try_into_reader_with_file_path(Some(path.to_path_buf()))?
        .finish()?;
    let read_ms = ms(t0);

    let t1 = Instant::now();
    let raw_columns: Vec<String> = df.get_column_names().iter().map(|s| s.to_string()).collect();
    let amounts: Vec<Option<f64>> = df.column(query::VALUE)?.str()?.iter().map(|c| c.and_then(query::oracle_amount)).collect();
    let days: Vec<Option<i32>> = df.column("order_date")?.str()?.iter().map(|c| c.and_then(query::oracle_date)).collect();
    df.with_column(Series::new("amount_num".into(), amounts).into_column())?;
    df.with_column(Series::new("order_day".into(), days).cast(&DataType::Date)?.into_column())?;
    let mut exprs = vec![col("category").str().strip_chars(lit(NULL)).str().to_lowercase().alias("category_norm")];
    for c in &raw_columns {
        exprs.push(col(c.as_str()).str().to_lowercase().alias(format!("lower_{c}")));
    }
    let df = df.lazy().with_columns(exprs).collect()?;
    let type_ms = ms(t1);
    Ok((Loaded { df, raw_columns }, vec![("read_csv".into(), read_ms), ("pre-type".into(), type_ms)]))
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

fn days(iso: &str) -> i32 {
    let (y, rest) = iso.split_at(4);
    crate::dataset::days_from_civil(y.parse().unwrap(), rest[1..3].parse().unwrap(), rest[4..6].parse().unwrap())
}

pub fn run_query(loaded: &Loaded, search: Search) -> PolarsResult<QueryOutput> {
    let from = lit(days(query::DATE_FROM)).cast(DataType::Date);
    let to = lit(days(query::DATE_TO)).cast(DataType::Date);
    let filters = col("category_norm")
        .eq(lit(query::CATEGORY.trim().to_lowercase()))
        .and(col("amount_num").gt(lit(query::AMOUNT_MIN)))
        .and(col("order_day").gt_eq(from))
        .and(col("order_day").lt_eq(to));

    let terms = query::search_terms();
    let mut any: Option<Expr> = None;
    for c in &loaded.raw_columns {
        let hits: Vec<Expr> = match search {
            Search::Prelowered | Search::TwoStage => {
                terms.iter().map(|t| col(format!("lower_{c}")).str().contains_literal(lit(t.as_str()))).collect()
            }
            Search::LowerInQuery => {
                let lower = col(c.as_str()).str().to_lowercase();
                terms.iter().map(|t| lower.clone().str().contains_literal(lit(t.as_str()))).collect()
            }
            Search::ContainsAny => {
                let pats = Series::new("pats".into(), terms.clone());
                vec![col(c.as_str()).str().contains_any(lit(pats).implode(false), true)]
            }
        };
        for h in hits {
            any = Some(match any {
                Some(a) => a.or(h),
                None => h,
            });
        }
    }
    let mut lf = loaded.df.clone().lazy().filter(filters);
    if search == Search::TwoStage {
        lf = lf.collect()?.lazy();
    }
    if let Some(s) = any {
        lf = lf.filter(s);
    }
    let out = lf
        .group_by([col(query::GROUP_BY)])
        .agg([len().alias("n"), col("amount_num").sum().alias("sum"), col("amount_num").mean().alias("avg")])
        .collect()?;

    let keys = out.column(query::GROUP_BY)?.str()?;
    let n = out.column("n")?.cast(&DataType::UInt64)?;
    let n = n.u64()?;
    let sums = out.column("sum")?.f64()?;
    let avgs = out.column("avg")?.f64()?;
    let mut groups = Vec::with_capacity(out.height());
    let mut count = 0;
    for i in 0..out.height() {
        count += n.get(i).unwrap_or(0);
        groups.push(Group {
            key: keys.get(i).unwrap_or("").to_string(),
            sum: sums.get(i).unwrap_or(0.0),
            avg: avgs.get(i).unwrap_or(f64::NAN),
        });
    }
    Ok(QueryOutput { count, groups }.sorted())
}
