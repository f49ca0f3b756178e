//! The viewer's scope as a property (issue 45): seeded random boards (tabs, blocks with and
//! without conditional filters, active and inactive board filters) and random callers (a guest
//! and two signed-in visitors) call **every read operation of `/api/openapi.json`** with random
//! parameters, plus the embed page, and no answer may hold a cell of a row, a cell of a column,
//! or the title of a tab, that no block of the board shows that caller (a table may hide its
//! Note column, a chart shows only names, a form shows no rows). Then random writes (edit, delete,
//! duplicate, append, through every block, at rows of every tab, setting random columns) may
//! change only rows the block shows the caller and only the columns it offers.
//!
//! Every cell worth stealing is a unique token (`tok-…`), so a leak is found by scanning the
//! answer's bytes, whatever shape a future endpoint answers in. The owner's answers are scanned
//! too and must hold tokens no visitor may see, so the scan itself is proven able to fail.
//! `TESSERA_SCOPE_CASES` sets the number of boards per database (default 6); a failure prints
//! its seed.

use std::collections::{BTreeMap, BTreeSet};

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use reqwest::Method;
use serde_json::{json, Value};
use tessera_server::sheets::store;
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

const COLUMNS: [&str; 5] = ["Name", "Owner", "Region", "Amount", "Note"];
const VISITORS: [(&str, &str); 2] = [("Ann", "ann@example.com"), ("Bob", "bob@example.com")];
/// Read calls sent as POST (they change nothing).
const READ_POSTS: [&str; 3] = ["/api/board/update-metadata", "/v3/getSpreadsheetData", "/api/page/update-metadata"];

/// One generated board: its tabs' titles, its blocks, its filters.
struct Case {
    slug: String,
    board_id: String,
    workspace_id: String,
    spreadsheet_id: String,
    tabs: Vec<String>,
    blocks: Vec<Block>,
    /// Active `Region =` filters by tab.
    active: BTreeMap<String, String>,
}

#[derive(Clone)]
struct Block {
    id: String,
    kind: &'static str,
    tab: String,
    mine_only: bool,
    /// A table's Note column is `hidden`: not shown, so neither read nor written through it.
    note_hidden: bool,
}

impl Block {
    /// The columns a write through this block may set: a form its fields, a table or list the
    /// columns it shows; an edit only the editable ones.
    fn columns(&self, edit: bool) -> Vec<&'static str> {
        let mut columns = match (self.kind, edit) {
            ("form", _) => vec!["Name", "Note"],
            ("table", false) => vec!["Name", "Note", "Amount"],
            ("table", true) | ("list", _) => vec!["Name", "Note"],
            _ => vec![],
        };
        if self.note_hidden {
            columns.retain(|column| *column != "Note");
        }
        columns
    }

    /// The token columns (Name 0, Note 4) whose cells the block shows its viewers.
    fn shown_columns(&self) -> Vec<usize> {
        match self.kind {
            "table" if self.note_hidden => vec![0],
            "table" | "list" => vec![0, 4],
            "chart" => vec![0],
            _ => vec![],
        }
    }
}

type Rows = Vec<(String, Vec<String>)>;

fn token(case: u64, tab: usize, row: usize, what: &str) -> String {
    format!("tok-{case}-{tab}-{row}-{what}")
}

