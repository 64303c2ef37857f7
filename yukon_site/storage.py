"""The static files as shipped: whitenoise's compressed files under content-hashed names, with
the JavaScript modules' relative imports (`import { say } from "./announce.js"`) rewritten to
the hashed names too, so a page loads the modules of its own release, cached for good.

collectstatic hashes a module only after the modules it imports, one level of imports per
pass at worst: Django's five passes allow four levels below the page's entry module."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
