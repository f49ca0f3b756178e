//! Where a spreadsheet's rows come from, and where writes go first.
//!
//! | kind            | rows                                   | writes                                  |
//! |-----------------|----------------------------------------|-----------------------------------------|
//! | `upload`        | stored here; the upload is the source  | stored here                             |
//! | `csv_url`       | a snapshot of a published-CSV link     | refused: a published link is read-only  |
//! | `google_sheets` | a snapshot read through Sheets API v4  | to Google first, then to the snapshot   |

pub mod google;

use crate::error::Error;
use crate::sheets::rows::Values;
use crate::sheets::store::SheetInfo;
use crate::AppState;

/// A spreadsheet as the row writers need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub spreadsheet_id: String,
    pub kind: String,
    pub url: String,
}

/// One row change, before it is applied to the stored rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowWrite<'a> {
    Append { record_id: &'a str, values: &'a Values },
    Update { record_id: &'a str, values: &'a Values },
    Delete { record_id: &'a str },
    Duplicate { record_id: &'a str, copy_id: &'a str },
}

pub const READ_ONLY_LINK: &str =
    "This sheet comes from a published CSV link, which is read-only. Connect the spreadsheet through Google Sheets or upload it to change its rows.";

/// Sends a row change to the spreadsheet's source when the source can take it; only then may
/// the caller store it. A source that cannot take writes refuses with a text saying why.
pub async fn write_through(state: &AppState, source: &Source, sheet: &SheetInfo, write: &RowWrite<'_>) -> Result<(), Error> {
    match source.kind.as_str() {
        "upload" => Ok(()),
        "csv_url" => Err(Error::Conflict(READ_ONLY_LINK.to_owned())),
        "google_sheets" => google::write_through(state, source, sheet, write).await,
        other => Err(Error::internal("writing a row", format!("unknown source kind `{other}`"))),
    }
}
