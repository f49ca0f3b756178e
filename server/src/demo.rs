//! The demo workspace created on the first start (filled in below).

use crate::{AppState, Error};

pub async fn seed_if_empty(_state: &AppState) -> Result<(), Error> {
    Ok(())
}
