//! Plans and payments: the plan list, redeeming a code (`/dashboard/redeemappsumocodes`), the
//! payment provider's webhook and the latest payment the `payment_success` / `payment_fail`
//! pages show.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::normalise_email;
use crate::boards::plans::{self, Payment, PaymentStatus, Plan, PlanRef};
use crate::http::api::ApiJson;
use crate::infra::db::now;
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(redeem)).routes(routes!(webhook)).routes(routes!(latest_payment))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlansAnswer {
    pub plans: Vec<Plan>,
    /// The caller's plan id; null for guests.
    pub mine: Option<String>,
}

/// Every plan and, when signed in, which one is the caller's.
#[utoipa::path(get, path = "/plans", tag = "plans", responses((status = 200, body = PlansAnswer)))]
async fn list(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<PlansAnswer>, Error> {
    let plans = plans::list(&state.db).await?;
    let mine = caller.signed_in.map(|signed_in| signed_in.user.plan_id);
    Ok(ApiJson(PlansAnswer { plans, mine }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RedeemRequest {
    /// The code as typed; spaces around it and letter case do not matter.
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RedeemAnswer {
    pub plan: PlanRef,
}

/// Redeems a code for the caller, who moves to the code's plan. A code works once.
#[utoipa::path(
    post,
    path = "/plans/redeem",
    tag = "plans",
    request_body = RedeemRequest,
    responses(
        (status = 200, body = RedeemAnswer),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such code", body = ErrorBody),
        (status = 409, description = "The code was already redeemed", body = ErrorBody),
        (status = 422, description = "No code given", body = ErrorBody),
    )
)]
async fn redeem(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(request): ApiJson<RedeemRequest>,
) -> Result<ApiJson<RedeemAnswer>, Error> {
    let signed_in = caller.user()?;
    let plan_id = plans::redeem(&state.db, &signed_in.user.id, &request.code).await?;
    Ok(ApiJson(RedeemAnswer { plan: PlanRef::after_change(&signed_in.user, state.config.plan_of(&plan_id)) }))
}

/// A payment provider event. Only `payment.succeeded` and `payment.failed` are acted on.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentEvent {
    /// The provider's event id: an event is processed once, however often it is delivered.
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    #[serde(default)]
    pub data: Option<PaymentEventData>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentEventData {
    /// The paying account, by e-mail or by `user_id`.
    pub email: Option<String>,
    pub user_id: Option<String>,
    /// The plan paid for (`paid`).
    pub plan: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookAnswer {
    /// The event was delivered before; nothing changed.
    pub duplicate: bool,
    /// The event type is not one Tessera acts on.
    pub ignored: bool,
}

/// The payment provider's webhook. The `Tessera-Signature` header (`t=<unix seconds>,v1=<hex
/// HMAC-SHA256 of "<t>.<raw body>">`) is checked before the body is read.
#[utoipa::path(
    post,
    path = "/payments/webhook",
    tag = "plans",
    request_body = PaymentEvent,
    params(("Tessera-Signature" = String, Header, description = "t=<unix seconds>,v1=<hex HMAC-SHA256 over \"<t>.<raw body>\">")),
    responses(
        (status = 200, body = WebhookAnswer),
        (status = 400, description = "Missing, wrong or stale signature, or an unreadable body", body = ErrorBody),
        (status = 422, description = "A field of the event is missing or unknown", body = ErrorBody),
        (status = 503, description = "No webhook secret is configured", body = ErrorBody),
    )
)]
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<ApiJson<WebhookAnswer>, Error> {
    let secret = state.config.payment_webhook_secret.as_deref().ok_or_else(|| Error::Unavailable(PAYMENTS_OFF.to_owned()))?;
    let header = headers.get("tessera-signature").and_then(|value| value.to_str().ok());
    plans::verify_signature(secret.as_bytes(), header, &body, now())?;
    let event: PaymentEvent = serde_json::from_slice(&body).map_err(|error| Error::BadRequest(format!("Invalid webhook body: {error}")))?;
    let Some(status) = PaymentStatus::of_event_type(&event.event_type) else {
        tracing::info!(event_id = %event.id, event_type = %event.event_type, "ignored a payment event type");
        return Ok(ApiJson(WebhookAnswer { duplicate: false, ignored: true }));
    };
    let data = event.data.ok_or_else(|| Error::invalid("data", "A payment event needs `data` with the account and the plan."))?;
    let plan_id = match (&data.plan, status) {
        (Some(plan), _) => {
            plans::require_known(&state.db, "data.plan", plan).await?;
            Some(plan.as_str())
        }
        (None, PaymentStatus::Succeeded) => return Err(Error::invalid("data.plan", "A succeeded payment needs the plan paid for.")),
        (None, PaymentStatus::Failed) => None,
    };
    let user_id = paying_user(&state, &data).await?;
    if user_id.is_none() {
        tracing::warn!(event_id = %event.id, "a payment event matches no account; stored without one");
    }
    let detail = if user_id.is_some() { "" } else { "No account matches this event." };
    let payment = Payment { event_id: &event.id, status, user_id: user_id.as_deref(), plan_id, detail };
    let fresh = plans::record_payment(&state.db, &payment).await?;
    Ok(ApiJson(WebhookAnswer { duplicate: !fresh, ignored: false }))
}

const PAYMENTS_OFF: &str = "Payments are not configured on this server.";

/// The account an event is about: `user_id` when given, else the e-mail.
async fn paying_user(state: &AppState, data: &PaymentEventData) -> Result<Option<String>, Error> {
    let (sql, key) = match (&data.user_id, &data.email) {
        (Some(user_id), _) => ("SELECT id FROM users WHERE id = $1", user_id.clone()),
        (None, Some(email)) => ("SELECT id FROM users WHERE email = $1", normalise_email(email)),
        (None, None) => return Err(Error::invalid("data.email", "A payment event needs the account's `email` or `user_id`.")),
    };
    let found: Option<(String,)> = sqlx::query_as(sql).bind(key).fetch_optional(&state.db.pool).await.context("finding a paying user")?;
    Ok(found.map(|(id,)| id))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LatestPayment {
    /// `succeeded` or `failed`.
    pub status: String,
    pub plan: Option<String>,
    /// Unix seconds.
    pub received_at: i64,
}

/// The caller's most recent payment, for the payment outcome pages.
#[utoipa::path(
    get,
    path = "/payments/latest",
    tag = "plans",
    responses(
        (status = 200, body = LatestPayment),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No payment yet", body = ErrorBody),
    )
)]
async fn latest_payment(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<LatestPayment>, Error> {
    let signed_in = caller.user()?;
    // Events of the same second are ordered by id only so that the answer is stable.
    let row: Option<(String, Option<String>, i64)> =
        sqlx::query_as("SELECT status, plan_id, received_at FROM payments WHERE user_id = $1 ORDER BY received_at DESC, id DESC LIMIT 1")
            .bind(&signed_in.user.id)
            .fetch_optional(&state.db.pool)
            .await
            .context("reading the latest payment")?;
    let (status, plan, received_at) =
        row.ok_or_else(|| Error::NotFound("No payment has been received for your account yet.".to_owned()))?;
    Ok(ApiJson(LatestPayment { status, plan, received_at }))
}
