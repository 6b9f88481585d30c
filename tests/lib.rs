//! The one integration-test binary: drives the real `rtk` executable in a hermetic
//! environment (cleared env, temp HOME). Modules below group the cases.

mod adversarial;
mod allow_proof;
mod architecture;
mod common;
mod compat_cli;
mod faults;
mod filters_cli;
mod filters_dev_cli;
mod filters_dev_snapshots;
mod filters_snapshots;
mod hook_cli;
mod hook_scripts;
mod hook_session;
mod init_cli;
mod init_upstream;
mod newcomer_cli;
mod oracle;
mod oracle_check;
mod oracle_gen;
mod oracle_live;
mod oracle_planted;
mod permissions_cli;
mod pipelines;
mod proxy;
mod rewrite_cli;
mod semantics;
mod tracking_config;
mod tracking_discover;
mod tracking_gain;
mod tracking_tools;
mod user_filters;
