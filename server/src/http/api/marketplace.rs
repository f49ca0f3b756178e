//! The marketplace (platform §1: boards can be published to a marketplace; route `/marketplace`
//! of §2): a board's listing, which its owner publishes, changes and unpublishes, and the public
//! list of listings that anyone, signed in or not, searches and filters by category.
//!
//! Publishing a listing also makes its board public: a listing leads to the live board, which a
//! visitor could not open while it is private. Unpublishing leaves the board as it is. A listing
//! whose board is made private again stays stored but is not listed until the board is public.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::boards::board_state::{self, Board};
use crate::history::revisions::{self, Editor};
use crate::http::api::{like_pattern, ApiJson};
use crate::infra::db::{now, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_listing, publish, unpublish)).routes(routes!(list))
}

/// The categories a listing may have, in the order the marketplace offers them.
pub const CATEGORIES: [&str; 10] =
    ["Sales", "Marketing", "Finance", "Operations", "HR", "Projects", "Education", "Events", "Personal", "Other"];

const TITLE_MAX: usize = 120;
const DESCRIPTION_MAX: usize = 2000;
const TAGS_MAX: usize = 10;
const TAG_MAX: usize = 30;
const DEFAULT_LIMIT: i64 = 24;
const MAX_LIMIT: i64 = 100;

/// A published board as the marketplace shows it. It never carries the owner's e-mail.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = MarketplaceListing)]
pub struct Listing {
    pub board_id: String,
    /// The board's address: the live board is at `/{slug}`.
    pub slug: String,
    pub title: String,
    pub description: String,
    pub category: String,
    pub tags: Vec<String>,
    /// When the board was first published (Unix seconds); unpublishing and publishing again starts anew.
    pub published_at: i64,
    /// When the listing was last changed (Unix seconds).
    pub updated_at: i64,
    /// The name of the owner of the board's workspace.
    pub owner_name: String,
}

/// What an owner writes about a board to publish it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListingInput {
    /// 1 to 120 characters after trimming.
    pub title: String,
    /// Up to 2000 characters.
    #[serde(default)]
    pub description: String,
    /// One of the marketplace's categories (`categories` of `GET /api/marketplace`).
    pub category: String,
    /// Up to 10 tags of 1 to 30 characters; stored lower-cased, each once.
    #[serde(default)]
    pub tags: Vec<String>,
}

/// A listing as checked and normalised, ready to store.
#[derive(Debug, PartialEq)]
struct CheckedListing {
    title: String,
    description: String,
    category: &'static str,
    tags: Vec<String>,
}

impl ListingInput {
    /// The listing to store, or a 422 naming the first field out of its rules.
    fn checked(&self) -> Result<CheckedListing, Error> {
        let title = self.title.trim();
        if title.is_empty() || title.chars().count() > TITLE_MAX {
            return Err(Error::invalid("title", format!("A title has 1 to {TITLE_MAX} characters.")));
        }
        let description = self.description.trim();
        if description.chars().count() > DESCRIPTION_MAX {
            return Err(Error::invalid("description", format!("A description has at most {DESCRIPTION_MAX} characters.")));
        }
        let category = CATEGORIES
            .into_iter()
            .find(|known| *known == self.category.trim())
            .ok_or_else(|| Error::invalid("category", format!("Choose one of these categories: {}.", CATEGORIES.join(", "))))?;
        let mut tags: Vec<String> = Vec::new();
        for tag in &self.tags {
            let tag = tag.trim().to_lowercase();
            if tag.is_empty() || tag.chars().count() > TAG_MAX {
                return Err(Error::invalid("tags", format!("A tag has 1 to {TAG_MAX} characters.")));
            }
            // The web app splits what is typed at commas, so a comma cannot be part of a tag.
            if tag.contains(',') || tag.chars().any(char::is_control) {
                return Err(Error::invalid("tags", format!("The tag `{tag}` has a comma or a control character.")));
            }
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        if tags.len() > TAGS_MAX {
            return Err(Error::invalid("tags", format!("A listing has at most {TAGS_MAX} tags.")));
        }
        Ok(CheckedListing { title: title.to_owned(), description: description.to_owned(), category, tags })
    }
}

impl CheckedListing {
    /// What a search looks through, lower-cased here (Unicode-aware) rather than by the database.
    fn search_text(&self) -> String {
        format!("{}\n{}\n{}", self.title, self.description, self.tags.join("\n")).to_lowercase()
    }
}

/// The marketplace's query string.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MarketplaceQuery {
    /// Words to find in the title, description or tags, any case.
    pub q: Option<String>,
    /// Only listings of this category (one of `categories`).
    pub category: Option<String>,
    /// 1 to 100, default 24.
    pub limit: Option<i64>,
    /// Listings to skip, default 0.
    pub offset: Option<i64>,
}

