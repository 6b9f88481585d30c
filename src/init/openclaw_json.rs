//! Pure edits of OpenClaw's `openclaw.json` (held as JSON) that switch rtk's plugin on or off:
//! `plugins.entries.rtk.enabled`, plus `"rtk"` in a non-empty `plugins.allow` (OpenClaw loads only
//! listed plugins when that list is set). Every other key keeps its value and order.
//!
//! Invariants: an empty `plugins.allow` is never created or filled (an empty list means "no
//! allowlist"; adding the first name would switch every other plugin off) and never emptied by an
//! uninstall; `"rtk"` in `plugins.deny` is the user's decision and is refused, not overridden.

use serde_json::{json, Map, Value};

pub const ID: &str = "rtk";

/// A config not shaped the way OpenClaw documents it, or one that forbids rtk.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShapeError {
    #[error("the top level is not a JSON object")]
    NotObject,
    #[error("`{0}` is not {1}")]
    Wrong(&'static str, &'static str),
    #[error("`plugins.deny` lists \"rtk\"; remove it there first if you want the plugin")]
    Denied,
}

fn obj<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    name: &'static str,
) -> Result<Option<&'a Map<String, Value>>, ShapeError> {
    match parent.get(key) {
        None => Ok(None),
        Some(Value::Object(m)) => Ok(Some(m)),
        Some(_) => Err(ShapeError::Wrong(name, "an object")),
    }
}

fn list<'a>(
    parent: &'a Map<String, Value>,
    key: &str,
    name: &'static str,
) -> Result<Option<&'a Vec<Value>>, ShapeError> {
    match parent.get(key) {
        None => Ok(None),
        Some(Value::Array(a)) => Ok(Some(a)),
        Some(_) => Err(ShapeError::Wrong(name, "an array")),
    }
}

/// Validates the parts rtk touches; returns `plugins` when present.
fn check(root: &Value) -> Result<Option<&Map<String, Value>>, ShapeError> {
    let root = root.as_object().ok_or(ShapeError::NotObject)?;
    let Some(plugins) = obj(root, "plugins", "plugins")? else {
        return Ok(None);
    };
    if let Some(entries) = obj(plugins, "entries", "plugins.entries")? {
        obj(entries, ID, "plugins.entries.rtk")?;
    }
    list(plugins, "allow", "plugins.allow")?;
    if let Some(deny) = list(plugins, "deny", "plugins.deny")? {
        if deny.iter().any(|v| v.as_str() == Some(ID)) {
            return Err(ShapeError::Denied);
        }
    }
    Ok(Some(plugins))
}

/// Is rtk's entry enabled (and, when an allowlist is set, listed)?
pub fn is_enabled(root: &Value) -> Result<bool, ShapeError> {
    let Some(plugins) = check(root)? else {
        return Ok(false);
    };
    let entry_on = plugins
        .get("entries")
        .and_then(|e| e.get(ID))
        .and_then(|e| e.get("enabled"))
        .and_then(Value::as_bool)
        == Some(true);
    let allowed = match plugins.get("allow").and_then(Value::as_array) {
        Some(a) if !a.is_empty() => a.iter().any(|v| v.as_str() == Some(ID)),
        _ => true,
    };
    Ok(entry_on && allowed)
}

/// Enables rtk's entry; returns whether `root` changed.
pub fn enable(root: &mut Value) -> Result<bool, ShapeError> {
    if is_enabled(root)? {
        return Ok(false);
    }
    let root = root.as_object_mut().ok_or(ShapeError::NotObject)?;
    let plugins = root
        .entry("plugins")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .ok_or(ShapeError::Wrong("plugins", "an object"))?;
    if let Some(Value::Array(allow)) = plugins.get_mut("allow") {
        if !allow.is_empty() && !allow.iter().any(|v| v.as_str() == Some(ID)) {
            allow.push(json!(ID));
        }
    }
    let entry = plugins
        .entry("entries")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .ok_or(ShapeError::Wrong("plugins.entries", "an object"))?
        .entry(ID)
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .ok_or(ShapeError::Wrong("plugins.entries.rtk", "an object"))?;
    entry.insert("enabled".into(), json!(true));
    Ok(true)
}

