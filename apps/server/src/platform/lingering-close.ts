import type { FastifyReply } from 'fastify';

/** How long the unread rest of a refused request may keep arriving after its answer, to be discarded. */
const defaultLingerMs = 5_000;

/**
 * Answers with `Connection: close` and then closes the connection the way nginx's lingering close does: our side
 * is shut once the answer is written, and what the client still sends is read and thrown away until it hangs up
 * or `lingerMs` pass. For an answer given before the body has arrived (an upload refused as too large): Node's
 * own close would destroy the socket with the body's rest unread, and the kernel answers unread data with a reset,
 * which can reach the client (or a proxy streaming the body to us, which then answers 502) before our answer.
 */
export function closeAfterAnswer(reply: FastifyReply, lingerMs = defaultLingerMs): void {
  reply.header('Connection', 'close');
  const request = reply.request.raw;
  const socket = request.socket;
  // Node's HTTP server calls destroySoon for an answer marked Connection: close, once it is written.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    // Whatever still reads the body (a multipart parser) has given up on it: let it flow into nothing.
    request.unpipe();
    request.resume();
    socket.resume();
    // The client has hung up: nothing more can arrive.
    socket.once('end', () => socket.destroy());
    const timer = setTimeout(() => socket.destroy(), lingerMs).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
