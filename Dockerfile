# One image for the web and the solver worker.
FROM python:3.13-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=0
WORKDIR /app
# The whole tree, less what .dockerignore leaves out (tests, benches, version control, local
# virtualenvs and databases): an app added to the site is in the image without a line here.
# CI builds the same file set without a container engine and starts the site from it
# (.ci/image_check.py), following the RUN and CMD lines below.
COPY . .
# The search core is C, compiled by the install: gcc and the C library's headers are there
# for the build only (Python's headers come with the image). Editable, so that the module is
# built next to the sources the site runs from (/app), as ./dev does.
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && pip install --no-cache-dir -e . \
 && apt-get purge -y --auto-remove gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
# The site's build steps. collectstatic loads the production settings, which want real keys:
# throwaway ones, used for nothing and kept nowhere. The running containers get theirs from
# the environment.
RUN python -c "import solver.search._native" \
 && key() { python -c 'import secrets; print(secrets.token_urlsafe(50))'; } \
 && DEBUG=0 SECRET_KEY="$(key)" DEAL_KEY="$(key)" python manage.py collectstatic --noinput
RUN useradd --system --no-create-home app
USER app
EXPOSE 8000
# The web (gunicorn.conf.py: the metrics of every worker process counted together). The
# compose file's worker service runs `manage.py db_worker` from the same image instead.
CMD ["gunicorn", "yukon_site.wsgi", "--config", "gunicorn.conf.py", "--bind", "0.0.0.0:8000", "--worker-class", "gthread", "--workers", "2", "--threads", "8", "--keep-alive", "5", "--access-logfile", "-"]
