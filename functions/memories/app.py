"""The memories function: CRUD, entities, profile, feedback, preferences, jobs, import/export, teams,
sources, storylines and macros."""

from engram.api.app import make_lambda_handler
from engram.api.routes import (
    account,
    entities,
    feedback,
    hierarchy,
    jobs,
    memories,
    preferences,
    profile,
    sources,
    teams,
)

lambda_handler = make_lambda_handler(
    routers=[
        memories.router,
        entities.router,
        feedback.router,
        jobs.router,
        preferences.router,
        account.router,
        profile.router,
        sources.router,
        hierarchy.router,
        teams.router,
    ]
)
