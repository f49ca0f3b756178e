//! Integration tests of `api::account`: profile, name, password change and account deletion.

use reqwest::Method;
use serde_json::{json, Value};

use crate::auth::{signed_up, wait_for_a_fresh_window};
use crate::both_databases;
use crate::support::*;

const NEW_PASSWORD: &str = "a brand new password";

async fn count(server: &TestServer, sql: &str, bind: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).bind(bind).fetch_one(&server.db().pool).await.unwrap();
    n
}

/// A workspace of `owner` at `subdomain` with one app at `{subdomain}-app`.
async fn workspace_with_app(owner: &Client, subdomain: &str) {
    let workspace_id = crate::workspaces::workspace(owner, subdomain).await;
    crate::workspaces::app_in(owner, &workspace_id, &format!("{subdomain}-app")).await;
}

/// A client that logged in with `email`'s password from a browser calling itself `agent`.
async fn logged_in_from(server: &TestServer, email: &str, agent: &str) -> Client {
    let guest = server.guest();
    let login =
        guest.request(Method::POST, "/api/auth/login").header("user-agent", agent).json(&json!({ "email": email, "password": PASSWORD }));
    let token = Client::finish(login).await.expect(200)["token"].as_str().unwrap().to_owned();
    Client::new(&server.base, Some(token), None)
}

async fn sessions_of(client: &Client) -> Vec<Value> {
    client.get("/api/account/sessions").await.expect(200)["sessions"].as_array().unwrap().clone()
}

