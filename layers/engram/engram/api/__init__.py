"""The HTTP API (DESIGN §4): routers, auth, the error contract, and the two ways it is served."""
