import { describe, expect, test } from 'vitest';
import { ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  test('a stored answer is found until its time is up', () => {
    let nowMs = 1_000;
    const cache = new ResponseCache({ ttlMs: 5_000, now: () => nowMs });
    cache.store(1, 'TH|/a', '{"success":true}', cache.generation(1));
    expect(cache.find(1, 'TH|/a')?.body).toBe('{"success":true}');
    expect(cache.find(2, 'TH|/a')).toBeNull();
    expect(cache.find(1, 'EN|/a')).toBeNull();
    nowMs += 5_000;
    expect(cache.find(1, 'TH|/a')).toBeNull();
  });

  test('an answer computed before a change is not stored after it', () => {
    const cache = new ResponseCache();
    const generationAtStart = cache.generation(1);
    cache.invalidate(1);
    cache.store(1, 'TH|/a', 'stale', generationAtStart);
    expect(cache.find(1, 'TH|/a')).toBeNull();
  });

  test('invalidating one merchant leaves the others', () => {
    const cache = new ResponseCache();
    cache.store(1, 'k', 'one', 0);
    cache.store(2, 'k', 'two', 0);
    cache.invalidate(1);
    expect(cache.find(1, 'k')).toBeNull();
    expect(cache.find(2, 'k')?.body).toBe('two');
    cache.invalidateAll();
    expect(cache.find(2, 'k')).toBeNull();
  });

  test('the number of URL variants kept per merchant is bounded', () => {
    const cache = new ResponseCache();
    for (let index = 0; index < 600; index++) cache.store(1, `TH|/a?x=${index}`, 'x', 0);
    expect(cache.find(1, 'TH|/a?x=0')).toBeNull();
    expect(cache.find(1, 'TH|/a?x=599')?.body).toBe('x');
  });
});
