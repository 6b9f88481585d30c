//! `du`: one `SIZE<TAB>PATH` line per directory (and file, with `-a`), deepest first. Up to
//! [`KEEP_ALL`] lines print as they are. A longer listing keeps, in du's order, every line of
//! an operand itself and of its direct entries, every `total` line, and the [`LARGEST`]
//! largest deeper entries; the other deeper entries go, counted in the elision note (the whole
//! listing is in the tee file). A line not of that shape prints the whole output raw; errors
//! (`du: cannot read directory …`) go to stderr untouched. Forms with options this file does
//! not know (`--time`, `-0`, `--files0-from`, …) are not rewritten.

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};
pub use crate::programs::scope::du::operands;

pub struct Du;

/// Listings up to this many lines print whole.
const KEEP_ALL: usize = 60;
/// How many of the largest deeper entries a long listing keeps.
const LARGEST: usize = 10;

impl Filter for Du {
    fn name(&self) -> &'static str {
        "du"
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let lines: Vec<&str> = out.stdout.lines().collect();
        if lines.len() <= KEEP_ALL {
            return Ok(Compacted::raw(out));
        }
        let roots = operands(inv.args).ok_or_else(|| Unparsed("du form".into()))?;
        let mut entries = Vec::with_capacity(lines.len());
        for line in &lines {
            let (size, path) = line
                .split_once('\t')
                .ok_or_else(|| Unparsed(format!("not SIZE<TAB>PATH: {line}")))?;
            let bytes = size_of(size).ok_or_else(|| Unparsed(format!("size: {line}")))?;
            let shallow = path == "total" || roots.iter().any(|r| depth(r, path) <= Some(1));
            entries.push((bytes, shallow));
        }
        let mut deeper: Vec<(f64, usize)> = entries
            .iter()
            .enumerate()
            .filter(|(_, (_, shallow))| !shallow)
            .map(|(i, (b, _))| (*b, i))
            .collect();
        deeper.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut keep: Vec<bool> = entries.iter().map(|(_, shallow)| *shallow).collect();
        for (_, i) in deeper.iter().take(LARGEST) {
            keep[*i] = true;
        }
        let left = keep.iter().filter(|k| !**k).count();
        if left == 0 {
            return Ok(Compacted::raw(out));
        }
        let mut text = String::new();
        for (line, _) in lines.iter().zip(&keep).filter(|(_, k)| **k) {
            text.push_str(line);
            text.push('\n');
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: Some(format!(
                "{left} deeper entries (kept: the operands, their entries, totals, the {LARGEST} largest)"
            )),
        })
    }
}

/// How many path components `path` lies below `root` (`None`: not under it).
fn depth(root: &str, path: &str) -> Option<usize> {
    let root = root.trim_end_matches('/');
    if path == root || (root.is_empty() && path == "/") {
        return Some(0);
    }
    let rest = if root.is_empty() {
        path.strip_prefix('/')?
    } else {
        path.strip_prefix(root)?.strip_prefix('/')?
    };
    Some(rest.split('/').filter(|c| !c.is_empty()).count())
}

/// A du size (`4096`, `4.0K`, `1.5M`, `12G`) in one unit for ordering.
fn size_of(s: &str) -> Option<f64> {
    let (num, mult) = match s.char_indices().last()? {
        (i, c) if c.is_ascii_alphabetic() => {
            let power = "KMGTPEZY".find(c.to_ascii_uppercase())? as i32 + 1;
            (&s[..i], 1024f64.powi(power))
        }
        _ => (s, 1.0),
    };
    let n: f64 = num.replace(',', ".").parse().ok()?;
    Some(n * mult)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_options_only() {
        assert_eq!(
            operands(&["-sh", "a", "b"]),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(operands(&["-h", "-d", "1"]), Some(vec![".".into()]));
        assert_eq!(operands(&["-hd1", "src"]), Some(vec!["src".into()]));
        assert_eq!(
            operands(&["--max-depth=2", "--si", "x"]),
            Some(vec!["x".into()])
        );
        assert_eq!(operands(&["--exclude", "*.o", "x"]), Some(vec!["x".into()]));
        for no in [
            &["--time", "x"][..],
            &["-0", "x"],
            &["--files0-from=f"],
            &["-"],
            &["-d"],
            &["--help"],
        ] {
            assert_eq!(operands(no), None, "{no:?}");
        }
    }

    #[test]
    fn depth_and_sizes() {
        assert_eq!(depth(".", "./a/b"), Some(2));
        assert_eq!(depth("src/", "src"), Some(0));
        assert_eq!(depth("src", "srcx/a"), None);
        assert_eq!(depth("/", "/usr/lib"), Some(2));
        assert_eq!(size_of("4.0K"), Some(4096.0));
        assert_eq!(size_of("12"), Some(12.0));
        assert!(size_of("1.5M") > size_of("900K"));
        assert_eq!(size_of("x"), None);
    }

    #[test]
    fn long_listing_keeps_top_levels_totals_and_the_largest() {
        let mut raw = String::new();
        for k in 0..70 {
            raw.push_str(&format!("{}K\t./a/deep/d{k}\n", k + 1));
        }
        raw.push_str("900K\t./a\n2.0M\t./b\n3.0M\t.\n3.0M\ttotal\n");
        let args = ["-ch".to_string()];
        let inv = Invocation {
            program: "du",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout: &raw,
            stderr: "",
            code: 0,
        };
        let c = Du.compact(&inv, &out).unwrap();
        let kept: Vec<&str> = c.stdout.lines().collect();
        assert_eq!(kept.len(), 14);
        assert_eq!(kept[0], "61K\t./a/deep/d60");
        assert_eq!(kept[9], "70K\t./a/deep/d69");
        assert_eq!(
            &kept[10..],
            ["900K\t./a", "2.0M\t./b", "3.0M\t.", "3.0M\ttotal"]
        );
        assert!(c.elided.unwrap().starts_with("60 deeper entries"));
        let short = Output {
            stdout: "4.0K\t./a\n8.0K\t.\n",
            ..out
        };
        assert_eq!(Du.compact(&inv, &short).unwrap().stdout, short.stdout);
    }
}
