//! The forms of `nl` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::files::nl`): written once, here.

/// Only `-ba` / `-b a` / `--body-numbering=a` and file operands.
pub fn plain_numbering(args: &[impl AsRef<str>]) -> bool {
    let mut numbered_all = false;
    let mut files = 0;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_ref() {
            "-ba" | "--body-numbering=a" => numbered_all = true,
            "-b" if args.get(i + 1).is_some_and(|a| a.as_ref() == "a") => {
                numbered_all = true;
                i += 1;
            }
            "-" => return false,
            a if a.starts_with('-') => return false,
            _ => files += 1,
        }
        i += 1;
    }
    numbered_all && files > 0
}
