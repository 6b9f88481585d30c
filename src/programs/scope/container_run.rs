//! The forms of `docker run|exec` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::container_run`).

use super::Scope;

use crate::programs::args::{Closed, Spec};

/// Whether `docker run|exec` with these arguments (after the subcommand) runs attached to
/// rtk's pipes: a container or image named, and before it only options of [`OPTIONS`] (so
/// none of `-i`, `-t`, `-d`, alone or in a cluster, their long forms, or `--help`).
pub fn attached<S: AsRef<str>>(rest: &[S]) -> bool {
    OPTIONS.operands(rest, true).is_some_and(|o| !o.is_empty())
}

/// `docker run`/`exec`'s options rtk reads: short ones with a value (`-e A=1`, `-eA=1`) and
/// without; `-i`, `-t`, `-d` and their long forms are not among them.
pub const OPTIONS: Closed = Closed {
    spec: Spec {
        short_with_value: "acehlmpuvw",
        long_with_value: LONG_VALUE,
    },
    short_flags: "Pq",
    long_flags: LONG_FLAG,
};

/// Long options that take no value.
pub const LONG_FLAG: &[&str] = &[
    "rm",
    "init",
    "privileged",
    "read-only",
    "publish-all",
    "quiet",
    "no-healthcheck",
    "disable-content-trust",
];

/// Long options of `docker run`/`exec` that take a value (`--name web`, `--env=A=1`).
pub const LONG_VALUE: &[&str] = &[
    "add-host",
    "annotation",
    "attach",
    "cap-add",
    "cap-drop",
    "cgroupns",
    "cidfile",
    "cpu-shares",
    "cpus",
    "cpuset-cpus",
    "device",
    "dns",
    "entrypoint",
    "env",
    "env-file",
    "expose",
    "gpus",
    "group-add",
    "health-cmd",
    "hostname",
    "ip",
    "ipc",
    "label",
    "label-file",
    "link",
    "log-driver",
    "log-opt",
    "memory",
    "mount",
    "name",
    "network",
    "network-alias",
    "pid",
    "platform",
    "publish",
    "pull",
    "restart",
    "runtime",
    "security-opt",
    "shm-size",
    "stop-signal",
    "stop-timeout",
    "sysctl",
    "tmpfs",
    "ulimit",
    "user",
    "userns",
    "volume",
    "volumes-from",
    "workdir",
];

/// `docker run|exec` attached to rtk's pipes (G1, issue 20: no terminal, stdin or detach).
pub const RUN: Scope = Scope::check(|w| attached(w.rest()));
