import cluster, { type Worker } from 'node:cluster';
import type { PinoLoggerService } from './logging/logger.js';

/** A worker that dies this soon after it started is failing to start: the primary stops rather than loop. */
const EARLY_EXIT_MS = 15_000;
const SHUTDOWN_LIMIT_MS = 12_000;

/**
 * The primary process of WEB_CONCURRENCY > 1: forks that many workers, each a whole server (createApp) sharing
 * the port through node:cluster, like several instances behind a proxy (sessions, uploads, locks, the outbox and
 * the release check are already shared through the database). A worker that dies is replaced; one that cannot
 * start stops the whole service with its exit code. SIGTERM/SIGINT is passed to every worker, and the primary
 * exits when they have finished their requests (1 if one of them failed to, or after 12 s).
 */
export function runPrimary(workers: number, logger: PinoLoggerService): void {
  let stopping = false;
  let failed = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (startedAt.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    logger.error({ msg: 'a worker exited', pid: worker.process.pid, code, signal, lived_ms: lived }, 'Cluster');
    if (lived < EARLY_EXIT_MS) {
      // It could not start (configuration, database): the others would not either.
      stopping = true;
      failed = true;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      if (startedAt.size === 0) process.exit(typeof code === 'number' && code !== 0 ? code : 1);
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log({ msg: 'shutting down', signal, workers: startedAt.size }, 'Cluster');
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => {
      logger.error({ msg: 'workers took too long to stop; exiting' }, 'Cluster');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  logger.log({ msg: 'starting workers', workers }, 'Cluster');
  for (let n = 0; n < workers; n++) fork();
}
