//! The proxy variables of the environment are read by every HTTP client built while they are
//! set, so this test has a process of its own: set in a shared test binary, they would reach
//! the clients of tests running beside it.

use axum::routing::get;
use tessera_server::infra::outbound::{for_user_addresses, PrivateAccess, MAX_ACTION_REDIRECTS};

/// A proxy resolves the names it is given itself, past the checked resolver: the client for
/// user-typed addresses must connect to the address it checked, whatever the environment says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_for_user_addresses_ignore_proxy_variables() {
    let serve = |answer: &'static str| async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        // A proxy is asked for the absolute URL, at any path: the fallback answers them all.
        let app = axum::Router::new().fallback(get(move || async move { answer }));
        tokio::spawn(async move { axum::serve(listener, app).await });
        addr
    };
    let target = serve("direct").await;
    let proxy = serve("through the proxy").await;
    for name in ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"] {
        std::env::set_var(name, format!("http://{proxy}"));
    }
    std::env::remove_var("NO_PROXY");
    std::env::remove_var("no_proxy");
    let _ = rustls::crypto::ring::default_provider().install_default();

    // `public.test` stands for a public name, resolved by an override as DNS would answer it.
    let get = |client: reqwest::Client| async move {
        let url = format!("http://public.test:{}/data.csv", target.port());
        client.get(url).send().await.unwrap().text().await.unwrap()
    };
    let plain = reqwest::Client::builder().resolve("public.test", target).build().unwrap();
    assert_eq!(get(plain).await, "through the proxy", "the variables are set, so an ordinary client uses the proxy");
    let guarded =
        for_user_addresses(reqwest::Client::builder(), &PrivateAccess::default(), MAX_ACTION_REDIRECTS).resolve("public.test", target);
    assert_eq!(get(guarded.build().unwrap()).await, "direct");
}
