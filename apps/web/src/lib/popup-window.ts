/** spec §2 and §9: the customer-service popup is 440x500, the live chat 440x750. */
export const supportPopupSize = { width: 440, height: 500 } as const;
export const chatPopupSize = { width: 440, height: 750 } as const;

export function openPopupWindow(url: string, size: { width: number; height: number }, name = 'customer-service'): void {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - size.height) / 2));
  // Not "noopener" in the features: with it window.open returns null and the size is ignored
  // by some browsers. The opener link is cut by hand instead, so the support page cannot reach us.
  const popup = window.open(url, name, `width=${size.width},height=${size.height},left=${left},top=${top}`);
  if (popup) popup.opener = null;
}
