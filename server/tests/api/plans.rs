//! Plans and payments: the plan list, redeeming codes (also two at once), the signed payment
//! webhook and the latest payment shown by the payment outcome pages.

use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{json, Value};
use sha2::Sha256;

use crate::both_databases;
use crate::support::*;

const SECRET: &str = "whsec_tessera_test_secret";

/// Stores an unused redemption code straight in the database.
pub async fn stored_code(server: &TestServer, code: &str, plan_id: &str) {
    sqlx::query("INSERT INTO redemption_codes (code, plan_id, created_at) VALUES ($1, $2, 1)")
        .bind(code)
        .bind(plan_id)
        .execute(&server.db().pool)
        .await
        .unwrap();
}

/// The plan a user is on, as stored.
pub async fn plan_of(server: &TestServer, client: &Client) -> String {
    let (plan,): (String,) =
        sqlx::query_as("SELECT plan_id FROM users WHERE id = $1").bind(&client.user().id).fetch_one(&server.db().pool).await.unwrap();
    plan
}

async fn set_plan(server: &TestServer, client: &Client, plan: &str) {
    sqlx::query("UPDATE users SET plan_id = $1 WHERE id = $2").bind(plan).bind(&client.user().id).execute(&server.db().pool).await.unwrap();
}

async fn payment_rows(server: &TestServer) -> i64 {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM payments").fetch_one(&server.db().pool).await.unwrap();
    count
}

fn now() -> i64 {
    tessera_server::infra::db::now()
}

fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{body}").as_bytes());
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// Posts `body` exactly as given, with `signature` (if any) in the `Tessera-Signature` header.
async fn deliver(server: &TestServer, body: &str, signature: Option<String>) -> Reply {
    let mut request =
        server.guest().request(Method::POST, "/api/payments/webhook").header("content-type", "application/json").body(body.to_owned());
    if let Some(signature) = signature {
        request = request.header("Tessera-Signature", signature);
    }
    Client::finish(request).await
}

async fn deliver_signed(server: &TestServer, body: &Value) -> Reply {
    let body = body.to_string();
    deliver(server, &body, Some(signature(SECRET, now(), &body))).await
}

fn event(id: &str, kind: &str, email: &str) -> Value {
    json!({"id": id, "type": kind, "data": {"email": email, "plan": "paid"}})
}

async fn payments_server(backend: Backend) -> TestServer {
    TestServer::start_with(backend, |config| config.payment_webhook_secret = Some(SECRET.to_owned())).await
}

