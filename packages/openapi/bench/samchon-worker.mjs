// Runs @samchon/openapi's conversion (OpenApi document → LLM function schemas) in a worker thread,
// so the bench can stop it when one document takes minutes (Stripe). One message in, one out per run.
import { parentPort, workerData } from 'node:worker_threads';
import { HttpLlm } from '@samchon/openapi';

const document = workerData.document;

parentPort.on('message', () => {
  const copy = structuredClone(document);
  // Process-wide CPU time: the main thread is idle, waiting for this answer.
  const cpu = process.cpuUsage();
  const start = performance.now();
  let functions = 0;
  let errors = 0;
  let failure;
  try {
    const application = HttpLlm.application({ document: copy });
    functions = application.functions.length;
    errors = application.errors.length;
  } catch (error) {
    failure = String(error?.message ?? error).slice(0, 200);
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  parentPort.postMessage({ ms, cpuMs: (used.user + used.system) / 1000, functions, errors, failure });
});
