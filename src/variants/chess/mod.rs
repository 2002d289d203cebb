//! The chess variant (under construction).
