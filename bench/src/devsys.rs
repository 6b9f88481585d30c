//! Rows for program forms added beside the language rows: a project's own launcher typed by
//! its relative path (`./mvnw test`, `vendor/bin/phpunit tests`: a script in the row's project
//! that runs the installed tool, as the real wrappers do; same facts as the bare tool's row),
//! `composer reinstall acme/*` over `4n` packages from local path repositories (installed
//! once, nothing downloaded; each run removes and installs them all again; facts: every
//! package removed and installed), and the system tables (`ps -f` over `8n`
//! processes the bench starts and holds until its rows have run, facts: each PID and whole
//! command line; `df -h` of this machine, facts: every mount point).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;

use anyhow::Result;

use crate::devbench::write;
use crate::devlangs::Row;

/// For each failing `mvn test` / `phpunit` row, the same project run through its launcher.
pub fn launchers(rows: &[Row]) -> Result<Vec<Row>> {
    let mut out = Vec::new();
    for (label, dir, cmd, facts) in rows {
        let (path, tool, typed) = match cmd.as_str() {
            "mvn test" if label.contains("failing") => ("mvnw", "mvn", "./mvnw test"),
            "phpunit tests" if label.contains("failing") => {
                ("vendor/bin/phpunit", "phpunit", "vendor/bin/phpunit tests")
            }
            _ => continue,
        };
        launcher(&dir.join(path), tool)?;
        out.push((
            format!("{typed} (failing)"),
            dir.clone(),
            typed.to_string(),
            facts.clone(),
        ));
    }
    Ok(out)
}

fn launcher(p: &Path, tool: &str) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    write(p, &format!("#!/bin/sh\nexec {tool} \"$@\"\n"))?;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755))?;
    Ok(())
}

/// Processes the `ps` row lists, alive until [`Sleepers`] is dropped.
pub struct Sleepers(Vec<std::process::Child>);

impl Drop for Sleepers {
    fn drop(&mut self) {
        // Each `sh` leads its own process group, with its `sleep`: end the group.
        for c in &mut self.0 {
            let _ = Command::new("kill")
                .args(["-TERM", "--", &format!("-{}", c.id())])
                .status();
            let _ = c.wait();
        }
    }
}

/// `ps -f -p <pids>` over `8n` processes this bench starts (a `sh -c` each, sleeping, with a
/// command line that has a run of spaces) and `df -h` over this machine, when they run.
pub fn system(root: &Path, n: usize, notes: &mut Vec<String>) -> (Vec<Row>, Sleepers) {
    let mut rows = Vec::new();
    let lines = |argv: &[&str]| -> Option<Vec<String>> {
        let o = Command::new(argv[0]).args(&argv[1..]).output().ok()?;
        o.status.success().then(|| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect()
        })
    };
    let mut kids = Vec::new();
    for k in 1..=8 * n {
        let script = format!("sleep 3600; echo 'job {k}:  done'");
        if let Ok(c) = Command::new("sh")
            .args(["-c", &script])
            .process_group(0)
            .spawn()
        {
            kids.push(c);
        }
    }
    let pids: Vec<String> = kids.iter().map(|c| c.id().to_string()).collect();
    let sleepers = Sleepers(kids);
    match lines(&["ps", "-o", "pid=,args=", "-p", &pids.join(",")]) {
        Some(l) if l.len() == pids.len() => {
            // Each process's PID and its whole command line (its two spaces kept).
            let facts = l
                .iter()
                .filter_map(|r| {
                    r.split_once(' ')
                        .map(|(pid, args)| (pid, args.trim_start()))
                })
                .flat_map(|(pid, args)| [format!(" {pid} "), args.to_string()])
                .collect();
            rows.push((
                format!("ps -f -p ({} processes)", pids.len()),
                root.to_path_buf(),
                format!("ps -f -p {}", pids.join(",")),
                facts,
            ));
        }
        _ => notes.push("ps not found: ps row skipped".into()),
    }
    // `df -P` prints one line per file system; its last field is the mount point.
    match lines(&["df", "-P"]) {
        Some(l) if l.len() > 1 => {
            let mut facts: Vec<String> = l[1..]
                .iter()
                .filter_map(|r| r.split_whitespace().nth(5).map(|m| format!(" {m}")))
                .collect();
            facts.push("Mounted on".into());
            rows.push((
                "df -h (this machine)".into(),
                root.to_path_buf(),
                "df -h".into(),
                facts,
            ));
        }
        _ => notes.push("df not found: df row skipped".into()),
    }
    (rows, sleepers)
}

/// `composer reinstall acme/*` of an installed project (`4n` path packages).
pub fn composer(root: &Path, n: usize, run: &dyn Fn(&Path, &str)) -> Result<Vec<Row>> {
    let d = root.join("composer-app");
    let mut require = Vec::new();
    let mut facts = Vec::new();
    for k in 1..=4 * n {
        write(
            &root.join(format!("composer-pkgs/p{k}/composer.json")),
            &format!(
                "{{\"name\":\"acme/p{k}\",\"version\":\"1.2.{k}\",\"type\":\"library\",\"autoload\":{{\"psr-4\":{{\"Acme\\\\P{k}\\\\\":\"src/\"}}}}}}\n"
            ),
        )?;
        require.push(format!("\"acme/p{k}\": \"^1.2\""));
        facts.push(format!("- Removing acme/p{k} (1.2.{k})"));
        facts.push(format!("- Installing acme/p{k} (1.2.{k}): Mirroring from"));
    }
    write(
        &d.join("composer.json"),
        &format!(
            "{{\"name\":\"acme/app\",\"repositories\":[{{\"packagist.org\":false}},{{\"type\":\"path\",\"url\":\"../composer-pkgs/*\",\"options\":{{\"symlink\":false}}}}],\"require\":{{{}}}}}\n",
            require.join(",")
        ),
    )?;
    run(&d, "composer update");
    if !d.join("vendor/acme").is_dir() {
        return Ok(Vec::new());
    }
    Ok(vec![(
        format!("composer reinstall acme/* ({} packages)", 4 * n),
        d,
        "composer reinstall acme/*".into(),
        facts,
    )])
}
