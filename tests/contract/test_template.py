"""Contract tests for template.yaml and the sample events in events/.

cfn-lint validates the template against the CloudFormation and SAM schemas, but it does not know our
rules (DLQs, batch item failures, 6-field crons, least privilege, the HTTP contract):
those are asserted here on the parsed template. Everything runs offline; cfn-lint is run once per module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest
from cfnlint.api import ManualArgs, lint_file
from cfnlint.decode import cfn_yaml

from engram.domain.jobs import JobMessage
from engram.lifecycle.schedule import Task as ScheduledTask

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE_PATH = ROOT / "template.yaml"
EVENTS_DIR = ROOT / "events"

# cfn-lint warnings we accept, with the reason. Keep it empty unless a warning is truly unavoidable.
ACCEPTED_CFN_LINT_WARNINGS: dict[str, str] = {}

# The seven functions and their folders under functions/.
FUNCTIONS = {
    "AnalyzeFunction": "analyze",
    "MemoryUpdateFunction": "memory_update",
    "SearchFunction": "search",
    "ConsolidateFunction": "consolidate",
    "MemoriesFunction": "memories",
    "MaintenanceFunction": "maintenance",
    "MigrateFunction": "migrate",
}

# The HTTP contract's routes mapped onto the functions that serve them.
ROUTES = {
    "GET /v1/sources": "MemoriesFunction",
    "GET /v1/sources/{id}": "MemoriesFunction",
    "POST /v1/analyze": "AnalyzeFunction",
    "POST /v1/memory-update": "MemoryUpdateFunction",
    "POST /v1/search": "SearchFunction",
    "POST /v1/recall": "SearchFunction",
    "POST /v1/explore": "SearchFunction",
    "POST /v1/traverse": "SearchFunction",
    "POST /v1/timeline": "SearchFunction",
    "GET /v1/graph/neighbors": "SearchFunction",
    "GET /v1/graph/path": "SearchFunction",
    "GET /v1/health": "SearchFunction",
    "GET /v1/openapi.json": "SearchFunction",
    "POST /v1/consolidate": "ConsolidateFunction",
    "GET /v1/memories": "MemoriesFunction",
    "GET /v1/memories/{id}": "MemoriesFunction",
    "PUT /v1/memories/{id}": "MemoriesFunction",
    "DELETE /v1/memories/{id}": "MemoriesFunction",
    "GET /v1/memories/{id}/history": "MemoriesFunction",
    "GET /v1/memories/{id}/related": "MemoriesFunction",
    "GET /v1/entities": "MemoriesFunction",
    "GET /v1/entities/{id}": "MemoriesFunction",
    "GET /v1/entities/{id}/memories": "MemoriesFunction",
    "POST /v1/entities/{id}/notes": "MemoriesFunction",
    "POST /v1/relationships/{id}/notes": "MemoriesFunction",
    "GET /v1/profile": "MemoriesFunction",
    "POST /v1/profile/refresh": "MemoriesFunction",
    "POST /v1/feedback": "MemoriesFunction",
    "GET /v1/preferences": "MemoriesFunction",
    "PUT /v1/preferences": "MemoriesFunction",
    "GET /v1/jobs": "MemoriesFunction",
    "GET /v1/jobs/{id}": "MemoriesFunction",
    "GET /v1/storylines": "MemoriesFunction",
    "GET /v1/macros": "MemoriesFunction",
    "POST /v1/import": "MemoriesFunction",
    "GET /v1/export": "MemoriesFunction",
    "DELETE /v1/me": "MemoriesFunction",
    "POST /v1/teams": "MemoriesFunction",
    "POST /v1/teams/{id}/members": "MemoriesFunction",
    "GET /v1/teams": "MemoriesFunction",
    "GET /v1/teams/{id}": "MemoriesFunction",
    "PATCH /v1/teams/{id}": "MemoriesFunction",
    "DELETE /v1/teams/{id}": "MemoriesFunction",
    "GET /v1/teams/{id}/members": "MemoriesFunction",
    "PATCH /v1/teams/{id}/members/{user_id}": "MemoriesFunction",
    "DELETE /v1/teams/{id}/members/{user_id}": "MemoriesFunction",
}
PUBLIC_ROUTES = {"GET /v1/health", "GET /v1/openapi.json"}
MAINTENANCE_TASKS = set(get_args(ScheduledTask))  # the code decides which tasks exist
FOURTEEN_DAYS = 14 * 24 * 3600


# --------------------------------------------------------------------------------------------------
# Loading and small helpers
# --------------------------------------------------------------------------------------------------
@cache
def template() -> dict[str, Any]:
    return cfn_yaml.load(str(TEMPLATE_PATH))


def resources(type_: str | None = None) -> dict[str, dict[str, Any]]:
    return {
        name: res
        for name, res in template()["Resources"].items()
        if type_ is None or res.get("Type") == type_
    }


def props(logical_id: str) -> dict[str, Any]:
    return template()["Resources"][logical_id].get("Properties", {})


def functions() -> dict[str, dict[str, Any]]:
    return resources("AWS::Serverless::Function")


def function_setting(function_id: str, key: str) -> Any:
    """A function property with SAM Globals applied (the function's own value wins)."""
    own = props(function_id)
    if key in own:
        return own[key]
    return template().get("Globals", {}).get("Function", {}).get(key)


def environment(function_id: str) -> dict[str, Any]:
    globals_env = template().get("Globals", {}).get("Function", {}).get("Environment", {})
    own_env = props(function_id).get("Environment", {})
    return {**globals_env.get("Variables", {}), **own_env.get("Variables", {})}


def referenced_id(value: Any) -> str | None:
    """The logical id behind `!Ref X`, `!GetAtt X.Attr` or `{"Fn::GetAtt": "X.Attr"}`."""
    if isinstance(value, dict):
        if "Ref" in value:
            return str(value["Ref"]).split(".")[0]
        if "Fn::GetAtt" in value:
            target = value["Fn::GetAtt"]
            return str(target[0] if isinstance(target, list) else target.split(".")[0])
    return None


def events_of(function_id: str, *types: str) -> dict[str, dict[str, Any]]:
    return {
        name: event.get("Properties", {})
        for name, event in props(function_id).get("Events", {}).items()
        if event.get("Type") in types
    }


def http_routes() -> dict[str, tuple[str, dict[str, Any]]]:
    """`METHOD /path` -> (function id, event properties) for every HttpApi event."""
    routes: dict[str, tuple[str, dict[str, Any]]] = {}
    for function_id in functions():
        for event in events_of(function_id, "HttpApi").values():
            routes[f"{event['Method'].upper()} {event['Path']}"] = (function_id, event)
    return routes


def schedules() -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (function_id, name): event
        for function_id in functions()
        for name, event in events_of(function_id, "ScheduleV2", "Schedule").items()
    }


