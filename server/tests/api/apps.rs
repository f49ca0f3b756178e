//! Apps: `GET /api/apps/{appId}` and `POST /api/app/app-info` of platform §7 and the editing
//! calls (list, create, change, delete, duplicate), with their permission and sub-domain rules.
//! The helpers at the top are shared with the pages and app-user tests.

use serde_json::{json, Value};

use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;
use tessera_server::accounts::roles as access;

pub const TAKEN: &str = "A workspace or app with this subdomain already exists";

/// A new workspace of `owner` with one app at `subdomain`; answers the app JSON.
pub async fn app(owner: &Client, subdomain: &str) -> Value {
    let workspace_id = workspace(owner, &format!("ws-{subdomain}")).await;
    let created = owner.post("/api/apps", json!({"workspace_id": workspace_id, "name": "Sales", "subdomain": subdomain})).await;
    created.expect(201)["app"].clone()
}

/// A public app (private is the default).
pub async fn public_app(owner: &Client, subdomain: &str) -> Value {
    let app = app(owner, subdomain).await;
    owner.put(&format!("/api/apps/{}", app["id"].as_str().unwrap()), json!({"public": true})).await.expect(200)["app"].clone()
}

/// Invites `email` to the app with `permissions`; answers the new app user.
pub async fn invite(owner: &Client, app_id: &str, name: &str, email: &str, permissions: &str) -> Value {
    let added =
        owner.post("/api/mutipageapp_users", json!({"appId": app_id, "name": name, "email": email, "permissions": permissions})).await;
    added.expect(201)["new_app_user"].clone()
}

/// Rita, signed in and invited to the app with `permissions`.
pub async fn rita(server: &TestServer, owner: &Client, app_id: &str, permissions: &str) -> Client {
    let rita = server.user("Rita", "rita@example.com").await;
    invite(owner, app_id, "Rita", "rita@example.com", permissions).await;
    rita
}

pub fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

