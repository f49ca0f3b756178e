//! History (issue 30): revisions of boards and apps with their summaries, restores (also of
//! blocks whose tab or column is gone), the row activity log with restores and reverts, kept
//! imports, and pruning. Who may see any of it is in the access matrix.

use serde_json::{json, Value};
use tessera_server::history::retention;

use crate::apps::{app, id};
use crate::both_databases;
use crate::rows::{ada_with_board, board_block, stored};
use crate::spreadsheet_files::{reupload, upload};
use crate::support::*;
use crate::workspaces::workspace;

async fn revisions(client: &Client, path: &str) -> Vec<Value> {
    client.get(&format!("{path}/revisions")).await.expect(200)["revisions"].as_array().unwrap().clone()
}

fn lines(revision: &Value) -> Vec<String> {
    revision["summary"].as_array().unwrap().iter().map(|line| line.as_str().unwrap().to_owned()).collect()
}

fn block_ids(board: &Value) -> Vec<String> {
    board["blocks"].as_array().unwrap().iter().map(|block| block["id"].as_str().unwrap().to_owned()).collect()
}

async fn entries(client: &Client, path: &str) -> Vec<Value> {
    client.get(path).await.expect(200)["entries"].as_array().unwrap().clone()
}

both_databases! {
    async fn every_board_save_is_a_revision_and_a_deleted_block_comes_back_by_restoring(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        let chart = board_block(&ada, &board_id, json!({"type": "chart", "title": "Revenue by month", "x_axis": "Name", "y_axis": ["Amount"], "chart_type": "Bar"})).await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "title": "Orders"})).await;
        ada.put(&format!("/api/blocks/{chart}"), json!({"type": "chart", "title": "Revenue by month", "sheet_title": "Orders", "x_axis": "Size", "y_axis": ["Amount"], "chart_type": "Bar"})).await.expect(200);
        ada.delete(&format!("/api/blocks/{table}"), None).await.expect(204);

        let kept = revisions(&ada, &path).await;
        assert!(kept[0]["current"].as_bool().unwrap() && !kept[1]["current"].as_bool().unwrap());
        assert_eq!(lines(&kept[0]), ["Deleted Table 'Orders'"]);
        assert_eq!(lines(&kept[1]), ["Chart 'Revenue by month': X axis Name → Size"]);
        assert_eq!(kept[0]["actor"], "Ada");
        let numbers: Vec<i64> = kept.iter().map(|revision| revision["number"].as_i64().unwrap()).collect();
        assert!(numbers.windows(2).all(|pair| pair[0] == pair[1] + 1), "numbered one by one, newest first: {numbers:?}");

        // The revision before the delete still has the table, with its id.
        let before_delete = ada.get(&format!("{path}/revisions/{}", kept[1]["id"].as_str().unwrap())).await.expect(200).clone();
        assert_eq!(block_ids(&before_delete["snapshot"]), [chart.clone(), table.clone()]);
        let restored = ada.post(&format!("{path}/revisions/{}/restore", kept[1]["id"].as_str().unwrap()), json!({})).await.expect(200).clone();
        assert_eq!(restored["skipped"], json!([]));
        assert_eq!(restored["revision"]["restored_from"], kept[1]["number"]);
        assert_eq!(lines(&restored["revision"])[..2], [format!("Restored version #{}", kept[1]["number"]), "Added Table 'Orders'".to_owned()]);
        let board = ada.get(&path).await.expect(200).clone();
        assert_eq!(block_ids(&board), [chart.clone(), table.clone()], "the block is back under its own id, in its place");

        // A restore is a revision too, so it can be undone by restoring the one before it.
        let kept = revisions(&ada, &path).await;
        ada.post(&format!("{path}/revisions/{}/restore", kept[1]["id"].as_str().unwrap()), json!({})).await.expect(200);
        assert_eq!(block_ids(&ada.get(&path).await.expect(200).clone()), [chart]);
    }

    async fn quick_edits_of_one_block_by_one_editor_are_one_revision(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        let block = board_block(&ada, &board_id, json!({"type": "markdown", "title": "Note"})).await;
        let before = revisions(&ada, &path).await.len();
        for title in ["Note 1", "Note 12", "Note 123"] {
            ada.put(&format!("/api/blocks/{block}"), json!({"type": "markdown", "sheet_title": "Orders", "title": title})).await.expect(200);
        }
        let kept = revisions(&ada, &path).await;
        assert_eq!(kept.len(), before + 1, "typing into one field is one revision");
        assert_eq!(lines(&kept[0]), ["Markdown 'Note': Title Note → Note 123"]);
        // Typing back to where it started leaves no revision of it.
        ada.put(&format!("/api/blocks/{block}"), json!({"type": "markdown", "sheet_title": "Orders", "title": "Note"})).await.expect(200);
        assert_eq!(revisions(&ada, &path).await.len(), before);
    }

    async fn a_restore_says_which_blocks_name_a_tab_or_column_that_is_gone_and_restores_the_rest(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        let table = board_block(&ada, &board_id, json!({"type": "table", "title": "Amounts", "axis": [{"column": "Amount"}]})).await;
        let note = board_block(&ada, &board_id, json!({"type": "markdown", "title": "Readme"})).await;
        let version = revisions(&ada, &path).await[0]["id"].as_str().unwrap().to_owned();
        ada.delete(&format!("/api/blocks/{table}"), None).await.expect(204);
        ada.delete(&format!("/api/blocks/{note}"), None).await.expect(204);
        // The tab loses its Amount column.
        let columns = vec!["Name".to_owned(), tessera_core::table::RECORD_ID_COLUMN.to_owned()];
        let tab = tessera_server::sheets::ImportedSheet { title: "Orders".into(), columns, rows: vec![vec!["Ada".into(), "r1".into()]] };
        tessera_server::sheets::incoming::Incoming::Whole(vec![tab]).store(server.db(), &sheet.spreadsheet_id).await.unwrap();

        let restored = ada.post(&format!("{path}/revisions/{version}/restore"), json!({})).await.expect(200).clone();
        assert_eq!(restored["skipped"], json!([{"block_id": table, "title": "Table 'Amounts'", "reason": "The column `Amount` is no longer in the sheet `Orders`."}]));
        assert_eq!(block_ids(&ada.get(&path).await.expect(200).clone()), [note]);
        ada.post(&format!("{path}/revisions/no-such-revision/restore"), json!({})).await.expect(404);
    }

    async fn an_app_restore_brings_back_a_deleted_page_with_its_blocks(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "crm").await);
        let path = format!("/api/apps/{app_id}");
        let page = ada.post(&format!("{path}/pages"), json!({"page_name": "Clients"})).await.expect(201)["page"]["id"].as_str().unwrap().to_owned();
        let block = ada.post(&format!("{path}/pages/{page}/blocks"), json!({"type": "markdown", "title": "Hello"})).await.expect(201)["id"].as_str().unwrap().to_owned();
        ada.delete(&format!("{path}/pages/{page}"), None).await.expect(200);
        let kept = revisions(&ada, &path).await;
        assert_eq!(lines(&kept[0]), ["Deleted Page 'Clients'"]);
        ada.post(&format!("{path}/revisions/{}/restore", kept[1]["id"].as_str().unwrap()), json!({})).await.expect(200);
        let pages = ada.get(&format!("/api/pages/{app_id}")).await.expect(200).clone();
        assert!(pages.to_string().contains(&page), "the page is back under its id: {pages}");
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM blocks WHERE id = $1 AND page_id = $2").bind(&block).bind(&page).fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(count, 1, "with its block");
    }

    async fn a_restore_says_first_what_it_changes_and_is_undone_by_restoring_the_version_it_replaced(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        let note = board_block(&ada, &board_id, json!({"type": "markdown", "title": "Note"})).await;
        let old = revisions(&ada, &path).await[0]["id"].as_str().unwrap().to_owned();
        let table = board_block(&ada, &board_id, json!({"type": "table", "title": "Orders"})).await;
        let newest = revisions(&ada, &path).await[0]["id"].as_str().unwrap().to_owned();

        // Asked before a restore: what it would change in the board as it is now.
        let detail = ada.get(&format!("{path}/revisions/{old}")).await.expect(200).clone();
        assert_eq!(detail["restore_changes"], json!(["Deleted Table 'Orders'"]));
        let current = ada.get(&format!("{path}/revisions/{newest}")).await.expect(200).clone();
        assert_eq!(current["restore_changes"], json!([]));

        let restored = ada.post(&format!("{path}/revisions/{old}/restore"), json!({})).await.expect(200).clone();
        assert_eq!(restored["replaced"], newest.as_str(), "the board as it was before the restore");
        assert_eq!(block_ids(&ada.get(&path).await.expect(200).clone()), std::slice::from_ref(&note));
        // Undo: restoring the replaced version puts the board back as it was.
        ada.post(&format!("{path}/revisions/{newest}/restore"), json!({})).await.expect(200);
        assert_eq!(block_ids(&ada.get(&path).await.expect(200).clone()), [note, table]);
    }

    async fn a_boards_version_answers_its_own_settings_with_the_defaults_not_todays(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        ada.put(&path, json!({"title": "Spring", "palette": ["#112233"]})).await.expect(200);
        let old = revisions(&ada, &path).await[0]["id"].as_str().unwrap().to_owned();
        // A new block starts a revision of its own, so the settings saved next are not merged
        // into the old one (saves of the same settings within a minute are one revision).
        ada.post(&format!("{path}/blocks"), json!({"type": "markdown", "text": "Hello"})).await.expect(201);
        // Set later: an older version never had them.
        ada.put(&path, json!({"hero": "Big sale", "hero_background": "#ffffff", "sections": "North,South"})).await.expect(200);

        let version = ada.get(&format!("{path}/revisions/{old}")).await.expect(200)["snapshot"]["settings"].clone();
        assert_eq!(version["title"], "Spring");
        assert_eq!(version["palette"], json!(["#112233"]));
        // What the version left to the defaults is answered as the defaults, so a preview drawn
        // over today's board shows none of today's hero, colours or sections.
        assert_eq!((&version["hero"], &version["hero_background"], &version["sections"]), (&json!(""), &json!("#161819"), &json!("")));
        assert_eq!(version["hide_filters"], true);
    }

    async fn an_apps_version_answers_its_pages_settings_and_its_header_as_they_were(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "crm").await);
        let path = format!("/api/apps/{app_id}");
        let page = ada.post(&format!("{path}/pages"), json!({"page_name": "Clients"})).await.expect(201)["page"]["id"].as_str().unwrap().to_owned();
        let old = revisions(&ada, &path).await[0]["id"].as_str().unwrap().to_owned();
        ada.put(&format!("{path}/pages/{page}"), json!({"title": "Our clients", "nav_background": "#123"})).await.expect(200);
        ada.put(&path, json!({"settings": {"header": {"HeaderTitle": "CRM"}}})).await.expect(200);

        let version = ada.get(&format!("{path}/revisions/{old}")).await.expect(200)["snapshot"].clone();
        let clients = version["pages"].as_array().unwrap().iter().find(|p| p["id"] == page.as_str()).unwrap().clone();
        assert_eq!((&clients["settings"]["title"], &clients["settings"]["nav_background"]), (&json!(""), &json!("#161819")));
        assert_eq!((&version["app_header"], &version["app_footer"]), (&Value::Null, &Value::Null), "no header yet in that version");
        let now = ada.get(&format!("{path}/revisions/{}", revisions(&ada, &path).await[0]["id"].as_str().unwrap())).await.expect(200)["snapshot"].clone();
        assert_eq!(now["app_header"]["HeaderTitle"], "CRM");
        assert_eq!(now["app_header"]["type"], "header");
    }

    async fn every_row_write_is_logged_and_a_deleted_row_and_an_edit_can_be_undone(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let table = board_block(&ada, &board_id, json!({
            "type": "table", "title": "Orders", "add_new_row": "Admins",
            "actions": [{"type": "Edit row"}, {"type": "Delete row"}, {"type": "Duplicate row"}],
            "axis": [{"column": "Name", "editable": "Admins"}, {"column": "Amount", "editable": "Admins"}]
        })).await;
        ada.put(&format!("/api/blocks/{table}/rows/r2"), json!({"values": {"Amount": "25"}})).await.expect(200);
        ada.delete(&format!("/api/blocks/{table}/rows/r1"), None).await.expect(200);
        let added = ada.post(&format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "Di"}})).await.expect(201)["record_id"].as_str().unwrap().to_owned();

        let feed = format!("/api/spreadsheets/{}/activity", sheet.spreadsheet_id);
        let logged = entries(&ada, &feed).await;
        let kinds: Vec<&str> = logged.iter().map(|entry| entry["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["add", "delete", "edit"], "newest first");
        let (add, delete, edit) = (&logged[0], &logged[1], &logged[2]);
        assert_eq!(edit["before"]["Amount"], "20");
        assert_eq!(edit["after"]["Amount"], "25");
        assert_eq!(edit["block_id"], table.as_str());
        assert_eq!(edit["block_title"], "Orders");
        assert_eq!(edit["board_id"], board_id.as_str());
        assert_eq!(edit["actor"], json!({"kind": "account", "label": "Ada <ada@example.com>"}));
        assert_eq!(delete["before"]["Name"], "Ada");
        assert_eq!(delete["after"], Value::Null);
        assert_eq!(delete["undo"], "restore");
        assert_eq!(add["record_id"], added.as_str());
        assert_eq!(entries(&ada, &format!("/api/boards/{board_id}/activity")).await.len(), 3, "the board's feed has what came through it");
        assert_eq!(entries(&ada, &format!("{feed}?kind=edit")).await.len(), 1);
        assert_eq!(entries(&ada, &format!("{feed}?actor=Someone%20else")).await.len(), 0);
        ada.get(&format!("{feed}?kind=explode")).await.expect(422);

        // The deleted row comes back with its values and its record id.
        let restored = ada.post(&format!("/api/activity/{}/revert", delete["id"].as_str().unwrap()), json!({})).await.expect(200).clone();
        assert_eq!(restored["entry"]["kind"], "restore");
        let rows = stored(&server, &sheet).await;
        let ada_row = rows.iter().find(|(id, _)| id == "r1").expect("r1 is back");
        assert_eq!(ada_row.1[..4], ["Ada", "ada@example.com", "10", "S"]);
        let again = ada.post(&format!("/api/activity/{}/revert", delete["id"].as_str().unwrap()), json!({})).await;
        assert_eq!(again.status, 400, "an undo done already cannot be forced: {}", again.text);

        // An edit edited again since is not reverted without asking; with force it is.
        ada.put(&format!("/api/blocks/{table}/rows/r2"), json!({"values": {"Amount": "27"}})).await.expect(200);
        let asked = ada.post(&format!("/api/activity/{}/revert", edit["id"].as_str().unwrap()), json!({})).await;
        assert_eq!(asked.status, 409);
        assert!(asked.error().contains("Amount = '27'") && asked.error().contains("Revert anyway"), "{}", asked.error());
        ada.post(&format!("/api/activity/{}/revert", edit["id"].as_str().unwrap()), json!({"force": true})).await.expect(200);
        let rows = stored(&server, &sheet).await;
        assert_eq!(rows.iter().find(|(id, _)| id == "r2").unwrap().1[2], "20");

        // Reverting the add deletes the row; the log keeps every undo, and the CSV has them all.
        ada.post(&format!("/api/activity/{}/revert", add["id"].as_str().unwrap()), json!({})).await.expect(200);
        assert!(stored(&server, &sheet).await.iter().all(|(id, _)| *id != added));
        let logged = entries(&ada, &feed).await;
        assert_eq!(logged.len(), 7);
        assert!(logged.iter().filter(|entry| entry["undone_by"].is_string()).count() == 3);
        let csv = ada.get(&format!("{feed}?format=csv")).await;
        assert_eq!(csv.status, 200);
        assert!(csv.text.starts_with("time (UTC),kind,person,sheet,record id,block,changes\r\n"), "{}", csv.text);
        assert_eq!(csv.text.lines().count(), 8);
        assert!(csv.text.contains("Amount: 20 → 25"), "{}", csv.text);
    }

    async fn a_guest_is_logged_by_a_pseudonym_never_by_address(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [{"column": "Name"}]})).await;
        let guest = server.guest();
        guest.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "Eve"}})).await.expect(201);
        guest.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "Eve again"}})).await.expect(201);
        let logged = entries(&ada, &format!("/api/spreadsheets/{}/activity", sheet.spreadsheet_id)).await;
        let labels: Vec<&str> = logged.iter().map(|entry| entry["actor"]["label"].as_str().unwrap()).collect();
        assert_eq!(labels[0], labels[1], "one address, one pseudonym");
        assert!(labels[0].starts_with("Guest ") && labels[0].len() == 14, "{labels:?}");
        assert!(!logged.iter().any(|entry| entry.to_string().contains("127.0.0.1")));
        assert_eq!(logged[0]["actor"]["kind"], "guest");
    }

    async fn an_upload_keeps_the_rows_it_replaces_and_they_can_be_restored(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let first = upload(&ada, &workspace_id, "orders.csv", b"Name,Amount\nAda,1\nBob,2\nCy,3\n").await;
        let spreadsheet_id = first.expect(201)["spreadsheet"]["id"].as_str().unwrap().to_owned();
        reupload(&ada, &spreadsheet_id, "orders.csv", b"Name,Amount\nDi,4\n").await.expect(200);
        let kept = ada.get(&format!("/api/spreadsheets/{spreadsheet_id}/snapshots")).await.expect(200).clone();
        assert_eq!(kept["current"][0]["rows"], 1);
        assert_eq!(kept["snapshots"][0]["tabs"][0]["rows"], 3);
        assert_eq!(kept["snapshots"][0]["file_name"], "orders.csv");
        assert_eq!(kept["keep"], 5);
        let logged = entries(&ada, &format!("/api/spreadsheets/{spreadsheet_id}/activity")).await;
        assert_eq!((logged[0]["kind"].as_str(), logged[0]["before"]["orders"].as_str(), logged[0]["after"]["orders"].as_str()), (Some("import"), Some("3 rows"), Some("1 rows")));

        let snapshot = kept["snapshots"][0]["id"].as_str().unwrap();
        let after = ada.post(&format!("/api/spreadsheets/{spreadsheet_id}/snapshots/{snapshot}/restore"), json!({})).await.expect(200).clone();
        assert_eq!(after["current"][0]["rows"], 3, "the earlier rows are back");
        assert_eq!(after["snapshots"][0]["tabs"][0]["rows"], 1, "and the replaced ones are kept in turn");
        let logged = entries(&ada, &format!("/api/spreadsheets/{spreadsheet_id}/activity")).await;
        assert_eq!(logged[0]["kind"], "restore");
        assert_eq!(logged[1]["undone_by"], logged[0]["id"]);
    }

    async fn pruning_removes_old_history_but_keeps_the_newest_and_the_published_revision(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let path = format!("/api/boards/{board_id}");
        let table = board_block(&ada, &board_id, json!({"type": "table", "title": "T", "actions": [{"type": "Delete row"}]})).await;
        ada.put(&format!("/api/boards/{board_id}/listing"), json!({"title": "Orders", "category": "Operations"})).await.expect(200);
        board_block(&ada, &board_id, json!({"type": "markdown"})).await;
        ada.delete(&format!("/api/blocks/{table}/rows/r3"), None).await.expect(200);
        let before = revisions(&ada, &path).await;
        let published: Vec<i64> = before.iter().filter(|r| r["published"] == true).map(|r| r["number"].as_i64().unwrap()).collect();

        let limits = tessera_server::HistoryLimits::default();
        let year_later = tessera_server::infra::db::now() + 365 * 86_400;
        let pruned = retention::prune(server.db(), &limits, year_later).await.unwrap();
        assert!(pruned.activity >= 1 && pruned.revisions >= 1, "{pruned:?}");
        let after = revisions(&ada, &path).await;
        let kept: Vec<i64> = after.iter().map(|r| r["number"].as_i64().unwrap()).collect();
        let newest = before[0]["number"].as_i64().unwrap();
        let mut expected = vec![newest];
        expected.extend(published.iter().filter(|n| **n != newest));
        assert_eq!(kept, expected, "the newest and the published revision stay");
        assert_eq!(entries(&ada, &format!("/api/spreadsheets/{}/activity", sheet.spreadsheet_id)).await.len(), 0);
        assert_eq!(ada.get(&path).await.expect(200)["blocks"].as_array().unwrap().len(), 2, "the board itself is untouched");
    }
}