both_databases! {
    async fn the_profile_shows_plan_verification_and_creation_time(backend) {
        let server = TestServer::start(backend).await;
        let before = tessera_server::infra::db::now();
        let ada = signed_up(&server, "Ada", "ada@example.com").await;
        let profile = ada.get("/api/account").await;
        let profile = profile.expect(200);
        assert_eq!(profile["email"], "ada@example.com");
        assert_eq!(profile["name"], "Ada");
        assert_eq!(profile["plan"], json!({ "isFreePlan": true }));
        assert_eq!(profile["plan_id"], "free");
        assert_eq!(profile["email_verified"], true);
        let created = profile["created_at"].as_i64().unwrap();
        assert!(created >= before && created <= tessera_server::infra::db::now() + 1, "{created}");

        let guest = server.guest();
        assert_eq!(guest.get("/api/account").await.expect(401)["error"], "Please login to do this!");
        guest.put("/api/account", json!({ "name": "Eve" })).await.expect(401);
        guest.put("/api/account/password", json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD })).await.expect(401);
        guest.delete("/api/account", Some(json!({ "password": PASSWORD }))).await.expect(401);
    }

    async fn a_user_renames_only_themselves(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let renamed = ada.put("/api/account?_email=bob@example.com", json!({ "name": "  Ada King  " })).await;
        assert_eq!(renamed.expect(200)["name"], "Ada King");
        assert_eq!(ada.get("/api/auth").await.expect(200)["name"], "Ada King");
        assert_eq!(bob.get("/api/account").await.expect(200)["name"], "Bob");

        let typo = ada.put("/api/account", json!({ "nmae": "Typo" })).await;
        assert_eq!(typo.expect(422)["field"], "nmae");
        let empty = ada.put("/api/account", json!({ "name": " " })).await;
        assert_eq!(empty.expect(422)["field"], "name");
        let long = ada.put("/api/account", json!({ "name": "x".repeat(101) })).await;
        assert_eq!(long.expect(422)["field"], "name");
        assert_eq!(ada.get("/api/account").await.expect(200)["name"], "Ada King");
    }

    async fn a_password_change_needs_the_current_one_and_ends_other_sessions(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let laptop = server.session_for(ada.user().clone()).await;
        let wrong = ada.put("/api/account/password", json!({ "current_password": "not it at all", "new_password": NEW_PASSWORD })).await;
        assert!(wrong.expect(400)["error"].as_str().unwrap().contains("current password"));
        let short = ada.put("/api/account/password", json!({ "current_password": PASSWORD, "new_password": "short" })).await;
        assert_eq!(short.expect(422)["field"], "new_password");
        let missing = ada.put("/api/account/password", json!({ "new_password": NEW_PASSWORD })).await;
        assert_eq!(missing.expect(422)["field"], "current_password");
        laptop.get("/api/auth").await.expect(200);

        let changed = ada.put("/api/account/password", json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD })).await;
        let token = changed.expect(200)["token"].as_str().unwrap().to_owned();
        assert!(changed.header("set-cookie").unwrap().contains("HttpOnly"));
        assert_eq!(laptop.get("/api/auth").await.status, 401);
        assert_eq!(ada.get("/api/auth").await.status, 401);
        let here = Client::new(&server.base, Some(token), None);
        assert_eq!(here.get("/api/auth").await.expect(200)["email"], "ada@example.com");

        let guest = server.guest();
        guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await.expect(401);
        guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": NEW_PASSWORD })).await.expect(200);
    }

    async fn deleting_an_account_removes_what_it_owns_and_frees_its_subdomains(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        workspace_with_app(&ada, "ada-space").await;
        workspace_with_app(&bob, "bob-space").await;

        let wrong = ada.delete("/api/account", Some(json!({ "password": "not it at all" }))).await;
        wrong.expect(400);
        let missing = ada.delete("/api/account", Some(json!({}))).await;
        assert_eq!(missing.expect(422)["field"], "password");
        ada.get("/api/auth").await.expect(200);

        let deleted = ada.delete("/api/account", Some(json!({ "password": PASSWORD }))).await;
        deleted.expect(200);
        assert!(deleted.header("set-cookie").unwrap().contains("Max-Age=0"));
        assert_eq!(ada.get("/api/auth").await.status, 401);
        let login = server.guest().post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await;
        assert_eq!((login.status, login.error()), (404, "Account Not Found. Please Sign Up to Create an Account."));
        assert_eq!(count(&server, "SELECT COUNT(*) FROM workspaces WHERE owner_id = $1", &ada.user().id).await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM sessions WHERE user_id = $1", &ada.user().id).await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains WHERE subdomain LIKE $1", "ada-space%").await, 0);
        // Someone else's things stay.
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains WHERE subdomain LIKE $1", "bob-space%").await, 2);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM apps WHERE subdomain = $1", "bob-space-app").await, 1);
        bob.get("/api/account").await.expect(200);
        // The e-mail can sign up again.
        crate::auth::sign_up(&server.guest(), "Ada", "ada@example.com").await.expect(201);
    }

    async fn password_confirmations_are_rate_limited_per_account(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        wait_for_a_fresh_window().await;
        for attempt in 1..=10 {
            let wrong = ada.put("/api/account/password", json!({ "current_password": "a wrong guess", "new_password": NEW_PASSWORD })).await;
            assert_eq!(wrong.status, 400, "attempt {attempt}");
        }
        let blocked = ada.put("/api/account/password", json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD })).await;
        assert!(blocked.expect(429)["error"].as_str().unwrap().starts_with("Too many attempts"), "{}", blocked.text);
        assert!(blocked.header("retry-after").is_some());
        for attempt in 1..=10 {
            let wrong = ada.delete("/api/account", Some(json!({ "password": "a wrong guess" }))).await;
            assert_eq!(wrong.status, 400, "attempt {attempt}");
        }
        let blocked = ada.delete("/api/account", Some(json!({ "password": PASSWORD }))).await;
        assert!(blocked.expect(429)["error"].as_str().unwrap().starts_with("Too many attempts"), "{}", blocked.text);
        ada.get("/api/account").await.expect(200);
        server.guest().post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await.expect(200);
        // Another account from the same address is not held up.
        bob.put("/api/account/password", json!({ "current_password": PASSWORD, "new_password": NEW_PASSWORD })).await.expect(200);
    }

    async fn a_user_lists_and_ends_only_their_own_sessions(backend) {
        let server = TestServer::start(backend).await;
        let first = server.user("Ada", "ada@example.com").await;
        let laptop = logged_in_from(&server, "ada@example.com", "Laptop/1.0").await;
        let phone = logged_in_from(&server, "ada@example.com", "Phone/2.0").await;
        let bob = server.user("Bob", "bob@example.com").await;

        let listed = sessions_of(&laptop).await;
        assert_eq!(listed.len(), 3, "{listed:?}");
        let current: Vec<&Value> = listed.iter().filter(|session| session["current"] == true).collect();
        assert_eq!(current.len(), 1, "{listed:?}");
        assert_eq!((&current[0]["user_agent"], &current[0]["ip"]), (&json!("Laptop/1.0"), &json!("127.0.0.1")));
        assert!(current[0]["created_at"].as_i64().is_some() && current[0]["last_used_at"].as_i64().is_some(), "{listed:?}");
        let phone_id = listed.iter().find(|session| session["user_agent"] == "Phone/2.0").unwrap()["id"].as_str().unwrap().to_owned();
        let laptop_id = current[0]["id"].as_str().unwrap().to_owned();

        // Bob sees only his own session and cannot end, or learn of, Ada's.
        let bobs = sessions_of(&bob).await;
        assert_eq!(bobs.len(), 1);
        assert!(bobs.iter().all(|session| session["id"] != phone_id.as_str() && session["id"] != laptop_id.as_str()));
        let refused = bob.delete(&format!("/api/account/sessions/{phone_id}?_email=ada@example.com"), None).await;
        assert_eq!(refused.status, 404);
        assert_eq!(bob.post("/api/account/sessions/logout-everywhere", json!({})).await.expect(200)["ended"], 0);
        phone.get("/api/auth").await.expect(200);
        let guest = server.guest();
        assert_eq!(guest.get("/api/account/sessions").await.status, 401);
        assert_eq!(guest.post("/api/account/sessions/logout-everywhere", json!({})).await.status, 401);
        assert_eq!(guest.delete(&format!("/api/account/sessions/{phone_id}"), None).await.status, 401);
        phone.get("/api/auth").await.expect(200);

        // Ada ends her phone's session from the laptop; an ended session cannot be ended twice.
        laptop.delete(&format!("/api/account/sessions/{phone_id}"), None).await.expect(200);
        assert_eq!(phone.get("/api/auth").await.status, 401);
        assert_eq!(laptop.delete(&format!("/api/account/sessions/{phone_id}"), None).await.status, 404);

        // Log out everywhere else: the laptop stays, Ada's other sessions end, Bob's does not.
        assert_eq!(laptop.post("/api/account/sessions/logout-everywhere", json!({})).await.expect(200)["ended"], 1);
        assert_eq!(first.get("/api/auth").await.status, 401);
        laptop.get("/api/auth").await.expect(200);
        bob.get("/api/auth").await.expect(200);
        assert_eq!(sessions_of(&laptop).await.len(), 1);

        // Ending the session of the request itself also removes its cookie.
        let ended = laptop.delete(&format!("/api/account/sessions/{laptop_id}"), None).await;
        ended.expect(200);
        assert!(ended.header("set-cookie").unwrap().contains("Max-Age=0"));
        assert_eq!(laptop.get("/api/auth").await.status, 401);
    }
}
