//! Integration tests of `api::auth`: sign-up, verification, log-in, log-in links, password
//! reset, log-out, the session token's checks and the rate limits.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::Method;
use serde_json::json;
use tessera_server::accounts::auth::session::Claims;
use tessera_server::infra::db::{now, Flag};

use crate::both_databases;
use crate::support::smtp::SmtpStandIn;
use crate::support::*;

const NEW_PASSWORD: &str = "a brand new password";

/// Every e-mail the outbox holds for `email`, as (subject, body), bodies opened as they are
/// delivered (the outbox keeps them sealed).
pub async fn outbox(server: &TestServer, email: &str) -> Vec<(String, String)> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT subject, body FROM outbox WHERE recipient = $1").bind(email).fetch_all(&server.db().pool).await.unwrap();
    rows.into_iter().map(|(subject, body)| (subject, server.state.mailer.open(email, &body).unwrap())).collect()
}

/// Every e-mail of the outbox as (recipient, subject, body), bodies opened.
pub async fn all_mail(server: &TestServer) -> Vec<(String, String, String)> {
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT recipient, subject, body FROM outbox").fetch_all(&server.db().pool).await.unwrap();
    rows.into_iter()
        .map(|(to, subject, body)| {
            let body = server.state.mailer.open(&to, &body).unwrap();
            (to, subject, body)
        })
        .collect()
}

/// The one e-mail the outbox holds for `email`; tests empty the outbox before the call they check.
pub async fn only_mail(server: &TestServer, email: &str) -> (String, String) {
    let mut mails = outbox(server, email).await;
    assert_eq!(mails.len(), 1, "expected exactly one e-mail to {email}: {mails:?}");
    mails.remove(0)
}

pub async fn clear_outbox(server: &TestServer) {
    sqlx::query("DELETE FROM outbox").execute(&server.db().pool).await.unwrap();
}

/// The 6-digit code of a verification or reset e-mail.
pub fn code_in(text: &str) -> String {
    let after = text.split("code is: ").nth(1).unwrap_or_else(|| panic!("no code in {text}"));
    let code: String = after.chars().take(6).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{code} in {text}");
    code
}

/// The one-time token of a log-in link.
pub fn token_in(text: &str) -> String {
    let after = text.split("/dashboard/auth?token=").nth(1).unwrap_or_else(|| panic!("no log-in link in {text}"));
    let token: String = after.chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64, "{text}");
    token
}

pub async fn sign_up(client: &Client, name: &str, email: &str) -> Reply {
    client.post("/api/auth/signup", json!({ "name": name, "email": email, "password": PASSWORD })).await
}

/// Signs `email` up and verifies it with the e-mailed code: a client holding the session.
pub async fn signed_up(server: &TestServer, name: &str, email: &str) -> Client {
    let guest = server.guest();
    sign_up(&guest, name, email).await.expect(201);
    let (_, body) = outbox(server, email).await.pop().unwrap();
    let reply = guest.post("/api/auth/verify-email", json!({ "email": email, "code": code_in(&body) })).await;
    let token = reply.expect(200)["token"].as_str().unwrap().to_owned();
    Client::new(&server.base, Some(token), None)
}

async fn expire_codes(server: &TestServer, purpose: &str) {
    sqlx::query("UPDATE one_time_codes SET expires_at = $1 WHERE purpose = $2")
        .bind(now() - 1)
        .bind(purpose)
        .execute(&server.db().pool)
        .await
        .unwrap();
}

async fn is_verified(server: &TestServer, email: &str) -> bool {
    let (Flag(verified),): (Flag,) =
        sqlx::query_as("SELECT email_verified FROM users WHERE email = $1").bind(email).fetch_one(&server.db().pool).await.unwrap();
    verified
}

fn session_cookie(reply: &Reply) -> &str {
    reply.header("set-cookie").unwrap_or_else(|| panic!("no Set-Cookie in {reply:?}"))
}

/// Another server process on the same database (it stops with the test's runtime).
async fn second_replica(server: &TestServer) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = tessera_server::Config {
        port: addr.port(),
        database_url: server.database_url().to_owned(),
        demo: false,
        ..tessera_server::Config::default()
    };
    let state = tessera_server::AppState::new(config).await.unwrap();
    tokio::spawn(tessera_server::http::server::serve(listener, state, std::future::pending()));
    format!("http://{addr}")
}

/// The daily cap of wrong codes counts per UTC day: a test that counts them must not straddle two.
async fn wait_for_a_fresh_day() {
    let left = 86_400 - now() % 86_400;
    if left < 30 {
        tokio::time::sleep(std::time::Duration::from_secs(left as u64 + 1)).await;
    }
}

