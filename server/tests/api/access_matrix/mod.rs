//! The access matrix of issue 11: for every operation of `/api/openapi.json`, what a guest, a
//! Read app user, a Read-Write app user, another workspace's owner, a platform admin and the
//! owner get (`table.rs`), checked against the running server over one fixture (`fixture.rs`).
//!
//! A new endpoint fails the first test until it has a row, and a row whose operation is gone
//! fails it too. The second test sends every row as every caller and prints a table of the
//! answers that differ from the row, or that carry the private board's, app's or spreadsheet's
//! data to a caller kept out of them (a guest, another owner, or anyone a row refuses).

pub mod fixture;
mod table;

use std::collections::BTreeSet;
use std::time::Instant;

use reqwest::Method;
use serde_json::Value;

use self::fixture::{csv_form, image_form, signed_event, Fixture, Who, PRIVATE, SECRET};
use self::table::{Body, Outcome, Row, TABLE};
use crate::both_databases;
use crate::support::*;

/// `(method, path)` of every operation the document describes.
fn documented(document: &Value) -> BTreeSet<(String, String)> {
    let paths = document["paths"].as_object().expect("the document has paths");
    let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
    paths
        .iter()
        .flat_map(|(path, item)| {
            methods.iter().filter(|method| item.get(**method).is_some()).map(|method| (method.to_string(), path.clone()))
        })
        .collect()
}

