//! make's rule for the steps a warm `cargo xtask run` can skip: a step's output is fresh when its
//! stamp, written as the step started, is newer than every file the step reads. Starting time,
//! not finishing time, so a file edited while the step ran makes the next run do it again.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::Result;

/// The inputs of one step: files and folders (read recursively, minus folders named in `skip`).
pub struct Inputs<'a> {
    pub paths: Vec<PathBuf>,
    pub skip: &'a [&'a str],
}

impl Inputs<'_> {
    /// The newest modification time among the inputs; `None` when one cannot be read (then the
    /// step runs).
    fn newest(&self) -> Option<SystemTime> {
        let mut newest = SystemTime::UNIX_EPOCH;
        for path in &self.paths {
            newest = newest.max(newest_under(path, self.skip, true)?);
        }
        Some(newest)
    }
}

/// A folder's own time counts (a file deleted from it changes it), except an input folder's:
/// the step's output may be created in it (web/dist in web/), which is no change of an input.
fn newest_under(path: &Path, skip: &[&str], input: bool) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    let mut newest = if input { SystemTime::UNIX_EPOCH } else { meta.modified().ok()? };
    for entry in std::fs::read_dir(path).ok()? {
        let entry = entry.ok()?;
        if skip.iter().any(|name| entry.file_name() == **name) {
            continue;
        }
        newest = newest.max(newest_under(&entry.path(), skip, false)?);
    }
    Some(newest)
}

/// Runs `step` unless its `output` exists and `stamp` is newer than every input; the stamp is
/// written before the step starts and removed if it fails. Answers whether the step ran.
pub fn unless_fresh(stamp: &Path, output: &Path, inputs: &Inputs<'_>, step: impl FnOnce() -> Result) -> Result<bool> {
    let stamped = std::fs::metadata(stamp).and_then(|meta| meta.modified()).ok();
    if let (true, Some(stamped), Some(newest)) = (output.exists(), stamped, inputs.newest()) {
        if stamped > newest {
            return Ok(false);
        }
    }
    File::create(stamp).map_err(|err| format!("cannot write {}: {err}", stamp.display()))?;
    step().inspect_err(|_| {
        let _ = std::fs::remove_file(stamp);
    })?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn touch(path: &Path, at: SystemTime) {
        File::create(path).unwrap().set_modified(at).unwrap();
    }

    /// A folder's own time changes when an entry is added; set it back like its files'.
    fn age(dir: &Path, at: SystemTime) {
        File::open(dir).unwrap().set_modified(at).unwrap();
    }

    #[test]
    fn a_step_runs_again_only_when_an_input_is_newer_than_its_last_start() {
        let dir = std::env::temp_dir().join(format!("xtask-fresh-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src/skipped")).unwrap();
        let now = SystemTime::now();
        touch(&dir.join("src/a.ts"), now - Duration::from_secs(60));
        age(&dir.join("src/skipped"), now - Duration::from_secs(60));
        age(&dir.join("src"), now - Duration::from_secs(60));
        let inputs = Inputs { paths: vec![dir.join("src")], skip: &["skipped", "dist"] };
        let stamp = dir.join("stamp");
        let output = dir.join("made");
        File::create(&output).unwrap();
        let mut runs = 0;
        let mut count = || {
            runs += 1;
            Ok(())
        };
        assert!(unless_fresh(&stamp, &output, &inputs, &mut count).unwrap(), "no stamp yet");
        assert!(!unless_fresh(&stamp, &output, &inputs, &mut count).unwrap(), "nothing changed");
        touch(&dir.join("src/skipped/b.ts"), now + Duration::from_secs(60));
        std::fs::create_dir(dir.join("src/dist")).unwrap();
        assert!(!unless_fresh(&stamp, &output, &inputs, &mut count).unwrap(), "a skipped folder, made or changed, is not an input");
        touch(&dir.join("src/a.ts"), now + Duration::from_secs(60));
        assert!(unless_fresh(&stamp, &output, &inputs, &mut count).unwrap(), "an input changed");
        std::fs::remove_file(&output).unwrap();
        assert!(unless_fresh(&stamp, &output, &inputs, &mut count).unwrap(), "the output is gone");
        assert!(unless_fresh(&stamp, &output, &inputs, || Err("broken".to_owned())).is_err());
        assert!(!stamp.exists(), "a failed step leaves no stamp, so it runs again");
        assert_eq!(runs, 3);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
