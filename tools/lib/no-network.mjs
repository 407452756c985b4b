// Preloaded (`node --import`) into README examples when no network namespace is available: refuses
// every connection that is not to this machine's loopback or a local socket, so an example that would
// need the network fails loudly instead of depending on it. Covers Node processes only; with
// `unshare` available the harness isolates the whole process tree instead.
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

function refuse(host) {
  const error = new Error(`README examples run without network: connection to ${host} refused`);
  error.code = 'ENETUNREACH';
  return error;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0]) ? args[0] : {};
  const host = options.path
    ? undefined
    : (options.host ?? (typeof args[1] === 'string' ? args[1] : 'localhost'));
  if (host !== undefined && !LOOPBACK.test(host)) {
    process.nextTick(() => this.destroy(refuse(host)));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  const callback = rest.at(-1);
  if (!LOOPBACK.test(hostname) && typeof callback === 'function') {
    process.nextTick(() => callback(refuse(hostname)));
    return {};
  }
  return lookup.call(this, hostname, ...rest);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = async function (hostname, ...rest) {
  if (!LOOPBACK.test(hostname)) throw refuse(hostname);
  return lookupPromise.call(this, hostname, ...rest);
};
