//! Signed embed links (issue 10): a workspace's embed secret and who may read or rotate it,
//! minted tokens, what a token lets a viewer read of a private board (only through its locked
//! filters, never a write), the tokens that are refused, and `embed_origins` as the `/embed`
//! page's `frame-ancestors`.

use base64::Engine;
use serde_json::{json, Value};
use tessera_server::access::embed_token::{self, EmbedClaims};
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

fn sales() -> ImportedSheet {
    let rows = [["Alice", "North", "120"], ["Bob", "South", "80"], ["Carol", "North", "200"], ["Dan", "East", "50"]];
    ImportedSheet {
        title: "Sales".into(),
        columns: ["Name", "Region", "Amount"].map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

fn region_filter() -> Value {
    json!({"name": "Region", "active": false, "condition": "=", "sheet_column": {"sheet": "Sales", "column": "Region"}, "value": ""})
}

/// Ada's private board `sales` over Sales, with an inactive `Region` filter and a table block
/// that allows CSV download and lets everyone add rows.
struct Fixture {
    server: TestServer,
    ada: Client,
    workspace_id: String,
    board_id: String,
    spreadsheet_id: String,
    table: String,
}

impl Fixture {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        // Embedding needs a paid plan; `a_free_plan_board_is_framed_only_here_and_mints_no_token` undoes this.
        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE id = $1").bind(&ada.user().id).execute(&server.db().pool).await.unwrap();
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales()]).await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "filters": [region_filter()]}))
            .await
            .expect(200);
        let table = json!({"type": "table", "sheet_title": "Sales", "csv_download": true, "add_new_row": "Everyone"});
        let table = id(ada.post(&format!("/api/boards/{board_id}/blocks"), table).await.expect(201));
        Self { server, ada, workspace_id, board_id, spreadsheet_id, table }
    }

    /// A token minted by Ada for `board_id`, locking `filters`.
    async fn mint(&self, board_id: &str, filters: Value) -> String {
        let minted =
            self.ada.post(&format!("/api/boards/{board_id}/embed-token"), json!({"filters": filters, "expires_in_minutes": 60})).await;
        minted.expect(200)["token"].as_str().unwrap().to_owned()
    }

    async fn secret(&self) -> String {
        let secret = self.ada.get(&format!("/api/workspaces/{}/embed-secret", self.workspace_id)).await;
        secret.expect(200)["secret"].as_str().unwrap().to_owned()
    }

    fn state(&self, token: &str) -> String {
        format!("/api/board/update-metadata?board=sales&embed_token={token}")
    }

    fn rows(&self, token: &str, query: &str) -> String {
        format!("/api/board/{}/sheet/Sales?board=sales&embed_token={token}&{query}", self.spreadsheet_id)
    }
}

fn names(answer: &Value) -> Vec<&str> {
    answer["rows"].as_array().unwrap().iter().map(|row| row["Name"].as_str().unwrap()).collect()
}

/// `claims` signed with HS256 by `secret`, as an owner's own server would.
fn signed(secret: &str, claims: Value) -> String {
    let claims: EmbedClaims = serde_json::from_value(claims).unwrap();
    embed_token::sign(secret, &claims).unwrap()
}

fn claims(board_id: &str, exp: i64) -> Value {
    json!({"board": board_id, "filters": {"Region": "North"}, "exp": exp, "aud": "tessera-embed"})
}

fn now() -> i64 {
    tessera_server::infra::db::now()
}

