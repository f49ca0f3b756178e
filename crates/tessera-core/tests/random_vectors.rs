//! The native half of the random differential check: a seeded generator of tables and queries
//! (every filter condition of platform §5 with date ranges and `any_of` lists, URL filters,
//! search terms, sort, paging, conditional filters, chart aggregation, scorecard functions, and
//! cell text that is empty, Unicode, numbers with symbols and dates in many spellings) runs each
//! case through [`api::evaluate`] and writes input and answer to
//! `target/vectors/native-random.jsonl`. `tests/vectors/replay.mjs` gives the same input text to
//! the WASM build, whose answers must be byte-identical. The golden vectors pin fixed cases; this
//! finds the ones nobody thought of.
//!
//! Each run takes a new seed and prints it; `TESSERA_RANDOM_SEED=<seed>` repeats a run, and
//! `TESSERA_RANDOM_CASES=<n>` changes how many cases it makes.

use std::fmt::Write as _;
use std::fs;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use tessera_core::api;
use tessera_core::filter::Condition;
use tessera_vectors::repo_root;

const DEFAULT_CASES: usize = 400;

/// splitmix64: tiny, seedable and the same everywhere, which is all a repeatable run needs.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "North",
    "south",
    "North ",
    " EAST",
    "Apple pie",
    "apple",
    "Ünïcödé",
    "İstanbul",
    "straße",
    "STRASSE",
    "e\u{301}te",
    "été",
    "🍕 pizza",
    "日本語",
    "مرحبا",
    "a||b",
    "x:y,z",
    "n/a",
    "-",
    "TRUE",
    "false",
    "ann@x.io",
    " ANN@X.IO ",
    "[(current_user)]",
    "tab\there",
    "line\nbreak",
    "\"quoted\"",
    "<b>bold</b>",
    "%",
    "..",
];

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "7",
    "0012",
    "1200",
    "$1,200.50",
    "1.200,50 €",
    "-12%",
    "12.5%",
    "(45)",
    "1e3",
    "−7",
    "+3",
    "12 kg",
    "£ 9.99",
    "NaN",
    "Infinity",
    "9007199254740993",
    "0.1",
    "3.14159",
    "1,5",
    "1 000",
    "¥100",
    "100$",
    "-$4.20",
    "1/2",
];

/// Date spellings of the date a day offset from `now` falls on.
fn date_text(random: &mut Random, year: i64, month: i64, day: i64) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const LONG: [&str; 12] =
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    let (hour, minute, second) = (random.range(0, 23), random.range(0, 59), random.range(0, 59));
    let short = MONTHS[(month - 1) as usize];
    match random.below(16) {
        0 => format!("{year}-{month:02}-{day:02}"),
        1 => format!("{day:02}/{month:02}/{year}"),
        2 => format!("{month}/{day}/{year}"),
        3 => format!("{short} {day}, {year}"),
        4 => format!("{day} {short} {year}"),
        5 => format!("{year}-{month:02}-{day:02}T{hour:02}:{minute:02}"),
        6 => format!("{year}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}"),
        7 => format!("{year}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z"),
        8 => format!("{day}.{month}.{year}"),
        9 => format!("{year}/{month:02}/{day:02}"),
        10 => format!("{} {day}, {year} {}:{minute:02} {}", LONG[(month - 1) as usize], hour % 12 + 1, if hour < 12 { "AM" } else { "PM" }),
        11 => format!("{short} {year}"),
        12 => format!("{day}-{short}-{}", year % 100),
        13 => format!("{year}{month:02}{day:02}"),
        14 => format!("  {year}-{month:02}-{day:02}  "),
        _ => (*random.pick(&["2026-02-30", "1900-01-01", "9999-12-31", "0000-00-00", "31/31/2031", "today", "24:00"])).to_owned(),
    }
}

