# One image for the web and the solver worker.
FROM python:3.13-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY games games
COPY solver solver
COPY yukon_site yukon_site
COPY templates templates
COPY static static
COPY manage.py ./
RUN pip install --no-cache-dir . \
 && DEBUG=0 SECRET_KEY=build-only DEAL_KEY=build-only python manage.py collectstatic --noinput
RUN useradd --system --no-create-home app
USER app
EXPOSE 8000
CMD ["gunicorn", "yukon_site.wsgi", "--bind", "0.0.0.0:8000", "--worker-class", "gthread", "--workers", "2", "--threads", "8"]
