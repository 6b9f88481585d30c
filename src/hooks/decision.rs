//! The one decision function of the hook path, `evaluate_in(cmd, host, rules, …) -> Decision`
//! (its entry with the host's rules loaded is `crate::hosts::evaluate_for`)
//! (docs/contract.md §1); its renderings are `rewrite_cmd` (exit code, `--explain`) and each host's JSON answer (`hosts/<host>/answer.rs`).
//!
//! Order (load-bearing): deny anywhere → Deny (2); unattestable → Passthrough (1); the
//! session's folder or repository, or a file rule that may cover a file the line names
//! (`place.rs`, `paths.rs`) → Passthrough (1), no rewrite whatever the rules say; every
//! segment allowed but the line not earning an allow (`allow.rs`: not plain, or leaving the
//! working directory) → Passthrough (1), the host judges the original; no rtk form
//! → Passthrough (1); every segment explicitly allowed → AllowRewrite (0); otherwise
//! AskRewrite (3), which only a host-authoritative host turns into AllowRewrite. A host that
//! re-judges the rewritten command with rules written for the original (Codex, Gemini,
//! OpenCode) gets Passthrough (1) whenever one of its rules matches the line in either form.
//! Invariant #1155, host-scoped: for a rule-reading host, Default never exits 0.

use crate::agents::{Agent, Authority};
use crate::config::HooksConfig;
use crate::hooks::host::{Judge, ReadOnly, TableNames};
use crate::hooks::permissions::{PermissionVerdict, Rule, RuleSet};
use crate::hooks::place::Place;
use crate::shell::{self, Context};

/// Longest command line rtk will judge; longer ones pass through unchanged (exit 1).
pub const MAX_COMMAND_BYTES: usize = 64 * 1024;

/// What the caller should do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Run the rewrite; the host may run it without asking (exit 0).
    AllowRewrite,
    /// Run the rewrite; approval stays with the host (exit 3).
    AskRewrite,
    /// Run the original unchanged (exit 1).
    Passthrough,
    /// A deny rule matched; defer to the host's own deny (exit 2).
    Deny,
}

impl Outcome {
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::AllowRewrite => 0,
            Outcome::Passthrough => 1,
            Outcome::Deny => 2,
            Outcome::AskRewrite => 3,
        }
    }
}

/// How one simple command was judged (for `--explain`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentReport {
    pub text: String,
    pub context: Context,
    pub verdict: PermissionVerdict,
    pub rule: Option<Rule>,
    /// The host's built-in read-only auto-approval of this command (hosts with a table only).
    pub read_only: Option<ReadOnly>,
}

/// The full decision for one command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub outcome: Outcome,
    /// The rewritten line (Some exactly for AllowRewrite and AskRewrite).
    pub rewritten: Option<String>,
    /// The line verdict from the host's own rules.
    pub verdict: PermissionVerdict,
    /// The host's rules applied to the rewritten line as the host will see it (`rtk` and all):
    /// the strongest list with a rule that could match any of its commands. Default when
    /// nothing matches or there is no rewrite. A rewrite keeps the host's verdict only when
    /// this equals what the host concluded for the original (see each host's renderer).
    pub rewritten_verdict: PermissionVerdict,
    pub host: Agent,
    pub segments: Vec<SegmentReport>,
    /// Why the outcome is what it is, in a few words.
    pub reason: String,
    /// Messages for stderr.
    pub warnings: Vec<String>,
    /// Why the host's read-only table was not applied in this session (every `Yes` then
    /// reads `Unknown`), for `--explain`.
    pub read_only_closed: Option<String>,
    /// How `--explain` names the host's read-only table (hosts with a table only).
    pub read_only_names: Option<TableNames>,
    /// Why no allow may be asserted for this line whatever the rules say (`allow.rs`).
    pub allow_blocked: Option<String>,
}

impl Decision {
    fn passthrough(host: Agent, verdict: PermissionVerdict, reason: impl Into<String>) -> Self {
        Decision {
            outcome: Outcome::Passthrough,
            rewritten: None,
            verdict,
            rewritten_verdict: PermissionVerdict::Default,
            host,
            segments: Vec::new(),
            reason: reason.into(),
            warnings: Vec::new(),
            read_only_closed: None,
            read_only_names: None,
            allow_blocked: None,
        }
    }
}

