//! The elision note (`[rtk: elided …; full output: <tee file>]`) and where its tee file comes
//! from: for a large output whose filter already elides, a [`tee::Writer`] started while the
//! command runs ([`EarlyTee`]); otherwise a file created at the end and written on a thread
//! while rtk prints ([`Tee::Late`]).

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::exec::tee;

/// Held stdout past which the tee file is written while the command runs.
pub const EARLY_TEE_FROM: usize = 1024 * 1024;

/// Bytes handed to the writer at a time: each hand-over wakes its thread, which shares the
/// cores with the command and rtk's reader while the output arrives.
const PUSH_FROM: usize = 512 * 1024;

/// The tee file started while the command runs, if it was.
#[derive(Default)]
pub struct EarlyTee {
    writer: Option<io::Result<tee::Writer>>,
    /// Bytes of stdout handed to the writer.
    pushed: usize,
}

impl EarlyTee {
    /// `held` is all stdout so far; `eliding` whether the filter already leaves something
    /// out. Starts the file once both say so, then hands it the new bytes, [`PUSH_FROM`] or
    /// more at a time (the rest goes in [`Tee::for_elided`]).
    pub fn feed(&mut self, held: &[u8], eliding: bool, env: &Env, command: &str) {
        if self.writer.is_none() && held.len() >= EARLY_TEE_FROM && eliding {
            self.writer = Some(tee::Writer::start(env, command));
        }
        if let Some(Ok(w)) = &self.writer {
            if held.len() - self.pushed >= PUSH_FROM {
                w.push(&held[self.pushed..]);
                self.pushed = held.len();
            }
        }
    }

    /// The output is printed without a note: no tee file.
    pub fn discard(self) {
        if let Some(Ok(w)) = self.writer {
            w.discard();
        }
    }
}

/// The tee file of an elided run.
pub enum Tee {
    /// Written while the command ran; `stderr` still to add.
    Early(tee::Writer),
    /// Created now, written by [`Tee::write`] (the tee folder's byte cap with it).
    Late(PathBuf, File, u64),
    /// Could not be created.
    Failed(io::Error),
}

impl Tee {
    /// The early file when there is one, else a new one. `stdout` is all of it: what the early
    /// writer was not handed yet is added, then `stderr`.
    pub fn for_elided(
        early: EarlyTee,
        stdout: &[u8],
        stderr: &[u8],
        env: &Env,
        command: &str,
    ) -> Tee {
        match early.writer {
            Some(Ok(w)) => {
                w.push(&stdout[early.pushed..]);
                w.push(stderr);
                Tee::Early(w)
            }
            Some(Err(e)) => Tee::Failed(e),
            None => match tee::create(env, command) {
                Ok((path, file)) => Tee::Late(path, file, tee::dir_cap(env)),
                Err(e) => Tee::Failed(e),
            },
        }
    }

    /// The note, as it reads once the file is written (when it cannot be, the output is
    /// printed raw instead, with [`unsaved_line`]).
    pub fn note(&self, what: &str) -> String {
        match self {
            Tee::Early(w) => saved_note(what, w.path()),
            Tee::Late(path, ..) => saved_note(what, path),
            Tee::Failed(e) => unsaved_line(e),
        }
    }

    /// Writes what is left to write (`parts`: all stdout, then stderr) and waits for it; a
    /// file that could not be written is removed.
    pub fn write(self, parts: &[&[u8]]) -> io::Result<()> {
        let (path, result) = match self {
            Tee::Early(w) => {
                let path = w.path().to_path_buf();
                (path, w.finish().map(drop))
            }
            Tee::Late(path, file, cap) => {
                let r = tee::fill(file, &path, parts, cap);
                (path, r)
            }
            Tee::Failed(e) => return Err(e),
        };
        if result.is_err() {
            let _ = std::fs::remove_file(&path);
        }
        result
    }

    /// The output is printed raw after all: no file.
    pub fn discard(self) {
        match self {
            Tee::Early(w) => w.discard(),
            Tee::Late(path, ..) => {
                let _ = std::fs::remove_file(path);
            }
            Tee::Failed(_) => {}
        }
    }
}

/// The one line rtk adds when it left something out.
fn saved_note(what: &str, path: &Path) -> String {
    format!("[rtk: elided {what}; full output: {}]\n", path.display())
}

/// The line rtk adds (on stderr) when it printed the raw output because the tee file could
/// not be written.
pub fn unsaved_line(e: &io::Error) -> String {
    format!("[rtk: full output shown, nothing elided: the tee file could not be written: {e}]\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsaved_line_keeps_the_whole_reason() {
        let e = io::Error::other("No space left on device (os error 28) é");
        let line = unsaved_line(&e);
        assert!(line.ends_with("(os error 28) é]\n"), "{line}");
        assert_eq!(line.lines().count(), 1);
    }

    #[test]
    fn early_tee_starts_only_for_large_eliding_output() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().as_os_str())], tmp.path());
        let big = vec![b'x'; EARLY_TEE_FROM];
        let mut early = EarlyTee::default();
        early.feed(&big[..10], true, &env, "git log");
        early.feed(&big, false, &env, "git log");
        assert!(early.writer.is_none());
        let mut more = big.clone();
        more.extend_from_slice(b"tail\n");
        early.feed(&more, true, &env, "git log");
        assert_eq!(early.pushed, more.len());
        // Less than a batch more: held back, then added by `for_elided`.
        more.extend_from_slice(b"later\n");
        early.feed(&more, true, &env, "git log");
        assert_eq!(early.pushed, more.len() - b"later\n".len());
        let tee = Tee::for_elided(early, &more, b"err\n", &env, "git log");
        assert!(matches!(tee, Tee::Early(_)));
        let note = tee.note("x");
        let path = note
            .trim_end()
            .trim_end_matches(']')
            .rsplit(": ")
            .next()
            .unwrap()
            .to_string();
        tee.write(&[]).unwrap();
        let mut want = more;
        want.extend_from_slice(b"err\n");
        assert_eq!(std::fs::read(path).unwrap(), want);
    }
}
