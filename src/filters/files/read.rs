//! `cat`, `head`, `tail`: the file content is the fact, so it is streamed through byte for byte
//! (no summarising, no buffering: `tail -f` and 1 GB files work), only counted for tracking.

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Read;

impl Filter for Read {
    fn name(&self) -> &'static str {
        "read"
    }
    fn plan(&self, _inv: &Invocation<'_>) -> Plan {
        Plan::Stream
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(Compacted::raw(out))
    }
}
