"""The analyze function: its API routes land with the write path / lifecycle issues; until then every
route but openapi.json answers 404 in the error shape."""

from engram.api.app import make_lambda_handler

lambda_handler = make_lambda_handler(routers=[])