/// Combines per-command verdicts into the line verdict (Deny > Ask > Allow > Default).
/// Allow needs every command explicitly allowed; a shell `-c` wrapper is never Allow.
pub fn line_verdict(segments: &[SegmentReport], has_shell_wrapper: bool) -> PermissionVerdict {
    let strongest = segments
        .iter()
        .map(|s| s.verdict)
        .max()
        .unwrap_or(PermissionVerdict::Default);
    match strongest {
        PermissionVerdict::Deny | PermissionVerdict::Ask => strongest,
        _ if has_shell_wrapper => PermissionVerdict::Ask,
        PermissionVerdict::Allow
            if !segments.is_empty()
                && segments
                    .iter()
                    .all(|s| s.verdict == PermissionVerdict::Allow) =>
        {
            PermissionVerdict::Allow
        }
        _ => PermissionVerdict::Default,
    }
}

/// Every top-level segment (at least one) is allowed by a rule.
fn top_level_allowed(segments: &[SegmentReport]) -> bool {
    let mut top = segments.iter().filter(|s| s.context == Context::TopLevel);
    top.clone().next().is_some() && top.all(|s| s.verdict == PermissionVerdict::Allow)
}

/// Decides `cmd` for `host` with the given rules (pure; tests inject rules here).
pub fn evaluate(cmd: &str, host: &dyn Judge, rules: &RuleSet, config: &HooksConfig) -> Decision {
    evaluate_in(cmd, host, rules, config, None)
}

/// [`evaluate`], with the directory the line runs in when the file system may be consulted
/// (symbolic links that lead out of it: see `allow.rs`), taken as the project too.
pub fn evaluate_in(
    cmd: &str,
    host: &dyn Judge,
    rules: &RuleSet,
    config: &HooksConfig,
    workdir: Option<&std::path::Path>,
) -> Decision {
    let place = workdir.map(Place::at);
    evaluate_at(cmd, host, rules, config, place.as_ref())
}

/// [`evaluate`] at `place` (the shell's current directory and the session's project; see
/// `place.rs`) when the file system may be consulted.
pub fn evaluate_at(
    cmd: &str,
    host: &dyn Judge,
    rules: &RuleSet,
    config: &HooksConfig,
    place: Option<&Place>,
) -> Decision {
    let table = host.read_only();
    let mut decision = judge_line(cmd, host.agent(), table, rules, config, place);
    decision.read_only_names = table.map(|t| t.names());
    decision
}

