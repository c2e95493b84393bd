import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A rolling restart that drops nothing (ADR 036). On SIGTERM the server first says it is going
 * (/readyz answers 503, every answer carries `Connection: close`) and keeps serving for
 * SHUTDOWN_DRAIN_MS, long enough for a load balancer's health checks to take it out; only then
 * does it stop listening, end its idle connections and finish what is in flight.
 */
export interface ShutdownDrain {
  /** From the signal on: /readyz answers 503 and keep-alive connections close after an answer. */
  readonly draining: boolean;
  begin(): void;
  /**
   * Ends every connection and resolves once all have: an answer in flight finishes (and closes
   * its connection), an idle keep-alive connection is closed, and one accepted without a request
   * yet gets FIRST_REQUEST_GRACE_MS to send it. The listener closes once no connection has come
   * for LISTENER_QUIET_MS (LISTENER_LINGER_MS at most): one already on its way is still served.
   */
  closeConnections(): Promise<void>;
}

/**
 * How long a connection accepted just before the listener closed may take to send its request.
 * A client sends it with the connection; this only bounds one that never does.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;
/**
 * A connection a client completed just before the drain ended may reach the listener's queue
 * later: on a loaded host the kernel finishes handshakes outside the client's call, and closing
 * the listener resets what its queue holds. A balancer that has taken the server out sends
 * nothing more, so the quiet comes at once; a client that keeps sending gets LINGER at most.
 */
const LISTENER_QUIET_MS = 250;
const LISTENER_LINGER_MS = 2_000;

interface ConnectionState {
  /** Answers finished on it. */
  answered: number;
  /** Requests on it not answered yet. */
  inFlight: number;
}

export function registerShutdownDrain(app: FastifyInstance): ShutdownDrain {
  const server = app.server;
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;
  let closing = false;
  let allClosed: () => void = () => {};

  const closeWhenDone = (socket: Socket, state: ConnectionState) => {
    if (state.inFlight > 0) return;
    if (state.answered > 0) {
      // Idle after an answer: no request is on its way that the server has not read.
      socket.end();
    } else {
      setTimeout(() => {
        if (state.answered === 0 && state.inFlight === 0) socket.destroy();
      }, FIRST_REQUEST_GRACE_MS).unref();
    }
  };

  let lastConnectionAt = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    const state: ConnectionState = { answered: 0, inFlight: 0 };
    connections.set(socket, state);
    if (closing) closeWhenDone(socket, state);
    socket.once('close', () => {
      connections.delete(socket);
      if (closing && connections.size === 0) allClosed();
    });
  });
  // First of the request listeners, so that the header is set before Fastify can answer.
  server.prependListener('request', (request, response) => {
    const state = connections.get(request.socket);
    if (draining) response.setHeader('connection', 'close');
    if (!state) return;
    state.inFlight += 1;
    response.once('close', () => {
      state.inFlight -= 1;
      state.answered += 1;
      if (closing) closeWhenDone(request.socket, state);
    });
  });
  // An answer begun before the signal and sent during the drain closes its connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
    async closeConnections() {
      closing = true;
      for (const [socket, state] of connections) closeWhenDone(socket, state);
      const lingerEnds = Date.now() + LISTENER_LINGER_MS;
      while (server.listening && Date.now() < lingerEnds) {
        const quietFor = Date.now() - lastConnectionAt;
        if (quietFor >= LISTENER_QUIET_MS) break;
        await new Promise((resolve) => setTimeout(resolve, LISTENER_QUIET_MS - quietFor));
      }
      // Connections the kernel has completed are accepted in the event loop's poll phase, which
      // runs before setImmediate's callbacks: closing the listener after it resets none of them.
      await new Promise((resolve) => setImmediate(resolve));
      // net's close, not http's: http's also ends every connection without a request yet, such
      // as one just accepted whose request is still on its way.
      if (server.listening) net.Server.prototype.close.call(server);
      if (connections.size === 0) return;
      await new Promise<void>((resolve) => (allClosed = resolve));
    },
  };
}
