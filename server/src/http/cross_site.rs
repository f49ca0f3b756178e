//! Refuses state-changing requests that another site makes with a user's session cookie
//! (cross-site request forgery). The cookie is SameSite=Lax, which stops other sites but not
//! other hosts of the same site: every app and workspace sub-domain is same-site with the main
//! host, so without this a page on one sub-domain could post to another with its visitor's
//! session. Requests that carry the session as a Bearer token, or no session, are not checked:
//! a browser never adds those by itself (the payment webhook, scripts, the tests).
//!
//! Two rules for a POST, PUT, PATCH or DELETE that carries the session cookie:
//! - its `Origin` (else its `Referer`), when the browser sent one, must be the configured base
//!   URL's origin or the origin of the host the request is addressed to: an app's page on its
//!   own sub-domain may change things there, a sibling sub-domain may not. A request with
//!   neither header (a non-browser client) passes: browsers send `Origin` with every
//!   cross-origin POST, PUT, PATCH and DELETE.
//! - a body must be JSON, or a multipart form on the upload calls (their paths end in `/upload`
//!   or `/uploads`): the other types are those a cross-site HTML form can send without asking.
//!   A request without a body and without a type (what the web app sends for a call without
//!   input) passes.

use axum::extract::{Request, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, ORIGIN, REFERER, TRANSFER_ENCODING};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use url::Url;

use crate::infra::error::{messages, Error};
use crate::AppState;

