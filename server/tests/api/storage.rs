//! Storage: migrations on both backends, durability of acknowledged writes, replicas sharing
//! one database.

use tessera_server::db::Flag;

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
        assert_eq!(backend == Backend::Sqlite, restarted.db().backend == tessera_server::db::Backend::Sqlite);
    }
}
