//! App Settings read by the server: the sign-in method (what the app's own sign-in offers, and
//! where an app's log-in link leads) and the header and footer every page shows unless it has
//! its own.

use serde_json::{json, Value};

use crate::apps::{app, id, public_app};
use crate::auth::{clear_outbox, only_mail};
use crate::both_databases;
use crate::support::*;

async fn set_settings(owner: &Client, app_id: &str, settings: Value) -> Reply {
    owner.put(&format!("/api/apps/{app_id}"), json!({ "settings": settings })).await
}

async fn home_state(client: &Client, app_id: &str) -> Value {
    client.get(&format!("/api/page/?app_id={app_id}")).await.expect(200).clone()
}

/// The one-time token of an app's log-in link, checking that the link leads to the app's home.
fn app_token_in(body: &str, app_home: &str) -> String {
    let after = body.split(app_home).nth(1).unwrap_or_else(|| panic!("no link to {app_home} in {body}"));
    let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64, "{body}");
    token
}

both_databases! {
    async fn an_app_header_and_footer_show_on_its_pages_as_blocks(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let before = home_state(&server.guest(), &app_id).await;
        assert_eq!((&before["app_header"], &before["app_footer"]), (&Value::Null, &Value::Null));

        let header = json!({"HeaderTitle": "Sales", "navigationItems": [{"name": "About", "linkType": "page", "pageSlug": "about"}]});
        let footer = json!({"type": "footer", "footerLayoutType": "Classic Footer Bar", "copyrightText": "© Sales"});
        let saved = set_settings(&ada, &app_id, json!({"header": header, "footer": footer, "theme": "dusk"})).await;
        let settings = &saved.expect(200)["app"]["settings"];
        assert_eq!(settings["header"]["type"], "header", "the type comes from the key");
        assert_eq!(settings["theme"], "dusk", "the editor's own settings are kept as sent");

        let state = home_state(&server.guest(), &app_id).await;
        assert_eq!(state["app_header"]["id"], "app-header");
        assert_eq!(state["app_header"]["type"], "header");
        assert_eq!(state["app_header"]["HeaderTitle"], "Sales");
        assert_eq!(state["app_header"]["navigationItems"][0]["pageSlug"], "about");
        assert_eq!(state["app_footer"]["id"], "app-footer");
        assert_eq!(state["app_footer"]["copyrightText"], "© Sales");

        set_settings(&ada, &app_id, json!({"footer": null})).await.expect(200);
        let state = home_state(&server.guest(), &app_id).await;
        assert_eq!((state["app_header"]["HeaderTitle"].as_str(), &state["app_footer"]), (Some("Sales"), &Value::Null));
    }

    async fn a_header_or_footer_the_catalogue_refuses_is_not_stored(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let cases = [
            (json!({"header": {"LayoutType": "Diagonal"}}), "LayoutType"),
            (json!({"header": {"navigationItems": [{"name": "Out", "linkType": "sideways"}]}}), "navigationItems[0].linkType"),
            (json!({"footer": {"footerLayoutType": "Upside Down Footer"}}), "footerLayoutType"),
            (json!({"header": {"type": "footer"}}), "header"),
            (json!({"footer": "Classic Footer Bar"}), "footer"),
            (json!({"sign_in_method": "carrier pigeon"}), "sign_in_method"),
            (json!({"sign_in_method": true}), "sign_in_method"),
        ];
        for (settings, field) in cases {
            let refused = set_settings(&ada, &app_id, settings.clone()).await;
            assert_eq!(refused.expect(422)["field"], field, "{settings}");
        }
        let stored = ada.get(&format!("/api/apps/{app_id}")).await;
        assert_eq!(stored.expect(200)["app"]["settings"], json!({}), "nothing of a refused change is kept");
    }

    async fn pages_name_the_apps_sign_in_method_unless_they_have_their_own(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        assert_eq!(home_state(&server.guest(), &app_id).await["sign_in_method"], "");
        set_settings(&ada, &app_id, json!({"sign_in_method": "link"})).await.expect(200);
        let home = home_state(&server.guest(), &app_id).await;
        assert_eq!(home["sign_in_method"], "link");

        let page_id = home["page_id"].as_str().unwrap().to_owned();
        ada.put(&format!("/api/apps/{app_id}/pages/{page_id}"), json!({"sign_in_method": "password"})).await.expect(200);
        assert_eq!(home_state(&server.guest(), &app_id).await["sign_in_method"], "password");
    }

    async fn an_apps_log_in_link_leads_back_to_the_app_and_signs_in_there(backend) {
        let server = TestServer::start_with(backend, |config| config.base_url = Some("https://boards.example.com".to_owned())).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        server.user("Rita", "rita@example.com").await;
        clear_outbox(&server).await;

        let guest = server.guest();
        guest.post("/api/auth/login-link", json!({"email": "rita@example.com", "app_id": app_id})).await.expect(200);
        let (subject, body) = only_mail(&server, "rita@example.com").await;
        assert_eq!(subject, "Your Sales log-in link");
        let token = app_token_in(&body, "https://sales-app.boards.example.com/?token=");
        let signed_in = guest.post("/api/auth", json!({"token": token})).await;
        assert_eq!(signed_in.expect(200)["user"]["email"], "rita@example.com");

        // The 403 screen of a private app knows only its address.
        clear_outbox(&server).await;
        guest.post("/api/auth/login-link", json!({"email": "rita@example.com", "app": "sales-app"})).await.expect(200);
        app_token_in(&only_mail(&server, "rita@example.com").await.1, "https://sales-app.boards.example.com/?token=");
        let unknown_app = guest.post("/api/auth/login-link", json!({"email": "rita@example.com", "app_id": "nope"})).await;
        unknown_app.expect(404);
    }

    async fn an_app_on_an_ip_address_gets_its_log_in_link_with_the_app_parameter(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        clear_outbox(&server).await;
        server.guest().post("/api/auth/login-link", json!({"email": "ada@example.com", "app_id": app_id})).await.expect(200);
        let body = only_mail(&server, "ada@example.com").await.1;
        let base = server.state.config.public_base_url();
        app_token_in(&body, &format!("{base}/?app=sales-app&token="));
    }

    async fn an_app_offers_only_the_sign_in_method_its_owner_chose(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let guest = server.guest();
        let password = json!({"email": "ada@example.com", "password": PASSWORD, "app_id": app_id});
        let link = json!({"email": "ada@example.com", "app_id": app_id});

        set_settings(&ada, &app_id, json!({"sign_in_method": "link"})).await.expect(200);
        let refused = guest.post("/api/auth/login", password.clone()).await;
        assert!(refused.expect(400)["error"].as_str().unwrap().contains("e-mailed log-in link"), "{}", refused.text);
        guest.post("/api/auth/login-link", link.clone()).await.expect(200);

        set_settings(&ada, &app_id, json!({"sign_in_method": "password"})).await.expect(200);
        let refused = guest.post("/api/auth/login-link", link.clone()).await;
        assert!(refused.expect(400)["error"].as_str().unwrap().contains("with a password"));
        assert_eq!(guest.post("/api/auth/login", password.clone()).await.expect(200)["user"]["email"], "ada@example.com");

        set_settings(&ada, &app_id, json!({"sign_in_method": ""})).await.expect(200);
        guest.post("/api/auth/login-link", link).await.expect(200);
        guest.post("/api/auth/login", password).await.expect(200);
    }
}
