//! The memory one import takes per million cells of ordinary content, for docs/reliability.md
//! (issue 31). Ignored because it builds millions of cells: run it alone, in release, as
//! `cargo test --release -p tessera-files --test peak -- --ignored --nocapture`, optionally
//! with `TESSERA_PEAK_ROWS` (default 100,000 rows of 10 columns, one million cells).
//!
//! Every allocation is counted, so the figure is the heap the import holds at its busiest,
//! beyond the file's bytes (which the caller holds).

mod counting;

use tessera_files::{import, Limits};

const MIB: f64 = 1024.0 * 1024.0;
const COLUMNS: [&str; 10] = ["Id", "Name", "Email", "City", "Date", "Amount", "Status", "Owner", "Quantity", "Note"];

/// Row `row` of a sales list: ids, names, e-mails, cities, dates, amounts and short notes,
/// about 10 bytes a cell as CSV, like the guide's example of ordinary content.
fn row(row: usize) -> [String; 10] {
    const FIRST: [&str; 6] = ["Ada", "Bob", "Chloé", "Dmitri", "Farid", "Grace"];
    const LAST: [&str; 5] = ["Lovelace", "Smith", "Martin", "Nguyen", "García"];
    const CITIES: [&str; 5] = ["London", "Paris", "São Paulo", "Tokyo", "New York"];
    const NOTES: [&str; 4] = ["", "Call back", "Sent quote", "Needs approval from finance"];
    let (first, last) = (FIRST[row % 6], LAST[row % 5]);
    [
        format!("R{row:07}"),
        format!("{first} {last}"),
        format!("{}.{}@example.com", first.to_lowercase(), last.to_lowercase()),
        CITIES[row % 5].to_owned(),
        format!("2025-{:02}-{:02}", row % 12 + 1, row % 28 + 1),
        format!("{}.{:02}", row % 1000, row % 100),
        ["Open", "Won", "Lost"][row % 3].to_owned(),
        FIRST[(row / 7) % 6].to_owned(),
        (row % 500).to_string(),
        NOTES[row % 4].to_owned(),
    ]
}

fn csv(rows: usize) -> Vec<u8> {
    let mut text = COLUMNS.join(",");
    text.push('\n');
    for index in 0..rows {
        text.push_str(&row(index).join(","));
        text.push('\n');
    }
    text.into_bytes()
}

fn xlsx(rows: usize) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, name) in COLUMNS.iter().enumerate() {
        sheet.write_string(0, column as u16, *name).unwrap();
    }
    for index in 0..rows {
        for (column, cell) in row(index).iter().enumerate() {
            sheet.write_string(index as u32 + 1, column as u16, cell).unwrap();
        }
    }
    workbook.save_to_buffer().unwrap()
}

/// Prints the file's size and the import's peak heap, both per million cells.
fn measure(name: &str, bytes: &[u8], cells: f64) {
    let (sheets, peak, held) = counting::measured(|| import(name, bytes, &Limits::default()).expect("an ordinary file imports"));
    let (peak, held) = (peak as f64, held as f64);
    let millions = cells / 1e6;
    println!(
        "{name}: {:.1} MiB file, peak {:.0} MiB while reading, {:.0} MiB held by the sheet; per million cells: file {:.1} MiB, peak {:.0} MiB, sheet {:.0} MiB",
        bytes.len() as f64 / MIB,
        peak / MIB,
        held / MIB,
        bytes.len() as f64 / MIB / millions,
        peak / MIB / millions,
        held / MIB / millions,
    );
    drop(sheets);
}

#[test]
#[ignore = "builds millions of cells; run alone in release (see the module comment)"]
fn the_peak_memory_of_an_import_per_million_cells() {
    let rows: usize = std::env::var("TESSERA_PEAK_ROWS").ok().and_then(|rows| rows.parse().ok()).unwrap_or(100_000);
    let cells = (rows * COLUMNS.len()) as f64;
    let file = csv(rows);
    measure("sales.csv", &file, cells);
    drop(file);
    let file = xlsx(rows);
    measure("sales.xlsx", &file, cells);
}
