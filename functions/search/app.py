"""The search function: health and the read path's routes (search, recall, explore, traverse,
timeline, graph)."""

from engram.api.app import make_lambda_handler
from engram.api.routes import explore, graph, health, recall, search, timeline

lambda_handler = make_lambda_handler(
    routers=[health.router, search.router, explore.router, recall.router, timeline.router, graph.router]
)
