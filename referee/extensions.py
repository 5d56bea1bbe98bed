"""The Flask extensions and language settings the app factory sets up, which the views use too.

In their own module rather than the app factory's (``referee/__init__.py``): the app factory
imports the views, so a view importing from it would close a circle.
"""

from __future__ import annotations

from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect

LANGUAGES = ("en", "fr")
LANGUAGE_COOKIE = "lang"

csrf = CSRFProtect()
babel = Babel()