async fn make_case(server: &TestServer, owner: &Client, rng: &mut StdRng, case: u64) -> Case {
    let slug = format!("scope-{case}");
    let workspace_id = workspace(owner, &format!("ws-{case}")).await;
    let board_id = id(&board(owner, &workspace_id, &slug).await);
    let tab_count = rng.random_range(2..=3);
    let mut tabs = Vec::new();
    let mut imported = Vec::new();
    for t in 0..tab_count {
        let title = token(case, t, 0, "title");
        let rows = (0..rng.random_range(3..=6))
            .map(|r| {
                let owner = ["ann@example.com", "BOB@example.com", "", "cy@example.com"].choose(rng).unwrap().to_string();
                let region = ["North", "South"].choose(rng).unwrap().to_string();
                vec![token(case, t, r, "name"), owner, region, rng.random_range(1..100).to_string(), token(case, t, r, "note")]
            })
            .collect();
        imported.push(ImportedSheet { title: title.clone(), columns: COLUMNS.map(String::from).to_vec(), rows });
        tabs.push(title);
    }
    let spreadsheet_id = spreadsheet(server, &workspace_id, imported).await;
    let mut filters = Vec::new();
    let mut active = BTreeMap::new();
    // Filters name the tabs blocks may read (the owner publishes those names in the filter bar).
    for tab in &tabs[..tabs.len() - 1] {
        let value = *["North", "South"].choose(rng).unwrap();
        let on = rng.random_bool(0.4);
        if on {
            active.insert(tab.clone(), value.to_owned());
        }
        filters.push(json!({"name": format!("Region of {tab}"), "active": on, "condition": "=", "sheet_column": {"sheet": tab, "column": "Region"}, "value": value}));
    }
    let settings = json!({"spreadsheetId": spreadsheet_id, "public": true, "filters": filters});
    owner.put(&format!("/api/boards/{board_id}"), settings).await.expect(200);
    let mut blocks = Vec::new();
    for _ in 0..rng.random_range(1..=4) {
        // The last tab is never read, so every case has a tab outside every visitor's scope.
        let tab = tabs[rng.random_range(0..tabs.len() - 1)].clone();
        let kind = *["table", "list", "chart", "form"].choose(rng).unwrap();
        let mine_only = kind != "form" && rng.random_bool(0.5);
        let note_hidden = kind == "table" && rng.random_bool(0.5);
        let mut config = json!({"type": kind, "sheet_title": tab});
        match kind {
            "table" => {
                config["axis"] = json!([{"column": "Name", "editable": "Everyone"},
                    {"column": "Note", "editable": "Everyone", "hidden": note_hidden}, {"column": "Amount"}]);
                config["actions"] = json!([{"type": "Edit row"}, {"type": "Delete row"}, {"type": "Duplicate row"}]);
                config["add_new_row"] = json!("Everyone");
            }
            "list" => {
                config["axis"] = json!([{"column": "Name"}, {"column": "Note"}]);
                config["actions"] = json!([{"type": "Edit row"}, {"type": "Delete row"}]);
            }
            "chart" => {
                config["x_axis"] = json!("Name");
                config["axis"] = json!([{"column": "Amount"}]);
            }
            _ => config["axis"] = json!([{"column": "Name"}, {"column": "Note"}]),
        }
        if mine_only {
            config["conditional_filter"] = json!({"select_column": "Owner", "condition": "Is", "filter_by": "Logged in user"});
        }
        let block_id = id(owner.post(&format!("/api/boards/{board_id}/blocks"), config).await.expect(201));
        blocks.push(Block { id: block_id, kind, tab, mine_only, note_hidden });
    }
    Case { slug, board_id, workspace_id, spreadsheet_id, tabs, blocks, active }
}

