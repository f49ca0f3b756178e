//! Who is looking and when: everything a query needs from outside the sheet. The core reads no
//! clock and no session of its own (design: results are reproducible), so the host passes them.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

use crate::error::QueryError;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "QueryContext", optional_fields = nullable))]
pub struct Context {
    /// The current instant, RFC 3339 (`2026-11-21T10:00:00Z`). Needed by the date conditions
    /// and the `[(today)]` form token.
    pub now: Option<String>,
    /// The viewer's offset from UTC in minutes (`60` for UTC+1): "today" is the viewer's today.
    pub utc_offset_minutes: i32,
    /// The signed-in user's e-mail: replaces `[(current_user)]` and `[(user_email)]`.
    pub user_email: Option<String>,
    /// The signed-in user's name, for 'Logged in user' conditional filters.
    pub user_name: Option<String>,
    /// The session's `_id` value (platform §5): an equality filter on any `_id` column.
    pub session_id: Option<String>,
    /// The record a detail page shows, column name to cell, for 'Current record' filters.
    pub current_record: Option<BTreeMap<String, String>>,
}

impl Context {
    /// The viewer's wall-clock date-time now.
    pub fn local_now(&self) -> Result<NaiveDateTime, QueryError> {
        let now = self.now.as_deref().ok_or(QueryError::MissingNow)?;
        let instant = DateTime::parse_from_rfc3339(now.trim()).map_err(|_| QueryError::BadNow(now.to_owned()))?;
        Ok(instant.naive_utc() + Duration::minutes(i64::from(self.utc_offset_minutes)))
    }

    /// The viewer's date today.
    pub fn today(&self) -> Result<NaiveDate, QueryError> {
        self.local_now().map(|n| n.date())
    }

    /// The signed-in user's e-mail, if a user is signed in.
    pub fn signed_in_email(&self) -> Option<&str> {
        self.user_email.as_deref().map(str::trim).filter(|e| !e.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_the_viewers_date_not_utcs() {
        let ctx = Context { now: Some("2026-11-21T23:30:00Z".into()), utc_offset_minutes: 60, ..Context::default() };
        assert_eq!(ctx.today().unwrap().to_string(), "2026-11-22");
        let west = Context { utc_offset_minutes: -300, ..ctx };
        assert_eq!(west.today().unwrap().to_string(), "2026-11-21");
    }

    #[test]
    fn a_missing_or_bad_now_is_an_error() {
        assert_eq!(Context::default().today(), Err(QueryError::MissingNow));
        let bad = Context { now: Some("yesterday".into()), ..Context::default() };
        assert_eq!(bad.today().unwrap_err().to_string(), "context.now `yesterday` is not an RFC 3339 time such as 2026-11-21T10:00:00Z");
    }
}
