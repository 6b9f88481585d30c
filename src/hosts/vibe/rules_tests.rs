//! Vibe's verdicts as `bash.py` (3.0.2) gives them, and the rewrites they let through.

use super::*;

fn rules(allow: &[&str]) -> BashRules {
    BashRules {
        allowlist: allow.iter().map(|s| s.to_string()).collect(),
        ..BashRules::default()
    }
}

#[test]
fn defaults_judge_like_vibe() {
    let d = BashRules::default();
    assert_eq!(judge_line("ls -la", &d), Some(Verdict::Allow));
    assert_eq!(judge_line("git show HEAD", &d), Some(Verdict::Ask));
    // `git show` has no guardrail in Vibe: its options change nothing.
    assert_eq!(judge_line("git show --stat HEAD", &d), Some(Verdict::Ask));
    assert_eq!(judge_line("vim notes", &d), Some(Verdict::Deny));
    assert_eq!(judge_line("python3", &d), Some(Verdict::Deny), "standalone");
    assert_eq!(judge_line("python3 x.py", &d), Some(Verdict::Ask));
    assert_eq!(judge_line("sudo ls", &d), Some(Verdict::Ask));
    assert_eq!(judge_line("ls && vim x", &d), Some(Verdict::Deny));
    // `ls` is allowlisted as a prefix word, not a string prefix.
    assert_eq!(judge_line("lsof", &d), Some(Verdict::Ask));
}

#[test]
fn what_vibe_decides_beyond_its_lists_is_not_guessed() {
    let d = BashRules::default();
    for line in [
        "git status",            // repository config inspected
        "git log --oneline",     // repository config inspected
        "find . -delete",        // option guardrail
        "wc --files0-from=list", // option guardrail
        "cat /etc/passwd",       // outside the workdir
        "cat ../x",
        "ls ~",
        "ls > out",  // redirect
        "ls $(pwd)", // substitution
        "cat 'a b'", // quoted word
        "FOO=1 ls",
    ] {
        assert_eq!(judge_line(line, &d), None, "{line}");
    }
}

#[test]
fn a_rewrite_is_kept_only_where_both_lines_are_allowed() {
    let d = [BashRules::default()];
    // Allowlisted original, `rtk` form not on the list: Vibe would ask.
    assert!(verdict_changes(&d, "ls", "rtk ls").is_some());
    // Both asked: smart-approve's classifier may still tell them apart.
    assert!(verdict_changes(&d, "git show", "rtk git show").is_some());
    // The user allowlisted the rtk form too.
    let both = [rules(&["ls", "rtk ls"])];
    assert_eq!(verdict_changes(&both, "ls -la", "rtk ls -la"), None);
    assert!(verdict_changes(&both, "ls /etc", "rtk ls /etc").is_some());
    // `rtk` alone on the allowlist: the original must still be allowed.
    let rtk = [rules(&["rtk"])];
    assert!(verdict_changes(&rtk, "git push", "rtk git push").is_some());
    // permission = "always": both allowed, except what a list or guardrail decides.
    let always = [BashRules {
        always: true,
        ..BashRules::default()
    }];
    assert_eq!(verdict_changes(&always, "git show", "rtk git show"), None);
    assert!(verdict_changes(&always, "vim x", "rtk vim x").is_some());
    assert!(verdict_changes(&always, "sudo ls", "rtk sudo ls").is_some());
    assert!(verdict_changes(&always, "git status", "rtk git status").is_some());
    // Every rule set Vibe may apply must agree.
    let two = [rules(&["ls", "rtk ls"]), BashRules::default()];
    assert!(verdict_changes(&two, "ls", "rtk ls").is_some());
}

#[test]
fn config_layers_overlay_and_unmodelled_sources_step_aside() {
    let t = tempfile::tempdir().unwrap();
    let home = t.path().join("home");
    let repo = home.join("repo");
    std::fs::create_dir_all(repo.join(".vibe")).unwrap();
    std::fs::create_dir_all(home.join(".vibe")).unwrap();
    let env = |vars: &[(&str, &str)]| {
        let mut v = vec![("HOME".to_string(), home.display().to_string())];
        v.extend(vars.iter().map(|(k, x)| (k.to_string(), x.to_string())));
        Env::new(v, repo.join("sub"))
    };
    assert_eq!(load(&env(&[])).unwrap(), vec![BashRules::default()]);
    std::fs::write(
        home.join(".vibe/config.toml"),
        "[tools.bash]\nallowlist = [\"ls\", \"rtk ls\"]\n",
    )
    .unwrap();
    let sets = load(&env(&[])).unwrap();
    assert_eq!(sets.len(), 1);
    assert_eq!(sets[0].allowlist, ["ls", "rtk ls"]);
    assert_eq!(sets[0].denylist, BashRules::default().denylist);
    std::fs::write(
        repo.join(".vibe/config.toml"),
        "[tools.bash]\ndenylist = [\"rm\"]\n",
    )
    .unwrap();
    let sets = load(&env(&[])).unwrap();
    assert_eq!(sets.len(), 2);
    assert_eq!(sets[1].allowlist, ["ls", "rtk ls"]);
    assert_eq!(sets[1].denylist, ["rm"]);
    assert!(load(&env(&[("VIBE_TOOLS__BASH__ALLOWLIST", "[]")])).is_err());
    std::fs::write(
        repo.join(".vibe/config.toml"),
        "[tools.bash]\nallowlist = 3\n",
    )
    .unwrap();
    assert!(load(&env(&[])).is_err());
    std::fs::remove_file(repo.join(".vibe/config.toml")).unwrap();
    std::fs::write(home.join(".vibe/managed_config_cache.json"), "{}").unwrap();
    assert!(load(&env(&[])).is_err());
}

#[test]
fn rtk_forms_are_offered_only_where_the_verdict_stays_the_same() {
    let covered = |w: &str| ["ls", "cat", "grep", "find", "git", "head"].contains(&w);
    let mut rules = BashRules::default();
    let forms = rtk_forms_to_allow(&rules, &covered);
    for f in ["rtk ls", "rtk cat", "rtk grep", "rtk head"] {
        assert!(forms.contains(&f.to_string()), "{f}: {forms:?}");
    }
    // Guardrailed programs (find, git) and programs rtk does not filter (echo) get none.
    for f in ["rtk find", "rtk git status", "rtk echo"] {
        assert!(!forms.contains(&f.to_string()), "{f}: {forms:?}");
    }
    // With the forms added, the rtk form and the original get the same verdict.
    rules.allowlist.extend(forms);
    assert!(
        verdict_changes(std::slice::from_ref(&rules), "ls -la src", "rtk ls -la src").is_none()
    );
    assert!(
        rtk_forms_to_allow(&rules, &covered).is_empty(),
        "nothing left to add"
    );
    // A program a deny entry names is never paired.
    let mut denied = BashRules::default();
    denied.denylist.push("cat /etc".into());
    assert!(!rtk_forms_to_allow(&denied, &covered).contains(&"rtk cat".to_string()));
    denied.always = true;
    assert!(rtk_forms_to_allow(&denied, &covered).is_empty());
}
