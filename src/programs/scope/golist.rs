//! The forms of `gofmt -l` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::golist`).

use super::Scope;

/// `gofmt -l` of files and folders (never `-w` or `-d`: the route's scope).
pub fn gofmt_lists(args: &[impl AsRef<str>]) -> bool {
    let mut list = false;
    for a in args {
        match a.as_ref() {
            "-l" => list = true,
            "-s" | "-e" => {}
            a if a.starts_with('-') => return false,
            _ => {}
        }
    }
    list
}

/// `gofmt -l`: lists files, writes none.
pub const GOFMT: Scope = Scope::check(|w| gofmt_lists(w.args));
