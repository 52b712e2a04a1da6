"""The operations layer: each operation on memories exists here, once.

Actions (`services.py`), LLM tools (`assist/tools.py`), sentences
(`assist/intents.py`) and the websocket API are thin adapters: they validate
their arguments, turn them into a request (`requests.py`: patches, filters,
selections and remember requests in one field vocabulary), find who asks,
call the operation and turn its result or error into their own form. No
surface talks to the engine for an operation listed here.

How a surface calls an operation, the error kinds and every operation with
its request, result and errors: docs/operations.md.
"""
