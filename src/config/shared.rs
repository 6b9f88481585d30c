//! The config of one rtk command, loaded at most once and shared: [`Shared`] is a cheap handle
//! (clone it into a thread) whose first [`Shared::get`] reads the file with [`Config::load`];
//! every later call, on any thread, gets the same value. The run path's recorder thread usually
//! loads it while the command starts; the tee and the hook path read what it loaded.

use std::sync::{Arc, OnceLock};

use super::Config;
use crate::env::Env;

/// A handle to one command's config.
#[derive(Debug, Clone)]
pub struct Shared {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    env: Env,
    loaded: OnceLock<(Config, Vec<String>)>,
}

impl Shared {
    /// The config of `env`, read on first use.
    pub fn new(env: &Env) -> Self {
        Shared {
            inner: Arc::new(Inner {
                env: env.clone(),
                loaded: OnceLock::new(),
            }),
        }
    }

    /// The config (defaults when the file is missing or broken).
    pub fn get(&self) -> &Config {
        &self.loaded().0
    }

    /// What loading it had to say (a broken file: one warning), for the command's sink.
    pub fn load_warnings(&self) -> &[String] {
        &self.loaded().1
    }

    fn loaded(&self) -> &(Config, Vec<String>) {
        self.inner
            .loaded
            .get_or_init(|| Config::load(&self.inner.env))
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;
    use crate::env::Env;

    #[test]
    fn the_file_is_read_once_and_shared_across_threads() {
        let dir = tempfile::tempdir().unwrap();
        let rtk = dir.path().join("rtk");
        std::fs::create_dir_all(&rtk).unwrap();
        let file = rtk.join("config.toml");
        std::fs::write(&file, "[tracking]\nenabled = false\n").unwrap();
        let env = Env::new([("XDG_CONFIG_HOME", dir.path().as_os_str())], "/");
        let shared = Shared::new(&env);
        let other = shared.clone();
        let seen = std::thread::spawn(move || other.get().tracking.enabled)
            .join()
            .unwrap();
        assert!(!seen);
        // Read once: a change to the file after the first read is not seen by this command.
        std::fs::write(&file, "[tracking]\nenabled = true\n").unwrap();
        assert!(!shared.get().tracking.enabled);
        assert!(shared.load_warnings().is_empty());
    }

    #[test]
    fn a_broken_file_is_defaults_and_one_warning() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rtk")).unwrap();
        std::fs::write(dir.path().join("rtk/config.toml"), "[tracking\n").unwrap();
        let env = Env::new([("XDG_CONFIG_HOME", dir.path().as_os_str())], "/");
        let shared = Shared::new(&env);
        assert!(shared.get().tracking.enabled);
        assert_eq!(
            shared.load_warnings().len(),
            1,
            "{:?}",
            shared.load_warnings()
        );
    }
}
