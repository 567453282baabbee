"""One module per scripted user: `HISTORY`, the notes they wrote and the questions asked of them."""
