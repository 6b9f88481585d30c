//! The plugins rtk ships for hosts that load code rather than hook commands (OpenClaw, Pi, Hermes,
//! OpenCode, omp), and Cline's hook file (Cline finds hooks as files in a folder): their
//! runtime files, embedded in the binary; `init::plugins` copies them.

/// A plugin shipped in this repository.
#[derive(Debug)]
pub struct PluginSpec {
    /// Where the plugin lives in the rtk repository (relative to the crate root).
    #[cfg_attr(not(test), allow(dead_code))]
    pub source: &'static str,
    /// Runtime files, as (path in `source` and in the destination folder, embedded contents).
    pub files: &'static [(&'static str, &'static str)],
    /// Repository files under `source` that are deliberately not installed (tests, docs).
    #[cfg_attr(not(test), allow(dead_code))]
    pub not_installed: &'static [&'static str],
}

pub const OPENCLAW: PluginSpec = PluginSpec {
    source: "openclaw",
    files: &[
        ("index.ts", include_str!("../../openclaw/index.ts")),
        (
            "src/policy.ts",
            include_str!("../../openclaw/src/policy.ts"),
        ),
        ("src/rtk.ts", include_str!("../../openclaw/src/rtk.ts")),
        (
            "openclaw.plugin.json",
            include_str!("../../openclaw/openclaw.plugin.json"),
        ),
        ("package.json", include_str!("../../openclaw/package.json")),
        ("README.md", include_str!("../../openclaw/README.md")),
    ],
    not_installed: &["test/", "node_modules/"],
};

pub const PI: PluginSpec = PluginSpec {
    source: "plugins/pi",
    files: &[("rtk.ts", include_str!("../../plugins/pi/rtk.ts"))],
    not_installed: &["test/", "README.md"],
};

pub const HERMES: PluginSpec = PluginSpec {
    source: "plugins/hermes/rtk-rewrite",
    files: &[
        (
            "plugin.yaml",
            include_str!("../../plugins/hermes/rtk-rewrite/plugin.yaml"),
        ),
        (
            "__init__.py",
            include_str!("../../plugins/hermes/rtk-rewrite/__init__.py"),
        ),
    ],
    not_installed: &["__pycache__/"],
};

pub const OMP: PluginSpec = PluginSpec {
    source: "plugins/omp",
    files: &[("rtk.ts", include_str!("../../plugins/omp/rtk.ts"))],
    not_installed: &["test/", "README.md"],
};

pub const OPENCODE: PluginSpec = PluginSpec {
    source: "plugins/opencode",
    files: &[("rtk.ts", include_str!("../../plugins/opencode/rtk.ts"))],
    not_installed: &["test/", "README.md"],
};

pub const CLINE: PluginSpec = PluginSpec {
    source: "plugins/cline",
    files: &[(
        "PreToolUse.bash",
        include_str!("../../plugins/cline/PreToolUse.bash"),
    )],
    not_installed: &["README.md"],
};
