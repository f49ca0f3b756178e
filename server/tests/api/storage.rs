//! Storage: migrations on both backends, durability of acknowledged writes, replicas sharing
//! one database.

use serde_json::json;
use sqlx::{Connection, Executor};
use tessera_server::infra::db::Flag;

use crate::both_databases;
use crate::support::{Backend, TestServer};

both_databases! {
    async fn migrations_create_the_schema_with_the_two_plans(backend) {
        let server = TestServer::start(backend).await;
        let plans: Vec<(String, Flag)> = sqlx::query_as("SELECT id, embedding FROM plans ORDER BY id").fetch_all(&server.db().pool).await.unwrap();
        assert_eq!(plans, [("free".to_owned(), Flag(false)), ("paid".to_owned(), Flag(true))]);
        let health = server.guest().get("/api/health").await;
        assert_eq!(health.expect(200)["status"], "ok");
    }

    async fn a_restart_on_the_same_database_keeps_data_and_sessions(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let token = ada.token.clone();
        let database = server.stop();
        let restarted = TestServer::start_on(database, |_| {}).await;
        let again = crate::support::Client::new(&restarted.base, token, None);
        let me = again.get("/api/auth").await;
        assert_eq!(me.expect(200)["email"], "ada@example.com");
        assert_eq!(backend == Backend::Sqlite, restarted.db().backend == tessera_server::infra::db::Backend::Sqlite);
    }

    async fn a_database_that_cannot_take_writes_answers_503_with_retry_after_and_health_says_so(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        assert_eq!(server.guest().get("/api/health").await.expect(200)["status"], "ok");
        // Another connection keeps the server's from writing: SQLite's write lock held past the
        // busy wait (a long write of another process, a backup tool), PostgreSQL turned
        // read-only (a standby being promoted).
        let mut holder = sqlx::AnyConnection::connect(server.database_url()).await.unwrap();
        match backend {
            Backend::Sqlite => {
                holder.execute("BEGIN IMMEDIATE").await.unwrap();
            }
            Backend::Postgres => {
                holder.execute("DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_read_only = on', current_database()); END $$").await.unwrap();
                holder.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").await.unwrap();
            }
        }
        let health = server.guest().get("/api/health").await;
        assert_eq!((health.status, health.header("retry-after")), (503, Some("5")), "{}", health.text);
        let write = ada.post("/api/workspaces", json!({"name": "Acme", "subdomain": "acme-busy"})).await;
        assert_eq!((write.status, write.header("retry-after")), (503, Some("5")), "{}", write.text);
        assert!(write.error().starts_with("Tessera's database is not answering right now"), "{}", write.text);

        if backend == Backend::Postgres {
            holder.execute("DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET default_transaction_read_only', current_database()); END $$").await.unwrap();
            holder.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").await.unwrap();
        }
        holder.close().await.unwrap();
        assert_eq!(server.guest().get("/api/health").await.expect(200)["status"], "ok", "the same server recovers");
    }
}
