//! Row actions the server runs (blocks §3.6): 'API call' and 'Download pdf'. The others
//! (duplicate, edit and delete rows, open a link, compose an e-mail, copy) run in the browser,
//! the row writes through `api::rows`.
//!
//! **Who.** The caller must be able to view the block and be covered by its
//! `action_button_visibility` (default Everyone; see [`crate::access::audience`]), and the row must be
//! one the block shows that caller (its board's or page's filters, the block's conditional
//! filter and the session rules apply), so an action never reveals or sends a row its viewer
//! could not see.
//!
//! **API call.** A POST to `api_endpoint` with a body built from `field_mapping` (body key to a
//! column name, whose cell is sent, or to a text whose `[Column]` names are filled from the row
//! as markdown templates fill them), as JSON (`body_type` JSON, the default) or multipart
//! form-data, with `authorization_method` No Auth, Bearer Token (`Authorization: Bearer
//! {token}`) or Custom Header (`custom_header` as `Name: value`, or a header name whose value is
//! `token`). The token never reaches viewers: board and page states leave it out for callers who
//! cannot edit. The request goes out through `AppState::action_http`: private, loopback,
//! link-local and metadata addresses are refused in the URL, in DNS answers and in each of at
//! most 3 redirects ([`crate::infra::outbound`]); it may take 10 seconds in all, and at most 1 MiB of
//! the answer is read (and otherwise ignored: the spec shows no response handling). A 2xx
//! answer is `{ok: true, message: success_message}`; anything else answers 502 with the
//! action's `error_message`, else a text that says what failed.
//!
//! **Download pdf.** `{ok: true, message, text}`: `pdf_template` with the row's `[Column]`
//! values filled in; the browser lays the text out as a PDF.

use axum::extract::{Path, Query, State};
use reqwest::header::{HeaderName, HeaderValue};
use reqwest::{RequestBuilder, Url};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tessera_core::markdown;
use tessera_core::table::Table;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{ApiJson, SpecParams};
use crate::access::audience;
use crate::access::scope;
use crate::access::sheet_query::{self, Viewer};
use crate::accounts::auth::Caller;
use crate::infra::error::{Error, ErrorBody};
use crate::infra::outbound;
use crate::AppState;

/// The answer of an action without a `success_message`.
pub const DONE: &str = "Done";

/// The most of an endpoint's answer that is read.
const MAX_ANSWER_BYTES: usize = 1024 * 1024;

const REFUSED: &str = "The API call was refused: its endpoint is on a private network, which Tessera does not call.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(run))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RunAction {
    /// The row's 'ChartApps Record ID'.
    pub record_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActionDone {
    pub ok: bool,
    /// The action's `success_message`, else 'Done'.
    pub message: String,
    /// Download pdf: `pdf_template` with the row's values filled in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The two kinds of action the server runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    ApiCall,
    DownloadPdf,
}

/// Runs the block's row action `index` (0-based) on one row.
#[utoipa::path(post, path = "/blocks/{blockId}/actions/{index}", tag = "rows", request_body = RunAction,
    params(("blockId" = String, Path, description = "The table or list block"), ("index" = usize, Path, description = "The action's place in the block's `actions`, from 0"),
        SpecParams),
    responses((status = 200, body = ActionDone), (status = 400, body = ErrorBody, description = "An action that runs in the browser"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such block or action, or a row the block does not show the caller"),
        (status = 502, body = ErrorBody, description = "The API endpoint failed, took more than 10 seconds, or is on a private network")))]
