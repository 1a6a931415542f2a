// The WebSocket to gridedit serve: JSON messages of protocol version 1 (docs/serve.md, "Protocol, version 1").
// Reconnects after a drop; every request gets an id so its reply can be matched. The number of
// requests still waiting for their reply is reported (the page shows it as body[data-pending],
// so a test can wait until the page is idle).

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
    this.socket.onopen = () => {
      this.handlers.status('open');
      // From now on a state comes as a patch: the members that changed since the last one.
      this.send({ type: 'hello', patches: true });
    };
    this.socket.onclose = () => {
      // Requests that were in flight get no reply now: settle them so nothing waits forever.
      for (const resolve of this.waiting.values()) resolve(undefined);
      this.waiting.clear();
      this.pendingChanged();
      this.handlers.status('closed');
      setTimeout(() => this.open(), 1500);
    };
    this.socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      // Replies first, then the handler: the state that follows an edit paints after its reply.
      const resolve = message.id != null ? this.waiting.get(message.id) : undefined;
      if (resolve) { this.waiting.delete(message.id); resolve(message); this.pendingChanged(); }
      this.handlers.message(message);
    };
  }

  /** Sends a message; resolves with its reply (or undefined when the socket is not open). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(undefined);
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ ...message, id }));
    const reply = new Promise((resolve) => this.waiting.set(id, resolve));
    this.pendingChanged();
    return reply;
  }

  command(line) { return this.send({ type: 'command', line }); }

  pendingChanged() { this.handlers.pending?.(this.waiting.size); }
}
