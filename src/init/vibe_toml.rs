//! Mistral Vibe's `hooks.toml`: rtk's `[[hooks]]` block is appended or removed as text, so the
//! user's comments and formatting survive; the file must parse as TOML before and after.

use anyhow::bail;

pub const COMMAND: &str = "rtk hook vibe";

pub const BLOCK: &str = "[[hooks]]\nname = \"rtk-rewrite\"\ntype = \"pre_tool\"\nmatch = \"bash\"\ncommand = \"rtk hook vibe\"\ndescription = \"rtk: compact command output\"\n";

fn parse(text: &str) -> anyhow::Result<toml::Table> {
    match text.parse::<toml::Table>() {
        Ok(t) => Ok(t),
        Err(e) => bail!("is not valid TOML ({e})"),
    }
}

fn is_ours(entry: &toml::Value) -> bool {
    entry.get("command").and_then(|c| c.as_str()) == Some(COMMAND)
}

pub fn is_installed(text: &str) -> anyhow::Result<bool> {
    let t = parse(text)?;
    Ok(match t.get("hooks") {
        None => false,
        Some(toml::Value::Array(a)) => a.iter().any(is_ours),
        Some(_) => bail!("`hooks` is not an array of tables"),
    })
}

/// The new text, or `None` when rtk's block is already there.
pub fn install(text: &str) -> anyhow::Result<Option<String>> {
    if is_installed(text)? {
        return Ok(None);
    }
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(BLOCK);
    parse(&out)?;
    Ok(Some(out))
}

/// The text without rtk's blocks, or `None` when there were none.
pub fn uninstall(text: &str) -> anyhow::Result<Option<String>> {
    if !is_installed(text)? {
        return Ok(None);
    }
    // Split into chunks, each starting at a table header line; drop `[[hooks]]` chunks whose
    // own parse says they are rtk's.
    let mut chunks: Vec<String> = vec![String::new()];
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            chunks.push(String::new());
        }
        chunks.last_mut().expect("never empty").push_str(line);
    }
    let kept: Vec<String> = chunks
        .into_iter()
        .filter(|c| {
            !(c.trim_start().starts_with("[[hooks]]")
                && parse(c).is_ok_and(|t| {
                    t.get("hooks")
                        .and_then(|h| h.as_array())
                        .is_some_and(|a| a.iter().any(is_ours))
                }))
        })
        .collect();
    let mut out = kept.concat();
    while out.ends_with("\n\n") {
        out.pop();
    }
    if is_installed(&out)? {
        bail!("rtk's hook entry could not be separated from the rest of the file");
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_uninstall_roundtrip_keeps_user_text() {
        let user = "# my hooks\n[[hooks]]\nname = \"lint\"\ntype = \"post_tool\"\nmatch = \"*\"\ncommand = \"lint.sh\"\n";
        let with = install(user).unwrap().unwrap();
        assert!(with.starts_with(user));
        assert!(with.ends_with(BLOCK));
        assert_eq!(install(&with).unwrap(), None);
        assert_eq!(uninstall(&with).unwrap().unwrap(), user);
        assert_eq!(uninstall(user).unwrap(), None);
        assert_eq!(install("").unwrap().unwrap(), BLOCK);
        assert_eq!(uninstall(BLOCK).unwrap().unwrap(), "");
    }

    #[test]
    fn malformed_is_refused() {
        assert!(install("[[hooks]\nname=").is_err());
        assert!(install("hooks = 3").is_err());
    }
}
