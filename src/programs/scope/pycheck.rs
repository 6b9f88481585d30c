//! The forms of `pycheck` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::pycheck`): written once, here.

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