impl Case {
    /// The rows of `tab` that `block` shows the caller signed in as `email` (none: a guest).
    fn shown<'a>(&self, block: &Block, rows: &'a Rows, email: Option<&str>) -> Vec<&'a (String, Vec<String>)> {
        rows.iter()
            .filter(|(_, cells)| self.active.get(&block.tab).is_none_or(|region| cells[2] == *region))
            .filter(|(_, cells)| !block.mine_only || email.is_some_and(|email| cells[1].trim().eq_ignore_ascii_case(email)))
            .collect()
    }

    /// Every token the caller may see: the titles of the tabs blocks or filters name, and the
    /// cells of the rows those blocks show in the columns they show.
    fn allowed(&self, data: &BTreeMap<String, Rows>, email: Option<&str>) -> BTreeSet<String> {
        // The board's filters name their tabs in the filter bar: the owner published those names.
        let mut allowed: BTreeSet<String> = self.tabs[..self.tabs.len() - 1].iter().cloned().collect();
        for block in &self.blocks {
            allowed.insert(block.tab.clone());
            for (_, cells) in self.shown(block, &data[&block.tab], email) {
                allowed.extend(block.shown_columns().into_iter().map(|c| cells[c].clone()));
            }
        }
        allowed
    }

    async fn data(&self, server: &TestServer) -> BTreeMap<String, Rows> {
        let mut data = BTreeMap::new();
        for tab in &self.tabs {
            let sheet = store::find(server.db(), &self.spreadsheet_id, tab).await.unwrap().unwrap();
            let rows: Rows = store::rows(server.db(), &sheet.id).await.unwrap();
            // Cells in COLUMNS order (the record id is the tab's last column).
            let order: Vec<usize> = COLUMNS.iter().map(|name| sheet.columns.iter().position(|c| c == name).unwrap()).collect();
            data.insert(tab.clone(), rows.into_iter().map(|(id, cells)| (id, order.iter().map(|&c| cells[c].clone()).collect())).collect());
        }
        data
    }

    /// The read calls of the document for `path`, filled from this board with random parameters:
    /// one, or for a values call (which lists one column) one per column, so every column a
    /// caller may not read is asked for.
    fn fill_each(&self, rng: &mut StdRng, path: &str) -> Vec<String> {
        if !path.ends_with("/values") {
            return vec![self.fill(rng, path)];
        }
        COLUMNS
            .iter()
            .map(|column| {
                let search = if rng.random_bool(0.3) { "&q=tok" } else { "" };
                format!("{}&column={column}{search}", self.fill(rng, path))
            })
            .collect()
    }

    /// A read call of the document with its path filled from this board and random parameters.
    fn fill(&self, rng: &mut StdRng, path: &str) -> String {
        let mut filled = String::new();
        for segment in path.split('/').filter(|s| !s.is_empty()) {
            let value = match segment {
                "{spreadsheetId}" => self.spreadsheet_id.clone(),
                "{sheet_title}" => self.tabs.choose(rng).unwrap().clone(),
                "{blockId}" | "{block_id}" => self.blocks.choose(rng).unwrap().id.clone(),
                "{boardId}" | "{board_id}" | "{id}" => self.board_id.clone(),
                "{slug}" => self.slug.clone(),
                "{workspaceId}" | "{workspace_id}" => self.workspace_id.clone(),
                other if other.starts_with('{') => "x".to_owned(),
                other => other.to_owned(),
            };
            filled.push('/');
            filled.push_str(&value);
        }
        let mut query = format!("board={}&referer=x&rows_per_page=0", self.slug);
        if rng.random_bool(0.5) {
            query.push_str(&format!("&block={}", self.blocks.choose(rng).unwrap().id));
        }
        if rng.random_bool(0.3) {
            query.push_str(&format!(
                "&_filters=Region%20of%20{}:{}",
                self.tabs.choose(rng).unwrap(),
                ["North", "South"].choose(rng).unwrap()
            ));
        }
        if rng.random_bool(0.2) {
            query.push_str("&search=tok");
        }
        format!("{filled}?{query}")
    }
}

/// The `tok-…` tokens in `text`.
fn tokens(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("tok-") {
        let tail = &rest[at..];
        let end = tail.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(tail.len());
        found.insert(tail[..end].to_owned());
        rest = &tail[end..];
    }
    found
}

/// The read operations of the document: every GET, and the POSTs that only read.
fn read_operations(document: &Value) -> Vec<(Method, String)> {
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        if item.get("get").is_some() {
            operations.push((Method::GET, path.clone()));
        }
        if item.get("post").is_some() && READ_POSTS.contains(&path.as_str()) {
            operations.push((Method::POST, path.clone()));
        }
    }
    operations.push((Method::GET, "/embed".to_owned()));
    operations
}

