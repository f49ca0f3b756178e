//! Spreadsheet management: published CSV links (connect, refresh, stale refresh), the grid view,
//! deletion, and who may do any of it.

use serde_json::{json, Value};
use tessera_server::sheets::rows::Values;
use tessera_server::sheets::store;
use tessera_server::sources::{self, published_csv, RowWrite, Source, NOTHING_TO_REFRESH, READ_ONLY_LINK};

use crate::both_databases;
use crate::support::google::GoogleStandIn;
use crate::support::*;
use tessera_server::accounts::roles as access;

async fn workspace_of(owner: &Client, subdomain: &str) -> String {
    owner.post("/api/workspaces", json!({"name": "Space", "subdomain": subdomain})).await.expect(201)["id"].as_str().unwrap().to_owned()
}

async fn connect_csv(owner: &Client, workspace: &str, url: &str) -> Value {
    owner
        .post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "csv_url", "url": url, "name": "Sales"}))
        .await
        .expect(201)
        .clone()
}

fn names(grid: &Value) -> Vec<String> {
    grid["rows"].as_array().unwrap().iter().map(|row| row[0].as_str().unwrap().to_owned()).collect()
}

both_databases! {
    async fn a_csv_link_is_connected_refreshed_and_refreshed_when_stale(backend) {
        let links = GoogleStandIn::start().await;
        let url = links.set_csv("sales.csv", "text/csv", "\n,\nName,Amount,Amount,\nAda,10,1,x\nBob,\"2,5\"\n");
        let server = TestServer::start_with(backend, |config| config.csv_link_ttl_secs = 0).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let connected = connect_csv(&owner, &workspace, &url).await;
        assert_eq!(connected["kind"], "csv_url");
        assert_eq!(connected["open_url"], url);
        assert_eq!(connected["sheets"][0]["title"], "Sales");
        assert_eq!(connected["sheets"][0]["columns"], json!(["Name", "Amount", "Amount (2)", "Column 4", "ChartApps Record ID"]));
        let id = connected["id"].as_str().unwrap().to_owned();
        let grid = owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid")).await.expect(200).clone();
        assert_eq!(grid["total"], 2);
        assert_eq!(grid["rows"][1][1], "2,5");

        links.set_csv("sales.csv", "text/csv", "Name,Amount\nCy,3\n");
        let refreshed = owner.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await.expect(200).clone();
        assert_eq!(refreshed["sheets"][0]["row_count"], 1);
        assert_eq!(names(&owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid")).await.expect(200).clone()), ["Cy"]);

        // With a TTL of 0 every sheet-data read finds the snapshot stale.
        links.set_csv("sales.csv", "text/csv", "Name,Amount\nDi,4\nEd,5\n");
        sources::refresh_if_stale(&server.state, &id).await.unwrap();
        assert_eq!(names(&owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid")).await.expect(200).clone()), ["Di", "Ed"]);

        // A failing link keeps the old rows and says why.
        links.set_csv("sales.csv", "text/html", "<html>sign in</html>");
        let failed = sources::refresh_if_stale(&server.state, &id).await.unwrap_err();
        assert!(failed.to_string().contains("Publish to the web"), "{failed}");
        assert_eq!(names(&owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid")).await.expect(200).clone()), ["Di", "Ed"]);

        // Links are read-only.
        let sheet = store::find(server.db(), &id, "Sales").await.unwrap().unwrap();
        let source = Source { spreadsheet_id: id.clone(), kind: "csv_url".into(), url: url.clone() };
        let values = Values::from([("Name".to_owned(), "Fay".to_owned())]);
        let refused = sources::write_through(&server.state, &source, &sheet, &RowWrite::Append { record_id: "r", values: &values }).await.unwrap_err();
        assert_eq!((refused.status().as_u16(), refused.to_string()), (409, READ_ONLY_LINK.to_owned()));
    }

    async fn a_link_longer_than_a_batch_is_stored_whole_and_in_order_as_it_is_read(backend) {
        // 2,501 rows cross two of the reader's 1,000-row batches; `;` is sniffed as an upload's is.
        let body: String = std::iter::once("Name;N".to_owned()).chain((1..=2_501).map(|n| format!("Row {n};{n}"))).collect::<Vec<_>>().join("\n");
        let links = GoogleStandIn::start().await;
        let url = links.set_csv("long.csv", "text/csv", body);
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let connected = connect_csv(&owner, &workspace, &url).await;
        assert_eq!(connected["sheets"][0]["row_count"], 2_501);
        assert_eq!(connected["sheets"][0]["columns"], json!(["Name", "N", "ChartApps Record ID"]));
        let sheet = store::find(server.db(), connected["id"].as_str().unwrap(), "Sales").await.unwrap().unwrap();
        let rows = store::rows(server.db(), &sheet.id).await.unwrap();
        let numbers: Vec<String> = rows.iter().map(|(_, cells)| cells[1].clone()).collect();
        assert_eq!(numbers, (1..=2_501).map(|n| n.to_string()).collect::<Vec<_>>());
        let ids: std::collections::HashSet<&String> = rows.iter().map(|(id, _)| id).collect();
        assert_eq!(ids.len(), 2_501, "every row has its own id");
    }

    async fn a_fresh_snapshot_is_not_fetched_again(backend) {
        let links = GoogleStandIn::start().await;
        let url = links.set_csv("a.csv", "text/csv", "Name\nAda\n");
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let connected = owner.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "csv_url", "url": url})).await.expect(201).clone();
        assert_eq!(connected["name"], "a", "named after the file");
        let id = connected["id"].as_str().unwrap();
        links.set_csv("a.csv", "text/csv", "Name\nBob\n");
        sources::refresh_if_stale(&server.state, id).await.unwrap();
        assert_eq!(names(&owner.get(&format!("/api/spreadsheets/{id}/sheets/a/grid")).await.expect(200).clone()), ["Ada"]);
        assert_eq!(links.calls().iter().filter(|call| call.ends_with("/csv/a.csv")).count(), 1);
    }

    async fn bad_links_are_refused_with_a_clear_error_and_store_nothing(backend) {
        let links = GoogleStandIn::start().await;
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let post = |url: String| owner.post("/api/spreadsheets", json!({"workspace_id": workspace.clone(), "kind": "csv_url", "url": url}));

        let unreachable = post("http://127.0.0.1:1/data.csv".to_owned()).await;
        assert_eq!(unreachable.status, 503);
        assert!(unreachable.error().contains("could not be reached"), "{}", unreachable.error());
        let oversized = post(links.set_csv("big.csv", "text/csv", vec![b'a'; published_csv::MAX_BYTES + 1])).await;
        assert_eq!((oversized.status, oversized.error()), (503, published_csv::TOO_LARGE));
        let empty = post(links.set_csv("empty.csv", "text/csv", " , \n\n")).await;
        assert_eq!((empty.status, empty.error()), (503, published_csv::NO_DATA));
        let missing = post(format!("{}/csv/nothing.csv", links.base)).await;
        assert!(missing.error().contains("HTTP 404"), "{}", missing.error());
        let not_a_link = post("file:///etc/passwd".to_owned()).await;
        assert_eq!((not_a_link.status, not_a_link.json["field"].as_str()), (422, Some("url")));
        let upload = owner.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "upload", "url": "x"})).await;
        assert_eq!(upload.status, 422);
        let typo = owner.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "csv_url", "link": "x"})).await;
        assert_eq!(typo.status, 422);
        assert_eq!(owner.get(&format!("/api/spreadsheets?workspace_id={workspace}")).await.expect(200), &json!([]));
    }

    async fn links_to_the_servers_own_network_are_refused(backend) {
        let links = GoogleStandIn::start().await;
        let good = links.set_csv("sales.csv", "text/csv", b"Name\nAda\n".to_vec());
        let server = TestServer::start_with(backend, |config| config.allow_private_fetch = false).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let post = |url: String| owner.post("/api/spreadsheets", json!({"workspace_id": workspace.clone(), "kind": "csv_url", "url": url}));
        // A literal private address is refused before any request is made.
        for literal in [good.clone(), "http://169.254.169.254/latest/meta-data".to_owned(), "http://[::1]/x.csv".to_owned()] {
            let refused = post(literal).await;
            assert_eq!((refused.status, refused.error()), (422, tessera_server::infra::outbound::PRIVATE_ADDRESS));
        }
        // A name that resolves to loopback is refused when connecting.
        let by_name = post(good.replace("127.0.0.1", "localhost")).await;
        assert_eq!(by_name.status, 503, "{}", by_name.text);
        assert_eq!(owner.get(&format!("/api/spreadsheets?workspace_id={workspace}")).await.expect(200), &json!([]));
    }

    async fn owners_list_inspect_page_and_delete_their_spreadsheets(backend) {
        let links = GoogleStandIn::start().await;
        let body: String = std::iter::once("Name".to_owned()).chain((1..=12).map(|n| format!("Row {n}"))).collect::<Vec<_>>().join("\n");
        let url = links.set_csv("rows.csv", "text/csv", body);
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let id = connect_csv(&owner, &workspace, &url).await["id"].as_str().unwrap().to_owned();

        let listed = owner.get(&format!("/api/spreadsheets?workspace_id={workspace}")).await.expect(200).clone();
        assert_eq!(listed[0]["id"], id.as_str());
        assert_eq!(listed[0]["sheets"][0]["row_count"], 12);
        let page = owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid?offset=10&limit=5")).await.expect(200).clone();
        assert_eq!((page["total"].as_i64(), names(&page)), (Some(12), vec!["Row 11".to_owned(), "Row 12".to_owned()]));
        assert_eq!(page["columns"], json!(["Name", "ChartApps Record ID"]));
        assert_eq!(page["rows"][0].as_array().unwrap().len(), 2, "the record id is shown too");
        assert_eq!(owner.get(&format!("/api/spreadsheets/{id}/sheets/Sales/grid?limit=501")).await.status, 422);
        assert_eq!(owner.get(&format!("/api/spreadsheets/{id}/sheets/Nope/grid")).await.status, 404);

        // An upload opens in the grid view and has nothing to refresh from.
        let now = 1_700_000_000_i64;
        sqlx::query("INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ('up1', $1, 'Upload', 'upload', $2, $2)")
            .bind(&workspace).bind(now).execute(&server.db().pool).await.unwrap();
        assert_eq!(owner.get("/api/spreadsheets/up1").await.expect(200)["open_url"], "/dashboard/spreadsheets/up1");
        let refused = owner.post("/api/spreadsheets/up1/refresh", json!({})).await;
        assert_eq!((refused.status, refused.error()), (409, NOTHING_TO_REFRESH));

        // Deleting leaves the board that used it without a spreadsheet.
        sqlx::query("INSERT INTO boards (id, workspace_id, slug, name, spreadsheet_id, created_at, updated_at) VALUES ('b1', $1, 'b1-slug', 'Board', $2, $3, $3)")
            .bind(&workspace).bind(&id).bind(now).execute(&server.db().pool).await.unwrap();
        assert_eq!(owner.delete(&format!("/api/spreadsheets/{id}"), None).await.status, 204);
        assert_eq!(owner.get(&format!("/api/spreadsheets/{id}")).await.status, 404);
        let (board_sheet,): (Option<String>,) = sqlx::query_as("SELECT spreadsheet_id FROM boards WHERE id = 'b1'").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(board_sheet, None);
    }

    async fn only_the_owner_or_an_admin_manages_spreadsheets(backend) {
        let links = GoogleStandIn::start().await;
        let url = links.set_csv("a.csv", "text/csv", "Name\nAda\n");
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace = workspace_of(&owner, "olga-space").await;
        let id = connect_csv(&owner, &workspace, &url).await["id"].as_str().unwrap().to_owned();
        let stranger = server.user("Sam", "sam@example.com").await;
        let _own = workspace_of(&stranger, "sam-space").await;
        let guest = server.guest();
        let paths = [
            format!("/api/spreadsheets?workspace_id={workspace}"),
            format!("/api/spreadsheets/{id}"),
            format!("/api/spreadsheets/{id}/sheets/Sales/grid"),
        ];
        for path in &paths {
            assert_eq!(guest.get(path).await.status, 401, "{path}");
            let denied = stranger.get(path).await;
            assert_eq!(denied.status, 403, "{path}");
            assert_eq!(denied.error(), access::ONLY_THE_OWNER, "{path}");
        }
        assert_eq!(stranger.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await.status, 403);
        assert_eq!(stranger.delete(&format!("/api/spreadsheets/{id}"), None).await.status, 403);
        assert_eq!(guest.delete(&format!("/api/spreadsheets/{id}"), None).await.status, 401);
        let foreign = stranger.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "csv_url", "url": url})).await;
        assert_eq!(foreign.status, 403);
        assert_eq!(stranger.get("/api/spreadsheets/unknown-id").await.status, 404);

        let admin = server.admin().await;
        assert_eq!(admin.get(&format!("/api/spreadsheets/{id}")).await.expect(200)["name"], "Sales");
        assert_eq!(owner.get(&format!("/api/spreadsheets/{id}")).await.status, 200);
    }
}
