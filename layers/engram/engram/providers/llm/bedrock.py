"""Claude on Amazon Bedrock through the Converse API, plus the client and error mapping Titan shares.

Converse gives one request shape for every Bedrock chat model, with tools as `toolConfig`; credentials
come from the Lambda role (or the usual AWS chain locally), never from our settings.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from engram.config import Settings
from engram.errors import EngramError, ProviderError, ProviderUnavailable
from engram.providers.base import (
    LLMResult,
    ToolCall,
    ToolSpec,
    check_request,
    elapsed_ms,
    retry_after_seconds,
)
from engram.providers.llm.base import ToolFormat

# Error codes that mean "busy or down, try later" rather than "this request is wrong".
_TRANSIENT_CODES = frozenset(
    {
        "ThrottlingException",
        "TooManyRequestsException",
        "ServiceUnavailableException",
        "InternalServerException",
        "ModelTimeoutException",
        "ModelNotReadyException",
    }
)

TOOLS = ToolFormat(
    tools_field="tools",
    choice_field="toolChoice",
    spell=lambda tool: {
        "toolSpec": {
            "name": tool.name,
            "description": tool.description,
            "inputSchema": {"json": tool.input_schema},
        }
    },
    auto={"auto": {}},
    any={"any": {}},
    named=lambda name: {"tool": {"name": name}},
    container="toolConfig",
)


def build_bedrock_client(settings: Settings) -> Any:
    """A `bedrock-runtime` client whose timeout and retry budget come from settings."""
    import boto3
    from botocore.config import Config

    config = Config(
        read_timeout=settings.llm_timeout_seconds,
        connect_timeout=min(10.0, settings.llm_timeout_seconds),
        retries={"mode": "standard", "total_max_attempts": settings.llm_max_retries + 1},
    )
    try:
        return boto3.client("bedrock-runtime", region_name=settings.aws_region, config=config)
    except Exception as err:
        raise bedrock_error(err, "client setup") from err


def bedrock_error(err: Exception, operation: str) -> EngramError:
    """Map a botocore exception to our error types. Messages carry the AWS error code, never content."""
    from botocore.exceptions import (
        ClientError,
        ConnectionError,
        HTTPClientError,
        NoCredentialsError,
        NoRegionError,
    )

    if isinstance(err, EngramError):
        return err
    if isinstance(err, ClientError):
        code = err.response.get("Error", {}).get("Code", "Unknown")
        meta = err.response.get("ResponseMetadata", {})
        status = meta.get("HTTPStatusCode") or 0
        if code in _TRANSIENT_CODES or status == 429 or status >= 500:
            return ProviderUnavailable(
                f"bedrock is throttling or unavailable for {operation} ({code})",
                retry_after=retry_after_seconds(meta.get("HTTPHeaders")),
            )
        return ProviderError(f"bedrock rejected the {operation} request ({code})")
    if isinstance(err, ConnectionError | HTTPClientError):  # includes connect and read timeouts
        return ProviderUnavailable(f"could not reach bedrock for {operation} ({type(err).__name__})")
    if isinstance(err, NoCredentialsError):
        return ProviderError("no AWS credentials found for bedrock")
    if isinstance(err, NoRegionError):
        return ProviderError("no AWS region configured for bedrock: set AWS_REGION or ENGRAM_AWS_REGION")
    return ProviderError(f"bedrock {operation} failed ({type(err).__name__})")


class BedrockLLM:
    """`LLM` over Bedrock Converse. `client` injects a ready bedrock-runtime client (tests: a Stubber's)."""

    name = "bedrock"

    def __init__(self, settings: Settings, *, client: Any = None) -> None:
        self.model = settings.bedrock_model_id
        self._settings = settings
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = build_bedrock_client(self._settings)
        return self._client

    def complete(
        self,
        *,
        system: str,
        messages: Sequence[dict],
        tools: Sequence[ToolSpec] = (),
        tool_choice: str | None = None,
        max_tokens: int | None = None,
        temperature: float = 0.0,
    ) -> LLMResult:
        check_request(messages, tools, tool_choice)
        params: dict[str, Any] = {
            "modelId": self.model,
            "messages": [
                {"role": message["role"], "content": [{"text": message["content"]}]} for message in messages
            ],
            "inferenceConfig": {
                "maxTokens": max_tokens or self._settings.llm_max_tokens,
                "temperature": temperature,
            },
        }
        if system:  # system blocks must be non-empty
            params["system"] = [{"text": system}]
        params.update(TOOLS.request_fields(tools, tool_choice))
        started = time.perf_counter()
        try:
            response = self.client.converse(**params)
        except Exception as err:
            raise bedrock_error(err, "converse") from err
        latency = elapsed_ms(started)

        try:
            content = response["output"]["message"]["content"]
            usage = response["usage"]
        except (KeyError, TypeError) as err:
            raise ProviderError("bedrock returned a converse response without a message") from err
        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in content:
            if "text" in block:
                texts.append(block["text"])
            elif "toolUse" in block:
                tool_use = block["toolUse"]
                if not isinstance(tool_use.get("input"), dict):
                    raise ProviderError(
                        f"bedrock returned tool input that is not an object for {tool_use.get('name')}"
                    )
                calls.append(
                    ToolCall(id=tool_use["toolUseId"], name=tool_use["name"], arguments=tool_use["input"])
                )
        input_tokens = (
            usage.get("inputTokens", 0)
            + usage.get("cacheReadInputTokens", 0)
            + usage.get("cacheWriteInputTokens", 0)
        )
        return LLMResult(
            text="".join(texts),
            tool_calls=calls,
            model=self.model,
            input_tokens=input_tokens,
            output_tokens=usage.get("outputTokens", 0),
            latency_ms=latency,
            stop_reason=response.get("stopReason"),
        )
