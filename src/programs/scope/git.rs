//! The forms of `git` rtk handles (its routes' scopes in `programs::entries`).

use super::{has_any, Scope, Within};
use crate::programs::Words;

/// Options that ask per hunk or open an editor.
const INTERACTIVE: &[&str] = &["-p", "--patch", "-i", "--interactive", "-e", "--edit"];

/// `add`, `checkout`, `switch`, `restore`: never interactive.
pub const NOT_INTERACTIVE: Scope = Scope {
    within: Within::Rest,
    ..Scope::without(INTERACTIVE)
};

/// `grep`: never `-O` (opens the matching files in a pager or editor).
pub const GREP: Scope = Scope {
    within: Within::Rest,
    attached: true,
    ..Scope::without(&["-O", "--open-files-in-pager"])
};

/// `stash`: `stash show -p` prints the stash as a diff; `stash -p` (push) asks per hunk.
pub const STASH: Scope = Scope::check(stash);

/// `commit`: only with a message, never interactive.
pub const COMMIT: Scope = Scope {
    within: Within::Rest,
    ..Scope {
        check: Some(commit_message),
        ..Scope::without(INTERACTIVE)
    }
};

fn stash(w: &Words<'_>) -> bool {
    let rest = w.rest();
    rest.first() == Some(&"show") || !has_any(rest, INTERACTIVE)
}

/// A message given (`-m`, `-F`, `-C`, `--no-edit`, `-am`): no editor opens.
fn commit_message(w: &Words<'_>) -> bool {
    w.rest().iter().any(|a| {
        matches!(
            *a,
            "-m" | "-F" | "--file" | "--message" | "--no-edit" | "-C"
        ) || a.starts_with("--message=")
            || a.starts_with("--file=")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains('m'))
    })
}
