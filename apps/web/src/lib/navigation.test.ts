import { describe, expect, test } from 'vitest';
import { isSameLocation } from './navigation';

describe('isSameLocation (spec §2: navigating to the current page is ignored)', () => {
  test.each([
    [{ pathname: '/rng', search: '?page=NAGA' }, '/rng?page=NAGA', true],
    [{ pathname: '/rng/', search: '' }, '/rng', true],
    [{ pathname: '/', search: '' }, '/', true],
    [{ pathname: '/rng', search: '?a=1&b=2' }, '/rng?b=2&a=1', true],
    [{ pathname: '/help', search: '', hash: '#faq' }, '/help#faq', true],
    [{ pathname: '/rng', search: '?page=NAGA' }, '/rng', false],
    [{ pathname: '/rng', search: '' }, '/live', false],
    [{ pathname: '/', search: '' }, '/home', false],
    // A different help topic is a different place, so it is not ignored.
    [{ pathname: '/help', search: '', hash: '#faq' }, '/help#rules', false],
  ])('%j vs %s → %s', (current, target, expected) => {
    expect(isSameLocation(current, target)).toBe(expected);
  });
});
