//! Rows for the data and system programs of issue 20's G1 part. `stat` over `8n` files of
//! distinct sizes and modes with a fixed modification time (facts: each file's name, size,
//! mode and modification time). `du -h` over a tree of `n` packages of 5 modules of 3
//! directory levels (facts: the operand's line and each package's line). The database clients: a throwaway PostgreSQL cluster and MariaDB
//! server the bench starts (in a scratch dir, as `nobody` when the bench runs as root, unix
//! sockets only) and stops when [`Servers`] is dropped, plus a sqlite database file, each
//! holding a `users` table of `40n` rows. Rows: `psql -f` over the whole table and over a
//! script with an error, `sqlite3` in `-header -column` and `-box` modes, `mysql -t` over the
//! table and a missing one. Facts: every row's e-mail (one per row, unique), psql's `(N rows)`
//! footer, each error's message and its `LINE n:` / `ERROR nnnn` line.
//!
//! The bench splits a command line at spaces, so the SQL of `sqlite3`/`mysql` rows is written
//! without any (`select*from"users"`); psql reads its SQL from a file.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use anyhow::Result;

use crate::devbench::write;
use crate::devlangs::Row;

/// The servers the rows query, stopped on drop.
pub struct Servers {
    pg: Option<(PathBuf, PathBuf)>,
    maria: Option<Child>,
    _dir: tempfile::TempDir,
}

