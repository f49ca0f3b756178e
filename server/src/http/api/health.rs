//! `GET /api/health`: whether this server can serve, and the running version, for CI, deploy
//! checks, load balancers and humans. It asks the database each time, as a request would: a
//! server whose database cannot be read or written answers 503, never "ok".

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::infra::db::Db;
use crate::infra::error::{Error, ErrorBody};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    status: &'static str,
    version: &'static str,
}

/// The server is up and its database answers reads and writes; which version it runs.
#[utoipa::path(get, path = "/health", tag = "health",
    responses((status = 200, body = Health),
        (status = 503, body = ErrorBody, description = "The database cannot be read or written now; `Retry-After` says when to ask again")))]
async fn get(State(state): State<AppState>) -> Result<Json<Health>, Error> {
    database_answers(&state.db).await?;
    Ok(Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") }))
}

/// Reads a table and takes the write lock as a write would (an update of no row), then rolls
/// back. A plain `SELECT 1` would pass while SQLite is locked by another connection or
/// PostgreSQL is read-only, when every write fails. Any failure means the server cannot serve,
/// so it is the 503 of an unreachable database whatever its cause (which is logged).
async fn database_answers(db: &Db) -> Result<(), Error> {
    let checked: Result<(), sqlx::Error> = async {
        let mut transaction = db.pool.begin().await?;
        sqlx::query("UPDATE plans SET name = name WHERE id = ''").execute(&mut *transaction).await?;
        transaction.rollback().await
    }
    .await;
    checked
        .map_err(|source| Error::DatabaseUnavailable { context: "checking the database for /api/health".to_owned(), source: source.into() })
}
