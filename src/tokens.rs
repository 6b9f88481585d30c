//! Token estimate for command output, and its calibration against a real tokenizer. A leaf:
//! imports nothing from the crate (`exec` counts a stream as it arrives, `tracking` stores it).
//!
//! Method (one pass over the bytes, no tokenizer tables, no allocation): the text is cut into
//! pieces the way BPE tokenizers pre-split it — letter runs, digit runs, punctuation runs,
//! whitespace runs and non-ASCII characters — and each piece is charged:
//! - a letter run: 1 token per started 7 letters (a leading space is free, as in BPE);
//! - a digit run: 1 token per started 3 digits (cl100k/o200k split numbers that way);
//! - a punctuation run: a lone character 3/4 of a token (it often merges with a neighbour,
//!   as in `/usr`), longer runs 1 per started 2 characters (`::`, `->`, `");`), runs of one
//!   repeated character (`-----`, `=====`) 1 per started 8;
//! - a whitespace run: free if it is one space, else 1 token (newlines, indentation);
//! - a non-ASCII character: 1 token (CJK and symbols are ~1 token each; accented letters
//!   inside words are slightly over-counted).
//!
//! Charges add up in quarter tokens, rounded once at the end. Both a command's raw output (as it
//! arrives) and rtk's own output are counted by [`SampledCounter`]: the first 64 KiB whole, the
//! rest from a sample, so counting never adds much to a run's wall time.
//!
//! It is an estimate: [`calibrate`] compares it with counts from a real tokenizer, and
//! `rtk-bench --calibrate` compares what `rtk gain` records with o200k_base and cl100k_base on
//! the repository's captured outputs; the figures are in bench/README.md ("Token estimate vs
//! real tokenizers"), and [`ACCURACY`] states them wherever rtk shows a count.

/// The measured accuracy of the estimate (bench/README.md, `rtk-bench --calibrate`): `rtk gain`
/// ([`TOKEN_METHOD`]), its `--help` ([`GAIN_HELP`]) and the README say this and nothing else
/// (a test checks each).
pub const ACCURACY: &str = "totals within 3% of o200k_base and cl100k_base (360 captured \
outputs); one output can be off by up to about half";

/// One line describing the method, shown by `rtk gain` (text and JSON).
pub const TOKEN_METHOD: &str = concat!(
    "estimate: BPE-like pieces (letter runs /7, digit runs /3, punctuation, whitespace runs, \
     non-ASCII chars); ",
    "totals within 3% of o200k_base and cl100k_base (360 captured outputs); one output can be \
     off by up to about half"
);

/// Shown after `rtk gain --help`: how the numbers are made.
pub const GAIN_HELP: &str = "\
How the numbers are made:
  Every run through an rtk filter stores one row: the command (secret-looking values masked),
  project, raw output bytes/tokens (what the real command printed), emitted bytes/tokens (what
  rtk printed), exit code, duration. Saved = raw - emitted; totals are plain sums of the rows.
  Tokens are estimated, not counted with a model's tokenizer: the text is cut into BPE-like
  pieces (letter runs: 1 token per 7 letters; digit runs: 1 per 3 digits; punctuation: 3/4 for a
  lone character, else 1 per 2; whitespace runs other than one space: 1; non-ASCII character: 1).
  Outputs (raw and rtk's) are counted whole up to 64 KiB; past that from a sample (every eighth
  16 KiB block, every 64th past 8 MiB, scaled).
  Accuracy (bench/README.md, rtk-bench --calibrate): totals within 3% of o200k_base and
  cl100k_base (360 captured outputs); one output can be off by up to about half.
  Savings are of command output only, not of a whole agent session.
History: $XDG_DATA_HOME/rtk/history.db (RTK_DB_PATH or [tracking] db_path override it;
  RTK_NO_TRACKING=1 stops recording).";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    Punct,
    Space,
    Other,
}

/// The class of every byte, computed once at compile time (the estimate runs over every
/// byte a filtered command prints).
static CLASSES: [Class; 256] = {
    let mut t = [Class::Punct; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match b as u8 {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Class::Letter,
            b'0'..=b'9' => Class::Digit,
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => Class::Space,
            0x80..=0xff => Class::Other,
            _ => Class::Punct,
        };
        b += 1;
    }
    t
};