/// [`evaluate_in`] for the host keyed `host`, whose read-only table (if any) is `table`.
fn judge_line(
    cmd: &str,
    host: Agent,
    table: Option<&dyn crate::hooks::host::ReadOnlyTable>,
    rules: &RuleSet,
    config: &HooksConfig,
    place: Option<&Place>,
) -> Decision {
    if cmd.len() > MAX_COMMAND_BYTES {
        let mut d = Decision::passthrough(host, PermissionVerdict::Default, "command too long");
        d.warnings.push(format!(
            "command is {} bytes, over the {MAX_COMMAND_BYTES}-byte limit; left unchanged",
            cmd.len()
        ));
        return d;
    }
    if cmd.trim().is_empty() {
        return Decision::passthrough(host, PermissionVerdict::Default, "empty command");
    }
    let budget = shell::BudgetStart::now();
    let parsed = shell::parse_since(cmd, budget);
    let segments: Vec<SegmentReport> = parsed
        .commands
        .iter()
        .map(|c| {
            let (verdict, rule) = rules.judge(&c.forms);
            SegmentReport {
                text: c.forms.exact.clone(),
                context: c.context,
                verdict,
                rule: rule.cloned(),
                read_only: table.map(|t| t.classify(c)),
            }
        })
        .collect();
    let verdict = line_verdict(&segments, parsed.has_shell_wrapper);
    let mut decision = Decision {
        segments,
        ..Decision::passthrough(host, verdict, "")
    };
    if verdict == PermissionVerdict::Deny {
        decision.outcome = Outcome::Deny;
        decision.reason = "a deny rule matched".into();
        return decision;
    }
    if let Some(why) = parsed.unattestable.first() {
        decision.reason = format!("unattestable: {}", why.0);
        return decision;
    }
    if let Some(why) = step_aside(&parsed, rules, place) {
        decision.reason = format!("steps aside: {why}");
        decision.allow_blocked = Some(why);
        return decision;
    }
    if verdict == PermissionVerdict::Default
        && host.authority() == Authority::Rtk
        && top_level_allowed(&decision.segments)
    {
        // Rules allow every segment; what runs inside them (the `cat` of Claude Code's
        // `git commit -m "$(cat <<'EOF' … EOF)"`) no rule names, and the host may run it
        // anyway (Claude Code 2.1.332 does): rtk asserts nothing, the host judges the original.
        decision.reason =
            "every segment allowed by rule; the host judges the commands inside them".into();
        return decision;
    }
    if host.authority() == Authority::Rtk {
        let may_allow = verdict == PermissionVerdict::Allow
            || decision
                .segments
                .iter()
                .any(|s| s.read_only == Some(ReadOnly::Yes));
        decision.allow_blocked = crate::hooks::allow::blocker(&parsed)
            .or_else(|| crate::hooks::lexical::blocker(cmd, &parsed))
            .or_else(|| {
                let place = place.filter(|_| may_allow)?;
                crate::hooks::allow::link_blocker(&parsed, &place.cwd)
            });
    }
    if let Some(why) = decision.allow_blocked.clone() {
        if verdict == PermissionVerdict::Allow {
            decision.reason = format!("allowed by rule, but no allow for this line: {why}");
            return decision;
        }
        unknown_read_only(&mut decision);
    }
    let site = place.map(Place::site);
    let rewrite = crate::rewrite::rewrite_line(cmd, &parsed, config, site.as_ref());
    decision.warnings.extend(rewrite.warnings);
    let Some(line) = rewrite.line else {
        decision.reason = "no rtk form for any segment".into();
        return decision;
    };
    decision.rewritten_verdict = as_written(&line, rules, budget);
    let matched = decision
        .segments
        .iter()
        .any(|s| s.verdict != PermissionVerdict::Default)
        || decision.rewritten_verdict != PermissionVerdict::Default;
    if host.rejudges_rewrite() && matched {
        decision.reason = format!(
            "a {} rule matches the line; {} judges it unrewritten",
            host.name(),
            host.name()
        );
        return decision;
    }
    decision.rewritten = Some(line);
    (decision.outcome, decision.reason) = match (verdict, host.authority()) {
        (PermissionVerdict::Allow, _) => (Outcome::AllowRewrite, "every segment allowed".into()),
        (_, Authority::Host) => (
            Outcome::AllowRewrite,
            format!("{} holds permission authority", host.name()),
        ),
        (PermissionVerdict::Ask, Authority::Rtk) => {
            (Outcome::AskRewrite, "an ask rule matched".into())
        }
        (_, Authority::Rtk) => (
            Outcome::AskRewrite,
            "no allow rule for every segment".into(),
        ),
    };
    decision
}

/// Why the line is left to the host untouched whatever the rules say (None: judged as usual):
/// the session's folder or repository (`place.rs`), or a file rule that may cover a file it
/// names (`paths.rs`; with file rules but no known folder, every line).
fn step_aside(parsed: &shell::Parsed, rules: &RuleSet, place: Option<&Place>) -> Option<String> {
    let Some(place) = place else {
        return (!rules.files.is_empty())
            .then(|| "file rules, and no working directory to judge paths from".to_string());
    };
    crate::hooks::place::blocker(parsed, place).or_else(|| {
        let at = crate::hooks::paths::Where {
            cwd: &place.cwd,
            project: &place.project,
            home: place.home.as_deref(),
        };
        crate::hooks::paths::blocker(parsed, &rules.files, &at)
    })
}

/// The host's rules on `line` as written (see [`Decision::rewritten_verdict`]); the line is
/// parsed only when there are rules, within what is left of the decision's parse budget. When
/// that parse cannot account for the whole line (over budget), the verdict is unknown: `Ask`,
/// so no host that re-judges the rewrite gets it.
fn as_written(line: &str, rules: &RuleSet, budget: shell::BudgetStart) -> PermissionVerdict {
    if rules.is_empty() {
        return PermissionVerdict::Default;
    }
    let parsed = shell::parse_since(line, budget);
    if !parsed.is_attestable() {
        return PermissionVerdict::Ask;
    }
    parsed
        .commands
        .iter()
        .map(|c| rules.judge_as_written(&c.forms))
        .max()
        .unwrap_or(PermissionVerdict::Default)
}

