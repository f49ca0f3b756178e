//! The binary sheet form (`tessera_core::columnar`) against its golden files: each
//! `tests/vectors/columnar/<name>.json` sheet encodes to exactly `<name>.bin`, and the bytes
//! decode to the same sheet. `tests/vectors/replay.mjs` checks the same files on the WASM build,
//! so a table sent by the server opens identically in the browser. `UPDATE_GENERATED=1` writes
//! the `.bin` files after a deliberate format change (then change the magic's version too).

use std::fs;
use std::path::PathBuf;

use tessera_core::{columnar, Table};
use tessera_vectors::repo_root;

fn golden() -> Vec<(String, Table, PathBuf)> {
    let dir = repo_root().join("tests/vectors/columnar");
    let mut cases: Vec<_> = fs::read_dir(&dir)
        .expect("tests/vectors/columnar")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let table = Table::from_json(&fs::read_to_string(&path).expect("json")).expect("a golden sheet loads");
            let name = path.file_stem().expect("stem").to_string_lossy().into_owned();
            (name, table, path.with_extension("bin"))
        })
        .collect();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(cases.len() >= 3, "the golden sheets are missing");
    cases
}

fn cells(table: &Table) -> Vec<Vec<&str>> {
    (0..table.row_count()).map(|r| (0..table.column_names().len()).map(|c| table.cell(r, c)).collect()).collect()
}

#[test]
fn every_golden_sheet_encodes_to_its_bytes_and_decodes_back() {
    for (name, table, bin) in golden() {
        let bytes = columnar::encode(&table);
        if std::env::var_os("UPDATE_GENERATED").is_some() {
            fs::write(&bin, &bytes).expect("write the golden bytes");
        }
        let expected = fs::read(&bin).unwrap_or_else(|_| panic!("{} is missing: run with UPDATE_GENERATED=1", bin.display()));
        assert_eq!(bytes, expected, "{name}: the encoding changed; a new format needs a new magic version");
        let back = columnar::decode(&expected).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.column_names(), table.column_names(), "{name}");
        assert_eq!(back.row_count(), table.row_count(), "{name}");
        assert_eq!(cells(&back), cells(&table), "{name}");
        assert_eq!(back.visible_columns(), table.visible_columns(), "{name}");
        assert_eq!(columnar::encode(&back), expected, "{name}: a decoded table encodes to the same bytes");
    }
}

#[test]
fn bytes_arriving_in_chunks_of_any_size_decode_as_the_whole() {
    for (name, table, bin) in golden() {
        let bytes = fs::read(bin).expect("bin");
        for size in [1, 3, 7, 64, 4096] {
            let mut decoder = columnar::Decoder::new();
            for chunk in bytes.chunks(size) {
                decoder.push(chunk).unwrap_or_else(|e| panic!("{name} in chunks of {size}: {e}"));
            }
            let back = decoder.finish().unwrap_or_else(|e| panic!("{name} in chunks of {size}: {e}"));
            assert_eq!(cells(&back), cells(&table), "{name} in chunks of {size}");
            assert_eq!(back.column_names(), table.column_names(), "{name} in chunks of {size}");
        }
    }
}

#[test]
fn the_golden_files_hold_both_kinds_of_column() {
    let cases = golden();
    let (_, dictionary, _) = cases.iter().find(|(name, ..)| name == "dictionary").expect("dictionary.json");
    assert!(dictionary.column(1).codes().is_some(), "Status repeats three values: dictionary-encoded");
    assert!(dictionary.column(0).codes().is_none(), "ID is unique: plain");
}

#[test]
fn a_decoded_sheet_answers_queries_as_the_original() {
    for (name, table, bin) in golden() {
        let back = columnar::decode(&fs::read(bin).expect("bin")).expect("decodes");
        back.warm();
        for column in table.visible_columns() {
            for row in 0..table.row_count() {
                let (a, b) = (table.column(column), back.column(column));
                assert_eq!(a.slot_lower(a.slot(row)), b.slot_lower(b.slot(row)), "{name} r{row} c{column}");
                assert_eq!(a.number(row), b.number(row), "{name} r{row} c{column}");
            }
        }
    }
}

#[test]
fn cut_or_damaged_bytes_are_errors_that_say_so() {
    let (_, table, _) = golden().into_iter().find(|(name, ..)| name == "dictionary").expect("dictionary");
    let bytes = columnar::encode(&table);
    for len in 0..bytes.len() {
        let error = columnar::decode(&bytes[..len]).err().unwrap_or_else(|| panic!("{len} of {} bytes decoded", bytes.len()));
        assert!(error.to_string().starts_with("the sheet's bytes cannot be read: "), "{error}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        columnar::decode(&longer).unwrap_err().to_string(),
        "the sheet's bytes cannot be read: there are bytes after the last column"
    );
    let mut wrong = bytes.clone();
    wrong[0] = b'X';
    assert!(columnar::decode(&wrong).unwrap_err().to_string().contains("not a Tessera sheet"));
    // Any damaged byte gives an error or a table that is whole: every cell of it reads.
    for at in 0..bytes.len() {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0xFF;
        if let Ok(decoded) = columnar::decode(&flipped) {
            assert_eq!(cells(&decoded).len(), decoded.row_count());
        }
    }
}

#[test]
fn a_text_offset_inside_a_character_is_refused() {
    let table = Table::from_rows(vec!["A".into()], &[vec!["é"], vec!["x"]]).expect("table");
    let mut bytes = columnar::encode(&table);
    // Header 16 bytes, name length 4 + "A" 1, kind 1, slots 4: the end offsets follow.
    let end_at = 16 + 4 + 1 + 1 + 4;
    assert_eq!(&bytes[end_at..end_at + 4], &2u32.to_le_bytes(), "'é' ends after its two bytes");
    bytes[end_at..end_at + 4].copy_from_slice(&1u32.to_le_bytes());
    let error = columnar::decode(&bytes).unwrap_err().to_string();
    assert_eq!(error, "the sheet's bytes cannot be read: column 'A': a cell's end offset is out of order or inside a character");
}
