"""The <script> of the analytics service site.yaml's `analytics` names: its attributes, as
each service documents its snippet. None when `analytics` is not set: nothing is added."""

from __future__ import annotations

from urllib.parse import urlsplit

from generator.content.schema import Analytics, SiteConfig

# Each service's own script, used unless `script_url` names a self-hosted one.
PLAUSIBLE_SCRIPT = "https://plausible.io/js/script.js"
GOATCOUNTER_SCRIPT = "https://gc.zgo.at/count.js"
UMAMI_SCRIPT = "https://cloud.umami.is/script.js"

Attributes = list[tuple[str, str | None]]  # (name, value); None: a boolean attribute


def analytics_script(config: SiteConfig) -> Attributes | None:
    """The script's attributes in order, or None for a site that counts nothing."""
    settings = config.analytics
    if settings is None:
        return None
    return _MAKERS[settings.provider](settings, config)


def _plausible(settings: Analytics, config: SiteConfig) -> Attributes:
    domain = settings.domain or urlsplit(config.base_url).hostname or ""
    script = settings.script_url or PLAUSIBLE_SCRIPT
    return [("defer", None), ("data-domain", domain), ("src", script)]


def _goatcounter(settings: Analytics, config: SiteConfig) -> Attributes:
    endpoint = settings.endpoint or f"https://{settings.code}.goatcounter.com/count"
    script = settings.script_url or GOATCOUNTER_SCRIPT
    return [("data-goatcounter", endpoint), ("async", None), ("src", script)]


def _umami(settings: Analytics, config: SiteConfig) -> Attributes:
    script = settings.script_url or UMAMI_SCRIPT
    return [("defer", None), ("src", script), ("data-website-id", settings.website_id or "")]


def _script(settings: Analytics, config: SiteConfig) -> Attributes:
    return [("defer", None), ("src", settings.script_url or "")]


_MAKERS = {"plausible": _plausible, "goatcounter": _goatcounter, "umami": _umami, "script": _script}
