//! Rows of issue 20's third program group (JVM builds and infrastructure tools): a Gradle
//! project with `n` JUnit 4 classes (Debian's gradle and junit4; `org.gradle.daemon=false` so
//! no daemon outlives the bench), run as `gradle clean build` passing, `gradle test` failing
//! (one failing test per class) and `gradle compileJava` with two compile errors per file; and
//! a Terraform configuration of `4n` `terraform_data` resources (Terraform's built-in
//! provider: nothing downloaded), applied once, then planned after a change (`n` updated in
//! place, one removed, one added; `-no-color`, as the raw facts need), and `terraform validate` with `n` undeclared references.
//! And `aws` read calls (`ec2 describe-instances` over `4n` instances, `iam list-users` over
//! `4n` users, `s3api list-objects-v2` over `4n` objects) answered by a local moto server (PyPI
//! `moto[server]`) on a free port, named in the corpus HOME's `~/.aws/config`, so the argv is
//! the one an agent types; the server lives until the rows have run ([`Server`]).
//! The generator knows every fact the rtk output must keep: each failing test's class, name
//! and `File.java:line`, each compile error's file:line and message, each changed resource's
//! address and action, each diagnostic's message and location, and the final counts.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::Result;

use crate::devbench::write;
use crate::devlangs::{Env, Row};

/// A server the rows query (moto for `aws`), stopped with its process group when dropped.
pub struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", "--", &format!("-{}", self.0.id())])
            .status();
        let _ = self.0.wait();
    }
}

/// The rows whose tools are on PATH (a note for each group skipped) of the groups (`gradle`,
/// `terraform`, `aws`: each row's label starts with its group) that `want` names; the servers
/// they query go to `servers`, to be held until the rows have run.
pub fn rows(
    e: &Env<'_>,
    notes: &mut Vec<String>,
    servers: &mut Vec<Server>,
    want: &dyn Fn(&str) -> bool,
) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    if !want("gradle") {
        // Not asked for (`--only`).
    } else if (e.has)(&["gradle", "--version"]) && Path::new(JUNIT).is_file() {
        rows.extend(gradle(e)?);
    } else {
        notes.push("gradle or Debian's junit4 not found: gradle rows skipped".into());
    }
    if !want("terraform") {
        // Not asked for (`--only`).
    } else if (e.has)(&["terraform", "version"]) {
        rows.extend(terraform(e)?);
    } else {
        notes.push("terraform not found: its rows skipped".into());
    }
    if !want("aws") {
        // Not asked for (`--only`).
    } else if (e.has)(&["aws", "--version"]) && (e.has)(&["moto_server", "--help"]) {
        rows.extend(aws(e, servers)?);
    } else {
        notes.push(
            "aws or moto_server (PyPI awscli, moto[server]) not found: aws rows skipped".into(),
        );
    }
    Ok(rows)
}

const JUNIT: &str = "/usr/share/java/junit4.jar";

const BUILD_GRADLE: &str = "apply plugin: 'java'\nsourceCompatibility = 1.8\ntargetCompatibility = 1.8\ndependencies {\n    testCompile files('/usr/share/java/junit4.jar', '/usr/share/java/hamcrest-core.jar')\n}\n";

fn gradle(e: &Env<'_>) -> Result<Vec<Row>> {
    let n = e.n;
    let mut rows = Vec::new();
    for state in ["passing", "failing", "error"] {
        let d = e.root.join(format!("gradle-{state}"));
        write(&d.join("build.gradle"), BUILD_GRADLE)?;
        write(&d.join("gradle.properties"), "org.gradle.daemon=false\n")?;
        crate::devlangs::junit_sources(&d, n, state)?;
        let mut facts = Vec::new();
        for k in 1..=n {
            if state == "failing" {
                facts.push(format!("shop.Calc{k}Test > doubles FAILED"));
                facts.push(format!("java.lang.AssertionError at Calc{k}Test.java:10"));
            }
            if state == "error" {
                // The rtk form folds the source excerpt's caret into the location.
                facts.push(format!(
                    "shop/Broken{k}.java:5: error: cannot find symbol || shop/Broken{k}.java:5:18: error: cannot find symbol"
                ));
                facts.push(format!(
                    "shop/Broken{k}.java:6: error: incompatible types: int cannot be converted to String || shop/Broken{k}.java:6:20: error: incompatible types: int cannot be converted to String"
                ));
            }
        }
        let (label, cmd) = match state {
            "passing" => {
                facts.push("BUILD SUCCESSFUL in ".into());
                facts.push("5 actionable tasks: 5 executed".into());
                (
                    "gradle clean build (passing)",
                    "gradle --offline clean build",
                )
            }
            "failing" => {
                facts.push(format!("{} tests completed, {n} failed", 3 * n));
                facts.push(":test FAILED".into());
                facts.push("BUILD FAILED in ".into());
                ("gradle test (failing)", "gradle --offline test")
            }
            _ => {
                facts.push(format!("{} errors", 2 * n));
                facts.push(":compileJava FAILED".into());
                facts.push("BUILD FAILED in ".into());
                (
                    "gradle compileJava (compile errors)",
                    "gradle --offline compileJava",
                )
            }
        };
        // Compiles once, so the raw and the rtk run see the same state.
        (e.run)(&d, cmd);
        rows.push((label.to_string(), d, cmd.into(), facts));
    }
    Ok(rows)
}

