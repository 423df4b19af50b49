// The wall benches' load tool, in its own process (so its CPU is not the bench's): autocannon
// POSTing to a webhook at a fixed overall rate, each body a new order number `{ n }`.
//   node bench/wallLoad.ts <url> <rate per second> <seconds> [connections]
// Prints `{"second":<completed>}` every second and `{"result":{…}}` at the end (also on SIGINT).
import autocannon from 'autocannon';

const [url, rateArg, secondsArg, connectionsArg] = process.argv.slice(2);
if (!url || !rateArg || !secondsArg) throw new Error('usage: node bench/wallLoad.ts <url> <rate> <seconds> [connections]');
const rate = Number(rateArg);
const seconds = Number(secondsArg);
let n = 0;
let completed = 0;
let ok = 0;
const statuses: Record<string, number> = {};
let lastSecond = 0;

const instance = autocannon(
  {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: Number(connectionsArg ?? 20),
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ n: n++, text: 'order' }) }),
      },
    ],
  },
  (err, r) => {
    if (err) {
      console.error(String(err));
      process.exit(1);
    }
    clearInterval(tick);
    const elapsed = Math.max(1, (r.finish.getTime() - r.start.getTime()) / 1000);
    const result = {
      rate,
      seconds: Math.round(elapsed * 10) / 10,
      requests: r.requests.total,
      requestsPerSecond: Math.round(r.requests.total / elapsed),
      non2xx: r.non2xx,
      /** Answers 2xx: the executions the server took. */
      accepted: ok,
      acceptedPerSecond: Math.round(ok / elapsed),
      otherStatuses: statuses,
      errors: r.errors + r.timeouts,
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
    };
    process.stdout.write(`${JSON.stringify({ second: completed - lastSecond })}\n${JSON.stringify({ result })}\n`, () => process.exit(0));
  },
);
instance.on('response', (_client: unknown, status: number) => {
  completed++;
  if (status >= 200 && status < 300) ok++;
  else statuses[status] = (statuses[status] ?? 0) + 1;
});
const tick = setInterval(() => {
  process.stdout.write(`${JSON.stringify({ second: completed - lastSecond })}\n`);
  lastSecond = completed;
}, 1000);
process.on('SIGINT', () => instance.stop());
