//! The first paint of a board or an app page in one call (issue 31): each block's entry is what
//! its own sheet or view call answers, a block that fails has its own error, and access is the
//! separate calls' (access matrix rows for the rest).

use serde_json::{json, Value};
use tessera_server::sheets::ImportedSheet;

use crate::apps::{app, id};
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

fn sales() -> ImportedSheet {
    let rows =
        [["Alice", "North", "120"], ["Bob", "South", "80"], ["Carol", "North", "200"], ["Dan", "East", "15"], ["Eve", "South", "40"]];
    ImportedSheet {
        title: "Sales".into(),
        columns: vec!["Name".into(), "Region".into(), "Amount".into()],
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

/// Blocks of each way of reading, and one whose setting names a column the sheet lacks.
fn blocks() -> Vec<Value> {
    vec![
        json!({"type": "table", "sheet_title": "Sales", "rows_per_page": 2}),
        json!({"type": "list", "sheet_title": "Sales", "paginate": false}),
        json!({"type": "datalist", "sheet_title": "Sales"}),
        json!({"type": "itemDetails", "sheet_title": "Sales"}),
        json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Region", "axis": [{"column": "Amount"}]}),
        json!({"type": "scorecard", "sheet_title": "Sales", "axis": [{"source": {"sheet": "Sales", "column": "Amount"}, "label": "Total"}]}),
        json!({"type": "markdown", "text": "# Sales"}),
        json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Country", "axis": [{"column": "Amount"}]}),
    ]
}

/// Asserts that `first` has an entry for each of `ids` and that it is what the block's own call
/// (`own(block, "view")`, or `own(block, "rows&page=1&rows_per_page=N")` for its first page)
/// answers, an error included.
async fn assert_each_block_answers_as_its_own_call(client: &Client, first: &Value, ids: &[String], own: impl Fn(&str, &str) -> String) {
    let entries = first["blocks"].as_object().unwrap();
    assert_eq!(entries.len(), ids.len(), "{first}");
    for block in ids {
        let entry = &entries[block];
        let path = match entry["rows_per_page"].as_u64() {
            Some(rows_per_page) => own(block, &format!("rows&page=1&rows_per_page={rows_per_page}")),
            None => own(block, "view"),
        };
        let expected = match (&entry["error"], &entry["rows"]) {
            (Value::String(error), _) => json!({"error": error}),
            (_, Value::Null) => entry["view"].clone(),
            (_, rows) => rows.clone(),
        };
        assert!(!expected.is_null(), "{block}: {entry}");
        let reply = client.get(&path).await;
        let answered = match reply.status {
            200 => reply.json.clone(),
            _ => json!({"error": reply.error()}),
        };
        assert_eq!(answered, expected, "{block}: {path}");
    }
}

/// Ada's public board `sales` over [`sales`] with a Region filter, [`blocks`] and a banner.
struct SalesBoard {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
    /// The ids of [`blocks`], in order.
    ids: Vec<String>,
}

impl SalesBoard {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales()]).await;
        let filters = json!([{"name": "Region", "active": false, "condition": "=", "sheet_column": {"sheet": "Sales", "column": "Region"}, "value": ""}]);
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "public": true, "filters": filters}))
            .await
            .expect(200);
        let mut ids = Vec::new();
        for block in blocks() {
            ids.push(id(ada.post(&format!("/api/boards/{board_id}/blocks"), block).await.expect(201)));
        }
        // A block that reads nothing has no entry.
        ada.post(&format!("/api/boards/{board_id}/blocks"), json!({"type": "bannerHero"})).await.expect(201);
        Self { server, ada, board_id, spreadsheet_id, ids }
    }
}

