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
    /// `starts` is how a record's first line begins (`"commit "`).
    pub fn new(marker: &'static str) -> Self {
        Cutter {
            pending: String::new(),
            marker,
        }
    }

    /// Takes the next run of lines; returns the complete records it closed (everything before
    /// the last record start), if any.
    pub fn push(&mut self, lines: &str) -> Option<String> {
        // Only the new text (and the marker's length before it) can hold a new record start:
        // searching all that is pending would be quadratic in a long record.
        let from = self.pending.len().saturating_sub(self.marker.len());
        self.pending.push_str(lines);
        let from = (0..=from)
            .rev()
            .find(|&i| self.pending.is_char_boundary(i))
            .unwrap_or(0);
        let cut = from + self.pending[from..].rfind(self.marker)? + 1;
        let rest = self.pending[cut..].to_string();
        let mut done = std::mem::replace(&mut self.pending, rest);
        done.truncate(cut);
        Some(done)
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

    #[test]
    fn cuts_before_the_last_record_start() {
        let mut c = Cutter::new("\ncommit ");
        assert_eq!(c.push("commit a\n  x\n"), None);
        assert_eq!(
            c.push("commit b\n  y\ncommit c\n").as_deref(),
            Some("commit a\n  x\ncommit b\n  y\n")
        );
        assert_eq!(c.push("  z\n"), None);
        assert_eq!(c.rest(), "commit c\n  z\n");
        assert_eq!(c.rest(), "");
    }
}