/// The calendar date `offset` days from 2026-11-`day` (a small civil-date walk, no clock).
fn shifted(day: i64, offset: i64) -> (i64, i64, i64) {
    const LENGTHS: [i64; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let (mut year, mut month, mut day) = (2026i64, 11i64, day + offset);
    while day < 1 {
        month -= 1;
        if month == 0 {
            month = 12;
            year -= 1;
        }
        day += LENGTHS[(month - 1) as usize];
    }
    while day > LENGTHS[(month - 1) as usize] {
        day -= LENGTHS[(month - 1) as usize];
        month += 1;
        if month == 13 {
            month = 1;
            year += 1;
        }
    }
    (year, month, day)
}

/// The viewer's clock and identity for one case; `today` is the day of November 2026 it is.
struct Scene {
    today: i64,
    context: Value,
}

fn scene(random: &mut Random) -> Scene {
    let today = random.range(1, 30);
    let offset = *random.pick(&[0, 0, 60, -300, 330, 840, -720]);
    let now = format!("2026-11-{today:02}T{:02}:{:02}:00Z", random.range(0, 23), random.range(0, 59));
    let email = if random.chance(70) { json!("ann@x.io") } else { Value::Null };
    Scene { today, context: json!({"now": now, "utc_offset_minutes": offset, "user_email": email, "session_id": "s-1"}) }
}

fn cell(random: &mut Random, scene: &Scene) -> Value {
    match random.below(12) {
        0 | 1 => json!(""),
        2 => json!(*random.pick(&[" ", "\u{a0}", "\t"])),
        3..=5 => json!(*random.pick(WORDS)),
        6 | 7 => json!(*random.pick(NUMBERS)),
        8 | 9 => {
            let (year, month, day) = shifted(scene.today, random.range(-20, 20));
            json!(date_text(random, year, month, day))
        }
        // Cells may arrive as JSON numbers, booleans or null; the core reads them as text.
        10 => random.pick(&[json!(42), json!(-1.5), json!(true), Value::Null, json!(0)]).clone(),
        _ => json!(format!("{}{}", random.pick(WORDS), random.pick(NUMBERS))),
    }
}

const COLUMNS: &[&str] = &["Name", "Region", "Amount", "When", "Owner", "Note", "_id", "Price ($)", "Ünïcödé", "a:b"];

fn sheet(random: &mut Random, scene: &Scene) -> (Vec<String>, Value) {
    let width = random.range(1, 5) as usize;
    let mut columns: Vec<String> = Vec::with_capacity(width);
    while columns.len() < width {
        let name = (*random.pick(COLUMNS)).to_owned();
        // A repeated header is refused by the core: allowed now and then, to compare the errors.
        if !columns.contains(&name) || random.chance(3) {
            columns.push(name);
        }
    }
    let height = random.below(26);
    let rows: Vec<Value> = (0..height)
        .map(|_| {
            // Short rows now and then (the core pads them), rarely a long one (it is refused).
            let cells = if random.chance(8) {
                random.below(width + 1)
            } else if random.chance(1) {
                width + 1
            } else {
                width
            };
            Value::Array((0..cells).map(|_| cell(random, scene)).collect())
        })
        .collect();
    (columns.clone(), json!({"columns": columns, "rows": rows}))
}

fn column(random: &mut Random, columns: &[String]) -> String {
    if random.chance(3) {
        "Missing".to_owned()
    } else {
        random.pick(columns).clone()
    }
}

fn filter_value(random: &mut Random, scene: &Scene, condition: Condition) -> Value {
    let date = |random: &mut Random| {
        if random.chance(15) {
            String::new()
        } else {
            let (year, month, day) = shifted(scene.today, random.range(-25, 25));
            date_text(random, year, month, day)
        }
    };
    match condition {
        Condition::Date if random.chance(50) => json!([date(random), date(random)]),
        Condition::Date => json!(format!("{}..{}", date(random), date(random))),
        Condition::AnyOf if random.chance(50) => {
            Value::Array((0..random.range(0, 4)).map(|_| json!(random.pick(WORDS).to_string())).collect())
        }
        Condition::AnyOf => json!((0..random.range(1, 4)).map(|_| random.pick(WORDS).to_string()).collect::<Vec<_>>().join("||")),
        Condition::PastDays => json!(*random.pick(&["7", "0", "1.9", "-1", "", "week", "30", "365"])),
        Condition::GreaterThan | Condition::LessThan if random.chance(70) => json!(*random.pick(NUMBERS)),
        _ if random.chance(10) => random.pick(&[json!(5), json!(true), Value::Null]).clone(),
        _ if random.chance(50) => json!(*random.pick(WORDS)),
        _ => cell(random, scene),
    }
}

fn spec(random: &mut Random, scene: &Scene, columns: &[String]) -> Value {
    let mut spec = serde_json::Map::new();
    spec.insert("sheet".into(), json!("Sales"));
    let filters: Vec<Value> = (0..random.below(4))
        .map(|_| {
            let condition = *random.pick(&Condition::ALL);
            json!({
                "name": column(random, columns),
                "active": random.chance(85),
                "condition": condition.as_str(),
                "sheet_column": {"sheet": if random.chance(95) { "Sales" } else { "Other" }, "column": column(random, columns)},
                "value": filter_value(random, scene, condition),
            })
        })
        .collect();
    // A URL filter sets the value of one of the board's filters, named by its name.
    let names: Vec<String> = filters.iter().filter_map(|filter| filter["name"].as_str().map(str::to_owned)).collect();
    spec.insert("filters".into(), Value::Array(filters));
    if random.chance(25) && !names.is_empty() {
        let pairs: Vec<String> = (0..random.range(1, 3))
            .map(|_| {
                let name = if random.chance(90) { random.pick(&names).clone() } else { column(random, columns) };
                format!("{name}:{}", random.pick(WORDS).replace(',', ""))
            })
            .collect();
        let separator = if random.chance(10) { ";" } else { "," };
        spec.insert("url_filters".into(), json!(pairs.join(separator)));
    }
    if random.chance(30) {
        let terms: Vec<String> = (0..random.range(1, 3)).map(|_| random.pick(WORDS).to_string()).collect();
        spec.insert("search".into(), json!(terms.join(",")));
    }
    if random.chance(40) {
        let direction = *random.pick(&["Ascending", "Descending", "None"]);
        spec.insert("sort".into(), json!({"column": column(random, columns), "direction": direction}));
    }
    if random.chance(15) {
        let filter_by = *random.pick(&["None", "Current record", "Logged in user"]);
        spec.insert(
            "conditional_filter".into(),
            json!({"select_column": column(random, columns), "condition": "Is", "filter_by": filter_by, "match_with_column": column(random, columns)}),
        );
    }
    if random.chance(40) {
        spec.insert("page".into(), json!(*random.pick(&[0, 1, 2, 3, 100])));
        spec.insert("rows_per_page".into(), json!(*random.pick(&[0, 1, 3, 10, 1000])));
    }
    let mut context = scene.context.clone();
    if let Some(record) = (random.chance(50)).then(|| json!({random.pick(columns).clone(): *random.pick(WORDS)})) {
        context["current_record"] = record;
    }
    spec.insert("context".into(), context);
    Value::Object(spec)
}

/// One random case: its operation and input.
fn case(random: &mut Random) -> (&'static str, Value) {
    let scene = scene(random);
    match random.below(20) {
        0 => ("parse_date", json!({"text": cell(random, &scene)})),
        1 => ("parse_number", json!({"text": random.pick(NUMBERS), "separator": random.pick(&["dot", "comma"])})),
        2 => ("search_terms", json!({"search": format!("{},{}", random.pick(WORDS), random.pick(WORDS))})),
        3 if random.chance(50) => {
            let text: Vec<String> = (0..random.range(0, 3)).map(|_| format!("{}:{}", random.pick(COLUMNS), random.pick(WORDS))).collect();
            ("url_filters", json!({"text": text.join(",")}))
        }
        3 => {
            // A board's filters and a link naming some of them, other names, or no value.
            let (columns, _) = sheet(random, &scene);
            let filters = spec(random, &scene, &columns)["filters"].clone();
            let names: Vec<String> =
                filters.as_array().into_iter().flatten().filter_map(|f| f["name"].as_str().map(str::to_owned)).collect();
            let text: Vec<String> = (0..random.range(1, 4))
                .map(|_| {
                    let name =
                        if !names.is_empty() && random.chance(70) { random.pick(&names).clone() } else { random.pick(COLUMNS).to_string() };
                    if random.chance(15) {
                        name
                    } else {
                        format!("{name}:{}", random.pick(WORDS).replace(',', ""))
                    }
                })
                .collect();
            ("read_url_filters", json!({"filters": filters, "text": text.join(",")}))
        }
        4..=6 => {
            let (columns, sheet) = sheet(random, &scene);
            let mut spec = spec(random, &scene, &columns);
            spec["x_axis"] = json!(column(random, &columns));
            let axis: Vec<Value> = (0..random.range(1, 2))
                .map(|_| {
                    json!({
                        "column": column(random, &columns),
                        "type": random.pick(&["bar", "line", "pie", "scatter", "horizontal-bar", "radar", "polarArea"]),
                        "duplicateXAxis": random.pick(&["sum", "average"]),
                        "decimal_separator": random.pick(&["dot", "comma"]),
                    })
                })
                .collect();
            spec["axis"] = Value::Array(axis);
            ("chart", json!({"sheet": sheet, "spec": spec}))
        }
        7..=9 => {
            let (columns, sheet) = sheet(random, &scene);
            let spec = spec(random, &scene, &columns);
            let axis: Vec<Value> = (0..random.range(1, 3))
                .map(|_| {
                    let mut axis = json!({
                        "source": {"sheet": "Sales", "column": column(random, &columns)},
                        "label": random.pick(WORDS),
                        "function": random.pick(&["sum", "average", "first row", "last row", "first_row"]),
                    });
                    if random.chance(60) {
                        axis["symbol"] = json!(*random.pick(&["$", "", "€", " kg", "%"]));
                    }
                    axis
                })
                .collect();
            ("scorecard", json!({"sheet": sheet, "spec": spec, "axis": axis}))
        }
        _ => {
            let (columns, sheet) = sheet(random, &scene);
            ("query", json!({"sheet": sheet, "spec": spec(random, &scene, &columns)}))
        }
    }
}

fn seed() -> u64 {
    match std::env::var("TESSERA_RANDOM_SEED") {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("TESSERA_RANDOM_SEED must be a whole number, not {text:?}")),
        Err(_) => SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_nanos() as u64),
    }
}

