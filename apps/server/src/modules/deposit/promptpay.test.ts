import { describe, expect, test } from 'vitest';
import { crc16CcittFalse, hasValidCrc, maskPromptPayId, promptPayPayload, promptPayQrCode } from './promptpay.ts';

/**
 * Known-good payloads published with public PromptPay generators (dtinth/promptpay-qr's tests, a
 * payload scanned from a Thai banking app), checked here against our own code.
 */
const knownGood = [
  '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
  '00020101021129370016A000000677010111011300668912345675802TH5303764630429C1',
  '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
  '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
  '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
  '00020101021129370016A000000677010111011300669245317755802TH54076000.00530376463049B3B',
];

/** Reads a TLV list into [tag, value] pairs, failing on any length that overruns. */
function parseTlv(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(tag) || Number.isNaN(length) || value.length !== length) throw new Error(`bad TLV at ${at}`);
    fields.push([tag, value]);
    at += 4 + length;
  }
  return fields;
}

describe('CRC-16/CCITT-FALSE', () => {
  test('the standard check value: "123456789" gives 29B1', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  test.each(knownGood)('agrees with the CRC of a known-good payload: %s', (payload) => {
    expect(hasValidCrc(payload)).toBe(true);
    expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
  });

  test.each([
    ['one digit changed', knownGood[4]!.replace('4.22', '4.23')],
    ['CRC changed', `${knownGood[4]!.slice(0, -4)}E468`],
    ['lower-case CRC', `${knownGood[4]!.slice(0, -4)}e469`],
    ['no CRC field', knownGood[4]!.slice(0, -8)],
  ])('refuses a payload with %s', (_name, payload) => {
    expect(hasValidCrc(payload)).toBe(false);
  });
});

describe('promptPayPayload', () => {
  test('matches a known-good dynamic payload byte for byte (phone 000-000-0000, 4.22 baht)', () => {
    expect(promptPayPayload('0000000000', 422n)).toBe(
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    );
  });

  test('a phone target: tag 29 holds the AID and 0066 + the 9 digits after the leading 0; every field as EMVCo asks', () => {
    const payload = promptPayPayload('0812345678', 150_050n);
    const fields = new Map(parseTlv(payload));
    expect(parseTlv(payload).map(([tag]) => tag)).toEqual(['00', '01', '29', '58', '53', '54', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(parseTlv(fields.get('29')!)).toEqual([
      ['00', 'A000000677010111'],
      ['01', '0066812345678'],
    ]);
    expect(fields.get('53')).toBe('764');
    expect(fields.get('54')).toBe('1500.50');
    expect(fields.get('58')).toBe('TH');
    expect(hasValidCrc(payload)).toBe(true);
  });

  test('a 13-digit tax id goes in sub-tag 02 as is', () => {
    const payload = promptPayPayload('0123456789012', 10_000n);
    expect(parseTlv(new Map(parseTlv(payload)).get('29')!)).toEqual([
      ['00', 'A000000677010111'],
      ['02', '0123456789012'],
    ]);
    // The same as the published static payload for this id, with the dynamic method and the amount added.
    expect(payload).toBe(
      `00020101021229370016A000000677010111021301234567890125802TH53037645406100.006304${crc16CcittFalse('00020101021229370016A000000677010111021301234567890125802TH53037645406100.006304')}`,
    );
    expect(hasValidCrc(payload)).toBe(true);
  });

  test.each([
    ['a 9-digit number', '081234567', 100n],
    ['a number not starting with 0', '8812345678', 100n],
    ['letters', '08123abcde', 100n],
    ['a 12-digit id', '012345678901', 100n],
    ['a zero amount', '0812345678', 0n],
    ['a negative amount', '0812345678', -100n],
  ])('refuses %s', (_name, id, amount) => {
    expect(() => promptPayPayload(id, amount)).toThrow();
  });
});

describe('QR code and masking', () => {
  test('the QR code is an SVG data URL', async () => {
    const qr = await promptPayQrCode(promptPayPayload('0812345678', 10_000n));
    expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString('utf8')).toContain('<svg');
  });

  test('only the last digits of the target are shown', () => {
    expect(maskPromptPayId('0812345678')).toBe('xxx-xxx-5678');
    expect(maskPromptPayId('0123456789012')).toBe('x-xxxx-xxxxx-01-2');
  });
});
