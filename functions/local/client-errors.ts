import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemBody } from '../app/problem.js';

/** Node's default limit on the request line plus headers (`--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Requests Node's HTTP parser refuses never reach the app: an oversized
 * request line or header block (a 60,000-character id in the URL), or bytes
 * that are not HTTP. Node would answer them with a bare status line; this
 * answers with a problem document instead, then closes the connection.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const [status, reason, code, detail] = tooLarge
      ? [431, 'Request Header Fields Too Large', 'headers-too-large', `The request line and headers are limited to ${MAX_HEADER_BYTES} bytes together.`]
      : [400, 'Bad Request', 'bad-request', 'This is not a well-formed HTTP/1.1 request.'];
    const body = JSON.stringify(problemBody(status, code, detail, undefined));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