fn terraform(e: &Env<'_>) -> Result<Vec<Row>> {
    let n = e.n;
    let mut rows = Vec::new();
    let d = e.root.join("terraform-plan");
    let config = |version: &str, extra: &str| {
        let mut s = String::from("variable \"env\" {\n  default = \"dev\"\n}\n");
        for k in 1..=4 * n {
            // The first n servers' inputs change between the two versions.
            let v = if k <= n { version } else { "v1" };
            s.push_str(&format!(
                "\nresource \"terraform_data\" \"server{k}\" {{\n  input = \"server{k}-${{var.env}}-{v}\"\n}}\n"
            ));
        }
        s.push_str(extra);
        s
    };
    write(
        &d.join("main.tf"),
        &config(
            "v1",
            "\nresource \"terraform_data\" \"old\" {\n  input = \"old\"\n}\n",
        ),
    )?;
    (e.run)(&d, "terraform init -input=false");
    (e.run)(&d, "terraform apply -input=false -auto-approve");
    write(
        &d.join("main.tf"),
        &config(
            "v2",
            "\nresource \"terraform_data\" \"new\" {\n  input = \"new\"\n}\n",
        ),
    )?;
    let mut facts = Vec::new();
    for k in 1..=n {
        facts.push(format!(
            "# terraform_data.server{k} will be updated in-place"
        ));
        facts.push(format!(
            "~ input  = \"server{k}-dev-v1\" -> \"server{k}-dev-v2\""
        ));
    }
    facts.push("# terraform_data.old will be destroyed".into());
    facts.push("# terraform_data.new will be created".into());
    facts.push("+ input  = \"new\"".into());
    facts.push(format!("Plan: 1 to add, {n} to change, 1 to destroy."));
    // `-no-color`: Terraform colours even when piped, and its escapes split the facts in the
    // raw output.
    rows.push((
        "terraform plan -input=false -no-color (changes)".to_string(),
        d,
        "terraform plan -input=false -no-color".into(),
        facts,
    ));

    let d = e.root.join("terraform-validate");
    let mut s = String::from("resource \"terraform_data\" \"web\" {\n  input = \"web\"\n}\n");
    let mut facts = Vec::new();
    for k in 1..=n {
        // Line 4k+2: the reference.
        s.push_str(&format!(
            "\noutput \"out{k}\" {{\n  value = terraform_data.wbe{k}.output\n}}\n"
        ));
        facts.push(format!(
            "on main.tf line {}, in output \"out{k}\":",
            4 * k + 2
        ));
        // (Terraform wraps the message at 80 columns and colours `Error:` even when piped.)
        facts.push(format!(
            "A managed resource \"terraform_data\" \"wbe{k}\" has not been declared"
        ));
    }
    facts.push("Reference to undeclared resource".into());
    write(&d.join("main.tf"), &s)?;
    (e.run)(&d, "terraform init -input=false");
    rows.push((
        "terraform validate (errors)".to_string(),
        d,
        "terraform validate".into(),
        facts,
    ));
    Ok(rows)
}

fn aws(e: &Env<'_>, servers: &mut Vec<Server>) -> Result<Vec<Row>> {
    let n = 4 * e.n;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let child = Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()?;
    servers.push(Server(child));
    let up = (0..100).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(100));
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    });
    if !up {
        anyhow::bail!("moto_server did not listen on port {port}");
    }
    let home = e.root.join("home");
    write(
        &home.join(".aws/config"),
        &format!("[default]\nregion = us-east-1\nendpoint_url = http://127.0.0.1:{port}\n"),
    )?;
    write(
        &home.join(".aws/credentials"),
        "[default]\naws_access_key_id = testing\naws_secret_access_key = testing\n",
    )?;
    let d = e.root.join("aws");
    std::fs::create_dir_all(&d)?;
    (e.run)(&d, "aws s3api create-bucket --bucket shop-assets");
    let mut objects = Vec::new();
    let mut users = Vec::new();
    let mut instances = Vec::new();
    for k in 1..=n {
        let body = d.join(format!("asset{k}.txt"));
        write(&body, &"x".repeat(50 * k))?;
        (e.run)(
            &d,
            &format!(
                "aws s3api put-object --bucket shop-assets --key static/asset{k}.txt --body {}",
                body.display()
            ),
        );
        objects.push(format!("\"static/asset{k}.txt\""));
        (e.run)(&d, &format!("aws iam create-user --user-name dev{k}"));
        users.push(format!("\"dev{k}\""));
        (e.run)(
            &d,
            &format!("aws ec2 run-instances --image-id ami-12c6146b --instance-type t3.micro --tag-specifications ResourceType=instance,Tags=[{{Key=Name,Value=web{k}}}]"),
        );
        instances.push(format!("\"web{k}\""));
    }
    Ok(vec![
        (
            "aws ec2 describe-instances".to_string(),
            d.clone(),
            "aws ec2 describe-instances".into(),
            instances,
        ),
        (
            "aws iam list-users".to_string(),
            d.clone(),
            "aws iam list-users".into(),
            users,
        ),
        (
            "aws s3api list-objects-v2".to_string(),
            d,
            "aws s3api list-objects-v2 --bucket shop-assets".into(),
            objects,
        ),
    ])
}
