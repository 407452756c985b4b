// `npm start`: the gateway on http://127.0.0.1:3333/mcp (PORT to change it), until Ctrl-C.
import { startExample } from './gateway.mjs';

const example = await startExample({ port: Number(process.env.PORT ?? 3333) });
console.log(`todo API (the OpenAPI source) at ${example.api.url}`);
console.log('try it: npm run demo (in another terminal, with GATEWAY_URL set to the URL above)');
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    example.child.kill(signal);
  });
const code = await example.exited;
await example.api.close();
process.exit(code ?? 0);