impl Drop for Servers {
    fn drop(&mut self) {
        if let Some((bin, data)) = &self.pg {
            let _ = as_nobody(&bin.join("pg_ctl"))
                .args(["-D", &data.display().to_string(), "-m", "immediate", "stop"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        if let Some(c) = &mut self.maria {
            let _ = Command::new("kill").arg(c.id().to_string()).status();
            let _ = c.wait();
        }
    }
}

fn root_user() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// A command run as `nobody` when the bench is root (the servers refuse to run as root).
fn as_nobody(program: &Path) -> Command {
    if root_user() {
        let mut c = Command::new("runuser");
        c.args(["-u", "nobody", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn ok(c: &mut Command) -> bool {
    c.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn emails(users: usize) -> Vec<String> {
    (1..=users)
        .map(|k| format!("user{k}@example.com"))
        .collect()
}

/// `stat` over `8n` files.
fn stat_row(root: &Path, n: usize) -> Result<Row> {
    let d = root.join("stat");
    let mut names = Vec::new();
    let mut facts = Vec::new();
    for k in 1..=8 * n {
        let name = format!("src/module_{k}.rs");
        write(&d.join(&name), &"x".repeat(100 * k + k))?;
        let mode = if k % 2 == 0 {
            "0600/-rw-------"
        } else {
            "0755/-rwxr-xr-x"
        };
        let _ = Command::new("chmod")
            .arg(&mode[1..4])
            .arg(d.join(&name))
            .status();
        facts.push(format!("File: {name}\n || {name}  regular file"));
        facts.push(format!("Size: {0} || {0} bytes", 100 * k + k));
        facts.push(mode.to_string());
        names.push(name);
    }
    let _ = Command::new("touch")
        .args(["-d", "2026-01-02 03:04:05"])
        .args(&names)
        .current_dir(&d)
        .status();
    facts.push("2026-01-02 03:04:05.000000000 +0000".into());
    Ok((
        format!("stat ({} files)", names.len()),
        d,
        format!("stat {}", names.join(" ")),
        facts,
    ))
}

/// `du -h proj` over `n` packages x 5 modules x 3 levels.
fn du_row(root: &Path, n: usize) -> Result<Row> {
    let d = root.join("du");
    let mut facts = vec!["\tproj\n".to_string()];
    for p in 1..=n {
        for m in 1..=5 {
            let module = d.join(format!("proj/pkg{p}/mod{m}"));
            write(&module.join("lib.rs"), &"x".repeat(p * 7000 + m * 900))?;
            write(&module.join("impl/core.rs"), &"x".repeat(p * m * 1500))?;
            write(&module.join("impl/gen/data.bin"), &"x".repeat(m * 20000))?;
        }
        facts.push(format!("\tproj/pkg{p}\n"));
    }
    Ok((
        format!("du -h ({} directories)", 1 + n * 16),
        d,
        "du -h proj".into(),
        facts,
    ))
}

/// The rows, and the database servers they query (alive while held).
pub fn rows(root: &Path, n: usize, notes: &mut Vec<String>) -> Result<(Vec<Row>, Servers)> {
    let dir = tempfile::Builder::new().prefix("rtk-bench-db").tempdir()?;
    let d = dir.path().to_path_buf();
    // Readable by the `nobody` the servers run as.
    let _ = Command::new("chmod").arg("777").arg(&d).status();
    let users = 40 * n;
    let mut servers = Servers {
        pg: None,
        maria: None,
        _dir: dir,
    };
    let mut rows = vec![stat_row(root, n)?, du_row(root, n)?];
    let insert = format!(
        "insert into users(name, email, plan) values {}",
        (1..=users)
            .map(|k| {
                let plan = if k % 3 == 0 { "pro" } else { "free" };
                format!("('user{k}', 'user{k}@example.com', '{plan}')")
            })
            .collect::<Vec<_>>()
            .join(", ")
    );

    // PostgreSQL: the newest installed server.
    let pgbin = std::fs::read_dir("/usr/lib/postgresql")
        .ok()
        .and_then(|r| r.filter_map(|e| e.ok().map(|e| e.path().join("bin"))).max());
    match pgbin.filter(|b| b.join("initdb").exists()) {
        Some(bin) => {
            let data = d.join("pg");
            let sock = d.display().to_string();
            let started = ok(as_nobody(&bin.join("initdb")).args([
                "-D",
                &data.display().to_string(),
                "-A",
                "trust",
                "-U",
                "postgres",
            ])) && ok(as_nobody(&bin.join("pg_ctl")).args([
                "-D",
                &data.display().to_string(),
                "-o",
                &format!("-k {sock} -c listen_addresses=''"),
                "-l",
                &d.join("pg.log").display().to_string(),
                "-w",
                "start",
            ]));
            servers.pg = Some((bin, data));
            let psql = |sql: &str| {
                ok(Command::new("psql")
                    .args(["-X", "-q", "-h", &sock, "-U", "postgres", "-c", sql]))
            };
            if started
                && psql("create table users(id serial primary key, name text not null, email text, plan text, created date default '2026-01-01')")
                && psql(&insert)
            {
                let p = root.join("psql");
                write(&p.join("users.sql"), "select * from users order by id;\n")?;
                write(
                    &p.join("broken.sql"),
                    "select count(*) as users from users;\nselect * from users where plan = 'pro' order by nme;\n",
                )?;
                let base = format!("psql -X -h {sock} -U postgres -f");
                let mut facts = emails(users);
                facts.push(format!("({users} rows)"));
                rows.push((
                    format!("psql -f (select of {users} rows)"),
                    p.clone(),
                    format!("{base} users.sql"),
                    facts,
                ));
                rows.push((
                    "psql -f (a script with an error)".into(),
                    p,
                    format!("{base} broken.sql"),
                    vec![
                        format!("{users}"),
                        "ERROR:  column \"nme\" does not exist".into(),
                        "LINE 1: select * from users where plan = 'pro' order by nme;".into(),
                    ],
                ));
            } else {
                notes.push("PostgreSQL cluster did not start: psql rows skipped".into());
            }
        }
        None => notes.push("PostgreSQL server not found: psql rows skipped".into()),
    }

    // sqlite3: a database file.
    let s = root.join("sqlite");
    std::fs::create_dir_all(&s)?;
    let made = ok(Command::new("sqlite3").arg(s.join("app.db")).arg(format!(
        "create table users(id integer primary key, name text not null, email text, plan text); {insert};"
    )));
    if made {
        for mode in ["-header -column", "-box"] {
            rows.push((
                format!("sqlite3 {mode} (select of {users} rows)"),
                s.clone(),
                format!("sqlite3 {mode} app.db select*from\"users\""),
                emails(users),
            ));
        }
    } else {
        notes.push("sqlite3 not found: sqlite3 rows skipped".into());
    }

    // MariaDB: its server, when installed.
    let mdata = d.join("my");
    let msock = d.join("my.sock").display().to_string();
    if ok(as_nobody(Path::new("mariadb-install-db")).args([
        "--no-defaults",
        &format!("--datadir={}", mdata.display()),
        "--auth-root-authentication-method=normal",
        "--skip-test-db",
    ])) {
        // Debian puts the server in /usr/sbin, often not on a user's PATH.
        let sbin = Path::new("/usr/sbin/mariadbd");
        let mariadbd = if sbin.exists() {
            sbin
        } else {
            Path::new("mariadbd")
        };
        servers.maria = as_nobody(mariadbd)
            .args([
                "--no-defaults",
                &format!("--datadir={}", mdata.display()),
                &format!("--socket={msock}"),
                "--skip-networking",
                "--character-set-server=utf8mb4",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok();
        for _ in 0..100 {
            if Path::new(&msock).exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let mysql =
            |sql: &str| ok(Command::new("mysql").args(["-S", &msock, "-u", "root", "-e", sql]));
        if mysql("create database shop")
            && mysql(&format!(
                "use shop; create table users(id int primary key auto_increment, name varchar(40) not null, email varchar(80), plan varchar(10)); {insert}"
            ))
        {
            let base = format!("mysql -S {msock} -u root -t shop -e");
            rows.push((
                format!("mysql -t -e (select of {users} rows)"),
                root.to_path_buf(),
                format!("{base} select*from`users`"),
                emails(users),
            ));
            rows.push((
                "mysql -t -e (missing table)".into(),
                root.to_path_buf(),
                format!("{base} select*from`missing`"),
                vec!["ERROR 1146 (42S02) at line 1: Table 'shop.missing' doesn't exist".into()],
            ));
        } else {
            notes.push("MariaDB server did not start: mysql rows skipped".into());
        }
    } else {
        notes.push("mariadb-install-db not found: mysql rows skipped".into());
    }
    Ok((rows, servers))
}
