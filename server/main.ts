import cluster from 'node:cluster';
import { createApp } from './create-app.js';
import { runPrimary } from './cluster.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { createLogger, PinoLoggerService } from './logging/logger.js';

const SHUTDOWN_LIMIT_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG: the operator must fix the environment
    }
    throw e;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = new PinoLoggerService(createLogger(config.logLevel));
  // WEB_CONCURRENCY > 1: this process only looks after the workers; each worker runs what follows.
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config.webConcurrency, logger);
  const startedAt = performance.now();
  const app = await createApp(config);
  const server = await app.listen(config.port, config.host);
  logger.log(
    {
      msg: 'Student Portal listening',
      url: `http://localhost:${config.port}`,
      database: config.database.type,
      ready_ms: Math.round(performance.now() - startedAt),
    },
    'Main',
  );

  // SIGTERM (docker stop, an orchestrator): stop accepting, let in-flight requests and uploads finish,
  // close Chromium and the database (module destroy hooks), exit 0 — or give up after 10 s.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log({ msg: 'shutting down', signal }, 'Main');
    const timer = setTimeout(() => {
      logger.error({ msg: 'shutdown took too long; exiting' }, 'Main');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    // Keep-alive connections that go idle once their last answer is sent must not hold the exit.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ msg: 'error during shutdown', error: e instanceof Error ? e.message : String(e) }, 'Main');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  const error = e instanceof Error ? e.message : String(e);
  const entry = { time: new Date().toISOString(), level: 'fatal', msg: 'start-up failed', error };
  process.stderr.write(`${JSON.stringify(entry)}\n`);
  process.exit(1);
});
