//! rtk binary entry point: everything lives in the library (`rtk::run`).
fn main() -> std::process::ExitCode {
    rtk::run(std::env::args_os().collect())
}