both_databases! {
    async fn a_signed_token_shows_a_private_board_only_through_its_locked_filter(backend) {
        let f = Fixture::new(backend).await;
        let guest = f.server.guest();
        assert!(guest.get(&f.rows("", "")).await.expect(403).clone()["error"].as_str().unwrap().starts_with("Access denied"));
        guest.post(&f.state(""), json!(null)).await.expect(403);

        let minted = f.ada.post(&format!("/api/boards/{}/embed-token", f.board_id), json!({"filters": {"Region": "North"}, "expires_in_minutes": 60})).await;
        let minted = minted.expect(200).clone();
        let token = minted["token"].as_str().unwrap();
        assert_eq!(minted["url"], format!("{}/embed?board=sales&token={token}", f.server.base));
        assert!((minted["expires_at"].as_i64().unwrap() - now() - 3600).abs() <= 5);

        let state = guest.post(&f.state(token), json!(null)).await.expect(200).clone();
        assert_eq!((state["id"].as_str().unwrap(), &state["can_edit"], &state["user_role"]), (f.board_id.as_str(), &json!(false), &json!("guest")));
        assert_eq!(state["owner_email"], "");

        assert_eq!(names(guest.get(&f.rows(token, "")).await.expect(200)), ["Alice", "Carol"]);
        // The viewer's own filters narrow further, never replace or remove the locked value.
        assert_eq!(names(guest.get(&f.rows(token, "_filters=Region:South")).await.expect(200)), Vec::<&str>::new());
        assert_eq!(names(guest.get(&f.rows(token, "_filters=Region:North")).await.expect(200)), ["Alice", "Carol"]);
        assert_eq!(names(guest.get(&f.rows(token, "_filters=")).await.expect(200)), ["Alice", "Carol"]);
        assert_eq!(names(guest.get(&f.rows(token, "search=carol")).await.expect(200)), ["Carol"]);

        // Read-only: the block offers no write, and a write is refused.
        let through_block = guest.get(&f.rows(token, &format!("block={}", f.table))).await.expect(200).clone();
        assert_eq!(through_block["permissions"], json!({"append": false, "edit_columns": [], "delete": false, "duplicate": false, "actions": false}));
        let write = guest.post(&format!("/api/blocks/{}/rows?board=sales&embed_token={token}", f.table), json!({"values": {"Name": "Eve"}})).await;
        write.expect(403);

        // The CSV export the block allows and getSpreadsheetData hold only the locked rows too.
        let csv = guest.get(&format!("/api/board/{}/sheet/Sales/export.csv?board=sales&block={}&embed_token={token}&_filters=", f.spreadsheet_id, f.table)).await;
        assert_eq!(csv.status, 200, "{}", csv.text);
        assert_eq!(csv.text.trim_start_matches('\u{feff}').lines().map(|line| line.split(',').next().unwrap()).collect::<Vec<_>>(), ["Name", "Alice", "Carol"]);
        let data = guest.post(&format!("/v3/getSpreadsheetData?embed_token={token}"), json!({"params": {"board": "sales"}})).await.expect(200).clone();
        assert_eq!(names(&data["sheets"]["Sales"]), ["Alice", "Carol"]);

        // A block's computed view reads the same rows.
        let chart = json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Region", "axis": [{"column": "Amount"}]});
        let chart = id(f.ada.post(&format!("/api/boards/{}/blocks", f.board_id), chart).await.expect(201));
        let view = guest.get(&format!("/api/board/{}/view/{chart}?board=sales&embed_token={token}&_filters=", f.spreadsheet_id)).await.expect(200).clone();
        assert_eq!((view["chart"]["labels"].clone(), view["chart"]["series"][0]["data"].clone()), (json!(["North"]), json!([320.0])));

        // A token without locked filters shows every row; the owner's own reads are narrowed by it too.
        // (Named through the table: with the chart beside it, a read through no block answers
        // only the columns both show, and Name is not one of them.)
        let open = f.mint(&f.board_id, json!({})).await;
        let table = format!("block={}", f.table);
        assert_eq!(names(guest.get(&f.rows(&open, &table)).await.expect(200)), ["Alice", "Bob", "Carol", "Dan"]);
        assert_eq!(guest.get(&f.rows(&open, "")).await.expect(200)["columns"], json!(["Region", "Amount", "ChartApps Record ID"]));
        assert_eq!(names(f.ada.get(&f.rows(token, &table)).await.expect(200)), ["Alice", "Carol"]);
    }

    async fn refused_tokens_answer_403_with_their_reason(backend) {
        let f = Fixture::new(backend).await;
        let guest = f.server.guest();
        let secret = f.secret().await;
        let reason = |reply: &Reply| reply.expect(403)["error"].as_str().unwrap().to_owned();

        let other_board = id(&board(&f.ada, &f.workspace_id, "Costs").await);
        let for_other = f.mint(&other_board, json!({})).await;
        assert_eq!(reason(&guest.get(&f.rows(&for_other, "")).await), "This embed token is for another board.");
        assert_eq!(reason(&guest.post(&f.state(&for_other), json!(null)).await), "This embed token is for another board.");

        let expired = signed(&secret, claims(&f.board_id, now() - 10));
        assert!(reason(&guest.get(&f.rows(&expired, "")).await).contains("expired"));

        let encode = |json: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
        let unsigned = format!("{}.{}.", encode(r#"{"alg":"none","typ":"JWT"}"#), encode(&claims(&f.board_id, now() + 600).to_string()));
        assert!(reason(&guest.get(&f.rows(&unsigned, "")).await).contains("`none`"));
        assert!(reason(&guest.post(&f.state(&unsigned), json!(null)).await).contains("HS256"));

        let wrong_key = signed("not-the-workspace-secret-0123456789abcdef", claims(&f.board_id, now() + 600));
        assert!(reason(&guest.get(&f.rows(&wrong_key, "")).await).contains("signature does not match"));

        let mut wrong_audience = claims(&f.board_id, now() + 600);
        wrong_audience["aud"] = json!("tessera-api");
        assert!(reason(&guest.get(&f.rows(&signed(&secret, wrong_audience), "")).await).contains("tessera-embed"));

        let mut unknown_filter = claims(&f.board_id, now() + 600);
        unknown_filter["filters"] = json!({"Colour": "red"});
        assert!(reason(&guest.get(&f.rows(&signed(&secret, unknown_filter), "")).await).contains("`Colour`"));

        // A broken embed says why even where no token is needed.
        f.ada.put(&format!("/api/boards/{}", f.board_id), json!({"public": true})).await.expect(200);
        assert_eq!(names(guest.get(&f.rows("", "")).await.expect(200)), ["Alice", "Bob", "Carol", "Dan"]);
        assert!(reason(&guest.get(&f.rows(&expired, "")).await).contains("expired"));
    }

    async fn rotating_the_secret_refuses_every_older_token_at_once(backend) {
        let f = Fixture::new(backend).await;
        let guest = f.server.guest();
        let first = f.ada.get(&format!("/api/workspaces/{}/embed-secret", f.workspace_id)).await.expect(200).clone();
        let secret = first["secret"].as_str().unwrap().to_owned();
        assert_eq!(secret.len(), 64);
        assert_eq!(f.secret().await, secret, "made once, then read");

        // An owner's own server signs with the revealed secret and the documented claims.
        let own = signed(&secret, claims(&f.board_id, now() + 600));
        assert_eq!(names(guest.get(&f.rows(&own, "")).await.expect(200)), ["Alice", "Carol"]);
        let minted = f.mint(&f.board_id, json!({"Region": "North"})).await;
        guest.get(&f.rows(&minted, "")).await.expect(200);

        let rotated = f.ada.post(&format!("/api/workspaces/{}/embed-secret/rotate", f.workspace_id), json!(null)).await.expect(200).clone();
        assert_ne!(rotated["secret"], first["secret"]);
        assert!(rotated["rotated_at"].as_i64().unwrap() >= first["rotated_at"].as_i64().unwrap());
        for old in [&own, &minted] {
            assert!(guest.get(&f.rows(old, "")).await.expect(403)["error"].as_str().unwrap().contains("rotated"));
        }
        let fresh = f.mint(&f.board_id, json!({"Region": "North"})).await;
        assert_eq!(names(guest.get(&f.rows(&fresh, "")).await.expect(200)), ["Alice", "Carol"]);
    }

    async fn only_the_owner_or_an_admin_reads_or_rotates_the_secret_and_editors_mint(backend) {
        let f = Fixture::new(backend).await;
        let bob = f.server.user("Bob", "bob@example.com").await;
        let guest = f.server.guest();
        let read = format!("/api/workspaces/{}/embed-secret", f.workspace_id);
        let rotate = format!("{read}/rotate");
        bob.get(&read).await.expect(403);
        bob.post(&rotate, json!(null)).await.expect(403);
        guest.get(&read).await.expect(401);
        guest.post(&rotate, json!(null)).await.expect(401);
        f.server.admin().await.get(&read).await.expect(200);

        let mint = format!("/api/boards/{}/embed-token", f.board_id);
        let body = json!({"filters": {}, "expires_in_minutes": 60});
        guest.post(&mint, body.clone()).await.expect(401);
        bob.post(&mint, body).await.expect(403);
        for (body, field) in [
            (json!({"expires_in_minutes": 0}), "expires_in_minutes"),
            (json!({"expires_in_minutes": 525_601}), "expires_in_minutes"),
            (json!({"filters": {"Colour": "red"}, "expires_in_minutes": 60}), "filters"),
            (json!({"filters": {"Region": " "}, "expires_in_minutes": 60}), "filters"),
        ] {
            assert_eq!(f.ada.post(&mint, body).await.expect(422)["field"], field);
        }
    }

    async fn embed_origins_are_checked_and_become_the_embed_pages_frame_ancestors(backend) {
        let f = Fixture::new(backend).await;
        let settings = format!("/api/boards/{}", f.board_id);
        for bad in [json!(["shop.example.com"]), json!(["https://shop.example.com/cart"]), json!(["ftp://files.example.com"])] {
            let refused = f.ada.put(&settings, json!({"embed_origins": bad})).await;
            assert_eq!(refused.expect(422)["field"], "embed_origins");
            assert!(refused.error().contains("embed_origins"), "{}", refused.error());
        }
        let too_many: Vec<String> = (0..21).map(|i| format!("https://s{i}.example.com")).collect();
        f.ada.put(&settings, json!({"embed_origins": too_many})).await.expect(422);

        let guest = f.server.guest();
        let policy = |reply: &Reply| reply.header("content-security-policy").unwrap().to_owned();
        assert!(!policy(&guest.get("/embed?board=sales").await).contains("frame-ancestors"), "no list: any site may embed");

        let saved = f.ada.put(&settings, json!({"embed_origins": ["https://Shop.Example.com/", "http://localhost:5173"]})).await;
        assert_eq!(saved.expect(200)["embed_origins"], json!(["https://shop.example.com", "http://localhost:5173"]));
        let embed = guest.get("/embed?board=sales").await;
        assert_eq!(embed.status, 403, "the board is private and the page has no token");
        assert!(policy(&embed).ends_with("; frame-ancestors 'self' https://shop.example.com http://localhost:5173"), "{}", policy(&embed));
        assert!(!policy(&guest.get("/sales").await).contains("frame-ancestors"), "the board's own page is not the embed");
        assert!(!policy(&guest.get("/embed?board=other").await).contains("frame-ancestors"));

        f.ada.put(&settings, json!({"embed_origins": []})).await.expect(200);
        assert!(!policy(&guest.get("/embed?board=sales").await).contains("frame-ancestors"));
    }

    async fn a_free_plan_board_is_framed_only_here_and_mints_no_token(backend) {
        let f = Fixture::new(backend).await;
        let token = f.mint(&f.board_id, json!({"Region": "North"})).await;
        sqlx::query("UPDATE users SET plan_id = 'free' WHERE id = $1").bind(&f.ada.user().id).execute(&f.server.db().pool).await.unwrap();
        let settings = format!("/api/boards/{}", f.board_id);
        f.ada.put(&settings, json!({"public": true, "embed_origins": ["https://shop.example.com"]})).await.expect(200);

        let embed = f.server.guest().get("/embed?board=sales").await;
        assert_eq!(embed.status, 200);
        let policy = embed.header("content-security-policy").unwrap();
        assert!(policy.ends_with("; frame-ancestors 'self'"), "only this site may frame a free plan's board: {policy}");

        let minted = f.ada.post(&format!("/api/boards/{}/embed-token", f.board_id), json!({"filters": {}, "expires_in_minutes": 60})).await;
        assert_eq!(minted.status, 403);
        assert_eq!(minted.error(), "Embedding a board in another site needs a paid plan.");
        // A token made while the plan was paid still reads (its expiry bounds it); framing it elsewhere is what the plan gates.
        f.server.guest().post(&f.state(&token), json!(null)).await.expect(200);
    }

    async fn a_free_plan_owner_gets_no_embed_secret_to_sign_tokens_with(backend) {
        let f = Fixture::new(backend).await;
        sqlx::query("UPDATE users SET plan_id = 'free' WHERE id = $1").bind(&f.ada.user().id).execute(&f.server.db().pool).await.unwrap();
        let refusal = "Signed embed links are not part of the Free plan this workspace's owner is on: embedding needs a paid plan.";
        let read = f.ada.get(&format!("/api/workspaces/{}/embed-secret", f.workspace_id)).await;
        assert_eq!((read.status, read.error()), (403, refusal));
        let rotate = f.ada.post(&format!("/api/workspaces/{}/embed-secret/rotate", f.workspace_id), json!(null)).await;
        assert_eq!((rotate.status, rotate.error()), (403, refusal));
        // An admin reading a free owner's workspace is refused alike: the plan is the owner's.
        let admin = f.server.admin().await;
        let by_admin = admin.get(&format!("/api/workspaces/{}/embed-secret", f.workspace_id)).await;
        assert_eq!((by_admin.status, by_admin.error()), (403, refusal));

        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE id = $1").bind(&f.ada.user().id).execute(&f.server.db().pool).await.unwrap();
        assert!(!f.secret().await.is_empty(), "the paid plan has its secret");
    }
}
