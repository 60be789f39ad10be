// A refused WebSocket upgrade keeps its raw socket outside the HTTP server's keep-alive tracking:
// close it once the refusal is written, so a client cannot hold it open (nor block shutdown).
import type { FastifyReply, FastifyRequest } from 'fastify';

export function closeSocketAfterRefusal(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.headers.upgrade) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => request.raw.socket?.destroy());
}
