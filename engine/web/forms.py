"""Forms read within limits: ``application/x-www-form-urlencoded`` only, up to a size (413
beyond it), as UTF-8 text (400 otherwise)."""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request

__all__ = ["MAX_FORM", "read_form"]

MAX_FORM = 4096
"""Largest body of a form that carries no file (an action, a hint)."""


async def read_form(request: Request, limit: int) -> dict[str, str]:
    """The urlencoded form of a POST, read up to ``limit`` bytes (413 beyond)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(415, "send the form as application/x-www-form-urlencoded")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise HTTPException(413, f"the form is larger than {limit:,} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise HTTPException(413, f"the form is larger than {limit:,} bytes")
    except ClientDisconnect:  # the browser went away mid-request: nothing to answer
        raise HTTPException(400, "the request was cut off") from None
    try:
        fields = parse_qs(body.decode("ascii"), keep_blank_values=True, strict_parsing=False,
                          encoding="utf-8", errors="strict", max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "the form is not valid urlencoded UTF-8 text") from None
    return {key: values[0] for key, values in fields.items()}