/// Rate-limit windows are fixed 15-minute slices: a test that counts attempts must not straddle two.
pub async fn wait_for_a_fresh_window() {
    let left = 900 - now() % 900;
    if left < 5 {
        tokio::time::sleep(std::time::Duration::from_secs(left as u64 + 1)).await;
    }
}

both_databases! {
    async fn sign_up_then_the_emailed_code_verifies_and_signs_in(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        let reply = sign_up(&guest, " Ada Lovelace ", "Ada@Example.com").await;
        assert_eq!(*reply.expect(201), json!({ "email": "ada@example.com", "verification": "sent" }));
        assert!(!is_verified(&server, "ada@example.com").await);

        let (subject, body) = only_mail(&server, "ada@example.com").await;
        assert_eq!(subject, "Your Tessera verification code");
        assert!(body.contains("Hello Ada Lovelace"), "{body}");
        assert!(body.contains(&format!("{}/dashboard/auth?token=", server.base)), "links come from the configured base: {body}");
        let code = code_in(&body);
        // Only digests are stored.
        let stored: Vec<(String,)> = sqlx::query_as("SELECT code_hash FROM one_time_codes").fetch_all(&server.db().pool).await.unwrap();
        assert_eq!(stored.len(), 2);
        assert!(stored.iter().all(|(hash,)| hash.len() == 64 && *hash != code && !body.contains(hash.as_str())));

        assert_eq!(guest.get("/api/auth").await.expect(401)["error"], "Please login to do this!");
        let verified = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": code })).await;
        let answer = verified.expect(200).clone();
        assert_eq!(answer["user"]["email"], "ada@example.com");
        assert_eq!(answer["user"]["name"], "Ada Lovelace");
        assert_eq!(answer["user"]["plan"], json!({ "isFreePlan": true }));
        assert!(is_verified(&server, "ada@example.com").await);

        let bearer = Client::new(&server.base, Some(answer["token"].as_str().unwrap().to_owned()), None);
        let me = bearer.get("/api/auth").await;
        assert_eq!(*me.expect(200), json!({ "id": answer["user"]["id"], "email": "ada@example.com", "name": "Ada Lovelace", "plan": { "isFreePlan": true }, "is_admin": false }));
        // The browser client holds the session in its cookie alone.
        assert_eq!(guest.get("/api/auth").await.expect(200)["email"], "ada@example.com");
        // A code works once.
        let again = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": code })).await;
        assert_eq!((again.status, again.error()), (400, "Invalid OTP, please enter the valid OTP"));
    }

    async fn sign_up_over_smtp_delivers_the_code(backend) {
        let smtp = SmtpStandIn::start().await;
        let url = smtp.url.clone();
        let server = TestServer::start_with(backend, |config| config.smtp_url = Some(url)).await;
        let guest = server.guest();
        sign_up(&guest, "Grace", "grace@example.com").await.expect(201);
        let mail = smtp.last_to("grace@example.com").await;
        assert!(mail.data.contains("Subject: Your Tessera verification code"), "{}", mail.data);
        let verified = guest.post("/api/auth/verify-email", json!({ "email": "grace@example.com", "code": code_in(&mail.data) })).await;
        verified.expect(200);
        assert_eq!(guest.get("/api/auth").await.expect(200)["name"], "Grace");
        let (sent,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(sent, 1);
    }

    async fn sign_up_refuses_bad_input_and_taken_emails(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        let cases = [
            (json!({ "name": "  ", "email": "ada@example.com", "password": PASSWORD }), "name"),
            (json!({ "name": "Ada", "email": "ada@example", "password": PASSWORD }), "email"),
            (json!({ "name": "Ada", "email": "ada@example.com", "password": "short" }), "password"),
            (json!({ "email": "ada@example.com", "password": PASSWORD }), "name"),
            (json!({ "name": "Ada", "email": "ada@example.com", "password": 12345678 }), "password"),
        ];
        for (body, field) in cases {
            let reply = guest.post("/api/auth/signup", body.clone()).await;
            assert_eq!(reply.expect(422)["field"], field, "{body}");
        }
        let raw = guest.request(Method::POST, "/api/auth/signup").header("content-type", "application/json").body("{not json");
        assert_eq!(Client::finish(raw).await.status, 400);
        assert!(outbox(&server, "ada@example.com").await.is_empty());

        server.user("Ada", "ada@example.com").await;
        let taken = sign_up(&guest, "Someone", "ADA@example.com").await;
        assert!(taken.expect(409)["error"].as_str().unwrap().contains("already exists"));
    }

    async fn wrong_expired_and_replaced_verification_codes_are_refused(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        sign_up(&guest, "Ada", "ada@example.com").await.expect(201);
        let first = code_in(&only_mail(&server, "ada@example.com").await.1);

        let unknown = guest.post("/api/auth/verify-email", json!({ "email": "nobody@example.com", "code": first })).await;
        assert_eq!((unknown.status, unknown.error()), (404, "UserEmail not found. Please check and try again"));
        let wrong = if first == "000000" { "111111" } else { "000000" };
        let refused = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": wrong })).await;
        assert_eq!((refused.status, refused.error()), (400, "Invalid OTP, please enter the valid OTP"));

        expire_codes(&server, "verify_email").await;
        let expired = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": first })).await;
        assert_eq!((expired.status, expired.error()), (400, "Verification code has expired"));

        clear_outbox(&server).await;
        let resent = guest.post("/api/auth/resend-code", json!({ "email": "ada@example.com" })).await;
        assert_eq!(resent.expect(200)["email"], "ada@example.com");
        let second = code_in(&only_mail(&server, "ada@example.com").await.1);
        if second != first {
            let replaced = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": first })).await;
            assert_eq!((replaced.status, replaced.error()), (400, "Invalid OTP, please enter the valid OTP"));
        }
        guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": second })).await.expect(200);
        let done = guest.post("/api/auth/resend-code", json!({ "email": "ada@example.com" })).await;
        assert!(done.expect(400)["error"].as_str().unwrap().contains("already verified"));
        let nobody = guest.post("/api/auth/resend-code", json!({ "email": "nobody@example.com" })).await;
        assert_eq!((nobody.status, nobody.error()), (404, "UserEmail not found. Please check and try again"));
    }

    async fn five_wrong_guesses_kill_a_code(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        sign_up(&guest, "Ada", "ada@example.com").await.expect(201);
        let code = code_in(&only_mail(&server, "ada@example.com").await.1);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for _ in 0..5 {
            guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": wrong })).await.expect(400);
        }
        let late = guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": code })).await;
        assert_eq!((late.status, late.error()), (400, "Invalid OTP, please enter the valid OTP"));
        assert!(!is_verified(&server, "ada@example.com").await);
    }

    async fn a_login_link_signs_in_once(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        let unknown = guest.post("/api/auth/login-link", json!({ "email": "nobody@example.com" })).await;
        assert_eq!((unknown.status, unknown.error()), (404, "Account Not Found. Please Sign Up to Create an Account."));

        guest.post("/api/auth/login-link", json!({ "email": "ada@example.com" })).await.expect(200);
        let (subject, body) = only_mail(&server, "ada@example.com").await;
        assert_eq!(subject, "Your Tessera log-in link");
        let token = token_in(&body);
        let signed_in = guest.post("/api/auth", json!({ "token": token })).await;
        assert_eq!(signed_in.expect(200)["user"]["email"], "ada@example.com");
        assert!(session_cookie(&signed_in).contains("HttpOnly"));
        assert_eq!(guest.get("/api/auth").await.expect(200)["email"], "ada@example.com");

        let reused = server.guest().post("/api/auth", json!({ "token": token })).await;
        assert!(reused.expect(400)["error"].as_str().unwrap().contains("not valid or was already used"));
        let forged = server.guest().post("/api/auth", json!({ "token": "ab".repeat(32) })).await;
        forged.expect(400);

        clear_outbox(&server).await;
        guest.post("/api/auth/login-link", json!({ "email": "ada@example.com" })).await.expect(200);
        let late = token_in(&only_mail(&server, "ada@example.com").await.1);
        expire_codes(&server, "login_token").await;
        let expired = server.guest().post("/api/auth", json!({ "token": late })).await;
        assert!(expired.expect(400)["error"].as_str().unwrap().contains("expired"));
        let missing = server.guest().post("/api/auth", json!({})).await;
        assert_eq!(missing.expect(422)["field"], "token");
    }

    async fn the_link_of_a_verification_email_verifies_and_signs_in(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        sign_up(&guest, "Ada", "ada@example.com").await.expect(201);
        let token = token_in(&only_mail(&server, "ada@example.com").await.1);
        let signed_in = guest.post("/api/auth", json!({ "token": token })).await;
        assert_eq!(signed_in.expect(200)["user"]["email"], "ada@example.com");
        assert!(is_verified(&server, "ada@example.com").await);
        let login = server.guest().post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await;
        login.expect(200);
    }

    async fn log_in_answers_each_failure_with_its_own_text(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        let unknown = guest.post("/api/auth/login", json!({ "email": "nobody@example.com", "password": PASSWORD })).await;
        assert_eq!((unknown.status, unknown.error()), (404, "Account Not Found. Please Sign Up to Create an Account."));
        let wrong = guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": "not my password" })).await;
        assert!(wrong.expect(401)["error"].as_str().unwrap().contains("Incorrect password"));
        assert_eq!(guest.get("/api/auth").await.status, 401);
        let missing = guest.post("/api/auth/login", json!({ "email": "ada@example.com" })).await;
        assert_eq!(missing.expect(422)["field"], "password");

        let ok = guest.post("/api/auth/login", json!({ "email": " ADA@example.com ", "password": PASSWORD })).await;
        let token = ok.expect(200)["token"].as_str().unwrap().to_owned();
        let cookie = session_cookie(&ok);
        assert!(cookie.starts_with(&format!("tessera_session={token}; Path=/;")), "{cookie}");
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"), "{cookie}");
        assert_eq!(Client::new(&server.base, Some(token), None).get("/api/auth").await.expect(200)["email"], "ada@example.com");

        // An unverified account knows its password but must verify first; a new code goes out.
        sign_up(&server.guest(), "Grace", "grace@example.com").await.expect(201);
        clear_outbox(&server).await;
        let unverified = guest.post("/api/auth/login", json!({ "email": "grace@example.com", "password": PASSWORD })).await;
        let text = unverified.expect(403)["error"].as_str().unwrap().to_owned();
        assert!(text.contains("verify your e-mail") && !text.contains("Access denied"), "{text}");
        assert!(unverified.header("set-cookie").is_none());
        let code = code_in(&only_mail(&server, "grace@example.com").await.1);
        guest.post("/api/auth/verify-email", json!({ "email": "grace@example.com", "code": code })).await.expect(200);
    }

    async fn a_password_reset_ends_every_old_session(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        let unknown = guest.post("/api/auth/forgot-password", json!({ "email": "nobody@example.com" })).await;
        assert_eq!((unknown.status, unknown.error()), (404, "UserEmail not found. Please check and try again"));

        guest.post("/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await.expect(200);
        let (subject, body) = only_mail(&server, "ada@example.com").await;
        assert_eq!(subject, "Reset your Tessera password");
        let code = code_in(&body);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let reset = |code: &str, password: &str| json!({ "email": "ada@example.com", "code": code, "password": password });

        let refused = guest.post("/api/auth/reset-password", reset(wrong, NEW_PASSWORD)).await;
        assert_eq!((refused.status, refused.error()), (400, "Invalid OTP, please enter the valid OTP"));
        let short = guest.post("/api/auth/reset-password", reset(&code, "short")).await;
        assert_eq!(short.expect(422)["field"], "password");
        ada.get("/api/auth").await.expect(200);

        guest.post("/api/auth/reset-password", reset(&code, NEW_PASSWORD)).await.expect(200);
        assert_eq!(ada.get("/api/auth").await.expect(401)["error"], "Please login to do this!");
        let old = guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await;
        old.expect(401);
        guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": NEW_PASSWORD })).await.expect(200);
        let reused = guest.post("/api/auth/reset-password", reset(&code, "yet another password")).await;
        assert_eq!((reused.status, reused.error()), (400, "Invalid OTP, please enter the valid OTP"));

        clear_outbox(&server).await;
        guest.post("/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await.expect(200);
        let late = code_in(&only_mail(&server, "ada@example.com").await.1);
        expire_codes(&server, "reset_password").await;
        let expired = guest.post("/api/auth/reset-password", reset(&late, "yet another password")).await;
        assert_eq!((expired.status, expired.error()), (400, "OTP has expired"));
    }

    async fn log_out_makes_the_token_useless(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let other = server.session_for(ada.user().clone()).await;
        let out = ada.post("/api/auth/logout", json!({})).await;
        out.expect(200);
        assert!(session_cookie(&out).starts_with("tessera_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"));
        assert_eq!(ada.get("/api/auth").await.expect(401)["error"], "Please login to do this!");
        // Only that session ended.
        other.get("/api/auth").await.expect(200);
        server.guest().post("/api/auth/logout", json!({})).await.expect(200);

        let browser = server.guest();
        browser.post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await.expect(200);
        browser.get("/api/auth").await.expect(200);
        browser.post("/api/auth/logout", json!({})).await.expect(200);
        browser.get("/api/auth").await.expect(401);
    }

    async fn forged_tampered_and_expired_tokens_are_refused(backend) {
        let secret = "an-integration-test-secret-of-32-chars-or-more";
        let server = TestServer::start_with(backend, |config| config.jwt_secret = Some(secret.to_owned())).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let token = ada.token.clone().unwrap();
        let claims = server.state.keys.verify(&token).expect("the server's own token verifies");
        let sign = |claims: &Claims, header: Header, key: &[u8]| jsonwebtoken::encode(&header, claims, &EncodingKey::from_secret(key)).unwrap();
        let b64 = |text: &str| base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, text);

        // The well-signed original is accepted, so the refusals below are about the forgery.
        let resigned = sign(&claims, Header::new(Algorithm::HS256), secret.as_bytes());
        assert_eq!(Client::new(&server.base, Some(resigned), None).get("/api/auth").await.expect(200)["email"], "ada@example.com");

        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        let mut admin = claims.clone();
        admin.sub = "someone-else".to_owned();
        parts[1] = b64(&serde_json::to_string(&admin).unwrap());
        let tampered = parts.join(".");
        let wrong_key = sign(&claims, Header::new(Algorithm::HS256), b"not-the-server-key-but-long-enough-0123");
        let unsigned = format!("{}.{}.", b64(r#"{"alg":"none","typ":"JWT"}"#), b64(&serde_json::to_string(&claims).unwrap()));
        let mut old = claims.clone();
        old.iat = now() - 7200;
        old.exp = now() - 3600;
        let expired = sign(&old, Header::new(Algorithm::HS256), secret.as_bytes());
        let mut invented = claims.clone();
        invented.jti = "no-such-session".to_owned();
        let unknown_session = sign(&invented, Header::new(Algorithm::HS256), secret.as_bytes());
        let other_algorithm = sign(&claims, Header::new(Algorithm::HS512), secret.as_bytes());

        for (what, forged) in [
            ("tampered", tampered),
            ("wrong key", wrong_key),
            ("alg none", unsigned),
            ("expired", expired),
            ("unknown session", unknown_session),
            ("HS512", other_algorithm),
            ("garbage", "not.a.token".to_owned()),
        ] {
            let reply = Client::new(&server.base, Some(forged.clone()), None).get("/api/auth").await;
            assert_eq!(reply.status, 401, "{what}: {}", reply.text);
            let cookie = server.guest().request(Method::GET, "/api/auth").header("cookie", format!("tessera_session={forged}"));
            assert_eq!(Client::finish(cookie).await.status, 401, "{what} as a cookie");
        }
    }

    async fn the_email_query_parameter_never_changes_who_is_calling(backend) {
        let server = TestServer::start(backend).await;
        server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        let me = ada.get(&format!("/api/auth?_email={ADMIN_EMAIL}&_id=1&board=x&referer=y&_filters=a:b")).await;
        assert_eq!(me.expect(200)["email"], "ada@example.com");
        let guest = server.guest().get(&format!("/api/auth?_email={ADMIN_EMAIL}")).await;
        assert_eq!((guest.status, guest.error()), (401, "Please login to do this!"));
    }

    async fn the_current_user_says_is_admin_only_for_configured_administrators(backend) {
        let server = TestServer::start(backend).await;
        let admin = server.admin().await;
        let ada = server.user("Ada", "ada@example.com").await;
        assert_eq!(admin.get("/api/auth").await.expect(200)["is_admin"], true);
        assert_eq!(ada.get("/api/auth").await.expect(200)["is_admin"], false);
        // The configured e-mail decides, whatever its case, and a log-in answer says so too.
        let upper = server.guest().post("/api/auth/login", json!({ "email": ADMIN_EMAIL.to_uppercase(), "password": PASSWORD })).await;
        assert_eq!(upper.expect(200)["user"]["is_admin"], true);
        let plain = server.guest().post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await;
        assert_eq!(plain.expect(200)["user"]["is_admin"], false);
        // Saying so in the request changes nothing: the flag comes from the server's configuration.
        assert_eq!(ada.get(&format!("/api/auth?is_admin=true&_email={ADMIN_EMAIL}")).await.expect(200)["is_admin"], false);
    }

    async fn too_many_attempts_per_account_answer_429_with_retry_after(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        server.user("Grace", "grace@example.com").await;
        let guest = server.guest();
        wait_for_a_fresh_window().await;
        for attempt in 1..=10 {
            let reply = guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": "wrong password" })).await;
            assert_eq!(reply.status, 401, "attempt {attempt}");
        }
        // Over the limit even the right password waits: guessing stops here.
        let blocked = guest.post("/api/auth/login", json!({ "email": "ADA@example.com", "password": PASSWORD })).await;
        assert!(blocked.expect(429)["error"].as_str().unwrap().starts_with("Too many attempts"));
        let retry: u64 = blocked.header("retry-after").expect("Retry-After").parse().unwrap();
        assert!((1..=900).contains(&retry), "{retry}");
        // Another account from the same address is not blocked.
        guest.post("/api/auth/login", json!({ "email": "grace@example.com", "password": PASSWORD })).await.expect(200);
        // Buckets live in the database, where every replica counts.
        let (hits,): (i64,) = sqlx::query_as("SELECT hits FROM rate_limits WHERE bucket = 'login:account:ada@example.com'").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(hits, 11);
    }

    async fn e_mails_to_one_account_are_limited(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        wait_for_a_fresh_window().await;
        for attempt in 1..=5 {
            let reply = guest.post("/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await;
            assert_eq!(reply.status, 200, "attempt {attempt}");
        }
        let blocked = guest.post("/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await;
        assert_eq!(blocked.status, 429);
        assert_eq!(outbox(&server, "ada@example.com").await.len(), 5);
        // Each call counts on its own: the inbox owner can still ask for a log-in link.
        guest.post("/api/auth/login-link", json!({ "email": "ada@example.com" })).await.expect(200);
    }

    async fn replicas_share_the_attempt_counts(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        let replica = second_replica(&server).await;
        wait_for_a_fresh_window().await;
        for (attempt, base) in [&server.base, &replica].into_iter().cycle().take(10).enumerate() {
            let reply = Client::new(base, None, None).post("/api/auth/login", json!({ "email": "ada@example.com", "password": "wrong password" })).await;
            assert_eq!(reply.status, 401, "attempt {}", attempt + 1);
        }
        for base in [&server.base, &replica] {
            let blocked = Client::new(base, None, None).post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await;
            assert_eq!(blocked.status, 429, "{base}");
        }
    }

    async fn too_many_attempts_per_address_answer_429(backend) {
        let server = TestServer::start_with(backend, |config| config.trust_proxy = true).await;
        let guest = server.guest();
        let from = |address: &str, email: String| {
            guest.request(Method::POST, "/api/auth/login").header("x-forwarded-for", format!("10.9.9.9, {address}")).json(&json!({ "email": email, "password": PASSWORD }))
        };
        wait_for_a_fresh_window().await;
        for attempt in 1..=30 {
            let reply = Client::finish(from("203.0.113.7", format!("nobody{attempt}@example.com"))).await;
            assert_eq!(reply.status, 404, "attempt {attempt}");
        }
        let blocked = Client::finish(from("203.0.113.7", "fresh@example.com".to_owned())).await;
        assert_eq!(blocked.status, 429);
        assert!(blocked.header("retry-after").is_some());
        // The proxy's last entry is the address; the client-written first entry is not.
        assert_eq!(Client::finish(from("203.0.113.8", "fresh@example.com".to_owned())).await.status, 404);
    }

    async fn the_openapi_document_describes_the_auth_calls(backend) {
        let server = TestServer::start(backend).await;
        let document = server.guest().get("/api/openapi.json").await;
        let paths = &document.expect(200)["paths"];
        for path in ["/api/auth", "/api/auth/signup", "/api/auth/verify-email", "/api/auth/resend-code", "/api/auth/login", "/api/auth/login-link", "/api/auth/forgot-password", "/api/auth/reset-password", "/api/auth/logout"] {
            assert!(paths.get(path).is_some(), "{path} is missing");
        }
        assert!(paths["/api/auth"].get("get").is_some() && paths["/api/auth"].get("post").is_some());
        // The current user keeps the spec's fields and says whether they administer the platform.
        let user = &document.expect(200)["components"]["schemas"]["AuthUser"];
        assert_eq!(user["properties"]["is_admin"]["type"], "boolean");
        let required: Vec<&str> = user["required"].as_array().unwrap().iter().map(|field| field.as_str().unwrap()).collect();
        for field in ["id", "email", "name", "plan", "is_admin"] {
            assert!(required.contains(&field), "{field} is not required in {user}");
        }
    }

    async fn e_mailed_links_come_from_the_configured_base_url_whatever_the_request_says(backend) {
        const HOST: &str = "boards.example.org";
        let server = TestServer::start_with(backend, |config| config.base_url = Some(format!("https://{HOST}"))).await;
        let owner = server.user("Ada", "ada@example.com").await;
        let app = crate::apps::app(&owner, "links").await;
        // Every header a proxy or an attacker could use to make the server believe it is elsewhere.
        let spoofed = |client: &Client, path: &str, body: serde_json::Value| {
            let request = client
                .request(Method::POST, path)
                .header("host", "evil.example")
                .header("x-forwarded-host", "evil.example")
                .header("x-forwarded-proto", "http")
                .header("forwarded", "host=evil.example;proto=http")
                .header("origin", "https://evil.example")
                .header("referer", "https://evil.example/dashboard");
            Client::finish(request.json(&body))
        };
        spoofed(&server.guest(), "/api/auth/signup", json!({ "name": "Grace", "email": "grace@example.com", "password": PASSWORD })).await.expect(201);
        spoofed(&server.guest(), "/api/auth/login-link", json!({ "email": "ada@example.com" })).await.expect(200);
        spoofed(&server.guest(), "/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await.expect(200);
        let invitation = json!({ "appId": app["id"], "name": "Rita", "email": "rita@example.com", "permissions": "read" });
        spoofed(&owner, "/api/mutipageapp_users", invitation).await.expect(201);

        let mails: Vec<(String, String)> = all_mail(&server).await.into_iter().map(|(_, subject, body)| (subject, body)).collect();
        assert!(mails.len() >= 4, "sign-up, log-in link, reset and invitation each send one: {mails:?}");
        let mut links = 0;
        for (subject, body) in &mails {
            assert!(!body.contains("evil.example"), "{subject} was built from the request's headers: {body}");
            for link in body.split_whitespace().filter(|word| word.contains("://")) {
                // An app's invitation leads to its own sub-domain of the configured host.
                let host = link.trim_start_matches(['(', '<']).strip_prefix("https://").and_then(|rest| rest.split(['/', '?']).next());
                assert!(host.is_some_and(|host| host == HOST || host.ends_with(&format!(".{HOST}"))), "{subject} links to {link}");
                links += 1;
            }
        }
        assert!(links >= 3, "the verification, log-in and invitation e-mails carry links: {mails:?}");
    }

    async fn a_password_chosen_before_verification_stops_working_when_the_mailbox_owner_verifies(backend) {
        let server = TestServer::start(backend).await;
        // Eve signs up with Ada's address and a password of her own; she cannot read Ada's mail.
        let eve = server.guest();
        let eves = json!({ "email": "ada@example.com", "password": "eves own password" });
        eve.post("/api/auth/signup", json!({ "name": "Ada", "email": "ada@example.com", "password": "eves own password" })).await.expect(201);
        // A session the unverified account got some other way ends when it is verified too.
        let (pending, _) = tessera_server::accounts::find_by_email(server.db(), "ada@example.com").await.unwrap().unwrap();
        let early = server.session_for(pending).await;

        // Ada, in her own browser, asks for a log-in link and follows it: she is in.
        let ada = server.guest();
        clear_outbox(&server).await;
        ada.post("/api/auth/login-link", json!({ "email": "ada@example.com" })).await.expect(200);
        let token = token_in(&only_mail(&server, "ada@example.com").await.1);
        assert_eq!(ada.post("/api/auth", json!({ "token": token })).await.expect(200)["user"]["email"], "ada@example.com");
        assert!(is_verified(&server, "ada@example.com").await);

        // Eve's password opens nothing, from her browser or any other, and the early session is over.
        for client in [&eve, &server.guest()] {
            let refused = client.post("/api/auth/login", eves.clone()).await;
            assert_eq!((refused.status, refused.error()), (401, "Incorrect password. Please try again, or reset your password."));
        }
        assert_eq!(early.get("/api/auth").await.status, 401);

        // Ada sets a password of her own: there is no current one to ask her for.
        assert_eq!(ada.get("/api/account").await.expect(200)["has_password"], false);
        ada.put("/api/account/password", json!({ "new_password": NEW_PASSWORD })).await.expect(200);
        assert_eq!(ada.get("/api/account").await.expect(200)["has_password"], true);
        server.guest().post("/api/auth/login", json!({ "email": "ada@example.com", "password": NEW_PASSWORD })).await.expect(200);
    }

    async fn a_code_typed_in_another_browser_clears_the_sign_up_password_and_in_the_same_keeps_it(backend) {
        let server = TestServer::start(backend).await;
        let eve = server.guest();
        eve.post("/api/auth/signup", json!({ "name": "Grace", "email": "grace@example.com", "password": "eves own password" })).await.expect(201);
        let grace = server.guest();
        clear_outbox(&server).await;
        grace.post("/api/auth/resend-code", json!({ "email": "grace@example.com" })).await.expect(200);
        let code = code_in(&only_mail(&server, "grace@example.com").await.1);
        grace.post("/api/auth/verify-email", json!({ "email": "grace@example.com", "code": code })).await.expect(200);
        let refused = eve.post("/api/auth/login", json!({ "email": "grace@example.com", "password": "eves own password" })).await;
        assert_eq!(refused.status, 401);

        // The usual sign-up: the browser that chose the password verifies, and the password stays.
        let hal = server.guest();
        sign_up(&hal, "Hal", "hal@example.com").await.expect(201);
        let code = code_in(&only_mail(&server, "hal@example.com").await.1);
        hal.post("/api/auth/verify-email", json!({ "email": "hal@example.com", "code": code })).await.expect(200);
        server.guest().post("/api/auth/login", json!({ "email": "hal@example.com", "password": PASSWORD })).await.expect(200);
        // A proof of another account's sign-up keeps nothing.
        sign_up(&hal, "Ida", "ida@example.com").await.expect(201);
        let ida = server.guest();
        sign_up(&ida, "Jon", "jon@example.com").await.expect(201);
        let token = token_in(&only_mail(&server, "ida@example.com").await.1);
        ida.post("/api/auth", json!({ "token": token })).await.expect(200);
        server.guest().post("/api/auth/login", json!({ "email": "ida@example.com", "password": PASSWORD })).await.expect(401);
    }

    async fn a_day_of_wrong_codes_is_refused_and_its_owner_is_told_once(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        sign_up(&guest, "Grace", "grace@example.com").await.expect(201);
        wait_for_a_fresh_day().await;
        guest.post("/api/auth/forgot-password", json!({ "email": "ada@example.com" })).await.expect(200);
        let code = code_in(&only_mail(&server, "ada@example.com").await.1);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let reset = |code: &str| json!({ "email": "ada@example.com", "code": code, "password": NEW_PASSWORD });
        const NOTICE: &str = "Too many wrong codes for your Tessera account";
        let notices = || async { outbox(&server, "ada@example.com").await.into_iter().filter(|(subject, _)| subject == NOTICE).count() };

        // Wrong verification and reset codes count alike.
        guest.post("/api/auth/reset-password", reset(wrong)).await.expect(400);
        guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": wrong })).await.expect(400);
        let bucket = "wrong-code:day:ada@example.com";
        let (hits,): (i64,) = sqlx::query_as("SELECT hits FROM rate_limits WHERE bucket = $1").bind(bucket).fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(hits, 2);
        assert_eq!(notices().await, 0);
        // The rest of a day of guessing, spread over many 15-minute windows.
        sqlx::query("UPDATE rate_limits SET hits = 29 WHERE bucket = $1").bind(bucket).execute(&server.db().pool).await.unwrap();

        // The 30th wrong code is answered as wrong and tells the owner.
        guest.post("/api/auth/reset-password", reset(wrong)).await.expect(400);
        assert_eq!(notices().await, 1);
        let (_, notice) = outbox(&server, "ada@example.com").await.into_iter().find(|(subject, _)| subject == NOTICE).unwrap();
        assert!(notice.contains("Hello Ada") && notice.contains("30 wrong codes"), "{notice}");

        // Then even the right code waits for the next day, and more guesses tell nobody again.
        let blocked = guest.post("/api/auth/reset-password", reset(&code)).await;
        assert!(blocked.expect(429)["error"].as_str().unwrap().starts_with("Too many attempts"), "{}", blocked.text);
        let retry: u64 = blocked.header("retry-after").expect("Retry-After").parse().unwrap();
        assert!((1..=86_400).contains(&retry), "{retry}");
        assert_eq!(guest.post("/api/auth/verify-email", json!({ "email": "ada@example.com", "code": wrong })).await.status, 429);
        assert_eq!(notices().await, 1);
        guest.post("/api/auth/login", json!({ "email": "ada@example.com", "password": PASSWORD })).await.expect(200);

        // Another account is not held up.
        let code = code_in(&only_mail(&server, "grace@example.com").await.1);
        guest.post("/api/auth/verify-email", json!({ "email": "grace@example.com", "code": code })).await.expect(200);
    }

    async fn the_outbox_keeps_codes_and_log_in_links_sealed_and_a_restart_still_opens_them(backend) {
        let server = TestServer::start(backend).await;
        sign_up(&server.guest(), "Ada", "ada@example.com").await.expect(201);
        let (_, body) = only_mail(&server, "ada@example.com").await;
        let (code, token) = (code_in(&body), token_in(&body));
        let (stored,): (String,) =
            sqlx::query_as("SELECT body FROM outbox WHERE recipient = 'ada@example.com'").fetch_one(&server.db().pool).await.unwrap();
        assert!(!stored.contains(&code) && !stored.contains(&token) && !stored.contains("Hello Ada"), "{stored}");
        // After a restart (the same database, so the same signing secret) a message still to be
        // delivered opens as it was written.
        let restarted = TestServer::start_on(server.stop(), |_| {}).await;
        assert_eq!(restarted.state.mailer.open("ada@example.com", &stored).unwrap(), body);
    }
}
