// PostgreSQL's CancelRequest: a connection of its own to the server that carries only the session's process id and
// secret key, after which the server closes it. No login, no session and no connection slot: it works with every
// slot taken, which a `pg_cancel_backend()` call on another pooled connection does not (it waits for a free one).
import pg from 'pg';

/** The parts of a connected pg client a cancel needs (pg reads the process id and key from the server at connect). */
interface CancellableSession {
  host: string;
  port: number;
  processID?: unknown;
  secretKey?: unknown;
}

/** pg's protocol connection, as far as a cancel uses it (its typings leave these out). */
interface ProtocolConnection {
  stream: { destroy(): void };
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
  on(event: 'connect' | 'end', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/** How long the server may take to take the request and close its connection. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * Asks the server to cancel what the session of `client` (a connected pg client) is running. Resolves true once the
 * server has taken the request and closed the connection (it has signalled the session by then: a running statement
 * ends with query_canceled, 57014; a session waiting between statements drops the signal), false when it could not
 * be sent. Never rejects.
 */
export function sendCancelRequest(client: object): Promise<boolean> {
  const session = client as unknown as CancellableSession;
  const { processID, secretKey } = session;
  if (typeof processID !== 'number' || typeof secretKey !== 'number') return Promise.resolve(false);
  return new Promise((resolve) => {
    const connection = new pg.Connection() as unknown as ProtocolConnection;
    let sent = false;
    const finish = (answer: boolean) => {
      clearTimeout(timer);
      connection.stream.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(false), CANCEL_TIMEOUT_MS);
    connection.on('error', () => finish(false));
    connection.on('connect', () => {
      connection.cancel(processID, secretKey);
      sent = true;
    });
    // The server closes the connection once it has handled the request.
    connection.on('end', () => finish(sent));
    // A Unix-domain socket directory, as libpq names it, or a TCP host.
    if (session.host.startsWith('/')) connection.connect(`${session.host}/.s.PGSQL.${session.port}`);
    else connection.connect(session.port, session.host);
  });
}
