"""DELETE /v1/me (forget everything about the caller), GET /v1/export, POST /v1/import.

The user is always the token's subject: nothing in a body (an imported file's `user_id` included)
chooses whose data is read, written or deleted.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.lifecycle.account import export_user, forget_user
from engram.lifecycle.account_models import ExportDocument, ForgetResult, ImportRequest, ImportResult

router = Router()


@router.delete("/v1/me")
def forget_me(user_id: CurrentUser) -> ForgetResult:
    return forget_user(user_id)


@router.get("/v1/export")
def export_me(user_id: CurrentUser) -> ExportDocument:
    return export_user(user_id)


@router.post("/v1/import")
def import_legacy(user_id: CurrentUser, request: ImportRequest) -> ImportResult:
    # The importer reads texts as the write path does (privacy filter, facts): loaded by imports only.
    from engram.lifecycle.importer import import_records

    return import_records(user_id, request)
