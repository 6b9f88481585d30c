//! Package installs of the JavaScript package managers: `npm install|i|ci|add|update|up|
//! uninstall|remove|rm`, `pnpm install|i|add|update|up|remove|rm`, `yarn install|add|upgrade|
//! remove` (yarn 1) and `bun install|i|add|update|remove|rm`.
//!
//! Dropped: version banners, step and progress lines (`[2/4] Fetching packages...`,
//! `Progress: resolved …`, pnpm's `+++`/`↓↓↓`/`---` bars, its lock-file notes), store-location
//! notes, funding notes, blank lines
//! and bare timing lines (`Done in 0.33s.`). Folded: a flood of deprecation warnings (npm's
//! `npm warn deprecated x@1: …`, yarn's `warning a > x@1: …`) becomes one line where the
//! first stood, `deprecated (N): x@1, y@2, …`, every package named (their messages are in the
//! tee file). Kept: everything else — `added N packages, and audited M packages in 2s`, each
//! added/removed package line, vulnerability counts and advice, every `npm error`/`ERR_PNPM`/
//! `error` line and anything unknown. Each stream stays on its own stream. Machine-readable
//! output (`--json`, `--parseable`, a pnpm `--reporter`), verbose logs, help and yarn's
//! prompting `--flat` and `--interactive` pass through (and are not rewritten).

use std::sync::LazyLock;

use regex::Regex;

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct JsInstall;

/// `npm warn deprecated NAME@VER: message` / yarn's `warning [a > b > ]NAME@VER: message`.
static DEPRECATED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:npm (?:warn|WARN) deprecated |warning (?:\S+ > )*)(@?[^@\s]+@[^:\s]+): \S")
        .unwrap()
});

/// Lines with no information an agent needs once the run is over.
static CHATTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^(?:",
        r"\s*",
        r"|(?:yarn|bun) (?:install|add|remove|update|upgrade) v\S+.*",
        r"|\[\d+/\d+\] [A-Z][a-z]+ [a-z ]+\.\.\.",
        r"|Done in [\d.]+m?s\.",
        r"|info Visit https://yarnpkg\.com/\S+ for documentation about this command\.",
        r"|Progress: resolved \d+, reused \d+, downloaded \d+, added \d+",
        r"|[+↓-]+",
        r"|Packages are (?:hard linked|copied|cloned) from the content-addressable store to the virtual store\.",
        r"|\s+(?:Content-addressable|Virtual) store is at: .*",
        r"|(?:· )?Lockfile is up to date, resolution step is skipped",
        r"|✓ Lockfile passes supply-chain policies(?: \(verified .*\))?",
        r"|Done in [\d.]+m?s using pnpm v\S+",
        r"|Resolving dependencies",
        r"|Resolved, downloaded and extracted \[\d+\]",
        r"|Saved lockfile",
        r"|\d+ packages? (?:is|are) looking for funding",
        r"|  run `npm fund` for details",
        r")$"
    ))
    .unwrap()
});

impl Filter for JsInstall {
    fn name(&self) -> &'static str {
        "js-install"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let (stdout, deprecated_out) = compact_stream(out.stdout);
        let (stderr, deprecated_err) = compact_stream(out.stderr);
        let dropped = stdout.dropped + stderr.dropped;
        let mut what = Vec::new();
        if deprecated_out + deprecated_err > 0 {
            what.push("deprecation messages");
        }
        if dropped > deprecated_out + deprecated_err {
            what.push("banners, progress, funding and timing lines");
        }
        let elided = (dropped > 0).then(|| format!("{dropped} lines: {}", what.join("; ")));
        Ok(Compacted {
            stdout: stdout.text,
            stderr: Some(stderr.text),
            elided,
        })
    }
}

/// One stream compacted, with how many deprecation lines it folded.
fn compact_stream(text: &str) -> (Sink, usize) {
    let mut sink = Sink::default();
    let mut names: Vec<&str> = Vec::new();
    // Where the folded line goes: the byte offset in `sink.text` of the first deprecation.
    let mut at: Option<usize> = None;
    for line in text.lines() {
        let line = line.rsplit('\r').next().unwrap_or(line);
        if let Some(c) = DEPRECATED.captures(line) {
            at.get_or_insert(sink.text.len());
            names.push(c.get(1).map_or("", |m| m.as_str()));
            sink.drop_line();
        } else if CHATTER.is_match(line) {
            sink.drop_line();
        } else {
            sink.line(line);
        }
    }
    if let Some(at) = at {
        let folded = format!("deprecated ({}): {}\n", names.len(), names.join(", "));
        sink.text.insert_str(at, &folded);
    }
    let folded = names.len();
    (sink, folded)
}

#[cfg(test)]
mod tests {
    use super::super::{compact_fixture_both, fixture};
    use super::*;

