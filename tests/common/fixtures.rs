//! The captured tool outputs under tests/fixtures/<tool>/<case>.{argv,out,err,code} (the one
//! fixture format: `argv` one word per line, the raw stdout and stderr, the exit status), what
//! the filter makes of each, and the snapshot text of that.
//!
//! Two sets, each with its own fidelity checks: the file/git/search tools captured by
//! tests/fixtures/capture.sh ([`FILE_TOOLS`]) and every other tool (test runners, builds,
//! linters, CLIs: capture_dev.sh and capture_many.sh).

use std::path::{Path, PathBuf};

use rtk::filters::{lookup, Compacted, Output, Plan};

/// The tools whose fixtures tests/fixtures/capture.sh makes.
pub const FILE_TOOLS: &[&str] = &[
    "diff", "find", "git", "grep", "ls", "read", "rg", "tree", "wc",
];

/// Tools whose filter reads the project it runs in (`mise run`: the task's definition in
/// `mise.toml`): snapshotted through the binary in a project (tests/filters_dev_cli.rs), not here.
pub const PROJECT_TOOLS: &[&str] = &["mise"];

/// Which fixtures to load.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Set {
    /// [`FILE_TOOLS`].
    Files,
    /// Every other tool (but [`PROJECT_TOOLS`]).
    Dev,
}

pub struct Fixture {
    pub tool: String,
    pub name: String,
    pub argv: Vec<String>,
    pub stdout: String,
    pub stderr: String,
    pub code: u8,
}

/// Every fixture of `set`, sorted by tool then case.
pub fn load(set: Set) -> Vec<Fixture> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut argvs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .filter(|d| {
            let tool = d.file_name().unwrap().to_string_lossy();
            FILE_TOOLS.contains(&tool.as_ref()) == (set == Set::Files)
                && !PROJECT_TOOLS.contains(&tool.as_ref())
        })
        .flat_map(|d| std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|x| x == "argv"))
        .collect();
    argvs.sort();
    argvs
        .iter()
        .map(|a| {
            let read = |ext: &str| std::fs::read_to_string(a.with_extension(ext)).unwrap();
            let tool = a.parent().unwrap().file_name().unwrap();
            Fixture {
                tool: tool.to_string_lossy().into(),
                name: a.file_stem().unwrap().to_string_lossy().into(),
                argv: read("argv").lines().map(String::from).collect(),
                stdout: read("out"),
                stderr: read("err"),
                code: read("code").trim().parse().unwrap(),
            }
        })
        .collect()
}

/// (plan, compacted): `None` when the plan leaves the output unchanged.
pub fn filtered(f: &Fixture) -> (Plan, Option<Result<Compacted, String>>) {
    let Some((filter, inv)) = lookup(&f.argv[0], &f.argv[1..]) else {
        return (Plan::Passthrough, None);
    };
    let plan = filter.plan(&inv);
    let Plan::Capture { stderr } = plan else {
        return (plan, None);
    };
    let out = Output {
        stdout: &f.stdout,
        stderr: if stderr { &f.stderr } else { "" },
        code: f.code,
    };
    (
        plan,
        Some(filter.compact(&inv, &out).map_err(|e| e.to_string())),
    )
}

/// Everything the agent would see (stdout + stderr), as rtk prints it.
pub fn shown(f: &Fixture) -> String {
    match filtered(f).1 {
        Some(Ok(c)) => format!("{}{}", c.stdout, c.stderr.as_deref().unwrap_or(&f.stderr)),
        _ => format!("{}{}", f.stdout, f.stderr),
    }
}

/// The snapshot of a fixture: the command, exit status and plan, then what rtk prints.
pub fn render(f: &Fixture) -> String {
    let (plan, result) = filtered(f);
    let mut s = format!("$ {}\n[exit {}] plan: {plan:?}\n", f.argv.join(" "), f.code);
    match result {
        None => s.push_str("(output passes through unchanged)\n"),
        Some(Err(e)) => s.push_str(&format!("(raw output printed: {e})\n")),
        Some(Ok(c)) => {
            s.push_str("--- stdout\n");
            s.push_str(&c.stdout);
            let err = c.stderr.as_deref().unwrap_or(&f.stderr);
            if !err.is_empty() {
                s.push_str("--- stderr\n");
                s.push_str(err);
            }
            if let Some(e) = &c.elided {
                s.push_str(&format!("--- note: elided {e}\n"));
            }
        }
    }
    s
}
