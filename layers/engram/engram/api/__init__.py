"""The HTTP API: routers, auth, the error contract, and the two ways it is served."""
