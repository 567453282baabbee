"""The analyze function: POST /v1/analyze (store the source, extract, decide per fact)."""

from engram.api.app import make_lambda_handler
from engram.api.routes import analyze
from engram.config import get_settings

if get_settings().resolved_llm_provider == "rules":
    from engram.language.temporal import warm_up

    warm_up()  # in the cold start, not in the first request

lambda_handler = make_lambda_handler(routers=[analyze.router])
