"""The static files as shipped: whitenoise's compressed files under content-hashed names, with
the JavaScript modules' relative imports (`import { say } from "./announce.js"`) rewritten to
the hashed names too, so a page loads the modules of its own release, cached for good.

Django can rewrite imports itself (`support_js_module_import_aggregation`), but it reads an
import from the word "import" anywhere: a comment saying "the others import too" above an
import statement swallowed that statement, which then went out unhashed. Here an import (or a
re-export) is a statement at the start of a line, as every module of ours writes it, and the
statement is kept as written but for its hashed name.

collectstatic hashes a module only after the modules it imports, one level of imports per
pass at worst: Django's five passes allow four levels of imports below a page's module."""

from whitenoise.storage import CompressedManifestStaticFilesStorage

# `import { a, b } from "./x.js"`, `import * as x from "../y.js"`, `export { a } from "./x.js"`:
# no parenthesis or `=` before `from`, so no function or constant declaration can pass for one.
IMPORT_FROM = (
    r"""(?m)^(?P<matched>(?P<head>(?:import|export)\b[^;"'`()=]*?\bfrom\s*)"""
    r"""["'](?P<url>\.\.?/[^"']+)["'])"""
)
# `import "./x.js"`: a module run for its listeners.
IMPORT_ONLY = r"""(?m)^(?P<matched>(?P<head>import\s*)["'](?P<url>\.\.?/[^"']+)["'])"""
AS_WRITTEN = '%(head)s"%(url)s"'


class StaticStorage(CompressedManifestStaticFilesStorage):
    patterns = CompressedManifestStaticFilesStorage.patterns + (
        ("*.js", ((IMPORT_FROM, AS_WRITTEN), (IMPORT_ONLY, AS_WRITTEN))),
    )
