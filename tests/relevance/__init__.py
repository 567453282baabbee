"""The app relevance set: scripted user histories and the questions an assistant asks of them."""
