"""The search function: health and the read path's routes (search, recall, explore, traverse,
timeline, graph) as they land."""

from engram.api.app import make_lambda_handler
from engram.api.routes import health

lambda_handler = make_lambda_handler(routers=[health.router])
