// Prometheus metrics (docs/decisions/030): request latency by route pattern, the reports waiting and
// running, report runs by outcome and their stages' durations, and Node's own (event-loop lag, memory,
// GC). Off unless METRICS_PORT is set; then served on a listener of their own, on loopback by default
// and behind METRICS_TOKEN when set, never on the public port.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';

/** The timing of one report run: each progress call names its step, the end names the outcome. */
export interface RunMetrics {
  step(step: string): void;
  end(outcome: string): void;
}

export interface Metrics {
  registry: Registry;
  /** A run this process starts working on (counted as active until `end`). */
  runStarted(): RunMetrics;
  /** Where the metrics listener answers, once the app is ready. */
  address(): { host: string; port: number } | null;
}

/** Route label of requests no route matched (the not-found handler): one value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STAGE_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

function createRegistry(db: Database, log: FastifyInstance['log']) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'atr_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'atr_reports',
    help: 'Reports in progress across all processes, from the database: queued (waiting for a worker) or running (held by a live run).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const [row] = await db.query<{ queued: number; running: number }>(
          `SELECT count(*) FILTER (WHERE run_id IS NULL)::int AS queued,
                  count(*) FILTER (WHERE run_id IS NOT NULL)::int AS running
             FROM reports WHERE status = 'processing'`,
        );
        this.set({ state: 'queued' }, row?.queued ?? 0);
        this.set({ state: 'running' }, row?.running ?? 0);
      } catch (err) {
        // A scrape still answers with everything else; the last values stay.
        log.warn({ err }, 'metrics: could not count reports');
      }
    },
  });
  const active = new Gauge({
    name: 'atr_report_runs_active',
    help: 'Report runs this process is working on.',
    registers: [registry],
  });
  const runs = new Counter({
    name: 'atr_report_runs_total',
    help: 'Report runs this process finished, by outcome (completed, failed, cancelled, requeued, ...).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const stages = new Histogram({
    name: 'atr_report_stage_duration_seconds',
    help: 'Time a report run spent in each pipeline step the engine reports.',
    labelNames: ['stage'] as const,
    buckets: STAGE_BUCKETS,
    registers: [registry],
  });

  const runStarted = (): RunMetrics => {
    active.inc();
    let stage: string | null = null;
    let since = 0;
    let ended = false;
    const close = () => {
      if (stage) stages.observe({ stage }, (performance.now() - since) / 1000);
      stage = null;
    };
    return {
      step(step) {
        if (ended || step === stage) return;
        close();
        if (step !== 'done') {
          stage = step;
          since = performance.now();
        }
      },
      end(outcome) {
        if (ended) return;
        ended = true;
        // The step a run fails or stops in did not finish: only a completed run's last step counts.
        if (outcome === 'completed') close();
        active.dec();
        runs.inc({ outcome });
      },
    };
  };
  return { registry, httpDuration, runStarted };
}

/** The same digest length whatever was sent, so comparing takes the same time. */
const digest = (s: string) => createHash('sha256').update(s).digest();

function authorised(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const sent = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** The metrics listener: GET /metrics only, bearer token first when one is configured. */
function createMetricsServer(registry: Registry, token: string | undefined, log: FastifyInstance['log']) {
  return http.createServer((req, res) => {
    if (!authorised(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' });
      res.end('Unauthorized\n');
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, HEAD' });
      res.end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: could not collect');
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Could not collect the metrics\n');
      },
    );
  });
}

/**
 * Sets up the metrics of one process when METRICS_PORT is set (null otherwise): times every request by
 * its route pattern, and starts the metrics listener when the app is ready, closing it with the app.
 * Call before routes are registered.
 */
export function registerMetrics(app: FastifyInstance, config: Config, db: Database): Metrics | null {
  if (config.METRICS_PORT === undefined) return null;
  const { registry, httpDuration, runStarted } = createRegistry(db, app.log);

  app.addHook('onResponse', (request, reply, done) => {
    httpDuration.observe(
      {
        method: request.method,
        // The pattern (`/api/reports/:id`), never the URL, so the label's values stay few.
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const server = createMetricsServer(registry, config.METRICS_TOKEN, app.log);
  let bound: { host: string; port: number } | null = null;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    }).catch((err: Error) => {
      throw new Error(
        `could not serve metrics on ${config.METRICS_HOST}:${config.METRICS_PORT} (METRICS_HOST, METRICS_PORT): ${err.message}`,
      );
    });
    const address = server.address() as AddressInfo;
    bound = { host: config.METRICS_HOST, port: address.port };
    const host = config.METRICS_HOST.includes(':') ? `[${config.METRICS_HOST}]` : config.METRICS_HOST;
    app.log.info(`metrics at http://${host}:${address.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return { registry, runStarted, address: () => bound };
}
