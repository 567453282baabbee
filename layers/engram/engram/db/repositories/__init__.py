"""Repositories: every SQL statement of Engram, one module per aggregate (rows stay in here)."""
