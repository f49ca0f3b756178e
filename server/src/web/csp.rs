//! The Content-Security-Policy of every page the server sends (`web.rs`): scripts only from this
//! server (and the operator's live-chat widget), WASM compiled by the browser, no plugins, no
//! `<base>` rewrites, forms posting only here. Script injection that slips past the server's
//! sanitisers (markdown, iframe code, sheet values) still cannot run.
//!
//! What stays open is what the product shows by design: images and media from any http(s)
//! address (sheet cells and block settings name them), frames of any http(s) page (iframe
//! blocks, tutorial videos) and inline styles (ECharts and Leaflet set them; no script runs from
//! a style). Pages may be framed anywhere, since boards and app pages are embedded in other sites;
//! only a board's `/embed` page narrows that to the sites its owner listed (`web.rs`).

use crate::infra::config::Config;

/// The policy for `config`: the operator's live-chat script, geocoder and map tiles are the only
/// other origins named.
pub fn policy(config: &Config) -> String {
    let chat = config.live_chat_script.as_deref().and_then(origin_of);
    let geocoder = origin_of(&config.geocoder_url);
    let scripts = join(["'self'", "'wasm-unsafe-eval'"].into_iter().map(str::to_owned).chain(chat.clone()));
    // A chat widget talks to its own service, over HTTPS or a WebSocket.
    let chat_sockets = chat.as_deref().and_then(|origin| origin.strip_prefix("https://")).map(|host| format!("wss://{host}"));
    let connects = join(std::iter::once("'self'".to_owned()).chain(geocoder).chain(chat).chain(chat_sockets));
    [
        "default-src 'self'".to_owned(),
        format!("script-src {scripts}"),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        "img-src 'self' data: blob: https: http:".to_owned(),
        "media-src 'self' blob: https: http:".to_owned(),
        "font-src 'self' data:".to_owned(),
        format!("connect-src {connects}"),
        "frame-src https: http:".to_owned(),
        "worker-src 'self'".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
    ]
    .join("; ")
}

fn join(sources: impl Iterator<Item = String>) -> String {
    sources.collect::<Vec<_>>().join(" ")
}

/// `scheme://host[:port]` of an http(s) URL; None for anything else (a policy source must not
/// carry a path with `;` or spaces from a mistyped setting).
fn origin_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url.trim()).ok()?;
    matches!(parsed.scheme(), "http" | "https").then(|| parsed.origin().ascii_serialization())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
        policy.split("; ").find_map(|d| d.strip_prefix(name).map(str::trim)).unwrap_or_else(|| panic!("no {name} in {policy}"))
    }

    #[test]
    fn scripts_come_only_from_this_server_and_the_chat_widget() {
        let plain = policy(&Config::default());
        assert_eq!(directive(&plain, "script-src"), "'self' 'wasm-unsafe-eval'");
        assert_eq!(directive(&plain, "object-src"), "'none'");
        assert_eq!(directive(&plain, "connect-src"), "'self' https://api.mapbox.com");
        assert!(!plain.contains("frame-ancestors"), "boards and apps are embedded elsewhere");

        let config = Config {
            live_chat_script: Some("https://chat.example.com/widget.js?id=1".to_owned()),
            geocoder_url: "http://127.0.0.1:9999/".to_owned(),
            ..Config::default()
        };
        let with_chat = policy(&config);
        assert_eq!(directive(&with_chat, "script-src"), "'self' 'wasm-unsafe-eval' https://chat.example.com");
        assert_eq!(directive(&with_chat, "connect-src"), "'self' http://127.0.0.1:9999 https://chat.example.com wss://chat.example.com");
    }

    #[test]
    fn a_setting_that_is_no_http_url_adds_no_source() {
        let config = Config { live_chat_script: Some("javascript:alert(1); script-src *".to_owned()), ..Config::default() };
        assert_eq!(directive(&policy(&config), "script-src"), "'self' 'wasm-unsafe-eval'");
    }
}
