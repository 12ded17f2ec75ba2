"""The served support assistant (``python -m pipelines.serve``): an OpenAI-compatible HTTP API
with sessions, streaming re-identification and human handoff.

    app        the Starlette app: routes, OpenAI-shaped errors, one log line per request
    service    ServeService: a turn (prepare + compare-and-set, delegate, re-identify and gate)
    streaming  response shapes, server-sent events, the leak gate of a streamed answer
    auth       API keys (hashed, constant-time), the owner of a request
    limits     body size while reading, request validation, rate limit, concurrency, deadline
    metrics    Prometheus metrics (no value, text or session id in any label)
    ui         the support agent's chat page (one HTML document, no external asset)
    __main__   the command: audit the program, bind, run N workers, drain on SIGTERM
"""
