//! One file per host: where that host keeps its permission rules and how they are read.