def sqs_event_sources() -> list[tuple[str, dict[str, Any]]]:
    """(function id, event source settings) for SAM SQS events and raw event source mappings."""
    sources = [
        (function_id, {**event, "QueueId": referenced_id(event["Queue"])})
        for function_id in functions()
        for event in events_of(function_id, "SQS").values()
    ]
    for mapping in resources("AWS::Lambda::EventSourceMapping").values():
        queue_id = referenced_id(mapping["Properties"].get("EventSourceArn"))
        if queue_id in resources("AWS::SQS::Queue"):
            function_id = referenced_id(mapping["Properties"]["FunctionName"]) or ""
            sources.append((function_id, {**mapping["Properties"], "QueueId": queue_id}))
    return sources


def dead_letter_queue_ids() -> set[str]:
    """Queues that something uses as a dead-letter queue or failure destination."""
    dlqs = {
        referenced_id(queue["Properties"]["RedrivePolicy"]["deadLetterTargetArn"])
        for queue in resources("AWS::SQS::Queue").values()
        if "RedrivePolicy" in queue.get("Properties", {})
    }
    for event in schedules().values():
        dlqs.add(referenced_id(event.get("DeadLetterConfig", {}).get("Arn")))
    for function_id in functions():
        on_failure = props(function_id).get("EventInvokeConfig", {}).get("DestinationConfig", {})
        dlqs.add(referenced_id(on_failure.get("OnFailure", {}).get("Destination")))
        dlqs.add(referenced_id(props(function_id).get("DeadLetterQueue", {}).get("TargetArn")))
    return {dlq for dlq in dlqs if dlq in resources("AWS::SQS::Queue")}


def walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def iam_statements() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, res in template()["Resources"].items():
        for node in walk(res.get("Properties", {})):
            for statement in node.get("Statement", []) if isinstance(node.get("Statement"), list) else []:
                if isinstance(statement, dict):
                    yield name, statement


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def sample_events() -> dict[str, Any]:
    return {path.name: json.loads(path.read_text()) for path in sorted(EVENTS_DIR.glob("*.json"))}


def api_sample_events() -> dict[str, dict[str, Any]]:
    return {
        name: event
        for name, event in sample_events().items()
        if isinstance(event, dict) and event.get("version") == "2.0" and "routeKey" in event
    }


