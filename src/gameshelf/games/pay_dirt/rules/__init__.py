"""The rules, one module per phase, each function named as the rulebook
names the step and quoting the passage where the reading is not obvious.

The phases follow each other in a cycle (auction -> labour -> hardship ->
income -> auction), but no phase module starts another: one that ends sets a
``*-done`` mark and ``flow`` (the dispatcher, run after every decision) starts
what follows, so the modules import each other without a circle
(``lint-imports`` holds them to it)."""
