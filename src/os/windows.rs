//! Windows: console control events. ^C and ^Break go to every process attached to the console,
//! so the command gets them without rtk passing anything on; what rtk must do is not die of
//! them first. It registers a console handler (ctrlc's) that only says "handled", so rtk
//! outlives the command, prints what it captured and exits with the command's own status, as
//! if rtk were not there. A handler is not inherited (unlike the ignore flag, which would make
//! the command ignore ^C too).

use std::process::Child;
use std::sync::OnceLock;

/// No signal is sent on by rtk here: the console delivers the event to the command itself.
pub const FORWARDED: [i32; 0] = [];

/// rtk's console handler, registered.
pub struct Signals(());

impl Signals {
    /// Registers the handler (once per process); None when the system refuses (rtk then ends
    /// on ^C as before).
    pub fn install() -> Option<Signals> {
        static SET: OnceLock<bool> = OnceLock::new();
        SET.get_or_init(|| ctrlc::set_handler(|| {}).is_ok())
            .then_some(Signals(()))
    }

    /// Nothing to send: the command shares the console and gets the event itself.
    pub fn forward(self, _child: &Child, _own_group: bool) -> Forwarding {
        Forwarding(())
    }
}

/// The command is running; the handler stays for the rest of rtk's short life.
pub struct Forwarding(());

impl Forwarding {
    pub fn stop(self) -> Vec<i32> {
        Vec::new()
    }
}
