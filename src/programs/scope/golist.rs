//! The forms of `golist` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::golist`): written once, here.

/// `gofmt -l` of files and folders (never `-w` or `-d`: the table's narrowing).
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
