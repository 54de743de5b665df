"""The rules, one module per phase, each function named as the rulebook
names the step and quoting the passage where the reading is not obvious."""