    fn run(tool: &str, case: &str) -> (String, String) {
        compact_fixture_both(&JsInstall, tool, "install", case)
    }

    #[test]
    fn npm_deprecations_fold_with_every_name_and_the_summary_stays() {
        let (out, err) = run("npm", "install_fresh");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("deprecated (14): acme-old-"), "{err}");
        for i in 1..=14 {
            assert!(err.contains(&format!("acme-old-{i}@1.0.0")), "{err}");
        }
        assert!(
            out.starts_with("added 17 packages, and audited 18 packages in "),
            "{out}"
        );
        assert!(
            out.ends_with(
                "\n2 high severity vulnerabilities\nSome issues need review, and may require choosing\n\
                 a different dependency.\nRun `npm audit` for details.\n"
            ),
            "{out}"
        );
        let (out, _) = run("npm", "uninstall");
        assert!(
            out.starts_with("removed 1 package, and audited 18 packages in "),
            "{out}"
        );
        let (out, _) = run("npm", "update");
        assert!(
            out.starts_with("up to date, audited 19 packages in "),
            "{out}"
        );
    }

    #[test]
    fn npm_errors_are_all_kept() {
        let (out, err) = run("npm", "install_missing");
        assert_eq!(out, "");
        assert_eq!(err, fixture("npm", "install_missing.err"));
    }

    #[test]
    fn pnpm_keeps_counts_packages_and_warnings() {
        let (out, _) = run("pnpm", "install_fresh");
        assert_eq!(
            out,
            "Progress: resolved 17, reused 0, downloaded 17, added 17, done\n\
             Packages: +17 (100% downloaded)\n\
             ✗ 14 packages are deprecated: acme-old-10@1.0.0, acme-old-11@1.0.0, acme-old-12@1.0.0 \
             and 11 more (see \"pnpm audit deprecations\")\n"
        );
        let (out, _) = run("pnpm", "remove");
        assert_eq!(out, "Packages: -1\ndependencies:\n- acme-extra 1.0.0\n");
        let (_, err) = run("pnpm", "add_missing");
        assert!(err.contains("ERR_PNPM_"), "{err}");
        assert!(err.contains("rtk-no-such-package-zz9"), "{err}");
    }

    #[test]
    fn yarn_steps_go_and_its_deprecations_fold() {
        let (out, err) = run("yarn", "install_fresh");
        assert_eq!(out, "info No lockfile found.\nsuccess Saved lockfile.\n");
        assert!(err.starts_with("deprecated (14): acme-old-"), "{err}");
        assert_eq!(err.lines().count(), 1);
        let (out, _) = run("yarn", "add");
        assert!(out.contains("success Saved 1 new dependency.\n"), "{out}");
        assert!(out.contains("└─ acme-extra@1.0.0"), "{out}");
        let (out, _) = run("yarn", "remove");
        assert_eq!(
            out,
            "[1/2] Removing module acme-extra...\nsuccess Uninstalled packages.\n"
        );
        let (_, err) = run("yarn", "add_missing");
        assert_eq!(err, fixture("yarn", "add_missing.err"));
    }

    #[test]
    fn bun_keeps_what_was_installed() {
        let (out, err) = run("bun", "install_fresh");
        assert!(
            out.starts_with("+ acme-web@1.0.0\n17 packages installed ["),
            "{out}"
        );
        assert_eq!(out.lines().count(), 2, "{out}");
        assert_eq!(err, "");
        let (out, _) = run("bun", "remove");
        assert!(
            out.starts_with("- acme-extra\n1 package removed ["),
            "{out}"
        );
        let (out, err) = run("bun", "add_missing");
        assert_eq!(out, "");
        assert!(err.starts_with("error: GET http://127.0.0.1:"), "{err}");
        assert!(err.ends_with("/rtk-no-such-package-zz9 - 404\n"), "{err}");
    }

    #[test]
    fn deprecation_shapes() {
        for (line, name) in [
            (
                "npm warn deprecated inflight@1.0.6: This module leaks",
                "inflight@1.0.6",
            ),
            ("npm WARN deprecated @babel/x@7.0.0: gone", "@babel/x@7.0.0"),
            (
                "warning jest > glob@7.2.3: Glob versions prior",
                "glob@7.2.3",
            ),
            ("warning rimraf@2.7.1: Rimraf versions", "rimraf@2.7.1"),
        ] {
            let c = DEPRECATED.captures(line).unwrap();
            assert_eq!(&c[1], name);
        }
        for other in [
            "warning package.json: No license field",
            "warning \" > react-dom@18.2.0\" has unmet peer dependency \"react@^18.2.0\".",
            "npm warn ERESOLVE overriding peer dependency",
        ] {
            assert!(!DEPRECATED.is_match(other), "{other}");
        }
    }
}
