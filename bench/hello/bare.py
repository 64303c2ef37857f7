"""The least a WSGI application can answer, with no Django at all (bench/server_floor.py):
in a module of its own, since the bench's own module imports locust, which patches the
standard library for gevent in every process that imports it."""


def application(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "13")])
    return [b"Hello, world\n"]
