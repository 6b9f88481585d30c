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
        self.pending.push_str(lines);
        let cut = self.pending.rfind(self.marker)? + 1;
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

#[cfg(test)]
mod tests {
    use super::*;

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
