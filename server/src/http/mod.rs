//! The HTTP face of the server: the `/api` routes ([`api`]), the refusal of forged cross-site
//! changes, rate limits, the client-error report and the served guides. The web app's pages are
//! `web/`, the embeds `embed/`.

pub mod api;
mod caller;
pub mod client_errors;
pub(crate) mod cross_site;
pub mod docs_guides;
pub mod rate_limit;
pub mod server;
