//! The xiangqi variant (under construction).