/// What one write did to the stored rows of every tab.
fn check_write(
    case: &Case,
    block: &Block,
    before: &BTreeMap<String, Rows>,
    after: &BTreeMap<String, Rows>,
    write: &Write,
    email: Option<&str>,
    status: u16,
) -> Result<(), String> {
    let changed: Vec<&String> = case.tabs.iter().filter(|tab| before[*tab] != after[*tab]).collect();
    if !(200..300).contains(&status) {
        return match changed.is_empty() {
            true => Ok(()),
            false => Err(format!("a refused write ({status}) changed {changed:?}")),
        };
    }
    if changed.iter().any(|tab| **tab != block.tab) {
        return Err(format!("a write through a block of {} changed {changed:?}", block.tab));
    }
    let (old, new) = (&before[&block.tab], &after[&block.tab]);
    let shown: BTreeSet<&String> = case.shown(block, old, email).into_iter().map(|(id, _)| id).collect();
    let offered: BTreeSet<usize> =
        block.columns(matches!(write, Write::Edit { .. })).iter().map(|c| COLUMNS.iter().position(|n| n == c).unwrap()).collect();
    match write {
        Write::Edit { record, .. } | Write::Delete { record } | Write::Duplicate { record } if !shown.contains(record) => {
            Err(format!("{write:?} reached a row the block does not show"))
        }
        Write::Edit { record, .. } => {
            let (Some((_, was)), Some((_, now))) = (old.iter().find(|(id, _)| id == record), new.iter().find(|(id, _)| id == record))
            else {
                return Err(format!("{write:?} lost its row"));
            };
            let others_same = old.iter().filter(|(id, _)| id != record).eq(new.iter().filter(|(id, _)| id != record));
            let columns_ok = (0..COLUMNS.len()).all(|c| was[c] == now[c] || offered.contains(&c));
            match others_same && columns_ok {
                true => Ok(()),
                false => Err(format!("{write:?} changed other rows or columns the block does not offer: {was:?} -> {now:?}")),
            }
        }
        Write::Delete { record } => match new.len() + 1 == old.len() && !new.iter().any(|(id, _)| id == record) {
            true => Ok(()),
            false => Err(format!("{write:?} did more than delete its row")),
        },
        Write::Duplicate { .. } => match new.len() == old.len() + 1 {
            true => Ok(()),
            false => Err(format!("{write:?} did more than copy its row")),
        },
        Write::Append { .. } => {
            let added: Vec<&(String, Vec<String>)> = new.iter().filter(|(id, _)| !old.iter().any(|(old_id, _)| old_id == id)).collect();
            let columns_ok = added.len() == 1 && (0..COLUMNS.len()).all(|c| added[0].1[c].is_empty() || offered.contains(&c));
            match columns_ok && new.len() == old.len() + 1 {
                true => Ok(()),
                false => Err(format!("{write:?} stored {added:?}")),
            }
        }
    }
}

#[derive(Debug)]
enum Write {
    Edit { record: String, values: Value },
    Delete { record: String },
    Duplicate { record: String },
    Append { values: Value },
}

fn random_values(rng: &mut StdRng, case: u64, n: usize) -> Value {
    let mut values = serde_json::Map::new();
    let count = rng.random_range(1..=3);
    let columns: Vec<&str> = COLUMNS.choose_multiple(rng, count).copied().collect();
    for column in columns {
        let value = match column {
            "Owner" => json!("ann@example.com"),
            "Region" => json!("North"),
            "Amount" => json!(rng.random_range(1..100)),
            _ => json!(token(case, 9, n, "written")),
        };
        values.insert(column.to_owned(), value);
    }
    Value::Object(values)
}

async fn send_write(client: &Client, case: &Case, block: &Block, write: &Write) -> u16 {
    let base = format!("/api/blocks/{}/rows", block.id);
    let board = format!("board={}", case.slug);
    let reply = match write {
        Write::Edit { record, values } => client.put(&format!("{base}/{record}?{board}"), json!({"values": values})).await,
        Write::Delete { record } => client.delete(&format!("{base}/{record}?{board}"), None).await,
        Write::Duplicate { record } => client.post(&format!("{base}/{record}/duplicate?{board}"), json!({})).await,
        Write::Append { values } => client.post(&format!("{base}?{board}"), json!({"values": values})).await,
    };
    assert!(reply.status < 500, "{write:?} through a {} answered {}: {}", block.kind, reply.status, reply.text);
    reply.status
}

