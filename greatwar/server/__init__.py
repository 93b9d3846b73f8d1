"""The game server: HTTP and WebSocket API, storage, seats, and the browser client."""
