"""gunicorn's settings beside its command line (the Dockerfile's CMD names this file): the
metrics of every worker process counted together.

prometheus_client's multiprocess mode: each worker process writes its counters and histograms
to files in PROMETHEUS_MULTIPROC_DIR and /metrics adds up every file, so a count is the
site's whichever worker answered, and stays counted when a worker is replaced. The folder is
made anew at each start (one of its own, unless the environment names one, which is emptied),
so no count from an earlier run is added in twice.
"""

import os
import shutil
import tempfile

if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _folder = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    shutil.rmtree(_folder, ignore_errors=True)
    os.makedirs(_folder)
else:  # set before any worker imports prometheus_client, which reads it once
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="gunicorn-metrics-")


def child_exit(server, worker):
    """A worker gone: its live gauges go with it (its counters stay counted)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
