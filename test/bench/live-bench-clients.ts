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

/** A message as it arrived: its text, when, and the viewport of the client it came to. */
interface Arrival {
  text: string;
  at: number;
  box: Box;
}

function main(): void {
  const sockets: WebSocket[] = [];
  // What came after each client's viewport was acknowledged, warm-up included, kept as it arrived: it is read only at
  // the report, once the measured seconds are over. These processes share the machine with the stack they measure, and
  // 1,000 remote browsers would not: parsing each message as it came (JSON and dates) took them 0.48–0.51 of a core
  // at 5,000 events/s against 0.38–0.39 kept as text (the same run's processes, in turns), time the stack waited for.
  // Which arrivals are measured is decided at the report too, by the instant the bench sends: its IPC message can come
  // after the first measured events (the sockets are read first when the process is busy), and deciding on arrival
  // skipped those, which read as lost events.
  const arrivals: Arrival[] = [];
  let measureFrom = Number.POSITIVE_INFINITY;
  const reply = (message: ClientsReply) => process.send?.(message);

  async function open(command: Extract<ClientsCommand, { type: 'open' }>): Promise<void> {
    for (const box of command.viewports) {
      const socket = new WebSocket(`${command.apiUrl.replace('http', 'ws')}/api/live?token=${command.token}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      await new Promise<void>((resolve) => {
        let acknowledged = false;
        socket.on('message', (data) => {
          if (acknowledged) {
            arrivals.push({ text: data.toString(), at: Date.now(), box });
            return;
          }
          // Until its viewport is acknowledged, the client's feed does not match it yet: nothing is kept.
          if ((JSON.parse(data.toString()) as LiveFires).type !== 'viewport') return;
          acknowledged = true;
          resolve();
        });
        socket.send(JSON.stringify({ type: 'viewport', bbox: box }));
      });
      sockets.push(socket);
    }
    reply({ type: 'opened' });
  }

  function report(): Extract<ClientsReply, { type: 'report' }> {
    const latencies: number[] = [];
    let outside = 0;
    let seen = 0;
    for (const { text, at, box } of arrivals) {
      const message = JSON.parse(text) as LiveFires;
      if (message.type !== 'events') continue;
      for (const event of message.events ?? []) {
        const payload = event.payload;
        if (!payload?.acqTime) continue;
        const sentAt = Date.parse(payload.acqTime);
        seen += 1;
        // Any event outside its client's viewport counts, warm-up or not.
        if (!contains(box, payload.longitude as number, payload.latitude as number)) outside += 1;
        if (sentAt >= measureFrom) latencies.push(at - sentAt);
      }
    }
    return { type: 'report', latencies, delivered: latencies.length, outside, seen };
  }

  process.on('message', (command: ClientsCommand) => {
    if (command.type === 'open') void open(command);
    else if (command.type === 'measure') measureFrom = command.from;
    else {
      for (const socket of sockets) socket.terminate();
      reply(report());
      setTimeout(() => process.exit(0), 100);
    }
  });
  // The bench that drives us is gone: nothing left to do.
  process.on('disconnect', () => process.exit(0));
}

export const CLIENTS_FLAG = '--live-bench-clients';
if (process.argv.includes(CLIENTS_FLAG)) main();
