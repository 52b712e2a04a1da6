"""The operations every surface calls (actions, LLM tools, sentences, websocket)."""