/// rtk's own absolute path, for hosts whose shell may not find `rtk` on PATH. The path the host
/// ran rtk by (`argv[0]`) when it is absolute and names an existing `rtk`: a package manager's
/// stable link (`/opt/homebrew/bin/rtk`) rather than the versioned file it resolves to; else the
/// running binary's path. Only a path that can be written into a command line unquoted (letters,
/// digits and `/._+-@%,:=`); None otherwise (the caller then inserts plain `rtk`). No process.
pub fn absolute_program() -> Option<String> {
    let invoked = std::env::args_os().next().map(std::path::PathBuf::from);
    let invoked = invoked.filter(|p| p.is_absolute() && p.is_file());
    let exe = invoked.or_else(|| std::env::current_exe().ok())?;
    writable_rtk_path(&exe)
}

/// `path` as command-line text when it is absolute, names `rtk` and needs no quoting.
fn writable_rtk_path(path: &std::path::Path) -> Option<String> {
    let text = path.to_str()?;
    let stem = path.file_stem()?.to_str()?;
    let safe = |c: char| c.is_ascii_alphanumeric() || "/._+-@%,:=".contains(c);
    (path.is_absolute() && stem == "rtk" && text.chars().all(safe)).then(|| text.to_string())
}

/// The host's read-only table does not apply (see [`Decision::read_only_closed`]).
pub fn close_read_only(decision: &mut Decision, why: String) {
    unknown_read_only(decision);
    decision.read_only_closed = Some(why);
}

