//! The raumschach variant (under construction).
