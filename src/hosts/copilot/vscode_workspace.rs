//! Which VS Code window a hook runs for, from the payload's `transcript_path`: Copilot Chat
//! writes it as `<User>/workspaceStorage/<id>/<extension>/transcripts/<session>.jsonl` (its
//! `storageUri`, `sessionTranscriptService.ts`) and sends it whenever the window has a
//! workspace; VS Code keeps the workspace of `<id>` in `<id>/workspace.json` (`"folder"`, or
//! `"workspace"` for a multi-root `.code-workspace` file). That names the user folder in use
//! (a custom `--user-data-dir` included) and every workspace settings file, even a
//! `.code-workspace` file outside the hook's folder.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::hooks::rule_files::{read_settings, Dialect};

/// What the transcript path tells.
#[derive(Debug, PartialEq, Eq)]
pub struct Window {
    /// The `User` folder of the running VS Code.
    pub user_dir: PathBuf,
    /// The workspace's settings files (existing or not): the folder's `.vscode/settings.json`,
    /// or the `.code-workspace` file and each of its folders' `.vscode/settings.json`.
    pub settings_files: Vec<PathBuf>,
}

/// The window of `transcript`; Err when its layout or its `workspace.json` is not what rtk
/// knows (then rtk cannot tell which workspace settings apply).
pub fn from_transcript(transcript: &Path) -> Result<Window, String> {
    let storage = transcript
        .ancestors()
        .find(|a| a.parent().and_then(Path::file_name) == Some("workspaceStorage".as_ref()))
        .ok_or("transcript_path is not under a workspaceStorage folder")?;
    let user_dir = storage
        .parent()
        .and_then(Path::parent)
        .filter(|u| u.file_name() == Some("User".as_ref()))
        .ok_or("transcript_path is not under a User folder")?
        .to_path_buf();
    let index = storage.join("workspace.json");
    let value = read(&index, Dialect::Json)?;
    let settings_files = match (
        value.get("folder").and_then(Value::as_str),
        value.get("workspace").and_then(Value::as_str),
    ) {
        (Some(folder), None) => vec![folder_settings(&file_uri_path(folder)?)],
        (None, Some(workspace)) => workspace_file(&file_uri_path(workspace)?)?,
        _ => {
            return Err(format!(
                "{}: neither one folder nor one workspace",
                index.display()
            ))
        }
    };
    Ok(Window {
        user_dir,
        settings_files,
    })
}

fn read(path: &Path, dialect: Dialect) -> Result<Value, String> {
    match read_settings(path, dialect) {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err(format!("{} not found", path.display())),
        Err(why) => Err(format!("{}: {why}", path.display())),
    }
}

fn folder_settings(folder: &Path) -> PathBuf {
    folder.join(".vscode").join("settings.json")
}

/// A `.code-workspace` file and its folders' settings (`folders[].path`, relative to the file,
/// or `folders[].uri`).
fn workspace_file(file: &Path) -> Result<Vec<PathBuf>, String> {
    let value = read(file, Dialect::JsonWithCommentsAndTrailingCommas)?;
    let base = file.parent().unwrap_or(Path::new("/"));
    let mut out = vec![file.to_path_buf()];
    let folders = match value.get("folders") {
        None => &Vec::new(),
        Some(Value::Array(a)) => a,
        Some(_) => return Err(format!("{}: unreadable folders", file.display())),
    };
    for f in folders {
        let folder = match (
            f.get("path").and_then(Value::as_str),
            f.get("uri").and_then(Value::as_str),
        ) {
            (Some(p), _) => base.join(p),
            (None, Some(uri)) => file_uri_path(uri)?,
            _ => return Err(format!("{}: a folder without path", file.display())),
        };
        out.push(folder_settings(&folder));
    }
    Ok(out)
}

/// The local path of a `file:///…` URI (percent-decoded; `/c:/…` on Windows as `c:/…`); Err
/// for any other scheme (a remote workspace: its settings are not on this machine's disk as
/// rtk would read them) or a host part.
fn file_uri_path(uri: &str) -> Result<PathBuf, String> {
    let rest = uri
        .strip_prefix("file:///")
        .ok_or_else(|| format!("workspace '{uri}' is not a local file URI"))?;
    let bytes = rest.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len() + 1);
    decoded.push(b'/');
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = rest
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            decoded.push(hex.ok_or_else(|| format!("workspace '{uri}': bad escape"))?);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    let path = String::from_utf8(decoded).map_err(|_| format!("workspace '{uri}': not UTF-8"))?;
    let drive = path.len() >= 3 && path.as_bytes()[2] == b':';
    Ok(PathBuf::from(if drive { &path[1..] } else { &path[..] }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_decode_as_vs_code_writes_them() {
        assert_eq!(
            file_uri_path("file:///home/u/my%20proj").unwrap(),
            PathBuf::from("/home/u/my proj")
        );
        assert_eq!(
            file_uri_path("file:///c%3A/Users/u/app").unwrap(),
            PathBuf::from("c:/Users/u/app")
        );
        assert!(file_uri_path("vscode-remote://ssh-remote%2Bbox/home/u/app").is_err());
        assert!(file_uri_path("file://server/share/app").is_err());
    }

    #[test]
    fn the_window_comes_from_the_transcript_and_workspace_json() {
        let root = tempfile::tempdir().unwrap();
        let user = root.path().join("Code").join("User");
        let storage = user.join("workspaceStorage").join("4a9c");
        let transcript = storage
            .join("GitHub.copilot-chat")
            .join("transcripts")
            .join("s1.jsonl");
        std::fs::create_dir_all(transcript.parent().unwrap()).unwrap();
        // No workspace.json: rtk cannot tell which workspace applies.
        assert!(from_transcript(&transcript).is_err());
        let app = root.path().join("my app");
        std::fs::write(
            storage.join("workspace.json"),
            format!(
                r#"{{"folder": "file://{}"}}"#,
                app.display().to_string().replace(' ', "%20")
            ),
        )
        .unwrap();
        assert_eq!(
            from_transcript(&transcript).unwrap(),
            Window {
                user_dir: user.clone(),
                settings_files: vec![app.join(".vscode").join("settings.json")],
            }
        );
        // A multi-root workspace: the file itself and each folder's settings.
        let ws = root.path().join("all.code-workspace");
        std::fs::write(
            &ws,
            "{\"folders\": [{\"path\": \"my app\"}, {\"path\": \"/srv/lib\"},], // x\n}",
        )
        .unwrap();
        std::fs::write(
            storage.join("workspace.json"),
            format!(r#"{{"workspace": "file://{}"}}"#, ws.display()),
        )
        .unwrap();
        assert_eq!(
            from_transcript(&transcript).unwrap().settings_files,
            vec![
                ws.clone(),
                app.join(".vscode").join("settings.json"),
                PathBuf::from("/srv/lib/.vscode/settings.json")
            ]
        );
        assert!(from_transcript(&root.path().join("t.jsonl")).is_err());
    }
}
