//! The tee folder: the full raw output of a run whose filter elided something, kept under
//! `$XDG_DATA_HOME/rtk/tee/` so the agent can read what was left out (under `$TMPDIR` when
//! that cannot be written: see [`create`]).
//!
//! Invariants: folders 0700 and files 0600, created so; one file per run, at most
//! `[tee] max_bytes` each (a last line says when the file was cut); the folder holds at most
//! `[tee] max_files` files and `[tee] max_dir_bytes` bytes (see [`Limits`]), the oldest
//! going first (by modification time).
//! Names are short (`4890.log`, the pid; `4890_2.log` when an older run of that pid left its
//! file) and hold no part of the command: the agent reads the path in every note. For each
//! file, `tee-labels/<stem>.cmd` beside the folder (same modes) holds its command line, masked
//! as history rows are, for `rtk recall --list`; it goes with its file.
//! A file is [`create`]d first (its path goes in the note) and filled off the main thread:
//! by a [`Writer`] while the command runs, or by [`fill`] while rtk prints.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::{self, JoinHandle};
use std::time::SystemTime;

use crate::config::TeeConfig;
use crate::env::Env;
use crate::os;
use crate::tracking::fallback;

/// The `[tee]` config as the folder uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Whether tee files are kept at all.
    pub enabled: bool,
    /// Most files the folder keeps.
    pub keep_files: usize,
    /// Most bytes of one file (a last line says it was cut).
    pub file_bytes: usize,
    /// Most bytes of the whole folder.
    pub dir_bytes: u64,
}

