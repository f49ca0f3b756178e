//! Google Sheets API v4 (being written: reads, appends, updates and clears with back-off).

use super::{RowWrite, Source};
use crate::error::Error;
use crate::sheets::store::SheetInfo;
use crate::AppState;

pub async fn write_through(_state: &AppState, _source: &Source, _sheet: &SheetInfo, _write: &RowWrite<'_>) -> Result<(), Error> {
    Err(Error::Unavailable("Writing to Google Sheets is not available on this server yet.".to_owned()))
}
