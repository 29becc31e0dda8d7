"""site.yaml `analytics`: an opt-in visitor count by a privacy-respecting service.

Nothing is counted unless it is set. Each service takes the fields it needs; every script
or endpoint URL is checked like any URL (safeurl) and must be https://, for a page served
over https may not load a script over plain http.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from generator.content.schema.fields import Strict, Url
from generator.errors import shown

PROVIDERS = ("plausible", "goatcounter", "umami", "script")


def _https(value: str) -> str:
    if not value.lower().startswith("https://") or len(value) <= len("https://"):
        raise PydanticCustomError(
            "https_url",
            "{value} is not an https:// address (expected e.g. "
            "https://stats.example.org/script.js)",
            {"value": shown(value)},
        )
    return value


HttpsUrl = Annotated[Url, AfterValidator(_https)]

# What each service needs besides its script, and what is wrong without it.
_NEEDS = {
    "goatcounter": (("code", "endpoint"), "'code' (your GoatCounter site code) or 'endpoint'"),
    "umami": (("website_id",), "'website_id' (from Umami's website settings)"),
    "script": (("script_url",), "'script_url' (the address of your analytics script)"),
}


class Analytics(Strict):
    """An analytics service: nothing is added to the pages unless this is set."""

    provider: Literal[PROVIDERS] = Field(  # type: ignore[valid-type]
        description="plausible, goatcounter, umami, or script (any self-hosted script)."
    )
    domain: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9.-]+$",
        description="plausible: the site's domain as registered there; base_url's host by default.",
    )
    code: str | None = Field(
        None,
        pattern=r"^[a-z0-9-]+$",
        description="goatcounter: your site code, as in https://<code>.goatcounter.com.",
    )
    endpoint: HttpsUrl | None = Field(
        None, description="goatcounter: the count endpoint of a self-hosted GoatCounter."
    )
    website_id: str | None = Field(
        None,
        pattern=r"^[0-9A-Fa-f-]{8,64}$",
        description="umami: the website ID from Umami's settings (a UUID).",
    )
    script_url: HttpsUrl | None = Field(
        None,
        description="The script's address: a self-hosted instance's, or (for script) your "
        "own analytics script's; each service's own by default.",
    )

    @model_validator(mode="after")
    def _has_what_it_needs(self) -> Any:
        fields, what = _NEEDS.get(self.provider, ((), ""))
        if fields and all(getattr(self, name) is None for name in fields):
            raise PydanticCustomError(
                "analytics",
                "{provider} needs {what}",
                {"provider": self.provider, "what": what, "field": fields[0]},
            )
        return self
