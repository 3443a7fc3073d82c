// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { fill, formatDateTime, formatMoney, gameNameOf, h, lobbyUrlOf, readLaunch } from './page-kit.ts';

describe('formatMoney', () => {
  test.each([
    ['0', 'en', '0.00'],
    ['5', 'en', '0.05'],
    ['100', 'th', '1.00'],
    ['100000', 'en', '1,000.00'],
    ['100000', 'th', '1,000.00'],
    ['123456789', 'en', '1,234,567.89'],
    ['-2550', 'en', '-25.50'],
    // Beyond 2^53: still exact, never rounded through a float.
    ['900719925474099312', 'en', '9,007,199,254,740,993.12'],
  ] as const)('%s minor units in %s is %s', (minor, lang, text) => {
    expect(formatMoney(minor, lang)).toBe(text);
  });

  test("takes numbers and bigints as well as the APIs' integer strings", () => {
    expect(formatMoney(2_000, 'en')).toBe('20.00');
    expect(formatMoney(2_000n, 'th')).toBe('20.00');
  });

  test('refuses text that is not an integer of minor units', () => {
    expect(() => formatMoney('12.5', 'en')).toThrow(SyntaxError);
  });
});

describe('fill', () => {
  test('replaces known placeholders and leaves unknown ones visible', () => {
    expect(fill('Line {line}: {amount} {missing}', { line: 3, amount: '8.00' })).toBe('Line 3: 8.00 {missing}');
  });
});

describe('readLaunch', () => {
  test.each([
    ['?token=abc&lang=en&currency=thb', { token: 'abc', currency: 'THB', lang: 'en', gameName: '' }],
    ['?token=abc', { token: 'abc', currency: 'THB', lang: 'th', gameName: '' }],
    ['?lang=fr', { token: '', currency: 'THB', lang: 'th', gameName: '' }],
    [
      '?token=abc&lang=th&name=%E0%B8%94%E0%B8%AD%E0%B8%81%E0%B8%9A%E0%B8%B1%E0%B8%A7%E0%B8%99%E0%B8%B3%E0%B9%82%E0%B8%8A%E0%B8%84',
      { token: 'abc', currency: 'THB', lang: 'th', gameName: 'ดอกบัวนำโชค' },
    ],
  ])('%s', (search, expected) => {
    expect(readLaunch(new URL(`http://games.test/play/lucky-lotus${search}`), 'lucky-lotus')).toEqual({
      ...expected,
      gameId: 'lucky-lotus',
    });
  });

  test('a game name is trimmed, loses control characters and is cut at 80 characters', () => {
    expect(gameNameOf('  Golden\u0000 Elephant\n ')).toBe('Golden Elephant');
    expect(gameNameOf('ช'.repeat(100))).toBe('ช'.repeat(80));
    expect(gameNameOf(null)).toBe('');
  });
});

describe('lobbyUrlOf', () => {
  test.each([
    ['https://site.example/game', 'https://site.example/'],
    ['http://localhost:8440/', 'http://localhost:8440/'],
    ['', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('referrer %j leads back to %j', (referrer, lobby) => {
    expect(lobbyUrlOf(referrer)).toBe(lobby);
  });
});

describe('formatDateTime', () => {
  test('writes DD/MM/YYYY HH:mm with the Gregorian year, as the site does (not 26/11/69 nor 2569)', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 9, 5, 59).getTime())).toBe('26/11/2026 09:05');
    expect(formatDateTime(new Date(2027, 0, 3, 23, 40).getTime())).toBe('03/01/2027 23:40');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('h', () => {
  test('sets attributes, skips false ones, binds on* listeners and inserts text as text, never HTML', () => {
    let clicks = 0;
    const button = h(
      'button',
      { class: 'spin', disabled: false, hidden: true, 'data-x': 1, onclick: () => (clicks += 1) },
      '<b>Spin</b>',
      null,
      2,
    );
    expect(button.getAttribute('class')).toBe('spin');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.hasAttribute('hidden')).toBe(true);
    expect(button.dataset.x).toBe('1');
    expect(button.textContent).toBe('<b>Spin</b>2');
    expect(button.querySelector('b')).toBeNull();
    button.click();
    expect(clicks).toBe(1);
  });
});
