import { fromCanonical } from './src/index.js';
import { loadCorpusTools } from './src/testing/corpus-tools.js';
const tools = loadCorpusTools();
for (const { entry, tool } of tools) {
  if ((entry.server_key === 'biomcp' && tool.name === 'search') || tool.name === 'whois_ip' || (tool.name==='get-36kr-trending')) {
    const g = fromCanonical(tool, 'gemini');
    const p = (g.value as any).parameters;
    console.log(tool.name, JSON.stringify(p).slice(0, 1500));
    console.log(g.losses.filter(l => /any_of|anyOf/.test(l.detail)).slice(0,6));
    if (tool.name === 'whois_ip') for (const d of [['openai-chat', true], ['anthropic', true]] as const) { const c = fromCanonical(tool, d[0], { strict: d[1] }); console.log(d[0], JSON.stringify(c.value).slice(0, 600)); }
  }
  if (tool.inputSchema.properties && Object.keys(tool.inputSchema.properties).length === 0 && tool.name.startsWith('get')) {}
}
const noArgs = tools.find(t => Object.keys((t.tool.inputSchema.properties ?? {}) as object).length === 0)!;
console.log(noArgs.tool.inputSchema, fromCanonical(noArgs.tool, 'gemini').losses);