async fn run_cases(backend: Backend) {
    let cases: u64 = std::env::var("TESSERA_SCOPE_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(6);
    let seed: u64 = std::env::var("TESSERA_SCOPE_SEED").ok().and_then(|n| n.parse().ok()).unwrap_or(45);
    let server = TestServer::start(backend).await;
    let owner = server.user("Olga", "olga@example.com").await;
    let guest = server.guest();
    let mut visitors = Vec::new();
    for (name, email) in VISITORS {
        visitors.push((server.user(name, email).await, Some(email)));
    }
    let document = owner.get("/api/openapi.json").await.expect(200).clone();
    let operations = read_operations(&document);
    let mut owner_saw_hidden = false;
    let mut reads = 0;
    for case in 0..cases {
        let mut rng = StdRng::seed_from_u64(seed ^ (case * 0x9E37_79B9));
        let made = make_case(&server, &owner, &mut rng, case).await;
        let data = made.data(&server).await;
        let callers: Vec<(&Client, Option<&str>)> =
            std::iter::once((&guest, None)).chain(visitors.iter().map(|(client, email)| (client, *email))).collect();
        for (client, email) in &callers {
            let allowed = made.allowed(&data, *email);
            for (method, path) in &operations {
                for url in made.fill_each(&mut rng, path) {
                    let reply = match *method {
                        Method::POST => client.post(&url, json!({"params": {"board": made.slug}})).await,
                        _ => client.get(&url).await,
                    };
                    reads += 1;
                    let asked = tokens(&url);
                    let leaked: Vec<String> =
                        tokens(&reply.text).into_iter().filter(|t| !allowed.contains(t) && !asked.contains(t)).collect();
                    assert!(leaked.is_empty(), "seed {seed} case {case}: {method} {url} as {email:?} leaked {leaked:?}: {}", reply.text);
                }
            }
        }
        let everything = made.allowed(&data, None);
        for (method, path) in &operations {
            for url in made.fill_each(&mut rng, path) {
                if *method == Method::GET && tokens(&owner.get(&url).await.text).iter().any(|t| !everything.contains(t)) {
                    owner_saw_hidden = true;
                }
            }
        }
        for (client, email) in &callers {
            for n in 0..6 {
                let block = made.blocks.choose(&mut rng).unwrap().clone();
                let before = made.data(&server).await;
                let rows: Vec<&String> = before.values().flatten().map(|(id, _)| id).collect();
                let record = (*rows.choose(&mut rng).unwrap()).clone();
                let write = match rng.random_range(0..4) {
                    0 => Write::Edit { record, values: random_values(&mut rng, case, n) },
                    1 => Write::Delete { record },
                    2 => Write::Duplicate { record },
                    _ => Write::Append { values: random_values(&mut rng, case, n) },
                };
                let status = send_write(client, &made, &block, &write).await;
                let after = made.data(&server).await;
                if let Err(why) = check_write(&made, &block, &before, &after, &write, *email, status) {
                    panic!("seed {seed} case {case}: as {email:?} through a {} of {}: {why}", block.kind, block.tab);
                }
            }
        }
    }
    assert!(owner_saw_hidden, "the owner's answers held no token hidden from guests: the scan could not find a leak");
    println!("scope property: {cases} boards, {} read operations, {reads} reads checked", operations.len());
}

both_databases! {
    async fn no_read_or_write_of_any_documented_operation_leaves_the_viewers_scope(backend) {
        run_cases(backend).await;
    }
}

#[test]
fn tokens_are_found_wherever_they_stand() {
    let found = tokens(r#"{"a":"tok-1-2-3-name","b":["x tok-1-0-0-title,"]}tok-9-9-9-note"#);
    assert_eq!(found.into_iter().collect::<Vec<_>>(), ["tok-1-0-0-title", "tok-1-2-3-name", "tok-9-9-9-note"]);
}
