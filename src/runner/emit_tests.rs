//! [`choose`] over each case of the policy, and [`write`] printing each emission (the tee
//! file's failure included) into buffers.

use std::path::{Path, PathBuf};

use super::*;
use crate::env::Env;
use crate::exec::Stream;

fn compacted(stdout: &str, stderr: Option<&str>, elided: Option<&str>) -> Compacted {
    Compacted {
        stdout: stdout.into(),
        stderr: stderr.map(String::from),
        elided: elided.map(String::from),
    }
}

const RAW_OUT: &str = "line 1\nline 2\nline 3\nline 4\n";
const RAW_ERR: &str = "warning: x\n";

fn raw() -> Option<(&'static str, &'static str)> {
    Some((RAW_OUT, RAW_ERR))
}

#[test]
fn a_shorter_compact_form_is_printed_with_the_raw_stderr() {
    let c = compacted("4 lines\n", None, None);
    let want = Emission::Compact {
        stdout: "4 lines\n",
        stderr: RAW_ERR,
        note: None,
    };
    assert_eq!(choose(raw(), Some(&c), None, None), want);
    // A note the tee offers is not printed when nothing was elided.
    assert_eq!(choose(raw(), Some(&c), Some("[rtk: note]\n"), None), want);
}

#[test]
fn a_compact_form_is_printed_up_to_the_raw_length_and_not_past_it() {
    let same = RAW_OUT.len() + RAW_ERR.len();
    let c = compacted(&"x".repeat(same), Some(""), None);
    assert!(matches!(
        choose(raw(), Some(&c), None, None),
        Emission::Compact { .. }
    ));
    let c = compacted(&"x".repeat(same + 1), Some(""), None);
    assert_eq!(
        choose(raw(), Some(&c), None, None),
        Emission::Raw { fell_back: false }
    );
    // A replaced stderr counts instead of the raw one.
    let c = compacted("x\n", Some(&"e".repeat(same)), None);
    assert_eq!(
        choose(raw(), Some(&c), None, None),
        Emission::Raw { fell_back: false }
    );
}

#[test]
fn output_the_filter_could_not_take_falls_back_to_raw() {
    let c = compacted("x\n", None, None);
    // Spilled past the caps, or not UTF-8.
    assert_eq!(
        choose(None, Some(&c), None, None),
        Emission::Raw { fell_back: true }
    );
    // The filter's parse failed.
    assert_eq!(
        choose(raw(), None, None, None),
        Emission::Raw { fell_back: true }
    );
}

#[test]
fn the_note_counts_against_the_raw_length() {
    let c = compacted("line 1\n", Some(""), Some("3 lines"));
    let short = "[rtk: 3]\n";
    assert_eq!(
        choose(raw(), Some(&c), Some(short), None),
        Emission::Compact {
            stdout: "line 1\n",
            stderr: "",
            note: Some(short),
        }
    );
    let room = RAW_OUT.len() + RAW_ERR.len() - "line 1\n".len();
    let fits = "n".repeat(room);
    assert!(matches!(
        choose(raw(), Some(&c), Some(&fits), None),
        Emission::Compact { .. }
    ));
    let long = "n".repeat(room + 1);
    assert_eq!(
        choose(raw(), Some(&c), Some(&long), None),
        Emission::Raw { fell_back: false }
    );
}

#[test]
fn a_compact_form_costing_more_tokens_than_raw_is_not_printed() {
    let c = compacted("x\n", Some(""), Some("3 lines"));
    // Fewer bytes than raw, but a path's short words between slashes are tokens of their own.
    let room = RAW_OUT.len() + RAW_ERR.len() - "x\n".len();
    let path_like = "a/".repeat(room / 2);
    let t = crate::tokens::estimate_tokens;
    assert!(t("x\n") + t(&path_like) > t(RAW_OUT) + t(RAW_ERR));
    assert_eq!(
        choose(raw(), Some(&c), Some(&path_like), None),
        Emission::Raw { fell_back: false }
    );
    // The same bytes as prose cost fewer tokens than raw: printed.
    assert!(matches!(
        choose(raw(), Some(&c), Some(&"n".repeat(room)), None),
        Emission::Compact { .. }
    ));
}

