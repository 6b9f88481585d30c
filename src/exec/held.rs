//! The bytes a filter holds of one output stream while the command runs.
//!
//! A small output lives in a `Vec`. Past [`MAP_FROM`] it moves once into an anonymous mapping
//! as large as the stream's cap, asked for huge pages and filled ahead in 2 MiB steps: a fresh
//! process pays a page fault for every 4 KiB it touches, and for a multi-MiB output those
//! faults cost more than anything the filter does with the bytes (a 6 MB `diff -u`: ~1,500
//! faults; their time is in bench/README.md, "Measurements behind the code"). One step is one
//! huge page, or without them one call instead of 512
//! faults. Only what is filled is used (at most one step past the bytes); the rest of the cap
//! is reserved address space.
//!
//! Invariant: the bytes are exactly those appended, in order (the caller keeps them within the
//! cap; past it they move back into a `Vec`, so nothing is lost).

use std::ops::Deref;

use memmap2::MmapMut;

use super::sys;

/// Held bytes past which the stream moves into its own mapping.
pub const MAP_FROM: usize = 1024 * 1024;
/// A huge page, and the step the mapping is filled ahead by.
const STEP: usize = 2 * 1024 * 1024;

/// A held stream's bytes: a `Vec`, then past [`MAP_FROM`] a mapping. Derefs to the bytes.
#[derive(Default)]
pub struct Held {
    small: Vec<u8>,
    map: Option<Mapped>,
}

struct Mapped {
    bytes: MmapMut,
    len: usize,
    /// The end of what was filled ahead.
    filled: usize,
}

impl Held {
    /// Appends `bytes`; the caller keeps the total within `cap` (the mapping's size).
    pub fn extend(&mut self, bytes: &[u8], cap: usize) {
        if self.map.is_none() && self.small.len() + bytes.len() > MAP_FROM && cap > MAP_FROM {
            self.map = Mapped::new(&self.small, cap);
            if self.map.is_some() {
                self.small = Vec::new();
            }
        }
        match &mut self.map {
            Some(m) if m.len + bytes.len() <= m.bytes.len() => m.push(bytes),
            // No mapping (it could not be made), or a caller past its cap: a Vec still works.
            Some(_) => {
                let m = self.map.take().expect("mapped");
                self.small = m.bytes[..m.len].to_vec();
                self.small.extend_from_slice(bytes);
            }
            None => self.small.extend_from_slice(bytes),
        }
    }

    /// Whether the bytes moved into a mapping.
    pub fn is_mapped(&self) -> bool {
        self.map.is_some()
    }
}

impl Mapped {
    fn new(start: &[u8], cap: usize) -> Option<Mapped> {
        let size = cap.div_ceil(STEP) * STEP;
        let bytes = MmapMut::map_anon(size).ok()?;
        // Only hints (Linux): without them the pages fault in one by one.
        sys::advise_huge_pages(&bytes);
        let mut m = Mapped {
            bytes,
            len: 0,
            filled: 0,
        };
        m.push(start);
        Some(m)
    }

    fn push(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        while self.filled < end {
            let n = STEP.min(self.bytes.len() - self.filled);
            sys::populate(&self.bytes, self.filled, n);
            self.filled += n;
        }
        self.bytes[self.len..end].copy_from_slice(bytes);
        self.len = end;
    }
}

impl Deref for Held {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.map {
            Some(m) => &m.bytes[..m.len],
            None => &self.small,
        }
    }
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Held")
            .field("len", &self.len())
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_kept_in_order_across_the_move_into_a_mapping() {
        let data: Vec<u8> = (0..5 * MAP_FROM as u32).map(|i| (i % 253) as u8).collect();
        let cap = 16 * 1024 * 1024;
        let mut held = Held::default();
        for chunk in data.chunks(65_521) {
            held.extend(chunk, cap);
        }
        assert!(held.is_mapped());
        assert_eq!(&held[..], &data[..]);
    }

    #[test]
    fn a_small_stream_or_a_small_cap_stays_in_a_vec() {
        let mut held = Held::default();
        held.extend(b"hello\n", 16 * 1024 * 1024);
        assert!(!held.is_mapped());
        assert_eq!(&held[..], b"hello\n");
        let mut capped = Held::default();
        let big = vec![b'x'; MAP_FROM + 10];
        capped.extend(&big, MAP_FROM);
        assert!(!capped.is_mapped());
        assert_eq!(capped.len(), big.len());
    }

    #[test]
    fn going_past_the_mapping_falls_back_to_a_vec_without_losing_bytes() {
        let cap = MAP_FROM + 1;
        let mut held = Held::default();
        let first = vec![b'a'; MAP_FROM + 1];
        held.extend(&first, cap);
        assert!(held.is_mapped());
        let rest = vec![b'b'; 3 * STEP];
        held.extend(&rest, cap);
        assert!(!held.is_mapped());
        assert_eq!(held.len(), first.len() + rest.len());
        assert!(held[..first.len()].iter().all(|&b| b == b'a'));
        assert!(held[first.len()..].iter().all(|&b| b == b'b'));
    }
}