#[test]
fn random_tables_and_queries_are_answered_natively_and_written_for_the_wasm_replay() {
    let seed = seed();
    let cases: usize = std::env::var("TESSERA_RANDOM_CASES").ok().and_then(|text| text.parse().ok()).unwrap_or(DEFAULT_CASES);
    // Printed before any case runs, so a panic below still says how to repeat it.
    println!("random differential: seed {seed} (TESSERA_RANDOM_SEED={seed} repeats this run), {cases} cases");
    let started = Instant::now();
    let mut random = Random(seed);
    let mut lines = String::new();
    let mut errors = 0usize;
    for index in 0..cases {
        let (op, input) = case(&mut random);
        let input = input.to_string();
        let name = format!("random #{index}");
        let line = match api::evaluate(op, &input) {
            Ok(output) => json!({"seed": seed.to_string(), "name": name, "op": op, "input": input, "output": output}),
            Err(error) => {
                errors += 1;
                json!({"seed": seed.to_string(), "name": name, "op": op, "input": input, "error": error})
            }
        };
        writeln!(lines, "{line}").expect("writing to a string");
    }
    let out = repo_root().join("target/vectors/native-random.jsonl");
    fs::create_dir_all(out.parent().expect("a directory")).expect("create target/vectors");
    fs::write(&out, lines).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
    println!("{cases} cases ({errors} answered with an error) in {:.2?}, written to {}", started.elapsed(), out.display());
    // Most cases must reach the engine: a generator whose inputs are all refused checks nothing.
    assert!(errors * 2 < cases.max(1), "{errors} of {cases} random cases were errors: the generator makes broken inputs");
}
