//! The protocol layer (under construction).
