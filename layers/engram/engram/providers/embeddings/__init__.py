"""Embedding adapters, one module per provider: hash (offline default), minilm, openai, bedrock.

Import a module only when its provider is selected (see `engram.providers.factory`): `openai` and `boto3`
cost import time in every Lambda cold start, and `sentence_transformers` is an optional extra. The padding
and normalisation every adapter shares live in `engram.providers.base`.
"""
