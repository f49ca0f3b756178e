//! The demo workspace: on the first start over an empty database (and unless `TESSERA_DEMO=0`),
//! a demo owner, a sample spreadsheet and a public sample board, so a newcomer can log in and
//! look around at once. The owner's password is random and printed once, when it is made.

use serde_json::{json, Value};

use crate::accounts;
use crate::accounts::subdomains::{self, Owner};
use crate::infra::db::{new_id, now, Flag};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::incoming::Incoming;
use crate::sheets::ImportedSheet;
use crate::AppState;

pub const OWNER_EMAIL: &str = "demo@tessera.local";
pub const BOARD_SLUG: &str = "sales-overview";
const SUBDOMAIN: &str = "demo";
const SHEET: &str = "Sales";

/// Creates the demo when no user exists yet. Answers what to tell the person starting the
/// server about it (printed under the start-up line), if there is a demo.
pub async fn seed_if_empty(state: &AppState) -> Result<Option<String>, Error> {
    let board_url = format!("{}/{BOARD_SLUG}", state.config.public_base_url());
    let (users,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(&state.db.pool).await.context("counting users")?;
    if users > 0 {
        let demo = accounts::find_by_email(&state.db, OWNER_EMAIL).await?;
        return Ok(demo.map(|_| {
            format!("Demo board: {board_url}\nDemo owner: {OWNER_EMAIL} (password printed on the first start; reset it at /dashboard/forgetPassword, the code appears in this log)")
        }));
    }
    let password = new_id().replace('-', "")[..16].to_owned();
    let owner = match accounts::create_user(&state.db, "Demo Owner", OWNER_EMAIL, &password, true).await {
        Ok(owner) => owner,
        // Another replica seeded the same empty database first.
        Err(Error::Conflict(_)) => return Ok(None),
        Err(error) => return Err(error),
    };
    // Only the replica that made the owner gets here, so the rest cannot clash.
    insert_workspace(state, &owner.id).await?;
    Ok(Some(format!("Demo board: {board_url}\nDemo owner: {OWNER_EMAIL} / {password}")))
}

async fn insert_workspace(state: &AppState, owner_id: &str) -> Result<(), Error> {
    let at = now();
    let workspace_id = new_id();
    let spreadsheet_id = new_id();
    let board_id = new_id();
    let mut tx = state.db.pool.begin().await.context("starting the demo transaction")?;
    sqlx::query("INSERT INTO workspaces (id, owner_id, name, subdomain, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
        .bind(&workspace_id)
        .bind(owner_id)
        .bind("Demo workspace")
        .bind(SUBDOMAIN)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    subdomains::claim(&mut tx, SUBDOMAIN, Owner::Workspace(&workspace_id)).await?;
    sqlx::query(
        "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, $3, 'upload', $4, $4)",
    )
    .bind(&spreadsheet_id)
    .bind(&workspace_id)
    .bind("Sales sample")
    .bind(at)
    .execute(&mut *tx)
    .await?;
    let settings = json!({
        "title": "Sales overview",
        "hero": "Revenue and units by month, region and product, from the Sales sample spreadsheet.",
        "hide_hero": false,
        "sections": "Overview, Details",
        "current_section": "Overview",
    });
    sqlx::query(
        "INSERT INTO boards (id, workspace_id, slug, name, public, spreadsheet_id, settings, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&board_id)
    .bind(&workspace_id)
    .bind(BOARD_SLUG)
    .bind("Sales overview")
    .bind(Flag(true))
    .bind(&spreadsheet_id)
    .bind(settings.to_string())
    .bind(at)
    .execute(&mut *tx)
    .await?;
    for (position, block) in sample_blocks().into_iter().enumerate() {
        let Value::Object(mut config) = block else { unreachable!("sample blocks are objects") };
        let block_type = config.remove("type").and_then(|t| t.as_str().map(str::to_owned)).unwrap_or_default();
        sqlx::query(
            "INSERT INTO blocks (id, board_id, position, block_type, config, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
        )
        .bind(new_id())
        .bind(&board_id)
        .bind(position as i64)
        .bind(block_type)
        .bind(Value::Object(config).to_string())
        .bind(at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await.context("committing the demo workspace")?;
    Incoming::Whole(vec![sales_sheet()]).store(&state.db, &spreadsheet_id).await?;
    Ok(())
}

/// Two years of monthly sales for three regions and two products: enough rows for filters,
/// charts and paging to show what they do.
fn sales_sheet() -> ImportedSheet {
    let regions = ["North", "South", "West"];
    let products = [("Starter", 49.0), ("Pro", 129.0)];
    let mut rows = Vec::new();
    for month in 0..24u32 {
        let (year, month_of_year) = (2025 + month / 12, month % 12 + 1);
        for (r, region) in regions.iter().enumerate() {
            for (p, (product, price)) in products.iter().enumerate() {
                // A deterministic wave, so every start shows the same numbers.
                let units = 20 + (month * 7 + r as u32 * 11 + p as u32 * 5) % 37;
                let revenue = f64::from(units) * price;
                rows.push(vec![
                    format!("{year}-{month_of_year:02}-01"),
                    region.to_string(),
                    product.to_string(),
                    units.to_string(),
                    format!("{revenue:.2}"),
                ]);
            }
        }
    }
    let columns = ["Date", "Region", "Product", "Units", "Revenue"].map(str::to_owned).to_vec();
    ImportedSheet { title: SHEET.to_owned(), columns, rows }
}

fn sample_blocks() -> Vec<Value> {
    vec![
        json!({
            "type": "scorecard", "title": "Totals", "section": "Overview", "sheet_title": SHEET,
            "axis": [
                { "source": { "sheet": SHEET, "column": "Revenue" }, "label": "Revenue", "function": "sum", "symbol": "$" },
                { "source": { "sheet": SHEET, "column": "Units" }, "label": "Units sold", "function": "sum", "symbol": "" },
            ],
        }),
        json!({
            "type": "chart", "title": "Revenue by month", "section": "Overview", "sheet_title": SHEET, "full_width": true,
            "x_axis": "Date", "legendPosition": "top", "pdf_download": true,
            "axis": [{ "column": "Revenue", "type": "bar", "duplicateXAxis": "sum", "borderWidth": 1 }],
        }),
        json!({
            "type": "table", "title": "All sales", "section": "Details", "sheet_title": SHEET, "full_width": true,
            "paginate": true, "rows_per_page": 10, "csv_download": true, "fit_columns": true,
            "axis": [
                { "column": "Date" }, { "column": "Region" }, { "column": "Product" },
                { "column": "Units", "type": "number" }, { "column": "Revenue", "type": "number" },
            ],
        }),
        json!({
            "type": "markdown", "title": "About this board", "section": "Details",
            "text": "This board reads the **Sales sample** spreadsheet. Log in as the demo owner to edit it, or sign up to build your own.",
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_blocks_meet_the_block_catalogue() {
        for block in sample_blocks() {
            let checked = crate::boards::blocks::validate(block.clone());
            assert!(checked.is_ok(), "{block}: {checked:?}");
        }
    }

    #[test]
    fn the_sample_sheet_loads_into_the_core() {
        let sheet = sales_sheet();
        let table = tessera_core::table::Table::from_rows(sheet.columns, &sheet.rows).unwrap();
        assert_eq!(table.row_count(), 24 * 3 * 2);
        assert_eq!(table.column_index("Revenue"), Some(4));
    }
}
