//! The game-agnostic session layer (under construction).
