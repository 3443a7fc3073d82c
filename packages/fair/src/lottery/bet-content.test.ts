import { describe, expect, test } from 'vitest';
import { MAX_BET_CONTENT_LENGTH, formatBetContent, parseBetContent } from './bet-content.ts';
import { BetContentError } from './types.ts';
import type { BetContent } from './types.ts';

function errorOf(run: () => unknown): BetContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof BetContentError) return error;
    throw error;
  }
  throw new Error('expected a BetContentError');
}

describe('parseBetContent refuses', () => {
  test.each<[string, string, BetContentError['code'], RegExp]>([
    ['nothing', '', 'content_invalid', /empty/],
    ['a space before a ball', ' 1', 'content_invalid', /character/],
    ['a trailing newline', '1,2\n', 'content_invalid', /character/],
    ['lower-case letters', 'big', 'content_invalid', /character/],
    ['a sign', '-1', 'content_invalid', /character/],
    ['an empty ball in the middle', '1,,2', 'content_invalid', /empty ball/],
    ['a trailing comma', '1,2,', 'content_invalid', /row 1 has an empty ball/],
    ['an empty row', '1||2', 'content_invalid', /row 2 is empty/],
    ['a trailing bar', '1|', 'content_invalid', /row 2 is empty/],
    ['an underscore', '1_2', 'content_invalid', /character/],
    ['two "@"', '1@2@3', 'content_invalid', /more than one "@"/],
    ['no rows after "@"', '1,2@', 'content_invalid', /no row/],
    ['no positions before "@"', '@1,2', 'positions_invalid', /empty/],
    ['position 0', '0@1', 'positions_invalid', /position 1/],
    ['a leading zero', '01@1', 'positions_invalid', /leading zero/],
    ['position 100', '1,100@1', 'positions_invalid', /position 2/],
    ['an empty position', '1,,2@1', 'positions_invalid', /position 2/],
    ['descending positions', '3,1@1', 'positions_invalid', /ascending/],
    ['a repeated position', '2,2@1', 'positions_invalid', /once/],
    ['a letter position', 'A@1', 'positions_invalid', /position 1/],
  ])('%s (%j)', (_name, text, code, message) => {
    const error = errorOf(() => parseBetContent(text));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  test(`more than ${MAX_BET_CONTENT_LENGTH} characters, before looking at them`, () => {
    const text = `${'1,'.repeat(1000)}1`;
    expect(text.length).toBe(MAX_BET_CONTENT_LENGTH + 1);
    expect(errorOf(() => parseBetContent(text)).code).toBe('content_too_large');
    // One character less is read.
    expect(parseBetContent(text.slice(2)).rows[0]).toHaveLength(1000);
  });

  test('quotes a long bad ball only in part', () => {
    const error = errorOf(() => parseBetContent(`${'1'.repeat(50)}x`));
    expect(error.message).toContain(`"${'1'.repeat(20)}..."`);
    expect(error.message).not.toContain('1'.repeat(21));
  });
});

describe('parseBetContent and formatBetContent', () => {
  test.each<[string, BetContent]>([
    ['5', { rows: [['5']] }],
    ['0,1,2|3|4,5', { rows: [['0', '1', '2'], ['3'], ['4', '5']] }],
    ['-|-|1|-|-', { rows: [[], [], ['1'], [], []] }],
    ['07,80', { rows: [['07', '80']] }],
    ['123456', { rows: [['123456']] }],
    ['1,3@5,6|7', { positions: [1, 3], rows: [['5', '6'], ['7']] }],
    ['2,5@BIG,ODD', { positions: [2, 5], rows: [['BIG', 'ODD']] }],
    ['99@-', { positions: [99], rows: [[]] }],
  ])('%j round-trips', (text, content) => {
    expect(parseBetContent(text)).toEqual(content);
    expect(formatBetContent(content)).toBe(text);
  });

  test('a content without positions has no positions key (not an undefined one)', () => {
    expect(Object.keys(parseBetContent('1|2'))).toEqual(['rows']);
  });

  test.each<[string, BetContent, BetContentError['code']]>([
    ['no rows', { rows: [] }, 'content_invalid'],
    ['a ball with a comma', { rows: [['1,2']] }, 'content_invalid'],
    ['an empty ball', { rows: [['1', '']] }, 'content_invalid'],
    ['a ball "-" (an empty row is [])', { rows: [['-']] }, 'content_invalid'],
    ['no positions', { positions: [], rows: [['1']] }, 'positions_invalid'],
    ['a fractional position', { positions: [1.5], rows: [['1']] }, 'positions_invalid'],
    ['unordered positions', { positions: [2, 1], rows: [['1']] }, 'positions_invalid'],
    ['too long', { rows: [Array.from({ length: 1001 }, () => '1')] }, 'content_too_large'],
  ])('formatBetContent refuses %s', (_name, content, code) => {
    expect(errorOf(() => formatBetContent(content)).code).toBe(code);
  });
});
