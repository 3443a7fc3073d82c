import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the symbol, as the QR standard asks, so a phone finds its edges on any background. */
const quietZone = 4;

/**
 * The dark modules of `text`'s QR code as one SVG path, each row's runs of dark modules one rectangle.
 * Drawn by the browser from this path (no image, no network): the site's CSP allows inline SVG as it is.
 */
export function qrCodePath(text: string): { moduleCount: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const moduleCount = modules.size;
  let path = '';
  for (let y = 0; y < moduleCount; y += 1) {
    let x = 0;
    while (x < moduleCount) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < moduleCount && modules.get(y, x)) x += 1;
      path += `M${start + quietZone} ${y + quietZone}h${x - start}v1h${start - x}z`;
    }
  }
  return { moduleCount, path };
}

/** A QR code of `text`, black on white whatever the site's theme (scanners expect dark on light). */
export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const { moduleCount, path } = useMemo(() => qrCodePath(text), [text]);
  const side = moduleCount + quietZone * 2;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The QR code as a PNG file to save (`name`.png): drawn on a canvas and handed over as a blob URL,
 * so no data: address is made. Answers false where the browser cannot draw one.
 */
export async function saveQrCodePng(text: string, name: string, pixelsPerModule = 8): Promise<boolean> {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + quietZone * 2) * pixelsPerModule;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.fillStyle = '#000';
  for (let y = 0; y < modules.size; y += 1)
    for (let x = 0; x < modules.size; x += 1)
      if (modules.get(y, x))
        context.fillRect(
          (x + quietZone) * pixelsPerModule,
          (y + quietZone) * pixelsPerModule,
          pixelsPerModule,
          pixelsPerModule,
        );
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.png`;
  link.click();
  // Released once the browser has surely read it for the download the click started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
