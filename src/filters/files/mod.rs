//! File listing and reading: `cat`/`head`/`tail` (exact bytes), `ls`, `tree`, `find`, `wc`.

pub mod find;
pub mod ls;
pub mod read;
pub mod tree;
pub mod wc;
