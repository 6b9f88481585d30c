//! What the project's mise config files say a task runs, for the filter of `mise run`
//! (`filters::dev::mise`) and for the rewrite of `mise run <task> | tail` (`rewrite`), which
//! must agree: the one command line of a task, when every config file mise may read that
//! defines the task defines it the same way, as one plain command (one line, no shell
//! operators, quoting, variables or templates), with no dependency, usage spec or
//! confirmation. Anything else —
//! a multi-line script (mise's banner shows only its first line), a file task, a config this
//! module cannot read or that includes others, a `MISE_…` variable naming other config files
//! — is `None`: the filter then prints the task's output raw, and the rewrite leaves a
//! `mise run` before `tail` as typed. A leaf: the folder, home and variables come as [`Site`].

use std::path::{Path, PathBuf};

/// Variables that make mise read config files other than the ones looked for here.
const OTHER_CONFIGS: &[&str] = &[
    "MISE_CONFIG_FILE",
    "MISE_GLOBAL_CONFIG_FILE",
    "MISE_SYSTEM_CONFIG_FILE",
    "MISE_CONFIG_DIR",
    "MISE_DEFAULT_CONFIG_FILENAME",
    "MISE_OVERRIDE_CONFIG_FILENAMES",
    "MISE_SYSTEM_DIR",
];

/// Where mise would run: its working directory, the home folder, and the values of the
/// variables the lookup reads (those naming other config files, `XDG_CONFIG_HOME`) that are set
/// and not empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Site {
    pub cwd: PathBuf,
    pub home: Option<PathBuf>,
    pub vars: Vec<(String, String)>,
}

impl Site {
    /// The site at `cwd`, the variables the lookup reads taken from `var` ([`read_vars`]).
    pub fn new(cwd: &Path, home: Option<&Path>, var: impl Fn(&str) -> Option<String>) -> Site {
        Site {
            cwd: cwd.to_path_buf(),
            home: home.map(Path::to_path_buf),
            vars: read_vars(var),
        }
    }

    fn var(&self, key: &str) -> Option<&str> {
        self.vars
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The variables the lookup reads, as `var` gives them (`None` when unset): those set and
/// not empty, with their values.
pub fn read_vars(var: impl Fn(&str) -> Option<String>) -> Vec<(String, String)> {
    OTHER_CONFIGS
        .iter()
        .chain(&["XDG_CONFIG_HOME"])
        .filter_map(|v| var(v).filter(|x| !x.is_empty()).map(|x| (v.to_string(), x)))
        .collect()
}

/// The keys a task's table may have for its command to be known from its `run` alone.
const KNOWN_KEYS: &[&str] = &[
    "run",
    "description",
    "alias",
    "env",
    "dir",
    "sources",
    "outputs",
    "hide",
    "tools",
];

/// The command `task` runs, read from the config files mise reads at `site`'s working
/// directory (and the global ones); `None` when not provably one plain command.
pub fn command(site: &Site, task: &str) -> Option<String> {
    if OTHER_CONFIGS.iter().any(|v| site.var(v).is_some()) {
        return None;
    }
    let mut found = None;
    for file in config_files(site) {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        match defined(&text, task)? {
            None => {}
            Some(run) if found.as_ref().is_none_or(|f| *f == run) => found = Some(run),
            Some(_) => return None,
        }
    }
    found
}

/// In one config file's text: `Some(None)` when it does not define `task`, `Some(Some(run))`
/// when it defines it as one plain command, `None` when unsure (unreadable TOML, includes,
/// any other form of the task).
pub fn defined(text: &str, task: &str) -> Option<Option<String>> {
    let doc: toml::Table = text.parse().ok()?;
    let monorepo = doc.contains_key("monorepo") || doc.contains_key("experimental_monorepo_root");
    if doc.contains_key("task_config") || monorepo {
        return None;
    }
    let Some(tasks) = doc.get("tasks") else {
        return Some(None);
    };
    let Some(def) = tasks.as_table()?.get(task) else {
        return Some(None);
    };
    let run = match def {
        toml::Value::String(s) => s.as_str(),
        toml::Value::Table(t) => {
            if !t.keys().all(|k| KNOWN_KEYS.contains(&k.as_str())) {
                return None;
            }
            match t.get("run")? {
                toml::Value::String(s) => s.as_str(),
                toml::Value::Array(a) if a.len() == 1 => a[0].as_str()?,
                _ => return None,
            }
        }
        _ => return None,
    };
    let run = run.trim();
    plain_command(run).then(|| Some(run.to_string()))
}

/// One command, its words separated by spaces, each made of characters the shell takes as
/// they are (and mise's templates never use): no quoting, `$`, `{`, operators, globs.
pub fn plain_command(line: &str) -> bool {
    !line.is_empty()
        && line.split(' ').all(|w| {
            w.chars().all(|c| {
                c.is_ascii_alphanumeric()
                    || matches!(c, '_' | '.' | '/' | ':' | '=' | ',' | '+' | '%' | '@' | '-')
            })
        })
}

/// Every file mise may take config from for this working directory: in it and each folder
/// above, `mise.toml`, `.mise.toml`, `mise.<env>.toml`, `mise.local.toml` and their forms
/// under `mise/`, `.mise/`, `.config/`, `.config/mise/` and the `conf.d/` folders; then the
/// user's and the system's. More files than mise reads only makes the answer stricter.
fn config_files(site: &Site) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in site.cwd.ancestors() {
        list(dir, &mut files, |n| {
            n.starts_with("mise.") || n.starts_with(".mise.")
        });
        for sub in ["mise", ".mise", ".config/mise"] {
            list(&dir.join(sub), &mut files, |n| n.starts_with("config."));
            list(&dir.join(sub).join("conf.d"), &mut files, |_| true);
        }
        list(&dir.join(".config"), &mut files, |n| {
            n.starts_with("mise.") || n.starts_with(".mise.")
        });
    }
    let user = site
        .var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| site.home.as_ref().map(|h| h.join(".config")));
    for dir in user
        .map(|u| u.join("mise"))
        .into_iter()
        .chain([PathBuf::from("/etc/mise")])
    {
        list(&dir, &mut files, |n| n.starts_with("config."));
        list(&dir.join("conf.d"), &mut files, |_| true);
    }
    files
}

