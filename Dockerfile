# One image for the web and the solver worker.
FROM python:3.13-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DEBUG=0
WORKDIR /app
COPY pyproject.toml README.md ./
COPY games games
COPY solver solver
COPY yukon_site yukon_site
COPY templates templates
COPY static static
COPY manage.py ./
# collectstatic loads the production settings, which want real keys: throwaway ones, used for
# nothing and kept nowhere. The running containers get theirs from the environment.
RUN pip install --no-cache-dir . \
 && key() { python -c 'import secrets; print(secrets.token_urlsafe(50))'; } \
 && DEBUG=0 SECRET_KEY="$(key)" DEAL_KEY="$(key)" python manage.py collectstatic --noinput
RUN useradd --system --no-create-home app
USER app
EXPOSE 8000
CMD ["gunicorn", "yukon_site.wsgi", "--bind", "0.0.0.0:8000", "--worker-class", "gthread", "--workers", "2", "--threads", "8"]
