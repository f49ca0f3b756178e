//! App users (`/api/mutipageapp_users`, platform §3, §5, §7): who may manage them, the users
//! dialog's validation texts, the invitation e-mail, and access ending when a user is removed.

use serde_json::{json, Value};

use crate::apps::{app, id, invite, rita};
use crate::both_databases;
use crate::support::*;
use tessera_server::accounts::roles as access;

const REQUIRED: &str = "Please fill in both Name and Email.";
const BAD_EMAIL: &str = "Please enter a valid Email address (e.g., name@example.com).";

fn emails(list: &Value) -> Vec<&str> {
    list["app_users"].as_array().unwrap().iter().map(|user| user["email"].as_str().unwrap()).collect()
}

/// The e-mails of a list whose users were invited within one second (so their order is open).
fn email_set(list: &Value) -> Vec<&str> {
    let mut emails = emails(list);
    emails.sort_unstable();
    emails
}

fn user_with<'a>(list: &'a Value, email: &str) -> &'a Value {
    list["app_users"].as_array().unwrap().iter().find(|user| user["email"] == email).unwrap()
}

/// The token of the invitation link in the one e-mail to `email`.
async fn invitation_token(server: &TestServer, email: &str) -> String {
    let (_, body) = crate::auth::only_mail(server, email).await;
    let after = body.split("&token=").nth(1).unwrap_or_else(|| panic!("no token in {body}"));
    let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64, "{body}");
    token
}

