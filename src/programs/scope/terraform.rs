//! The forms of `terraform` rtk handles: its routes' scopes in the program table, read by the
//! rewrite and by its filter's plan (`filters::ops::terraform`).

use super::Scope;

/// `terraform validate`, with no global option but `-chdir=`; never help.
pub const VALIDATE: Scope = Scope {
    check: Some(|w| {
        w.sub
            .is_some_and(|s| w.args[..s].iter().all(|a| a.starts_with("-chdir=")))
    }),
    ..Scope::without(&["-help", "--help", "-h"])
};

/// `terraform plan -input=false`: a plan may prompt for a variable, and a captured prompt is
/// invisible.
pub const PLAN: Scope = Scope {
    requires: &["-input=false", "--input=false"],
    ..VALIDATE
};
