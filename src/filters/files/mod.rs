//! File listing and reading: `cat`/`head`/`tail` (exact bytes), `nl -ba`, `ls`, `tree`, `find`,
//! `wc`.

pub mod find;
pub mod ls;
pub mod nl;
pub mod read;
pub mod tree;
pub mod wc;
