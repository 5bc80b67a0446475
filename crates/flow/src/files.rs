//! Files written whole or not at all: the bytes go to a temporary file
//! beside the target (`<name>.partial`), which is renamed over it only when
//! complete. An interrupted run (Ctrl-C, a killed process, a full disk)
//! leaves the old file or none, never half of one; a `.partial` left by a
//! killed run is overwritten by the next. A target that exists and is not
//! a regular file (`/dev/null`, a FIFO) is written to directly.
//!
//! Beside them, the file operations whose error says by construction what
//! was done to which path ([`FileError`]): [`save`] (a write whole or not at
//! all), [`read_to_string`], [`create_dir_all`], [`copy`], [`remove_file`].

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file operation that failed: what was being done, to which path, and
/// the system's error, which is also its [`std::error::Error::source`]. It
/// prints as one line, `writing build/x.v: No space left on device`.
#[derive(Debug)]
pub struct FileError {
    /// What was being done: `reading`, `writing`, `creating`, `copying to`,
    /// `removing`.
    pub op: &'static str,
    /// The path it was done to.
    pub path: PathBuf,
    /// The system's error.
    pub error: io::Error,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.op, self.path.display(), self.error)
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl From<FileError> for io::Error {
    /// The same kind, the path and the operation in its words.
    fn from(e: FileError) -> io::Error {
        io::Error::new(e.error.kind(), e)
    }
}

/// `result` with its error as a [`FileError`] of `op` on `path`.
fn at<T>(op: &'static str, path: &Path, result: io::Result<T>) -> Result<T, FileError> {
    result.map_err(|error| FileError { op, path: path.to_path_buf(), error })
}

/// [`write()`], with an error that names the path.
pub fn save(path: impl AsRef<Path>, bytes: impl AsRef<[u8]>) -> Result<(), FileError> {
    at("writing", path.as_ref(), write(path.as_ref(), bytes))
}

/// [`std::fs::read_to_string`], with an error that names the path.
pub fn read_to_string(path: impl AsRef<Path>) -> Result<String, FileError> {
    at("reading", path.as_ref(), std::fs::read_to_string(path.as_ref()))
}

/// [`std::fs::create_dir_all`], with an error that names the directory.
pub fn create_dir_all(path: impl AsRef<Path>) -> Result<(), FileError> {
    at("creating", path.as_ref(), std::fs::create_dir_all(path.as_ref()))
}

/// [`std::fs::copy`], with an error that names the target (and the source,
/// in the operation's words).
pub fn copy(from: impl AsRef<Path>, to: impl AsRef<Path>) -> Result<u64, FileError> {
    let op: &'static str = if from.as_ref().exists() { "copying to" } else { "copying (the source is missing) to" };
    at(op, to.as_ref(), std::fs::copy(from.as_ref(), to.as_ref()))
}

/// [`std::fs::remove_file`], with an error that names the file.
pub fn remove_file(path: impl AsRef<Path>) -> Result<(), FileError> {
    at("removing", path.as_ref(), std::fs::remove_file(path.as_ref()))
}

/// The temporary file for `path`.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}

/// Writes `bytes` to `path` whole or not at all.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> io::Result<()> {
    let mut f = Atomic::create(path)?;
    f.write_all(bytes.as_ref())?;
    f.commit()
}

/// A file being written; [`Atomic::commit`] puts it in place, and dropped
/// before that it is removed.
pub struct Atomic {
    path: PathBuf,
    /// The temporary file, or none when writing to the target directly.
    tmp: Option<PathBuf>,
    out: Option<BufWriter<File>>,
}

impl Atomic {
    /// Starts writing `path`: opens `<name>.partial` beside it, or the target
    /// itself when it exists and is not a regular file.
    pub fn create(path: &Path) -> io::Result<Atomic> {
        if path.exists() && !path.is_file() {
            let out = BufWriter::new(std::fs::OpenOptions::new().write(true).open(path)?);
            return Ok(Atomic { path: path.to_path_buf(), tmp: None, out: Some(out) });
        }
        let tmp = partial(path);
        let out = BufWriter::new(File::create(&tmp)?);
        Ok(Atomic { path: path.to_path_buf(), tmp: Some(tmp), out: Some(out) })
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> io::Result<()> {
        let out = self.out.take().expect("committed once");
        let file = out.into_inner().map_err(|e| e.into_error())?;
        match &self.tmp {
            Some(tmp) => {
                file.sync_all()?;
                drop(file);
                std::fs::rename(tmp, &self.path)
            }
            None => Ok(()),
        }
    }
}

impl Write for Atomic {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.as_mut().expect("not committed").write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.out.as_mut().expect("not committed").flush()
    }
}

impl Drop for Atomic {
    fn drop(&mut self) {
        if let (Some(_), Some(tmp)) = (self.out.take(), &self.tmp) {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("nimforge-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.txt");
        write(&p, "old").unwrap();
        {
            let mut f = Atomic::create(&p).unwrap();
            f.write_all(b"half of the new").unwrap();
            // Dropped without commit: the old file stays, the partial goes.
        }
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        assert!(!partial(&p).exists());
        write(&p, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        // A device stays a device.
        write(Path::new("/dev/null"), "nothing").unwrap();
        assert!(!Path::new("/dev/null").is_file());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_file_error_names_the_operation_and_the_path_and_keeps_its_cause() {
        use std::error::Error as _;
        let missing = Path::new("/nonexistent-nimforge/x.v");
        let e = read_to_string(missing).unwrap_err();
        assert!(e.to_string().starts_with("reading /nonexistent-nimforge/x.v: No such file"), "{e}");
        let cause = e.source().and_then(|s| s.downcast_ref::<io::Error>()).map(io::Error::kind);
        assert_eq!(cause, Some(io::ErrorKind::NotFound));
        assert_eq!(save(missing, "x").unwrap_err().op, "writing");
        assert_eq!(io::Error::from(e).kind(), io::ErrorKind::NotFound);
    }
}
