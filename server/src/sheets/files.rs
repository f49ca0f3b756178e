//! Uploaded files (form file fields and image columns): where their bytes live, what type they
//! really are, and which types a field accepts.
//!
//! Bytes go through [`FileStore`], so an object store can replace the disk without touching the
//! calls; [`DiskStore`] keeps one file per upload under `Config::uploads_folder`. The type of a
//! file is read from its bytes ([`detect`]), never from the name or the type the browser claims.

use std::future::Future;
use std::path::{Path, PathBuf};

use crate::infra::config::Config;
use crate::infra::error::{Error, ResultExt};

/// Images may be at most this large (platform §9: "image uploads under 5 MB").
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// Other files may be at most this large.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// Where uploaded bytes are kept, by key (an upload id).
pub trait FileStore: Send + Sync {
    /// Stores `bytes` under `key`, replacing what was there; a reader never sees half a file.
    fn put(&self, key: &str, bytes: &[u8]) -> impl Future<Output = Result<(), Error>> + Send;
    /// The bytes under `key`, or `None` when there are none.
    fn get(&self, key: &str) -> impl Future<Output = Result<Option<Vec<u8>>, Error>> + Send;
    /// Removes `key`; removing what is not there is not an error.
    fn delete(&self, key: &str) -> impl Future<Output = Result<(), Error>> + Send;
}

/// The file store this server is configured with.
pub fn store(config: &Config) -> DiskStore {
    DiskStore::new(config.uploads_folder())
}

/// One file per key in a folder (created on the first write).
#[derive(Debug, Clone)]
pub struct DiskStore {
    root: PathBuf,
}

impl DiskStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The file of `key`. Keys are ids the server made; anything else (a `..`, a slash) is
    /// refused so a key can never name a file outside the folder.
    fn path(&self, key: &str) -> Result<PathBuf, Error> {
        let safe = !key.is_empty() && key.len() <= 64 && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !safe {
            return Err(Error::internal("naming an uploaded file", format!("unsafe file key `{key}`")));
        }
        Ok(self.root.join(key))
    }
}

impl FileStore for DiskStore {
    async fn put(&self, key: &str, bytes: &[u8]) -> Result<(), Error> {
        let path = self.path(key)?;
        tokio::fs::create_dir_all(&self.root).await.context("creating the uploads folder")?;
        // Written beside its final name, then renamed: the rename is atomic on one file system.
        let partial = partial_path(&path);
        tokio::fs::write(&partial, bytes).await.context("writing an uploaded file")?;
        if let Err(error) = tokio::fs::rename(&partial, &path).await {
            let _ = tokio::fs::remove_file(&partial).await;
            return Err(Error::internal("storing an uploaded file", error));
        }
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, Error> {
        match tokio::fs::read(self.path(key)?).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(Error::internal("reading an uploaded file", error)),
        }
    }

    async fn delete(&self, key: &str) -> Result<(), Error> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(Error::internal("removing an uploaded file", error)),
            _ => Ok(()),
        }
    }
}

fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.partial", uuid::Uuid::new_v4().simple()));
    path.with_file_name(name)
}

/// What a file's bytes say it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detected {
    pub content_type: String,
}

impl Detected {
    /// A picture a browser shows inline. SVG is not one: it is text that can carry scripts, and
    /// is served as a download like any other non-image.
    pub fn is_image(&self) -> bool {
        self.content_type.starts_with("image/") && self.content_type != "image/svg+xml"
    }

    /// The most this kind of file may weigh.
    pub fn max_bytes(&self) -> usize {
        if self.is_image() {
            MAX_IMAGE_BYTES
        } else {
            MAX_FILE_BYTES
        }
    }
}

/// The type of `bytes` from their signature; signature-less UTF-8 is `text/plain` (CSV, TXT),
/// anything else unknown is `application/octet-stream`.
pub fn detect(bytes: &[u8]) -> Detected {
    let content_type = match infer::get(bytes) {
        Some(kind) => kind.mime_type().to_owned(),
        None if !bytes.contains(&0) && std::str::from_utf8(bytes).is_ok() => "text/plain".to_owned(),
        None => "application/octet-stream".to_owned(),
    };
    Detected { content_type }
}

