//! The runner's tee: where the full raw output of a run whose filter elided something goes,
//! and the note that points to it (`[rtk: elided …; full output: <tee file>]`).
//!
//! One [`TeeSink`] per captured run owns all of it: for a large output whose filter already
//! elides, a [`store::Writer`] thread started while the command runs; otherwise a file created
//! at the end and written while rtk prints; and, when no file can be written, the one line that
//! says so ([`Unsaved`]). [`store`] owns the folder (names, modes, caps, pruning).
//!
//! Invariants: a note names only a file that exists (or is being written); where no file can
//! be made at all (the data folder and the temp dir both refuse: a read-only sandbox) the
//! note names the command that prints everything (`rtk proxy …`) instead; a file that was made
//! but could not be written is reported by the one [`Unsaved`] line, and the output goes raw; a
//! sink that is not finished removes its file; `[tee] enabled = false` offers no note at all
//! (the runner then prints raw).

pub mod store;

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use crate::config::Shared;
use crate::env::Env;
pub use store::{dir, Limits};

/// Held stdout past which the tee file is written while the command runs.
pub const EARLY_TEE_FROM: usize = 1024 * 1024;

/// Bytes handed to the writer at a time: each hand-over wakes its thread, which shares the
/// cores with the command and rtk's reader while the output arrives.
const PUSH_FROM: usize = 512 * 1024;

/// The tee of one captured run (see the module doc).
pub struct TeeSink<'a> {
    env: &'a Env,
    /// Its `[tee]` limits, read when a file is first needed.
    config: &'a Shared,
    state: State,
    /// Bytes of stdout handed to an early writer.
    pushed: usize,
    /// The command line, for the file's label (see [`store::label`]).
    command: Option<&'a str>,
}

enum State {
    /// No file yet.
    Idle,
    /// Written on its own thread while the command runs.
    Early(store::Writer),
    /// Created at the end, written by [`TeeSink::finish`].
    Late(PathBuf, File, Limits),
    /// `[tee] enabled = false`.
    Disabled,
    /// Could not be created.
    Failed(io::Error),
}

/// The tee file could not be written: the output goes raw, and [`Unsaved::line`] says why.
#[derive(Debug)]
pub struct Unsaved(pub io::Error);

impl Unsaved {
    /// The one line rtk adds (on stderr) when it printed the raw output because the tee file
    /// could not be written.
    pub fn line(&self) -> String {
        unsaved_line(&self.0)
    }
}

fn unsaved_line(e: &io::Error) -> String {
    format!("[rtk: full output shown, nothing elided: the tee file could not be written: {e}]\n")
}

impl<'a> TeeSink<'a> {
    /// The sink of this run (see [`store::create`] for the file's name).
    pub fn new(env: &'a Env, config: &'a Shared) -> Self {
        TeeSink {
            env,
            config,
            state: State::Idle,
            pushed: 0,
            command: None,
        }
    }

    /// The sink of a run of `command`: its file is labelled with it for `rtk recall --list`.
    pub fn labelled(mut self, command: &'a str) -> Self {
        self.command = Some(command);
        self
    }

    /// Labels the file just created at `path`.
    fn label(&self, path: &Path) {
        if let Some(c) = self.command {
            store::label(path, c);
        }
    }

    /// `held` is all stdout so far; `eliding` whether the filter already leaves something
    /// out. Starts the file once both say so, then hands it the new bytes, [`PUSH_FROM`] or
    /// more at a time (the rest goes in [`TeeSink::elided`]).
    pub fn feed(&mut self, held: &[u8], eliding: bool) {
        if matches!(self.state, State::Idle) && held.len() >= EARLY_TEE_FROM && eliding {
            let limits = Limits::of(&self.config.get().tee);
            self.state = if !limits.enabled {
                State::Disabled
            } else {
                match store::Writer::start(self.env, limits) {
                    Ok(w) => {
                        self.label(w.path());
                        State::Early(w)
                    }
                    Err(e) => State::Failed(e),
                }
            };
        }
        if let State::Early(w) = &self.state {
            if held.len() - self.pushed >= PUSH_FROM {
                w.push(&held[self.pushed..]);
                self.pushed = held.len();
            }
        }
    }

    /// The filter elided something from this output (`stdout` all of it): the early file gets
    /// what it was not handed yet and `stderr`; without one, a file is created now.
    pub fn elided(&mut self, stdout: &[u8], stderr: &[u8]) {
        match &self.state {
            State::Early(w) => {
                w.push(&stdout[self.pushed..]);
                w.push(stderr);
                self.pushed = stdout.len();
            }
            State::Idle => {
                let limits = Limits::of(&self.config.get().tee);
                self.state = if !limits.enabled {
                    State::Disabled
                } else {
                    match store::create(self.env) {
                        Ok((path, file)) => {
                            self.label(&path);
                            State::Late(path, file, limits)
                        }
                        Err(e) => State::Failed(e),
                    }
                };
            }
            State::Late(..) | State::Disabled | State::Failed(_) => {}
        }
    }

