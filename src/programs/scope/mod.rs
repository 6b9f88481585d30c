//! Scope facts a program's filter and the rewrite's narrowing share: the flags and forms that
//! make a command line one rtk leaves alone, written once (one file per program family).

pub mod aws;
pub mod biome;
pub mod bun;
pub mod cc;
pub mod cloud;
pub mod cmake;
pub mod container_run;
pub mod deno;
pub mod dotnet;
pub mod du;
pub mod golangci;
pub mod golist;
pub mod gradle;
pub mod jsinstall;
pub mod maven;
pub mod mdlint;
pub mod next;
pub mod nl;
pub mod pest;
pub mod phpcs;
pub mod phpstan;
pub mod phpunit;
pub mod playwright;
pub mod procs;
pub mod prove;
pub mod pycheck;
pub mod quality;
pub mod rspec;
pub mod rubocop;
pub mod shellcheck;
pub mod sql;
pub mod stat;
pub mod stylelint;
