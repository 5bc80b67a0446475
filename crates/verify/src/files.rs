//! Files written whole or not at all: the bytes go to a temporary file
//! beside the target (`<name>.partial`), which is renamed over it only when
//! complete. An interrupted run (Ctrl-C, a killed process, a full disk)
//! leaves the old file or none, never half of one; a `.partial` left by a
//! killed run is overwritten by the next. A target that exists and is not
//! a regular file (`/dev/null`, a FIFO) is written to directly.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

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
}