impl Limits {
    /// The limits a `[tee]` section sets (a zero count or size keeps one file of one byte:
    /// the newest file always stays).
    pub fn of(tee: &TeeConfig) -> Limits {
        Limits {
            enabled: tee.enabled,
            keep_files: tee.max_files as usize,
            file_bytes: usize::try_from(tee.max_bytes).unwrap_or(usize::MAX),
            dir_bytes: tee.max_dir_bytes,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::of(&TeeConfig::default())
    }
}

/// The tee folder for this environment.
pub fn dir(env: &Env) -> Option<PathBuf> {
    env.data_home().map(|d| d.join("rtk").join("tee"))
}

/// Creates the (empty) tee file of this run: its path is known, and can be printed,
/// before [`fill`] writes it (on another thread while rtk prints the compacted output).
/// When the data folder cannot be written (a sandbox's read-only HOME), the file goes to
/// `tee/` in this user's private temp folder ([`fallback::user_dir`]); the error is the data
/// folder's when neither can be written.
pub fn create(env: &Env) -> std::io::Result<(PathBuf, fs::File)> {
    let first = match create_in_data(env) {
        Ok(made) => return Ok(made),
        Err(e) => e,
    };
    let Some(user) = fallback::user_dir(env) else {
        return Err(first);
    };
    let dir = user.join("tee");
    os::create_private_dir_all(&dir)
        .and_then(|()| create_in(&dir))
        .map_err(|_| first)
}

fn create_in_data(env: &Env) -> std::io::Result<(PathBuf, fs::File)> {
    let dir = dir(env).ok_or_else(|| std::io::Error::other("no HOME or XDG_DATA_HOME"))?;
    os::create_private_dir_all(&dir)?;
    // Made by an older rtk with wider modes: narrowed (rtk's own folders only).
    if let Some(rtk) = dir.parent() {
        os::narrow_dir(rtk)?;
    }
    os::narrow_dir(&dir)?;
    create_in(&dir)
}

fn create_in(dir: &Path) -> std::io::Result<(PathBuf, fs::File)> {
    let pid = std::process::id();
    for n in 1..=MAX_SAME_PID {
        let name = match n {
            1 => format!("{pid}.log"),
            n => format!("{pid}_{n}.log"),
        };
        let path = dir.join(name);
        match os::private_file().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many tee files of this pid"))
}

/// The label of the tee file `log`: `<tee folder>-labels/<stem>.cmd`, a sibling folder, so the
/// tee folder holds tee files only.
fn label_path(log: &Path) -> PathBuf {
    let dir = log.parent().unwrap_or(Path::new("."));
    let name = dir.file_name().map_or_else(
        || "tee-labels".into(),
        |n| format!("{}-labels", n.to_string_lossy()),
    );
    let stem = log.file_stem().unwrap_or_default().to_string_lossy();
    dir.with_file_name(name).join(format!("{stem}.cmd"))
}

/// Writes the label of the tee file `log`: its `command`, masked (nothing when it cannot).
pub fn label(log: &Path, command: &str) {
    let masked = crate::mask::line(command);
    let path = label_path(log);
    if let Some(dir) = path.parent() {
        if os::create_private_dir_all(dir).is_err() {
            return;
        }
    }
    let opened = os::private_file()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path);
    if let Ok(mut f) = opened {
        let _ = f.write_all(masked.as_bytes());
    }
}

/// The command line the tee file `log` holds the output of, when it has a label.
pub fn label_of(log: &Path) -> Option<String> {
    let text = fs::read_to_string(label_path(log)).ok()?;
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

/// Removes the tee file `log` and its label.
pub fn remove(log: &Path) {
    let _ = fs::remove_file(log);
    let _ = fs::remove_file(label_path(log));
}

/// Files of one pid (a reused pid) tried before giving up: far more than the folder keeps.
const MAX_SAME_PID: usize = 64;

/// Prunes the folder's old files (to `limits`), then writes `parts` (concatenated, capped)
/// into the tee file at `path` that [`create`] made.
pub fn fill(file: fs::File, path: &Path, parts: &[&[u8]], limits: Limits) -> std::io::Result<()> {
    let total: usize = parts.iter().map(|p| p.len()).sum();
    prune_beside(path, limits, total.min(limits.file_bytes) as u64);
    let mut capped = Capped::new(file, limits.file_bytes);
    for part in parts {
        capped.write(part)?;
    }
    capped.end()
}

/// [`prune`] of the folder holding the new tee file `path` (which, newest, stays), leaving
/// room for `coming` more bytes. Removing a large old file takes milliseconds, so it is done
/// before the new one is written, while the command still runs.
fn prune_beside(path: &Path, limits: Limits, coming: u64) {
    if let (Some(dir), Some(name)) = (path.parent(), path.file_name()) {
        let room = limits.dir_bytes.saturating_sub(coming);
        prune(dir, limits.keep_files, room, name);
    }
}

/// A tee file's writer that stops at `cap` bytes and says so in a last line.
struct Capped {
    file: fs::File,
    cap: usize,
    left: usize,
    cut: bool,
}

impl Capped {
    fn new(file: fs::File, cap: usize) -> Self {
        Capped {
            file,
            cap,
            left: cap,
            cut: false,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let take = bytes.len().min(self.left);
        self.file.write_all(&bytes[..take])?;
        self.left -= take;
        self.cut |= take < bytes.len();
        Ok(())
    }

    /// The cut line, if the file was cut.
    fn end(mut self) -> std::io::Result<()> {
        if self.cut {
            writeln!(self.file, "\n[rtk: tee file cut at {} bytes]", self.cap)?;
        }
        Ok(())
    }
}

/// A tee file written on its own thread while the command still runs (for large outputs
/// whose filter already elides): writing megabytes after the command ended would add
/// milliseconds to the run, and a write can stall on the disk.
pub struct Writer {
    path: PathBuf,
    chunks: mpsc::Sender<Vec<u8>>,
    worker: JoinHandle<std::io::Result<()>>,
}

impl Writer {
    /// Creates the file (see [`create`]) and its writing thread.
    pub fn start(env: &Env, limits: Limits) -> std::io::Result<Writer> {
        let (path, file) = create(env)?;
        let (chunks, rx) = mpsc::channel::<Vec<u8>>();
        let at = path.clone();
        let worker = thread::spawn(move || {
            // Its size is not known yet: room for a whole file is made.
            prune_beside(&at, limits, limits.file_bytes as u64);
            let mut capped = Capped::new(file, limits.file_bytes);
            let mut failed = None;
            for chunk in rx {
                if failed.is_none() {
                    failed = capped.write(&chunk).err();
                }
            }
            match failed {
                Some(e) => Err(e),
                None => capped.end(),
            }
        });
        Ok(Writer {
            path,
            chunks,
            worker,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends a copy of `bytes`.
    pub fn push(&self, bytes: &[u8]) {
        // The worker only stops once the sender is dropped.
        let _ = self.chunks.send(bytes.to_vec());
    }

    /// Waits for everything pushed to be written.
    pub fn finish(self) -> std::io::Result<PathBuf> {
        drop(self.chunks);
        match self.worker.join() {
            Ok(r) => r.map(|()| self.path),
            Err(_) => Err(std::io::Error::other("the tee writer stopped")),
        }
    }

    /// Nothing was elided after all: the file goes (at once; the thread may still be writing
    /// into it, and ends with the process).
    pub fn discard(self) {
        remove(&self.path);
    }
}

/// Keeps the newest `.log` files in `dir` (by modification time, then name): at most `keep`
/// of them and `max_bytes` bytes together. The newest file and `spare` (the file being written,
/// which another process's file may sort after) always stay.
pub fn prune(dir: &Path, keep: usize, max_bytes: u64, spare: &std::ffi::OsStr) {
    let mut total = 0u64;
    for (i, file) in list(dir).iter().enumerate() {
        total += file.len;
        if i > 0 && (i >= keep || total > max_bytes) && file.name != spare {
            remove(&dir.join(&file.name));
        }
    }
}

/// One tee file in the folder.
#[derive(Debug, Clone)]
pub struct Listed {
    pub name: std::ffi::OsString,
    pub len: u64,
    pub modified: SystemTime,
}

/// The `.log` files in `dir`, newest first (by modification time, then name); none when the
/// folder cannot be read.
pub fn list(dir: &Path) -> Vec<Listed> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<Listed> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name();
            if !name.as_encoded_bytes().ends_with(b".log") {
                return None;
            }
            let meta = e.metadata().ok()?;
            let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            Some(Listed {
                name,
                len: meta.len(),
                modified,
            })
        })
        .collect();
    files.sort_unstable_by(|a, b| (&b.modified, &b.name).cmp(&(&a.modified, &a.name)));
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
    const KEEP_FILES: usize = 50;

    /// A tee file as an older rtk named it (`0000000003_1_x.log`), modified `i` minutes after
    /// the epoch: the older the smaller `i`.
    fn old_log(d: &Path, i: usize, bytes: &[u8]) {
        let f = fs::File::create(d.join(format!("{i:010}_1_x.log"))).unwrap();
        (&f).write_all(bytes).unwrap();
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(60 * i as u64);
        f.set_modified(t).unwrap();
    }

    #[test]
    fn names_are_the_pid_and_a_reused_pid_never_overwrites() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().as_os_str())], tmp.path());
        let pid = std::process::id();
        let (a, _) = create(&env).unwrap();
        let (b, _) = create(&env).unwrap();
        assert_eq!(a.file_name().unwrap(), format!("{pid}.log").as_str());
        assert_eq!(b.file_name().unwrap(), format!("{pid}_2.log").as_str());
    }

    #[test]
    fn the_oldest_by_time_goes_first_whatever_the_names() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        for (name, minute) in [("1.log", 3), ("9.log", 1), ("5.log", 2)] {
            let f = fs::File::create(d.join(name)).unwrap();
            f.set_modified(SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(60 * minute))
                .unwrap();
        }
        prune(d, 2, u64::MAX, "none".as_ref());
        assert!(d.join("1.log").exists() && d.join("5.log").exists());
        assert!(!d.join("9.log").exists());
    }

    #[test]
    fn the_defaults_are_fifty_files_of_ten_mib_in_two_hundred_mib() {
        let l = Limits::default();
        assert!(l.enabled);
        assert_eq!((l.keep_files, l.file_bytes), (KEEP_FILES, MAX_FILE_BYTES));
        assert_eq!(l.dir_bytes, 200 * 1024 * 1024);
    }

    #[test]
    fn writes_caps_and_prunes() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().as_os_str())], tmp.path());
        let big = vec![b'x'; MAX_FILE_BYTES + 10];
        let (p, file) = create(&env).unwrap();
        fill(file, &p, &[b"head\n", &big], Limits::default()).unwrap();
        let text = fs::read(&p).unwrap();
        assert!(text.len() < MAX_FILE_BYTES + 100);
        assert!(String::from_utf8_lossy(&text[text.len() - 60..]).contains("tee file cut"));
        let d = dir(&env).unwrap();
        for i in 0..(KEEP_FILES + 5) {
            old_log(&d, i, b"x");
        }
        prune(&d, KEEP_FILES, u64::MAX, "none".as_ref());
        let left: Vec<_> = fs::read_dir(&d).unwrap().collect();
        assert_eq!(left.len(), KEEP_FILES);
        assert!(!d.join(format!("{:010}_1_x.log", 0)).exists());
    }

    #[test]
    fn the_folder_is_capped_in_bytes_oldest_first() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        for i in 0..10 {
            old_log(d, i, &[b'x'; 1000]);
        }
        fs::write(d.join("other.txt"), vec![b'x'; 5000]).unwrap();
        prune(d, KEEP_FILES, 3500, "none".as_ref());
        let mut left: Vec<String> = fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "0000000007_1_x.log",
                "0000000008_1_x.log",
                "0000000009_1_x.log",
                "other.txt"
            ]
        );
        // The newest stays even alone past the cap.
        prune(d, KEEP_FILES, 10, "0000000007_1_x.log".as_ref());
        assert!(d.join("0000000009_1_x.log").exists());
        assert!(!d.join("0000000008_1_x.log").exists());
        assert!(d.join("0000000007_1_x.log").exists());
    }

    #[test]
    fn the_limits_come_from_the_config() {
        let tmp = tempfile::tempdir().unwrap();
        let cfg = tmp.path().join("cfg");
        let env = Env::new([("XDG_CONFIG_HOME", cfg.as_os_str())], tmp.path());
        assert_eq!(Limits::of(&Config::load(&env).0.tee), Limits::default());
        fs::create_dir_all(cfg.join("rtk")).unwrap();
        let text = "[tee]\nenabled = false\nmax_files = 3\nmax_bytes = 100\nmax_dir_bytes = 4096\n";
        fs::write(cfg.join("rtk/config.toml"), text).unwrap();
        let want = Limits {
            enabled: false,
            keep_files: 3,
            file_bytes: 100,
            dir_bytes: 4096,
        };
        assert_eq!(Limits::of(&Config::load(&env).0.tee), want);
    }

    #[test]
    fn a_configured_file_cap_and_count_are_kept() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().as_os_str())], tmp.path());
        let limits = Limits {
            keep_files: 2,
            file_bytes: 10,
            ..Limits::default()
        };
        let d = dir(&env).unwrap();
        fs::create_dir_all(&d).unwrap();
        for i in 0..4 {
            old_log(&d, i, b"old");
        }
        let (p, file) = create(&env).unwrap();
        fill(file, &p, &[b"0123456789abcdef"], limits).unwrap();
        let text = fs::read_to_string(&p).unwrap();
        assert_eq!(text, "0123456789\n[rtk: tee file cut at 10 bytes]\n");
        let mut left: Vec<String> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let new = p.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(left, ["0000000003_1_x.log".to_string(), new]);
    }

    #[test]
    fn writer_writes_what_was_pushed_capped_and_discard_removes_it() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().as_os_str())], tmp.path());
        let w = Writer::start(&env, Limits::default()).unwrap();
        w.push(b"one\n");
        w.push(b"two\n");
        let path = w.finish().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"one\ntwo\n");

        let w = Writer::start(&env, Limits::default()).unwrap();
        let chunk = vec![b'y'; MAX_FILE_BYTES / 3 + 1];
        for _ in 0..4 {
            w.push(&chunk);
        }
        let path = w.finish().unwrap();
        let text = fs::read(&path).unwrap();
        assert!(text.len() < MAX_FILE_BYTES + 100);
        assert!(String::from_utf8_lossy(&text[text.len() - 60..]).contains("tee file cut"));

        let w = Writer::start(&env, Limits::default()).unwrap();
        w.push(b"x\n");
        let path = w.path().to_path_buf();
        w.discard();
        assert!(!path.exists());
    }
}
