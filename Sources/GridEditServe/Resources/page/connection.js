// The WebSocket to gridedit serve: JSON messages of protocol version 1 (docs/editor.md, "serve").
// Reconnects after a drop; every request gets an id so its reply can be matched.

export class Connection {
  constructor(handlers) {
    this.handlers = handlers;
    this.nextId = 1;
    this.waiting = new Map();
    this.open();
  }

  open() {
    const token = new URLSearchParams(location.search).get('token');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws` + (token ? `?token=${encodeURIComponent(token)}` : '');
    this.socket = new WebSocket(url);
    this.socket.onopen = () => this.handlers.status('open');
    this.socket.onclose = () => {
      this.handlers.status('closed');
      setTimeout(() => this.open(), 1500);
    };
    this.socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      const resolve = message.id != null ? this.waiting.get(message.id) : undefined;
      if (resolve) { this.waiting.delete(message.id); resolve(message); }
      this.handlers.message(message);
    };
  }

  /** Sends a message; resolves with its reply (or undefined when the socket is not open). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(undefined);
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, id }));
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  command(line) { return this.send({ type: 'command', line }); }
}
