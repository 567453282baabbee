"""Shared types of the models layer beside `engram.models`: what services, adapters and routes all speak.

One module per subject (`graph`: the graph read API's requests and responses; `jobs`: the job at each
boundary; `memories`: pages of memories; `model_scope`: the user model calls are made for). Like
`engram.models` they import only pydantic, `engram.models`, `engram.config` and `engram.errors`: a
repository or an adapter can use them without importing the service that fills them.
"""
