//! Pages: `GET /api/pages/{appId}`, `GET /api/page/{slug}` and `POST /api/page/update-metadata`
//! of platform §7 (the app named by query or by host), and the page editing calls.

use reqwest::Method;
use serde_json::{json, Value};

use crate::apps::{app, id, invite, public_app, rita};
use crate::both_databases;
use crate::support::*;
use tessera_server::accounts::roles as access;

async fn add_page(owner: &Client, app_id: &str, body: Value) -> Value {
    owner.post(&format!("/api/apps/{app_id}/pages"), body).await.expect(201)["page"].clone()
}

async fn add_block(server: &TestServer, page_id: &str, block_id: &str, position: i64) {
    sqlx::query("INSERT INTO blocks (id, page_id, position, block_type, config, created_at, updated_at) VALUES ($1, $2, $3, 'chart', '{\"sheet_title\":\"Sales\",\"axis\":\"x\"}', 1, 1)")
        .bind(block_id)
        .bind(page_id)
        .bind(position)
        .execute(&server.db().pool)
        .await
        .unwrap();
}

/// A page-state request with an explicit `Host` header.
async fn get_with_host(client: &Client, path: &str, host: &str) -> Reply {
    Client::finish(client.request(Method::GET, path).header("Host", host)).await
}

fn slugs(list: &Value) -> Vec<&str> {
    list["pages"].as_array().unwrap().iter().map(|page| page["page_slug"].as_str().unwrap()).collect()
}

