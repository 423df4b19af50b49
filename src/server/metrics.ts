// Operations endpoints (issue 16): /healthz (the process answers), /healthz/readiness (and its
// database answers), and, with SWITCHYARD_METRICS, Prometheus metrics at /metrics: prom-client's
// process figures (event-loop lag, heap, CPU, handles) and the server's own.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, Summary, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/schema.ts';
import type { ExecutionService } from './executions/ExecutionService.ts';

export interface OperationsOptions {
  db: Kysely<Database>;
  executions: ExecutionService;
  /** Workflows whose triggers are active now. */
  activeWorkflowCount: () => number;
  metrics: { enabled: boolean; prefix: string };
  /** URL prefixes of production and test webhooks (with the base path). */
  webhookPrefixes: string[];
  /** Queue mode: Redis answers (readiness). */
  redisPing?: () => Promise<unknown>;
  /** Queue mode: jobs waiting and running (metrics). */
  queueCounts?: () => Promise<{ waiting: number; active: number }>;
  /** Queue mode, workers: told each job's queue hop in ms. */
  onQueueHop?: (listener: (ms: number) => void) => void;
}

/** Seconds; executions run from milliseconds to hours. */
const EXECUTION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const READINESS_TIMEOUT_MS = 2_000;

export function operationsRoutes(app: FastifyInstance, o: OperationsOptions): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/healthz/readiness', async (_request, reply) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS)));
      await Promise.race([sql`select 1`.execute(o.db), timeout]);
    } catch (e) {
      return reply.code(503).send({ status: 'error', message: `The database does not answer: ${(e as Error).message}` });
    } finally {
      clearTimeout(timer);
    }
    if (!o.redisPing) return { status: 'ok' };
    try {
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS)));
      await Promise.race([o.redisPing(), timeout]);
      return { status: 'ok' };
    } catch (e) {
      return reply.code(503).send({ status: 'error', message: `Redis does not answer: ${(e as Error).message}` });
    } finally {
      clearTimeout(timer);
    }
  });
  if (!o.metrics.enabled) return;

  const register = new Registry();
  const p = o.metrics.prefix;
  collectDefaultMetrics({ register, prefix: p });
  const started = new Counter({ name: `${p}executions_started_total`, help: 'Executions started, by mode', labelNames: ['mode'], registers: [register] });
  const finished = new Counter({ name: `${p}executions_finished_total`, help: 'Executions ended, by mode and status', labelNames: ['mode', 'status'], registers: [register] });
  const duration = new Histogram({ name: `${p}execution_duration_seconds`, help: 'Duration of ended executions, by mode and status', labelNames: ['mode', 'status'], buckets: EXECUTION_BUCKETS, registers: [register] });
  new Gauge({ name: `${p}executions_running`, help: 'Executions running now', registers: [register], collect() { this.set(o.executions.activeCount); } });
  new Gauge({ name: `${p}active_workflows`, help: 'Workflows whose triggers are active', registers: [register], collect() { this.set(o.activeWorkflowCount()); } });
  if (o.queueCounts) {
    const counts = o.queueCounts;
    // Read once per scrape for both gauges.
    let last: Promise<{ waiting: number; active: number }> | undefined;
    const read = () => (last ??= counts().finally(() => setTimeout(() => (last = undefined), 100)));
    new Gauge({ name: `${p}scaling_mode_queue_jobs_waiting`, help: 'Queue mode: executions waiting for a worker', registers: [register], async collect() { this.set((await read().catch(() => ({ waiting: NaN }))).waiting); } });
    new Gauge({ name: `${p}scaling_mode_queue_jobs_active`, help: 'Queue mode: executions running on workers', registers: [register], async collect() { this.set((await read().catch(() => ({ active: NaN }))).active); } });
  }
  if (o.onQueueHop) {
    const hop = new Summary({ name: `${p}scaling_mode_queue_hop_seconds`, help: 'Queue mode: from an execution queued to a worker taking it (last 10 minutes)', percentiles: [0.5, 0.9, 0.99], maxAgeSeconds: 600, ageBuckets: 5, registers: [register] });
    o.onQueueHop((ms) => hop.observe(ms / 1000));
  }
  const webhook = new Histogram({ name: `${p}webhook_request_duration_seconds`, help: 'Webhook requests, from receipt to the answer sent, by method and status code', labelNames: ['method', 'status_code'], buckets: REQUEST_BUCKETS, registers: [register] });

  o.executions.onStarted((mode) => started.inc({ mode }));
  o.executions.onFinished((execution) => {
    const labels = { mode: execution.mode, status: execution.status };
    finished.inc(labels);
    const begun = Date.parse(execution.startedAt);
    const ended = execution.stoppedAt ? Date.parse(execution.stoppedAt) : Date.now();
    if (Number.isFinite(begun) && Number.isFinite(ended)) duration.observe(labels, Math.max(0, ended - begun) / 1000);
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url;
    if (!o.webhookPrefixes.some((prefix) => url.startsWith(`${prefix}/`))) return;
    webhook.observe({ method: request.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', register.contentType);
    return register.metrics();
  });
}
