//! Identity: password hashing, session tokens and the [`Caller`] (read from a request by
//! `http/caller.rs`). The HTTP calls that sign users up and in live in `api::auth` and `api::account`.

pub mod caller;
pub mod password;
pub mod session;

pub use caller::{Caller, SignedIn, User};
