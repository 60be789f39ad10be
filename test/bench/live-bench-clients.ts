// A process of live-bench WebSocket clients, so that reading a thousand sockets does not slow the process
// that publishes. Each event carries its publish instant (ms) as its acquisition time: the latency is
// the time of arrival minus that. Driven over IPC by live-latency-bench.ts.
import WebSocket from 'ws';

type Box = [number, number, number, number];

export type ClientsCommand =
  | { type: 'open'; apiUrl: string; token: string; viewports: Box[] }
  | { type: 'measure'; from: number }
  | { type: 'report' };

export type ClientsReply =
  | { type: 'opened' }
  | { type: 'report'; latencies: number[]; delivered: number; outside: number; seen: number };

export function contains(box: Box, lon: number, lat: number): boolean {
  const [west, south, east, north] = box;
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}

interface LiveFires {
  type: string;
  events?: Array<{ payload?: { acqTime?: string; latitude?: number; longitude?: number } }>;
}

function main(): void {
  const sockets: WebSocket[] = [];
  // Every arrival's publish instant and latency, warm-up included: which are measured is decided at the report, by
  // the instant the bench sends. Its IPC message can come after the first measured events (the sockets are read
  // first when the process is busy), and deciding on arrival skipped those, which read as lost events.
  const sentAts: number[] = [];
  const arrivals: number[] = [];
  let measureFrom = Number.POSITIVE_INFINITY;
  let outside = 0;
  let seen = 0;
  const reply = (message: ClientsReply) => process.send?.(message);

  async function open(command: Extract<ClientsCommand, { type: 'open' }>): Promise<void> {
    for (const box of command.viewports) {
      const socket = new WebSocket(`${command.apiUrl.replace('http', 'ws')}/api/live?token=${command.token}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const acknowledged = new Promise<void>((resolve) => {
        socket.on('message', (data) => {
          const message = JSON.parse(data.toString()) as LiveFires;
          if (message.type === 'viewport') return resolve();
          if (message.type !== 'events') return;
          const arrived = Date.now();
          for (const event of message.events ?? []) {
            const payload = event.payload;
            if (!payload?.acqTime) continue;
            const sentAt = Date.parse(payload.acqTime);
            seen += 1;
            // Any event outside this client's viewport counts, warm-up or not.
            if (!contains(box, payload.longitude as number, payload.latitude as number)) outside += 1;
            sentAts.push(sentAt);
            arrivals.push(arrived);
          }
        });
      });
      socket.send(JSON.stringify({ type: 'viewport', bbox: box }));
      await acknowledged;
      sockets.push(socket);
    }
    reply({ type: 'opened' });
  }

  process.on('message', (command: ClientsCommand) => {
    if (command.type === 'open') void open(command);
    else if (command.type === 'measure') measureFrom = command.from;
    else {
      const latencies: number[] = [];
      for (let index = 0; index < sentAts.length; index += 1) {
        const sentAt = sentAts[index] as number;
        if (sentAt >= measureFrom) latencies.push((arrivals[index] as number) - sentAt);
      }
      reply({ type: 'report', latencies, delivered: latencies.length, outside, seen });
      for (const socket of sockets) socket.terminate();
      setTimeout(() => process.exit(0), 100);
    }
  });
  // The bench that drives us is gone: nothing left to do.
  process.on('disconnect', () => process.exit(0));
}

export const CLIENTS_FLAG = '--live-bench-clients';
if (process.argv.includes(CLIENTS_FLAG)) main();