async fn run(
    State(state): State<AppState>,
    caller: Caller,
    Path((block_id, index)): Path<(String, String)>,
    Query(spec): Query<SpecParams>,
    ApiJson(body): ApiJson<RunAction>,
) -> Result<ApiJson<ActionDone>, Error> {
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    let block_type = access.block_type().to_owned();
    if !tessera_blocks::BlockType::parse(&block_type).is_some_and(|kind| kind.capabilities().row_actions) {
        return Err(Error::BadRequest(format!("A {block_type} block has no row actions.")));
    }
    let actions = access.block.config.get("actions").and_then(Value::as_array);
    let action = index.trim().parse::<usize>().ok().and_then(|at| actions?.get(at)).and_then(Value::as_object).cloned();
    let action = action.ok_or_else(|| Error::NotFound(format!("This {block_type} has no action {index}.")))?;
    access.rights().require_actions()?;
    let kind_text = text(&action, "type").unwrap_or_default();
    let kind = if audience::is_action(kind_text, "API call") {
        Kind::ApiCall
    } else if audience::is_action(kind_text, "Download pdf") {
        Kind::DownloadPdf
    } else {
        return Err(Error::BadRequest(format!(
            "The '{kind_text}' action runs in the browser; the server runs only API calls and PDF downloads."
        )));
    };
    let viewer = Viewer::new(&caller, spec.session_row_id, spec.url_filters);
    let scope = scope::block_scope(&state.db, &caller, &access).await?;
    let (table, row) = sheet_query::shown_row(&state, &scope, &access.block, &viewer, &body.record_id).await?;
    let message = text(&action, "success_message").unwrap_or(DONE).to_owned();
    match kind {
        Kind::DownloadPdf => {
            let filled = markdown::render_row(text(&action, "pdf_template").unwrap_or_default(), &table, row);
            Ok(ApiJson(ActionDone { ok: true, message, text: Some(filled) }))
        }
        Kind::ApiCall => {
            call(&state, &action, &table, row).await?;
            Ok(ApiJson(ActionDone { ok: true, message, text: None }))
        }
    }
}

/// A setting's text, trimmed; `None` when absent or empty.
fn text<'a>(action: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    action.get(key).and_then(Value::as_str).map(str::trim).filter(|text| !text.is_empty())
}

/// The body of an API call: each `field_mapping` key with the row's cell of the column its
/// value names, or its value with `[Column]` names filled in, in the mapping's order.
fn body_fields(action: &Map<String, Value>, table: &Table, row: usize) -> Vec<(String, String)> {
    let visible = table.visible_columns();
    let mapping = action.get("field_mapping").and_then(Value::as_object).into_iter().flatten();
    mapping
        .map(|(key, value)| {
            let value = value.as_str().unwrap_or_default();
            let column = table.column_index(value).filter(|c| visible.contains(c));
            let filled = match column {
                Some(c) => table.cell(row, c).to_owned(),
                None => markdown::render_row(value, table, row),
            };
            (key.clone(), filled)
        })
        .collect()
}

/// Sends the API call; an error is the 502 to answer.
async fn call(state: &AppState, action: &Map<String, Value>, table: &Table, row: usize) -> Result<(), Error> {
    let endpoint = text(action, "api_endpoint").unwrap_or_default();
    let failed = |reason: &str| {
        tracing::info!(%endpoint, %reason, "an API-call row action failed");
        Error::BadGateway(text(action, "error_message").unwrap_or(reason).to_owned())
    };
    let url = Url::parse(endpoint).ok().filter(|url| matches!(url.scheme(), "http" | "https") && url.host().is_some());
    let url = url.ok_or_else(|| failed("This action has no API endpoint to call: its owner can set an http:// or https:// address."))?;
    if outbound::check_url(&url, &state.config.private_access()).is_err() {
        return Err(failed(REFUSED));
    }
    let fields = body_fields(action, table, row);
    let request = state.action_http.post(url);
    let request = match text(action, "body_type") {
        Some("Form-data") => {
            request.multipart(fields.into_iter().fold(reqwest::multipart::Form::new(), |form, (key, value)| form.text(key, value)))
        }
        _ => request.json(&fields.into_iter().map(|(key, value)| (key, Value::String(value))).collect::<Map<String, Value>>()),
    };
    let request = authorize(request, action).map_err(|reason| failed(&reason))?;
    let mut response = request.send().await.map_err(|error| failed(&describe(&error)))?;
    let status = response.status();
    if !status.is_success() {
        return Err(failed(&format!("The API call failed: its endpoint answered HTTP {}.", status.as_u16())));
    }
    // The answer is not shown (blocks §7); read a bounded part so the exchange completes.
    let mut read = 0;
    while read < MAX_ANSWER_BYTES {
        match response.chunk().await.map_err(|error| failed(&describe(&error)))? {
            Some(chunk) => read += chunk.len(),
            None => break,
        }
    }
    Ok(())
}

