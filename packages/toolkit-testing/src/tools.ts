import { defineTool } from '@toolarsenal/toolmodel';

/** A one-argument tool for conversion and hostile-input tests: `demo:get_weather@1.0.0`. */
export const weatherTool = defineTool({
  name: 'get_weather',
  namespace: 'demo',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
});
