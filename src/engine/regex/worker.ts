// The regex worker's program. It is started from source text (an eval worker), not from a
// module file: a worker that loads TypeScript modules needs 50–400 ms to start on a busy
// machine, a bare one 20–60 ms, and after a runaway regex the next operation may be waiting for
// a fresh worker. The text is built from the same functions the editor's in-thread runner uses
// (src/model/expressions/regex.ts), so both run a request identically.
import { executeRegexRequest, regexExecutorSource } from '../../model/expressions/regex.ts';

export const REGEX_WORKER_SOURCE = `
'use strict';
const { workerData } = require('node:worker_threads');
const { sab, port } = workerData;
const ctrl = new Int32Array(sab, 0, 4);
const began = new Float64Array(sab, 16, 2);
// V8 runs a regex's first execution in its bytecode interpreter and compiles it only for the
// next: the first run of /(a+)+$/ on 18 a's took 58 ms instead of 7, so a few-ms pattern ran
// into the 50 ms limit on every fresh worker. A pattern new to this worker is run once on ''
// first (its interpreted run, which costs nothing), so the request runs compiled. (Turning V8's
// --regexp-tier-up off at run time instead changed a flag other threads were reading: a test
// process crashed in CI.)
const warmed = new Set();
const warm = (req) => {
  const key = req.flags + '/' + req.source;
  if (warmed.has(key)) return;
  if (warmed.size >= 10000) warmed.clear();
  warmed.add(key);
  try {
    new RegExp(req.source, req.flags).exec('');
  } catch {
    // an invalid pattern: the request reports it
  }
};
// This thread's id, so that the server can read its CPU time from /proc (Linux).
try {
  ctrl[3] = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()) || 0;
} catch {
  ctrl[3] = 0;
}
const cpuMs = () => {
  const u = process.threadCpuUsage ? process.threadCpuUsage() : undefined;
  return u ? (u.user + u.system) / 1000 : -1;
};
${regexExecutorSource()}
port.on('message', (req) => {
  // The deadline counts from here (see runner.ts): wall clock, and this thread's CPU time.
  began[0] = performance.timeOrigin + performance.now();
  began[1] = cpuMs();
  Atomics.store(ctrl, 2, 1);
  warm(req);
  const res = ${executeRegexRequest.name}(req);
  if (res.ok && began[1] >= 0) res.cpuMs = cpuMs() - began[1];
  // The reply is queued on the port before the flag is raised, so the waiting main thread
  // finds it with receiveMessageOnPort as soon as it wakes.
  port.postMessage(res);
  Atomics.store(ctrl, 0, 1);
  Atomics.notify(ctrl, 0);
});
// Ready: the main thread may be waiting for this worker after it ended the last one.
Atomics.store(ctrl, 1, 1);
Atomics.notify(ctrl, 1);
`;
