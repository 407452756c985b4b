// A hand-rolled stdio "MCP server" that misbehaves on purpose: `node raw-server.mjs <behaviour>`.
//   hang-connect: reads everything, answers nothing.
//   hang-call:    handshake and tools/list work; tools/call is never answered.
//   malformed:    tools/call is answered with a line that is not JSON, then a result of the wrong shape.
//   big:          tools/call returns a 5 MB text.
//   badoutput:    the tool declares an outputSchema and returns structuredContent that breaks it.
import { createInterface } from 'node:readline';

const behaviour = process.argv[2];
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const tool = (name) => ({
  name,
  description: `${name} tool`,
  inputSchema: { type: 'object', properties: {} },
});
let malformedCalls = 0;

createInterface({ input: process.stdin }).on('line', (line) => {
  if (behaviour === 'hang-connect') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id === undefined) return; // notifications
  switch (message.method) {
    case 'initialize':
      return send({
        jsonrpc: '2.0',
        id: message.id,
        result: {
          protocolVersion: message.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'raw', version: '0.0.1' },
        },
      });
    case 'tools/list': {
      const listed = tool('call_me');
      if (behaviour === 'badoutput')
        listed.outputSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
      return send({ jsonrpc: '2.0', id: message.id, result: { tools: [listed] } });
    }
    case 'tools/call':
      if (behaviour === 'hang-call') return;
      if (behaviour === 'big')
        return send({
          jsonrpc: '2.0',
          id: message.id,
          result: { content: [{ type: 'text', text: 'y'.repeat(5_000_000) }] },
        });
      if (behaviour === 'badoutput')
        return send({
          jsonrpc: '2.0',
          id: message.id,
          result: { content: [{ type: 'text', text: '{"n":"seven"}' }], structuredContent: { n: 'seven' } },
        });
      if (behaviour === 'malformed') {
        malformedCalls++;
        if (malformedCalls === 1) return process.stdout.write('{"jsonrpc": "2.0", "id": oops}\n');
        return send({ jsonrpc: '2.0', id: message.id, result: { content: 'not an array' } });
      }
      return;
    default:
      return send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
