//! Cutting output into whole records as it arrives, for filters that compact while the command
//! runs ([`super::Incremental`]): text waits in a [`Cutter`] until a line that starts the next
//! record (`commit `, `diff `) shows that the records before it are complete.

/// Holds back the text after the last record start seen.
pub struct Cutter {
    pending: String,
    /// `\n` + the start of a record line, e.g. `"\ncommit "`.
    marker: &'static str,
}

impl Cutter {
    /// `marker` is `\n` and how a record's first line begins (`"\ncommit "`).
    pub fn new(marker: &'static str) -> Self {
        Cutter {
            pending: String::new(),
            marker,
        }
    }

    /// Takes the next run of whole lines and hands `complete` every record it closed (all
    /// the text before the last record start), in order, in one or two calls that each start
    /// at a record start or at the very beginning. Only the held record and the new
    /// unfinished one are copied; the records in between are handed straight from `lines`.
    pub fn push(&mut self, lines: &str, mut complete: impl FnMut(&str)) {
        let marker = self.marker.as_bytes();
        // A record start right at the front of `lines` (the held text ends with a newline).
        let at_front = !self.pending.is_empty() && lines.as_bytes().starts_with(&marker[1..]);
        let inside = || memchr::memmem::find(lines.as_bytes(), marker).map(|i| i + 1);
        let Some(first) = (if at_front { Some(0) } else { inside() }) else {
            self.pending.push_str(lines);
            return;
        };
        let last = memchr::memmem::rfind(lines.as_bytes(), marker).map_or(first, |i| i + 1);
        // `first` and `last` follow a `\n`: char boundaries.
        self.pending.push_str(&lines[..first]);
        if !self.pending.is_empty() {
            complete(&self.pending);
        }
        if last > first {
            complete(&lines[first..last]);
        }
        self.pending.clear();
        self.pending.push_str(&lines[last..]);
    }

    /// Everything still held (at the end of the output).
    pub fn rest(&mut self) -> String {
        std::mem::take(&mut self.pending)
    }
}

/// `text.split_inclusive('\n')`, found with a vectorised byte search (the filters that go
/// line by line over megabytes spend much of their time finding line ends).
pub fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', text.as_bytes())
        .map(|i| i + 1)
        .chain(std::iter::once(text.len()));
    ends.filter_map(move |end| {
        // A `\n` is never inside a UTF-8 sequence, so every cut is a char boundary.
        let line = (end > start).then(|| &text[start..end]);
        start = end;
        line
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_inclusive_is_split_inclusive() {
        for t in ["", "a", "a\n", "a\nb", "\n\n", "é\nü", "a\r\nb\n"] {
            let want: Vec<&str> = t.split_inclusive('\n').collect();
            assert_eq!(lines_inclusive(t).collect::<Vec<_>>(), want, "{t:?}");
        }
    }

    /// What `push` hands over, joined.
    fn pushed(c: &mut Cutter, lines: &str) -> Option<String> {
        let mut got: Option<String> = None;
        c.push(lines, |t| got.get_or_insert_with(String::new).push_str(t));
        got
    }

    #[test]
    fn cuts_before_the_last_record_start() {
        let mut c = Cutter::new("\ncommit ");
        assert_eq!(pushed(&mut c, "commit a\n  x\n"), None);
        assert_eq!(
            pushed(&mut c, "commit b\n  y\ncommit c\n").as_deref(),
            Some("commit a\n  x\ncommit b\n  y\n")
        );
        assert_eq!(pushed(&mut c, "  z\n"), None);
        assert_eq!(c.rest(), "commit c\n  z\n");
        assert_eq!(c.rest(), "");
    }

    #[test]
    fn every_call_starts_at_a_record_and_the_text_is_kept_whole() {
        let text = "head\ncommit 1\n a\ncommit 2\ncommit 3\n b\n c\ncommit 4\n";
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for step in 1..=lines.len() {
            let mut c = Cutter::new("\ncommit ");
            let mut calls: Vec<String> = Vec::new();
            for run in lines.chunks(step) {
                c.push(&run.concat(), |t| calls.push(t.to_string()));
            }
            let rest = c.rest();
            assert_eq!(calls.concat() + &rest, text, "step {step}");
            assert_eq!(rest, "commit 4\n", "step {step}");
            for (i, t) in calls.iter().enumerate() {
                assert!(
                    t.starts_with("commit ") || (i == 0 && t.starts_with("head")),
                    "step {step}: {t:?}"
                );
            }
        }
    }
}