#[inline]
fn class_of(b: u8) -> Class {
    CLASSES[b as usize]
}

/// Charges are counted in quarter tokens and rounded once at the end.
const Q: u64 = 4;
/// Letters per token in a letter run.
const LETTERS_PER_TOKEN: u64 = 7;
/// A lone punctuation character usually merges with a neighbour: 3/4 of a token.
const LONE_PUNCT_Q: u64 = 3;

/// Estimated token count of `text` (see the module doc for the method).
pub fn estimate_tokens(text: &str) -> u64 {
    let mut c = TokenCounter::default();
    c.feed(text.as_bytes());
    c.finish()
}

/// The first this many bytes of an output are counted whole (so outputs up to this size get
/// exactly [`estimate_tokens`]); past it, [`SampledCounter`] counts a sample.
pub const SAMPLE_ABOVE: usize = 64 * 1024;
/// A held output up to this size is counted whole (exactly [`estimate_tokens`]) as it
/// arrives, on the thread that reads it while the command runs: the runner compares the
/// compact form's tokens with the raw output's up to this size, and the raw side is then
/// ready when the command ends.
pub const COUNT_WHOLE_UP_TO: usize = 1 << 20;
/// Block size and stride of the sample: one block in `SAMPLE_STRIDE` is counted for the first
/// `DENSE_BLOCKS` blocks past the head (8 MiB), one in `SPARSE_STRIDE` after that, so a
/// 1 GiB stream costs ~17 MiB of counting, not 256.
const SAMPLE_BLOCK: usize = 16 * 1024;
const SAMPLE_STRIDE: u64 = 8;
const DENSE_BLOCKS: u64 = 512;
const SPARSE_STRIDE: u64 = 64;

/// Whether block `k` past the head is in the sample.
fn sampled_block(k: u64) -> bool {
    if k < DENSE_BLOCKS {
        k.is_multiple_of(SAMPLE_STRIDE)
    } else {
        k.is_multiple_of(SPARSE_STRIDE)
    }
}

/// [`estimate_tokens`] for output rtk has already printed: [`SampledCounter`] over the text.
pub fn estimate_tokens_sampled(text: &str) -> u64 {
    let mut c = SampledCounter::default();
    c.feed(text.as_bytes());
    c.finish()
}

/// The estimate of an output of any size at a bounded cost per byte: the first
/// [`SAMPLE_ABOVE`] bytes counted whole, then every eighth 16 KiB block (every 64th past the
/// first 8 MiB), the blocks' count scaled to the length of the rest. Counting every byte costs
/// about 20 instructions a byte, as much as some filters; on command output (repetitive
/// lines) the sample's error is far below the method's own. The result does not depend on how
/// the text is cut into chunks.
#[derive(Debug, Clone, Default)]
pub struct SampledCounter {
    head: TokenCounter,
    /// The sampled block being read, if the current offset is inside one.
    block: TokenCounter,
    /// Quarter tokens of the finished sampled blocks.
    sampled_quarters: u64,
    /// Bytes in sampled blocks, and bytes past the head.
    sampled_bytes: u64,
    tail_bytes: u64,
    /// Bytes fed so far.
    offset: u64,
}

impl SampledCounter {
    /// Counts the next chunk.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let head_left = (SAMPLE_ABOVE as u64).saturating_sub(self.offset);
            if head_left > 0 {
                let n = bytes.len().min(head_left as usize);
                self.head.feed(&bytes[..n]);
                self.offset += n as u64;
                bytes = &bytes[n..];
                continue;
            }
            let past = self.offset - SAMPLE_ABOVE as u64;
            let block = past / SAMPLE_BLOCK as u64;
            let block_left = SAMPLE_BLOCK as u64 - past % SAMPLE_BLOCK as u64;
            let n = bytes.len().min(block_left as usize);
            if sampled_block(block) {
                self.block.feed(&bytes[..n]);
                self.sampled_bytes += n as u64;
                if n as u64 == block_left {
                    self.sampled_quarters += std::mem::take(&mut self.block).quarters_total();
                }
            }
            self.tail_bytes += n as u64;
            self.offset += n as u64;
            bytes = &bytes[n..];
        }
    }

    /// The estimate for everything fed.
    pub fn finish(&self) -> u64 {
        let mut q = self.head.quarters_total() as f64;
        let sampled = self.sampled_quarters + self.block.quarters_total();
        if self.sampled_bytes > 0 {
            q += sampled as f64 * self.tail_bytes as f64 / self.sampled_bytes as f64;
        }
        ((q / Q as f64) + 0.5).floor() as u64
    }
}

