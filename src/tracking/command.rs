//! The command text stored per run, and the key `rtk gain` groups by.
//!
//! `normalize` masks what looks like a secret (values of `--token`/`--password`-style options,
//! `KEY=value` words with a secret-sounding name, URL credentials, bearer tokens, well-known
//! token prefixes) so the history never keeps them; the environment is never stored.
//! `key` is the program (basename) plus its subcommand for tools that have subcommands.

/// Words that make an option or variable name secret-bearing (compared lowercased).
const SECRET_NAMES: &[&str] = &[
    "password",
    "passwd",
    "token",
    "secret",
    "apikey",
    "api-key",
    "api_key",
    "auth",
    "credential",
    "private-key",
    "private_key",
];

/// Prefixes of well-known credential formats.
const TOKEN_PREFIXES: &[&str] = &[
    "ghp_",
    "gho_",
    "ghs_",
    "github_pat_",
    "sk-",
    "xoxb-",
    "xoxp-",
    "AKIA",
];

/// Tools whose second word is a subcommand worth grouping by.
const SUBCOMMAND_TOOLS: &[&str] = &[
    "git",
    "cargo",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "docker",
    "podman",
    "kubectl",
    "go",
    "gh",
    "dotnet",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "bundle",
    "rails",
    "terraform",
    "helm",
    "make",
    "mvn",
    "gradle",
    "npx",
    "deno",
    "rustup",
    "brew",
    "apt",
    "composer",
    "mix",
    "swift",
];

/// Options of git/docker/kubectl that take a value before the subcommand.
const VALUE_OPTIONS: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "-n",
    "--namespace",
    "--context",
    "-H",
    "--host",
];

const MASK: &str = "***";

fn is_secret_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SECRET_NAMES.iter().any(|s| lower.contains(s))
}

fn mask_word(word: &str) -> Option<String> {
    // --token=abc, -password=abc, API_TOKEN=abc
    if let Some((name, value)) = word.split_once('=') {
        if !value.is_empty() && is_secret_name(name) {
            return Some(format!("{name}={MASK}"));
        }
    }
    // scheme://user:pass@host
    if let Some(scheme_end) = word.find("://") {
        let rest = &word[scheme_end + 3..];
        let authority = rest.split('/').next().unwrap_or(rest);
        if let Some(at) = authority.rfind('@') {
            if authority[..at].contains(':') {
                return Some(format!("{}{MASK}{}", &word[..scheme_end + 3], &rest[at..]));
            }
        }
    }
    if word.len() >= 20 && TOKEN_PREFIXES.iter().any(|p| word.starts_with(p)) {
        return Some(MASK.to_string());
    }
    None
}

/// The command as stored: whitespace runs collapsed, secret-looking values masked.
pub fn normalize(command: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut mask_next = false;
    for word in command.split_whitespace() {
        if mask_next {
            out.push(MASK.to_string());
            mask_next = false;
            continue;
        }
        if let Some(m) = mask_word(word) {
            out.push(m);
            continue;
        }
        let bare = word.trim_start_matches('-');
        mask_next = (word.starts_with('-') && !word.contains('=') && is_secret_name(bare))
            || word.eq_ignore_ascii_case("bearer");
        out.push(word.to_string());
    }
    out.join(" ")
}

fn is_subcommand_word(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_:".contains(c))
}

/// The grouping key: `git status`, `cargo test`, `python -m pytest`, `ls`, …
pub fn key(command: &str) -> String {
    let mut words = command.split_whitespace().peekable();
    if words.peek() == Some(&"rtk") {
        words.next();
    }
    let Some(first) = words.next() else {
        return String::new();
    };
    let program = first.rsplit('/').next().unwrap_or(first);
    let base = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if base == "python" {
        let rest: Vec<&str> = words.take(2).collect();
        return match rest.as_slice() {
            ["-m", module, ..] => format!("{program} -m {module}"),
            _ => program.to_string(),
        };
    }
    if !SUBCOMMAND_TOOLS.contains(&program) {
        return program.to_string();
    }
    while let Some(w) = words.next() {
        if VALUE_OPTIONS.contains(&w) {
            words.next();
        } else if w.starts_with('-') {
            continue;
        } else if is_subcommand_word(w) {
            return format!("{program} {w}");
        } else {
            break;
        }
    }
    program.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_masks_secrets() {
        let cases = [
            ("git status", "git status"),
            ("git   log  -5", "git log -5"),
            (
                "curl --token abc123 https://x",
                "curl --token *** https://x",
            ),
            ("tool --api-key=XYZ run", "tool --api-key=*** run"),
            (
                "env GITHUB_TOKEN=ghp_x cargo test",
                "env GITHUB_TOKEN=*** cargo test",
            ),
            (
                "git clone https://me:hunter2@example.com/r.git",
                "git clone https://***@example.com/r.git",
            ),
            (
                "git clone https://example.com/r.git",
                "git clone https://example.com/r.git",
            ),
            (
                "curl -H Authorization: Bearer abc.def",
                "curl -H Authorization: Bearer ***",
            ),
            ("gh auth ghp_0123456789abcdefghijXYZ", "gh auth ***"),
            ("ls --password-file=", "ls --password-file="),
        ];
        for (input, want) in cases {
            assert_eq!(normalize(input), want, "{input}");
        }
    }

    #[test]
    fn keys() {
        let cases = [
            ("git status --short", "git status"),
            ("git -C sub log -5", "git log"),
            ("git --no-pager diff", "git diff"),
            ("rtk cargo test -p x", "cargo test"),
            ("/usr/bin/git status", "git status"),
            ("ls -la src", "ls"),
            ("grep -rn foo .", "grep"),
            ("python3 -m pytest -x", "python3 -m pytest"),
            ("python script.py", "python"),
            ("cargo +nightly build", "cargo"),
            ("make", "make"),
            ("npm run build", "npm run"),
            ("kubectl -n prod get pods", "kubectl get"),
            ("", ""),
        ];
        for (input, want) in cases {
            assert_eq!(key(input), want, "{input}");
        }
    }
}
