//! The one place that spawns processes: runs an exact argv and returns its exit code.

use std::ffi::OsString;

/// Runs `argv` with inherited stdio; returns its exit code (127 when not found).
#[allow(clippy::disallowed_methods)]
pub fn run_inherited(argv: &[OsString]) -> anyhow::Result<u8> {
    let Some((program, args)) = argv.split_first() else {
        anyhow::bail!("nothing to run");
    };
    match std::process::Command::new(program).args(args).status() {
        Ok(status) => Ok(exit_code(status)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "rtk: {}: command not found",
                program.to_string_lossy()
            );
            Ok(127)
        }
        Err(e) => Err(e.into()),
    }
}

/// Exit status as a shell would report it: the code, or 128 + signal.
pub fn exit_code(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(c), _) => (c & 0xff) as u8,
        (None, Some(sig)) => (128 + sig).min(255) as u8,
        (None, None) => 1,
    }
}
