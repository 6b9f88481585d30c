//! Pure edits of a host's hook config held as JSON: add rtk's entry once, find it, remove only it.
//! Every other key, entry and their order are left exactly as they were.
//!
//! Two layouts exist:
//! - nested (Claude, Gemini, Codex, Droid): `hooks.<Event>[] = {matcher, hooks: [{type, command}]}`;
//! - flat (Cursor, Copilot): `hooks.<Event>[] = {command | bash, …}`.
//!
//! An entry is rtk's when its `command` (or Copilot's `bash`) is exactly rtk's command. Entries
//! upstream rtk 1.x installed (its hook scripts, or another `rtk hook …` form; also under a
//! top-level `<Event>` key, Droid's shape in upstream) are replaced on install and removed on
//! uninstall ([`is_rtk_command`]).

use serde_json::{Map, Value};

pub use crate::agents::HookSpec;

/// A config that is not shaped the way the host documents it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShapeError {
    #[error("the top level is not a JSON object")]
    NotObject,
    #[error("`{0}` is not {1}")]
    Wrong(String, &'static str),
}

fn is_ours(entry: &Value, command: &str) -> bool {
    ["command", "bash"]
        .iter()
        .any(|k| entry.get(k).and_then(Value::as_str) == Some(command))
}

/// Upstream rtk 1.x's hook script names.
const SCRIPTS: &[&str] = &["rtk-rewrite.sh", "rtk-hook-gemini.sh"];

/// Whether a hook command is an rtk entry (rtk's or upstream's): an `rtk hook …` call or one of
/// upstream's hook scripts, by file name.
pub fn is_rtk_command(cmd: &str) -> bool {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let base = |w: &str| {
        let w = w.trim_matches(|c| c == '"' || c == '\'');
        w.rsplit(['/', '\\']).next().unwrap_or(w).to_string()
    };
    let rtk_hook = matches!(words.as_slice(), [rtk, "hook", _, ..] if matches!(base(rtk).as_str(), "rtk" | "rtk.exe"));
    rtk_hook
        || words.iter().any(|w| {
            let w = w.trim_matches(|c| c == '"' || c == '\'');
            let name = w.rsplit(['/', '\\']).next().unwrap_or(w);
            SCRIPTS.contains(&name)
        })
}

/// rtk's exact entry, or one upstream rtk installed.
fn is_rtks(entry: &Value, command: &str) -> bool {
    is_ours(entry, command)
        || ["command", "bash"].iter().any(|k| {
            entry
                .get(k)
                .and_then(Value::as_str)
                .is_some_and(is_rtk_command)
        })
}

/// Removes rtk entries that are not exactly rtk's current one under the event key, and every
/// rtk entry under a top-level event key (a shape rtk never writes).
fn remove_foreign(root: &mut Value, spec: &HookSpec) -> Result<bool, ShapeError> {
    let foreign = |e: &Value| is_rtks(e, spec.command) && !is_ours(e, spec.command);
    let mut changed = remove_events_where(root, &[spec.event], &foreign)?;
    changed |= remove_top_level(root, spec.event, &|e: &Value| is_rtks(e, spec.command));
    Ok(changed)
}

/// Removes matching entries from a top-level `<event>` array (upstream's Droid shape); the key
/// goes when that emptied it. Anything not shaped so is left alone.
fn remove_top_level(root: &mut Value, event: &str, pred: &dyn Fn(&Value) -> bool) -> bool {
    let Some(map) = root.as_object_mut() else {
        return false;
    };
    let Some(Value::Array(list)) = map.get_mut(event) else {
        return false;
    };
    if !retain_entries(list, pred) {
        return false;
    }
    if list.is_empty() {
        map.remove(event);
    }
    true
}

/// Drops matching entries (and matching inner hooks of nested groups, and groups that left
/// empty). Returns whether anything was dropped.
fn retain_entries(list: &mut Vec<Value>, pred: &dyn Fn(&Value) -> bool) -> bool {
    let mut touched = false;
    list.retain_mut(|entry| {
        if pred(entry) {
            touched = true;
            return false;
        }
        if let Some(Value::Array(inner)) = entry.get_mut("hooks") {
            let n = inner.len();
            inner.retain(|h| !pred(h));
            if inner.len() != n {
                touched = true;
                return !inner.is_empty();
            }
        }
        true
    });
    touched
}

