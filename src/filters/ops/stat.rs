//! `stat FILE…` in its default format (GNU coreutils): each file's eight-line block becomes one
//! line — its name as stat printed it (with a symlink's target), type, size, mode, owner and
//! group, modification time, and a device file's device type. The block counts, device, inode,
//! link count and the access/change/birth times are left out (said in the elision note, kept
//! in the tee file). Any line not of that format (another locale, an SELinux context, a
//! format the agent asked for) prints the whole output as stat wrote it; errors go to stderr
//! untouched. `-c`/`--format`/`--printf`, `-f` and `-t` forms are not rewritten.

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Stat;

impl Filter for Stat {
    fn name(&self) -> &'static str {
        "stat"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let lines: Vec<&str> = out.stdout.lines().collect();
        if lines.is_empty() {
            return Ok(Compacted::raw(out));
        }
        if !lines.len().is_multiple_of(8) {
            return Err(Unparsed(format!("{} lines: not 8 per file", lines.len())));
        }
        let mut text = String::with_capacity(out.stdout.len() / 3);
        for block in lines.chunks(8) {
            text.push_str(&one_line(block)?);
            text.push('\n');
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: Some(
                "each file's blocks, device, inode, links and access/change/birth times".into(),
            ),
        })
    }
}

/// The value after `label` on `line`, or unparsed.
fn after<'a>(line: &'a str, label: &str) -> Result<&'a str, Unparsed> {
    line.strip_prefix(label)
        .ok_or_else(|| Unparsed(format!("expected {label:?}: {line}")))
}

/// One file's block as `NAME  TYPE  SIZE bytes  MODE  OWNER:GROUP  modified TIME`.
fn one_line(b: &[&str]) -> Result<String, Unparsed> {
    let bad = |what: &str, line: &str| Unparsed(format!("{what}: {line}"));
    let name = after(b[0], "  File: ")?;
    // `  Size: 3         \tBlocks: 8          IO Block: 4096   regular file`
    let size_line = after(b[1], "  Size: ")?;
    let size = size_line
        .split_whitespace()
        .next()
        .filter(|s| s.bytes().all(|c| c.is_ascii_digit()))
        .ok_or_else(|| bad("size", b[1]))?;
    let (_, io) = size_line
        .split_once("IO Block: ")
        .ok_or_else(|| bad("io block", b[1]))?;
    let kind = io
        .trim_start()
        .split_once(' ')
        .map(|(_, k)| k.trim())
        .filter(|k| !k.is_empty())
        .ok_or_else(|| bad("file type", b[1]))?;
    let device = after(b[2], "Device: ")?;
    let device_type = device.split_once("Device type: ").map(|(_, t)| t.trim());
    // `Access: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)`
    let perms = after(b[3], "Access: (")?;
    let (mode, ids) = perms.split_once(')').ok_or_else(|| bad("mode", b[3]))?;
    let id = |label: &str| -> Result<String, Unparsed> {
        let (_, v) = ids.split_once(label).ok_or_else(|| bad(label, b[3]))?;
        let (num, name) = v
            .split_once(')')
            .and_then(|(v, _)| v.split_once('/'))
            .ok_or_else(|| bad(label, b[3]))?;
        let name = name.trim();
        Ok(if name == "UNKNOWN" { num.trim() } else { name }.to_string())
    };
    let (uid, gid) = (id("Uid: (")?, id("Gid: (")?);
    after(b[4], "Access: ")?;
    let mtime = after(b[5], "Modify: ")?;
    after(b[6], "Change: ")?;
    after(b[7], " Birth: ")?;
    let mut line = format!("{name}  {kind}  {size} bytes  {mode}  {uid}:{gid}  modified {mtime}");
    if let Some(t) = device_type {
        line.push_str(&format!("  device type {t}"));
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::scope::stat::default_format;

    fn compact(stdout: &str) -> Result<Compacted, Unparsed> {
        let args = ["f".to_string()];
        let inv = Invocation {
            program: "stat",
            args: &args,
            sub: None,
        };
        Stat.compact(
            &inv,
            &Output {
                stdout,
                stderr: "",
                code: 0,
            },
        )
    }

    const BLOCK: &str = "  File: a b.txt
  Size: 3         \tBlocks: 8          IO Block: 4096   regular file
Device: 254,0\tInode: 10019906    Links: 1
Access: (0644/-rw-r--r--)  Uid: ( 1000/     ann)   Gid: ( 4242/ UNKNOWN)
Access: 2026-12-04 04:20:25.319761975 +0000
Modify: 2026-12-04 04:20:25.323335720 +0000
Change: 2026-12-04 04:20:25.323335720 +0000
 Birth: -
";

    #[test]
    fn a_block_becomes_one_line() {
        let c = compact(BLOCK).unwrap();
        assert_eq!(
            c.stdout,
            "a b.txt  regular file  3 bytes  0644/-rw-r--r--  ann:4242  modified 2026-12-04 04:20:25.323335720 +0000\n"
        );
        assert!(c.elided.is_some());
    }

    #[test]
    fn another_shape_is_unparsed() {
        let with_context = BLOCK.replace(" Birth: -\n", " Birth: -\nContext: x\n");
        assert!(compact(&with_context).is_err());
        assert!(compact(&BLOCK.replace("Modify: ", "Geändert: ")).is_err());
        assert!(compact("hello\n").is_err());
    }

    #[test]
    fn only_the_default_format_of_named_files() {
        assert!(default_format(&["a", "b"]));
        assert!(default_format(&["-L", "a"]));
        assert!(default_format(&["--", "a"]));
        for no in [
            &["-c", "%s", "a"][..],
            &["--format=%s", "a"],
            &["--printf=%s", "a"],
            &["-f", "/"],
            &["-t", "a"],
            &["-"],
            &[],
            &["--help"],
        ] {
            assert!(!default_format(no), "{no:?}");
        }
    }
}
