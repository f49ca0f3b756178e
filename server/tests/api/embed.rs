//! `/embed?board=...` rendered on the server, read as a client without a browser reads it, and
//! the marketplace preview image (`/api/boards/{boardId}/preview.svg`): what a guest sees is in
//! the HTML (rows, scorecard values, markdown, charts as SVG), sheet values come out escaped, a
//! private board is refused, and writes show in the next answer.

use serde_json::{json, Value};
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

const HOSTILE_SCRIPT: &str = "<script>alert(1)</script>";
const HOSTILE_IMAGE: &str = "<img src=x onerror=alert(1)>";

fn sales() -> ImportedSheet {
    let rows = [
        ["Alice", "North", "120", HOSTILE_SCRIPT],
        ["Bob", "South", "80", HOSTILE_IMAGE],
        ["Carol", "North", "200", "\" onmouseover=\"alert(1)"],
    ];
    ImportedSheet {
        title: "Sales".into(),
        columns: ["Name", "Region", "Amount", "Notes"].map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

/// Ada's board `sales` over the Sales tab, public unless told otherwise.
struct Fixture {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
}

impl Fixture {
    async fn new(backend: Backend, public: bool) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales()]).await;
        ada.put(
            &format!("/api/boards/{board_id}"),
            json!({"spreadsheetId": spreadsheet_id, "public": public, "title": "Sales <overview>"}),
        )
        .await
        .expect(200);
        Self { server, ada, board_id, spreadsheet_id }
    }

    async fn block(&self, mut config: Value) -> String {
        config["sheet_title"] = json!("Sales");
        id(self.ada.post(&format!("/api/boards/{}/blocks", self.board_id), config).await.expect(201))
    }

    /// The usual board: a table, a scorecard, a markdown text and a chart.
    async fn blocks(&self) -> Blocks {
        Blocks {
            table: self
                .block(json!({"type": "table", "title": "Deals", "add_new_row": "Admins",
                    "axis": [{"column": "Name", "editable": "Admins"}, {"column": "Region", "editable": "Admins"}, {"column": "Notes", "editable": "Admins"}]}))
                .await,
            scorecard: self.block(json!({"type": "scorecard", "title": "Total", "axis": [{"source": {"column": "Amount"}, "label": "Amount sum"}]})).await,
            markdown: self.block(json!({"type": "markdown", "title": "About", "text": "Deals **closed** this <em onclick=\"x\">quarter</em>"})).await,
            chart: self.block(json!({"type": "chart", "title": "By region", "x_axis": "Region", "axis": [{"column": "Amount", "type": "bar"}]})).await,
        }
    }

    async fn embed(&self, client: &Client) -> Reply {
        client.get("/embed?board=sales").await
    }

    fn preview(&self) -> String {
        format!("/api/boards/{}/preview.svg", self.board_id)
    }
}

struct Blocks {
    table: String,
    scorecard: String,
    markdown: String,
    chart: String,
}

/// The server-rendered part of a page: from `<div id="ssr-embed"` to the app's root.
fn ssr(html: &str) -> &str {
    let start = html.find("<div id=\"ssr-embed\"").unwrap_or_else(|| panic!("no server-rendered board in {html}"));
    let end = html.find("<div id=\"root\"").expect("the app's root follows");
    assert!(start < end, "the rendered board comes before the app's root");
    &html[start..end]
}