def route_regex(route_path: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(route_path)) + "$")


# --------------------------------------------------------------------------------------------------
# AWS schedule expressions (cfn-lint accepts a 5-field cron; EventBridge does not)
# --------------------------------------------------------------------------------------------------
_MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES, 1)}
_DAYS = {name: number for number, name in enumerate(["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"], 1)}
_CRON_FIELDS = ((0, 59, {}), (0, 23, {}), (1, 31, {}), (1, 12, _MONTHS), (1, 7, _DAYS), (1970, 2199, {}))
_DAY_OF_MONTH, _DAY_OF_WEEK = 2, 4


def _cron_value_ok(text: str, low: int, high: int, names: dict[str, int]) -> bool:
    value = names.get(text.upper()) if text.upper() in names else int(text) if text.isdigit() else None
    return value is not None and low <= value <= high


def _cron_item_ok(item: str, index: int) -> bool:
    low, high, names = _CRON_FIELDS[index]
    if index == _DAY_OF_MONTH and (item in {"L", "LW"} or re.fullmatch(r"\d{1,2}W", item)):
        return item[0] == "L" or _cron_value_ok(item[:-1], low, high, names)
    if index == _DAY_OF_WEEK:
        if item == "L":
            return True
        if match := re.fullmatch(r"(\w+)(L|#[1-5])", item):
            return _cron_value_ok(match.group(1), low, high, names)
    base, _, step = item.partition("/")
    if step and not (step.isdigit() and int(step) >= 1):
        return False
    if base == "*":
        return True
    start, _, end = base.partition("-")
    return _cron_value_ok(start, low, high, names) and (not end or _cron_value_ok(end, low, high, names))


def is_valid_schedule_expression(expression: str) -> bool:
    """True for AWS `rate(...)` and 6-field `cron(...)` expressions, as EventBridge accepts them."""
    if match := re.fullmatch(r"rate\((\d+) (minute|hour|day)(s?)\)", expression):
        amount = int(match.group(1))
        return amount >= 1 and (match.group(3) == "s") == (amount != 1)
    match = re.fullmatch(r"cron\((.*)\)", expression)
    if not match:
        return False
    fields = match.group(1).split(" ")
    if len(fields) != 6:
        return False
    # One of day-of-month / day-of-week must be "?", and not both.
    if (fields[_DAY_OF_MONTH] == "?") == (fields[_DAY_OF_WEEK] == "?"):
        return False
    for index, field in enumerate(fields):
        if field == "?" and index in (_DAY_OF_MONTH, _DAY_OF_WEEK):
            continue
        if not all(_cron_item_ok(item, index) for item in field.split(",")):
            return False
    return True


# --------------------------------------------------------------------------------------------------
# cfn-lint
# --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def lint_matches() -> list[Any]:
    return lint_file(TEMPLATE_PATH, config=ManualArgs(regions=["us-east-1"]))


def test_cfn_lint_reports_no_errors(lint_matches: list[Any]) -> None:
    errors = [f"{m.rule.id} {m.message} (line {m.linenumber})" for m in lint_matches if m.rule.id[0] == "E"]
    assert errors == []


def test_cfn_lint_reports_no_unaccepted_warnings(lint_matches: list[Any]) -> None:
    warnings = [
        f"{m.rule.id} {m.message} (line {m.linenumber})"
        for m in lint_matches
        if m.rule.id[0] == "W" and m.rule.id not in ACCEPTED_CFN_LINT_WARNINGS
    ]
    assert warnings == []


# --------------------------------------------------------------------------------------------------
# Queues and their consumers
# --------------------------------------------------------------------------------------------------
def test_every_work_queue_redrives_to_a_dlq_after_3_to_5_receives() -> None:
    dlqs = dead_letter_queue_ids()
    work_queues = {name: res for name, res in resources("AWS::SQS::Queue").items() if name not in dlqs}
    assert work_queues, "expected at least one work queue"
    for name, queue in work_queues.items():
        redrive = queue["Properties"].get("RedrivePolicy")
        assert redrive, f"{name} has no RedrivePolicy"
        assert referenced_id(redrive["deadLetterTargetArn"]) in dlqs, name
        assert 3 <= int(redrive["maxReceiveCount"]) <= 5, name


def test_every_dlq_retains_messages_14_days() -> None:
    dlqs = dead_letter_queue_ids()
    assert dlqs >= {"MemoryUpdateDLQ", "ScheduleDLQ"}
    for name in dlqs:
        assert int(props(name).get("MessageRetentionPeriod", 0)) == FOURTEEN_DAYS, name


