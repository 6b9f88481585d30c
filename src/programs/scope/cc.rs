//! The forms of `cc` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::cc`): written once, here.

/// Whether an argument asks for something other than compiling/linking with plain-text
/// diagnostics (preprocessing, dependency lists, help, version, driver dumps, JSON/SARIF).
pub fn other_form(a: &str) -> bool {
    a == "-E"
        || a.starts_with("-M")
        || a == "-v"
        || a == "-###"
        || a.starts_with("--help")
        || a == "--version"
        || a.starts_with("-dump")
        || a.starts_with("-print-")
        || a.starts_with("--print")
        || a.starts_with("-fdiagnostics-format")
        || a.starts_with('@')
}