/// Whether a field whose accepted types are `rule` (a form's `file_mime_type`, blocks §3.8:
/// `*`, `image/*`, `video/*`, `audio/*`, `text/*`, `.pdf`, `.doc,.docx`,
/// `.csv,.xml,.xls,.xlsm,.xlsx`, or any comma-separated mix) takes a file of `content_type`.
pub fn accepts(rule: &str, content_type: &str) -> bool {
    rule.split(',').map(|token| token.trim().to_ascii_lowercase()).filter(|token| !token.is_empty()).any(|token| {
        if token == "*" || token == "*/*" {
            true
        } else if let Some(family) = token.strip_suffix("/*") {
            content_type.split('/').next() == Some(family)
        } else if let Some(extension) = token.strip_prefix('.') {
            extension_types(extension).contains(&content_type)
        } else {
            token == content_type
        }
    })
}

/// The detected types a file extension of §3.8 stands for. CSV has no signature: it is text.
fn extension_types(extension: &str) -> &'static [&'static str] {
    match extension {
        "pdf" => &["application/pdf"],
        "doc" => &["application/msword"],
        "docx" => &["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
        "xls" => &["application/vnd.ms-excel"],
        "xlsx" | "xlsm" => &["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
        "csv" => &["text/plain"],
        "xml" => &["text/xml", "application/xml"],
        _ => &[],
    }
}

/// A file name safe to repeat in a `Content-Disposition` header: its last path component,
/// printable ASCII without quotes or backslashes, at most 120 characters.
pub fn safe_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String =
        last.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).take(120).collect();
    let cleaned = cleaned.trim().to_owned();
    if cleaned.is_empty() || cleaned.chars().all(|c| c == '.') {
        "file".to_owned()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

    #[test]
    fn the_type_comes_from_the_bytes() {
        assert_eq!(detect(PNG).content_type, "image/png");
        assert!(detect(PNG).is_image());
        assert_eq!(detect(b"%PDF-1.7\n...").content_type, "application/pdf");
        assert_eq!(detect(b"name,amount\nAda,3\n").content_type, "text/plain");
        assert_eq!(detect(&[0, 159, 146, 150]).content_type, "application/octet-stream");
        assert!(!detect(b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>").is_image());
        assert_eq!(detect(PNG).max_bytes(), MAX_IMAGE_BYTES);
        assert_eq!(detect(b"%PDF-1.7").max_bytes(), MAX_FILE_BYTES);
    }

    #[test]
    fn accepted_types_follow_the_form_options() {
        let table = [
            ("*", "application/octet-stream", true),
            ("image/*", "image/png", true),
            ("image/*", "text/plain", false),
            ("video/*", "video/mp4", true),
            ("audio/*", "video/mp4", false),
            ("text/*", "text/plain", true),
            (".pdf", "application/pdf", true),
            (".pdf", "image/png", false),
            (".doc,.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", true),
            (".csv,.xml,.xls,.xlsm,.xlsx", "text/plain", true),
            (".csv,.xml,.xls,.xlsm,.xlsx", "application/vnd.ms-excel", true),
            (".csv,.xml,.xls,.xlsm,.xlsx", "application/pdf", false),
            ("image/*, .pdf", "application/pdf", true),
            ("", "image/png", false),
        ];
        for (rule, content_type, accepted) in table {
            assert_eq!(accepts(rule, content_type), accepted, "{rule} / {content_type}");
        }
    }

    #[test]
    fn file_names_cannot_break_the_header() {
        assert_eq!(safe_file_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_file_name("C:\\x\\report \"final\".pdf"), "report _final_.pdf");
        assert_eq!(safe_file_name("résumé.pdf"), "r_sum_.pdf");
        assert_eq!(safe_file_name(".."), "file");
        assert_eq!(safe_file_name(""), "file");
    }

    #[tokio::test]
    async fn the_disk_store_keeps_gets_and_removes_by_key() {
        let root = std::env::temp_dir().join(format!("tessera-files-{}", uuid::Uuid::new_v4().simple()));
        let store = DiskStore::new(&root);
        store.put("a-1", b"one").await.unwrap();
        store.put("a-1", b"two").await.unwrap();
        assert_eq!(store.get("a-1").await.unwrap().as_deref(), Some(&b"two"[..]));
        assert_eq!(store.get("missing").await.unwrap(), None);
        store.delete("a-1").await.unwrap();
        store.delete("a-1").await.unwrap();
        assert_eq!(store.get("a-1").await.unwrap(), None);
        assert!(store.put("../escape", b"x").await.is_err());
        assert!(store.get("a/b").await.is_err());
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), 0, "no partial files are left behind");
        std::fs::remove_dir_all(root).unwrap();
    }
}
