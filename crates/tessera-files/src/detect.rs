//! Which reader a file goes to: the extension says what the file claims to be, the first bytes
//! confirm it.

use crate::ImportError;

/// The readers, by what the bytes hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// Delimited text; `tab_default` when the name says `.tsv`, for a file with one column.
    Text {
        tab_default: bool,
    },
    Parquet,
    Workbook(Workbook),
}

/// The workbook formats calamine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Workbook {
    Xlsx,
    Xls,
    Ods,
}

impl Format {
    pub(crate) fn label(self) -> &'static str {
        match self {
            Format::Text { .. } => "delimited text",
            Format::Parquet => "a Parquet file",
            Format::Workbook(Workbook::Xlsx) => "an Excel (.xlsx) workbook",
            Format::Workbook(Workbook::Xls) => "an Excel 97-2003 (.xls) workbook",
            Format::Workbook(Workbook::Ods) => "an OpenDocument (.ods) spreadsheet",
        }
    }
}

const ZIP: &[u8] = b"PK\x03\x04";
const EMPTY_ZIP: &[u8] = b"PK\x05\x06";
const OLE2: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
const PARQUET: &[u8] = b"PAR1";

/// What the first bytes show, in words for an error message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    Zip,
    Ole2,
    Parquet,
    Other,
}

impl Content {
    fn of(bytes: &[u8]) -> Content {
        if bytes.starts_with(ZIP) || bytes.starts_with(EMPTY_ZIP) {
            Content::Zip
        } else if bytes.starts_with(OLE2) {
            Content::Ole2
        } else if bytes.starts_with(PARQUET) {
            Content::Parquet
        } else {
            Content::Other
        }
    }

    fn words(self) -> &'static str {
        match self {
            Content::Zip => "a zip archive (such as an .xlsx or .ods workbook)",
            Content::Ole2 => "an OLE2 file (an Excel 97-2003 workbook, or a password-protected one)",
            Content::Parquet => "a Parquet file",
            Content::Other => "neither a workbook nor a Parquet file",
        }
    }
}

/// The format of `file_name` if its bytes agree with its extension.
pub(crate) fn format(file_name: &str, bytes: &[u8]) -> Result<Format, ImportError> {
    let extension = file_name.rsplit_once('.').map(|(_, extension)| extension.to_ascii_lowercase()).unwrap_or_default();
    let (format, expected) = match extension.as_str() {
        "csv" | "txt" => (Format::Text { tab_default: false }, Content::Other),
        "tsv" => (Format::Text { tab_default: true }, Content::Other),
        "parquet" => (Format::Parquet, Content::Parquet),
        "xlsx" | "xlsm" => (Format::Workbook(Workbook::Xlsx), Content::Zip),
        "ods" => (Format::Workbook(Workbook::Ods), Content::Zip),
        "xls" => (Format::Workbook(Workbook::Xls), Content::Ole2),
        _ => return Err(ImportError::UnsupportedExtension { file: file_name.to_owned() }),
    };
    let found = Content::of(bytes);
    if found != expected {
        return Err(ImportError::FormatMismatch { file: file_name.to_owned(), expected: format.label(), found: found.words() });
    }
    Ok(format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_pick_the_reader_in_any_case() {
        assert_eq!(format("a.CSV", b"x,y"), Ok(Format::Text { tab_default: false }));
        assert_eq!(format("a.txt", b"x"), Ok(Format::Text { tab_default: false }));
        assert_eq!(format("a.tsv", b"x"), Ok(Format::Text { tab_default: true }));
        assert_eq!(format("a.parquet", b"PAR1...PAR1"), Ok(Format::Parquet));
        assert_eq!(format("a.xlsx", b"PK\x03\x04rest"), Ok(Format::Workbook(Workbook::Xlsx)));
        assert_eq!(format("a.xlsm", b"PK\x03\x04rest"), Ok(Format::Workbook(Workbook::Xlsx)));
        assert_eq!(format("a.ods", b"PK\x03\x04rest"), Ok(Format::Workbook(Workbook::Ods)));
        assert_eq!(format("a.xls", OLE2), Ok(Format::Workbook(Workbook::Xls)));
    }

    #[test]
    fn unknown_extensions_are_refused() {
        for name in ["report.pdf", "noextension", "archive.zip"] {
            assert_eq!(format(name, b"PK\x03\x04"), Err(ImportError::UnsupportedExtension { file: name.into() }));
        }
    }

    #[test]
    fn bytes_that_contradict_the_extension_are_refused() {
        let error = format("sales.xlsx", b"name,amount\n").unwrap_err();
        assert!(matches!(error, ImportError::FormatMismatch { expected: "an Excel (.xlsx) workbook", .. }), "{error:?}");
        assert!(error.to_string().contains("'sales.xlsx'"));
        assert!(format("sales.csv", b"PK\x03\x04").is_err());
        assert!(format("sales.xls", b"PK\x03\x04").is_err());
        assert!(format("sales.parquet", b"a,b").is_err());
        assert!(format("sales.csv", OLE2).is_err());
    }
}