/// Removes rtk's entry and its name from `plugins.allow` (unless that would empty the list);
/// containers only that removal emptied go too. Returns whether `root` changed.
pub fn disable(root: &mut Value) -> Result<bool, ShapeError> {
    if check(root)?.is_none() {
        return Ok(false);
    }
    let root_map = root.as_object_mut().ok_or(ShapeError::NotObject)?;
    let Some(Value::Object(plugins)) = root_map.get_mut("plugins") else {
        return Ok(false);
    };
    let mut changed = false;
    if let Some(Value::Array(allow)) = plugins.get_mut("allow") {
        let others = allow.iter().filter(|v| v.as_str() != Some(ID)).count();
        if others > 0 && others < allow.len() {
            allow.retain(|v| v.as_str() != Some(ID));
            changed = true;
        }
    }
    if let Some(Value::Object(entries)) = plugins.get_mut("entries") {
        if entries.remove(ID).is_some() {
            changed = true;
            if entries.is_empty() {
                plugins.remove("entries");
            }
        }
    }
    if changed && plugins.is_empty() {
        root_map.remove("plugins");
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enable_disable_table() {
        // (before, after enable, after disable of that)
        let cases = [
            (
                json!({}),
                json!({"plugins":{"entries":{"rtk":{"enabled":true}}}}),
                json!({}),
            ),
            (
                json!({"gateway":{"port":1},"plugins":{"allow":["a"],"entries":{"a":{"enabled":true}}}}),
                json!({"gateway":{"port":1},"plugins":{"allow":["a","rtk"],"entries":{"a":{"enabled":true},"rtk":{"enabled":true}}}}),
                json!({"gateway":{"port":1},"plugins":{"allow":["a"],"entries":{"a":{"enabled":true}}}}),
            ),
            (
                // An empty allowlist stays empty: filling it would disable every other plugin.
                json!({"plugins":{"allow":[]}}),
                json!({"plugins":{"allow":[],"entries":{"rtk":{"enabled":true}}}}),
                json!({"plugins":{"allow":[]}}),
            ),
            (
                // The user's plugin config is kept on enable.
                json!({"plugins":{"entries":{"rtk":{"enabled":false,"config":{"verbose":true}}}}}),
                json!({"plugins":{"entries":{"rtk":{"enabled":true,"config":{"verbose":true}}}}}),
                json!({}),
            ),
            (
                // Only rtk allowed: removing it would turn the allowlist off, so it stays.
                json!({"plugins":{"allow":["rtk"]}}),
                json!({"plugins":{"allow":["rtk"],"entries":{"rtk":{"enabled":true}}}}),
                json!({"plugins":{"allow":["rtk"]}}),
            ),
        ];
        for (before, enabled, disabled) in cases {
            let mut v = before.clone();
            assert!(enable(&mut v).unwrap(), "{before}");
            assert_eq!(v.to_string(), enabled.to_string(), "{before}");
            assert!(is_enabled(&v).unwrap());
            assert!(!enable(&mut v).unwrap(), "idempotent: {before}");
            assert!(disable(&mut v).unwrap(), "{before}");
            assert_eq!(v.to_string(), disabled.to_string(), "{before}");
            assert!(!is_enabled(&v).unwrap());
        }
    }

    #[test]
    fn refusals_leave_the_value_untouched() {
        for bad in [
            json!([]),
            json!({"plugins": []}),
            json!({"plugins": {"entries": []}}),
            json!({"plugins": {"entries": {"rtk": true}}}),
            json!({"plugins": {"allow": "rtk"}}),
            json!({"plugins": {"deny": ["rtk"]}}),
        ] {
            let mut v = bad.clone();
            assert!(enable(&mut v).is_err(), "{bad}");
            assert_eq!(v, bad);
        }
        assert_eq!(
            enable(&mut json!({"plugins": {"deny": ["rtk"]}})),
            Err(ShapeError::Denied)
        );
    }
}
