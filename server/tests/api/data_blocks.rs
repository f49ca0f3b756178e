//! What data blocks read beyond their rows: block views (chart series, scorecards, calendar
//! events, markdown renderings) filtered as the block's rows are, the sanitised HTML of markdown
//! cells and the caller's permissions in the sheet answer, and the block settings of board and
//! page states (catalogue defaults filled in, action secrets kept from viewers).

use serde_json::{json, Value};
use tessera_server::sheets::incoming::Incoming;
use tessera_server::sheets::ImportedSheet;

use crate::apps::{app, id};
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

const RECORD_ID: &str = "ChartApps Record ID";

const COLUMNS: [&str; 6] = ["Name", "Region", "Amount", "Start", "Owner", "Notes"];

fn sales() -> ImportedSheet {
    let rows = [
        ["Alice", "North", "120", "2026-11-20T09:00", "ann@x.io", "**bold**"],
        ["Bob", "South", "80", "2026-11-21", "bob@example.com", "<script>alert(1)</script>hi"],
        ["Carol", "North", "200", "2026-12-01T10:00", "ann@x.io", ""],
        ["Dan", "East", "n/a", "soon", "dan@x.io", "[x](javascript:alert(1))"],
    ];
    ImportedSheet {
        title: "Sales".into(),
        columns: COLUMNS.map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

fn costs() -> ImportedSheet {
    ImportedSheet { title: "Costs".into(), columns: vec!["Item".into(), "Cost".into()], rows: vec![vec!["Rent".into(), "900".into()]] }
}

/// Ada's public board `sales` over the Sales and Costs tabs.
struct Fixture {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
}

impl Fixture {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales(), costs()]).await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "public": true})).await.expect(200);
        Self { server, ada, board_id, spreadsheet_id }
    }

    /// Adds a block (reading Sales unless it names a sheet) through the editor's call.
    async fn block(&self, mut config: Value) -> String {
        if config.get("sheet_title").is_none() {
            config["sheet_title"] = json!("Sales");
        }
        id(self.ada.post(&format!("/api/boards/{}/blocks", self.board_id), config).await.expect(201))
    }

    async fn set_filters(&self, filters: Value) {
        self.ada.put(&format!("/api/boards/{}", self.board_id), json!({"filters": filters})).await.expect(200);
    }

    fn view(&self, block_id: &str, query: &str) -> String {
        format!("/api/board/{}/view/{block_id}?board=sales&referer=x&{query}", self.spreadsheet_id)
    }

    fn rows(&self, block_id: &str, query: &str) -> String {
        format!("/api/board/{}/sheet/Sales?board=sales&block={block_id}&{query}", self.spreadsheet_id)
    }
}

fn region_filter(active: bool, value: &str) -> Value {
    json!({"name": "Region", "active": active, "condition": "=", "sheet_column": {"sheet": "Sales", "column": "Region"}, "value": value})
}

/// The chart of the core's own JSON facade over the Sales tab, for `spec`.
fn core_chart(spec: Value) -> Value {
    let sheet = sales();
    let input = json!({"sheet": {"columns": sheet.columns, "rows": sheet.rows}, "spec": spec});
    serde_json::from_str(&tessera_core::api::evaluate("chart", &input.to_string()).unwrap()).unwrap()
}