/// The `.toml` files of `dir` whose name `take` accepts, appended to `files`.
fn list(dir: &Path, files: &mut Vec<PathBuf>, take: impl Fn(&str) -> bool) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(".toml") && take(n))
        })
        .collect();
    found.sort();
    files.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_plain_command_is_known() {
        let toml = r#"
[tasks.test]
description = "Run tests"
run = "go test ./..."

[tasks]
fmt = "gofmt -s -w ."
one = { run = ["pytest -q"] }
"#;
        assert_eq!(defined(toml, "test"), Some(Some("go test ./...".into())));
        assert_eq!(defined(toml, "fmt"), Some(Some("gofmt -s -w .".into())));
        assert_eq!(defined(toml, "one"), Some(Some("pytest -q".into())));
        assert_eq!(defined(toml, "lint"), Some(None));
    }

    #[test]
    fn anything_else_is_unsure() {
        for (toml, why) in [
            (
                "[tasks.t]\nrun = \"\"\"\ngo test ./...\necho done\n\"\"\"\n",
                "two lines",
            ),
            (
                "[tasks.t]\nrun = [\"go test ./...\", \"echo done\"]\n",
                "two commands",
            ),
            (
                "[tasks.t]\nrun = \"go test ./... && echo done\"\n",
                "an operator",
            ),
            ("[tasks.t]\nrun = \"go test $PKG\"\n", "a variable"),
            (
                "[tasks.t]\nrun = \"go test {{arg(name='p')}}\"\n",
                "a template",
            ),
            ("[tasks.t]\nrun = \"go test -run 'TestA'\"\n", "quoting"),
            (
                "[tasks.t]\nrun = \"go test\"\ndepends = [\"fmt\"]\n",
                "a dependency",
            ),
            (
                "[tasks.t]\nrun = \"go test\"\nconfirm = \"sure?\"\n",
                "a prompt",
            ),
            ("[tasks.t]\nfile = \"scripts/t.sh\"\n", "a file"),
            ("[task_config]\nincludes = [\"tasks.toml\"]\n", "includes"),
            (
                "experimental_monorepo_root = true\n[tasks]\nt = \"pytest\"\n",
                "a monorepo",
            ),
            ("[tasks.t\nrun = 1\n", "not TOML"),
        ] {
            assert_eq!(defined(toml, "t"), None, "{why}");
        }
    }

    #[test]
    fn files_that_disagree_or_another_config_are_unsure() {
        let root = tempfile::tempdir().unwrap();
        let sub = root.path().join("app");
        std::fs::create_dir_all(sub.join(".config/mise")).unwrap();
        std::fs::write(
            root.path().join("mise.toml"),
            "[tasks]\nt = \"pytest -q\"\n",
        )
        .unwrap();
        let home = root.path().join("home");
        let site = |var: Option<&str>| {
            Site::new(&sub, Some(&home), |k| {
                var.filter(|v| *v == k).map(|_| "x.toml".to_string())
            })
        };
        assert_eq!(command(&site(None), "t").as_deref(), Some("pytest -q"));
        assert_eq!(command(&site(Some("MISE_CONFIG_FILE")), "t"), None);
        std::fs::write(
            sub.join(".config/mise/config.toml"),
            "[tasks]\nt = \"pytest\"\n",
        )
        .unwrap();
        assert_eq!(command(&site(None), "t"), None);
    }
}
