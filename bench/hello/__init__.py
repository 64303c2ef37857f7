"""Bench-only Django settings and URLconf: the real site plus a hello-world view on the same
stack (same middleware, same settings), so bench/move_endpoint.py can compare the two in one
run. The product itself has no hello view."""