#[test]
fn raw_tokens_counted_as_the_output_arrived_are_the_ones_compared() {
    let c = compacted("x\n", Some(""), Some("3 lines"));
    let note = "n".repeat(RAW_OUT.len() + RAW_ERR.len() - "x\n".len());
    let t = crate::tokens::estimate_tokens;
    let compact = t("x\n") + t(&note);
    let counted = t(RAW_OUT) + t(RAW_ERR);
    assert!(compact <= counted);
    // The runner hands over the count made while the output arrived; it is what decides.
    assert!(matches!(
        choose(raw(), Some(&c), Some(&note), Some(counted)),
        Emission::Compact { .. }
    ));
    assert_eq!(
        choose(raw(), Some(&c), Some(&note), Some(compact - 1)),
        Emission::Raw { fell_back: false }
    );
}

#[test]
fn nothing_is_elided_without_a_note() {
    let c = compacted("line 1\n", None, Some("3 lines"));
    assert_eq!(
        choose(raw(), Some(&c), None, None),
        Emission::Raw { fell_back: false }
    );
}

fn captured(out: &str, err: &str) -> Captured {
    let stream = |text: &str| {
        let mut s = Stream::default();
        s.held.extend(text.as_bytes(), usize::MAX);
        s.total = text.len() as u64;
        s
    };
    Captured {
        code: 1,
        stdout: stream(out),
        stderr: stream(err),
    }
}

fn data_env(data: &Path, cwd: &Path) -> Env {
    Env::new([("XDG_DATA_HOME", data.as_os_str())], cwd)
}

struct Written {
    out: String,
    err: String,
    printed: Printed,
    rec: RunRecord,
}

fn write_one(c: &Captured, emission: Emission<'_>, sink: TeeSink<'_>) -> Written {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut rec = RunRecord {
        raw_bytes: c.stdout.total + c.stderr.total,
        ..RunRecord::default()
    };
    let printed = write(&mut out, &mut err, c, emission, sink, false, &mut rec).unwrap();
    Written {
        out: String::from_utf8(out).unwrap(),
        err: String::from_utf8(err).unwrap(),
        printed,
        rec,
    }
}

fn tee_files(data: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(data.join("rtk/tee"))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn a_compact_emission_is_printed_after_its_tee_file_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let env = data_env(tmp.path(), tmp.path());
    let c = captured(RAW_OUT, RAW_ERR);
    let config = crate::config::Shared::new(&env);
    let mut sink = TeeSink::new(&env, &config);
    sink.elided(RAW_OUT.as_bytes(), RAW_ERR.as_bytes());
    let note = sink.note("3 lines", true).unwrap();
    let emission = Emission::Compact {
        stdout: "line 1\n",
        stderr: "",
        note: Some(&note),
    };
    let w = write_one(&c, emission, sink);
    assert_eq!(w.printed, Printed::Compacted);
    assert_eq!(w.out, format!("line 1\n{note}"));
    assert_eq!(w.err, "");
    assert_eq!(w.rec.emitted_bytes, ("line 1\n".len() + note.len()) as u64);
    assert!(w.rec.emitted_tokens > 0);
    assert!(!w.rec.fell_back);
    let files = tee_files(tmp.path());
    assert_eq!(files.len(), 1);
    let saved = std::fs::read_to_string(&files[0]).unwrap();
    assert_eq!(saved, format!("{RAW_OUT}{RAW_ERR}"));
}

#[test]
fn a_raw_emission_prints_the_raw_output_and_leaves_no_tee_file() {
    let tmp = tempfile::tempdir().unwrap();
    let env = data_env(tmp.path(), tmp.path());
    let c = captured(RAW_OUT, RAW_ERR);
    let config = crate::config::Shared::new(&env);
    let mut sink = TeeSink::new(&env, &config);
    sink.elided(RAW_OUT.as_bytes(), RAW_ERR.as_bytes());
    assert_eq!(tee_files(tmp.path()).len(), 1);
    let w = write_one(&c, Emission::Raw { fell_back: true }, sink);
    assert_eq!(w.printed, Printed::Raw);
    assert_eq!((w.out.as_str(), w.err.as_str()), (RAW_OUT, RAW_ERR));
    assert!(w.rec.fell_back);
    assert_eq!(w.rec.emitted_bytes, w.rec.raw_bytes);
    assert!(tee_files(tmp.path()).is_empty());
}

