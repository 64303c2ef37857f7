"""What an operator watches: liveness and readiness probes, and the Prometheus metrics.

metrics   the counters and histograms the site and the worker update (no project imports)
gauges    what the database says at scrape time: check queue, task queue, winnable pools
probes    /healthz, /readyz and /metrics, answered ahead of the site's middleware; the
          request latency of every other view
worker    the solver worker's own metrics endpoint (it serves no HTTP otherwise)
"""
