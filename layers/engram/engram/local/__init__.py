"""Laptop-only runtime: embedded PostgreSQL, the local HTTP server, the queue worker, the demo.

Never imported in Lambda; only the CLI imports it.
"""