def test_memory_update_queue_is_fifo_with_a_fifo_dlq_and_job_id_deduplication() -> None:
    queue = props("MemoryUpdateQueue")
    assert queue["FifoQueue"] is True
    assert queue["ContentBasedDeduplication"] is False  # MessageDeduplicationId = job id
    dlq_id = referenced_id(queue["RedrivePolicy"]["deadLetterTargetArn"])
    assert dlq_id == "MemoryUpdateDLQ"
    assert props(dlq_id)["FifoQueue"] is True


def test_sqs_event_sources_report_batch_item_failures() -> None:
    sources = sqs_event_sources()
    assert sources, "expected the memory update consumer"
    for function_id, source in sources:
        assert source.get("FunctionResponseTypes") == ["ReportBatchItemFailures"], function_id


def test_fifo_sqs_event_sources_take_at_most_10_records() -> None:
    for function_id, source in sqs_event_sources():
        if props(source["QueueId"]).get("FifoQueue") is True:
            assert 1 <= int(source.get("BatchSize", 10)) <= 10, function_id


def test_sqs_event_sources_cap_maximum_concurrency() -> None:
    for function_id, source in sqs_event_sources():
        maximum = source.get("ScalingConfig", {}).get("MaximumConcurrency")
        assert maximum is not None, f"{function_id} has no ScalingConfig.MaximumConcurrency"
        assert 2 <= int(maximum) <= 10, function_id  # 2 is the AWS minimum; more would swamp the proxy


def test_queue_visibility_timeout_is_at_least_6x_consumer_timeout() -> None:
    for function_id, source in sqs_event_sources():
        visibility = int(props(source["QueueId"]).get("VisibilityTimeout", 30))
        timeout = int(function_setting(function_id, "Timeout") or 3)
        assert visibility >= 6 * timeout, f"{source['QueueId']}: {visibility} < 6 x {timeout} ({function_id})"


def test_memory_update_function_consumes_the_memory_update_queue() -> None:
    assert ("MemoryUpdateFunction", "MemoryUpdateQueue") in {
        (f, s["QueueId"]) for f, s in sqs_event_sources()
    }


# --------------------------------------------------------------------------------------------------
# Functions and the layer
# --------------------------------------------------------------------------------------------------
def test_every_function_has_an_explicit_or_global_timeout() -> None:
    for function_id in functions():
        timeout = function_setting(function_id, "Timeout")
        assert isinstance(timeout, int) and 1 <= timeout <= 900, function_id


def test_every_function_runs_python312_on_arm64() -> None:
    for function_id in functions():
        assert function_setting(function_id, "Runtime") == "python3.12", function_id
        assert function_setting(function_id, "Architectures") == ["arm64"], function_id


def test_api_functions_fit_the_http_api_30_second_integration_timeout() -> None:
    # memory_update also consumes SQS with a longer budget; API Gateway cuts its API route at 30 s anyway.
    api_only = {function_id for function_id, _ in http_routes().values()} - {"MemoryUpdateFunction"}
    for function_id in api_only:
        assert function_setting(function_id, "Timeout") <= 30, function_id


@pytest.mark.parametrize("function_id", sorted(FUNCTIONS))
def test_design_function_is_declared_with_app_lambda_handler(function_id: str) -> None:
    assert function_id in functions()
    assert props(function_id)["Handler"] == "app.lambda_handler"
    code_uri = props(function_id)["CodeUri"]
    assert code_uri.rstrip("/") == f"functions/{FUNCTIONS[function_id]}"
    assert FUNCTIONS[function_id].isidentifier()


@pytest.mark.parametrize("function_id", sorted(FUNCTIONS))
def test_design_function_code_folder_exists_with_app_py(function_id: str) -> None:
    folder = ROOT / props(function_id)["CodeUri"]
    assert folder.is_dir(), f"{folder.relative_to(ROOT)}/ is missing"
    assert (folder / "app.py").is_file(), f"{folder.relative_to(ROOT)}/app.py is missing"


def test_every_function_uses_the_shared_layer() -> None:
    for function_id in functions():
        assert {"Ref": "EngramLayer"} in (function_setting(function_id, "Layers") or []), function_id


@pytest.mark.parametrize("layer_id", ["EngramLayer", "ModelSdkLayer"])
def test_layers_are_built_by_layers_engram_makefile_for_python312_arm64(layer_id: str) -> None:
    layer = resources("AWS::Serverless::LayerVersion")[layer_id]
    assert layer["Metadata"] == {"BuildMethod": "makefile", "BuildArchitecture": "arm64"}
    assert layer["Properties"]["ContentUri"].rstrip("/") == "layers/engram"
    assert f"build-{layer_id}:" in (ROOT / "layers" / "engram" / "Makefile").read_text()
    assert layer["Properties"]["CompatibleRuntimes"] == ["python3.12"]
    assert layer["Properties"]["CompatibleArchitectures"] == ["arm64"]