fn hooks_obj(root: &Value) -> Result<Option<&Map<String, Value>>, ShapeError> {
    let root = root.as_object().ok_or(ShapeError::NotObject)?;
    match root.get("hooks") {
        None => Ok(None),
        Some(Value::Object(m)) => Ok(Some(m)),
        Some(_) => Err(ShapeError::Wrong("hooks".into(), "an object")),
    }
}

fn event_list<'a>(hooks: &'a Map<String, Value>, event: &str) -> Result<&'a [Value], ShapeError> {
    match hooks.get(event) {
        None => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(ShapeError::Wrong(format!("hooks.{event}"), "an array")),
    }
}

fn group_has(group: &Value, command: &str) -> bool {
    group
        .get("hooks")
        .and_then(Value::as_array)
        .is_some_and(|hs| hs.iter().any(|h| is_ours(h, command)))
}

/// Is rtk's entry present under the current event?
pub fn is_installed(root: &Value, spec: &HookSpec) -> Result<bool, ShapeError> {
    let Some(hooks) = hooks_obj(root)? else {
        return Ok(false);
    };
    let list = event_list(hooks, spec.event)?;
    Ok(match spec.matcher {
        Some(_) => list.iter().any(|g| group_has(g, spec.command)),
        None => list.iter().any(|e| is_ours(e, spec.command)),
    })
}

/// Adds rtk's entry unless present (and removes legacy-event entries). Returns whether `root`
/// changed.
pub fn install(root: &mut Value, spec: &HookSpec) -> Result<bool, ShapeError> {
    let mut changed = remove_events(root, spec, spec.legacy_events)?;
    changed |= remove_foreign(root, spec)?;
    if is_installed(root, spec)? {
        return Ok(refresh(root, spec) || changed);
    }
    let root = root.as_object_mut().ok_or(ShapeError::NotObject)?;
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or_else(|| ShapeError::Wrong("hooks".into(), "an object"))?;
    let list = hooks
        .entry(spec.event)
        .or_insert_with(|| Value::Array(Vec::new()))
        .as_array_mut()
        .ok_or_else(|| ShapeError::Wrong(format!("hooks.{}", spec.event), "an array"))?;
    let new = match spec.matcher {
        Some(m) => serde_json::json!({"matcher": m, "hooks": [(spec.entry)()]}),
        None => (spec.entry)(),
    };
    list.push(new);
    changed = true;
    Ok(changed)
}

/// Brings rtk's installed entries up to date with [`HookSpec::entry`] (a key a newer rtk
/// writes, e.g. Droid's `preserveRiskLevel`), keeping keys the user added, and the matcher of a
/// group that holds only rtk's entries (rtk wrote it) with [`HookSpec::matcher`] (Claude's
/// `PostToolUse` grew from `Read` to `Read|mcp__.*`). Returns whether anything changed.
fn refresh(root: &mut Value, spec: &HookSpec) -> bool {
    let Value::Object(want) = (spec.entry)() else {
        return false;
    };
    let Some(list) = root
        .get_mut("hooks")
        .and_then(|h| h.get_mut(spec.event))
        .and_then(Value::as_array_mut)
    else {
        return false;
    };
    let mut changed = false;
    if let Some(matcher) = spec.matcher {
        for group in list.iter_mut() {
            let only_ours = group
                .get("hooks")
                .and_then(Value::as_array)
                .is_some_and(|hs| !hs.is_empty() && hs.iter().all(|h| is_ours(h, spec.command)));
            if only_ours && group.get("matcher").and_then(Value::as_str) != Some(matcher) {
                if let Some(g) = group.as_object_mut() {
                    g.insert("matcher".into(), Value::String(matcher.into()));
                    changed = true;
                }
            }
        }
    }
    let entries: Vec<&mut Value> = match spec.matcher {
        Some(_) => list
            .iter_mut()
            .filter_map(|g| g.get_mut("hooks").and_then(Value::as_array_mut))
            .flatten()
            .collect(),
        None => list.iter_mut().collect(),
    };
    for entry in entries.into_iter().filter(|e| is_ours(e, spec.command)) {
        let Some(obj) = entry.as_object_mut() else {
            continue;
        };
        for (k, v) in &want {
            if obj.get(k) != Some(v) {
                obj.insert(k.clone(), v.clone());
                changed = true;
            }
        }
    }
    changed
}

