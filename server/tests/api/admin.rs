//! The admin API: only platform administrators get in; users, workspaces, boards, apps, plans
//! and redemption codes. Workspaces, boards and apps are stored with SQL here, since creating
//! them is other modules' business.

use reqwest::Method;
use serde_json::{json, Value};

use crate::both_databases;
use crate::plans::{plan_of, stored_code};
use crate::support::*;

async fn execute(server: &TestServer, sql: &str, binds: &[&str]) {
    let mut query = sqlx::query(sql);
    for bind in binds {
        query = query.bind(*bind);
    }
    query.execute(&server.db().pool).await.unwrap();
}

/// A workspace of `owner` with one board and one app; answers the workspace id.
async fn workspace_with_board_and_app(server: &TestServer, owner: &Client, subdomain: &str) -> String {
    let id = tessera_server::infra::db::new_id();
    let app_subdomain = format!("{subdomain}-app");
    execute(
        server,
        "INSERT INTO workspaces (id, owner_id, name, subdomain, created_at, updated_at) VALUES ($1, $2, $3, $4, 10, 10)",
        &[&id, &owner.user().id, &format!("{subdomain} workspace"), subdomain],
    )
    .await;
    execute(
        server,
        "INSERT INTO boards (id, workspace_id, slug, name, created_at, updated_at) VALUES ($1, $2, $3, 'Sales board', 20, 20)",
        &[&tessera_server::infra::db::new_id(), &id, &format!("{subdomain}-board")],
    )
    .await;
    let app_id = tessera_server::infra::db::new_id();
    execute(
        server,
        "INSERT INTO apps (id, workspace_id, name, subdomain, public, created_at, updated_at) VALUES ($1, $2, 'Portal', $3, 1, 30, 30)",
        &[&app_id, &id, &app_subdomain],
    )
    .await;
    execute(server, "INSERT INTO subdomains (subdomain, workspace_id) VALUES ($1, $2)", &[subdomain, &id]).await;
    execute(server, "INSERT INTO subdomains (subdomain, app_id) VALUES ($1, $2)", &[&app_subdomain, &app_id]).await;
    id
}

async fn count(server: &TestServer, sql: &str) -> i64 {
    let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&server.db().pool).await.unwrap();
    count
}

fn emails(users: &Value) -> Vec<&str> {
    users.as_array().unwrap().iter().map(|user| user["email"].as_str().unwrap()).collect()
}

/// Every admin call, with a body where it takes one.
fn admin_calls(user_id: &str, workspace_id: &str) -> Vec<(Method, String, Option<Value>)> {
    vec![
        (Method::GET, "/api/admin/users".to_owned(), None),
        (Method::PUT, format!("/api/admin/users/{user_id}"), Some(json!({"plan_id": "paid"}))),
        (Method::DELETE, format!("/api/admin/users/{user_id}"), None),
        (Method::GET, "/api/admin/workspaces".to_owned(), None),
        (Method::DELETE, format!("/api/admin/workspaces/{workspace_id}"), None),
        (Method::GET, "/api/admin/boards".to_owned(), None),
        (Method::GET, "/api/admin/apps".to_owned(), None),
        (Method::GET, "/api/admin/plans".to_owned(), None),
        (Method::PUT, "/api/admin/plans/paid".to_owned(), Some(json!({"name": "Hacked"}))),
        (Method::GET, "/api/admin/redemption-codes".to_owned(), None),
        (Method::POST, "/api/admin/redemption-codes".to_owned(), Some(json!({"count": 5, "plan_id": "paid"}))),
        (Method::DELETE, "/api/admin/redemption-codes/K7QX-M2NP-ZR4T-8HWC".to_owned(), None),
    ]
}