def test_the_model_sdk_layer_is_attached_only_where_a_provider_uses_an_sdk() -> None:
    assert resources("AWS::Serverless::LayerVersion")["ModelSdkLayer"]["Condition"] == "UsesModelSdks"
    attached = {"Fn::If": ["UsesModelSdks", {"Ref": "ModelSdkLayer"}, {"Ref": "AWS::NoValue"}]}
    for function_id in functions():
        assert attached in (function_setting(function_id, "Layers") or []), function_id


def test_layer_folder_holds_the_package_and_requirements_without_python_dir() -> None:
    folder = ROOT / "layers" / "engram"
    assert (folder / "requirements.txt").is_file()
    assert (folder / "engram").is_dir()
    assert not (folder / "python").exists(), "SAM adds python/ itself"


def test_functions_connect_to_the_database_through_the_rds_proxy_with_tls() -> None:
    for function_id in functions():
        env = environment(function_id)
        assert env["ENGRAM_DATABASE_HOST"] == {"Fn::GetAtt": ["DatabaseProxy", "Endpoint"]}, function_id
        assert env["ENGRAM_DATABASE_SSLMODE"] == "require", function_id
        assert referenced_id(env["ENGRAM_DATABASE_SECRET_ARN"]) == database_secret_owner(), function_id


def test_environment_never_resolves_secrets() -> None:
    for function_id in functions():
        for name, value in environment(function_id).items():
            assert "{{resolve:" not in json.dumps(value), f"{function_id}.{name} resolves a secret"
            assert not re.search(r"PASSWORD|API_KEY|TOKEN", name), f"{function_id}.{name} looks like a secret"


# --------------------------------------------------------------------------------------------------
# Schedules
# --------------------------------------------------------------------------------------------------
def schedule_by_task() -> dict[str, dict[str, Any]]:
    return {json.loads(event["Input"])["task"]: event for event in schedules().values()}


def test_every_schedule_expression_is_a_valid_aws_cron_or_rate() -> None:
    assert schedules()
    for key, event in schedules().items():
        assert is_valid_schedule_expression(event["ScheduleExpression"]), (key, event["ScheduleExpression"])


@pytest.mark.parametrize(
    "expression",
    [
        "cron(0 3 * * *)",
        "cron(0 3 * * * *)",
        "cron(0 3 ? * ? *)",
        "cron(60 3 * * ? *)",
        "rate(1 minutes)",
        "rate(0 hours)",
        "cron(0 4 ? * FUNDAY *)",
    ],
)
def test_schedule_expression_check_rejects_invalid_aws_expressions(expression: str) -> None:
    assert not is_valid_schedule_expression(expression)


def test_every_maintenance_task_is_scheduled_once() -> None:
    inputs = [json.loads(event["Input"])["task"] for event in schedules().values()]
    assert sorted(inputs) == sorted(MAINTENANCE_TASKS)


def test_cleanup_runs_daily_at_0300_utc() -> None:
    assert schedule_by_task()["cleanup"]["ScheduleExpression"] == "cron(0 3 * * ? *)"


def test_decay_runs_weekly_on_sunday_at_0400_utc() -> None:
    assert schedule_by_task()["decay"]["ScheduleExpression"] == "cron(0 4 ? * SUN *)"


def test_schedules_are_evaluated_in_utc() -> None:
    for key, event in schedules().items():
        assert event.get("ScheduleExpressionTimezone", "UTC") == "UTC", key


def test_schedules_retry_and_dead_letter_to_a_queue() -> None:
    for key, event in schedules().items():
        assert event.get("RetryPolicy", {}).get("MaximumRetryAttempts") is not None, key
        assert referenced_id(event.get("DeadLetterConfig", {}).get("Arn")) in resources("AWS::SQS::Queue"), (
            key
        )


# --------------------------------------------------------------------------------------------------
# Database
# --------------------------------------------------------------------------------------------------
def database_secret_owner() -> str:
    """The resource whose ARN is the database secret: a generated secret, or the cluster's managed one."""
    auth = props("DatabaseProxy")["Auth"][0]
    return referenced_id(auth["SecretArn"]) or ""


