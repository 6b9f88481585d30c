//! One sink for the warnings of one rtk command: every part of the command pushes what it has
//! to say here instead of printing it, and the command's entry (`cli`) prints each distinct
//! warning once, at the end, as `rtk: warning: …` on stderr. The run path (`rtk git status`)
//! never prints them: it hands them to the history's trouble file for `rtk gain`/`rtk config`.

use std::io::{self, Write};
use std::sync::Mutex;

/// The warnings of one command, in the order first said, each kept once.
#[derive(Debug, Default)]
pub struct Warnings {
    said: Mutex<Vec<String>>,
}

impl Warnings {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `warning` unless it was already said.
    pub fn push(&self, warning: impl Into<String>) {
        let warning = warning.into();
        let mut said = self.said.lock().unwrap_or_else(|p| p.into_inner());
        if !said.contains(&warning) {
            said.push(warning);
        }
    }

    /// Adds each of `warnings` (see [`Warnings::push`]).
    pub fn extend<I: IntoIterator<Item = S>, S: Into<String>>(&self, warnings: I) {
        for w in warnings {
            self.push(w);
        }
    }

    /// Everything said so far, leaving the sink empty.
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.said.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Prints everything said so far, one `rtk: warning: …` line each, and empties the sink.
    pub fn print_to(&self, out: &mut dyn Write) -> io::Result<()> {
        for w in self.take() {
            writeln!(out, "rtk: warning: {w}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Warnings;

    #[test]
    fn each_warning_is_printed_once_in_the_order_said() {
        let w = Warnings::new();
        w.push("config broken");
        w.extend(["history not recorded", "config broken"]);
        let mut out = Vec::new();
        w.print_to(&mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "rtk: warning: config broken\nrtk: warning: history not recorded\n"
        );
        let mut again = Vec::new();
        w.print_to(&mut again).unwrap();
        assert!(again.is_empty(), "printed twice: {again:?}");
    }
}
