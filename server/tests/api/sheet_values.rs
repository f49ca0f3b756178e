//! The distinct-values call of a filter chip (issue 48, `server/src/http/api/sheet_values.rs`):
//! a column's values with their row counts, only over the rows and columns the caller may read
//! at the place, searched and capped.

use serde_json::{json, Value};

use crate::apps::{id, invite};
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::templates::tab;
use crate::workspaces::workspace;

/// Orders: who placed each, where, and a private note; Salaries: a tab no block reads.
fn orders() -> Vec<tessera_server::sheets::ImportedSheet> {
    vec![
        tab(
            "Orders",
            &["Name", "Region", "Email", "Note"],
            &[
                &["Ann", "North", "ann@example.com", "ann-secret"],
                &["Bob", "south", "bob@example.com", "bob-secret"],
                &["Cy", " north", "ann@example.com", "cy-secret"],
                &["Di", "", "bob@example.com", "di-secret"],
                &["Ed", "South", "bob@example.com", "ed-secret"],
                &["Fe", "East", "ann@example.com", "fe-secret"],
                &["Gus", "North", "gus@example.com", "gus-secret"],
            ],
        ),
        tab("Salaries", &["Name", "Salary"], &[&["Ann", "90000"]]),
    ]
}

/// `(value, count)` pairs of an answer.
fn pairs(answer: &Value) -> Vec<(String, u64)> {
    let values = answer["values"].as_array().unwrap_or_else(|| panic!("no values: {answer}"));
    values.iter().map(|v| (v["value"].as_str().unwrap().to_owned(), v["count"].as_u64().unwrap())).collect()
}

fn owned(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
    pairs.iter().map(|(value, count)| ((*value).to_owned(), *count)).collect()
}

/// Ada's board `orders` over a fresh spreadsheet, public or not, with a table of Orders that
/// shows Name and Region (the Note column hidden) to everyone.
struct Board {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
    table: String,
}

impl Board {
    async fn new(backend: Backend, public: bool) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Orders").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, orders()).await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "public": public})).await.expect(200);
        let table = json!({"type": "table", "sheet_title": "Orders",
            "axis": [{"column": "Name"}, {"column": "Region"}, {"column": "Note", "hidden": true}]});
        let table = id(ada.post(&format!("/api/boards/{board_id}/blocks"), table).await.expect(201));
        Self { server, ada, board_id, spreadsheet_id, table }
    }

    fn values(&self, tab: &str, query: &str) -> String {
        format!("/api/board/{}/sheet/{tab}/values?board=orders&{query}", self.spreadsheet_id)
    }
}

