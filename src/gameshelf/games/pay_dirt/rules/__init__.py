"""The rules, one module per phase, each function named as the rulebook
names the step and quoting the passage where the reading is not obvious.

The phases hand over to each other in a cycle (auction -> labour ->
hardship -> income -> auction), so a module imports the others as modules
at the top and uses their functions only at call time; importing inside the
functions that run every turn cost a lookup per move."""
