"""What an operator watches: liveness and readiness probes, and the Prometheus metrics.

gauges    what the database says at scrape time: check queue, task queue, winnable pools
probes    /healthz, /readyz and /metrics, answered ahead of the site's middleware; the
          request latency of every other view
management/commands/db_worker   the solver worker, with its lease and its own metrics
          endpoint (it serves no HTTP otherwise)

The counters and histograms themselves are metrics/__init__.py: every app updates them, so they
sit in the bottom app and import nothing of the project.
"""