/// One page of the marketplace.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarketplacePage {
    /// Newest first.
    pub listings: Vec<Listing>,
    /// How many listings match, over all pages.
    pub total: i64,
    /// Every category a listing may have, in display order.
    pub categories: Vec<&'static str>,
}

type ListingRow = (String, String, String, String, String, String, i64, i64, String);

/// Listings with their board's slug and owner's name; callers add WHERE and ORDER BY.
const SELECT_LISTING: &str = "SELECT l.board_id, b.slug, l.title, l.description, l.category, l.tags, l.published_at, l.updated_at, u.name \
     FROM marketplace_listings l JOIN boards b ON b.id = l.board_id JOIN workspaces w ON w.id = b.workspace_id JOIN users u ON u.id = w.owner_id";

fn listing_of(row: ListingRow) -> Result<Listing, Error> {
    let (board_id, slug, title, description, category, tags, published_at, updated_at, owner_name) = row;
    let tags = serde_json::from_str(&tags).context("reading listing tags")?;
    Ok(Listing { board_id, slug, title, description, category, tags, published_at, updated_at, owner_name })
}

pub(super) async fn find_listing(state: &AppState, board_id: &str) -> Result<Option<Listing>, Error> {
    let row: Option<ListingRow> = sqlx::query_as(&format!("{SELECT_LISTING} WHERE l.board_id = $1"))
        .bind(board_id)
        .fetch_optional(&state.db.pool)
        .await
        .context("reading a listing")?;
    row.map(listing_of).transpose()
}

pub(super) fn listing_not_found() -> Error {
    Error::NotFound("This board is not published to the marketplace.".to_owned())
}

