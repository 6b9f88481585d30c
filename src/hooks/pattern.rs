//! Permission pattern matching with Claude Code's documented semantics (SPEC §3).