/// The middleware: [`check`] each request before it reaches a handler.
pub async fn refuse_forgeries(State(state): State<AppState>, request: Request, next: Next) -> Response {
    match check(&state.config.public_base_url(), request.method(), request.uri().path(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

/// Ok, or the refusal of a request that looks forged (see the module's rules).
fn check(base_url: &str, method: &Method, path: &str, headers: &HeaderMap) -> Result<(), Error> {
    let changes = matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE);
    if !changes || crate::accounts::auth::session::cookie_token(headers).is_none() {
        return Ok(());
    }
    if let Some(origin) = claimed_origin(headers) {
        if !allowed_origins(base_url, headers).contains(&origin) {
            return Err(Error::NotPermitted(format!(
                "This change was sent from another site ({origin}), so it was refused. Make it from Tessera's own pages."
            )));
        }
    }
    let media_type = headers.get(CONTENT_TYPE).map(|value| {
        let text = value.to_str().unwrap_or_default();
        text.split(';').next().unwrap_or_default().trim().to_ascii_lowercase()
    });
    let has_body = headers.contains_key(TRANSFER_ENCODING)
        || headers.get(CONTENT_LENGTH).and_then(|value| value.to_str().ok()).is_some_and(|length| length.trim() != "0");
    let upload = path.ends_with("/upload") || path.ends_with("/uploads");
    match media_type.as_deref() {
        None if !has_body => Ok(()),
        Some("application/json") => Ok(()),
        Some("multipart/form-data") if upload => Ok(()),
        _ => Err(Error::BadRequest(messages::SEND_JSON.to_owned())),
    }
}

/// The origin the browser says the request comes from: `Origin`, else the origin of `Referer`.
/// A value that is no URL (`null`, sent from sandboxed frames and privacy settings) stays as it
/// is, and so does an opaque origin: neither matches an allowed origin.
fn claimed_origin(headers: &HeaderMap) -> Option<String> {
    let claimed = headers.get(ORIGIN).or_else(|| headers.get(REFERER))?;
    let claimed = String::from_utf8_lossy(claimed.as_bytes()).trim().to_owned();
    Some(Url::parse(&claimed).map_or(claimed, |url| url.origin().ascii_serialization()))
}

/// The base URL's origin and, with the base URL's scheme, the origin of the request's `Host`.
fn allowed_origins(base_url: &str, headers: &HeaderMap) -> Vec<String> {
    let Ok(base) = Url::parse(base_url) else { return Vec::new() };
    let mut allowed = vec![base.origin().ascii_serialization()];
    let host = headers.get(HOST).and_then(|value| value.to_str().ok());
    if let Some(own) = host.and_then(|host| Url::parse(&format!("{}://{host}", base.scheme())).ok()) {
        allowed.push(own.origin().ascii_serialization());
    }
    allowed
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    const BASE: &str = "https://tessera.example";

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn status(method: Method, path: &str, pairs: &[(&'static str, &str)]) -> u16 {
        match check(BASE, &method, path, &headers(pairs)) {
            Ok(()) => 200,
            Err(error) => error.status().as_u16(),
        }
    }

    const COOKIE: (&str, &str) = ("cookie", "tessera_session=t");
    const JSON: (&str, &str) = ("content-type", "application/json");

    #[test]
    fn only_this_site_and_the_addressed_host_may_send_changes_with_the_cookie() {
        let post = |host: &str, origin: (&'static str, &str)| status(Method::POST, "/api/boards", &[COOKIE, JSON, ("host", host), origin]);
        assert_eq!(post("tessera.example", ("origin", "https://tessera.example")), 200);
        assert_eq!(post("tessera.example", ("origin", "https://TESSERA.example:443")), 200, "the same origin spelt otherwise");
        assert_eq!(post("sales.tessera.example", ("origin", "https://sales.tessera.example")), 200, "an app on its own host");
        assert_eq!(post("tessera.example", ("origin", "https://evil.example")), 403);
        assert_eq!(post("tessera.example", ("origin", "https://sales.tessera.example")), 403, "a sub-domain to the main host");
        assert_eq!(post("hr.tessera.example", ("origin", "https://sales.tessera.example")), 403, "a sibling sub-domain");
        assert_eq!(post("sales.tessera.example", ("origin", "http://sales.tessera.example")), 403, "plain http on an https site");
        assert_eq!(post("tessera.example", ("origin", "null")), 403);
        assert_eq!(post("tessera.example", ("referer", "https://evil.example/page?x=1")), 403);
        assert_eq!(post("tessera.example", ("referer", "https://tessera.example/dashboard")), 200);
        assert_eq!(status(Method::POST, "/api/boards", &[COOKIE, JSON, ("host", "tessera.example")]), 200, "no Origin, no Referer");
        for method in [Method::PUT, Method::PATCH, Method::DELETE] {
            assert_eq!(status(method, "/api/boards/b", &[COOKIE, ("host", "tessera.example"), ("origin", "https://evil.example")]), 403);
        }
        // Reads, and requests without the cookie (Bearer, the payment webhook), are not checked.
        assert_eq!(status(Method::GET, "/api/boards", &[COOKIE, ("origin", "https://evil.example")]), 200);
        assert_eq!(
            status(Method::POST, "/api/payments/webhook", &[("origin", "https://evil.example"), ("content-type", "text/plain")]),
            200
        );
    }

    #[test]
    fn bodies_sent_with_the_cookie_are_json_or_an_uploads_form() {
        let post = |path: &str, pairs: &[(&'static str, &str)]| status(Method::POST, path, &[&[COOKIE][..], pairs].concat());
        assert_eq!(post("/api/boards", &[JSON, ("content-length", "2")]), 200);
        assert_eq!(post("/api/boards", &[("content-type", "Application/JSON; charset=utf-8"), ("content-length", "2")]), 200);
        assert_eq!(post("/api/board/update-metadata", &[]), 200, "no body and no type");
        assert_eq!(post("/api/board/update-metadata", &[("content-length", "0")]), 200);
        for forged in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            assert_eq!(post("/api/board/update-metadata", &[("content-type", forged)]), 400, "{forged} without a body");
            assert_eq!(post("/api/boards", &[("content-type", forged), ("content-length", "9")]), 400, "{forged}");
        }
        assert_eq!(post("/api/boards", &[("content-length", "9")]), 400, "a body without a type");
        assert_eq!(post("/api/boards", &[("transfer-encoding", "chunked")]), 400);
        let form = ("content-type", "multipart/form-data; boundary=x");
        assert_eq!(post("/api/spreadsheets/upload", &[form, ("content-length", "9")]), 200);
        assert_eq!(status(Method::PUT, "/api/spreadsheets/s1/upload", &[COOKIE, form]), 200);
        assert_eq!(post("/api/blocks/b1/uploads", &[form]), 200);
    }
}
