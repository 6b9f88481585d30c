//! History of filtered runs in SQLite, off the hook path.
