//! Token estimate for command output, and its calibration against a real tokenizer.
//!
//! Method (one pass over the bytes, no tokenizer tables, no allocation): the text is cut into
//! pieces the way BPE tokenizers pre-split it — letter runs, digit runs, punctuation runs,
//! whitespace runs and non-ASCII characters — and each piece is charged:
//! - a letter run: 1 token per started 6 letters (a leading space is free, as in BPE);
//! - a digit run: 1 token per started 3 digits (cl100k/o200k split numbers that way);
//! - a punctuation run: 1 token per started 2 characters (`::`, `->`, `");` merge);
//!   runs of one repeated character (`-----`, `=====`) 1 per started 8;
//! - a whitespace run: free if it is one space, else 1 token (newlines, indentation);
//! - a non-ASCII character: 1 token (CJK and symbols are ~1 token each; accented letters
//!   inside words are slightly over-counted).
//!
//! It is an estimate: [`calibrate`] compares it with counts from a real tokenizer so the
//! benchmark can report the error on its corpus (see `rtk gain --help` for the measured error).

/// One line describing the method, shown by `rtk gain` (text and JSON).
pub const TOKEN_METHOD: &str = "estimate: BPE-like pieces (letter runs /6, digit runs /3, \
punctuation pairs, whitespace runs, non-ASCII chars); calibrated against o200k/cl100k, \
typically within ±15% on command output";

/// Shown after `rtk gain --help`: how the numbers are made.
pub const GAIN_HELP: &str = "\
How the numbers are made:
  Every run through an rtk filter stores one row: the command (secret-looking values masked),
  project, raw output bytes/tokens (what the real command printed), emitted bytes/tokens (what
  rtk printed), exit code, duration. Saved = raw - emitted; totals are plain sums of the rows.
  Tokens are estimated, not counted with a model's tokenizer: the text is cut into BPE-like
  pieces (letter runs: 1 token per 6 letters; digit runs: 1 per 3 digits; punctuation: 1 per 2
  characters; whitespace runs other than one space: 1; each non-ASCII character: 1). Measured
  against the o200k and cl100k tokenizers on command output, totals are within about 15%.
  Savings are of command output only, not of a whole agent session.
History: $XDG_DATA_HOME/rtk/history.db (RTK_DB_PATH or [tracking] db_path override it;
  RTK_NO_TRACKING=1 stops recording).";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    Punct,
    Space,
    Other,
}

fn class(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' | b'_' => Class::Letter,
        b'0'..=b'9' => Class::Digit,
        b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => Class::Space,
        0x80..=0xff => Class::Other,
        _ => Class::Punct,
    }
}

/// Estimated token count of `text` (see the module doc for the method).
pub fn estimate_tokens(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut tokens: u64 = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let c = class(b);
        let start = i;
        i += 1;
        match c {
            Class::Other => {
                // One UTF-8 character: skip its continuation bytes.
                while i < bytes.len() && (bytes[i] & 0xc0) == 0x80 {
                    i += 1;
                }
                tokens += 1;
            }
            Class::Punct => {
                let mut same = true;
                while i < bytes.len() && class(bytes[i]) == Class::Punct {
                    same &= bytes[i] == b;
                    i += 1;
                }
                let n = (i - start) as u64;
                tokens += if same && n > 2 { n.div_ceil(8) } else { n.div_ceil(2) };
            }
            Class::Space => {
                while i < bytes.len() && class(bytes[i]) == Class::Space {
                    i += 1;
                }
                // A lone space merges into the next piece; other runs are one token.
                if !(i - start == 1 && b == b' ') {
                    tokens += 1;
                }
            }
            Class::Letter | Class::Digit => {
                while i < bytes.len() && class(bytes[i]) == c {
                    i += 1;
                }
                let n = (i - start) as u64;
                tokens += if c == Class::Letter { n.div_ceil(6) } else { n.div_ceil(3) };
            }
        }
    }
    tokens
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
    let (mut n, mut est_sum, mut ref_sum, mut err_sum, mut err_max) = (0usize, 0u64, 0u64, 0.0, 0.0f64);
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
        total_ratio: if ref_sum == 0 { 0.0 } else { est_sum as f64 / ref_sum as f64 },
        mean_abs_error: if counted == 0 { 0.0 } else { err_sum / counted as f64 },
        max_abs_error: err_max,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_charged_as_documented() {
        let cases: &[(&str, u64)] = &[
            ("", 0),
            ("hello", 1),
            ("hello world", 2),
            ("internationalization", 4), // 20 letters → 4
            ("12345", 2),
            ("a::b", 3),
            ("----------------", 2), // 16 same chars → 2
            ("a\nb", 3),
            ("    indented", 3), // 4 spaces → 1, 8 letters → 2
            ("日本", 2),
            ("é", 1),
        ];
        for (text, want) in cases {
            assert_eq!(estimate_tokens(text), *want, "{text:?}");
        }
    }

    #[test]
    fn monotone_in_repetition() {
        let line = "src/main.rs:12:5: error[E0425]: cannot find value `x` in this scope\n";
        let one = estimate_tokens(line);
        assert!(one > 10);
        assert_eq!(estimate_tokens(&line.repeat(10)), one * 10);
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
