import { formatMinorUnits } from '@lotus/contract';
import QRCode from 'qrcode';

/**
 * Thai PromptPay QR payloads: EMVCo merchant-presented mode, a list of TLV fields (two-digit tag,
 * two-digit length, value) closed by a CRC. Field order follows the payloads Thai banking apps and
 * the common generators produce (00, 01, 29, 58, 53, 54, 63); apps read the tags, not the order,
 * but keeping it makes our payloads comparable byte for byte with known-good ones.
 */

/** The Bank of Thailand's application id for PromptPay credit transfers (tag 29, sub-tag 00). */
const promptPayAid = 'A000000677010111';

function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) over the
 * payload's bytes up to and including the CRC field's own tag and length (`6304`), as EMVCo asks.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The PromptPay target as tag 29 carries it: a mobile number `0812345678` becomes sub-tag 01 with
 * `0066812345678` (country code, the leading 0 dropped, left-padded to 13); a 13-digit tax or
 * citizen id is sub-tag 02 as is.
 */
function targetField(promptPayId: string): string {
  if (/^0\d{9}$/.test(promptPayId)) return field('01', `0066${promptPayId.slice(1)}`);
  if (/^\d{13}$/.test(promptPayId)) return field('02', promptPayId);
  throw new Error('a PromptPay id is a 10-digit mobile number starting with 0 or a 13-digit id');
}

/**
 * A dynamic (tag 01 = "12": one payment, with its amount) PromptPay payload for `amountMinor`
 * satang to `promptPayId`, in baht (tag 53 = "764").
 */
export function promptPayPayload(promptPayId: string, amountMinor: bigint): string {
  if (amountMinor <= 0n) throw new Error('a PromptPay amount must be positive');
  const body = [
    field('00', '01'),
    field('01', '12'),
    field('29', field('00', promptPayAid) + targetField(promptPayId)),
    field('58', 'TH'),
    field('53', '764'),
    field('54', formatMinorUnits(amountMinor)),
  ].join('');
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16CcittFalse(withCrcHeader);
}

/** True when the payload's last field is a CRC that matches everything before it. */
export function hasValidCrc(payload: string): boolean {
  const match = /^(.*6304)([0-9A-F]{4})$/.exec(payload);
  return match !== null && crc16CcittFalse(match[1]!) === match[2];
}

/** The payload drawn as a QR code: an SVG data URL the page can put in an `<img>` (the CSP allows `data:` images). */
export async function promptPayQrCode(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** What the member sees of the target: the last four digits (`xxx-xxx-5678`, `x-xxxx-xxxxx-12-3`). */
export function maskPromptPayId(promptPayId: string): string {
  if (promptPayId.length === 10) return `xxx-xxx-${promptPayId.slice(6)}`;
  return `x-xxxx-xxxxx-${promptPayId.slice(10, 12)}-${promptPayId.slice(12)}`;
}