both_databases! {
    async fn an_owner_gets_each_value_of_a_column_with_its_row_count_most_rows_first(backend) {
        let b = Board::new(backend, false).await;
        let answer = b.ada.get(&b.values("Orders", "column=Region")).await.expect(200).clone();
        // Cells compared trimmed and without case; the empty cell is no value to pick.
        assert_eq!(pairs(&answer), owned(&[("North", 3), ("south", 2), ("East", 1)]));
        assert_eq!((answer["distinct"].as_u64(), answer["more"].as_bool()), (Some(3), Some(false)));
        assert!(answer["version"].is_i64(), "{answer}");
        // The owner reads every column and every tab, the hidden note included.
        assert_eq!(pairs(b.ada.get(&b.values("Orders", "column=Note&q=ann")).await.expect(200)), owned(&[("ann-secret", 1)]));
        assert_eq!(pairs(b.ada.get(&b.values("Salaries", "column=Salary")).await.expect(200)), owned(&[("90000", 1)]));
        // A private board answers nobody else.
        assert_eq!(b.server.guest().get(&b.values("Orders", "column=Region")).await.status, 403);

        // The place's active filters narrow the rows counted, and a viewer's URL filter only narrows further.
        let region = |value: &str, active: bool| json!({"name": "Region", "active": active, "condition": "any_of",
            "sheet_column": {"sheet": "Orders", "column": "Region"}, "value": value});
        b.ada.put(&format!("/api/boards/{}", b.board_id), json!({"filters": [region("North||East", true)]})).await.expect(200);
        assert_eq!(pairs(b.ada.get(&b.values("Orders", "column=Name&limit=10")).await.expect(200)),
            owned(&[("Ann", 1), ("Cy", 1), ("Fe", 1), ("Gus", 1)]));
        assert_eq!(pairs(b.ada.get(&b.values("Orders", "column=Name&_filters=Region:East")).await.expect(200)), owned(&[("Fe", 1)]));
    }

    async fn a_read_user_limited_to_their_own_rows_gets_only_the_values_of_their_rows(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = crate::apps::app(&ada, "crm").await;
        let app_id = id(&app);
        let workspace_id = app["workspace_id"].as_str().unwrap().to_owned();
        let spreadsheet_id = spreadsheet(&server, &workspace_id, orders()).await;
        ada.put(&format!("/api/apps/{app_id}"), json!({"spreadsheetId": spreadsheet_id})).await.expect(200);
        let page_id = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let mine = json!({"type": "table", "sheet_title": "Orders", "axis": [{"column": "Name"}, {"column": "Region"}],
            "conditional_filter": {"select_column": "Email", "condition": "Is", "filter_by": "Logged in user"}});
        let table = id(ada.post(&format!("/api/apps/{app_id}/pages/{page_id}/blocks"), mine).await.expect(201));
        let ann = server.user("Ann", "ann@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        invite(&ada, &app_id, "Ann", "ann@example.com", "read").await;
        invite(&ada, &app_id, "Bob", "bob@example.com", "read").await;
        let values = |query: &str| format!("/v3/api/page/sheet/Orders/values?app_id={app_id}&board=&{query}");

        assert_eq!(pairs(ann.get(&values("column=Name")).await.expect(200)), owned(&[("Ann", 1), ("Cy", 1), ("Fe", 1)]));
        assert_eq!(pairs(ann.get(&values("column=Region")).await.expect(200)), owned(&[("North", 2), ("East", 1)]));
        assert_eq!(pairs(bob.get(&values(&format!("column=Region&block={table}"))).await.expect(200)), owned(&[("south", 2)]));
        // Claiming another's e-mail or asking through a URL filter changes nothing.
        assert_eq!(pairs(bob.get(&values("column=Name&_email=ann@example.com")).await.expect(200)), owned(&[("Bob", 1), ("Di", 1), ("Ed", 1)]));
        // A column the page does not show answers as a missing one; a tab no block reads as a missing tab.
        let hidden = bob.get(&values("column=Note")).await;
        let missing = bob.get(&values("column=Colour")).await;
        assert_eq!((hidden.status, missing.status), (422, 422), "{}", hidden.text);
        assert_eq!(hidden.error().replace("Note", "X"), missing.error().replace("Colour", "X"));
        assert!(!hidden.text.contains("secret"), "{}", hidden.text);
        let salaries = bob.get(&format!("/v3/api/page/sheet/Salaries/values?app_id={app_id}&board=&column=Salary")).await;
        let nowhere = bob.get(&format!("/v3/api/page/sheet/Nowhere/values?app_id={app_id}&board=&column=Salary")).await;
        assert_eq!((salaries.status, nowhere.status), (404, 404));
        assert_eq!(salaries.error().replace("Salaries", "Nowhere"), nowhere.error());
        // Someone the app does not know gets nothing of a private app; the owner gets every row.
        assert_eq!(server.guest().get(&values("column=Name")).await.status, 403);
        assert_eq!(pairs(ada.get(&values("column=Region")).await.expect(200)), owned(&[("North", 3), ("south", 2), ("East", 1)]));
    }

    async fn a_guest_of_a_public_board_gets_nothing_of_a_tab_or_column_the_board_does_not_show(backend) {
        let b = Board::new(backend, true).await;
        let guest = b.server.guest();
        assert_eq!(pairs(guest.get(&b.values("Orders", "column=Region")).await.expect(200)), owned(&[("North", 3), ("south", 2), ("East", 1)]));
        let through_table = guest.get(&b.values("Orders", &format!("column=name&block={}", b.table))).await.expect(200).clone();
        assert_eq!(through_table["distinct"], 7);
        for column in ["Note", "Email", "chartmat_row_index"] {
            let hidden = guest.get(&b.values("Orders", &format!("column={column}"))).await;
            assert_eq!(hidden.status, 422, "{column}: {}", hidden.text);
            assert_eq!(hidden.error(), format!("column `{column}` does not exist in this sheet"));
        }
        for column in ["Note", "Email"] {
            let searched = guest.get(&b.values("Orders", &format!("column={column}&q=secret"))).await;
            assert!(!searched.text.contains("secret") && !searched.text.contains("@"), "{}", searched.text);
        }
        let salaries = guest.get(&b.values("Salaries", "column=Salary")).await;
        let nowhere = guest.get(&b.values("Nowhere", "column=Salary")).await;
        assert_eq!((salaries.status, nowhere.status), (404, 404));
        assert_eq!(salaries.error().replace("Salaries", "Nowhere"), nowhere.error());
        // Naming another board's spreadsheet, or a block of another board, reads nothing here.
        let other = spreadsheet(&b.server, &workspace(&b.ada, "other").await, orders()).await;
        let wrong = guest.get(&format!("/api/board/{other}/sheet/Orders/values?board=orders&column=Region")).await;
        assert_eq!(wrong.status, 404, "{}", wrong.text);
        assert_eq!(guest.get(&b.values("Orders", "column=Region&block=nope")).await.status, 404);

        // A board filter on a column no block shows opens only that column's values, and only of the rows shown.
        let by_email = json!({"name": "Who", "active": true, "condition": "=", "sheet_column": {"sheet": "Orders", "column": "Email"}, "value": "bob@example.com"});
        b.ada.put(&format!("/api/boards/{}", b.board_id), json!({"filters": [by_email]})).await.expect(200);
        assert_eq!(pairs(guest.get(&b.values("Orders", "column=Email")).await.expect(200)), owned(&[("bob@example.com", 3)]));
        assert_eq!(pairs(guest.get(&b.values("Orders", "column=Name")).await.expect(200)), owned(&[("Bob", 1), ("Di", 1), ("Ed", 1)]));
    }

    async fn a_search_narrows_the_values_and_a_limit_caps_them(backend) {
        let b = Board::new(backend, true).await;
        let guest = b.server.guest();
        let searched = guest.get(&b.values("Orders", "column=Region&q=%20NOR")).await.expect(200).clone();
        assert_eq!(pairs(&searched), owned(&[("North", 3)]));
        assert_eq!((searched["distinct"].as_u64(), searched["more"].as_bool()), (Some(1), Some(false)));
        let capped = guest.get(&b.values("Orders", "column=Name&limit=2")).await.expect(200).clone();
        assert_eq!(pairs(&capped), owned(&[("Ann", 1), ("Bob", 1)]));
        assert_eq!((capped["distinct"].as_u64(), capped["more"].as_bool()), (Some(7), Some(true)));
        let both = guest.get(&b.values("Orders", "column=Name&q=u&limit=1")).await.expect(200).clone();
        assert_eq!((pairs(&both), both["distinct"].as_u64(), both["more"].as_bool()), (owned(&[("Gus", 1)]), Some(1), Some(false)));
        for bad in ["column=Name&limit=0", "column=Name&limit=1001", "column=Name&limit=many"] {
            let refused = guest.get(&b.values("Orders", bad)).await;
            assert_eq!((refused.status, refused.json["field"].as_str().map(str::to_owned)), (422, Some("limit".to_owned())), "{bad}: {}", refused.text);
        }
        let unnamed = guest.get(&b.values("Orders", "q=x")).await;
        assert_eq!((unnamed.status, unnamed.json["field"].as_str().map(str::to_owned)), (422, Some("column".to_owned())), "{}", unnamed.text);
    }
}
