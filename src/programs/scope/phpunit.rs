//! The forms of `phpunit` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::phpunit`): written once, here.

pub const OTHER_FORMS: &[&str] = &[
    "--testdox",
    "--teamcity",
    "--debug",
    "--list-suites",
    "--list-groups",
    "--list-tests",
    "--list-tests-xml",
    "--generate-configuration",
    "--migrate-configuration",
    "--check-version",
    "-h",
    "--help",
    "--version",
];