both_databases! {
    async fn an_invitation_link_tells_its_holder_who_invited_which_email_to_which_app_and_nobody_else(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let zoe = invite(&ada, &app_id, "Zoe", "zoe@example.com", "read").await;
        let token = invitation_token(&server, "zoe@example.com").await;

        // The holder of the link, signed in or not, learns what the page needs.
        let answer = server.guest().get(&format!("/api/invitations/{token}")).await.expect(200).clone();
        assert_eq!(answer, json!({"app_id": app_id, "app_name": "Sales", "inviter": "Ada", "email": "zoe@example.com", "has_account": false}));
        let bob = server.user("Bob", "bob@example.com").await;
        assert_eq!(bob.get(&format!("/api/invitations/{token}")).await.expect(200)["email"], "zoe@example.com");

        // An e-mail with an account is told to log in.
        crate::auth::clear_outbox(&server).await;
        invite(&ada, &app_id, "Bob", "bob@example.com", "read").await;
        let bobs = invitation_token(&server, "bob@example.com").await;
        assert_eq!(server.guest().get(&format!("/api/invitations/{bobs}")).await.expect(200)["has_account"], true);

        // Without the token nothing is answered: any other token, however formed, is the same 404.
        for wrong in ["0".repeat(64), token.to_uppercase(), token[..63].to_owned(), "zoe@example.com".to_owned()] {
            let refused = server.guest().get(&format!("/api/invitations/{wrong}")).await;
            assert_eq!(refused.status, 404, "{wrong}");
            assert!(!refused.text.contains("zoe@example.com"), "{}", refused.text);
        }
        // Only the token's hash is kept.
        let (kept,): (String,) = sqlx::query_as("SELECT invite_token_hash FROM app_users WHERE id = $1").bind(id(&zoe)).fetch_one(&server.db().pool).await.unwrap();
        assert_ne!(kept, token);

        // A changed e-mail gets a new link and the old one stops working; so does a removed user's.
        crate::auth::clear_outbox(&server).await;
        ada.put("/api/mutipageapp_users", json!({"appId": app_id, "userId": id(&zoe), "name": "Zoe", "email": "zoe@new.example.com", "permissions": "read"})).await.expect(200);
        assert_eq!(server.guest().get(&format!("/api/invitations/{token}")).await.status, 404);
        let moved = invitation_token(&server, "zoe@new.example.com").await;
        assert_eq!(server.guest().get(&format!("/api/invitations/{moved}")).await.expect(200)["email"], "zoe@new.example.com");
        ada.delete("/api/mutipageapp_users", Some(json!({"appId": app_id, "userId": id(&zoe)}))).await.expect(200);
        assert_eq!(server.guest().get(&format!("/api/invitations/{moved}")).await.status, 404);
    }

    async fn owners_add_list_change_and_remove_app_users(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);

        let added = ada.post("/api/mutipageapp_users", json!({"appId": app_id, "name": " Zoe ", "email": " Zoe@Example.COM ", "permissions": "read"})).await;
        let zoe = added.expect(201)["new_app_user"].clone();
        assert_eq!((&zoe["name"], &zoe["email"], &zoe["permissions"]), (&json!("Zoe"), &json!("zoe@example.com"), &json!("read")));
        assert!(zoe["created_at"].as_i64().unwrap() > 1_700_000_000);
        let (subject, body) = crate::auth::only_mail(&server, "zoe@example.com").await;
        let to = "zoe@example.com";
        assert_eq!((to, subject.as_str()), ("zoe@example.com", "You are invited to Sales"));
        assert!(body.contains(&format!("{}/accept-invitation?app={app_id}", server.base)), "{body}");
        assert!(body.contains("Read access"));
        assert!(body.contains(&format!("The app itself is at {}/?app=sales-app;", server.base)), "{body}");

        let yan = invite(&ada, &app_id, "Yan", "yan@example.com", "read-write").await;
        let xia = invite(&ada, &app_id, "Xia", "xia@example.com", "read").await;
        // Invited in one second; make the times differ so the order is by created_at, not by insertion.
        for (user, at) in [(&zoe, 300), (&yan, 100), (&xia, 200)] {
            sqlx::query("UPDATE app_users SET created_at = $1 WHERE id = $2").bind(at as i64).bind(id(user)).execute(&server.db().pool).await.unwrap();
        }
        let list = ada.get(&format!("/api/mutipageapp_users/{app_id}?board=&_email=x")).await;
        let list = list.expect(200);
        assert_eq!(emails(list), ["yan@example.com", "xia@example.com", "zoe@example.com"]);
        assert_eq!(list["app_users"][0], json!({"id": id(&yan), "name": "Yan", "email": "yan@example.com", "permissions": "read-write", "created_at": 100}));

        let changed = ada
            .put("/api/mutipageapp_users", json!({"appId": app_id, "userId": id(&zoe), "name": "Zoë", "email": "zoe@example.com", "permissions": "read-write"}))
            .await;
        assert_eq!(
            changed.expect(200)["updated_user"],
            json!({"id": id(&zoe), "name": "Zoë", "email": "zoe@example.com", "permissions": "read-write", "created_at": 300})
        );
        let moved = ada
            .put("/api/mutipageapp_users", json!({"appId": app_id, "userId": id(&zoe), "name": "Zoë", "email": "zoe@new.example.com", "permissions": "read"}))
            .await;
        assert_eq!(moved.expect(200)["updated_user"]["email"], "zoe@new.example.com");
        let (invited,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox WHERE recipient = 'zoe@new.example.com'").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(invited, 1);

        let removed = ada.delete("/api/mutipageapp_users", Some(json!({"appId": app_id, "userId": id(&yan)}))).await;
        assert_eq!(removed.expect(200), &json!({"deleted": true, "userId": id(&yan)}));
        assert_eq!(emails(ada.get(&format!("/api/mutipageapp_users/{app_id}")).await.expect(200)), ["xia@example.com", "zoe@new.example.com"]);
        assert_eq!(ada.delete("/api/mutipageapp_users", Some(json!({"appId": app_id, "userId": id(&yan)}))).await.status, 404);
    }

    async fn app_users_are_validated_with_the_users_dialog_texts(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let add = |name: &str, email: &str, permissions: &str| json!({"appId": app_id, "name": name, "email": email, "permissions": permissions});
        let cases = [
            (add("", "zoe@example.com", "read"), "name", REQUIRED),
            (add("Zoe", "   ", "read"), "email", REQUIRED),
            (json!({"appId": app_id, "permissions": "read"}), "name", REQUIRED),
            (add("Zoe", "zoe@example", "read"), "email", BAD_EMAIL),
            (add("Zoe", "zoe example.com", "read"), "email", BAD_EMAIL),
            (add("Zoe", "zoe@example.c0m", "read"), "email", BAD_EMAIL),
            (add("Zoe", "zoe@example.com", "owner"), "permissions", "permissions must be 'read' or 'read-write'."),
            (add("Zoe", "zoe@example.com", "Read"), "permissions", "permissions must be 'read' or 'read-write'."),
            (json!({"appId": app_id, "name": "Zoe", "email": "zoe@example.com"}), "permissions", "permissions must be 'read' or 'read-write'."),
        ];
        for (body, field, text) in cases {
            let refused = ada.post("/api/mutipageapp_users", body.clone()).await;
            assert_eq!((refused.status, refused.json["field"].as_str(), refused.error()), (422, Some(field), text), "{body}");
        }
        assert_eq!(ada.get(&format!("/api/mutipageapp_users/{app_id}")).await.expect(200)["app_users"], json!([]));

        let zoe = invite(&ada, &app_id, "Zoe", "zoe@example.com", "read").await;
        let twice = ada.post("/api/mutipageapp_users", add("Zoe again", "ZOE@example.com", "read-write")).await;
        assert_eq!((twice.status, twice.error()), (409, "This e-mail has already been added to this app."));
        let yan = invite(&ada, &app_id, "Yan", "yan@example.com", "read").await;
        let change = |email: &str, permissions: &str| json!({"appId": app_id, "userId": id(&yan), "name": "Yan", "email": email, "permissions": permissions});
        let clash = ada.put("/api/mutipageapp_users", change("zoe@example.com", "read")).await;
        assert_eq!(clash.status, 409);
        let bad = ada.put("/api/mutipageapp_users", change("yan@example.com", "write")).await;
        assert_eq!((bad.status, bad.json["field"].as_str()), (422, Some("permissions")));
        let bad = ada.put("/api/mutipageapp_users", change("not-an-email", "read")).await;
        assert_eq!((bad.status, bad.error()), (422, BAD_EMAIL));
        let typo = ada.put("/api/mutipageapp_users", json!({"appId": app_id, "userId": id(&yan), "name": "Y", "email": "yan@example.com", "permissions": "read", "role": "x"})).await;
        assert_eq!((typo.status, typo.json["field"].as_str()), (422, Some("role")));
        let list = ada.get(&format!("/api/mutipageapp_users/{app_id}")).await;
        assert_eq!(user_with(list.expect(200), "yan@example.com")["permissions"], "read");
        assert_eq!(id(&zoe).len(), 36);
    }

    async fn only_the_owner_or_an_admin_may_manage_app_users(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let carl = server.user("Carl", "carl@example.com").await;
        let carls_app = id(&app(&carl, "carl-app").await);
        let carls_user = invite(&carl, &carls_app, "Cy", "cy@example.com", "read").await;
        let stranger = server.user("Sam", "sam@example.com").await;
        let reader = rita(&server, &ada, &app_id, "read").await;
        let writer = server.user("Wes", "wes@example.com").await;
        let wes = invite(&ada, &app_id, "Wes", "wes@example.com", "read-write").await;

        let list = format!("/api/mutipageapp_users/{app_id}");
        let add = json!({"appId": app_id, "name": "Mallory", "email": "mallory@example.com", "permissions": "read-write"});
        let change = json!({"appId": app_id, "userId": id(&wes), "name": "Wes", "email": "wes@example.com", "permissions": "read"});
        let remove = json!({"appId": app_id, "userId": id(&wes)});
        let guest = server.guest();
        assert_eq!(guest.get(&list).await.error(), "Please login to do this!");
        assert_eq!(guest.post("/api/mutipageapp_users", add.clone()).await.status, 401);
        for (who, client) in [("stranger", &stranger), ("other owner", &carl), ("read", &reader), ("read-write", &writer)] {
            let listed = client.get(&list).await;
            // Not the private-app text: the app is not private to them, they may just not manage it.
            let why = if who.starts_with("read") { access::APP_USERS_CANNOT_EDIT } else { access::ONLY_THE_OWNER };
            assert!(listed.status == 403 && listed.error() == why, "{who} lists: {}", listed.text);
            assert_eq!(client.post("/api/mutipageapp_users", add.clone()).await.status, 403, "{who} adds");
            assert_eq!(client.put("/api/mutipageapp_users", change.clone()).await.status, 403, "{who} changes");
            assert_eq!(client.delete("/api/mutipageapp_users", Some(remove.clone())).await.status, 403, "{who} removes");
        }
        // Nothing changed, and Wes kept Read-Write.
        let users = ada.get(&list).await;
        assert_eq!(email_set(users.expect(200)), ["rita@example.com", "wes@example.com"]);
        assert_eq!(user_with(&users.json, "wes@example.com")["permissions"], "read-write");

        // Another app's user cannot be reached through an app one owns.
        let foreign = ada.delete("/api/mutipageapp_users", Some(json!({"appId": app_id, "userId": id(&carls_user)}))).await;
        assert_eq!(foreign.status, 404);
        assert_eq!(emails(carl.get(&format!("/api/mutipageapp_users/{carls_app}")).await.expect(200)), ["cy@example.com"]);
        assert_eq!(ada.get("/api/mutipageapp_users/unknown").await.status, 404);

        let admin = server.admin().await;
        admin.get(&list).await.expect(200);
        admin.post("/api/mutipageapp_users", add).await.expect(201);
        admin.put("/api/mutipageapp_users", change).await.expect(200);
        admin.delete("/api/mutipageapp_users", Some(remove)).await.expect(200);
        assert_eq!(email_set(ada.get(&list).await.expect(200)), ["mallory@example.com", "rita@example.com"]);
    }

    async fn app_users_view_a_private_app_without_editing_it_and_lose_access_when_removed(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        let reader = rita(&server, &ada, &app_id, "read").await;
        let rita_id = id(&ada.get(&format!("/api/mutipageapp_users/{app_id}")).await.expect(200)["app_users"][0]);

        let app_path = format!("/api/apps/{app_id}");
        reader.get(&app_path).await.expect(200);
        let state = reader.get("/api/page/?app=sales-app").await;
        assert_eq!((&state.expect(200)["user_role"], &state.json["can_edit"]), (&json!("read"), &json!(false)));
        assert_eq!(reader.put(&app_path, json!({"public": true})).await.status, 403);

        // Read-Write may view but still not change the app's structure.
        let upgraded = ada
            .put("/api/mutipageapp_users", json!({"appId": app_id, "userId": rita_id, "name": "Rita", "email": "rita@example.com", "permissions": "read-write"}))
            .await;
        upgraded.expect(200);
        let state = reader.get("/api/page/?app=sales-app").await;
        assert_eq!((&state.expect(200)["user_role"], &state.json["can_edit"]), (&json!("read-write"), &json!(false)));
        assert_eq!(reader.post(&format!("/api/apps/{app_id}/pages"), json!({"page_name": "Mine"})).await.status, 403);
        assert_eq!(reader.put(&app_path, json!({"name": "Mine"})).await.status, 403);

        ada.delete("/api/mutipageapp_users", Some(json!({"appId": app_id, "userId": rita_id}))).await.expect(200);
        // The same session, the very next request: no access any more.
        for denied in [reader.get(&app_path).await, reader.get("/api/page/?app=sales-app").await, reader.get(&format!("/api/pages/{app_id}")).await] {
            assert_eq!(denied.status, 403);
            assert!(denied.text.contains("Access denied"));
        }
    }

    async fn an_invited_users_log_in_link_ends_a_password_someone_chose_before_them(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&app(&ada, "sales-app").await);
        invite(&ada, &app_id, "Rita", "rita@example.com", "read").await;
        // Eve signs up with the invited address before Rita does, hoping for Rita's access.
        let eve = server.guest();
        eve.post("/api/auth/signup", json!({"name": "Rita", "email": "rita@example.com", "password": "eves own password"})).await.expect(201);

        crate::auth::clear_outbox(&server).await;
        let rita = server.guest();
        rita.post("/api/auth/login-link", json!({"email": "rita@example.com", "app_id": app_id})).await.expect(200);
        let body = crate::auth::only_mail(&server, "rita@example.com").await.1;
        let token: String = body.split("token=").nth(1).unwrap().chars().take_while(char::is_ascii_hexdigit).collect();
        rita.post("/api/auth", json!({"token": token})).await.expect(200);
        rita.get(&format!("/api/apps/{app_id}")).await.expect(200);

        // Eve's password, on the app's own log-in, opens nothing; she stays out of the private app.
        let refused = eve.post("/api/auth/login", json!({"email": "rita@example.com", "password": "eves own password", "app_id": app_id})).await;
        assert_eq!(refused.status, 401);
        assert_eq!(eve.get(&format!("/api/apps/{app_id}")).await.status, 403);
    }
}