/// Why a row's request does not fit its operation's template, if it does not: the same number of
/// segments, and the template's fixed segments spelt as they are.
fn misfit(row: &Row) -> Option<String> {
    let asked = row.ask.split('?').next().unwrap_or_default();
    let (template, asked): (Vec<&str>, Vec<&str>) = (row.path.split('/').collect(), asked.split('/').collect());
    let fits = template.len() == asked.len() && template.iter().zip(&asked).all(|(fixed, sent)| fixed.starts_with('{') || fixed == sent);
    (!fits).then(|| format!("{} {}: the request {} does not fit the template", row.method.to_uppercase(), row.path, row.ask))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_of_the_openapi_document_has_a_row_and_every_row_an_operation() {
    let server = TestServer::start(Backend::Sqlite).await;
    let document = documented(server.guest().get("/api/openapi.json").await.expect(200));
    let covered: BTreeSet<(String, String)> = TABLE.iter().map(|row| (row.method.to_owned(), row.path.to_owned())).collect();
    let mut problems: Vec<String> = document
        .difference(&covered)
        .map(|(method, path)| format!("{} {path} has no row: say what each caller gets in access_matrix/table.rs", method.to_uppercase()))
        .collect();
    problems.extend(
        covered
            .difference(&document)
            .map(|(method, path)| format!("{} {path} has a row but is not in the document", method.to_uppercase())),
    );
    problems.extend(TABLE.iter().filter_map(misfit));
    assert!(problems.is_empty(), "the access matrix and the OpenAPI document disagree:\n{}", problems.join("\n"));
    assert!(document.len() >= 100, "only {} operations were read from the document", document.len());
}

/// Sends `row` as `who`; answers the request's path and the reply.
async fn send(fixture: &Fixture, who: Who, row: &Row) -> (String, Reply) {
    let fresh = match row.fresh {
        Some(kind) => Some(fixture.fresh(kind).await),
        None => None,
    };
    let ask = fixture.fill(who, fresh.as_deref(), row.ask).await;
    let client = fixture.client(who).await;
    let method = Method::from_bytes(row.method.to_uppercase().as_bytes()).unwrap();
    let request = client.request(method, &ask);
    let request = match row.body {
        Body::None => request,
        Body::Json(template) => {
            let text = fixture.fill(who, fresh.as_deref(), template).await;
            let body: Value =
                serde_json::from_str(&text).unwrap_or_else(|error| panic!("the body of {} is not JSON ({error}): {text}", row.ask));
            request.json(&body)
        }
        Body::CsvFile { with_workspace } => request.multipart(csv_form(with_workspace.then_some(fixture.values["workspace"].as_str()))),
        Body::Image => request.multipart(image_form()),
        Body::SignedEvent => signed_event(request),
    };
    (ask, Client::finish(request).await)
}

/// One caller's answer to one row, and what is wrong with it.
struct Answer {
    status: u16,
    wrong: Option<String>,
}

fn judge(row: &Row, column: usize, who: Who, reply: &Reply) -> Answer {
    let expected = row.rights[column];
    let got = Outcome::of(reply.status);
    let kept_out = expected.refused() || matches!(who, Who::Guest | Who::Stranger);
    let leaked = PRIVATE.into_iter().find(|private| kept_out && reply.text.contains(private));
    let wrong = match (got == Some(expected), leaked) {
        (false, _) => {
            let excerpt: String = reply.text.chars().take(160).collect();
            Some(format!("expected {expected:?}, got {}: {excerpt}", reply.status))
        }
        (true, Some(private)) => Some(format!("the answer holds `{private}` of the private board, app or spreadsheet")),
        (true, None) => None,
    };
    Answer { status: reply.status, wrong }
}

/// The rows with any wrong answer, as a table with a column per caller, then the details.
fn report(failures: &[(&Row, String, Vec<Answer>)]) -> String {
    let header = Who::ALL.map(Who::label).join(" | ");
    let mut table = format!("| operation (request) | {header} |\n|---|---|---|---|---|---|---|\n");
    let mut details = String::new();
    for (row, ask, answers) in failures {
        let cells: Vec<String> = answers
            .iter()
            .zip(row.rights)
            .map(|(answer, expected)| match answer.wrong {
                Some(_) => format!("**{}** (want {expected:?})", answer.status),
                None => answer.status.to_string(),
            })
            .collect();
        table.push_str(&format!("| {} {} ({ask}) | {} |\n", row.method.to_uppercase(), row.path, cells.join(" | ")));
        for (who, answer) in Who::ALL.iter().zip(answers) {
            if let Some(wrong) = &answer.wrong {
                details.push_str(&format!("{} {ask} as {}: {wrong}\n", row.method.to_uppercase(), who.label()));
            }
        }
    }
    format!("{table}\n{details}")
}

// Both databases: rights are decided in SQL as much as in Rust (who is a member, which rows a
// workspace owns), and the two dialects must answer alike.
both_databases! {
    async fn each_caller_gets_exactly_its_rights_on_every_operation(backend) {
        let started = Instant::now();
        let fixture = Fixture::new(backend).await;
        let built = started.elapsed();
        let mut failures = Vec::new();
        let mut requests = 0;
        // The leak check means something only if the private rows do reach those who may read them.
        let mut allowed_reads_of_the_secret = 0;
        for row in TABLE {
            let mut answers = Vec::new();
            let mut ask = String::new();
            for (column, who) in Who::ALL.into_iter().enumerate() {
                let (asked, reply) = send(&fixture, who, row).await;
                allowed_reads_of_the_secret += usize::from(reply.text.contains(SECRET) && !row.rights[column].refused());
                if row.ends_session {
                    fixture.forget_sessions();
                }
                answers.push(judge(row, column, who, &reply));
                ask = asked;
                requests += 1;
            }
            if answers.iter().any(|answer| answer.wrong.is_some()) {
                failures.push((row, ask, answers));
            }
        }
        eprintln!(
            "access matrix ({backend:?}): {} rows, {requests} requests; fixture {:.1} s, total {:.1} s",
            TABLE.len(),
            built.as_secs_f64(),
            started.elapsed().as_secs_f64()
        );
        assert!(allowed_reads_of_the_secret >= 20, "only {allowed_reads_of_the_secret} allowed answers held the private rows");
        assert!(
            failures.is_empty(),
            "{} of {} rows got answers other than the matrix says:\n{}",
            failures.len(),
            TABLE.len(),
            report(&failures)
        );
    }
}
