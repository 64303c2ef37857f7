# One image for the web and the solver worker.
FROM python:3.13-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=0
WORKDIR /app
COPY pyproject.toml README.md ./
# Every app (pyproject.toml's packages.find names the same list).
COPY accounts accounts
COPY daily daily
COPY games games
COPY play play
COPY retention retention
COPY solver solver
COPY yukon_site yukon_site
COPY templates templates
COPY static static
COPY manage.py ./
# The search core is C, compiled by the install: gcc and the C library's headers are there
# for the build only (Python's headers come with the image). Editable, so that the module is
# built next to the sources the site runs from (/app), as ./dev does. collectstatic loads the
# production settings, which want real keys: throwaway ones, used for nothing and kept nowhere.
# The running containers get theirs from the environment.
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && pip install --no-cache-dir -e . \
 && apt-get purge -y --auto-remove gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/* \
 && python -c "import solver.search._native" \
 && key() { python -c 'import secrets; print(secrets.token_urlsafe(50))'; } \
 && DEBUG=0 SECRET_KEY="$(key)" DEAL_KEY="$(key)" python manage.py collectstatic --noinput
RUN useradd --system --no-create-home app
USER app
EXPOSE 8000
CMD ["gunicorn", "yukon_site.wsgi", "--bind", "0.0.0.0:8000", "--worker-class", "gthread", "--workers", "2", "--threads", "8", "--keep-alive", "5"]