def test_aurora_cluster_is_encrypted_serverless_v2_postgresql() -> None:
    (cluster_id,) = resources("AWS::RDS::DBCluster")
    cluster = props(cluster_id)
    assert cluster["Engine"] == "aurora-postgresql"
    assert int(str(cluster["EngineVersion"]).split(".")[0]) >= 17
    assert cluster["ServerlessV2ScalingConfiguration"] == {"MinCapacity": 0.5, "MaxCapacity": 8}
    assert cluster["StorageEncrypted"] is True
    instances = resources("AWS::RDS::DBInstance").values()
    assert any(i["Properties"]["DBInstanceClass"] == "db.serverless" for i in instances)


def test_prod_cluster_has_deletion_protection() -> None:
    (cluster_id,) = resources("AWS::RDS::DBCluster")
    protection = props(cluster_id)["DeletionProtection"]
    condition, when_true, when_false = protection["Fn::If"]
    assert template()["Conditions"][condition] == {"Fn::Equals": [{"Ref": "Stage"}, "prod"]}
    assert (when_true, when_false) == (True, False)


def test_database_credentials_live_in_secrets_manager() -> None:
    owner = database_secret_owner()
    res = template()["Resources"][owner]
    if res["Type"] == "AWS::SecretsManager::Secret":
        assert "GenerateSecretString" in res["Properties"]
        attachments = resources("AWS::SecretsManager::SecretTargetAttachment").values()
        assert any(referenced_id(a["Properties"]["SecretId"]) == owner for a in attachments)
    else:
        assert res["Type"] == "AWS::RDS::DBCluster" and res["Properties"]["ManageMasterUserPassword"] is True


def test_rds_proxy_requires_tls_and_authenticates_with_the_database_secret() -> None:
    proxy = props("DatabaseProxy")
    assert proxy["EngineFamily"] == "POSTGRESQL"
    assert proxy["RequireTLS"] is True
    assert [a["AuthScheme"] for a in proxy["Auth"]] == ["SECRETS"]
    role_statements = [s for name, s in iam_statements() if name == referenced_id(proxy["RoleArn"])]
    policy_statements = [s for s in role_statements if s.get("Action") != "sts:AssumeRole"]
    assert policy_statements, "the proxy role must read the secret"
    for statement in policy_statements:
        assert as_list(statement["Action"]) == ["secretsmanager:GetSecretValue"]
        assert [referenced_id(r) for r in as_list(statement["Resource"])] == [database_secret_owner()]


def test_every_database_function_reads_the_database_secret_through_the_policy_template() -> None:
    for function_id in functions():
        granted = [
            referenced_id(p["AWSSecretsManagerGetSecretValuePolicy"]["SecretArn"])
            for p in props(function_id).get("Policies", [])
            if isinstance(p, dict) and "AWSSecretsManagerGetSecretValuePolicy" in p
        ]
        assert database_secret_owner() in granted, function_id


def test_migration_runs_after_the_database_instance_and_proxy_exist() -> None:
    (migration_id,) = [n for n, r in resources().items() if r["Type"] == "Custom::EngramMigration"]
    migration = template()["Resources"][migration_id]
    assert referenced_id(migration["Properties"]["ServiceToken"]) == "MigrateFunction"
    assert "Version" in migration["Properties"]
    depends_on = set(as_list(migration.get("DependsOn", [])))
    assert set(resources("AWS::RDS::DBInstance")) <= depends_on
    assert set(resources("AWS::RDS::DBProxyTargetGroup")) <= depends_on


# --------------------------------------------------------------------------------------------------
# IAM and network
# --------------------------------------------------------------------------------------------------
def test_no_iam_statement_allows_every_action() -> None:
    for name, statement in iam_statements():
        for action in as_list(statement.get("Action", [])):
            assert not (isinstance(action, str) and (action == "*" or action.endswith(":*"))), (name, action)


def test_no_iam_statement_grants_every_resource() -> None:
    # Every action used here supports resource-level permissions; SAM's own managed policies are not ours.
    for name, statement in iam_statements():
        assert "*" not in as_list(statement.get("Resource", [])), name


def test_functions_attach_no_aws_managed_policies_by_name() -> None:
    for function_id in functions():
        for policy in props(function_id).get("Policies", []):
            assert not isinstance(policy, str), f"{function_id} attaches {policy}"


def test_bedrock_permissions_exist_only_for_bedrock_providers() -> None:
    for name, statement in iam_statements():
        if any(str(a).startswith("bedrock:") for a in as_list(statement.get("Action", []))):
            condition = template()["Resources"][name].get("Condition")
            assert condition in {"LlmIsBedrock", "EmbeddingIsBedrock"}, name


