//! The context of one rtk command, built once by `cli` and handed to the subcommand: the
//! environment, the config (read at most once, on first use, and shared with the threads that
//! need it) and the one warnings sink `cli` prints at the end. Subcommands pass its typed
//! pieces down (`&Env`, `&Config` or the `Shared` handle, `&Warnings`); nothing below this
//! layer sees the whole session.

use crate::config::{Config, Shared};
use crate::env::Env;
use crate::warnings::Warnings;

/// One command's context.
pub struct Session {
    pub env: Env,
    /// The config, read on first use (see [`Session::config`]).
    pub shared: Shared,
    pub warnings: Warnings,
}

impl Session {
    pub fn new(env: Env) -> Self {
        let shared = Shared::new(&env);
        Session {
            env,
            shared,
            warnings: Warnings::new(),
        }
    }

    /// The config for the hook path (`rtk hook`, `rtk rewrite`): a broken file is the defaults
    /// and says nothing there (a host shows a hook's stderr as the hook's failure); `rtk config`
    /// names what is wrong with it.
    pub fn hook_config(&self) -> &Config {
        self.shared.get()
    }

    /// The config; what reading it had to say (a broken file) joins the warnings, once.
    pub fn config(&self) -> &Config {
        self.warnings
            .extend(self.shared.load_warnings().iter().cloned());
        self.shared.get()
    }
}