both_databases! {
    async fn owners_create_list_change_and_delete_their_apps(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "ada-space").await;
        let created = ada
            .post("/api/apps", json!({"workspace_id": workspace_id, "name": " Sales ", "subdomain": " Sales-App ", "spreadsheet_url": "https://docs.example.com/s"}))
            .await;
        let app = created.expect(201)["app"].clone();
        assert_eq!(app["name"], "Sales");
        assert_eq!(app["subdomain"], "sales-app");
        assert_eq!(app["spreadsheet_url"], "https://docs.example.com/s");
        assert_eq!(app["spreadsheetId"], Value::Null);
        assert_eq!(app["public"], false);
        assert_eq!(app["workspace_id"], workspace_id.as_str());
        assert!(app["created_at"].as_i64().unwrap() > 1_700_000_000);
        let app_id = id(&app);

        // The home page comes with the app.
        let pages = ada.get(&format!("/api/pages/{app_id}")).await;
        let pages = pages.expect(200);
        assert_eq!(pages["pages"].as_array().unwrap().len(), 1);
        let home = &pages["pages"][0];
        assert_eq!((&home["page_name"], &home["page_slug"], &home["page_type"], &home["position"]), (&json!("Home"), &json!(""), &json!("home"), &json!(0)));
        assert_eq!(pages["home_page_id"], home["id"]);

        let mine = ada.get("/api/apps").await;
        assert_eq!(mine.expect(200)["apps"][0]["id"], app_id.as_str());
        let bob = server.user("Bob", "bob@example.com").await;
        assert_eq!(bob.get("/api/apps").await.expect(200)["apps"], json!([]));
        assert_eq!(server.guest().get("/api/apps").await.status, 401);

        assert_eq!(ada.get(&format!("/api/apps/{app_id}")).await.expect(200)["app"]["id"], app_id.as_str());

        let changed = ada
            .put(&format!("/api/apps/{app_id}"), json!({"name": "Sales 2", "public": true, "spreadsheet_url": "", "settings": {"footer": {"copyrightText": "(c) Ada"}, "theme": 1}}))
            .await;
        let changed = changed.expect(200)["app"].clone();
        assert_eq!((&changed["name"], &changed["public"], &changed["spreadsheet_url"]), (&json!("Sales 2"), &json!(true), &json!("")));
        assert_eq!(changed["settings"], json!({"footer": {"type": "footer", "copyrightText": "(c) Ada"}, "theme": 1}));
        let again = ada.put(&format!("/api/apps/{app_id}"), json!({"settings": {"theme": null}})).await;
        assert_eq!(again.expect(200)["app"]["settings"], json!({"footer": {"type": "footer", "copyrightText": "(c) Ada"}}));
        assert_eq!(ada.get(&format!("/api/apps/{app_id}")).await.expect(200)["app"]["name"], "Sales 2");

        // A new sub-domain frees the old one.
        let moved = ada.put(&format!("/api/apps/{app_id}"), json!({"subdomain": "sales-new"})).await;
        assert_eq!(moved.expect(200)["app"]["subdomain"], "sales-new");
        let reuse = ada.post("/api/apps", json!({"workspace_id": workspace_id, "name": "Other", "subdomain": "sales-app"})).await;
        let other_id = id(&reuse.expect(201)["app"]);

        let deleted = ada.delete(&format!("/api/apps/{other_id}"), None).await;
        assert_eq!(deleted.expect(200), &json!({"deleted": true, "id": other_id}));
        assert_eq!(ada.get(&format!("/api/apps/{other_id}")).await.status, 404);
        let reused_again = ada.post("/api/apps", json!({"workspace_id": workspace_id, "name": "Third", "subdomain": "sales-app"})).await;
        reused_again.expect(201);
    }

    async fn only_the_owner_or_an_admin_may_create_change_or_delete_an_app(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "ada-space").await;
        let carl = server.user("Carl", "carl@example.com").await;
        workspace(&carl, "carl-space").await;
        let stranger = server.user("Sam", "sam@example.com").await;
        let admin = server.admin().await;
        let new_app = |subdomain: &str| json!({"workspace_id": workspace_id, "name": "Sales", "subdomain": subdomain});

        assert_eq!(server.guest().post("/api/apps", new_app("guest-app")).await.error(), "Please login to do this!");
        assert_eq!(stranger.post("/api/apps", new_app("sam-app")).await.error(), access::ONLY_THE_OWNER);
        assert_eq!(carl.post("/api/apps", new_app("carl-app")).await.status, 403);
        assert_eq!(stranger.post("/api/apps", json!({"workspace_id": "nope", "name": "x", "subdomain": "nope-app"})).await.status, 404);
        let by_admin = admin.post("/api/apps", new_app("admin-app")).await;
        assert_eq!(by_admin.expect(201)["app"]["workspace_id"], workspace_id.as_str());

        let app_id = id(&ada.post("/api/apps", new_app("sales-app")).await.expect(201)["app"]);
        let reader = rita(&server, &ada, &app_id, "read").await;
        let writer = server.user("Wes", "wes@example.com").await;
        invite(&ada, &app_id, "Wes", "wes@example.com", "read-write").await;
        let path = format!("/api/apps/{app_id}");
        let rename = json!({"name": "Taken over"});
        assert_eq!(server.guest().put(&path, rename.clone()).await.status, 401);
        for (who, client) in [("stranger", &stranger), ("other owner", &carl), ("read", &reader), ("read-write", &writer)] {
            assert_eq!(client.put(&path, rename.clone()).await.status, 403, "{who} renames");
            assert_eq!(client.delete(&path, None).await.status, 403, "{who} deletes");
            let copy = client.post(&format!("{path}/duplicate"), json!({"subdomain": "copy-app"})).await;
            assert_eq!(copy.status, 403, "{who} duplicates");
        }
        assert_eq!(ada.get(&path).await.expect(200)["app"]["name"], "Sales");
        assert_eq!(admin.put(&path, rename).await.expect(200)["app"]["name"], "Taken over");
        admin.delete(&path, None).await.expect(200);
        assert_eq!(ada.get(&path).await.status, 404);
    }

    async fn a_private_app_answers_access_denied_to_those_without_rights(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = app(&ada, "sales-app").await;
        let path = format!("/api/apps/{}", id(&app));
        let carl = server.user("Carl", "carl@example.com").await;
        workspace(&carl, "carl-space").await;
        for client in [&server.guest(), &carl] {
            let denied = client.get(&path).await;
            assert_eq!(denied.status, 403);
            assert!(denied.text.contains("Access denied"), "{}", denied.text);
            assert!(!denied.text.contains("sales-app"));
        }
        let reader = rita(&server, &ada, &id(&app), "read").await;
        assert_eq!(reader.get(&path).await.expect(200)["app"]["subdomain"], "sales-app");
        server.admin().await.get(&path).await.expect(200);
        // Spec query parameters never grant identity.
        assert_eq!(server.guest().get(&format!("{path}?_email=ada@example.com&board=x&_id=1&_filters=a:b")).await.status, 403);

        ada.put(&path, json!({"public": true})).await.expect(200);
        assert_eq!(server.guest().get(&path).await.expect(200)["app"]["public"], true);
        assert_eq!(server.guest().get("/api/apps/unknown-id").await.status, 404);
    }

    async fn subdomains_are_unique_across_apps_and_workspaces(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "ada-space").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let bob_space = workspace(&bob, "bob-space").await;
        app(&ada, "sales-app").await;

        let clash = bob.post("/api/apps", json!({"workspace_id": bob_space, "name": "Mine", "subdomain": "Sales-App"})).await;
        assert_eq!((clash.status, clash.error()), (409, TAKEN));
        let clash = bob.post("/api/apps", json!({"workspace_id": bob_space, "name": "Mine", "subdomain": "ada-space"})).await;
        assert_eq!((clash.status, clash.error()), (409, TAKEN));

        let bobs = id(&bob.post("/api/apps", json!({"workspace_id": bob_space, "name": "Mine", "subdomain": "bob-app"})).await.expect(201)["app"]);
        let rename = bob.put(&format!("/api/apps/{bobs}"), json!({"subdomain": "ada-space"})).await;
        assert_eq!((rename.status, rename.error()), (409, TAKEN));
        assert_eq!(bob.get(&format!("/api/apps/{bobs}")).await.expect(200)["app"]["subdomain"], "bob-app");
        // Keeping its own sub-domain is no clash.
        bob.put(&format!("/api/apps/{bobs}"), json!({"subdomain": "bob-app"})).await.expect(200);

        let bad = ada.post("/api/apps", json!({"workspace_id": workspace_id, "name": "x", "subdomain": "a b"})).await;
        assert_eq!((bad.status, bad.json["field"].as_str()), (422, Some("subdomain")));
        let reserved = ada.post("/api/apps", json!({"workspace_id": workspace_id, "name": "x", "subdomain": "www"})).await;
        assert_eq!(reserved.status, 422);
    }

    async fn changes_are_validated_and_name_the_field(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = app(&ada, "sales-app").await;
        let path = format!("/api/apps/{}", id(&app));
        let cases = [
            (json!({"nmae": "typo"}), "nmae"),
            (json!({"name": "  "}), "name"),
            (json!({"spreadsheet_url": "ftp://x"}), "spreadsheet_url"),
            (json!({"spreadsheetId": "not-in-this-workspace"}), "spreadsheetId"),
        ];
        for (body, field) in cases {
            let refused = ada.put(&path, body.clone()).await;
            assert_eq!(refused.status, 422, "{body}: {}", refused.text);
            assert_eq!(refused.json["field"], field, "{body}");
        }
        // A mistyped value is refused by the shared JSON reader, naming the field.
        let mistyped = ada.put(&path, json!({"public": "yes"})).await;
        assert_eq!(mistyped.status, 422, "{}", mistyped.text);
        assert_eq!(mistyped.json["field"], "public");
        // A spreadsheet of the app's own workspace connects; null disconnects it.
        let sheet_id = tessera_server::infra::db::new_id();
        sqlx::query("INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, 'S', 'upload', 1, 1)")
            .bind(&sheet_id)
            .bind(app["workspace_id"].as_str().unwrap())
            .execute(&server.db().pool)
            .await
            .unwrap();
        assert_eq!(ada.put(&path, json!({"spreadsheetId": sheet_id})).await.expect(200)["app"]["spreadsheetId"], sheet_id.as_str());
        assert_eq!(ada.put(&path, json!({"spreadsheetId": null})).await.expect(200)["app"]["spreadsheetId"], Value::Null);
        let missing = ada.post("/api/apps", json!({"name": "x", "subdomain": "abc-app"})).await;
        assert_eq!((missing.status, missing.json["field"].as_str()), (422, Some("workspace_id")));
    }

    async fn duplicating_copies_pages_and_blocks_under_a_new_subdomain(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = app(&ada, "sales-app").await;
        let app_id = id(&app);
        let about = ada.post(&format!("/api/apps/{app_id}/pages"), json!({"page_name": "About"})).await;
        let about_id = id(&about.expect(201)["page"]);
        ada.put(&format!("/api/apps/{app_id}/pages/{about_id}"), json!({"title": "About us"})).await.expect(200);
        sqlx::query("INSERT INTO blocks (id, page_id, position, block_type, config, created_at, updated_at) VALUES ('b1', $1, 0, 'markdown', '{\"text\":\"hi\"}', 1, 1)")
            .bind(&about_id)
            .execute(&server.db().pool)
            .await
            .unwrap();
        invite(&ada, &app_id, "Rita", "rita@example.com", "read").await;

        let path = format!("/api/apps/{app_id}/duplicate");
        let missing = ada.post(&path, json!({})).await;
        assert_eq!((missing.status, missing.json["field"].as_str()), (422, Some("subdomain")));
        let taken = ada.post(&path, json!({"subdomain": "sales-app"})).await;
        assert_eq!((taken.status, taken.error()), (409, TAKEN));

        let copy = ada.post(&path, json!({"subdomain": "sales-copy"})).await;
        let copy = copy.expect(201)["app"].clone();
        assert_eq!((&copy["name"], &copy["subdomain"]), (&json!("Sales (copy)"), &json!("sales-copy")));
        assert_ne!(copy["id"], app["id"]);
        let pages = ada.get(&format!("/api/pages/{}", id(&copy))).await;
        let slugs: Vec<&str> = pages.expect(200)["pages"].as_array().unwrap().iter().map(|page| page["page_slug"].as_str().unwrap()).collect();
        assert_eq!(slugs, ["", "about"]);
        let state = ada.get("/api/page/about?app=sales-copy").await;
        let state = state.expect(200);
        assert_eq!(state["title"], "About us");
        assert_eq!(state["blocks"].as_array().unwrap().len(), 1);
        assert_eq!(state["blocks"][0]["text"], "hi");
        assert_ne!(state["blocks"][0]["id"], "b1");
        // Invitations belong to one app.
        assert_eq!(ada.get(&format!("/api/mutipageapp_users/{}", id(&copy))).await.expect(200)["app_users"], json!([]));
        let named = ada.post(&path, json!({"subdomain": "sales-copy2", "name": "Second"})).await;
        assert_eq!(named.expect(201)["app"]["name"], "Second");
    }

    async fn app_info_resolves_an_app_by_its_subdomain(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let sales = public_app(&ada, "sales-app").await;
        let guest = server.guest();

        let found = guest.post("/api/app/app-info?board=&referer=x", json!({"appName": "sales-app"})).await;
        assert_eq!(found.expect(200)["app"]["id"], sales["id"]);
        assert_eq!(guest.post("/api/app/app-info", json!({"appName": " Sales-App "})).await.expect(200)["app"]["name"], "Sales");

        let empty = guest.post("/api/app/app-info", json!({"appName": ""})).await;
        assert_eq!(empty.status, 404);
        assert!(empty.error().contains("Which app?"), "{}", empty.text);
        assert_eq!(guest.post("/api/app/app-info", json!({})).await.status, 404);
        let by_query = guest.post("/api/app/app-info?app=sales-app", json!({"appName": ""})).await;
        assert_eq!(by_query.expect(200)["app"]["id"], sales["id"]);

        let unknown = guest.post("/api/app/app-info", json!({"appName": "nobody-here"})).await;
        assert_eq!(unknown.status, 404);
        assert!(unknown.error().starts_with("App not found"));

        app(&ada, "secret-app").await;
        let private = guest.post("/api/app/app-info", json!({"appName": "secret-app"})).await;
        assert_eq!(private.status, 403);
        assert!(private.text.contains("Access denied"));
    }
}
