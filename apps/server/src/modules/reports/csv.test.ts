import { describe, expect, test } from 'vitest';
import { csvCell, num, toCsv } from './csv.ts';
import { rtpPercent } from './read-reports.ts';

describe('CSV cells', () => {
  test.each([
    ['plain', 'plain'],
    ['สล็อตนำโชค', 'สล็อตนำโชค'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['', ''],
  ])('text %j is written %j', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  test('numbers the report computed stay numbers, negative ones too; null is empty', () => {
    expect(csvCell(num('-150.50'))).toBe('-150.50');
    expect(csvCell(num(42))).toBe('42');
    expect(csvCell(num(null))).toBe('');
  });

  test('a table: BOM, CRLF lines, a final line break', () => {
    expect(toCsv(['name', 'ggr'], [['=x', num('-1.00')]])).toBe("\uFEFFname,ggr\r\n'=x,-1.00\r\n");
  });
});

describe('RTP', () => {
  test.each([
    [0n, 0n, null],
    [20000n, 19999n, '100.00'],
    [15334n, 25150n, '164.01'],
    [3n, 1n, '33.33'],
    [3n, 2n, '66.67'],
    [100n, 0n, '0.00'],
  ])('bets %s payouts %s: %s', (bets, payouts, rtp) => {
    expect(rtpPercent(bets, payouts)).toBe(rtp);
  });
});
