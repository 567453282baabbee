"""Engram: long-term memory for personal AI apps."""

__version__ = "0.1.0"
