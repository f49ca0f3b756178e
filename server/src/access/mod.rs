//! What one caller gets of a board or an app page: the [`scope`] that decides which tabs, rows and
//! blocks it may read and write (with the [`audience`] rules of a block and the signed
//! [`embed_token`]s), and the reads run through a scope: sheet rows ([`sheet_query`]), computed
//! block views ([`views`]) and a template's guest copy ([`templates`]).

pub mod audience;
pub mod embed_token;
pub mod scope;
pub mod sheet_query;
pub mod templates;
pub mod views;