both_databases! {
    async fn a_board_without_a_spreadsheet_still_renders_its_markdown(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Notes").await);
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let note = id(ada.post(&format!("/api/boards/{board_id}/blocks"), json!({"type": "markdown", "text": "# Hello"})).await.expect(201));
        let guest = server.guest();
        let view = guest.get(&format!("/api/board/-/view/{note}?board=notes")).await.expect(200).clone();
        assert_eq!(view["html"], json!(["<h1>Hello</h1>\n"]));
        let sheet = guest.get("/api/board/-/sheet/Sales?board=notes").await;
        assert_eq!(sheet.status, 404, "{}", sheet.text);
    }

    async fn iframe_blocks_answer_only_their_one_http_frame_and_refuse_other_code_at_save(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Notes").await);
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let blocks = format!("/api/boards/{board_id}/blocks");
        let code = r#"<div><iframe src="https://maps.example/embed?a=1&amp;b=2" height="450" onload="alert(1)" srcdoc="<script>alert(1)</script>" allowfullscreen></iframe></div><script>alert(2)</script>"#;
        let frame = id(ada.post(&blocks, json!({"type": "iframe", "iframe_code": code})).await.expect(201));
        let guest = server.guest();
        let view = guest.get(&format!("/api/board/-/view/{frame}?board=notes")).await.expect(200).clone();
        assert_eq!(view, json!({"kind": "iframe", "frame": {
            "src": "https://maps.example/embed?a=1&b=2", "title": null, "width": null, "height": "450px", "allowfullscreen": true
        }, "refusal": null}));
        let empty = id(ada.post(&blocks, json!({"type": "iframe"})).await.expect(201));
        let view = guest.get(&format!("/api/board/-/view/{empty}?board=notes")).await.expect(200).clone();
        assert_eq!(view, json!({"kind": "iframe", "frame": null, "refusal": null}));
        // Hostile code never reaches a board: the save is refused at the field with the reason.
        for (code, reason) in [
            (r#"<iframe src="javascript:alert(1)"></iframe>"#, "The <iframe> address must start with http:// or https://; got `javascript:alert(1)`."),
            (r#"<iframe src="data:text/html,<script>alert(1)</script>"></iframe>"#, "The <iframe> address must start with http:// or https://; got `data:text/html,<script>alert(1)</script>`."),
            (r#"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#, "The <iframe> has no src address."),
            ("<script>alert(1)</script>", "The code has no <iframe> element. Paste the embed code that starts with <iframe."),
        ] {
            let reply = ada.post(&blocks, json!({"type": "iframe", "iframe_code": code})).await;
            assert_eq!(reply.status, 422, "{code}: {}", reply.text);
            assert_eq!(reply.json["field"], "iframe_code");
            assert_eq!(reply.error(), reason);
            let reply = ada.put(&format!("/api/blocks/{frame}"), json!({"type": "iframe", "iframe_code": code})).await;
            assert_eq!(reply.status, 422, "{code}: {}", reply.text);
        }
        // A code stored before this rule (or written past it) still shows nothing but its refusal.
        sqlx::query("UPDATE blocks SET config = $1 WHERE id = $2")
            .bind(json!({"iframe_code": "<iframe src=javascript:alert(1)>"}).to_string())
            .bind(&frame)
            .execute(&server.db().pool)
            .await
            .unwrap();
        let view = guest.get(&format!("/api/board/-/view/{frame}?board=notes")).await.expect(200).clone();
        assert_eq!(view["frame"], Value::Null);
        assert_eq!(view["refusal"], "The <iframe> address must start with http:// or https://; got `javascript:alert(1)`.");
    }

    async fn pages_of_an_app_without_a_spreadsheet_have_views_of_blocks_that_read_no_rows(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let the_app = app(&ada, "shop").await;
        let app_id = id(&the_app);
        let page = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let blocks = format!("/api/apps/{app_id}/pages/{page}/blocks");
        let frame = id(ada.post(&blocks, json!({"type": "iframe", "iframe_code": "<iframe src=https://a.example/>"})).await.expect(201));
        let note = id(ada.post(&blocks, json!({"type": "markdown", "text": "*hi*"})).await.expect(201));
        let view = |block: &str| format!("/v3/api/page/view/{block}?app=shop&board=&referer=x");
        assert_eq!(ada.get(&view(&frame)).await.expect(200)["frame"]["src"], "https://a.example/");
        assert_eq!(ada.get(&view(&note)).await.expect(200)["html"], json!(["<p><em>hi</em></p>\n"]));
        let rows = ada.get("/v3/api/page/sheet/Sales?app=shop&board=&referer=x").await;
        assert_eq!(rows.status, 404);
        assert_eq!(rows.error(), "No spreadsheet is connected here.");
    }

    async fn an_item_details_block_shows_the_record_its_detail_page_names(backend) {
        let f = Fixture::new(backend).await;
        let details = f.block(json!({"type": "itemDetails"})).await;
        let guest = f.server.guest();
        let all = guest.get(&f.rows(&details, "rows_per_page=0")).await.expect(200).clone();
        let carol = all["rows"][2][RECORD_ID].as_str().unwrap().to_owned();
        let shown = guest.get(&f.rows(&details, &format!("current_record={carol}"))).await.expect(200).clone();
        assert_eq!((shown["total"].as_u64(), shown["rows"][0]["Name"].as_str()), (Some(1), Some("Carol")));
        // Another tab's record, or a table, leaves the rows as they are.
        let other_tab = guest.get(&f.rows(&details, &format!("current_record={carol}&current_sheet=Costs"))).await.expect(200).clone();
        assert_eq!(other_tab["total"], 4);
        let table = f.block(json!({"type": "table"})).await;
        assert_eq!(guest.get(&f.rows(&table, &format!("current_record={carol}"))).await.expect(200)["total"], 4);
    }

    async fn chart_series_are_the_cores_aggregation_of_what_the_viewer_sees(backend) {
        let f = Fixture::new(backend).await;
        let chart = f.block(json!({"type": "chart", "x_axis": "Region", "axis": [
            {"column": "Amount"}, {"column": "Amount", "type": "line", "duplicateXAxis": "average"}
        ]})).await;
        let guest = f.server.guest();
        let axes = json!([{"column": "Amount"}, {"column": "Amount", "type": "line", "duplicateXAxis": "average"}]);
        let answer = guest.get(&f.view(&chart, "")).await.expect(200).clone();
        assert_eq!(answer["kind"], "chart");
        assert_eq!(answer["chart"], core_chart(json!({"x_axis": "Region", "axis": axes})));
        assert_eq!(answer["chart"]["labels"], json!(["North", "South", "East"]));
        assert_eq!(answer["chart"]["series"][0], json!({"name": "Amount", "type": "bar", "data": [320.0, 80.0, null]}));
        assert_eq!(answer["chart"]["series"][1]["data"], json!([160.0, 80.0, null]));

        // Search, the URL filters and the board's filters narrow the rows as they do the table's.
        // Search reads only columns some block shows every row of (issue 45): a chart alone
        // shows no names, so a name finds nothing until a table beside it shows them.
        let unseen = guest.get(&f.view(&chart, "search=carol")).await.expect(200).clone();
        assert_eq!(unseen["chart"]["labels"], json!([]));
        f.block(json!({"type": "table", "axis": [{"column": "Name"}]})).await;
        let searched = guest.get(&f.view(&chart, "search=carol")).await.expect(200).clone();
        assert_eq!(searched["chart"]["labels"], json!(["North"]));
        assert_eq!(searched["chart"]["series"][0]["data"], json!([200.0]));
        f.set_filters(json!([region_filter(false, "North")])).await;
        let filtered = guest.get(&f.view(&chart, "_filters=Region:South")).await.expect(200).clone();
        assert_eq!((filtered["chart"]["labels"].clone(), filtered["chart"]["series"][0]["data"].clone()), (json!(["South"]), json!([80.0])));
        f.set_filters(json!([region_filter(true, "North")])).await;
        assert_eq!(guest.get(&f.view(&chart, "")).await.expect(200)["chart"]["labels"], json!(["North"]));

        // A column the sheet lacks is the chart's setting at fault.
        let broken = f.block(json!({"type": "chart", "x_axis": "Month", "axis": [{"column": "Amount"}]})).await;
        let reply = guest.get(&f.view(&broken, "")).await;
        assert_eq!((reply.status, reply.json["field"].as_str()), (422, Some("x_axis")), "{}", reply.text);
    }

    async fn the_blocks_conditional_filter_and_session_decide_its_view(backend) {
        let f = Fixture::new(backend).await;
        let chart = f.block(json!({"type": "chart", "x_axis": "Region", "axis": [{"column": "Amount"}],
            "conditional_filter": {"filter_by": "Logged in user", "select_column": "Owner", "condition": "Is"}})).await;
        let nobody = f.server.guest().get(&f.view(&chart, "_email=bob@example.com")).await.expect(200).clone();
        assert_eq!(nobody["chart"]["labels"], json!([]), "the e-mail parameter is no identity");
        let bob = f.server.user("Bob", "bob@example.com").await;
        let own = bob.get(&f.view(&chart, "")).await.expect(200).clone();
        assert_eq!((own["chart"]["labels"].clone(), own["chart"]["series"][0]["data"].clone()), (json!(["South"]), json!([80.0])));
    }

    async fn scorecards_read_their_own_tabs_and_a_broken_card_leaves_the_others(backend) {
        let f = Fixture::new(backend).await;
        let block = f.block(json!({"type": "scorecard", "axis": [
            {"source": {"sheet": "", "column": "Amount"}, "label": "Total", "background_color": "#112233", "font_color": "#ffffff"},
            {"source": {"sheet": "Sales", "column": "Amount"}, "label": "Average", "function": "average", "symbol": "€"},
            {"source": {"sheet": "Costs", "column": "Cost"}, "label": "Rent", "symbol": ""},
            {"source": {"sheet": "Sales", "column": "Profit"}, "label": "Profit"},
            {"source": {"sheet": "Gone", "column": "X"}, "label": "Gone"}
        ]})).await;
        let answer = f.server.guest().get(&f.view(&block, "")).await.expect(200).clone();
        assert_eq!(answer["kind"], "scorecard");
        let cards = answer["cards"].as_array().unwrap();
        assert_eq!(cards[0], json!({"label": "Total", "value": 400.0, "formatted": "$400", "background_color": "#112233", "font_color": "#ffffff"}));
        assert_eq!((cards[1]["value"].clone(), cards[1]["formatted"].clone()), (json!(133.33333333333334), json!("€133.33")));
        assert_eq!(cards[2]["formatted"], "900");
        assert_eq!((cards[3]["value"].clone(), cards[3]["formatted"].clone()), (Value::Null, json!("—")));
        assert_eq!(cards[3]["error"], "scorecard `Profit` reads column `Profit`, which this sheet does not have");
        assert_eq!(cards[4]["error"], "The sheet `Gone` is not in this spreadsheet.");

        // Filters apply to the tab they name, search to every tab.
        f.set_filters(json!([region_filter(true, "North")])).await;
        let north = f.server.guest().get(&f.view(&block, "")).await.expect(200).clone();
        assert_eq!((north["cards"][0]["value"].clone(), north["cards"][2]["value"].clone()), (json!(320.0), json!(900.0)));
        // Search reads the names a table shows.
        f.block(json!({"type": "table"})).await;
        let searched = f.server.guest().get(&f.view(&block, "search=alice")).await.expect(200).clone();
        assert_eq!(searched["cards"][0]["value"], 120.0);
        assert_eq!(searched["cards"][2]["value"], Value::Null, "no cost row matches `alice`");
    }

    async fn a_busy_day_answers_fifty_events_and_counts_the_others(backend) {
        let f = Fixture::new(backend).await;
        let busy = ImportedSheet {
            title: "Busy".into(),
            columns: vec!["Name".into(), "Start".into()],
            rows: (0..60).map(|i| vec![format!("Visit {i}"), "2026-11-20T09:00".into()]).collect(),
        };
        Incoming::Whole(vec![sales(), costs(), busy]).store(f.server.db(), &f.spreadsheet_id).await.unwrap();
        let calendar = f.block(json!({"type": "calendar", "sheet_title": "Busy", "default_calendar_month": "Selected month",
            "calender_year": "2026", "calender_month": "11", "start_time_column": "Start", "event_title_column": "Name"})).await;
        let month = f.server.guest().get(&f.view(&calendar, "")).await.expect(200).clone();
        assert_eq!(month["calendar"]["events"].as_array().unwrap().len(), 50);
        assert_eq!(month["calendar"]["events"][0]["title"], "Visit 0");
        assert_eq!(month["calendar"]["more"], json!({"2026-11-20": 10}));
        // A quiet window says nothing of more.
        let december = f.server.guest().get(&f.view(&calendar, "calendar_date=2026-12-10")).await.expect(200).clone();
        assert!(december["calendar"].get("more").is_none(), "{december}");
    }

    async fn calendars_answer_the_window_and_its_events_with_their_records(backend) {
        let f = Fixture::new(backend).await;
        let calendar = f.block(json!({"type": "calendar", "default_calendar_view": "Month", "default_calendar_month": "Selected month",
            "calender_year": "2026", "calender_month": "11", "start_time_column": "Start", "event_title_column": "Name"})).await;
        let guest = f.server.guest();
        let month = guest.get(&f.view(&calendar, "")).await.expect(200).clone();
        assert_eq!(month["kind"], "calendar");
        assert_eq!(month["calendar"]["window"], json!({"view": "Month", "start": "2026-11-01", "end": "2026-12-01", "anchor": "2026-11-01"}));
        let titles: Vec<&str> = month["calendar"]["events"].as_array().unwrap().iter().map(|e| e["title"].as_str().unwrap()).collect();
        assert_eq!(titles, ["Alice", "Bob"]);
        assert_eq!(month["calendar"]["skipped"], 1);
        let alice = &month["calendar"]["events"][0];
        assert_eq!((alice["start"].clone(), alice["end"].clone(), alice["all_day"].clone()), (json!("2026-11-20T09:00"), json!("2026-11-20T10:00"), json!(false)));
        let record = alice["record"].as_object().unwrap();
        assert_eq!(record.keys().map(String::as_str).collect::<Vec<_>>(), ["Name", "Region", "Amount", "Start", "Owner", "Notes", RECORD_ID]);
        assert_eq!(record["Owner"], "ann@x.io");

        let week = guest.get(&f.view(&calendar, "calendar_view=Week&calendar_date=2026-12-02")).await.expect(200).clone();
        assert_eq!(week["calendar"]["window"], json!({"view": "Week", "start": "2026-11-30", "end": "2026-12-07", "anchor": "2026-12-02"}));
        assert_eq!(week["calendar"]["events"][0]["title"], "Carol");
        for (query, field) in [("calendar_view=Year", "calendar_view"), ("calendar_date=someday", "calendar_date")] {
            let reply = guest.get(&f.view(&calendar, query)).await;
            assert_eq!((reply.status, reply.json["field"].as_str()), (422, Some(field)), "{query}: {}", reply.text);
        }
        assert_eq!((month["calendar"].get("styles"), month["calendar"].get("markdown")), (None, None), "no column settings, no extras");

        // The events' details honour the column settings as a table's cells do (issue 29).
        let styled = f.block(json!({"type": "calendar", "default_calendar_view": "Month", "default_calendar_month": "Selected month",
            "calender_year": "2026", "calender_month": "11", "start_time_column": "Start", "event_title_column": "Name",
            "axis": [{"column": "Amount", "Conditional_formatting": [{"condition": ">", "value": "100", "background_color": "#fee2e2"}]},
                     {"column": "Notes", "use_markdown": true}]})).await;
        let month = guest.get(&f.view(&styled, "")).await.expect(200).clone();
        assert_eq!(month["calendar"]["styles"], json!([{"row": 0, "column": "Amount", "background_color": "#fee2e2"}]));
        assert_eq!(month["calendar"]["markdown"][0], json!({"row": 0, "column": "Notes", "html": "<p><strong>bold</strong></p>\n"}));
        assert!(!month["calendar"]["markdown"].to_string().contains("<script"), "{}", month["calendar"]["markdown"]);

        // A title read from a column with a format reads as its cells do (issue 47).
        let amounts = f.block(json!({"type": "calendar", "default_calendar_view": "Month", "default_calendar_month": "Selected month",
            "calender_year": "2026", "calender_month": "11", "start_time_column": "Start", "event_title_column": "Amount",
            "axis": [{"column": "Amount", "format": "Currency"}]})).await;
        let month = guest.get(&f.view(&amounts, "")).await.expect(200).clone();
        let event = &month["calendar"]["events"][0];
        assert_eq!(event["title"].as_str(), Some(format!("${}.00", event["record"]["Amount"].as_str().unwrap()).as_str()), "{event}");
    }

    async fn markdown_blocks_answer_their_texts_and_sanitised_html(backend) {
        let f = Fixture::new(backend).await;
        let looped = f.block(json!({"type": "markdown", "text": "Hi **[Name]** <img src=x onerror=alert(1)>", "loop": true})).await;
        // A table shows every column, so search reads Region too.
        f.block(json!({"type": "table"})).await;
        let answer = f.server.guest().get(&f.view(&looped, "search=north")).await.expect(200).clone();
        assert_eq!(answer["kind"], "markdown");
        assert_eq!(answer["texts"], json!(["Hi **Alice** <img src=x onerror=alert(1)>", "Hi **Carol** <img src=x onerror=alert(1)>"]));
        assert_eq!(answer["html"], json!(["<p>Hi <strong>Alice</strong> <img></p>\n", "<p>Hi <strong>Carol</strong> <img></p>\n"]));
        let once = f.block(json!({"type": "markdown", "text": "[[Name]](javascript:alert(1)) <script>alert(2)</script>"})).await;
        let answer = f.server.guest().get(&f.view(&once, "")).await.expect(200).clone();
        assert_eq!(answer["texts"], json!(["[Alice](javascript:alert(1)) <script>alert(2)</script>"]));
        let html = answer["html"][0].as_str().unwrap();
        assert!(!html.contains("javascript") && !html.contains("script") && html.contains("Alice"), "{html}");
        // Without a sheet the text shows as written.
        let plain = id(f.ada.post(&format!("/api/boards/{}/blocks", f.board_id), json!({"type": "markdown", "text": "# Hello"})).await.expect(201));
        assert_eq!(f.server.guest().get(&f.view(&plain, "")).await.expect(200)["html"], json!(["<h1>Hello</h1>\n"]));
    }

    async fn only_view_blocks_of_the_named_board_or_page_have_a_view(backend) {
        let f = Fixture::new(backend).await;
        let table = f.block(json!({"type": "table"})).await;
        let guest = f.server.guest();
        let reply = guest.get(&f.view(&table, "")).await;
        assert_eq!(reply.status, 400);
        assert_eq!(reply.error(), "A table block has no computed view; its rows come from the sheet call.");
        assert_eq!(guest.get(&f.view("nope", "")).await.status, 404);
        // A block of another board is not this board's.
        let workspace_id = workspace(&f.ada, "other").await;
        let other_board = id(&board(&f.ada, &workspace_id, "Other").await);
        let other = id(f.ada.post(&format!("/api/boards/{other_board}/blocks"), json!({"type": "markdown", "text": "x"})).await.expect(201));
        assert_eq!(guest.get(&f.view(&other, "")).await.status, 404);
        // A private board shows its views to its owner only.
        f.ada.put(&format!("/api/boards/{}", f.board_id), json!({"public": false})).await.expect(200);
        let chart = f.block(json!({"type": "chart", "x_axis": "Region", "axis": [{"column": "Amount"}]})).await;
        assert_eq!(guest.get(&f.view(&chart, "")).await.status, 403);
        f.ada.get(&f.view(&chart, "")).await.expect(200);
    }

    async fn app_pages_answer_views_of_their_blocks(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let the_app = app(&ada, "shop").await;
        let app_id = id(&the_app);
        let spreadsheet_id = spreadsheet(&server, the_app["workspace_id"].as_str().unwrap(), vec![sales(), costs()]).await;
        sqlx::query("UPDATE apps SET spreadsheet_id = $1 WHERE id = $2").bind(&spreadsheet_id).bind(&app_id).execute(&server.db().pool).await.unwrap();
        let page = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let block = ada.post(&format!("/api/apps/{app_id}/pages/{page}/blocks"), json!({
            "type": "scorecard", "sheet_title": "Sales", "axis": [{"source": {"sheet": "", "column": "Amount"}, "label": "Total"}]
        })).await;
        let block = id(block.expect(201));
        let url = format!("/v3/api/page/view/{block}?app=shop&board=&referer=x&search=bob");
        assert_eq!(server.guest().get(&url).await.status, 403, "a new app is private");
        assert_eq!(ada.get(&url).await.expect(200)["cards"][0]["formatted"], "$80");
    }

    async fn markdown_cells_of_a_page_come_sanitised_with_the_rows(backend) {
        let f = Fixture::new(backend).await;
        let table = f.block(json!({"type": "table", "axis": [{"column": "Notes", "use_markdown": true}, {"column": "Name", "type": "markdowntext"}, {"column": "Owner"}]})).await;
        let answer = f.server.guest().get(&f.rows(&table, "rows_per_page=3&page=1")).await.expect(200).clone();
        let cells = answer["markdown"].as_array().unwrap();
        let notes: Vec<(u64, &str)> =
            cells.iter().filter(|c| c["column"] == "Notes").map(|c| (c["row"].as_u64().unwrap(), c["html"].as_str().unwrap())).collect();
        assert_eq!(notes[0], (0, "<p><strong>bold</strong></p>\n"));
        assert_eq!(notes[1].0, 1);
        assert!(notes[1].1.contains("hi") && !notes[1].1.contains("script") && !notes[1].1.contains("alert"), "{}", notes[1].1);
        assert_eq!(notes.len(), 2, "an empty cell has no HTML, and Dan is on page 2");
        assert_eq!(cells.iter().filter(|c| c["column"] == "Name").count(), 3);
        let second = f.server.guest().get(&f.rows(&table, "rows_per_page=3&page=2")).await.expect(200).clone();
        assert_eq!(second["markdown"][0]["row"], 0, "rows are places on the page");
        let dan = second["markdown"].as_array().unwrap().iter().find(|c| c["column"] == "Notes").unwrap();
        assert_eq!(dan["html"], "<p><a rel=\"noopener noreferrer\">x</a></p>\n");
        let plain = f.server.guest().get(&format!("/api/board/{}/sheet/Sales?board=sales", f.spreadsheet_id)).await.expect(200).clone();
        assert!(plain.get("markdown").is_none() && plain.get("permissions").is_none());
    }

    async fn the_sheet_answer_reports_the_permissions_that_writes_enforce(backend) {
        let f = Fixture::new(backend).await;
        let table = f.block(json!({"type": "table", "add_new_row": "Admins", "actions": [{"type": "Edit row"}, {"type": "Delete row"}],
            "axis": [{"column": "Name", "editable": "Everyone"}, {"column": "Amount", "editable": "Admins"}]})).await;
        let guest = f.server.guest();
        let as_guest = guest.get(&f.rows(&table, "")).await.expect(200).clone();
        assert_eq!(as_guest["permissions"], json!({"append": false, "edit_columns": ["Name"], "delete": true, "duplicate": false, "actions": true}));
        let as_owner = f.ada.get(&f.rows(&table, "")).await.expect(200).clone();
        assert_eq!(as_owner["permissions"], json!({"append": true, "edit_columns": ["Name", "Amount"], "delete": true, "duplicate": false, "actions": true}));
        // The writes agree.
        let record = as_guest["rows"][0][RECORD_ID].as_str().unwrap().to_owned();
        guest.put(&format!("/api/blocks/{table}/rows/{record}"), json!({"values": {"Name": "Alicia"}})).await.expect(200);
        assert_eq!(guest.put(&format!("/api/blocks/{table}/rows/{record}"), json!({"values": {"Amount": "1"}})).await.status, 401);
        assert_eq!(guest.post(&format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "x"}})).await.status, 401);
        assert_eq!(f.ada.post(&format!("/api/blocks/{table}/rows/{record}/duplicate"), json!({})).await.status, 403);

        let hidden = f.block(json!({"type": "table", "action_button_visibility": "Admins", "actions": [{"type": "Edit row"}, {"type": "Open link"}],
            "axis": [{"column": "Name", "editable": "Everyone"}]})).await;
        let answer = guest.get(&f.rows(&hidden, "")).await.expect(200).clone();
        assert_eq!(answer["permissions"], json!({"append": false, "edit_columns": [], "delete": false, "duplicate": false, "actions": false}));
        // A form shows no rows: its own tab is not read through it (issue 45), whatever it may add.
        let form = f.block(json!({"type": "form"})).await;
        assert_eq!(guest.get(&f.rows(&form, "")).await.status, 404);
    }

    async fn states_answer_blocks_with_defaults_and_keep_action_secrets_from_viewers(backend) {
        let f = Fixture::new(backend).await;
        let block = f.block(json!({"type": "table", "rows_per_page": 25, "actions": [
            {"type": "API call", "api_endpoint": "https://api.example.com/hook", "authorization_method": "Bearer Token", "token": "s3cret"},
            {"type": "API call", "api_endpoint": "https://api.example.com/hook", "authorization_method": "Custom Header", "custom_header": "X-Key: k3y"}
        ]})).await;
        let viewer = f.server.guest().post("/api/board/update-metadata?board=sales", json!({})).await.expect(200).clone();
        let shown = viewer["blocks"].as_array().unwrap().iter().find(|b| b["id"] == block.as_str()).unwrap().clone();
        assert_eq!((shown["rows_per_page"].clone(), shown["paginate"].clone(), shown["add_new_row"].clone()), (json!(25), json!(true), json!("None")));
        assert_eq!(shown["actions"][0]["http_method"], "POST");
        assert!(!viewer.to_string().contains("s3cret") && !viewer.to_string().contains("k3y"), "{viewer}");
        let editor = f.ada.get(&format!("/api/boards/{}", f.board_id)).await.expect(200).clone();
        let edited = editor["blocks"].as_array().unwrap().iter().find(|b| b["id"] == block.as_str()).unwrap().clone();
        assert_eq!((edited["actions"][0]["token"].clone(), edited["actions"][1]["custom_header"].clone()), (json!("s3cret"), json!("X-Key: k3y")));
        assert_eq!(edited["csv_download"], false);
        // What is stored is what the owner set.
        let (stored,): (String,) = sqlx::query_as("SELECT config FROM blocks WHERE id = $1").bind(&block).fetch_one(&f.server.db().pool).await.unwrap();
        assert!(!stored.contains("paginate"), "{stored}");
    }
}