def ingress_rules() -> list[tuple[str, dict[str, Any]]]:
    rules = [(name, res["Properties"]) for name, res in resources("AWS::EC2::SecurityGroupIngress").items()]
    for name, group in resources("AWS::EC2::SecurityGroup").items():
        rules += [(name, rule) for rule in group["Properties"].get("SecurityGroupIngress", [])]
    return rules


def test_security_group_ingress_is_postgres_port_5432_only() -> None:
    assert ingress_rules()
    for name, rule in ingress_rules():
        assert (rule["IpProtocol"], int(rule["FromPort"]), int(rule["ToPort"])) == ("tcp", 5432, 5432), name


def test_security_group_ingress_is_never_open_to_the_internet() -> None:
    for name, rule in ingress_rules():
        assert rule.get("CidrIp") != "0.0.0.0/0" and rule.get("CidrIpv6") != "::/0", name
        assert "SourceSecurityGroupId" in rule, f"{name} should admit a security group, not a CIDR"


def test_database_path_is_lambda_to_proxy_to_cluster() -> None:
    admitted = {
        referenced_id(rule["GroupId"]): referenced_id(rule["SourceSecurityGroupId"])
        for _, rule in ingress_rules()
        if "GroupId" in rule
    }
    assert admitted == {
        "ProxySecurityGroup": "LambdaSecurityGroup",
        "ClusterSecurityGroup": "ProxySecurityGroup",
    }
    assert [referenced_id(g) for g in props("DatabaseProxy")["VpcSecurityGroupIds"]] == ["ProxySecurityGroup"]
    (cluster_id,) = resources("AWS::RDS::DBCluster")
    assert [referenced_id(g) for g in props(cluster_id)["VpcSecurityGroupIds"]] == ["ClusterSecurityGroup"]
    for function_id in functions():
        groups = function_setting(function_id, "VpcConfig")["SecurityGroupIds"]
        assert [referenced_id(g) for g in groups] == ["LambdaSecurityGroup"], function_id


# --------------------------------------------------------------------------------------------------
# HTTP API
# --------------------------------------------------------------------------------------------------
def test_every_design_route_is_served_by_its_design_function() -> None:
    served = {route: function_id for route, (function_id, _) in http_routes().items()}
    assert served == ROUTES


def test_http_api_defaults_to_a_jwt_authorizer_on_the_authorization_header() -> None:
    auth = props("EngramHttpApi")["Auth"]
    authorizer = auth["Authorizers"][auth["DefaultAuthorizer"]]
    assert authorizer["IdentitySource"] == "$request.header.Authorization"
    assert authorizer["JwtConfiguration"] == {
        "issuer": {"Ref": "JwtIssuer"},
        "audience": {"Ref": "JwtAudience"},
    }


def test_only_health_and_openapi_are_unauthenticated() -> None:
    unauthenticated = {
        route
        for route, (_, event) in http_routes().items()
        if event.get("Auth", {}).get("Authorizer") == "NONE"
    }
    assert unauthenticated == PUBLIC_ROUTES


def test_every_route_is_on_the_engram_http_api() -> None:
    for route, (_, event) in http_routes().items():
        assert event.get("ApiId") == {"Ref": "EngramHttpApi"}, route


# --------------------------------------------------------------------------------------------------
# Alarms and outputs
# --------------------------------------------------------------------------------------------------
def alarm_targets(namespace: str, metric: str) -> set[str | None]:
    return {
        referenced_id(alarm["Properties"]["Dimensions"][0]["Value"])
        for alarm in resources("AWS::CloudWatch::Alarm").values()
        if (alarm["Properties"]["Namespace"], alarm["Properties"]["MetricName"]) == (namespace, metric)
        and alarm["Properties"]["ComparisonOperator"] == "GreaterThanThreshold"
        and alarm["Properties"]["Threshold"] == 0
    }


def test_every_dlq_alarms_when_a_message_arrives() -> None:
    assert dead_letter_queue_ids() <= alarm_targets("AWS/SQS", "ApproximateNumberOfMessagesVisible")


def test_memory_update_function_errors_raise_an_alarm() -> None:
    assert "MemoryUpdateFunction" in alarm_targets("AWS/Lambda", "Errors")


def test_outputs_expose_api_url_queue_url_proxy_endpoint_and_layer() -> None:
    assert {"ApiUrl", "QueueUrl", "DatabaseProxyEndpoint", "LayerArn"} <= set(template()["Outputs"])


# --------------------------------------------------------------------------------------------------
# Sample events
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(EVENTS_DIR.glob("*.json")), ids=lambda p: p.name)
def test_sample_event_is_valid_json(path: Path) -> None:
    assert isinstance(json.loads(path.read_text()), dict)


