import { describe, expect, it } from 'vitest';
import { importChecked, meta, CORPUS_TIMEOUT as TIMEOUT } from './test-fixtures/import-checked.js';

describe('corpus: Discord, Twilio, Slack, Rebilly', () => {
  it(
    'Discord (3.1): type arrays kept, path-level parameters merged',
    async () => {
      const result = await importChecked('openapi-3.1/discord-openapi.json', 242);
      expect(JSON.stringify(result.tools.map((t) => t.inputSchema))).toMatch(/"type":\["[a-z]+","null"\]/);
      const withChannel = result.tools.filter((t) => meta(t).path.includes('{channel_id}'));
      for (const t of withChannel) expect(Object.keys(meta(t).parameters.path ?? {})).toContain('channel_id');
      // Two schemas say `enum: []` next to an allOf naming the real enumeration: the empty enum goes.
      expect(result.warnings.filter((w) => w.code === 'schema_repaired').map((w) => w.message)).toEqual([
        'tool get_guild_join_requests/inputSchema/properties/query/properties/status/enum: enum: [] admits no value and cannot be compiled by validators; dropped',
        'tool action_guild_join_request/inputSchema/properties/body/properties/action/enum: enum: [] admits no value and cannot be compiled by validators; dropped',
      ]);
    },
    TIMEOUT,
  );
  it(
    'Twilio (3.0.1)',
    async () => void (await importChecked('openapi-3.0/twilio_api_v2010.json', 197)),
    TIMEOUT,
  );
  it(
    'Slack (2.0): header token parameter and form bodies',
    async () => {
      const result = await importChecked('swagger-2.0/slack_web_openapi_v2_without_examples.json', 174);
      const post = result.tools.find((t) => t.name === 'chat_postMessage')!;
      expect(meta(post).body?.contentType).toBe('application/x-www-form-urlencoded');
      expect(meta(post).parameters.header).toHaveProperty('token');
    },
    TIMEOUT,
  );
  it(
    'Rebilly (no operationIds): names derived from method and path, all unique',
    async () => {
      const result = await importChecked('openapi-3.0/rebilly-big-openapi.json', 246);
      expect(result.renamed).toHaveLength(246);
      expect(result.tools.map((t) => t.name)).toContain('get_3dsecure_by_id');
    },
    TIMEOUT,
  );
});
