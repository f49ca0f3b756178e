//! Marketplace boards as templates: 'Use this template' copies a listed board with only what
//! guests see of its data, and a board binds to another spreadsheet by column name and type.

use serde_json::{json, Value};
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

const RECORD_ID: &str = "ChartApps Record ID";

/// A tab of `columns` holding `rows`.
pub fn tab(title: &str, columns: &[&str], rows: &[&[&str]]) -> ImportedSheet {
    ImportedSheet {
        title: title.into(),
        columns: columns.iter().map(|c| (*c).to_owned()).collect(),
        rows: rows.iter().map(|row| row.iter().map(|c| (*c).to_owned()).collect()).collect(),
    }
}

/// Ada's sales data: a Sales tab the board shows, a Targets tab one scorecard reads, a Regions
/// tab only a filter names, and a Salaries tab the board never uses.
fn ada_tabs() -> Vec<ImportedSheet> {
    vec![
        tab(
            "Sales",
            &["Name", "Region", "Amount", "Month"],
            &[
                &["Alice", "North", "120", "2026-01-05"],
                &["Bob", "South", "80", "2026-02-05"],
                &["Carol", "North", "$200", "2026-03-05"],
                &["Dan", "East", "50", "2026-04-05"],
            ],
        ),
        tab("Targets", &["Quarter", "Target"], &[&["Q1", "1000"], &["Q2", "1200"]]),
        tab("Regions", &["Region", "Manager"], &[&["North", "Zoe"]]),
        tab("Salaries", &["Name", "Salary"], &[&["Alice", "90000"]]),
    ]
}

fn region_filter(name: &str, sheet: &str, active: bool, value: &str) -> Value {
    json!({"name": name, "active": active, "condition": "=", "sheet_column": {"sheet": sheet, "column": "Region"}, "value": value})
}

/// Ada's published board: sections, colours, a hero, an active filter Region = North on
/// Sales, an inactive filter on Regions, and a chart, a table and a scorecard.
struct Template {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
}

impl Template {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales board").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, ada_tabs()).await;
        let settings = json!({
            "spreadsheetId": spreadsheet_id,
            "sections": "Overview,Details",
            "title": "Sales at a glance",
            "hero": "Every deal of the year",
            "palette": ["#d81f52", "#161819"],
            "nav_background": "#123456",
            "filters": [region_filter("Region", "Sales", true, "North"), region_filter("Area", "Regions", false, "")],
        });
        ada.put(&format!("/api/boards/{board_id}"), settings).await.expect(200);
        let blocks = [
            json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Month", "axis": [{"column": "Amount"}], "section": "Overview", "title": "Amounts"}),
            json!({"type": "table", "sheet_title": "Sales", "axis": [{"column": "Name"}, {"column": "Amount"}], "section": "Details"}),
            json!({"type": "scorecard", "sheet_title": "Sales", "section": "Overview",
                "axis": [{"source": {"sheet": "Targets", "column": "Target"}, "label": "Target"}]}),
        ];
        for block in blocks {
            ada.post(&format!("/api/boards/{board_id}/blocks"), block).await.expect(201);
        }
        let listing = json!({"title": "Sales pipeline", "category": "Sales", "description": "Deals by region."});
        ada.put(&format!("/api/boards/{board_id}/listing"), listing).await.expect(200);
        Self { server, ada, board_id, spreadsheet_id }
    }

    fn copy_path(&self) -> String {
        format!("/api/marketplace/{}/copy", self.board_id)
    }

    /// Bob, signed in, with a workspace of his own.
    async fn bob(&self) -> (Client, String) {
        let bob = self.server.user("Bob", "bob@example.com").await;
        let workspace_id = workspace(&bob, "bobs").await;
        (bob, workspace_id)
    }

    async fn original(&self) -> Value {
        self.ada.get(&format!("/api/boards/{}", self.board_id)).await.expect(200).clone()
    }
}

/// A block without its id, to compare a copy with its original.
fn without_id(block: &Value) -> Value {
    let mut block = block.clone();
    block.as_object_mut().unwrap().remove("id");
    block
}

