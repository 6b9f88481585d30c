//! The forms of `pyright`, `pylint` and `ruff format` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::pycheck`).

use super::{Scope, Within};

/// Forms of pyright printed as they are (machine output, watch, help, other modes).
pub const PYRIGHT_OTHER: &[&str] = &[
    "--outputjson",
    "-w",
    "--watch",
    "-h",
    "--help",
    "--version",
    "--verifytypes",
    "--createstub",
    "--stats",
    "--dependencies",
    "--verbose",
];

/// Forms of pylint printed as they are (another output format, help, generated config).
pub const PYLINT_OTHER: &[&str] = &[
    "-f",
    "--output-format",
    "--msg-template",
    "-h",
    "--help",
    "--long-help",
    "--version",
    "--generate-rcfile",
    "--generate-toml-config",
    "--list-msgs",
    "--list-msgs-enabled",
    "--list-groups",
    "--list-conf-levels",
    "--list-extensions",
    "--help-msg",
    "--full-documentation",
    "-r",
    "--reports",
];

/// `pyright`: no JSON output, watch mode or other modes.
pub const PYRIGHT: Scope = Scope::without(PYRIGHT_OTHER);

/// `pylint`: its default text report only.
pub const PYLINT: Scope = Scope {
    attached: true,
    ..Scope::without(PYLINT_OTHER)
};

/// `ruff format --check` (without it ruff rewrites files; `--diff` prints a diff as is).
pub const RUFF_FORMAT: Scope = Scope {
    within: Within::Rest,
    requires: &["--check"],
    ..Scope::without(&["--diff", "--output-format"])
};