    /// The note for an elision of `what`, as it reads once the file is written; when no file
    /// could be created, the [`Unsaved`] line stands in for it (the output is printed raw and
    /// that line is added; see [`TeeSink::finish`]). `None`: no tee files are kept. A command
    /// that is not `repeatable` (it changed something) gets a note naming only its file, and
    /// none when no file could be made (so nothing is elided).
    pub fn note(&self, what: &str, repeatable: bool) -> Option<String> {
        let saved = |path: &Path| match repeatable {
            true => self.saved_note(what, path),
            false => saved_note(what, path),
        };
        match &self.state {
            State::Early(w) => Some(saved(w.path())),
            State::Late(path, ..) => Some(saved(path)),
            State::Failed(e) => repeatable.then(|| rerun_note(what, e)),
            State::Idle | State::Disabled => None,
        }
    }

    /// Writes what is left to write (`parts`: all stdout, then stderr) and waits for it; a
    /// file that could not be written is removed.
    pub fn finish(self, parts: &[&[u8]]) -> Result<(), Unsaved> {
        let (path, result) = match self.state {
            State::Early(w) => {
                let path = w.path().to_path_buf();
                (path, w.finish().map(drop))
            }
            State::Late(path, file, limits) => {
                let r = store::fill(file, &path, parts, limits);
                (path, r)
            }
            // No file anywhere (a read-only sandbox): the note names the command instead.
            State::Failed(_) => return Ok(()),
            State::Idle | State::Disabled => {
                let e = io::Error::other("no tee file was started");
                return Err(Unsaved(e));
            }
        };
        if result.is_err() {
            store::remove(&path);
        }
        result.map_err(Unsaved)
    }

    /// The note naming the tee file at `path`; one in the temp dir (the data folder refused
    /// it: a sandbox) also names the command, since a sandbox's temp dir may not outlive the
    /// command (Gemini CLI's tool sandbox gives each command a fresh `/tmp`).
    fn saved_note(&self, what: &str, path: &Path) -> String {
        match store::dir(self.env) {
            Some(data) if path.starts_with(&data) => saved_note(what, path),
            _ => temp_note(what, path),
        }
    }

    /// Nothing is elided after all: no file.
    pub fn discard(self) {
        match self.state {
            State::Early(w) => w.discard(),
            State::Late(path, ..) => store::remove(&path),
            State::Idle | State::Disabled | State::Failed(_) => {}
        }
    }
}

/// The one line rtk adds when it left something out.
fn saved_note(what: &str, path: &Path) -> String {
    format!("[rtk: elided {what}; full output: {}]\n", path.display())
}

/// [`saved_note`] for a tee file in the temp dir: the command that prints it all comes first,
/// so the note still ends with the path (`; full output: <path>]`, which readers split on).
fn temp_note(what: &str, path: &Path) -> String {
    format!(
        "[rtk: elided {what}; `rtk proxy <the same command>` prints all of it if this temp file is gone; full output: {}]\n",
        path.display()
    )
}

