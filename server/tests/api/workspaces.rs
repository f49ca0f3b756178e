//! Workspaces: CRUD, sub-domains unique across workspaces and apps, and who may manage them.

use serde_json::json;

use crate::both_databases;
use crate::support::*;

/// Creates a workspace as `client` and answers its id.
pub async fn workspace(client: &Client, subdomain: &str) -> String {
    let reply = client.post("/api/workspaces", json!({"name": format!("Workspace {subdomain}"), "subdomain": subdomain})).await;
    reply.expect(201)["id"].as_str().unwrap().to_owned()
}

/// An app of `workspace_id` at `subdomain`, created by `owner`; answers its id.
pub async fn app_in(owner: &Client, workspace_id: &str, subdomain: &str) -> String {
    let reply = owner.post("/api/apps", json!({"workspace_id": workspace_id, "name": "Shop", "subdomain": subdomain})).await;
    reply.expect(201)["app"]["id"].as_str().unwrap().to_owned()
}

both_databases! {
    async fn an_owner_creates_lists_renames_and_deletes_a_workspace(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let created = ada.post("/api/workspaces", json!({"name": "  Acme ", "subdomain": " Acme-Sales "})).await;
        let created = created.expect(201).clone();
        assert_eq!(created["name"], "Acme");
        assert_eq!(created["subdomain"], "acme-sales");
        assert_eq!(created["owner_id"], ada.user().id.as_str());
        assert!(created["created_at"].as_i64().unwrap() > 0);
        let id = created["id"].as_str().unwrap();

        let listed = ada.get("/api/workspaces").await;
        assert_eq!(listed.expect(200).as_array().unwrap().len(), 1);
        assert_eq!(ada.get(&format!("/api/workspaces/{id}")).await.expect(200)["subdomain"], "acme-sales");

        let renamed = ada.put(&format!("/api/workspaces/{id}"), json!({"name": "Acme Ltd", "subdomain": "acme"})).await;
        assert_eq!(renamed.expect(200)["subdomain"], "acme");
        assert_eq!(renamed.json["name"], "Acme Ltd");
        // The old sub-domain was released in the same change.
        let bob = server.user("Bob", "bob@example.com").await;
        workspace(&bob, "acme-sales").await;

        ada.delete(&format!("/api/workspaces/{id}"), None).await.expect(204);
        assert_eq!(ada.get("/api/workspaces").await.expect(200), &json!([]));
        assert_eq!(ada.get(&format!("/api/workspaces/{id}")).await.status, 404);
        workspace(&bob, "acme").await;
    }

    async fn a_subdomain_cannot_be_taken_twice_across_workspaces_and_apps(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let ada_workspace = workspace(&ada, "acme").await;
        let clash = bob.post("/api/workspaces", json!({"name": "Mine", "subdomain": "ACME"})).await;
        assert_eq!(clash.status, 409);
        assert_eq!(clash.error(), "A workspace or app with this subdomain already exists");

        app_in(&ada, &ada_workspace, "shop").await;
        let bob_workspace = workspace(&bob, "bobs").await;
        let onto_app = bob.put(&format!("/api/workspaces/{bob_workspace}"), json!({"subdomain": "shop"})).await;
        assert_eq!(onto_app.status, 409);
        assert_eq!(onto_app.error(), "A workspace or app with this subdomain already exists");
        // A refused move keeps the old sub-domain.
        assert_eq!(bob.get(&format!("/api/workspaces/{bob_workspace}")).await.expect(200)["subdomain"], "bobs");
    }

    async fn bad_workspace_input_names_the_field(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        for (body, field) in [
            (json!({"name": "A", "subdomain": "a b"}), "subdomain"),
            (json!({"name": "A", "subdomain": "www"}), "subdomain"),
            (json!({"name": "   ", "subdomain": "fine-name"}), "name"),
            (json!({"name": "A"}), "subdomain"),
            (json!({"name": "A", "subdomain": "fine-name", "colour": "red"}), "colour"),
        ] {
            let reply = ada.post("/api/workspaces", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{body}");
        }
        let id = workspace(&ada, "acme").await;
        let typo = ada.put(&format!("/api/workspaces/{id}"), json!({"nmae": "x"})).await;
        assert_eq!(typo.status, 422);
        assert_eq!(typo.json["field"], "nmae");
    }

    async fn only_the_owner_or_an_admin_manages_a_workspace(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let admin = server.admin().await;
        let guest = server.guest();
        let id = workspace(&ada, "acme").await;
        workspace(&bob, "bobs").await;
        let path = format!("/api/workspaces/{id}");

        assert_eq!(guest.get("/api/workspaces").await.status, 401);
        assert_eq!(guest.post("/api/workspaces", json!({"name": "G", "subdomain": "guests"})).await.status, 401);
        assert_eq!(guest.get(&path).await.status, 401);
        assert_eq!(guest.delete(&path, None).await.status, 401);

        // Another workspace's owner sees nothing of Ada's and cannot change it.
        let bobs = bob.get("/api/workspaces").await;
        assert!(!bobs.text.contains("acme"), "{}", bobs.text);
        for reply in [bob.get(&path).await, bob.put(&path, json!({"name": "Mine"})).await, bob.delete(&path, None).await] {
            assert_eq!(reply.status, 403, "{}", reply.text);
            assert!(!reply.text.contains("acme"), "{}", reply.text);
        }
        // `_email` names a user but grants nothing.
        assert_eq!(bob.get(&format!("{path}?_email=ada@example.com")).await.status, 403);
        assert_eq!(bob.get("/api/workspaces/no-such-id").await.status, 404);

        // The admin lists only their own workspaces but may manage any.
        assert_eq!(admin.get("/api/workspaces").await.expect(200), &json!([]));
        assert_eq!(admin.get(&path).await.expect(200)["subdomain"], "acme");
        assert_eq!(admin.put(&path, json!({"name": "Checked"})).await.expect(200)["name"], "Checked");
        assert_eq!(ada.get(&path).await.expect(200)["name"], "Checked");
        admin.delete(&path, None).await.expect(204);
    }

    async fn deleting_a_workspace_removes_its_boards_and_apps_and_frees_their_subdomains(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let id = workspace(&ada, "acme").await;
        let board = ada.post("/api/boards", json!({"workspace_id": id, "name": "Sales"})).await.expect(201)["id"].as_str().unwrap().to_owned();
        app_in(&ada, &id, "shop").await;

        ada.delete(&format!("/api/workspaces/{id}"), None).await.expect(204);
        assert_eq!(ada.get(&format!("/api/boards/{board}")).await.status, 404);
        let (apps,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM apps").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(apps, 0);
        workspace(&ada, "shop").await;
        workspace(&ada, "acme").await;
    }
}
