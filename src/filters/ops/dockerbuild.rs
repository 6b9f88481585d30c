//! `docker build`, `docker compose build` and `docker compose up -d`: BuildKit's plain progress
//! (`#N …` lines, what a client prints when its stderr is not a terminal), the legacy
//! builder's `Step i/n :` log, and compose's resource states.
//!
//! BuildKit: each build step keeps its header (`[2/5] RUN make`, `[web 2/5] …` under compose)
//! with `CACHED` or `ERROR: …` after it; its output is kept whole when the step failed, and
//! otherwise only the lines that warn or err. The export keeps every id as printed (`writing
//! image sha256:…`, `naming to …`, `exporting manifest list sha256:…`). Internal steps (loading
//! the Dockerfile, metadata, `.dockerignore`, the context), timings (`#N DONE 0.3s`), transfer
//! and extraction progress go. A failed build's closing block (`------ > [4/5] RUN …:` with the
//! step's last lines, the Dockerfile excerpt, `ERROR: failed to solve: …`) is kept, less the
//! lines it repeats from the step's output. The legacy builder loses only its context upload
//! and intermediate-container lines. compose `up`: one line per resource with its last state
//! (`Container shop-web-1  Started`), image layer progress dropped. Any line this does not
//! know is kept.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

/// `#8 [4/5] RUN pip install …`, `#2 [web internal] load …`.
static STEP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^#(\d+) \[(.+?)\] (.*)$").unwrap());
/// `#8 1.234 output of the step`.
static STEP_OUT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^#(\d+) (\d+\.\d+) (.*)$").unwrap());
/// Any other `#N …` line: `DONE 0.3s`, `CACHED`, `ERROR: …`, `transferring …`, `exporting …`.
static STEP_NOTE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^#(\d+) (.*)$").unwrap());
/// A step output line that warns or errs.
static NOTABLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(warn(ing)?|err(or)?|fail(ed|ure)?|deprecated)\b").unwrap()
});
/// A compose resource line: ` Container shop-web-1  Started`, ` web Pulled`, ` 7a1b… Pull complete`.
static RESOURCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^ ?((?:Network|Volume|Container|Image|Service) \S+|\S+) +(Creating|Created|Recreate|Recreated|Starting|Started|Running|Waiting|Healthy|Stopping|Stopped|Removing|Removed|Building|Built|Pulling|Pulled|Exited|Warning|Error)(\s.*)?$")
        .unwrap()
});
/// An image layer id as compose and `docker pull` print it.
static LAYER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ ?[0-9a-f]{12} ").unwrap());

/// What one BuildKit step printed.
#[derive(Default)]
struct Step {
    header: String,
    internal: bool,
    cached: bool,
    error: Option<String>,
    out: Vec<String>,
    /// Lines of the export step (ids) and anything not known, kept as printed.
    notes: Vec<String>,
}

/// The compact form of a build or compose `up` log; the text and how many lines went.
pub fn compact(text: &str) -> (String, usize) {
    let (text, dropped_states) = resources(text);
    let mut dropped = dropped_states;
    let mut steps: Vec<(u32, Step)> = Vec::new();
    let mut out = String::new();
    let mut failed_tail: Vec<String> = Vec::new();
    let mut in_summary = false;
    let step = |steps: &mut Vec<(u32, Step)>, n: u32| -> usize {
        match steps.iter().position(|(k, _)| *k == n) {
            Some(i) => i,
            None => {
                steps.push((n, Step::default()));
                steps.len() - 1
            }
        }
    };
    let mut rest = Vec::new();
    for line in text.lines() {
        if let Some(c) = STEP.captures(line) {
            let i = step(&mut steps, c[1].parse().unwrap_or(0));
            let s = &mut steps[i].1;
            if s.header.is_empty() {
                // Loading the Dockerfile, metadata, context; compose's provenance step.
                s.internal =
                    c[2].ends_with("internal") || c[3].starts_with("resolving provenance for ");
                s.header = format!("[{}] {}", &c[2], &c[3]);
            } else {
                dropped += 1;
            }
        } else if let Some(c) = STEP_OUT.captures(line) {
            let i = step(&mut steps, c[1].parse().unwrap_or(0));
            steps[i].1.out.push(c[3].to_string());
        } else if let Some(c) = STEP_NOTE.captures(line) {
            let i = step(&mut steps, c[1].parse().unwrap_or(0));
            let s = &mut steps[i].1;
            let note = &c[2];
            if s.header.is_empty() && s.notes.is_empty() && !is_progress(note) && !is_id_line(note)
            {
                // A step without brackets (`#6 exporting to image`): its first note heads it.
                s.header = note.to_string();
            } else if note == "CACHED" {
                s.cached = true;
            } else if let Some(e) = note.strip_prefix("ERROR: ") {
                s.error = Some(e.to_string());
            } else if is_id_line(note) || !is_progress(note) {
                s.notes.push(note.to_string());
            } else {
                dropped += 1;
            }
        } else if line == "------" {
            in_summary = !in_summary;
            failed_tail.push(line.to_string());
        } else if in_summary {
            failed_tail.push(line.to_string());
        } else if line.trim().is_empty()
            || line.starts_with("Sending build context to Docker daemon")
            || line.starts_with(" ---> Running in ")
            || line.starts_with(" ---> Removed intermediate container ")
            || line.starts_with("Removing intermediate container ")
        {
            dropped += 1;
        } else {
            rest.push(line.to_string());
        }
    }
    // The failed step's output, without timestamps, to spot what the closing block repeats.
    let mut shown_out: Vec<&str> = Vec::new();
    for (_, s) in &steps {
        let lines = s.out.len();
        if s.internal && s.error.is_none() {
            dropped += 1 + lines + s.notes.len();
            continue;
        }
        let mut head = s.header.clone();
        if s.cached {
            head.push_str(" CACHED");
        }
        if let Some(e) = &s.error {
            head.push_str(&format!(" ERROR: {e}"));
        }
        if !head.is_empty() {
            out.push_str(&head);
            out.push('\n');
        }
        for l in &s.out {
            if s.error.is_some() || NOTABLE.is_match(l) {
                out.push_str(&format!("  {l}\n"));
                shown_out.push(l);
            } else {
                dropped += 1;
            }
        }
        for n in &s.notes {
            out.push_str(&format!("  {n}\n"));
        }
    }
    for l in failed_tail {
        // ` > [4/5] RUN …:` stays; `0.912 ERROR: …` lines already shown go.
        let repeat = l
            .split_once(' ')
            .is_some_and(|(t, text)| t.parse::<f64>().is_ok() && shown_out.contains(&text));
        if repeat {
            dropped += 1;
        } else {
            out.push_str(&l);
            out.push('\n');
        }
    }
    for l in rest {
        out.push_str(&l);
        out.push('\n');
    }
    (out, dropped)
}

