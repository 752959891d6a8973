/**
 * N gateway processes sharing one port on one machine (`npm start` with GATEWAY_PROCESSES=N;
 * gateway/CLUSTER.md). Node 20 has no SO_REUSEPORT in `listen`, so this uses node:cluster: the
 * primary owns the listening socket and hands each new connection to a worker in turn; a
 * websocket then stays on its worker. Workers are the ordinary gateway process (server.ts) and
 * share state through REDIS_URL. A worker that dies is replaced (with backoff); SIGTERM/SIGINT
 * stop them all gracefully.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';

const count = Number(process.env.GATEWAY_PROCESSES ?? 2);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`GATEWAY_PROCESSES must be a positive integer, got ${count}`);
if (count > 1 && !process.env.REDIS_URL && !process.env.REDIS_SENTINELS)
  throw new Error('GATEWAY_PROCESSES > 1 needs REDIS_URL or REDIS_SENTINELS');

// Compiled (scripts/dist/cluster-primary.js, `npm run build`) the workers run the compiled gateway.
const compiled = import.meta.url.endsWith('.js');
const workerEntry = compiled ? '../../gateway/dist/server.js' : '../gateway/src/server.ts';
cluster.setupPrimary({ exec: fileURLToPath(new URL(workerEntry, import.meta.url)) });

let stopping = false;
const restarts: number[] = [];

function fork(): Worker {
  return cluster.fork();
}

cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  console.error(`[gateway-cluster] worker ${worker.process.pid} exited (${signal ?? code}); replacing it`);
  const now = Date.now();
  restarts.push(now);
  while (restarts.length > 0 && now - (restarts[0] as number) > 60_000) restarts.shift();
  // A crash loop (bad config) must not spin: give up after 5 deaths a minute.
  if (restarts.length > 5) {
    console.error('[gateway-cluster] workers keep dying; stopping');
    stop(1);
    return;
  }
  setTimeout(fork, 250 * restarts.length);
});

function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  setTimeout(() => process.exit(code), 12_000).unref();
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
}
process.on('SIGTERM', () => stop());
process.on('SIGINT', () => stop());

for (let i = 0; i < count; i++) fork();
console.log(`[gateway-cluster] ${count} gateway processes on port ${process.env.PORT ?? 8080}`);
