"""theme.yaml: a theme's name, the theme it extends and its options."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ThemeManifest(BaseModel):
    """theme.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str | None = None
    extends: str | None = Field(None, description="The theme this one builds on.")
    options: dict[str, Any] = Field(default_factory=dict, description="Options and defaults.")