both_databases! {
    async fn a_boards_first_paint_answers_each_block_as_its_own_calls_and_a_bad_block_alone_fails(backend) {
        let SalesBoard { server, ada, board_id, spreadsheet_id, ids } = SalesBoard::new(backend).await;
        let guest = server.guest();
        for query in ["", "&search=o", "&_filters=Region:South&tz_offset=60"] {
            let first = guest.get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales{query}")).await.expect(200).clone();
            let own = |block: &str, call: &str| match call.split_once('&') {
                Some(("rows", page)) => format!("/api/board/{spreadsheet_id}/sheet/Sales?board=sales&block={block}&{page}{query}"),
                _ => format!("/api/board/{spreadsheet_id}/view/{block}?board=sales{query}"),
            };
            assert_each_block_answers_as_its_own_call(&guest, &first, &ids, own).await;
            let entries = &first["blocks"];
            assert_eq!(entries[&ids[0]]["rows_per_page"], 2, "the table's own page size");
            assert_eq!(entries[&ids[1]]["rows_per_page"], 0, "a list without pages reads every row");
            assert_eq!(entries[&ids[2]]["rows_per_page"], 20, "a datalist's pages of 20");
            assert_eq!(entries[&ids[3]]["rows_per_page"], 1, "item details show one record");
            assert!(entries[&ids[7]]["error"].as_str().unwrap().contains("x_axis"), "{first}");
            assert_eq!(entries[&ids[4]]["view"]["kind"], "chart", "the good chart is answered beside the bad one");
        }
        let searched = guest.get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales&_filters=Region:South")).await.expect(200).clone();
        assert_eq!(searched["blocks"][&ids[0]]["rows"]["total"], 2, "the URL filters narrow every block");

        // A private board refuses the whole call, as its own calls do, and answers its owner.
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": false})).await.expect(200);
        let refused = guest.get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales")).await;
        assert_eq!(refused.status, 403, "{}", refused.text);
        assert_eq!(ada.get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales")).await.expect(200)["blocks"].as_object().unwrap().len(), 8);
        let elsewhere = ada.get("/api/board/ss-other/first-paint?board=sales").await;
        assert_eq!(elsewhere.status, 404, "{}", elsewhere.text);
    }

    async fn many_viewers_of_a_board_share_its_first_paint_and_a_blocks_refresh_reuses_it(backend) {
        let SalesBoard { server, spreadsheet_id, ids, .. } = SalesBoard::new(backend).await;
        let kept = server.state.answers.len();
        let first = server.guest().get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales")).await.expect(200).clone();
        let answered = ids.iter().filter(|block| first["blocks"][block.as_str()]["error"].is_null()).count();
        assert_eq!(answered, ids.len() - 1, "every block but the bad chart: {first}");
        assert_eq!(server.state.answers.len(), kept + answered, "each answered block is kept, the error is not");

        let another = server.guest().get(&format!("/api/board/{spreadsheet_id}/first-paint?board=sales")).await.expect(200).clone();
        assert_eq!(another, first);
        let table = server.guest().get(&format!("/api/board/{spreadsheet_id}/sheet/Sales?board=sales&block={}&page=1&rows_per_page=2", ids[0])).await.expect(200).clone();
        assert_eq!(table, first["blocks"][&ids[0]]["rows"]);
        let chart = server.guest().get(&format!("/api/board/{spreadsheet_id}/view/{}?board=sales", ids[4])).await.expect(200).clone();
        assert_eq!(chart, first["blocks"][&ids[4]]["view"]);
        assert_eq!(server.state.answers.len(), kept + answered, "another viewer and the blocks' own calls reuse the kept answers");
    }

    async fn an_app_pages_first_paint_answers_each_block_as_its_own_calls(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let the_app = app(&ada, "shop").await;
        let app_id = id(&the_app);
        let spreadsheet_id = spreadsheet(&server, the_app["workspace_id"].as_str().unwrap(), vec![sales()]).await;
        sqlx::query("UPDATE apps SET spreadsheet_id = $1 WHERE id = $2").bind(&spreadsheet_id).bind(&app_id).execute(&server.db().pool).await.unwrap();
        let page = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let mut ids = Vec::new();
        for block in blocks() {
            ids.push(id(ada.post(&format!("/api/apps/{app_id}/pages/{page}/blocks"), block).await.expect(201)));
        }
        for query in ["", "&search=North&tz_offset=-300"] {
            let first = ada.get(&format!("/v3/api/page/first-paint?app=shop&board=&referer=x{query}")).await.expect(200).clone();
            let own = |block: &str, call: &str| match call.split_once('&') {
                Some(("rows", page)) => format!("/v3/api/page/sheet/Sales?app=shop&board=&block={block}&{page}{query}"),
                _ => format!("/v3/api/page/view/{block}?app=shop&board={query}"),
            };
            assert_each_block_answers_as_its_own_call(&ada, &first, &ids, own).await;
            assert!(first["blocks"][&ids[7]]["error"].as_str().unwrap().contains("x_axis"), "{first}");
        }
        let refused = server.guest().get("/v3/api/page/first-paint?app=shop&board=").await;
        assert_eq!(refused.status, 403, "a new app is private: {}", refused.text);
    }
}
