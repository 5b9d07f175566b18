"""contract-gen reference model: an independent derivation of the documented rules (see ../README.md)."""
