"""What a client may send, beyond each field's own type: JSON scalars of their JSON type (no `true` for
1, no 1 for `true`), text within its documented length as sent, and times within the window Engram can
store. Every request model builds on `ApiModel` (or `JsonScalars` where unknown fields are ignored)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from pydantic_core import PydanticCustomError

# Every time Engram stores lies in this window (UTC). Python's datetime ends at year 9999 and starts at
# year 1, PostgreSQL's timestamptz reaches further: a time near either end stored fine but could not be
# read back (year 0 after a +14:00 offset), or overflowed in date arithmetic (expiry, decay, "180 days
# before"), breaking the account for good. The margin of centuries on both sides keeps that arithmetic
# safe; no memory of a life needs a date outside it.
TIMESTAMP_MIN = datetime(1000, 1, 1, tzinfo=UTC)
TIMESTAMP_MAX = datetime(9000, 1, 1, tzinfo=UTC)
MAX_UTC_OFFSET = timedelta(hours=16)


def is_storable_time(value: datetime | None) -> bool:
    """True when `value` (naive = UTC) lies in the stored window after its offset is applied."""
    if value is None:
        return True
    try:
        utc = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    except (OverflowError, ValueError):
        return False
    return TIMESTAMP_MIN <= utc < TIMESTAMP_MAX


def _storable_time(value: datetime) -> datetime:
    if not is_storable_time(value):
        raise ValueError("must be between 1000-01-01 and 8999-12-31 (UTC, after its offset is applied)")
    offset = value.utcoffset()
    if offset is not None and abs(offset) >= MAX_UTC_OFFSET:
        # Python takes offsets up to 24 h, PostgreSQL up to 15:59; real ones run from -12:00 to +14:00.
        raise ValueError("has a UTC offset beyond ±15:59")
    return value


def _time_text(value: object) -> object:
    """A client sends times as ISO 8601 text; a bare number (seconds? milliseconds?) is refused, also
    as text (a query parameter)."""
    if isinstance(value, int | float) or (isinstance(value, str) and _NUMBER_TEXT.fullmatch(value.strip())):
        raise ValueError("must be an ISO 8601 date-time string, e.g. 2024-05-01T09:30:00Z")
    return value


_NUMBER_TEXT = re.compile(r"[+-]?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?")


# A time a client sends: ISO 8601 text, within the stored window.
Timestamp = Annotated[datetime, BeforeValidator(_time_text), AfterValidator(_storable_time)]


class JsonScalars(BaseModel):
    """A body read from JSON: `true`/`false` and text are refused where a number is expected (pydantic
    would read them as 1/0 and 5), and anything but `true`/`false` where a boolean is (0, "yes")."""

    @model_validator(mode="before")
    @classmethod
    def _scalars_of_their_json_type(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for name, info in cls.model_fields.items():
                key = info.alias or name
                value = data.get(key, data.get(name))
                if isinstance(value, bool | str) and _wants_number(info.annotation):
                    raise PydanticCustomError("number_type", "must be a JSON number", {"field": key})
                if _read_as_bool(value) and _wants_bool(info.annotation):
                    raise PydanticCustomError("bool_type", "must be true or false", {"field": key})
                hit = _text_limit_exceeded(value, info.annotation, tuple(info.metadata))
                if hit is not None:
                    context = {"field": key + hit[1], "limit": hit[0]}
                    raise PydanticCustomError(
                        "string_too_long", "must be at most {limit} characters", context
                    )
        return data


class ApiModel(JsonScalars):
    """Request bodies: unknown fields are refused (a typo must not be silently ignored)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def _read_as_bool(value: Any) -> bool:
    """True for a non-boolean that lax mode would read as one (0, 1, "yes", "off"); anything else that
    is not a boolean pydantic refuses itself, naming the field where it stands."""
    if value is None or isinstance(value, bool):
        return False
    try:
        _LAX_BOOL.validate_python(value)
    except ValidationError:
        return False
    return True


_LAX_BOOL: TypeAdapter[bool] = TypeAdapter(bool)


def _wants_bool(annotation: Any) -> bool:
    """True for bool fields (also optional ones): pydantic's lax mode reads 0, 1 and "yes" as booleans,
    which a field declared `bool` on a shared domain model (a client's fact) would otherwise take."""
    if annotation is bool:
        return True
    args = get_args(annotation)
    if args and get_origin(annotation) in (Union, UnionType):
        return all(arg is bool or arg is type(None) for arg in args) and bool in args
    return False


def _wants_number(annotation: Any) -> bool:
    """True for int/float fields (also optional or annotated ones) that accept no boolean or text."""
    if annotation in (int, float):
        return True
    args = get_args(annotation)
    if get_origin(annotation) is Literal:  # Literal[1, 2, 3] takes True as 1
        return all(isinstance(arg, int | float) and not isinstance(arg, bool) for arg in args)
    if get_origin(annotation) is Annotated:
        return _wants_number(args[0])
    if args and get_origin(annotation) in (Union, UnionType):
        return all(_wants_number(arg) or arg is type(None) for arg in args)
    return False


def _text_limit_exceeded(
    value: Any, annotation: Any, metadata: tuple[Any, ...] = ()
) -> tuple[int, str] | None:
    """The max_length that text, as sent, exceeds and where (`""` or `"[3]"` in a list), None when
    within. Bodies are stripped of surrounding whitespace before pydantic measures them, so a padded
    string longer than the documented maxLength was accepted: the document and the server disagreed."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _text_limit_exceeded(value, args[0], (*metadata, *args[1:]))
    if args and origin in (Union, UnionType):
        found = (_text_limit_exceeded(value, arg, metadata) for arg in args if arg is not type(None))
        return next((hit for hit in found if hit is not None), None)
    if annotation is str and isinstance(value, str):
        limits = [m.max_length for m in metadata if isinstance(getattr(m, "max_length", None), int)]
        # only padding that hides the excess: pydantic itself reports the rest, with its own location
        return next(((limit, "") for limit in limits if len(value.strip()) <= limit < len(value)), None)
    if origin is list and isinstance(value, list) and args:
        for index, item in enumerate(value):
            hit = _text_limit_exceeded(item, args[0])
            if hit is not None:
                return hit[0], f"[{index}]{hit[1]}"
    return None