both_databases! {
    async fn pages_are_listed_in_order_and_the_home_page_is_named(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let about = add_page(&ada, &app_id, json!({"page_name": "About"})).await;
        let contact = add_page(&ada, &app_id, json!({"page_name": "Contact", "page_slug": "reach-us"})).await;
        assert_eq!((&about["position"], &contact["position"]), (&json!(1), &json!(2)));

        let list = server.guest().get(&format!("/api/pages/{app_id}?board=&referer=&_id=&_email=&_filters=")).await;
        let list = list.expect(200);
        assert_eq!(slugs(list), ["", "about", "reach-us"]);
        let home_id = list["pages"][0]["id"].clone();
        assert_eq!(list["home_page_id"], home_id);

        let ids = json!([id(&contact), home_id, id(&about)]);
        let reordered = ada.put(&format!("/api/apps/{app_id}/pages/order"), json!({"ids": ids})).await;
        let reordered = reordered.expect(200);
        assert_eq!(slugs(reordered), ["reach-us", "", "about"]);
        // The home page is the home-typed one without slug, not the first.
        assert_eq!(reordered["home_page_id"], home_id);
        assert_eq!(slugs(ada.get(&format!("/api/pages/{app_id}")).await.expect(200)), ["reach-us", "", "about"]);

        // Without a home-typed page, the first page is the home page.
        sqlx::query("UPDATE pages SET page_type = 'page' WHERE app_id = $1").bind(&app_id).execute(&server.db().pool).await.unwrap();
        assert_eq!(ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"], id(&contact).as_str());

        let order = format!("/api/apps/{app_id}/pages/order");
        for bad in [json!([id(&contact), id(&about)]), json!([id(&contact), id(&about), id(&about)]), json!([id(&contact), id(&about), "other"])] {
            let refused = ada.put(&order, json!({"ids": bad})).await;
            assert_eq!((refused.status, refused.json["field"].as_str()), (422, Some("ids")), "{bad}");
        }
        let reader = rita(&server, &ada, &app_id, "read-write").await;
        assert_eq!(reader.put(&order, json!({"ids": ids})).await.status, 403);
        assert_eq!(server.guest().get("/api/pages/unknown").await.status, 404);
    }

    async fn a_page_that_shows_one_record_is_marked_so_the_generated_navigation_leaves_it_out(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let order = add_page(&ada, &app_id, json!({"page_name": "Order", "page_slug": "order"})).await;
        let about = add_page(&ada, &app_id, json!({"page_name": "About"})).await;
        let added = ada.post(&format!("/api/apps/{app_id}/pages/{}/blocks", id(&order)), json!({"type": "itemDetails", "title": "Order"})).await;
        added.expect(201);
        add_block(&server, &id(&about), "chart", 0).await;
        let list = server.guest().get(&format!("/api/pages/{app_id}")).await;
        let marked: Vec<(&str, bool)> = list.expect(200)["pages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|page| (page["page_slug"].as_str().unwrap(), page["record_page"].as_bool().unwrap()))
            .collect();
        assert_eq!(marked, [("", false), ("order", true), ("about", false)]);
    }

    async fn a_private_app_lists_its_pages_only_to_those_with_rights(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let path = format!("/api/pages/{app_id}");
        let carl = server.user("Carl", "carl@example.com").await;
        crate::workspaces::workspace(&carl, "carl-space").await;
        for client in [&server.guest(), &server.user("Sam", "sam@example.com").await, &carl] {
            let denied = client.get(&path).await;
            assert_eq!(denied.status, 403);
            assert!(denied.text.contains("Access denied"));
        }
        let reader = rita(&server, &ada, &app_id, "read").await;
        assert_eq!(reader.get(&path).await.expect(200)["pages"].as_array().unwrap().len(), 1);
        server.admin().await.get(&path).await.expect(200);
    }

    async fn a_page_is_found_by_slug_for_the_app_named_by_query_or_host(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let sales = public_app(&ada, "sales-app").await;
        let app_id = id(&sales);
        let about = add_page(&ada, &app_id, json!({"page_name": "About"})).await;
        add_block(&server, &id(&about), "second", 1).await;
        add_block(&server, &id(&about), "first", 0).await;
        let guest = server.guest();

        let state = guest.get(&format!("/api/page/about?app_id={app_id}&board=about")).await;
        let state = state.expect(200);
        // Blocks come normalised: the catalogue's defaults filled in, a series list it cannot read
        // dropped to none, and a chart without its x axis marked a draft.
        let blocks = ["first", "second"].map(|id| json!({
            "id": id, "type": "chart", "sheet_title": "Sales", "axis": [], "legendPosition": "top", "grid": "X & Y", "pdf_download": true,
            "x_bucket": "Automatic", "category_order": "As in the sheet", "empty_categories": "Show as (empty)",
            "temp_block": true, "showScaleLabel": false, "stackAxis": false, "Data_Format": false, "beginAtZero": false,
            "CustomStepSize": false, "show_details_on_click": false, "full_width": false, "width": "Half"
        }));
        let expected = json!({
            "name": "Sales", "app_id": app_id, "page_id": id(&about), "page_name": "About", "page_slug": "about", "page_type": "page",
            "search": "", "filters": [], "title": "", "nav_background": "#161819", "sign_in_method": "", "page_background": "#FAFAFA",
            "block_border": "#e7ebf3", "block_shadow": "#ebeff3", "palette": [], "hero_background": "#161819", "public": true,
            "spreadsheetId": null, "sheets": [], "users": [], "owner_email": "", "can_edit": false, "user_role": "guest", "page": "view",
            "app_header": null, "app_footer": null, "blocks": blocks, "accent_color": "#4f46E5", "look": "light",
        });
        assert_eq!(state, &expected);

        assert_eq!(guest.get("/api/page/about?app=sales-app").await.expect(200)["page_id"], about["id"]);
        let port = server.base.rsplit(':').next().unwrap().to_owned();
        let by_host = get_with_host(&guest, "/api/page/about", &format!("sales-app.localhost:{port}")).await;
        assert_eq!(by_host.expect(200)["page_id"], about["id"]);
        let home = get_with_host(&guest, "/api/page/", &format!("Sales-App.localhost:{port}")).await;
        assert_eq!(home.expect(200)["page_type"], "home");
        assert_eq!(guest.get(&format!("/api/page/?app_id={app_id}")).await.expect(200)["page_slug"], "");

        // No app named: `www` and bare hosts carry no sub-domain.
        for host in [format!("www.localhost:{port}"), format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
            let unnamed = get_with_host(&guest, "/api/page/about", &host).await;
            assert_eq!(unnamed.status, 404, "{host}");
            assert!(unnamed.error().contains("Which app?"));
        }
        assert_eq!(get_with_host(&guest, "/api/page/about", &format!("other-app.localhost:{port}")).await.status, 404);
        let missing = guest.get("/api/page/nothing-here?app=sales-app").await;
        assert_eq!((missing.status, missing.error()), (404, "Page not found"));

        // The owner's view of the same page.
        let mine = ada.get("/api/page/about?app=sales-app").await;
        let mine = mine.expect(200);
        assert_eq!((&mine["can_edit"], &mine["user_role"], &mine["owner_email"]), (&json!(true), &json!("owner"), &json!("ada@example.com")));
    }

    async fn update_metadata_answers_the_page_at_board_for_the_session(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let about = add_page(&ada, &app_id, json!({"page_name": "About"})).await;
        ada.put(&format!("/api/apps/{app_id}/pages/{}", id(&about)), json!({"title": "About us", "nav_background": "#123"})).await.expect(200);
        let reader = rita(&server, &ada, &app_id, "read").await;

        let owner = ada.post("/api/page/update-metadata?board=about/team&app=sales-app&referer=x&_email=rita@example.com", json!({})).await;
        let owner = owner.expect(200);
        assert_eq!((&owner["page_id"], &owner["title"], &owner["nav_background"]), (&about["id"], &json!("About us"), &json!("#123")));
        assert_eq!((&owner["can_edit"], &owner["user_role"], &owner["owner_email"]), (&json!(true), &json!("owner"), &json!("ada@example.com")));
        assert_eq!(owner["users"][0]["email"], "rita@example.com");
        assert_eq!(owner["public"], false);

        let read = reader.post(&format!("/api/page/update-metadata?board=about&app_id={app_id}"), json!({})).await;
        let read = read.expect(200);
        assert_eq!((&read["can_edit"], &read["user_role"], &read["owner_email"]), (&json!(false), &json!("read"), &json!("ada@example.com")));
        assert_eq!(read["users"], json!([]));

        let home = reader.post("/api/page/update-metadata?app=sales-app", json!({})).await;
        assert_eq!(home.expect(200)["page_type"], "home");

        // The session decides, never `_email`.
        let guest = server.guest().post("/api/page/update-metadata?board=about&app=sales-app&_email=ada@example.com", json!({})).await;
        assert_eq!(guest.status, 403);
        assert!(guest.text.contains("Access denied"));
        let stranger = server.user("Sam", "sam@example.com").await;
        assert_eq!(stranger.post("/api/page/update-metadata?board=about&app=sales-app", json!({})).await.status, 403);
        let by_slug = server.guest().get("/api/page/about?app=sales-app").await;
        assert!(by_slug.status == 403 && by_slug.text.contains("Access denied"));
    }

    async fn owners_add_rename_restyle_and_delete_pages(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let pages = format!("/api/apps/{app_id}/pages");

        let team = add_page(&ada, &app_id, json!({"page_name": " Team & Culture! "})).await;
        assert_eq!((&team["page_name"], &team["page_slug"], &team["page_type"]), (&json!("Team & Culture!"), &json!("team-culture"), &json!("page")));
        let clash = ada.post(&pages, json!({"page_name": "Other", "page_slug": "Team-Culture"})).await;
        assert_eq!(clash.status, 409);
        assert!(clash.error().contains("already has a page with the slug `team-culture`"), "{}", clash.text);
        for (body, field) in [
            (json!({"page_name": "x", "page_slug": "bad slug"}), "page_slug"),
            (json!({"page_name": "x", "page_slug": "-x"}), "page_slug"),
            (json!({"page_name": "!!!"}), "page_slug"),
            (json!({"page_name": "  "}), "page_name"),
            (json!({"page_name": "x", "slug": "x"}), "slug"),
        ] {
            let refused = ada.post(&pages, body.clone()).await;
            assert_eq!((refused.status, refused.json["field"].as_str()), (422, Some(field)), "{body}: {}", refused.text);
        }

        let page = format!("{pages}/{}", id(&team));
        let style = json!({
            "page_name": "Team", "page_slug": "team", "page_background": "#fff", "block_border": "#e7ebf3aa", "block_shadow": "#ABCDEF",
            "nav_background": "#000", "hero_background": "#111111", "title": "Our team", "palette": ["#f00", "#00ff00"],
            "filters": [{"name": "Region", "active": true, "condition": "=", "sheet_column": {"sheet": "S", "column": "Region"}, "value": "EU"}],
            "search": "north, south", "sign_in_method": "link"
        });
        let changed = ada.put(&page, style).await;
        let changed = changed.expect(200);
        assert_eq!((&changed["page"]["page_name"], &changed["page"]["page_slug"]), (&json!("Team"), &json!("team")));
        assert_eq!(changed["settings"]["block_border"], "#e7ebf3aa");
        assert_eq!(changed["settings"]["filters"][0]["value"], "EU");
        let state = ada.get("/api/page/team?app=sales-app").await;
        let state = state.expect(200);
        assert_eq!((&state["title"], &state["palette"], &state["search"]), (&json!("Our team"), &json!(["#f00", "#00ff00"]), &json!("north, south")));
        // A later change keeps what it does not name.
        ada.put(&page, json!({"title": "Team!"})).await.expect(200);
        assert_eq!(ada.get("/api/page/team?app=sales-app").await.expect(200)["page_background"], "#fff");

        for (body, field) in [
            (json!({"page_background": "white"}), "page_background"),
            (json!({"block_shadow": "#12345"}), "block_shadow"),
            (json!({"nav_background": "#ggg"}), "nav_background"),
            (json!({"palette": ["#fff", "red"]}), "palette"),
            (json!({"filters": [{"condition": "like"}]}), "filters"),
            (json!({"filters": [{"name": "Region", "condition": ""}]}), "filters"),
            (json!({"sign_in_method": "sms"}), "sign_in_method"),
            (json!({"page_slug": "Not OK"}), "page_slug"),
            (json!({"hero_bg": "#fff"}), "hero_bg"),
        ] {
            let refused = ada.put(&page, body.clone()).await;
            assert_eq!((refused.status, refused.json["field"].as_str()), (422, Some(field)), "{body}: {}", refused.text);
        }

        let list = ada.get(&format!("/api/pages/{app_id}")).await;
        let home_id = list.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let home = format!("{pages}/{home_id}");
        let slugged = ada.put(&home, json!({"page_slug": "start"})).await;
        assert_eq!((slugged.status, slugged.json["field"].as_str()), (422, Some("page_slug")));
        ada.put(&home, json!({"page_name": "Start", "page_background": "#eee"})).await.expect(200);
        let other = add_page(&ada, &app_id, json!({"page_name": "Other"})).await;
        let taken = ada.put(&format!("{pages}/{}", id(&other)), json!({"page_slug": "team"})).await;
        assert_eq!(taken.status, 409);

        let refused = ada.delete(&home, None).await;
        assert_eq!((refused.status, refused.error()), (409, "The home page cannot be deleted. Rename it or change its blocks instead."));
        add_block(&server, &id(&team), "b1", 0).await;
        assert_eq!(ada.delete(&page, None).await.expect(200), &json!({"deleted": true, "id": id(&team)}));
        assert_eq!(ada.get("/api/page/team?app=sales-app").await.status, 404);
        let (blocks,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM blocks").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(blocks, 0);
        assert_eq!(ada.delete(&page, None).await.status, 404);
    }

    async fn only_the_owner_or_an_admin_may_edit_pages(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let about = add_page(&ada, &app_id, json!({"page_name": "About"})).await;
        let pages = format!("/api/apps/{app_id}/pages");
        let page = format!("{pages}/{}", id(&about));
        let carl = server.user("Carl", "carl@example.com").await;
        let carls_app = id(&app(&carl, "carl-app").await);
        let stranger = server.user("Sam", "sam@example.com").await;
        let reader = rita(&server, &ada, &app_id, "read").await;
        let writer = server.user("Wes", "wes@example.com").await;
        invite(&ada, &app_id, "Wes", "wes@example.com", "read-write").await;

        let guest = server.guest();
        assert_eq!(guest.post(&pages, json!({"page_name": "X"})).await.error(), "Please login to do this!");
        assert_eq!(guest.put(&page, json!({"title": "X"})).await.status, 401);
        assert_eq!(guest.delete(&page, None).await.status, 401);
        for (who, client) in [("stranger", &stranger), ("other owner", &carl), ("read", &reader), ("read-write", &writer)] {
            assert_eq!(client.post(&pages, json!({"page_name": "X"})).await.status, 403, "{who} adds");
            let renamed = client.put(&page, json!({"page_name": "X"})).await;
            let why = if who.starts_with("read") { access::APP_USERS_CANNOT_EDIT } else { access::ONLY_THE_OWNER };
            assert!(renamed.status == 403 && renamed.error() == why, "{who} renames: {}", renamed.text);
            assert_eq!(client.delete(&page, None).await.status, 403, "{who} deletes");
        }
        // A page id of another app is not reachable through this one.
        let carls_home = carl.get(&format!("/api/pages/{carls_app}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        assert_eq!(ada.put(&format!("{pages}/{carls_home}"), json!({"title": "mine"})).await.status, 404);
        assert_eq!(slugs(ada.get(&format!("/api/pages/{app_id}")).await.expect(200)), ["", "about"]);

        let admin = server.admin().await;
        admin.post(&pages, json!({"page_name": "Admin page"})).await.expect(201);
        admin.put(&page, json!({"page_name": "About us"})).await.expect(200);
        admin.delete(&page, None).await.expect(200);
        assert_eq!(slugs(ada.get(&format!("/api/pages/{app_id}")).await.expect(200)), ["", "admin-page"]);
    }
}
