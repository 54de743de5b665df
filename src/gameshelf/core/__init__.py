"""The core protocol that every game fulfils; see ``docs/architecture.md``."""
