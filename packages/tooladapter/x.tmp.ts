import { check } from './src/index.js';
const tool = (i: number) => ({ name: `t${i}`, inputSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`p${k}`, { type: 'string' }])) } });
const many = { tools: Array.from({ length: 50 }, (_, i) => tool(i)) };
console.log(check(many, 'mcp', { definitionLimits: { maxNodes: 30 } }).length, check(many, 'mcp', { definitionLimits: { maxNodes: 30 } })[0]);
console.log(check(many, 'mcp', { documentLimits: { maxNodes: 1000 } }));
