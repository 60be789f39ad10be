// A three-server nats-server cluster with JetStream on loopback, for tests of a replicated event stream.
// Each server has its own store; the same token lets a client in on any of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { findFreePort } from '../../main/stack/free-port.js';
import { natsServerBinary } from '../../main/stack/nats-service.js';
import { randomSecret } from '../../main/stack/secret-file.js';
import { waitFor } from './process-check.js';

export interface ClusterNode {
  name: string;
  url: string;
  process: ChildProcess;
}

export interface NatsCluster {
  nodes: ClusterNode[];
  /** The client URLs, comma-separated, as NATS_URL takes them. */
  url: string;
  token: string;
  /** SIGKILLs one server, as a lost machine would be. */
  kill(name: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort());
  return [...ports];
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startNatsCluster(size = 3): Promise<NatsCluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vantage-test-nats-cluster-'));
  const token = randomSecret(24);
  const ports = await freePorts(size * 2);
  let stopping = false;
  const clientPorts = ports.slice(0, size);
  const routePorts = ports.slice(size);
  const nodes: ClusterNode[] = clientPorts.map((clientPort, index) => {
    const name = `vantage-test-n${index + 1}`;
    const routes = routePorts.filter((_, other) => other !== index).map((port) => `nats://127.0.0.1:${port}`);
    const child = spawn(
      natsServerBinary(),
      [
        '-a', '127.0.0.1',
        '-p', String(clientPort),
        '-n', name,
        '-js',
        '-sd', path.join(dir, name),
        '--cluster_name', 'vantage-test',
        '--cluster', `nats://127.0.0.1:${routePorts[index]}`,
        '--routes', routes.join(','),
        '--auth', token,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    child.once('exit', (code, signal) => {
      if (!stopping && signal !== 'SIGKILL') process.stderr.write(`nats-server ${name} exited (code ${code}, signal ${signal}):\n${log}\n`);
    });
    return { name, url: `nats://127.0.0.1:${clientPort}`, process: child };
  });
  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((node) => node.url).join(','),
    token,
    async kill(name) {
      const node = nodes.find((candidate) => candidate.name === name);
      if (!node) throw new Error(`no cluster node ${name}`);
      node.process.kill('SIGKILL');
      await exited(node.process);
    },
    async stop() {
      stopping = true;
      for (const node of nodes) node.process.kill('SIGTERM');
      await Promise.all(nodes.map((node) => exited(node.process)));
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    // JetStream answers once the servers have routed to each other and elected a meta leader.
    const connection = await waitFor(
      () => connect({ servers: nodes.map((node) => node.url), token, timeout: 2_000 }).catch(() => undefined),
      15_000,
      'a nats-server of the cluster to accept clients',
    );
    try {
      await waitFor(
        async () => {
          const manager = await connection.jetstreamManager({ timeout: 1_000 }).catch(() => undefined);
          return (await manager?.getAccountInfo().then(() => true).catch(() => undefined)) ?? undefined;
        },
        20_000,
        'the cluster to elect a JetStream meta leader',
      );
    } finally {
      await connection.close();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