fn grid_names(grid: &Value, column: &str) -> Vec<String> {
    let columns: Vec<&str> = grid["columns"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    let at = columns.iter().position(|c| *c == column).unwrap();
    grid["rows"].as_array().unwrap().iter().map(|row| row[at].as_str().unwrap().to_owned()).collect()
}

/// Bob's own spreadsheet: a Deals tab (names, regions, amounts written as words, closing
/// dates) and a Goals tab.
async fn bobs_spreadsheet(server: &TestServer, workspace_id: &str) -> String {
    spreadsheet(
        server,
        workspace_id,
        vec![
            tab("Goals", &["Target", "Owner"], &[&["500", "Bob"]]),
            tab(
                "Deals",
                &["name", "Region", "Amount", "Closed"],
                &[&["Acme", "West", "large", "2026-05-01"], &["Initech", "North", "small", "2026-06-01"]],
            ),
        ],
    )
    .await
}

both_databases! {
    async fn using_a_template_copies_board_settings_and_blocks_as_a_private_board_of_the_caller(backend) {
        let template = Template::new(backend).await;
        let (bob, bobs_workspace) = template.bob().await;
        let copy = bob.post(&template.copy_path(), json!({"workspace_id": bobs_workspace})).await.expect(201).clone();
        let original = template.original().await;

        assert_ne!(copy["id"], original["id"]);
        assert_eq!(copy["name"], "Sales pipeline", "named after the listing");
        assert_eq!(copy["slug"], "sales-pipeline");
        assert_eq!(copy["public"], false);
        assert_eq!(copy["workspace_id"], bobs_workspace.as_str());
        assert_eq!(copy["can_edit"], true);
        for setting in ["sections", "title", "hero", "palette", "nav_background", "filters", "hide_filters"] {
            assert_eq!(copy[setting], original[setting], "{setting}");
        }
        let blocks = copy["blocks"].as_array().unwrap();
        let originals = original["blocks"].as_array().unwrap();
        assert_eq!(blocks.len(), 3);
        for (copied, original) in blocks.iter().zip(originals) {
            assert_ne!(copied["id"], original["id"]);
            assert_eq!(without_id(copied), without_id(original), "same settings, section and place");
        }
        // The owner's board is untouched and a second copy takes the next free slug.
        assert_eq!(template.original().await["blocks"].as_array().unwrap().len(), 3);
        let again = bob.post(&template.copy_path(), json!({"workspace_id": bobs_workspace})).await.expect(201).clone();
        assert_eq!(again["slug"], "sales-pipeline-2");
        assert_eq!(server_boards(&bob).await, 2);
        // Ada cannot read Bob's copy: it is his and private.
        assert_eq!(template.ada.get(&format!("/api/boards/{}", id(&copy))).await.status, 403);
    }

    async fn a_template_copy_holds_only_the_rows_and_tabs_guests_see(backend) {
        let template = Template::new(backend).await;
        let (bob, bobs_workspace) = template.bob().await;
        let copy = bob.post(&template.copy_path(), json!({"workspace_id": bobs_workspace})).await.expect(201).clone();
        let sample = copy["spreadsheetId"].as_str().unwrap().to_owned();
        assert_ne!(sample, template.spreadsheet_id);
        assert_eq!(copy["sheets"], json!(["Sales", "Targets", "Regions"]), "the unused Salaries tab is not copied");

        let view = bob.get(&format!("/api/spreadsheets/{sample}")).await.expect(200).clone();
        assert_eq!(view["kind"], "upload");
        assert_eq!(view["workspace_id"], bobs_workspace.as_str());
        assert_eq!(view["name"], "Sales pipeline (sample data)");
        let sales = bob.get(&format!("/api/spreadsheets/{sample}/sheets/Sales/grid")).await.expect(200).clone();
        assert_eq!(sales["columns"], json!(["Name", "Region", "Amount", "Month", RECORD_ID]));
        assert_eq!(grid_names(&sales, "Name"), ["Alice", "Carol"], "the active filter Region = North holds back Bob and Dan");
        let targets = bob.get(&format!("/api/spreadsheets/{sample}/sheets/Targets/grid")).await.expect(200).clone();
        assert_eq!(grid_names(&targets, "Target"), ["1000", "1200"]);
        // Only a filter names Regions: its column is there for the filter, no row of it is.
        let regions = bob.get(&format!("/api/spreadsheets/{sample}/sheets/Regions/grid")).await.expect(200).clone();
        assert_eq!(regions["columns"], json!(["Region", RECORD_ID]));
        assert_eq!(regions["total"], 0);
        let everything = serde_json::to_string(&[&sales, &targets, &regions]).unwrap();
        for secret in ["Bob", "South", "Dan", "Salary", "90000", "Zoe", "Manager"] {
            assert!(!everything.contains(secret), "`{secret}` reached the copy: {everything}");
        }
        // The copy reads its own data: Bob's board shows the two rows.
        let rows = bob.get(&format!("/api/board/{sample}/sheet/Sales?board={}&rows_per_page=0", copy["slug"].as_str().unwrap())).await.expect(200).clone();
        assert_eq!(rows["total"], 2);
    }

    async fn copies_need_a_session_a_listed_public_board_and_a_workspace_of_the_caller(backend) {
        let template = Template::new(backend).await;
        let (bob, bobs_workspace) = template.bob().await;
        let body = json!({"workspace_id": bobs_workspace});
        assert_eq!(template.server.guest().post(&template.copy_path(), body.clone()).await.status, 401);

        let refused = bob.post(&template.copy_path(), json!({"workspace_id": workspace(&template.ada, "acme-2").await})).await;
        assert_eq!(refused.status, 403, "{}", refused.text);
        let unknown = bob.post(&template.copy_path(), json!({"workspace_id": "nope"})).await;
        assert_eq!((unknown.status, unknown.json["field"].as_str()), (422, Some("workspace_id")));
        assert_eq!(bob.post("/api/marketplace/no-such-board/copy", body.clone()).await.status, 404);

        let board_path = format!("/api/boards/{}", template.board_id);
        template.ada.put(&board_path, json!({"public": false})).await.expect(200);
        let private = bob.post(&template.copy_path(), body.clone()).await;
        assert_eq!(private.status, 404, "a private board's listing is not offered: {}", private.text);
        template.ada.put(&board_path, json!({"public": true})).await.expect(200);
        template.ada.delete(&format!("{board_path}/listing"), None).await;
        assert_eq!(bob.post(&template.copy_path(), body.clone()).await.status, 404, "an unpublished board is no template");
        assert_eq!(server_boards(&bob).await, 0, "nothing refused was stored");
    }

    async fn a_rebind_proposal_matches_tabs_and_columns_by_name_and_type_and_says_why_not(backend) {
        let template = Template::new(backend).await;
        let (bob, bobs_workspace) = template.bob().await;
        let copy = bob.post(&template.copy_path(), json!({"workspace_id": bobs_workspace})).await.expect(201).clone();
        let mine = bobs_spreadsheet(&template.server, &bobs_workspace).await;
        let path = format!("/api/boards/{}/rebind?spreadsheet_id={mine}", id(&copy));
        let proposal = bob.get(&path).await.expect(200).clone();

        let tabs = proposal["tabs"].as_array().unwrap();
        let titles: Vec<(&str, Option<&str>)> = tabs.iter().map(|t| (t["template_tab"].as_str().unwrap(), t["your_tab"].as_str())).collect();
        // Regions has no rows in the sample, so its column has no type and matches by name.
        assert_eq!(titles, [("Sales", Some("Deals")), ("Targets", Some("Goals")), ("Regions", Some("Deals"))]);
        let sales: Vec<(&str, &str, Option<&str>, &str)> = tabs[0]["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["template_column"].as_str().unwrap(), c["template_type"].as_str().unwrap(), c["your_column"].as_str(), c["status"].as_str().unwrap()))
            .collect();
        assert_eq!(
            sales,
            [
                ("Month", "date", None, "missing"),
                ("Amount", "number", None, "type_differs"),
                ("Name", "text", Some("name"), "matched"),
                ("Region", "text", Some("Region"), "matched"),
            ]
        );
        assert_eq!(tabs[0]["columns"][1]["reason"], "`Amount` holds number in the template, text in yours.");
        assert_eq!(tabs[0]["columns"][0]["reason"], "Your tab `Deals` has no column `Month`.");
        assert_eq!(tabs[1]["columns"][0]["status"], "matched");
        assert_eq!((tabs[2]["columns"][0]["template_type"].clone(), tabs[2]["columns"][0]["status"].clone()), (Value::Null, json!("matched")));
        assert_eq!(proposal["unmatched"], 2);
        let deals = proposal["your_tabs"].as_array().unwrap().iter().find(|t| t["title"] == "Deals").unwrap();
        assert_eq!(deals["columns"][3], json!({"name": "Closed", "type": "date"}));
        assert_eq!(deals["columns"][4]["name"], RECORD_ID);

        // Only editors of the board ask, and only about their board's workspace's spreadsheets.
        assert_eq!(template.server.guest().get(&path).await.status, 401);
        assert_eq!(template.ada.get(&path).await.status, 403);
        let theirs = format!("/api/boards/{}/rebind?spreadsheet_id={}", id(&copy), template.spreadsheet_id);
        assert_eq!(bob.get(&theirs).await.status, 404, "Ada's spreadsheet is not in Bob's workspace");
    }

    async fn applying_a_rebind_rewrites_blocks_and_filters_and_connects_the_spreadsheet(backend) {
        let template = Template::new(backend).await;
        let (bob, bobs_workspace) = template.bob().await;
        let copy = bob.post(&template.copy_path(), json!({"workspace_id": bobs_workspace})).await.expect(201).clone();
        let mine = bobs_spreadsheet(&template.server, &bobs_workspace).await;
        let path = format!("/api/boards/{}/rebind", id(&copy));

        let bad = bob.post(&path, json!({"spreadsheet_id": mine, "tabs": {"Sales": "Nope"}})).await;
        assert_eq!((bad.status, bad.json["field"].as_str()), (422, Some("tabs.Sales")), "{}", bad.text);
        let bad = bob.post(&path, json!({"spreadsheet_id": mine, "tabs": {"Sales": "Deals"}, "columns": {"Sales": {"Month": "When"}}})).await;
        assert_eq!((bad.status, bad.json["field"].as_str()), (422, Some("columns.Sales.Month")));
        let theirs = bob.post(&path, json!({"spreadsheet_id": template.spreadsheet_id, "tabs": {}})).await;
        assert_eq!(theirs.status, 404);
        assert_eq!(template.ada.post(&path, json!({"spreadsheet_id": mine})).await.status, 403);
        let unchanged = bob.get(&format!("/api/boards/{}", id(&copy))).await.expect(200).clone();
        assert_eq!(unchanged["spreadsheetId"], copy["spreadsheetId"], "a refused binding changes nothing");

        let choice = json!({
            "spreadsheet_id": mine,
            "tabs": {"Sales": "Deals", "Targets": "Goals", "Regions": ""},
            "columns": {"Sales": {"Month": "Closed", "Amount": "", "Name": "name", "Region": "Region"}, "Targets": {"Target": "Target"}},
        });
        let rebound = bob.post(&path, choice).await.expect(200).clone();
        let board = &rebound["board"];
        assert_eq!(board["spreadsheetId"], mine.as_str());
        assert_eq!(board["sheets"], json!(["Goals", "Deals"]));
        let blocks = board["blocks"].as_array().unwrap();
        assert_eq!((blocks[0]["sheet_title"].as_str(), blocks[0]["x_axis"].as_str()), (Some("Deals"), Some("Closed")));
        assert_eq!(blocks[0]["axis"][0]["column"], "Amount", "a column left unchosen keeps its name");
        assert_eq!(blocks[1]["sheet_title"], "Deals");
        assert_eq!(blocks[1]["axis"][0]["column"], "name", "chosen by hand");
        assert_eq!(blocks[2]["axis"][0]["source"], json!({"sheet": "Goals", "column": "Target"}));
        assert_eq!(blocks[2]["sheet_title"], "Deals");
        assert_eq!(board["filters"][0]["sheet_column"], json!({"sheet": "Deals", "column": "Region"}));
        assert_eq!(board["filters"][1]["sheet_column"], json!({"sheet": "Regions", "column": "Region"}), "no tab of Bob's: left as it was");
        let unbound: Vec<&str> = rebound["unbound"].as_array().unwrap().iter().map(|u| u["path"].as_str().unwrap()).collect();
        assert_eq!(unbound, ["axis[0].column", "axis[1].column", "filters[1].sheet_column"], "Amount twice (chart and table), and the Regions filter");
        assert_eq!(rebound["unbound"][0]["block_id"], blocks[0]["id"]);
        assert_eq!(rebound["unbound"][0]["column"], "Amount");

        // Every block is still valid: the editor can save each as it is.
        for block in blocks {
            bob.put(&format!("/api/blocks/{}", id(block)), block.clone()).await.expect(200);
        }
        // The board reads Bob's rows now, through the rewritten filter.
        let slug = board["slug"].as_str().unwrap();
        let rows = bob.get(&format!("/api/board/{mine}/sheet/Deals?board={slug}&rows_per_page=0")).await.expect(200).clone();
        assert_eq!(rows["rows"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Initech"]);
    }
}

async fn server_boards(client: &Client) -> usize {
    client.get("/api/boards").await.expect(200).as_array().unwrap().len()
}
