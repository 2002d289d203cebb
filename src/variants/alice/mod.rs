//! The alice variant (under construction).
