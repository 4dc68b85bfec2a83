import { describe, expect, it } from 'vitest';
import { mapLimited } from './concurrency';

describe('mapLimited', () => {
  it('runs at most `limit` at once and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimited([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
    expect(await mapLimited([], 3, async () => 1)).toEqual([]);
  });
});
