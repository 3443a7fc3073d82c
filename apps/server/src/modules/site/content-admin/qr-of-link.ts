import QRCode from 'qrcode';

/**
 * The QR code of an app's download link, drawn on the server as a PNG data: URL (the site's CSP
 * allows data: images), stored with the resource so the public answer costs nothing to build.
 */
export function qrOfLink(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** Whether a stored QR is the one the server drew (else an image the operator uploaded). */
export function isDrawnQr(qrCodeUrl: string | null): boolean {
  return qrCodeUrl?.startsWith('data:image/png;base64,') ?? false;
}
