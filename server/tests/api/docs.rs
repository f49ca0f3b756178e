//! `GET /api/docs/guides`: the user guides of `/docs`, served by the product to anyone.

use crate::support::{Backend, TestServer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_get_every_guide_in_reading_order_with_its_rendered_html() {
    let server = TestServer::start(Backend::Sqlite).await;
    let reply = server.guest().get("/api/docs/guides").await;
    let guides = reply.expect(200).as_array().unwrap();
    let slugs: Vec<&str> = guides.iter().map(|guide| guide["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs.first(), Some(&"getting-started"));
    assert!(slugs.contains(&"embedding") && slugs.contains(&"self-hosting"), "{slugs:?}");
    let filters = guides.iter().find(|guide| guide["slug"] == "filters").unwrap();
    assert_eq!(filters["title"], "Filters and search");
    assert!(filters["text"].as_str().unwrap().contains("[(current_user)]"));
    assert!(filters["html"].as_str().unwrap().contains(r#"<h2 id="url-filters">URL filters</h2>"#));
}
