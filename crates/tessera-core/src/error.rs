//! Errors of queries over a sheet. Every external input (a filter, a query string, a column
//! name) that is wrong yields one of these, with the bad input quoted; none panics.

/// Why a query could not run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QueryError {
    #[error("filter `{filter}` uses column `{column}`, which sheet `{sheet}` does not have")]
    MissingFilterColumn { filter: String, column: String, sheet: String },
    #[error("column `{column}` does not exist in this sheet")]
    MissingColumn { column: String },
    #[error("filter `{filter}`: {condition} needs a number, got `{value}`")]
    NotANumber { filter: String, condition: String, value: String },
    #[error("filter `{filter}`: `{value}` is not a date")]
    NotADate { filter: String, value: String },
    #[error("filter `{filter}`: the date range starts after it ends")]
    ReversedRange { filter: String },
    #[error("date conditions need the current time: pass context.now")]
    MissingNow,
    #[error("context.now `{0}` is not an RFC 3339 time such as 2026-11-21T10:00:00Z")]
    BadNow(String),
    #[error("invalid query: {0}")]
    Spec(String),
}