/// Export lines naming an id, a digest or a tag: kept whole.
fn is_id_line(note: &str) -> bool {
    note.contains("sha256:")
        && !note.starts_with("resolve ")
        && !note.starts_with("extracting ")
        && !note.contains(" / ")
        || note.starts_with("naming to ")
        || note.starts_with("unpacking to ")
}

/// BuildKit's progress and timing notes.
fn is_progress(note: &str) -> bool {
    note.starts_with("DONE ")
        || note.starts_with("transferring ")
        || note.starts_with("resolve ")
        || note.starts_with("extracting ")
        || note.starts_with("sha256:")
        || note.starts_with("exporting layers")
        || note.starts_with("exporting config")
        || note.starts_with("exporting attestation")
        || note.starts_with("preparing layers for inline cache")
        || note.starts_with("building with ")
        || note.starts_with("writing layer ")
}

/// compose's resource lines folded to one per resource, at its first line, with its last
/// state; image layer lines dropped. The rest of the text as it was, and how many lines went.
fn resources(text: &str) -> (String, usize) {
    let mut last: HashMap<&str, &str> = HashMap::new();
    for line in text.lines() {
        if let Some(c) = RESOURCE.captures(line) {
            if !LAYER.is_match(line) {
                last.insert(c.get(1).map_or("", |m| m.as_str()), line);
            }
        }
    }
    let mut out = String::new();
    let mut dropped = 0;
    let mut printed: Vec<&str> = Vec::new();
    for line in text.lines() {
        let name = RESOURCE
            .captures(line)
            .filter(|_| !LAYER.is_match(line))
            .and_then(|c| c.get(1))
            .map(|m| m.as_str());
        if LAYER.is_match(line) && !line.contains("rror") {
            dropped += 1;
        } else if let Some(name) = name {
            if printed.contains(&name) {
                dropped += 1;
            } else {
                printed.push(name);
                out.push_str(last[name].trim_start());
                out.push('\n');
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    (out, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_headers_ids_and_failures() {
        let raw = "#0 building with \"default\" instance using docker driver\n\n#1 [internal] load build definition from Dockerfile\n#1 transferring dockerfile: 234B done\n#1 DONE 0.0s\n\n#4 [2/3] WORKDIR /app\n#4 CACHED\n\n#5 [3/3] RUN make\n#5 0.512 cc -o app app.c\n#5 0.913 app.c:3:1: warning: unused variable\n#5 DONE 1.2s\n\n#6 exporting to image\n#6 exporting layers 0.3s done\n#6 writing image sha256:1a2b3c done\n#6 naming to docker.io/library/shop:latest done\n#6 DONE 0.3s\n";
        let (text, dropped) = compact(raw);
        assert_eq!(
            text,
            "[2/3] WORKDIR /app CACHED\n[3/3] RUN make\n  app.c:3:1: warning: unused variable\nexporting to image\n  writing image sha256:1a2b3c done\n  naming to docker.io/library/shop:latest done\n"
        );
        assert!(dropped > 8);
    }

    #[test]
    fn a_failed_step_keeps_its_output_and_the_block_keeps_what_it_adds() {
        let raw = "#5 [2/2] RUN false\n#5 0.101 about to fail\n#5 ERROR: process \"/bin/sh -c false\" did not complete successfully: exit code: 1\n------\n > [2/2] RUN false:\n0.101 about to fail\n------\nDockerfile:2\n--------------------\n   2 | >>> RUN false\n--------------------\nERROR: failed to solve: process \"/bin/sh -c false\" did not complete successfully: exit code: 1\n";
        let (text, _) = compact(raw);
        assert_eq!(
            text,
            "[2/2] RUN false ERROR: process \"/bin/sh -c false\" did not complete successfully: exit code: 1\n  about to fail\n------\n > [2/2] RUN false:\n------\nDockerfile:2\n--------------------\n   2 | >>> RUN false\n--------------------\nERROR: failed to solve: process \"/bin/sh -c false\" did not complete successfully: exit code: 1\n"
        );
    }

    #[test]
    fn compose_resources_keep_their_last_state() {
        let raw = " db Pulling \n 7a1b2c3d4e5f Pulling fs layer \n 7a1b2c3d4e5f Pull complete \n db Pulled \n Network shop_default  Creating\n Network shop_default  Created\n Container shop-db-1  Creating\n Container shop-db-1  Created\n Container shop-db-1  Starting\n Container shop-db-1  Started\n";
        let (text, dropped) = compact(raw);
        assert_eq!(
            text,
            "db Pulled \nNetwork shop_default  Created\nContainer shop-db-1  Started\n"
        );
        assert_eq!(dropped, 7);
    }
}
