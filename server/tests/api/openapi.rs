//! The OpenAPI document at `/api/openapi.json`: generated from the handlers, it lists every call
//! of platform §7. The test also writes it to `target/tmp/openapi.json`, where `cargo xtask ci`
//! validates it against the OpenAPI JSON Schemas (web/scripts/validate-openapi.mjs).

use crate::support::{Backend, TestServer};

/// The calls of platform §7.
const SPEC_CALLS: &[(&str, &str)] = &[
    ("get", "/api/mutipageapp_users/{appId}"),
    ("post", "/api/mutipageapp_users"),
    ("put", "/api/mutipageapp_users"),
    ("delete", "/api/mutipageapp_users"),
    ("get", "/api/blocks"),
    ("get", "/api/getENV/{name}"),
    ("post", "/api/board/update-metadata"),
    ("post", "/api/page/update-metadata"),
    ("get", "/api/board/workspace"),
    ("post", "/api/app/app-info"),
    ("get", "/api/page/{slug}"),
    ("get", "/api/pages/{appId}"),
    ("get", "/api/apps/{appId}"),
    ("post", "/api/auth"),
    ("get", "/api/auth"),
    ("get", "/api/board/{spreadsheetId}/sheet/{sheet_title}"),
    ("get", "/v3/api/page/sheet/{sheet_title}"),
    ("post", "/v3/getSpreadsheetData"),
];

/// The data-block calls the web app's blocks read besides those (views and row actions).
const BLOCK_CALLS: &[(&str, &str)] = &[
    ("get", "/api/board/{spreadsheetId}/view/{blockId}"),
    ("get", "/v3/api/page/view/{blockId}"),
    ("post", "/api/blocks/{blockId}/actions/{index}"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_describes_every_call_of_the_spec_and_is_written_for_validation() {
    let server = TestServer::start(Backend::Sqlite).await;
    let reply = server.guest().get("/api/openapi.json").await;
    let document = reply.expect(200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3."), "{}", document["openapi"]);
    assert_eq!(document["info"]["title"], "Tessera API");
    let paths = document["paths"].as_object().unwrap();
    for (method, path) in SPEC_CALLS.iter().chain(BLOCK_CALLS) {
        assert!(paths.get(*path).and_then(|item| item.get(*method)).is_some(), "{} {path} is not in the document", method.to_uppercase());
    }
    for (path, item) in paths {
        assert!(path.starts_with("/api/") || path.starts_with("/v3/"), "{path}");
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object();
            assert!(responses.is_some_and(|r| !r.is_empty()), "{method} {path} documents no response");
        }
    }
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("openapi.json");
    std::fs::write(&out, &reply.text).unwrap();
}
