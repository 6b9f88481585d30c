//! Worst-case inputs for the hook path's parse: each shape at most 64 KiB (rtk's command
//! limit), built to push the bash grammar or rtk's walk past linear time (long and dangling
//! pipelines, unclosed `${`, stacked heredocs, deep nesting, long words and argument lists).

/// (shape, command line)
pub fn worst_cases() -> Vec<(&'static str, String)> {
    let rep = |s: &str, n: usize| s.repeat(n);
    vec![
        (
            "ls a|a|…a (valid pipeline)",
            format!("ls {}a", rep("a|", 30_000)),
        ),
        (
            "ls a|a|…| (dangling pipeline)",
            format!("ls {}", rep("a|", 30_000)),
        ),
        ("${ x30000", rep("${", 30_000)),
        ("<<EOF x10000", rep("<<EOF ", 10_000)),
        (
            "echo $( nested x8000",
            format!("{}ls{}", rep("echo $(", 8_000), rep(")", 8_000)),
        ),
        ("( x30000 unclosed", rep("(", 30_000)),
        ("\"$( x20000", rep("\"$(", 20_000)),
        (
            "{ x30000 } x30000",
            format!("{}{}", rep("{", 30_000), rep("}", 30_000)),
        ),
        ("if a; then x5900", rep("if a; then ", 5_900)),
        ("git status; x5400", rep("git status; ", 5_400)),
        (
            "git log x x … (32000 words)",
            format!("git log {}", rep("x ", 32_000)),
        ),
        (
            "find . -exec ls ; x5900",
            format!("find . {}", rep("-exec ls ; ", 5_900)),
        ),
        (
            "echo x|sh|sh… x15000",
            format!("echo x{}", rep("|sh", 15_000)),
        ),
        (
            "cat <<EOF heredocs x3000",
            rep("cat <<EOF\nx\nEOF\n", 3_000),
        ),
        ("bash -c 'ls'; x4000", rep("bash -c 'ls'; ", 4_000)),
        (
            "ls ${X:- nested x10000",
            format!("ls {}{}", rep("${X:-", 10_000), rep("}", 10_000)),
        ),
        (
            "ls aaaa… (one 65000-byte word)",
            format!("ls {}", rep("a", 65_000)),
        ),
        // Issue 36's long-line shapes: plain words a read-only table or an allow rule covers.
        (
            "git status + 30 KB of words",
            format!("git status {}", rep("src/a.rs ", 3_333)),
        ),
        ("cat a.txt x10900 (64 KB cat)", format!("cat{}", rep(" a.txt", 10_900))),
        (
            "ls + 800 long path words",
            format!(
                "ls {}",
                (0..800)
                    .map(|i| format!("src/components/widgets/forms/inputs/field_{i:04}.rs"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        ),
        (
            "ls + 10,005-byte word",
            format!("ls {}", rep("a", 10_002)),
        ),
    ]
}
