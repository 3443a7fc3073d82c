import { createHash } from 'node:crypto';
import { formatMinorUnits } from '@lotus/contract';
import type { DemoPayPayment } from './demopay-gateway.ts';
import { siteFontFamily } from './pay-page-font.ts';

/**
 * The DEMOPAY pay page: plain server-rendered HTML, no script at all. Its one style block is allowed
 * by its hash, its fonts come only from this origin (the member site's Thai font, so Thai is not
 * drawn as boxes where the system has no Thai font), and the form may post only to this page, so
 * the Content-Security-Policy lets nothing else load, run, frame it or receive its form.
 */
const baseStyle = `body{font-family:'${siteFontFamily}',system-ui,sans-serif;background:#0f1320;color:#f4efe4;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#1a2033;border-radius:12px;padding:32px;max-width:420px;width:100%;box-sizing:border-box;box-shadow:0 8px 32px #0006;overflow-wrap:anywhere}
h1{margin:0 0 4px;font-size:22px;color:#f3c85a}p{margin:8px 0;color:#c9cbd6}.amount{font-size:32px;font-weight:700;color:#fff;margin:20px 0}
.buttons{display:flex;gap:12px;margin-top:24px}button{flex:1;padding:14px;font:inherit;font-size:16px;border:0;border-radius:8px;cursor:pointer;font-weight:700}
.pay{background:#1a7f4c;color:#fff}.fail{background:#c9353a;color:#fff}.status{padding:12px;border-radius:8px;background:#282e41;margin-top:20px}
.note{font-size:12px;color:#8a8ea0;margin-top:24px}
@media (max-width:480px){body{padding:16px 12px}main{padding:24px 20px}}`;

export interface PayPage {
  contentSecurityPolicy: string;
  renderPayPage(payment: DemoPayPayment, merchantName: string, notice?: string | null): string;
  renderMissingPage(): string;
}

/** The pay page with `fontFaces`, the site's @font-face rules (pay-page-font.ts) or ''. */
export function createPayPage(fontFaces: string): PayPage {
  const style = `${fontFaces}${baseStyle}`;
  const styleHash = createHash('sha256').update(style).digest('base64');
  const document = (title: string, body: string) =>
    `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
  return {
    contentSecurityPolicy: `default-src 'none'; style-src 'sha256-${styleHash}'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    renderPayPage: (payment, merchantName, notice = null) =>
      document('DEMOPAY', payPageBody(payment, merchantName, notice)),
    renderMissingPage: () =>
      document('DEMOPAY', `<h1>DEMOPAY</h1><div class="status">ไม่พบรายการชำระเงินนี้ / This payment was not found.</div>`),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const statusText: Record<DemoPayPayment['status'], string> = {
  pending: 'รอชำระเงิน / Waiting for payment',
  paid: 'ชำระเงินสำเร็จ / Payment successful',
  failed: 'ชำระเงินไม่สำเร็จ / Payment failed',
};

/** The page of one payment: Pay and Fail while it is pending, its outcome afterwards. */
function payPageBody(payment: DemoPayPayment, merchantName: string, notice: string | null): string {
  const amount = `${formatMinorUnits(payment.amount)} ${payment.currency}`;
  const actions =
    payment.status === 'pending'
      ? `<form method="post"><div class="buttons"><button class="pay" type="submit" name="result" value="success">ชำระเงิน / Pay</button><button class="fail" type="submit" name="result" value="fail">ไม่ชำระ / Fail</button></div></form>`
      : `<div class="status">${escapeHtml(statusText[payment.status])}</div><p>กลับไปที่เว็บไซต์เพื่อดูยอดเงิน / Go back to the site to see your balance.</p>`;
  return (
    `<h1>DEMOPAY</h1><p>${escapeHtml(merchantName)}</p><div class="amount">${escapeHtml(amount)}</div>` +
    `<p>Reference ${escapeHtml(payment.merchant_reference)}</p>` +
    (notice === null ? '' : `<div class="status">${escapeHtml(notice)}</div>`) +
    actions +
    `<p class="note">เกตเวย์ทดสอบ ไม่มีการตัดเงินจริง / A demo gateway: no real money is taken.</p>`
  );
}