/// The one line rtk adds when it left something out and no file could be written anywhere
/// (the data folder nor the temp dir: a read-only sandbox): the command that prints it all.
fn rerun_note(what: &str, e: &io::Error) -> String {
    format!(
        "[rtk: elided {what}; no file could be written for it ({e}): `rtk proxy <the same command>` prints all of it]\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_env(tmp: &Path) -> Env {
        Env::new([("XDG_DATA_HOME", tmp.as_os_str())], tmp)
    }

    /// The path a note points to.
    fn note_path(note: &str) -> PathBuf {
        let tail = note.trim_end().trim_end_matches(']');
        PathBuf::from(tail.rsplit(": ").next().unwrap())
    }

    #[test]
    fn unsaved_line_keeps_the_whole_reason() {
        let e = io::Error::other("No space left on device (os error 28) é");
        let line = Unsaved(e).line();
        assert!(line.ends_with("(os error 28) é]\n"), "{line}");
        assert_eq!(line.lines().count(), 1);
    }

    #[test]
    fn early_tee_starts_only_for_large_eliding_output() {
        let tmp = tempfile::tempdir().unwrap();
        let env = data_env(tmp.path());
        let big = vec![b'x'; EARLY_TEE_FROM];
        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        sink.feed(&big[..10], true);
        sink.feed(&big, false);
        assert!(matches!(sink.state, State::Idle));
        let mut more = big.clone();
        more.extend_from_slice(b"tail\n");
        sink.feed(&more, true);
        assert!(matches!(sink.state, State::Early(_)));
        assert_eq!(sink.pushed, more.len());
        // Less than a batch more: held back, then added by `elided`.
        more.extend_from_slice(b"later\n");
        sink.feed(&more, true);
        assert_eq!(sink.pushed, more.len() - b"later\n".len());
        sink.elided(&more, b"err\n");
        let path = note_path(&sink.note("x", true).unwrap());
        sink.finish(&[]).unwrap();
        let mut want = more;
        want.extend_from_slice(b"err\n");
        assert_eq!(std::fs::read(path).unwrap(), want);
    }

    #[test]
    fn a_late_file_holds_stdout_then_stderr_and_discard_removes_it() {
        let tmp = tempfile::tempdir().unwrap();
        let env = data_env(tmp.path());
        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        assert_eq!(sink.note("x", true), None);
        sink.elided(b"out\n", b"err\n");
        let note = sink.note("3 lines", true).unwrap();
        assert!(
            note.starts_with("[rtk: elided 3 lines; full output: "),
            "{note}"
        );
        let path = note_path(&note);
        assert!(path.exists());
        sink.finish(&[b"out\n", b"err\n"]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"out\nerr\n");

        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        sink.elided(b"out\n", b"");
        let path = note_path(&sink.note("x", true).unwrap());
        sink.discard();
        assert!(!path.exists());
    }

    #[test]
    fn where_no_folder_can_be_made_the_note_names_the_command() {
        let tmp = tempfile::tempdir().unwrap();
        // The data home is a file: no folder can be made under it.
        let file = tmp.path().join("file");
        std::fs::write(&file, "x").unwrap();
        // And so is the temp dir: nowhere to fall back to.
        let env = Env::new(
            [
                ("XDG_DATA_HOME", file.as_os_str()),
                ("TMPDIR", file.as_os_str()),
            ],
            tmp.path(),
        );
        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        sink.elided(b"out\n", b"");
        // A write is not run again to see its output: nothing to point to, nothing elided.
        assert_eq!(sink.note("x", false), None);
        let note = sink.note("x", true).unwrap();
        assert!(
            note.starts_with("[rtk: elided x; no file could be written for it (")
                && note.ends_with("`rtk proxy <the same command>` prints all of it]\n"),
            "{note}"
        );
        assert!(sink.finish(&[b"out\n"]).is_ok());
        assert!(!file.join("rtk").exists());
    }

    /// The data folder refuses (a sandbox's read-only HOME): the file goes to the temp dir,
    /// and the note also names the command, since that temp dir may be gone by the next
    /// command (Gemini CLI 0.61.0's tool sandbox mounts a fresh `/tmp` for each).
    #[test]
    fn a_tee_file_in_the_temp_dir_is_named_with_the_command() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let temp = tmp.path().join("tmp");
        std::fs::create_dir(&temp).unwrap();
        let env = Env::new(
            [
                ("XDG_DATA_HOME", file.as_os_str()),
                ("TMPDIR", temp.as_os_str()),
            ],
            tmp.path(),
        );
        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        sink.elided(b"out\n", b"");
        let note = sink.note("x", true).unwrap();
        assert!(
            note.starts_with(
                "[rtk: elided x; `rtk proxy <the same command>` prints all of it if this temp file is gone; full output: "
            ),
            "{note}"
        );
        let path = note_path(&note);
        assert!(path.starts_with(&temp), "{note}");
        // A write's note names only the file: running it again would write again.
        let once = sink.note("x", false).unwrap();
        assert_eq!(
            once,
            format!("[rtk: elided x; full output: {}]\n", path.display())
        );
        sink.finish(&[b"out\n"]).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"out\n");
    }

    #[test]
    fn a_disabled_tee_offers_no_note_and_writes_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let cfg = tmp.path().join("cfg");
        std::fs::create_dir_all(cfg.join("rtk")).unwrap();
        std::fs::write(cfg.join("rtk/config.toml"), "[tee]\nenabled = false\n").unwrap();
        let env = Env::new(
            [
                ("XDG_DATA_HOME", tmp.path().as_os_str()),
                ("XDG_CONFIG_HOME", cfg.as_os_str()),
            ],
            tmp.path(),
        );
        let big = vec![b'x'; EARLY_TEE_FROM + 1];
        let config = Shared::new(&env);
        let mut sink = TeeSink::new(&env, &config);
        sink.feed(&big, true);
        sink.elided(&big, b"");
        assert_eq!(sink.note("x", true), None);
        assert!(sink.finish(&[&big]).is_err());
        assert!(!tmp.path().join("rtk/tee").exists());
    }
}
