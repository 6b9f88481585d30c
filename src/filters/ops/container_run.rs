//! `docker run` / `docker exec` with no terminal, stdin or detach (`-i`, `-t`, `-d`): what the
//! container printed and its exit code are the facts. `docker run` writes an image pull's
//! progress to stderr before the container starts (`Unable to find image … locally`,
//! `…: Pulling from …`, one line per layer state, `Digest:`, `Status:`); that leading block
//! goes when it ends in its `Status:` line, said in the elision note (a pull that failed is
//! part of the failure and stays). Everything after it, and all of stdout, is printed as it
//! was. Only options this file knows are read: a command line with any other option before
//! the image is not rewritten (its `-it` could hide behind an unknown option's value).

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct ContainerRun;

impl Filter for ContainerRun {
    fn name(&self) -> &'static str {
        "docker-run"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut pulled = 0;
        let mut rest = out.stderr;
        let mut finished = false;
        while let Some(line) = rest.split_inclusive('\n').next() {
            let line_text = line.trim_end_matches(['\n', '\r']);
            if !pull_line(line_text) {
                break;
            }
            finished = line_text.starts_with("Status: ");
            pulled += 1;
            rest = &rest[line.len()..];
        }
        // A pull that did not finish (an error follows) is part of the failure: kept.
        if pulled == 0 || !finished {
            return Ok(Compacted::raw(out));
        }
        let s = if pulled == 1 { "" } else { "s" };
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(rest.to_string()),
            elided: Some(format!("{pulled} line{s} of image pull progress")),
        })
    }
}

/// A layer's state line: `e756f3fdd6a3: Pull complete`.
const LAYER_STATES: &[&str] = &[
    "Pulling fs layer",
    "Waiting",
    "Verifying Checksum",
    "Download complete",
    "Pull complete",
    "Already exists",
    "Downloading",
    "Extracting",
];

/// Whether `line` is one of the lines docker prints while pulling an image for `run`.
fn pull_line(line: &str) -> bool {
    let hex = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_hexdigit());
    if let Some(image) = line
        .strip_prefix("Unable to find image '")
        .and_then(|l| l.strip_suffix("' locally"))
    {
        return !image.contains(' ');
    }
    if let Some(digest) = line.strip_prefix("Digest: sha256:") {
        return hex(digest, 64);
    }
    if let Some(image) = line
        .strip_prefix("Status: Downloaded newer image for ")
        .or_else(|| line.strip_prefix("Status: Image is up to date for "))
    {
        return !image.contains(' ');
    }
    let Some((head, tail)) = line.split_once(": ") else {
        return false;
    };
    if let Some(repo) = tail.strip_prefix("Pulling from ") {
        return !head.contains(' ') && !repo.contains(' ');
    }
    hex(head, 12)
        && LAYER_STATES
            .iter()
            .any(|s| tail == *s || (tail.starts_with(s) && tail[s.len()..].starts_with(' ')))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::scope::container_run::attached;

    fn w(s: &str) -> Vec<&str> {
        s.split(' ').collect()
    }

    #[test]
    fn attached_only_without_a_terminal_stdin_or_detach() {
        for ok in [
            "alpine echo hi",
            "--rm alpine sh -c x",
            "--rm -e A=1 -v /a:/b -w /b node:20 npm test",
            "--name=x --network host img",
            "-eA=1 img",
            "--rm img ls -it",
            "web cat /etc/hosts",
            "-u 1000 web id",
        ] {
            assert!(attached(&w(ok)), "{ok}");
        }
        for no in [
            "-it alpine sh",
            "-ti alpine sh",
            "--rm -i alpine",
            "-t alpine",
            "-d nginx",
            "--detach nginx",
            "--interactive alpine",
            "--tty alpine",
            "--name web -it alpine",
            "--unknown-flag x -it alpine",
            "-Pit alpine",
            "--help",
            "--rm",
        ] {
            assert!(!attached(&w(no)), "{no}");
        }
        assert!(!attached::<&str>(&[]));
    }

    #[test]
    fn only_the_leading_pull_block_goes() {
        let stderr = "Unable to find image 'alpine:3.19' locally\n3.19: Pulling from library/alpine\n4abcf2066143: Pulling fs layer\n4abcf2066143: Download complete\n4abcf2066143: Pull complete\nDigest: sha256:c5b1261d6d3e43071626931fc004f70149baeba2c8ec672bd4f27761f8e1ad6b\nStatus: Downloaded newer image for alpine:3.19\nerror: 4abcf2066143: Pull complete\n4abcf2066143: Pull complete\n";
        let out = Output {
            stdout: "hi\n",
            stderr,
            code: 1,
        };
        let inv = Invocation {
            program: "docker",
            args: &[],
            sub: None,
        };
        let c = ContainerRun.compact(&inv, &out).unwrap();
        assert_eq!(c.stdout, "hi\n");
        assert_eq!(
            c.stderr.as_deref(),
            Some("error: 4abcf2066143: Pull complete\n4abcf2066143: Pull complete\n")
        );
        assert_eq!(c.elided.as_deref(), Some("7 lines of image pull progress"));
        assert!(!pull_line("4abcf2066143: Pull completed"));
        let failed = Output {
            stdout: "",
            stderr: "Unable to find image 'x:1' locally\n1: Pulling from library/x\ndocker: Error response from daemon: manifest unknown\n",
            code: 125,
        };
        let c = ContainerRun.compact(&inv, &failed).unwrap();
        assert_eq!((c.stderr, c.elided), (None, None));
        assert!(!pull_line("Digest: sha256:abc"));
    }
}
