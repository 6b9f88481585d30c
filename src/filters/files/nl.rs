//! `nl -ba FILE…`: every line numbered, each number printed without nl's right-aligning pad
//! (`     12\tcode` → `12\tcode`); the number and the line after the tab are kept byte for
//! byte. Any other option (a width, a separator, a format, section handling) or stdin: the
//! output streams through as nl prints it.

use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct Nl;

pub use crate::programs::scope::nl::plain_numbering;

impl Filter for Nl {
    fn name(&self) -> &'static str {
        "nl"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if plain_numbering(inv.args) {
            Plan::Capture { stderr: false }
        } else {
            Plan::Stream
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(Box::<Unpadded>::default())
    }
}

/// The lines as they arrive, each number's left pad gone.
#[derive(Default)]
struct Unpadded {
    text: String,
}

impl Incremental for Unpadded {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        for line in lines.split_inclusive('\n') {
            let t = line.trim_start_matches(' ');
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && t.as_bytes().get(digits) == Some(&b'\t') {
                self.text.push_str(t);
            } else {
                self.text.push_str(line);
            }
        }
        Ok(())
    }
    fn finish(self: Box<Self>, _out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(Compacted::stdout(self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_go_and_every_byte_after_them_stays() {
        let mut u = Box::<Unpadded>::default();
        let raw = "     1\tfn main() {\n     2\t\n    10\t    x  \t y\n  text\n   123\tlast";
        u.feed(raw, 0).unwrap();
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 0,
        };
        assert_eq!(
            u.finish(&out).unwrap().stdout,
            "1\tfn main() {\n2\t\n10\t    x  \t y\n  text\n123\tlast"
        );
    }

    #[test]
    fn only_numbering_every_line_of_named_files() {
        assert!(plain_numbering(&["-ba", "src/main.rs"]));
        assert!(plain_numbering(&["-b", "a", "a.rs", "b.rs"]));
        assert!(!plain_numbering(&["src/main.rs"]));
        assert!(!plain_numbering(&["-ba"]));
        assert!(!plain_numbering(&["-ba", "-w", "3", "a.rs"]));
        assert!(!plain_numbering(&["-ba", "-"]));
        assert!(!plain_numbering(&["-ba", "-s:", "a.rs"]));
    }
}
