"""LLM adapters, one module per provider: anthropic, openai, bedrock, rules.

Import a module only when its provider is selected (see `engram.providers.factory`), so `anthropic` is
imported only by deployments that use it.
"""
