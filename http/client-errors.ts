import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses before express sees them (headers or URL too large, bad
 * syntax, timeouts) get the same JSON error body as every other error, instead of an empty answer.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (err.code === 'ECONNRESET')) {
      socket.destroy();
      return;
    }
    const [status, reason, error] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'headers_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'request_timeout']
      : [400, 'Bad Request', 'bad_request'];
    const body = JSON.stringify({ error, message: `The request could not be read: ${reason.toLowerCase()}` });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