/// The board with `id` if the caller may change it, as for `PUT /api/boards/{boardId}`.
async fn editable_board(state: &AppState, caller: &Caller, id: &str) -> Result<Board, Error> {
    let board = board_state::find_by_id(&state.db, id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    board.role(caller).require_edit()?;
    Ok(board)
}

/// The board's listing, or null while it is not published. Anyone who may see the board may read
/// it. A board without a listing is the normal state the Publish dialog opens on, so it is
/// answered as such rather than as a missing resource (404 stays for a board that does not exist).
#[utoipa::path(get, path = "/boards/{boardId}/listing", tag = "marketplace",
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = Option<Listing>, description = "The listing; null when the board is not published"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such board")))]
async fn get_listing(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<Option<Listing>>, Error> {
    let board = board_state::find_by_id(&state.db, &id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    board.role(&caller).require_view(board.public)?;
    Ok(ApiJson(find_listing(&state, &board.id).await?))
}

/// Publishes the board to the marketplace, or changes its listing (owner or admin). Publishing
/// also makes the board public, since a listing leads visitors to the live board.
#[utoipa::path(put, path = "/boards/{boardId}/listing", tag = "marketplace", request_body = ListingInput,
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = Listing, description = "Published; the board is now public"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn publish(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ListingInput>,
) -> Result<ApiJson<Listing>, Error> {
    let board = editable_board(&state, &caller, &id).await?;
    let listing = body.checked()?;
    let at = now();
    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    sqlx::query(
        "INSERT INTO marketplace_listings (board_id, title, description, category, tags, search_text, published_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (board_id) DO UPDATE SET title = excluded.title, description = excluded.description, category = excluded.category, \
         tags = excluded.tags, search_text = excluded.search_text, updated_at = excluded.updated_at",
    )
    .bind(&board.id)
    .bind(&listing.title)
    .bind(&listing.description)
    .bind(listing.category)
    .bind(serde_json::to_string(&listing.tags).context("writing listing tags")?)
    .bind(listing.search_text())
    .bind(at)
    .execute(&mut *tx)
    .await
    .context("storing a listing")?;
    if !board.public {
        sqlx::query("UPDATE boards SET public = $1, updated_at = $2 WHERE id = $3")
            .bind(Flag(true))
            .bind(at)
            .bind(&board.id)
            .execute(&mut *tx)
            .await
            .context("making a published board public")?;
    }
    tx.commit().await.context("committing a listing")?;
    // What was published stays in the history while the listing does.
    revisions::pin_published(&state.db, &state.config.history, &Editor::of(&caller), &board.id).await?;
    find_listing(&state, &board.id).await?.map(ApiJson).ok_or_else(listing_not_found)
}

/// Takes the board off the marketplace (owner or admin). The board stays public or private as it is.
#[utoipa::path(delete, path = "/boards/{boardId}/listing", tag = "marketplace",
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn unpublish(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, Error> {
    let board = editable_board(&state, &caller, &id).await?;
    let removed = sqlx::query("DELETE FROM marketplace_listings WHERE board_id = $1")
        .bind(&board.id)
        .execute(&state.db.pool)
        .await
        .context("removing a listing")?;
    if removed.rows_affected() == 0 {
        return Err(listing_not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The public marketplace: listings of public boards, newest first, optionally only those whose
/// title, description or tags contain `q` (any case) and only those of one `category`. No
/// session is needed.
#[utoipa::path(get, path = "/marketplace", tag = "marketplace", params(MarketplaceQuery),
    responses((status = 200, body = MarketplacePage), (status = 400, body = ErrorBody, description = "A parameter that does not parse"),
        (status = 422, body = ErrorBody, description = "Unknown category, or limit or offset out of range")))]
async fn list(
    State(state): State<AppState>,
    params: Result<Query<MarketplaceQuery>, QueryRejection>,
) -> Result<ApiJson<MarketplacePage>, Error> {
    let params = params.map(|Query(value)| value).map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let limit = params.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Error::invalid("limit", format!("limit must be from 1 to {MAX_LIMIT}.")));
    }
    let offset = params.offset.unwrap_or(0);
    if offset < 0 {
        return Err(Error::invalid("offset", "offset cannot be negative."));
    }
    let category = match params.category.as_deref().map(str::trim).filter(|category| !category.is_empty()) {
        Some(asked) => Some(CATEGORIES.into_iter().find(|known| *known == asked).ok_or_else(|| {
            Error::invalid("category", format!("No category is called `{asked}`; the categories are {}.", CATEGORIES.join(", ")))
        })?),
        None => None,
    };
    // An absent category is bound as '' and matches every listing, so one statement serves both.
    let filter = "WHERE b.public = $1 AND l.search_text LIKE $2 ESCAPE '\\' AND ($3 = '' OR l.category = $3)";
    let pattern = like_pattern(params.q.as_deref().unwrap_or_default());
    let rows: Vec<ListingRow> =
        sqlx::query_as(&format!("{SELECT_LISTING} {filter} ORDER BY l.published_at DESC, l.title, l.board_id LIMIT $4 OFFSET $5"))
            .bind(Flag(true))
            .bind(&pattern)
            .bind(category.unwrap_or_default())
            .bind(limit)
            .bind(offset)
            .fetch_all(&state.db.pool)
            .await
            .context("listing the marketplace")?;
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM marketplace_listings l JOIN boards b ON b.id = l.board_id {filter}"))
            .bind(Flag(true))
            .bind(&pattern)
            .bind(category.unwrap_or_default())
            .fetch_one(&state.db.pool)
            .await
            .context("counting the marketplace")?;
    Ok(ApiJson(MarketplacePage {
        listings: rows.into_iter().map(listing_of).collect::<Result<_, _>>()?,
        total,
        categories: CATEGORIES.to_vec(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(title: &str, category: &str, tags: &[&str]) -> ListingInput {
        ListingInput {
            title: title.to_owned(),
            description: String::new(),
            category: category.to_owned(),
            tags: tags.iter().map(|tag| (*tag).to_owned()).collect(),
        }
    }

    #[test]
    fn tags_are_trimmed_lower_cased_and_kept_once_in_the_order_given() {
        let checked = input("  Pipeline ", "Sales", &[" CRM", "crm", "Leads "]).checked().unwrap();
        assert_eq!(checked.title, "Pipeline");
        assert_eq!(checked.tags, ["crm", "leads"]);
        assert_eq!(checked.search_text(), "pipeline\n\ncrm\nleads");
    }

    #[test]
    fn each_rule_names_its_field() {
        let long = "x".repeat(121);
        let cases = [
            (input(" ", "Sales", &[]), "title"),
            (input(&long, "Sales", &[]), "title"),
            (input("T", "sales", &[]), "category"),
            (input("T", "Sales", &[""]), "tags"),
            (input("T", "Sales", &["a,b"]), "tags"),
            (input("T", "Sales", &[&"x".repeat(31)]), "tags"),
            (input("T", "Sales", &["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]), "tags"),
        ];
        for (case, field) in cases {
            match case.checked() {
                Err(Error::Invalid { field: got, .. }) => assert_eq!(got, field, "{case:?}"),
                other => panic!("{case:?} gave {other:?}"),
            }
        }
        // Eleven tags that are ten once duplicates go are fine.
        assert!(input("T", "Other", &["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "J"]).checked().is_ok());
    }
}
