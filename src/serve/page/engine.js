// kaleido serve: the page's one link to the engine. Owns the WebSocket at the fixed path
// /ws and nothing else: it sends request objects as JSON text and hands every reply
// object to the page (protocol.md, "kaleido serve", lists the messages). It knows no
// message type and no game; a WebAssembly engine in a Web Worker could stand in for it
// by offering the same connect() with the same callbacks.

/**
 * Opens the link. onMessage(reply) gets every reply object; onClose(reason) is called once
 * when the link is gone. Returns { send(request), close() }; requests sent before the
 * socket is open wait for it.
 */
export function connect({ onMessage, onClose }) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  const waiting = [];
  let closed = false;
  socket.addEventListener('open', () => {
    while (waiting.length > 0) socket.send(waiting.shift());
  });
  socket.addEventListener('message', (event) => {
    let reply;
    try {
      reply = JSON.parse(event.data);
    } catch {
      return;
    }
    onMessage(reply);
  });
  socket.addEventListener('close', (event) => {
    if (closed) return;
    closed = true;
    onClose(event.reason || `the connection closed (code ${event.code})`);
  });
  return {
    send(request) {
      const text = JSON.stringify(request);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (socket.readyState === WebSocket.CONNECTING) waiting.push(text);
    },
    close() {
      socket.close();
    },
  };
}