/// One piece being read: its class, first byte, length, and whether all its bytes are equal.
#[derive(Debug, Clone, Copy)]
struct Piece {
    class: Class,
    first: u8,
    len: u64,
    same: bool,
}

impl Piece {
    /// The piece's charge in quarter tokens.
    fn quarters(&self) -> u64 {
        charge(self.class, self.first, self.len, self.same)
    }

    /// Extends the piece over `bytes[i..]`; returns where it stopped.
    fn extend(&mut self, bytes: &[u8], mut i: usize) -> usize {
        let start = i;
        i = run_end(self.class, self.first, bytes, i, &mut self.same);
        self.len += (i - start) as u64;
        i
    }
}

/// A piece's charge in quarter tokens.
#[inline]
fn charge(class: Class, first: u8, n: u64, same: bool) -> u64 {
    match class {
        Class::Other => Q,
        Class::Punct => match n {
            1 => LONE_PUNCT_Q,
            _ if same && n > 2 => Q * n.div_ceil(8),
            _ => Q * n.div_ceil(2),
        },
        // A lone space merges into the next piece; other runs are one token.
        Class::Space if n == 1 && first == b' ' => 0,
        Class::Space => Q,
        Class::Letter => Q * n.div_ceil(LETTERS_PER_TOKEN),
        Class::Digit => Q * n.div_ceil(3),
    }
}

/// Where the piece of `class` (first byte `first`) that continues at `bytes[i]` ends; clears
/// `same` when a punctuation run holds a byte other than `first`.
#[inline]
fn run_end(class: Class, first: u8, bytes: &[u8], mut i: usize, same: &mut bool) -> usize {
    match class {
        // One UTF-8 character: its continuation bytes.
        Class::Other => {
            while i < bytes.len() && (bytes[i] & 0xc0) == 0x80 {
                i += 1;
            }
        }
        Class::Punct => {
            while i < bytes.len() && class_of(bytes[i]) == Class::Punct {
                *same &= bytes[i] == first;
                i += 1;
            }
        }
        c => {
            while i < bytes.len() && class_of(bytes[i]) == c {
                i += 1;
            }
        }
    }
    i
}

/// [`estimate_tokens`] over text that arrives in chunks (a pipe read as the command runs), with
/// the same result however the text is cut: a piece may span chunks.
#[derive(Debug, Clone, Default)]
pub struct TokenCounter {
    quarters: u64,
    piece: Option<Piece>,
}

impl TokenCounter {
    /// Counts the next chunk.
    pub fn feed(&mut self, bytes: &[u8]) {
        let mut i = 0;
        if let Some(mut p) = self.piece.take() {
            i = p.extend(bytes, 0);
            if i == bytes.len() {
                self.piece = Some(p);
                return;
            }
            self.quarters += p.quarters();
        }
        let mut quarters = 0;
        while i < bytes.len() {
            let first = bytes[i];
            let class = class_of(first);
            let start = i;
            let mut same = true;
            i = run_end(class, first, bytes, i + 1, &mut same);
            let len = (i - start) as u64;
            if i == bytes.len() {
                // The piece may go on in the next chunk.
                self.piece = Some(Piece {
                    class,
                    first,
                    len,
                    same,
                });
                break;
            }
            quarters += charge(class, first, len, same);
        }
        self.quarters += quarters;
    }

    /// The estimate for everything fed.
    pub fn finish(&self) -> u64 {
        (self.quarters_total() + Q / 2) / Q
    }

