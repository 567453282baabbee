"""The consolidate function: POST /v1/consolidate (preview or merge near-duplicate memories)."""

from engram.api.app import make_lambda_handler
from engram.api.routes import consolidate

lambda_handler = make_lambda_handler(routers=[consolidate.router])
