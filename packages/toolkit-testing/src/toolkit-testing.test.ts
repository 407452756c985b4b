import { defineTool, InvalidArgumentError } from '@toolarsenal/toolmodel';
import { describe, expect, it } from 'vitest';
import { catalogRunner, errorCode, loadCatalog, median, quantile, scaleTools } from './index.js';

describe('toolkit-testing', () => {
  it('loads the 32-tool catalogue and answers calls through a runner, recording them', async () => {
    const tools = loadCatalog();
    expect(tools).toHaveLength(32);
    const { runner, calls } = catalogRunner(tools);
    const forecast = tools.find((t) => t.name === 'get_forecast')!;
    const result = await runner.run({ id: '1', name: forecast.id, arguments: { city: 'Lisbon' } });
    expect(result.ok).toBe(true);
    expect(calls).toEqual([{ id: forecast.id, args: { city: 'Lisbon' } }]);
  });

  it('scales tools with namespace variants, keeping every id distinct', () => {
    const a = defineTool({ name: 'a', namespace: 'x', description: 'A.' });
    const b = defineTool({ name: 'b', namespace: 'y', description: 'B.' });
    const scaled = scaleTools([a, b], 5);
    expect(scaled.map((t) => t.id)).toEqual([
      'x:a@1.0.0',
      'y:b@1.0.0',
      'x.v2:a@1.0.0',
      'y.v2:b@1.0.0',
      'x.v3:a@1.0.0',
    ]);
    expect(scaleTools([], 5)).toEqual([]);
  });

  it('quantiles by nearest rank, medians of unsorted values', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(3);
    expect(quantile(Float64Array.from([1, 2, 3, 4]), 0.95)).toBe(4);
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([5, 1, 3])).toBe(3);
  });

  it('errorCode returns typed codes and rethrows anything else', () => {
    expect(
      errorCode(() => {
        throw new InvalidArgumentError('x', 'a string', 1);
      }),
    ).toBe('INVALID_ARGUMENT');
    expect(errorCode(() => 1)).toBeUndefined();
    expect(() =>
      errorCode(() => {
        throw new TypeError('boom');
      }),
    ).toThrow(TypeError);
  });
});
