//! The command text stored per run, and the key `rtk gain` groups by.
//!
//! `normalize` masks secrets with [`crate::mask`] (the one masker) and caps the length, so the
//! history never keeps a secret or a megabyte-long row; the environment is never stored.
//! `key` is the program (basename) plus its subcommand for tools that have subcommands, found
//! with [`crate::recognise`] where it lists the program's global options.

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

/// Options that take a value before the subcommand, for tools whose global options
/// [`crate::recognise`] does not list (`make -C dir`, `helm -n ns`).
const VALUE_OPTIONS: &[&str] = &["-C", "-n", "--namespace", "--context", "-H", "--host"];

/// Longest command text stored; a longer one keeps its start and says how much was cut.
pub const MAX_STORED: usize = 4096;

/// The command as stored: whitespace runs collapsed, secrets masked ([`crate::mask`]), at most
/// [`MAX_STORED`] bytes (marker included).
pub fn normalize(command: &str) -> String {
    let mut masked = crate::mask::line(command);
    if masked.len() > MAX_STORED {
        let cut_total = masked.len();
        // The marker's own length depends on the count; 40 bytes hold any of them.
        let mut keep = MAX_STORED - 40;
        while !masked.is_char_boundary(keep) {
            keep -= 1;
        }
        masked.truncate(keep);
        masked.push_str(&format!(" [rtk: {} bytes cut]", cut_total - keep));
    }
    masked
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
    if let Some(syntax) = crate::recognise::known(program) {
        let rest: Vec<&str> = words.collect();
        return match syntax.subcommand(&rest) {
            Some((_, w)) if is_subcommand_word(w) => format!("{program} {w}"),
            _ => program.to_string(),
        };
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
    fn long_commands_are_capped_with_a_marker() {
        let long = format!("echo {}", "abcdé ".repeat(100_000));
        let stored = normalize(&long);
        assert!(stored.len() <= MAX_STORED, "{}", stored.len());
        assert!(stored.starts_with("echo abcdé abcdé"));
        let marker = stored.rfind(" [rtk: ").unwrap();
        let cut: usize = stored[marker + 7..]
            .strip_suffix(" bytes cut]")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(marker + cut, long.trim_end().len());
        let short = "git status";
        assert_eq!(normalize(short), short);
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
            ("cargo +nightly build", "cargo build"),
            ("git -P status", "git status"),
            ("git --version", "git"),
            ("docker --context prod ps", "docker ps"),
            ("make -C sub test", "make test"),
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
