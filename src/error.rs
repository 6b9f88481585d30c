//! Error helpers shared by every module: typed errors live next to their module (thiserror);
//! this file only classifies errors at the edge (broken pipe → quiet success).

/// True when the error chain contains an `io::ErrorKind::BrokenPipe` (reader went away).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