/// Every command the host's read-only table would run reads `Unknown`: the hook steps aside.
fn unknown_read_only(decision: &mut Decision) {
    for s in &mut decision.segments {
        if s.read_only == Some(ReadOnly::Yes) {
            s.read_only = Some(ReadOnly::Unknown);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::Env;

    /// Loads Claude-format rules from a settings file in a trusted temp project (the real loader).
    fn claude_rules(permissions: &str) -> (tempfile::TempDir, RuleSet) {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("project");
        std::fs::create_dir_all(project.join(".claude")).unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        std::fs::write(
            project.join(".claude/settings.json"),
            format!(r#"{{"permissions": {permissions}}}"#),
        )
        .unwrap();
        let trust = serde_json::json!({"projects": {project.to_str().unwrap(): {"hasTrustDialogAccepted": true}}});
        std::fs::write(dir.path().join("home/.claude.json"), trust.to_string()).unwrap();
        let env = Env::new(
            [
                ("HOME", dir.path().join("home")),
                ("RTK_CLAUDE_CMDLINE", std::path::PathBuf::new()),
            ],
            &project,
        );
        let loaded = crate::hosts::load_rules_for(Agent::Claude, &env);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        (dir, loaded.rules)
    }

    fn decide(cmd: &str, host: Agent, rules: &RuleSet) -> Decision {
        evaluate(cmd, crate::hosts::of(host), rules, &HooksConfig::default())
    }

    /// The rewritten form is parsed within what the line's parse left of the budget: with the
    /// budget spent, its verdict is unknown (Ask), never the `Default` of an unparsed line.
    #[test]
    fn rewritten_form_shares_the_line_budget() {
        let (_dir, rules) = claude_rules(r#"{"deny": ["Bash(git push:*)"]}"#);
        let fresh = shell::BudgetStart::now();
        assert_eq!(
            as_written("rtk git status", &rules, fresh),
            PermissionVerdict::Default
        );
        let spent = shell::BudgetStart::now();
        let t = std::time::Instant::now();
        let mut x = 0u64;
        // Spend more CPU than the budget (25 ms of this thread's CPU time; bounded by wall).
        while t.elapsed() < std::time::Duration::from_secs(2)
            && shell::parse_since("ls", spent).is_attestable()
        {
            for i in 0..100_000u64 {
                x = std::hint::black_box(x.wrapping_add(i));
            }
        }
        assert_eq!(
            as_written("rtk git status", &rules, spent),
            PermissionVerdict::Ask
        );
    }

    /// #1155 (issue: hook auto-allow bypassed the agent's permission model): for Claude and
    /// every rule-reading host, a rewrite nobody allowed is Ask (exit 3) — never exit 0.
    mod exit_code_protocol {
        use super::*;

        #[test]
        fn default_verdict_maps_to_exit_3_never_0() {
            let d = decide("git status", Agent::Claude, &RuleSet::default());
            assert_eq!(d.verdict, PermissionVerdict::Default);
            assert_eq!(d.outcome, Outcome::AskRewrite);
            assert_eq!(d.outcome.exit_code(), 3);
            assert_eq!(d.rewritten.as_deref(), Some("rtk git status"));
        }

        #[test]
        fn default_never_exit_0_for_any_rule_reading_host() {
            for host in Agent::hosts() {
                if host.authority() != Authority::Rtk {
                    continue;
                }
                for cmd in [
                    "git status",
                    "cargo test",
                    "ls -al && git diff",
                    "rtk git log",
                ] {
                    let d = decide(cmd, host, &RuleSet::default());
                    assert_ne!(d.outcome.exit_code(), 0, "{host:?} {cmd}");
                    assert_eq!(d.outcome, Outcome::AskRewrite, "{host:?} {cmd}");
                }
            }
        }

        #[test]
        fn explicit_allow_maps_to_exit_0() {
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(git status)"]}"#);
            let d = decide("git status", Agent::Claude, &rules);
            assert_eq!(d.outcome.exit_code(), 0);
        }

        #[test]
        fn ask_rule_maps_to_exit_3() {
            let (_d, rules) =
                claude_rules(r#"{"allow": ["Bash(git:*)"], "ask": ["Bash(git status)"]}"#);
            let d = decide("git status", Agent::Claude, &rules);
            assert_eq!(d.verdict, PermissionVerdict::Ask);
            assert_eq!(d.outcome.exit_code(), 3);
        }

        #[test]
        fn deny_maps_to_exit_2_with_no_rewrite() {
            let (_d, rules) = claude_rules(r#"{"deny": ["Bash(git push:*)"]}"#);
            let d = decide("git push origin main", Agent::Claude, &rules);
            assert_eq!(d.outcome.exit_code(), 2);
            assert_eq!(d.rewritten, None);
        }

        #[test]
        fn partial_allow_of_a_compound_is_not_exit_0() {
            // #1213: every segment must be allowed.
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(git status)"]}"#);
            let d = decide("git status && git diff", Agent::Claude, &rules);
            assert_eq!(d.outcome.exit_code(), 3);
        }

        #[test]
        fn unattestable_is_exit_1_even_when_allowed() {
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(*)"]}"#);
            let d = decide("git status $(id)", Agent::Claude, &rules);
            assert_eq!(d.outcome.exit_code(), 1);
        }

        /// Claude Code's commit form is rewritten (its hook output goes through rtk's commit
        /// filter) but never allowed by rtk: a deny on its `cat` wins, an ask rule asks, no
        /// rule asks as Claude does, and rules allowing both segments leave the line to Claude
        /// (Claude Code 2.1.332 runs it under `Bash(git:*)`; rtk asserts nothing for `cat`).
        #[test]
        fn heredoc_commit_is_rewritten_never_allowed() {
            let line = "git add a.rs && git commit -m \"$(cat <<'EOF'\nfix: x $(id)\n\nCo-Authored-By: C <c@x>\nEOF\n)\"";
            let d = decide(line, Agent::Claude, &RuleSet::default());
            assert_eq!(d.outcome.exit_code(), 3, "{}", d.reason);
            let want = format!("rtk {}", line.replace("&& git", "&& rtk git"));
            assert_eq!(d.rewritten.as_deref(), Some(want.as_str()));
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(git:*)"]}"#);
            let d = decide(line, Agent::Claude, &rules);
            assert_eq!(
                (d.outcome.exit_code(), d.rewritten),
                (1, None),
                "{}",
                d.reason
            );
            let (_d, rules) =
                claude_rules(r#"{"allow": ["Bash(git:*)"], "deny": ["Bash(cat:*)"]}"#);
            assert_eq!(decide(line, Agent::Claude, &rules).outcome.exit_code(), 2);
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(*)"], "deny": ["Bash(id:*)"]}"#);
            let d = decide(line, Agent::Claude, &rules);
            assert_ne!(d.outcome.exit_code(), 0, "{}", d.reason);
            let (_d, rules) = claude_rules(r#"{"ask": ["Bash(git commit:*)"]}"#);
            assert_eq!(decide(line, Agent::Claude, &rules).outcome.exit_code(), 3);
            let (_d, rules) = claude_rules(r#"{"allow": ["Bash(*)"]}"#);
            assert_ne!(decide(line, Agent::Claude, &rules).outcome.exit_code(), 0);
        }

        /// The OpenClaw invariant, beside #1155: only a host-authoritative host turns a
        /// rewrite no rule allowed into exit 0, because that host applies its own exec policy
        /// to whatever finally runs.
        #[test]
        fn openclaw_default_maps_to_exit_0_because_the_host_holds_authority() {
            let d = decide("git status", Agent::OpenClaw, &RuleSet::default());
            assert_eq!(d.verdict, PermissionVerdict::Default);
            assert_eq!(d.outcome, Outcome::AllowRewrite);
            assert_eq!(d.outcome.exit_code(), 0);
        }
    }

    #[test]
    fn openclaw_default_gives_allow() {
        let d = decide("git status", Agent::OpenClaw, &RuleSet::default());
        assert_eq!(d.outcome, Outcome::AllowRewrite);
    }

    #[test]
    fn openclaw_ask_gives_allow() {
        let (_d, rules) = claude_rules(r#"{"ask": ["Bash(git status)"]}"#);
        let d = decide("git status", Agent::OpenClaw, &rules);
        assert_eq!(d.verdict, PermissionVerdict::Ask);
        assert_eq!(d.outcome, Outcome::AllowRewrite);
    }

    #[test]
    fn claude_default_gives_ask() {
        let d = decide("git status", Agent::Claude, &RuleSet::default());
        assert_eq!(d.outcome, Outcome::AskRewrite);
    }

    #[test]
    fn unattestable_under_openclaw_is_passthrough_never_allow() {
        for cmd in [
            "git status > out.txt",
            "echo $(whoami)",
            "git log `id`",
            "cat <<EOF\nx\nEOF",
            "eval git status",
        ] {
            let d = decide(cmd, Agent::OpenClaw, &RuleSet::default());
            assert_eq!(d.outcome, Outcome::Passthrough, "{cmd}");
            assert_eq!(d.rewritten, None, "{cmd}");
        }
    }

    #[test]
    fn host_with_matching_deny_rules_gives_deny() {
        let (_d, rules) = claude_rules(r#"{"deny": ["Bash(git push:*)"]}"#);
        for host in Agent::hosts() {
            let d = decide("git status && git push --force", host, &rules);
            assert_eq!(d.outcome, Outcome::Deny, "{host:?}");
        }
    }

    #[test]
    fn shell_wrapper_is_never_allow() {
        let (_d, rules) = claude_rules(r#"{"allow": ["Bash(*)"]}"#);
        let d = decide("bash -c 'git status'", Agent::Claude, &rules);
        assert_ne!(d.outcome, Outcome::AllowRewrite);
    }

    #[test]
    fn deny_inside_shell_script_wins() {
        let (_d, rules) = claude_rules(r#"{"deny": ["Bash(rm:*)"]}"#);
        let d = decide("sh -c 'rm -rf x'", Agent::Claude, &rules);
        assert_eq!(d.outcome, Outcome::Deny);
    }

    #[test]
    fn huge_and_empty_commands_pass_through() {
        let huge = "git status ".repeat(MAX_COMMAND_BYTES / 8);
        assert_eq!(
            decide(&huge, Agent::Claude, &RuleSet::default()).outcome,
            Outcome::Passthrough
        );
        for cmd in ["", "   ", "\n\t"] {
            assert_eq!(
                decide(cmd, Agent::OpenClaw, &RuleSet::default()).outcome,
                Outcome::Passthrough
            );
        }
    }

    #[test]
    fn explanation_names_rule_and_file() {
        let (_d, rules) = claude_rules(r#"{"allow": ["Bash(git status)"]}"#);
        let d = decide("git status", Agent::Claude, &rules);
        let mut out = Vec::new();
        crate::hooks::rewrite_cmd::write_explanation(&mut out, &d).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Bash(git status)"), "{text}");
        assert!(text.contains("settings.json"), "{text}");
        assert!(text.contains("exit 0"), "{text}");
    }
}
