"""The pages' templates (``engine/web/templates``), through Starlette's
:class:`~starlette.templating.Jinja2Templates`: every value a template prints is escaped
(autoescaping on for every template, whatever its name), and a name a template uses that its
context lacks is an error, not an empty string.

>>> render("error.html", status=404, message="<b>no</b>")[-200:].count("&lt;b&gt;no&lt;/b&gt;")
1
"""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup
from starlette.templating import Jinja2Templates

from engine.web.html import static_version

__all__ = ["TEMPLATES", "page", "render"]

TEMPLATES = Jinja2Templates(env=jinja2.Environment(
    loader=jinja2.PackageLoader("engine.web", "templates"), autoescape=True,
    undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True))
TEMPLATES.env.globals["static"] = static_version


def render(template: str, /, **context: Any) -> str:
    """The template named ``template`` filled in with ``context``."""
    return TEMPLATES.get_template(template).render(**context)


def page(title: str, body: str, *, notice: str = "") -> str:
    """A whole page (``base.html``): ``title`` and ``notice`` (text, escaped) around ``body``,
    HTML this package made (every piece of text in it escaped where it was made)."""
    return render("base.html", title=title, body=Markup(body), notice=notice)
