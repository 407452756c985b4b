/**
 * Runs `run` while `Object.prototype` carries enumerable keys that no code reads by name, so only
 * enumerating them (`for…in`) could change a result; the prototype is clean again afterwards.
 */
export function withPollutedPrototype<T>(run: () => T): T {
  const proto = Object.prototype as Record<string, unknown>;
  proto.polluted = { type: 'string' };
  proto['x-extra'] = ['x'];
  try {
    return run();
  } finally {
    delete proto.polluted;
    delete proto['x-extra'];
  }
}
