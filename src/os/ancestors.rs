//! Platform module: the command lines of rtk's ancestor processes. Linux reads
//! `/proc/<pid>/stat` and `/proc/<pid>/cmdline`; elsewhere there is no portable way without
//! spawning a process, so the fallback reports nothing. No process is spawned.

/// The argv of each ancestor, nearest first, at most `levels` of them.
pub fn ancestor_args(levels: usize) -> Vec<Vec<String>> {
    imp::ancestor_args(levels)
}

#[cfg(target_os = "linux")]
mod imp {
    pub fn ancestor_args(levels: usize) -> Vec<Vec<String>> {
        let mut out = Vec::new();
        let mut pid = parent_of("self");
        while let Some(p) = pid.filter(|p| *p > 1) {
            if out.len() >= levels {
                break;
            }
            let Ok(raw) = std::fs::read(format!("/proc/{p}/cmdline")) else {
                break;
            };
            out.push(
                raw.split(|b| *b == 0)
                    .filter(|w| !w.is_empty())
                    .map(|w| String::from_utf8_lossy(w).into_owned())
                    .collect(),
            );
            pid = parent_of(&p.to_string());
        }
        out
    }

    /// The ppid field of `/proc/<pid>/stat` (after the parenthesised command name).
    fn parent_of(pid: &str) -> Option<u32> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let rest = &stat[stat.rfind(')')? + 1..];
        rest.split_whitespace().nth(1)?.parse().ok()
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub fn ancestor_args(_levels: usize) -> Vec<Vec<String>> {
        Vec::new()
    }
}