both_databases! {
    async fn every_admin_call_refuses_guests_and_ordinary_users(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        // Bob's workspace, so that deleting Ada first leaves it to be deleted next.
        let bob = server.user("Bob", "bob@example.com").await;
        let workspace = workspace_with_board_and_app(&server, &bob, "acme").await;
        stored_code(&server, "K7QX-M2NP-ZR4T-8HWC", "paid").await;
        let guest = server.guest();
        for (method, path, body) in admin_calls(&ada.user().id, &workspace) {
            let as_guest = guest.send(method.clone(), &path, body.clone()).await;
            assert_eq!(as_guest.status, 401, "{method} {path}: {}", as_guest.text);
            assert_eq!(as_guest.error(), "Please login to do this!");
            // Claiming to be the administrator in the query changes nothing.
            let as_user = ada.send(method.clone(), &format!("{path}?_email=admin@tessera.test"), body).await;
            assert_eq!(as_user.status, 403, "{method} {path}: {}", as_user.text);
            assert_eq!(as_user.error(), "Only platform administrators may do this.", "{}", as_user.text);
        }
        assert_eq!(plan_of(&server, &ada).await, "free");
        assert_eq!(count(&server, "SELECT COUNT(*) FROM workspaces").await, 1);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM redemption_codes").await, 1);
        let (plan_name,): (String,) = sqlx::query_as("SELECT name FROM plans WHERE id = 'paid'").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(plan_name, "Paid");
    }

    async fn the_administrator_can_use_every_admin_call(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        // Bob's workspace, so that deleting Ada first leaves it to be deleted next.
        let bob = server.user("Bob", "bob@example.com").await;
        let workspace = workspace_with_board_and_app(&server, &bob, "acme").await;
        stored_code(&server, "K7QX-M2NP-ZR4T-8HWC", "paid").await;
        for (method, path, body) in admin_calls(&ada.user().id, &workspace) {
            let reply = admin.send(method.clone(), &path, body).await;
            assert_eq!(reply.status, 200, "{method} {path}: {}", reply.text);
        }
    }

    async fn users_are_listed_searched_and_paged(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        server.user("Ada Lovelace", "ada@example.com").await;
        server.user("Bob", "bob@example.org").await;
        server.user("Percent 100%", "percent@example.net").await;
        let all = admin.get("/api/admin/users").await;
        let body = all.expect(200);
        assert_eq!(body["total"], 4);
        let first = &body["users"][0];
        for field in ["id", "email", "name", "plan_id", "email_verified", "created_at"] {
            assert!(!first[field].is_null(), "{field} in {first}");
        }
        assert_eq!(emails(&admin.get("/api/admin/users?q=LOVELACE").await.expect(200)["users"]), ["ada@example.com"]);
        assert_eq!(emails(&admin.get("/api/admin/users?q=example.org").await.expect(200)["users"]), ["bob@example.org"]);
        // `%` is searched for literally, not as a wildcard.
        assert_eq!(emails(&admin.get("/api/admin/users?q=%25").await.expect(200)["users"]), ["percent@example.net"]);
        let page = admin.get("/api/admin/users?limit=2&offset=1").await;
        assert_eq!(page.expect(200)["users"].as_array().unwrap().len(), 2);
        assert_eq!(page.json["total"], 4);
        let everyone: Vec<String> = emails(&body["users"]).into_iter().map(str::to_owned).collect();
        assert_eq!(emails(&page.json["users"]), everyone[1..3].iter().map(String::as_str).collect::<Vec<_>>());
        for (query, field) in [("limit=201", "limit"), ("limit=0", "limit"), ("offset=-1", "offset")] {
            let reply = admin.get(&format!("/api/admin/users?{query}")).await;
            assert_eq!(reply.status, 422, "{query}");
            assert_eq!(reply.json["field"], field);
        }
        let unreadable = admin.get("/api/admin/users?limit=ten").await;
        assert_eq!(unreadable.status, 400);
        assert!(unreadable.error().contains("limit"), "{}", unreadable.text);
    }

    async fn an_administrator_changes_a_users_plan_name_and_verification(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        let path = format!("/api/admin/users/{}", ada.user().id);
        let changed = admin.put(&path, json!({"plan_id": "paid", "name": "  Ada L. ", "email_verified": false})).await;
        let body = changed.expect(200);
        assert_eq!(body["plan_id"], "paid");
        assert_eq!(body["name"], "Ada L.");
        assert_eq!(body["email_verified"], false);
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], "paid");
        // Absent fields stay as they are.
        let back = admin.put(&path, json!({"plan_id": "free"})).await;
        assert_eq!(back.expect(200)["name"], "Ada L.");
        assert_eq!(back.json["email_verified"], false);
        assert_eq!(plan_of(&server, &ada).await, "free");
        // Verifying an address is verifying it, whoever does it (issue 45, finding 4): the
        // password chosen before is cleared and every session ends.
        admin.put(&path, json!({"email_verified": true})).await.expect(200);
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], Value::Null, "her session ended");
        let login = server.guest().post("/api/auth/login", json!({"email": "ada@example.com", "password": PASSWORD})).await;
        assert_eq!(login.status, 401, "{}", login.text);
        for (body, field) in [
            (json!({"plan_id": "gold"}), "plan_id"),
            (json!({"name": "  "}), "name"),
            (json!({"plan": "paid"}), "plan"),
        ] {
            let reply = admin.put(&path, body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{body}");
        }
        let mistyped = admin.put(&path, json!({"email_verified": "yes"})).await;
        assert_eq!(mistyped.status, 422, "{}", mistyped.text);
        assert_eq!(mistyped.json["field"], "email_verified");
        assert_eq!(plan_of(&server, &ada).await, "free");
        assert_eq!(admin.put("/api/admin/users/no-such-user", json!({"plan_id": "paid"})).await.status, 404);
    }

    async fn deleting_a_user_removes_their_workspaces_and_frees_the_subdomains(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        workspace_with_board_and_app(&server, &ada, "acme").await;
        workspace_with_board_and_app(&server, &bob, "bobco").await;
        let own = admin.delete(&format!("/api/admin/users/{}", admin.user().id), None).await;
        assert_eq!(own.status, 409);
        assert!(own.error().contains("your own account"));
        admin.delete(&format!("/api/admin/users/{}", ada.user().id), None).await.expect(200);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM users WHERE email = 'ada@example.com'").await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM workspaces").await, 1);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM boards").await, 1);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM apps").await, 1);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains WHERE subdomain LIKE 'acme%'").await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains WHERE subdomain LIKE 'bobco%'").await, 2);
        // Ada's session ended with her account.
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], Value::Null);
        assert_eq!(admin.delete(&format!("/api/admin/users/{}", ada.user().id), None).await.status, 404);
    }

    async fn workspaces_boards_and_apps_are_listed_with_their_owner(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let acme = workspace_with_board_and_app(&server, &ada, "acme").await;
        workspace_with_board_and_app(&server, &bob, "bobco").await;
        let workspaces = admin.get("/api/admin/workspaces").await;
        assert_eq!(workspaces.expect(200)["total"], 2);
        let listed = workspaces.json["workspaces"].as_array().unwrap();
        let ada_workspace = listed.iter().find(|w| w["id"] == acme.as_str()).unwrap();
        assert_eq!(ada_workspace["owner_email"], "ada@example.com");
        assert_eq!(ada_workspace["subdomain"], "acme");
        let boards = admin.get("/api/admin/boards").await;
        let boards = boards.expect(200)["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 2);
        let acme_board = boards.iter().find(|b| b["slug"] == "acme-board").unwrap();
        assert_eq!(acme_board["owner_email"], "ada@example.com");
        assert_eq!(acme_board["public"], false);
        let apps = admin.get("/api/admin/apps?limit=1").await;
        assert_eq!(apps.expect(200)["apps"].as_array().unwrap().len(), 1);
        assert_eq!(apps.json["total"], 2);
        assert_eq!(apps.json["apps"][0]["public"], true);
        let second = admin.get("/api/admin/apps?limit=1&offset=1").await;
        assert_ne!(second.expect(200)["apps"][0]["id"], apps.json["apps"][0]["id"]);
        for path in ["/api/admin/workspaces?limit=500", "/api/admin/boards?limit=201", "/api/admin/apps?offset=-5"] {
            assert_eq!(admin.get(path).await.status, 422, "{path}");
        }
    }

    async fn deleting_a_workspace_removes_its_boards_and_apps_and_frees_the_subdomains(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        let acme = workspace_with_board_and_app(&server, &ada, "acme").await;
        workspace_with_board_and_app(&server, &ada, "other").await;
        admin.delete(&format!("/api/admin/workspaces/{acme}"), None).await.expect(200);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM workspaces").await, 1);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM boards WHERE slug = 'acme-board'").await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM apps WHERE subdomain = 'acme-app'").await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains WHERE subdomain IN ('acme', 'acme-app')").await, 0);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM subdomains").await, 2);
        // The freed names can be used again.
        workspace_with_board_and_app(&server, &ada, "acme").await;
        assert_eq!(admin.delete(&format!("/api/admin/workspaces/{acme}"), None).await.status, 404);
    }

    async fn plans_can_be_renamed_but_not_given_other_rights(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let plans = admin.get("/api/admin/plans").await;
        assert_eq!(plans.expect(200)["plans"].as_array().unwrap().len(), 2);
        let renamed = admin.put("/api/admin/plans/paid", json!({"name": "Pro", "description": "Embedding and more."})).await;
        assert_eq!(renamed.expect(200), &json!({"id": "paid", "name": "Pro", "embedding": true, "description": "Embedding and more."}));
        let public = server.guest().get("/api/plans").await;
        assert_eq!(public.expect(200)["plans"][1]["name"], "Pro");
        let embedding = admin.put("/api/admin/plans/free", json!({"embedding": true})).await;
        assert_eq!(embedding.status, 422);
        assert_eq!(embedding.json["field"], "embedding");
        let empty = admin.put("/api/admin/plans/free", json!({"name": " "})).await;
        assert_eq!(empty.json["field"], "name");
        assert_eq!(admin.put("/api/admin/plans/gold", json!({"name": "Gold"})).await.status, 404);
        assert_eq!(server.guest().get("/api/plans").await.json["plans"][0]["embedding"], false);
    }

    async fn redemption_codes_are_generated_listed_and_deleted_while_unused(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let created = admin.post("/api/admin/redemption-codes", json!({"count": 3, "plan_id": "paid", "prefix": "sumo"})).await;
        let codes: Vec<String> = created.expect(200)["codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
        assert_eq!(codes.len(), 3);
        for code in &codes {
            let groups: Vec<&str> = code.split('-').collect();
            assert_eq!(groups[0], "SUMO", "{code}");
            assert_eq!(groups.len(), 5, "{code}");
            for group in &groups[1..] {
                assert_eq!(group.len(), 4, "{code}");
                assert!(group.chars().all(|c| c.is_ascii_uppercase() || ('2'..='9').contains(&c)), "{code}");
                assert!(!group.contains(['I', 'O', '0', '1']), "{code}");
            }
        }
        let plain = admin.post("/api/admin/redemption-codes", json!({"count": 500, "plan_id": "paid"})).await;
        let plain = plain.expect(200)["codes"].as_array().unwrap().clone();
        assert_eq!(plain.len(), 500);
        assert_eq!(plain[0].as_str().unwrap().split('-').count(), 4);
        for (body, field) in [
            (json!({"count": 0, "plan_id": "paid"}), "count"),
            (json!({"count": 501, "plan_id": "paid"}), "count"),
            (json!({"count": 2, "plan_id": "gold"}), "plan_id"),
            (json!({"count": 2, "plan_id": "paid", "prefix": "no-dashes"}), "prefix"),
            (json!({"plan_id": "paid"}), "count"),
        ] {
            let reply = admin.post("/api/admin/redemption-codes", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{body}");
        }
        assert_eq!(count(&server, "SELECT COUNT(*) FROM redemption_codes").await, 503);

        let ada = server.user("Ada", "ada@example.com").await;
        ada.post("/api/plans/redeem", json!({"code": codes[0].to_lowercase()})).await.expect(200);
        let listed = admin.get("/api/admin/redemption-codes?limit=200").await;
        assert_eq!(listed.expect(200)["total"], 503);
        let all = admin.get("/api/admin/redemption-codes?limit=200&offset=200").await.json["codes"].as_array().unwrap().clone();
        let first_page = listed.json["codes"].as_array().unwrap();
        let last = admin.get("/api/admin/redemption-codes?limit=200&offset=400").await.json["codes"].as_array().unwrap().clone();
        let everything: Vec<&Value> = first_page.iter().chain(all.iter()).chain(last.iter()).collect();
        assert_eq!(everything.len(), 503);
        let redeemed = everything.iter().find(|c| c["code"] == codes[0].as_str()).unwrap();
        assert_eq!(redeemed["status"], "redeemed");
        assert_eq!(redeemed["redeemed_by_email"], "ada@example.com");
        let unused = everything.iter().find(|c| c["code"] == codes[1].as_str()).unwrap();
        assert_eq!(unused["status"], "unused");
        assert_eq!(unused["redeemed_by_email"], Value::Null);

        let in_use = admin.delete(&format!("/api/admin/redemption-codes/{}", codes[0]), None).await;
        assert_eq!(in_use.status, 409);
        assert!(in_use.error().contains("redeemed"));
        admin.delete(&format!("/api/admin/redemption-codes/{}", codes[1].to_lowercase()), None).await.expect(200);
        assert_eq!(count(&server, "SELECT COUNT(*) FROM redemption_codes").await, 502);
        assert_eq!(admin.delete(&format!("/api/admin/redemption-codes/{}", codes[1]), None).await.status, 404);
        let gone = ada.post("/api/plans/redeem", json!({"code": codes[1]})).await;
        assert_eq!(gone.status, 404);
    }
}