    /// Quarter tokens of everything fed, the open piece included.
    fn quarters_total(&self) -> u64 {
        self.quarters + self.piece.map_or(0, |p| p.quarters())
    }
}

/// How the estimate compares with a reference tokenizer over a set of samples.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Calibration {
    pub samples: usize,
    /// Σ estimate / Σ reference (1.0 = unbiased in total).
    pub total_ratio: f64,
    /// Mean of |estimate − reference| / reference over samples with reference > 0.
    pub mean_abs_error: f64,
    /// Largest such relative error.
    pub max_abs_error: f64,
}

/// Compares [`estimate_tokens`] with `reference` counts: `samples` are (text, real token count)
/// pairs from a real tokenizer (the benchmark supplies them).
pub fn calibrate<'a, I>(samples: I) -> Calibration
where
    I: IntoIterator<Item = (&'a str, u64)>,
{
    let (mut n, mut est_sum, mut ref_sum, mut err_sum, mut err_max) =
        (0usize, 0u64, 0u64, 0.0, 0.0f64);
    let mut counted = 0usize;
    for (text, reference) in samples {
        n += 1;
        let est = estimate_tokens(text);
        est_sum += est;
        ref_sum += reference;
        if reference > 0 {
            let err = (est as f64 - reference as f64).abs() / reference as f64;
            err_sum += err;
            err_max = err_max.max(err);
            counted += 1;
        }
    }
    Calibration {
        samples: n,
        total_ratio: if ref_sum == 0 {
            0.0
        } else {
            est_sum as f64 / ref_sum as f64
        },
        mean_abs_error: if counted == 0 {
            0.0
        } else {
            err_sum / counted as f64
        },
        max_abs_error: err_max,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sampled_estimate_is_exact_when_small_and_close_when_large() {
        let small = "src/a.rs:12: let x = 1;\n".repeat(100);
        assert_eq!(estimate_tokens_sampled(&small), estimate_tokens(&small));
        // A large listing with varied lines: the sample stays within 2% of the full count.
        let mut big = String::new();
        let mut i = 0u64;
        while big.len() < 3 * SAMPLE_ABOVE {
            big.push_str(&format!(
                "./src/module_{}/file_{}.rs\n",
                i % 97,
                i * 7919 % 100_003
            ));
            i += 1;
        }
        let (full, sampled) = (
            estimate_tokens(&big) as f64,
            estimate_tokens_sampled(&big) as f64,
        );
        assert!((sampled / full - 1.0).abs() < 0.02, "{sampled} vs {full}");
    }

    #[test]
    fn sparse_sample_of_a_huge_output_stays_close() {
        let mut big = String::new();
        let mut i = 0u64;
        while big.len() < 12 << 20 {
            big.push_str(&format!(
                "src/m{}/f{}.rs:{}: let v = {};\n",
                i % 89,
                i % 1013,
                i % 997,
                i * 31
            ));
            i += 1;
        }
        let (full, sampled) = (
            estimate_tokens(&big) as f64,
            estimate_tokens_sampled(&big) as f64,
        );
        assert!((sampled / full - 1.0).abs() < 0.03, "{sampled} vs {full}");
    }

    #[test]
    fn sampled_counting_does_not_depend_on_chunks() {
        let mut big = String::new();
        let mut i = 0u64;
        while big.len() < 5 * SAMPLE_ABOVE + 777 {
            big.push_str(&format!(
                "commit {:x} line {i} of the log\n",
                i * 2_654_435_761
            ));
            i += 1;
        }
        let whole = estimate_tokens_sampled(&big);
        for size in [1, 7, 4096, 16 * 1024, 65_537, 1 << 20] {
            let mut c = SampledCounter::default();
            for chunk in big.as_bytes().chunks(size) {
                c.feed(chunk);
            }
            assert_eq!(c.finish(), whole, "chunks of {size}");
        }
    }

    #[test]
    fn chunked_counting_matches_whole_text() {
        let text = "error[E0308]: mismatched types\n  --> src/m1.rs:53:18\n\n\n====== déjà vu 日本語 ::-> 1234567 \t x\n";
        let whole = estimate_tokens(text);
        let bytes = text.as_bytes();
        for size in 1..=bytes.len() {
            let mut c = TokenCounter::default();
            for chunk in bytes.chunks(size) {
                c.feed(chunk);
            }
            assert_eq!(c.finish(), whole, "chunks of {size}");
        }
    }
    use std::io::Write;

    #[test]
    fn pieces_are_charged_as_documented() {
        let cases: &[(&str, u64)] = &[
            ("", 0),
            ("hello", 1),
            ("hello world", 2),
            ("internationalization", 3), // 20 letters → ceil(20 / 7)
            ("12345", 2),
            ("a::b", 3),
            ("----------------", 2), // 16 same chars → 2
            ("a\nb", 3),
            ("    indented", 3), // 4 spaces → 1, 8 letters → 2
            ("/usr/bin", 4),     // 3/4 + 1 + 3/4 + 1 = 3.5, rounded once
            ("a.b", 3),          // 2.75
            ("日本", 2),
            ("é", 1),
        ];
        for (text, want) in cases {
            assert_eq!(estimate_tokens(text), *want, "{text:?}");
        }
    }

    #[test]
    fn grows_linearly_with_repetition() {
        let line = "src/main.rs:12:5: error[E0425]: cannot find value `x` in this scope\n";
        let one = estimate_tokens(line) as i64;
        assert!(one > 10);
        // Rounding happens once, so ten copies differ from 10 × one by at most 10 halves.
        let ten = estimate_tokens(&line.repeat(10)) as i64;
        assert!((ten - 10 * one).abs() <= 5, "{ten} vs {one}");
    }

    /// Calibration mode: `RTK_CALIBRATION_TSV=file.tsv cargo test --lib calibration_report --
    /// --ignored --nocapture`, each line `<path to a text file>\t<real token count>`.
    #[test]
    #[ignore = "needs RTK_CALIBRATION_TSV with reference counts from a real tokenizer"]
    fn calibration_report() {
        let tsv = std::env::var("RTK_CALIBRATION_TSV").expect("RTK_CALIBRATION_TSV");
        let list = std::fs::read_to_string(tsv).unwrap();
        let samples: Vec<(String, u64)> = list
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(p, n)| {
                (
                    std::fs::read_to_string(p).unwrap(),
                    n.trim().parse().unwrap(),
                )
            })
            .collect();
        let c = calibrate(samples.iter().map(|(t, n)| (t.as_str(), *n)));
        assert!(c.samples > 0);
        let _ = writeln!(std::io::stderr(), "{c:?}");
    }

    #[test]
    fn one_accuracy_figure_everywhere() {
        let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        let readme = flat(include_str!("../README.md"));
        for (place, text) in [
            ("TOKEN_METHOD", flat(TOKEN_METHOD)),
            ("GAIN_HELP", flat(GAIN_HELP)),
            ("README.md", readme.clone()),
        ] {
            assert!(text.contains(ACCURACY), "{place} lacks {ACCURACY:?}");
        }
        // No other figure: the old claims are gone.
        for old in ["within 7%", "~10%", "within 3% of OpenAI"] {
            assert!(
                !readme.contains(old) && !flat(GAIN_HELP).contains(old),
                "{old}"
            );
            assert!(!TOKEN_METHOD.contains(old), "{old}");
        }
        let bench = include_str!("../bench/README.md");
        assert!(
            bench.contains("rtk-bench --calibrate"),
            "the measurement is documented"
        );
    }

    #[test]
    fn calibration_reports_ratio_and_errors() {
        let c = calibrate([("hello world", 2), ("hello", 2), ("x", 0)]);
        assert_eq!(c.samples, 3);
        // estimates 2, 1, 1 vs 2, 2, 0
        assert!((c.total_ratio - 1.0).abs() < 1e-9);
        assert!((c.mean_abs_error - 0.25).abs() < 1e-9);
        assert!((c.max_abs_error - 0.5).abs() < 1e-9);
        assert_eq!(calibrate(std::iter::empty()), Calibration::default());
    }
}