both_databases! {
    async fn the_plan_list_shows_both_plans_and_marks_the_callers(backend) {
        let server = TestServer::start(backend).await;
        let as_guest = server.guest().get("/api/plans?board=x&_email=admin@tessera.test").await;
        let body = as_guest.expect(200);
        assert_eq!(body["mine"], Value::Null);
        let plans = body["plans"].as_array().unwrap();
        assert_eq!(plans.len(), 2);
        assert_eq!(plans[0]["id"], "free");
        assert_eq!(plans[0]["embedding"], false);
        assert_eq!(plans[1]["id"], "paid");
        assert_eq!(plans[1]["embedding"], true);
        assert!(plans[1]["description"].as_str().unwrap().contains("embedding"));
        let ada = server.user("Ada", "ada@example.com").await;
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], "free");
    }

    async fn redeeming_a_code_in_any_case_moves_the_user_to_its_plan(backend) {
        let server = TestServer::start(backend).await;
        stored_code(&server, "K7QX-M2NP-ZR4T-8HWC", "paid").await;
        let ada = server.user("Ada", "ada@example.com").await;
        let reply = ada.post("/api/plans/redeem", json!({"code": "  k7qx-m2np-zr4t-8hwc \n"})).await;
        assert_eq!(reply.expect(200), &json!({"plan": {"id": "paid", "isFreePlan": false}}));
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], "paid");
        let (redeemed_by, redeemed_at): (Option<String>, Option<i64>) =
            sqlx::query_as("SELECT redeemed_by, redeemed_at FROM redemption_codes WHERE code = 'K7QX-M2NP-ZR4T-8HWC'")
                .fetch_one(&server.db().pool)
                .await
                .unwrap();
        assert_eq!(redeemed_by.as_deref(), Some(ada.user().id.as_str()));
        assert!(redeemed_at.is_some());
    }

    async fn unknown_empty_and_anonymous_redemptions_are_refused(backend) {
        let server = TestServer::start(backend).await;
        stored_code(&server, "K7QX-M2NP-ZR4T-8HWC", "paid").await;
        let ada = server.user("Ada", "ada@example.com").await;
        let unknown = ada.post("/api/plans/redeem", json!({"code": "AAAA-BBBB-CCCC-DDDD"})).await;
        assert_eq!(unknown.status, 404);
        assert!(unknown.error().contains("does not exist"), "{}", unknown.text);
        let empty = ada.post("/api/plans/redeem", json!({"code": "   "})).await;
        assert_eq!(empty.status, 422);
        assert_eq!(empty.json["field"], "code");
        let missing = ada.post("/api/plans/redeem", json!({})).await;
        assert_eq!(missing.status, 422);
        assert_eq!(missing.json["field"], "code");
        let guest = server.guest().post("/api/plans/redeem", json!({"code": "K7QX-M2NP-ZR4T-8HWC"})).await;
        assert_eq!(guest.status, 401);
        assert_eq!(guest.error(), "Please login to do this!");
        assert_eq!(plan_of(&server, &ada).await, "free");
        // The guest's attempt did not use the code up.
        ada.post("/api/plans/redeem", json!({"code": "K7QX-M2NP-ZR4T-8HWC"})).await.expect(200);
    }

    async fn a_code_works_once_for_anyone(backend) {
        let server = TestServer::start(backend).await;
        stored_code(&server, "K7QX-M2NP-ZR4T-8HWC", "paid").await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        ada.post("/api/plans/redeem", json!({"code": "K7QX-M2NP-ZR4T-8HWC"})).await.expect(200);
        for client in [&bob, &ada] {
            let again = client.post("/api/plans/redeem", json!({"code": "k7qx-m2np-zr4t-8hwc"})).await;
            assert_eq!(again.status, 409);
            assert_eq!(again.error(), "This code has already been redeemed.");
        }
        assert_eq!(plan_of(&server, &bob).await, "free");
        let (redeemed_by,): (String,) =
            sqlx::query_as("SELECT redeemed_by FROM redemption_codes").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(redeemed_by, ada.user().id);
    }

    async fn of_two_simultaneous_redemptions_exactly_one_wins(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        for round in 0..5 {
            let code = format!("RACE-AAAA-BBBB-CCC{}", ["A", "B", "C", "D", "E"][round]);
            stored_code(&server, &code, "paid").await;
            set_plan(&server, &ada, "free").await;
            set_plan(&server, &bob, "free").await;
            let (first, second) = tokio::join!(
                ada.post("/api/plans/redeem", json!({"code": code})),
                bob.post("/api/plans/redeem", json!({"code": code})),
            );
            let mut statuses = [first.status, second.status];
            statuses.sort();
            assert_eq!(statuses, [200, 409], "{} / {}", first.text, second.text);
            let winner = if first.status == 200 { &ada } else { &bob };
            let loser = if first.status == 200 { &bob } else { &ada };
            assert_eq!(plan_of(&server, winner).await, "paid");
            assert_eq!(plan_of(&server, loser).await, "free");
            let (redeemed_by,): (String,) = sqlx::query_as("SELECT redeemed_by FROM redemption_codes WHERE code = $1")
                .bind(&code)
                .fetch_one(&server.db().pool)
                .await
                .unwrap();
            assert_eq!(redeemed_by, winner.user().id);
        }
    }

    async fn a_signed_payment_upgrades_the_plan_and_a_replay_changes_nothing(backend) {
        let server = payments_server(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let body = event("evt_1", "payment.succeeded", "ADA@example.com ").to_string();
        let signed = signature(SECRET, now(), &body);
        let first = deliver(&server, &body, Some(signed.clone())).await;
        assert_eq!(first.expect(200), &json!({"duplicate": false, "ignored": false}));
        assert_eq!(plan_of(&server, &ada).await, "paid");
        assert_eq!(ada.get("/api/plans").await.expect(200)["mine"], "paid");
        let latest = ada.get("/api/payments/latest").await;
        assert_eq!(latest.expect(200)["status"], "succeeded");
        assert_eq!(latest.json["plan"], "paid");
        // Meanwhile an administrator moved Ada back: the replayed event must not undo that.
        set_plan(&server, &ada, "free").await;
        let replay = deliver(&server, &body, Some(signed)).await;
        assert_eq!(replay.expect(200), &json!({"duplicate": true, "ignored": false}));
        assert_eq!(plan_of(&server, &ada).await, "free");
        assert_eq!(payment_rows(&server).await, 1);
    }

    async fn events_can_name_the_account_by_user_id(backend) {
        let server = payments_server(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let body = json!({"id": "evt_uid", "type": "payment.succeeded", "data": {"user_id": ada.user().id, "plan": "paid"}});
        deliver_signed(&server, &body).await.expect(200);
        assert_eq!(plan_of(&server, &ada).await, "paid");
    }

    async fn tampered_wrongly_signed_stale_or_unsigned_events_are_refused(backend) {
        let server = payments_server(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let body = event("evt_1", "payment.succeeded", "ada@example.com").to_string();
        let genuine = signature(SECRET, now(), &body);
        let tampered = body.replace("evt_1", "evt_2");
        let cases = [
            (tampered.as_str(), Some(genuine.clone()), "does not match"),
            (body.as_str(), Some(signature("someone-else's-secret", now(), &body)), "does not match"),
            (body.as_str(), Some(signature(SECRET, now() - 301, &body)), "300 seconds"),
            (body.as_str(), Some(signature(SECRET, now() + 400, &body)), "300 seconds"),
            (body.as_str(), Some("t=oops".to_owned()), "must look like"),
            (body.as_str(), None, "missing"),
        ];
        for (sent, header, why) in cases {
            let reply = deliver(&server, sent, header).await;
            assert_eq!(reply.status, 400, "{why}: {}", reply.text);
            assert!(reply.error().contains(why), "{why}: {}", reply.text);
        }
        assert_eq!(plan_of(&server, &ada).await, "free");
        assert_eq!(payment_rows(&server).await, 0);
    }

    async fn without_a_secret_the_webhook_is_unavailable(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let body = event("evt_1", "payment.succeeded", "ada@example.com").to_string();
        let reply = deliver(&server, &body, Some(signature(SECRET, now(), &body))).await;
        assert_eq!(reply.status, 503);
        assert_eq!(reply.error(), "Payments are not configured on this server.");
        assert_eq!(plan_of(&server, &ada).await, "free");
    }

    async fn a_failed_payment_is_recorded_and_shown_but_changes_no_plan(backend) {
        let server = payments_server(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let none_yet = ada.get("/api/payments/latest").await;
        assert_eq!(none_yet.status, 404);
        assert!(none_yet.error().contains("No payment"));
        deliver_signed(&server, &event("evt_fail", "payment.failed", "ada@example.com")).await.expect(200);
        assert_eq!(plan_of(&server, &ada).await, "free");
        let latest = ada.get("/api/payments/latest").await;
        let body = latest.expect(200);
        assert_eq!(body["status"], "failed");
        assert_eq!(body["plan"], "paid");
        assert!(body["received_at"].as_i64().unwrap() >= now() - 60);
        // Someone else's payment is not shown to Bob, and guests must log in.
        let bob = server.user("Bob", "bob@example.com").await;
        assert_eq!(bob.get("/api/payments/latest").await.status, 404);
        assert_eq!(server.guest().get("/api/payments/latest").await.status, 401);
    }

    async fn unknown_event_types_are_acknowledged_and_ignored(backend) {
        let server = payments_server(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let reply = deliver_signed(&server, &event("evt_x", "customer.created", "ada@example.com")).await;
        assert_eq!(reply.expect(200), &json!({"duplicate": false, "ignored": true}));
        assert_eq!(payment_rows(&server).await, 0);
        assert_eq!(plan_of(&server, &ada).await, "free");
    }

    async fn signed_events_with_bad_fields_name_them(backend) {
        let server = payments_server(backend).await;
        server.user("Ada", "ada@example.com").await;
        let no_plan = json!({"id": "e1", "type": "payment.succeeded", "data": {"email": "ada@example.com"}});
        let unknown_plan = json!({"id": "e2", "type": "payment.succeeded", "data": {"email": "ada@example.com", "plan": "gold"}});
        let no_account = json!({"id": "e3", "type": "payment.succeeded", "data": {"plan": "paid"}});
        for (body, field) in [(no_plan, "data.plan"), (unknown_plan, "data.plan"), (no_account, "data.email")] {
            let reply = deliver_signed(&server, &body).await;
            assert_eq!(reply.status, 422, "{}", reply.text);
            assert_eq!(reply.json["field"], field);
        }
        let not_json = "{not json";
        let reply = deliver(&server, not_json, Some(signature(SECRET, now(), not_json))).await;
        assert_eq!(reply.status, 400);
        assert!(reply.error().starts_with("Invalid webhook body"));
        assert_eq!(payment_rows(&server).await, 0);
    }

    async fn a_self_hosted_install_without_billing_puts_every_workspace_on_the_highest_plan_so_embed_works(backend) {
        // The plan the environment gives with no TESSERA_PLAN and no webhook secret.
        let plan = tessera_server::Config::from_lookup(|_| None).unwrap().plan;
        let server = TestServer::start_with(backend, |config| config.plan = plan).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = crate::workspaces::workspace(&ada, "acme").await;
        let board_id = crate::apps::id(&crate::boards::board(&ada, &workspace_id, "Sales").await);
        assert_eq!(ada.get("/api/auth").await.expect(200)["plan"]["isFreePlan"], json!(false));
        assert_eq!(ada.get("/api/board/workspace").await.expect(200), &json!({"is_free_plan": false}));
        ada.get(&format!("/api/workspaces/{workspace_id}/embed-secret")).await.expect(200);
        ada.post(&format!("/api/boards/{board_id}/embed-token"), json!({"filters": {}, "expires_in_minutes": 60})).await.expect(200);
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true, "embed_origins": ["https://shop.example.com"]})).await.expect(200);
        let policy = server.guest().get("/embed?board=sales").await.header("content-security-policy").unwrap().to_owned();
        assert!(policy.ends_with("frame-ancestors 'self' https://shop.example.com"), "{policy}");
        // The stored plan is untouched: an operator who starts selling plans gets the owners' own back.
        assert_eq!(plan_of(&server, &ada).await, "free");
    }

    async fn an_install_that_sells_plans_keeps_each_owners_plan_and_the_paid_plan_texts(backend) {
        let selling = tessera_server::Config::from_lookup(|name| (name == "TESSERA_PAYMENT_WEBHOOK_SECRET").then(|| SECRET.to_owned())).unwrap();
        let server = TestServer::start_with(backend, |config| {
            config.payment_webhook_secret = selling.payment_webhook_secret;
            config.plan = selling.plan;
        })
        .await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = crate::workspaces::workspace(&ada, "acme").await;
        let board_id = crate::apps::id(&crate::boards::board(&ada, &workspace_id, "Sales").await);
        assert_eq!(ada.get("/api/board/workspace").await.expect(200), &json!({"is_free_plan": true}));
        let minted = ada.post(&format!("/api/boards/{board_id}/embed-token"), json!({"filters": {}, "expires_in_minutes": 60})).await;
        assert_eq!((minted.status, minted.error()), (403, "Embedding a board in another site needs a paid plan."));
        let secret = ada.get(&format!("/api/workspaces/{workspace_id}/embed-secret")).await;
        assert_eq!(secret.status, 403);
        set_plan(&server, &ada, "paid").await;
        assert_eq!(ada.get("/api/auth").await.expect(200)["plan"]["isFreePlan"], json!(false));
    }

    async fn the_operators_plan_wins_over_the_stored_one_and_an_unknown_plan_stops_the_start(backend) {
        let server = TestServer::start_with(backend, |config| {
            config.payment_webhook_secret = Some(SECRET.to_owned());
            config.plan = Some("free".to_owned());
        })
        .await;
        let ada = server.user("Ada", "ada@example.com").await;
        set_plan(&server, &ada, "paid").await;
        assert_eq!(ada.get("/api/auth").await.expect(200)["plan"]["isFreePlan"], json!(true));
        assert_eq!(ada.get("/api/account").await.expect(200)["plan_id"], json!("free"));
        let database = server.stop();
        let config = tessera_server::Config { database_url: database.url.clone(), plan: Some("gold".to_owned()), demo: false, ..Default::default() };
        let refused = tessera_server::AppState::new(config).await.err().expect("an unknown plan stops the start").to_string();
        assert!(refused.contains("There is no plan `gold`"), "{refused}");
    }
}