def test_api_sample_events_match_template_routes() -> None:
    assert api_sample_events()
    for name, event in api_sample_events().items():
        assert event["routeKey"] in http_routes(), name
        assert event["requestContext"]["routeKey"] == event["routeKey"], name


def test_api_sample_event_method_and_path_match_the_route_key() -> None:
    for name, event in api_sample_events().items():
        method, route_path = event["routeKey"].split(" ", 1)
        assert event["requestContext"]["http"]["method"] == method, name
        assert event["requestContext"]["http"]["path"] == event["rawPath"], name
        assert route_regex(route_path).match(event["rawPath"]), name


def test_api_sample_events_carry_jwt_claims_exactly_on_protected_routes() -> None:
    for name, event in api_sample_events().items():
        authorizer = event["requestContext"].get("authorizer")
        if event["routeKey"] in PUBLIC_ROUTES:
            assert authorizer is None, name
        else:
            assert authorizer["jwt"]["claims"]["sub"] == "user-123", name
            assert event["headers"]["authorization"].startswith("Bearer "), name


def test_api_sample_event_bodies_are_json_strings() -> None:
    for name, event in api_sample_events().items():
        if "body" in event:
            assert event["headers"]["content-type"] == "application/json", name
            assert isinstance(json.loads(event["body"]), dict), name


def test_api_sample_events_validate_against_the_powertools_model() -> None:
    from aws_lambda_powertools.utilities.parser.models import APIGatewayProxyEventV2Model

    for event in api_sample_events().values():
        APIGatewayProxyEventV2Model.model_validate(event)


def test_sqs_sample_event_is_a_fifo_batch_of_job_messages() -> None:
    from aws_lambda_powertools.utilities.parser.models import SqsModel

    event = sample_events()["memory_update_sqs.json"]
    SqsModel.model_validate(event)
    assert 1 <= len(event["Records"]) <= 10
    for record in event["Records"]:
        body = json.loads(record["body"])
        assert record["eventSourceARN"].endswith(".fifo")
        assert record["attributes"]["MessageGroupId"] == body["user_id"] == "user-123"
        assert record["attributes"]["MessageDeduplicationId"] == body["job_id"]
        assert "SequenceNumber" in record["attributes"]
        JobMessage.model_validate(body)  # exactly what the consumer accepts
        assert body["job_type"] == "update"


def test_every_schedule_input_has_a_matching_sample_event() -> None:
    samples = [event for event in sample_events().values() if set(event) == {"task"}]
    inputs = [json.loads(event["Input"]) for event in schedules().values()]
    assert sorted(samples, key=str) == sorted(inputs, key=str)


def test_migrate_sample_event_is_a_create_for_the_migration_custom_resource() -> None:
    event = sample_events()["migrate_create.json"]
    resource = template()["Resources"][event["LogicalResourceId"]]
    assert event["RequestType"] == "Create"
    assert event["ResourceType"] == resource["Type"] == "Custom::EngramMigration"
    assert {"ServiceToken", "Version"} <= set(event["ResourceProperties"])
    assert event["ResponseURL"].startswith("https://")
    assert event["StackId"].startswith("arn:aws:cloudformation:")


def test_every_function_has_a_sample_event() -> None:
    covered = {
        http_routes()[e["routeKey"]][0]
        for e in api_sample_events().values()
        if e["routeKey"] in http_routes()
    }
    for event in sample_events().values():
        if "Records" in event:
            fifo = event["Records"][0]["eventSourceARN"].endswith(".fifo")
            covered |= {
                f for f, s in sqs_event_sources() if (props(s["QueueId"]).get("FifoQueue") is True) == fifo
            }
        elif set(event) == {"task"}:
            covered |= {f for (f, _), s in schedules().items() if json.loads(s["Input"]) == event}
        elif event.get("RequestType") == "Create":
            service_token = template()["Resources"][event["LogicalResourceId"]]["Properties"]["ServiceToken"]
            covered.add(referenced_id(service_token) or "")
    assert covered == set(functions())


def test_migrate_function_ships_the_sql_migrations_in_its_code_folder() -> None:
    # engram.db.migrations looks for sql/ under LAMBDA_TASK_ROOT; the repo's sql/ is outside CodeUri.
    shipped = ROOT / props("MigrateFunction")["CodeUri"] / "sql"
    expected = sorted(p.name for p in (ROOT / "sql").glob("*.sql"))
    assert expected, "sql/ has no migrations"
    assert sorted(p.name for p in shipped.glob("*.sql")) == expected, (
        f"{shipped.relative_to(ROOT)} differs from sql/"
    )