/// Removes rtk's entries (current and legacy events). Containers that only rtk's removal
/// emptied are removed too. Returns whether `root` changed.
pub fn uninstall(root: &mut Value, spec: &HookSpec) -> Result<bool, ShapeError> {
    let mut events = vec![spec.event];
    events.extend_from_slice(spec.legacy_events);
    let rtks = |e: &Value| is_rtks(e, spec.command);
    let mut changed = remove_events_where(root, &events, &rtks)?;
    changed |= remove_top_level(root, spec.event, &rtks);
    Ok(changed)
}

fn remove_events(root: &mut Value, spec: &HookSpec, events: &[&str]) -> Result<bool, ShapeError> {
    remove_events_where(root, events, &|e: &Value| is_rtks(e, spec.command))
}

fn remove_events_where(
    root: &mut Value,
    events: &[&str],
    pred: &dyn Fn(&Value) -> bool,
) -> Result<bool, ShapeError> {
    if hooks_obj(root)?.is_none() {
        return Ok(false);
    }
    let root_map = root.as_object_mut().ok_or(ShapeError::NotObject)?;
    let Some(Value::Object(hooks)) = root_map.get_mut("hooks") else {
        return Ok(false);
    };
    let mut changed = false;
    for event in events {
        event_list(hooks, event)?;
        let Some(Value::Array(list)) = hooks.get_mut(*event) else {
            continue;
        };
        let before = list.len();
        if retain_entries(list, pred) {
            changed = true;
            if list.is_empty() && before > 0 {
                hooks.remove(*event);
            }
        }
    }
    if changed && hooks.is_empty() {
        root_map.remove("hooks");
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn claude() -> HookSpec {
        HookSpec {
            event: "PreToolUse",
            legacy_events: &[],
            matcher: Some("Bash"),
            command: "rtk hook claude",
            entry: || json!({"type":"command","command":"rtk hook claude"}),
            new_file_keys: Map::new,
        }
    }

    fn copilot() -> HookSpec {
        HookSpec {
            event: "PreToolUse",
            legacy_events: &["preToolUse"],
            matcher: None,
            command: "rtk hook copilot",
            entry: || json!({"type":"command","bash":"rtk hook copilot","timeoutSec":10}),
            new_file_keys: Map::new,
        }
    }

    #[test]
    fn install_twice_is_one_entry_and_keeps_everything_else() {
        let mut v = json!({
            "model": "opus",
            "hooks": {"PreToolUse": [{"matcher":"Bash","hooks":[{"type":"command","command":"my-guard"}]}],
                      "Stop": [{"hooks":[{"type":"command","command":"notify"}]}]},
            "permissions": {"allow": ["Bash(ls)"]}
        });
        assert!(install(&mut v, &claude()).unwrap());
        assert!(!install(&mut v, &claude()).unwrap());
        assert_eq!(
            v.to_string(),
            json!({
                "model": "opus",
                "hooks": {"PreToolUse": [
                    {"matcher":"Bash","hooks":[{"type":"command","command":"my-guard"}]},
                    {"matcher":"Bash","hooks":[{"type":"command","command":"rtk hook claude"}]}],
                  "Stop": [{"hooks":[{"type":"command","command":"notify"}]}]},
                "permissions": {"allow": ["Bash(ls)"]}
            })
            .to_string()
        );
        assert!(uninstall(&mut v, &claude()).unwrap());
        assert!(!uninstall(&mut v, &claude()).unwrap());
        assert_eq!(
            v.to_string(),
            json!({
                "model": "opus",
                "hooks": {"PreToolUse": [{"matcher":"Bash","hooks":[{"type":"command","command":"my-guard"}]}],
                          "Stop": [{"hooks":[{"type":"command","command":"notify"}]}]},
                "permissions": {"allow": ["Bash(ls)"]}
            })
            .to_string()
        );
    }

    #[test]
    fn uninstall_keeps_other_hooks_in_a_shared_group_and_drops_emptied_containers() {
        let mut v = json!({"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[
            {"type":"command","command":"rtk hook claude"},{"type":"command","command":"other"}]}]}});
        assert!(uninstall(&mut v, &claude()).unwrap());
        assert_eq!(
            v,
            json!({"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"other"}]}]}})
        );
        let mut v = json!({"a":1});
        install(&mut v, &claude()).unwrap();
        uninstall(&mut v, &claude()).unwrap();
        assert_eq!(v, json!({"a":1}));
    }

    #[test]
    fn flat_layout_and_legacy_self_heal() {
        let mut v = json!({"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"rtk hook copilot"}],
                                                 "postToolUse":[{"bash":"log"}]}});
        assert!(install(&mut v, &copilot()).unwrap());
        assert_eq!(
            v,
            json!({"version":1,"hooks":{"postToolUse":[{"bash":"log"}],
                   "PreToolUse":[{"type":"command","bash":"rtk hook copilot","timeoutSec":10}]}})
        );
        assert!(is_installed(&v, &copilot()).unwrap());
    }

    #[test]
    fn upstream_entries_are_replaced_and_removed() {
        let droid = HookSpec {
            matcher: Some("Execute"),
            command: "rtk hook droid",
            entry: || json!({"type": "command", "command": "rtk hook droid"}),
            ..claude()
        };
        let group = |cmd: &str| json!({"matcher": "Execute", "hooks": [{"type": "command", "command": cmd}]});
        // An entry an older rtk wrote gains the keys this one writes; the user's stay.
        let current = HookSpec {
            entry: || json!({"type": "command", "command": "rtk hook droid", "preserveRiskLevel": true}),
            ..droid.clone()
        };
        let mut v = json!({"hooks": {"PreToolUse": [{"matcher": "Execute", "hooks": [
            {"type": "command", "command": "rtk hook droid", "timeout": 9}]}]}});
        assert!(install(&mut v, &current).unwrap());
        assert_eq!(
            v["hooks"]["PreToolUse"][0]["hooks"][0],
            json!({"type": "command", "command": "rtk hook droid", "timeout": 9, "preserveRiskLevel": true})
        );
        assert!(
            !install(&mut v, &current).unwrap(),
            "up to date: nothing changes"
        );
        // Upstream's Droid shape: a top-level PreToolUse, beside the user's own hook.
        let mut v = json!({"PreToolUse": [group("rtk hook droid"), group("mine.sh")]});
        assert!(install(&mut v, &droid).unwrap());
        assert_eq!(v["PreToolUse"], json!([group("mine.sh")]));
        assert!(is_installed(&v, &droid).unwrap());
        // Upstream's Gemini script entry gives way to rtk's.
        let gemini = HookSpec {
            event: "BeforeTool",
            matcher: Some("run_shell_command"),
            command: "rtk hook gemini",
            entry: || json!({"type": "command", "command": "rtk hook gemini"}),
            ..claude()
        };
        let script = "/home/u/.gemini/hooks/rtk-hook-gemini.sh";
        let mut v = json!({"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": script}]}]}});
        assert!(install(&mut v, &gemini).unwrap());
        let text = v.to_string();
        assert!(
            !text.contains(script) && text.contains("rtk hook gemini"),
            "{text}"
        );
        let mut up = json!({"theme": "x", "hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": script}]}]}});
        assert!(uninstall(&mut up, &gemini).unwrap());
        assert_eq!(up, json!({"theme": "x"}));
    }

    #[test]
    fn wrong_shapes_are_errors_and_untouched() {
        for bad in [
            json!([1]),
            json!({"hooks": []}),
            json!({"hooks": {"PreToolUse": {}}}),
        ] {
            let mut v = bad.clone();
            assert!(install(&mut v, &claude()).is_err(), "{bad}");
            assert_eq!(v, bad);
            assert!(uninstall(&mut v, &claude()).is_err() || v == bad);
        }
    }
}