#[test]
fn where_no_tee_file_can_be_made_the_compact_form_names_the_command() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("file");
    std::fs::write(&file, "x").unwrap();
    // Neither the data folder nor the temp dir can take it.
    let env = Env::new(
        [
            ("XDG_DATA_HOME", file.as_os_str()),
            ("TMPDIR", file.as_os_str()),
        ],
        tmp.path(),
    );
    let c = captured(RAW_OUT, RAW_ERR);
    let config = crate::config::Shared::new(&env);
    let mut sink = TeeSink::new(&env, &config);
    sink.elided(RAW_OUT.as_bytes(), RAW_ERR.as_bytes());
    let note = sink.note("3 lines", true).unwrap();
    assert!(
        note.contains("`rtk proxy <the same command>` prints all of it"),
        "{note}"
    );
    let emission = Emission::Compact {
        stdout: "x\n",
        stderr: "",
        note: Some(&note),
    };
    let w = write_one(&c, emission, sink);
    assert_eq!(w.printed, Printed::Compacted);
    assert_eq!(w.out, format!("x\n{note}"));
    assert!(w.err.is_empty());
    assert_eq!(w.rec.emitted_bytes, (2 + note.len()) as u64);
}

/// A stdout whose reader is gone (`rtk git log | head -3` once head has its lines).
struct Closed;

impl std::io::Write for Closed {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_reader_that_went_away_still_records_the_compacted_form() {
    let tmp = tempfile::tempdir().unwrap();
    let env = data_env(tmp.path(), tmp.path());
    let c = captured(RAW_OUT, RAW_ERR);
    let config = crate::config::Shared::new(&env);
    let sink = TeeSink::new(&env, &config);
    let emission = Emission::Compact {
        stdout: "4 lines\n",
        stderr: "",
        note: None,
    };
    let mut rec = RunRecord {
        raw_bytes: (RAW_OUT.len() + RAW_ERR.len()) as u64,
        ..RunRecord::default()
    };
    let printed = write(
        &mut Closed,
        &mut Vec::new(),
        &c,
        emission,
        sink,
        false,
        &mut rec,
    );
    assert_eq!(printed.unwrap(), Printed::Compacted);
    assert_eq!(rec.emitted_bytes, "4 lines\n".len() as u64);
    assert_eq!(
        rec.emitted_tokens,
        crate::tokens::estimate_tokens("4 lines\n")
    );
    // Any other write error is still an error.
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("no space"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let sink = TeeSink::new(&env, &config);
    let emission = Emission::Compact {
        stdout: "4 lines\n",
        stderr: "",
        note: None,
    };
    assert!(write(
        &mut Full,
        &mut Vec::new(),
        &c,
        emission,
        sink,
        false,
        &mut rec
    )
    .is_err());
}

#[test]
fn a_spilled_stream_is_printed_whole_with_one_line_saying_so() {
    let tmp = tempfile::tempdir().unwrap();
    let env = data_env(tmp.path(), tmp.path());
    let config = crate::config::Shared::new(&env);
    // What exec leaves of a spilled stream: its bytes already went through.
    let mut c = captured("", RAW_ERR);
    c.stdout.spilled = true;
    assert_eq!(
        choose(None, None, None, None),
        Emission::Raw { fell_back: true }
    );
    let w = write_one(
        &c,
        Emission::Raw { fell_back: true },
        TeeSink::new(&env, &config),
    );
    let line = "[rtk: not compacted: stdout passed 16 MiB, more than rtk holds to compact; printed whole, as the command wrote it]\n";
    assert_eq!(w.err, format!("{RAW_ERR}{line}"));
    assert_eq!(w.rec.emitted_bytes, w.rec.raw_bytes + line.len() as u64);
    c.stderr.spilled = true;
    assert!(spilled_line(&c)
        .unwrap()
        .contains("stdout passed 16 MiB and stderr 4 MiB"));
    c.stdout.spilled = false;
    assert!(spilled_line(&c).unwrap().contains(": stderr passed 4 MiB,"));
    c.stdout.broken = true;
    assert_eq!(spilled_line(&c), None);
    c.stdout.broken = false;
    c.stderr.spilled = false;
    assert_eq!(spilled_line(&c), None);
}