/// The action's authorisation, or why it cannot be sent.
fn authorize(request: RequestBuilder, action: &Map<String, Value>) -> Result<RequestBuilder, String> {
    let token = text(action, "token").unwrap_or_default();
    match text(action, "authorization_method") {
        Some("Bearer Token") => {
            let value = HeaderValue::from_str(&format!("Bearer {token}"))
                .map_err(|_| "This action's token cannot be sent in a header; its owner can correct it.".to_owned())?;
            Ok(request.header(reqwest::header::AUTHORIZATION, sensitive(value)))
        }
        Some("Custom Header") => {
            let setting = text(action, "custom_header").unwrap_or_default();
            let (name, value) = setting.split_once(':').map_or((setting, token), |(name, value)| (name.trim(), value.trim()));
            let bad = || format!("This action's custom header `{name}` is not a valid HTTP header; its owner can correct it.");
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad())?;
            let value = HeaderValue::from_str(value).map_err(|_| bad())?;
            Ok(request.header(name, sensitive(value)))
        }
        _ => Ok(request),
    }
}

/// Marked so that logging and HTTP/2 header compression treat it as a secret.
fn sensitive(mut value: HeaderValue) -> HeaderValue {
    value.set_sensitive(true);
    value
}

fn describe(error: &reqwest::Error) -> String {
    if outbound::refused(error) {
        REFUSED.to_owned()
    } else if error.is_timeout() {
        "The API call failed: its endpoint did not answer within 10 seconds.".to_owned()
    } else if error.is_redirect() {
        "The API call failed: its endpoint redirected more than 3 times.".to_owned()
    } else {
        "The API call failed: its endpoint could not be reached.".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use tessera_core::table::RECORD_ID_COLUMN;

    use super::*;

    fn table() -> Table {
        let rows = [["Ada", "ada@example.com", "r1"], ["Bob", "bob@example.com", "r2"]];
        let rows: Vec<Vec<&str>> = rows.iter().map(|row| row.to_vec()).collect();
        Table::from_rows(vec!["Name".into(), "Email".into(), RECORD_ID_COLUMN.into()], &rows).unwrap()
    }

    #[test]
    fn fields_take_a_named_columns_cell_or_a_filled_template() {
        let action = json!({"field_mapping": {"name": "Name", "who": " email ", "note": "Hi [Name] <[Email]>", "fixed": "plain", "id": RECORD_ID_COLUMN}});
        let fields = body_fields(action.as_object().unwrap(), &table(), 1);
        let expected =
            [("name", "Bob"), ("who", "bob@example.com"), ("note", "Hi Bob <bob@example.com>"), ("fixed", "plain"), ("id", "r2")];
        assert_eq!(fields, expected.map(|(k, v)| (k.to_owned(), v.to_owned())));
        assert!(body_fields(json!({}).as_object().unwrap(), &table(), 0).is_empty());
    }

    #[test]
    fn authorisation_headers_follow_the_method() {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::new();
        let header = |action: Value| {
            let request = authorize(client.post("https://api.test/x"), action.as_object().unwrap())?.build().unwrap();
            Ok::<_, String>(
                request.headers().iter().map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned())).collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            header(json!({"authorization_method": "Bearer Token", "token": "t0k"})).unwrap(),
            [("authorization".into(), "Bearer t0k".into())]
        );
        assert_eq!(
            header(json!({"authorization_method": "Custom Header", "custom_header": "X-Api-Key: k1"})).unwrap(),
            [("x-api-key".into(), "k1".into())]
        );
        assert_eq!(
            header(json!({"authorization_method": "Custom Header", "custom_header": "X-Api-Key", "token": "k2"})).unwrap(),
            [("x-api-key".into(), "k2".into())]
        );
        assert!(header(json!({"authorization_method": "No Auth", "token": "unused"})).unwrap().is_empty());
        assert!(header(json!({"authorization_method": "Custom Header", "custom_header": "Bad Name: v"})).unwrap_err().contains("Bad Name"));
        assert!(header(json!({"authorization_method": "Bearer Token", "token": "a\nb"})).is_err());
    }
}