both_databases! {
    async fn an_embed_holds_the_board_a_guest_sees_before_any_script_runs(backend) {
        let fixture = Fixture::new(backend, true).await;
        let blocks = fixture.blocks().await;
        let guest = fixture.server.guest();
        let reply = fixture.embed(&guest).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert!(reply.header("content-type").unwrap().starts_with("text/html"));
        assert!(reply.header("content-security-policy").unwrap().contains("script-src 'self'"));
        let html = &reply.text;
        assert!(html.contains("<title>Sales &lt;overview&gt;</title>"), "the page is titled by the board: {html}");
        assert!(html.contains("<style id=\"ssr-embed-style\">"), "its styles are inlined");
        let board = ssr(html);
        assert!(board.contains("<h1>Sales &lt;overview&gt;</h1>"));
        for name in ["Alice", "Bob", "Carol"] {
            assert!(board.contains(&format!("<td style=\"\">{name}</td>")), "{name} is a row of the table: {board}");
        }
        assert!(board.contains("<th scope=\"col\">Region</th>"));
        let cards = fixture.server.guest().get(&format!("/api/board/{}/view/{}?board=sales", fixture.spreadsheet_id, blocks.scorecard)).await;
        let value = cards.expect(200)["cards"][0]["formatted"].as_str().unwrap().to_owned();
        assert_eq!(value, "$400");
        assert!(board.contains(&format!("<p class=\"ssr-card-value\">{value}</p>")), "the scorecard's value: {board}");
        assert!(board.contains("Deals <strong>closed</strong> this <em>quarter</em>"), "markdown rendered and sanitised: {board}");
        let chart = &board[board.find(&format!("data-block=\"{}\"", blocks.chart)).unwrap()..];
        assert!(chart.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 300\" class=\"ssr-chart-svg\" role=\"img\"><title>By region</title>"), "{chart}");
        assert!(chart.contains(">North</text>") && chart.contains(">South</text>") && chart.contains("<rect"), "{chart}");
        assert!(board.contains(&format!("data-block=\"{}\"", blocks.table)) && board.contains(&format!("data-block=\"{}\"", blocks.markdown)));
    }

    async fn hostile_sheet_values_come_out_as_inert_text(backend) {
        let fixture = Fixture::new(backend, true).await;
        fixture.blocks().await;
        let reply = fixture.embed(&fixture.server.guest()).await;
        let board = ssr(&reply.text);
        assert!(!board.contains(HOSTILE_SCRIPT) && !board.contains("<script"), "{board}");
        assert!(!board.contains(HOSTILE_IMAGE) && !board.contains("<img src=x"), "{board}");
        assert!(!board.contains("\" onmouseover=") && !board.contains("onclick"), "{board}");
        assert!(board.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(board.contains("&lt;img src=x onerror=alert(1)&gt;"));
        assert!(board.contains("&quot; onmouseover=&quot;alert(1)"));
    }

    async fn a_private_board_is_not_embedded_for_a_guest(backend) {
        let fixture = Fixture::new(backend, false).await;
        fixture.blocks().await;
        let refused = fixture.embed(&fixture.server.guest()).await;
        assert_eq!(refused.status, 403);
        assert!(refused.text.contains("<div id=\"root\"></div>"), "the app shows its Access Denied screen: {}", refused.text);
        assert!(!refused.text.contains("ssr-embed") && !refused.text.contains("Alice"), "{}", refused.text);
        let stranger = fixture.server.user("Sam", "sam@example.com").await;
        assert_eq!(fixture.embed(&stranger).await.status, 403);
        // Its owner gets the app, which draws the board from her own calls; never server-drawn rows.
        let own = fixture.embed(&fixture.ada).await;
        assert_eq!(own.status, 200);
        assert!(!own.text.contains("ssr-embed") && !own.text.contains("Alice"));
        let missing = fixture.server.guest().get("/embed?board=nothing-here").await;
        assert_eq!(missing.status, 404);
        // Without a board it is the app's route like any other, which says what is missing.
        let bare = fixture.server.guest().get("/embed").await;
        assert_eq!(bare.status, 200);
        assert!(!bare.text.contains("ssr-embed"));
    }

    async fn a_sheet_write_or_a_block_change_shows_in_the_next_embed(backend) {
        let fixture = Fixture::new(backend, true).await;
        let blocks = fixture.blocks().await;
        let guest = fixture.server.guest();
        let first = fixture.embed(&guest).await.text;
        assert!(!first.contains("Zed"));
        assert_eq!(fixture.embed(&guest).await.text, first, "the same data, the same page");

        let added = fixture.ada.post(&format!("/api/blocks/{}/rows", blocks.table), json!({"values": {"Name": "Zed", "Region": "East"}})).await;
        added.expect(201);
        let after_write = fixture.embed(&guest).await.text;
        assert!(ssr(&after_write).contains("<td style=\"\">Zed</td>"), "the new row: {after_write}");
        assert!(ssr(&after_write).contains(">East</text>"), "the chart counts it too");

        fixture.ada.put(&format!("/api/blocks/{}", blocks.markdown), json!({"type": "markdown", "title": "Renamed", "text": "New *text*"})).await.expect(200);
        let after_change = fixture.embed(&guest).await.text;
        assert!(ssr(&after_change).contains(">Renamed</h2>") && ssr(&after_change).contains("New <em>text</em>"), "{after_change}");

        fixture.ada.put(&format!("/api/boards/{}", fixture.board_id), json!({"title": "Sales 2026"})).await.expect(200);
        assert!(fixture.embed(&guest).await.text.contains("<title>Sales 2026</title>"));
    }

    async fn an_embed_writes_its_values_in_the_language_the_browser_asks_for(backend) {
        let fixture = Fixture::new(backend, true).await;
        fixture
            .block(json!({"type": "table", "title": "Amounts", "axis": [{"column": "Name"}, {"column": "Amount", "format": "Number", "decimals": 2}]}))
            .await;
        let in_language = |language: &'static str| {
            let request = fixture.server.guest().request(reqwest::Method::GET, "/embed?board=sales").header("Accept-Language", language);
            async move { Client::finish(request).await.text }
        };
        let english = in_language("en-US,en;q=0.9").await;
        assert!(ssr(&english).contains(">120.00</td>"), "{english}");
        let german = in_language("de-DE,de;q=0.9,en;q=0.8").await;
        assert!(ssr(&german).contains(">120,00</td>"), "a German browser's page is written in German: {german}");
        let austrian = in_language("de-AT").await;
        assert_eq!(ssr(&austrian), ssr(&german), "tags of one locale share a page");
        // Without the header, as the app's own call with an unknown language, en-US.
        assert!(ssr(&fixture.embed(&fixture.server.guest()).await.text).contains(">120.00</td>"));
    }

    async fn the_preview_shows_what_a_guest_sees_to_whoever_may_fetch_it(backend) {
        let fixture = Fixture::new(backend, true).await;
        fixture.blocks().await;
        let region = json!({"name": "Region", "active": true, "condition": "=", "sheet_column": {"sheet": "Sales", "column": "Region"}, "value": "North"});
        fixture.ada.put(&format!("/api/boards/{}", fixture.board_id), json!({"filters": [region]})).await.expect(200);

        let public = fixture.server.guest().get(&fixture.preview()).await;
        assert_eq!(public.status, 200, "{}", public.text);
        assert_eq!(public.header("content-type"), Some("image/svg+xml; charset=utf-8"));
        assert_eq!(public.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(public.header("content-security-policy"), Some("default-src 'none'; style-src 'unsafe-inline'"));
        let svg = &public.text;
        assert!(svg.contains("width=\"1200\" height=\"630\""), "{svg}");
        assert!(svg.contains("<title>Sales &lt;overview&gt;</title>") && svg.contains(">Deals</text>") && svg.contains(">By region</text>"));
        assert!(svg.contains("Alice") && svg.contains("Carol") && svg.contains(">$320</text>"), "the filtered rows and total: {svg}");
        assert!(!svg.contains("Bob") && !svg.contains("South"), "a row outside the board's filter never shows: {svg}");
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains(">Deals closed this quarter</text>"), "a text's words, without its markup: {svg}");
        assert!(svg.matches("<svg").count() >= 2, "the chart is drawn in: {svg}");

        fixture.ada.put(&format!("/api/boards/{}", fixture.board_id), json!({"public": false})).await.expect(200);
        assert_eq!(fixture.server.guest().get(&fixture.preview()).await.status, 403);
        let stranger = fixture.server.user("Sam", "sam@example.com").await;
        assert_eq!(stranger.get(&fixture.preview()).await.status, 403);
        let own = fixture.ada.get(&fixture.preview()).await;
        assert_eq!(own.status, 200);
        assert!(own.text.contains("Alice") && !own.text.contains("Bob"), "the owner's preview is a guest's view: {}", own.text);
        assert_eq!(fixture.server.guest().get("/api/boards/no-such-board/preview.svg").await.status, 404);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_preview_is_in_the_openapi_document() {
    let server = TestServer::start(Backend::Sqlite).await;
    let document = server.guest().get("/api/openapi.json").await;
    let path = &document.expect(200)["paths"]["/api/boards/{boardId}/preview.svg"]["get"];
    assert_eq!(path["responses"]["200"]["content"]["image/svg+xml"]["schema"]["type"], "string", "{path}");
}
