/**
 * The page's host (the merchant's domain), which the system status call names. In the browser the
 * address bar's; when the server renders the first screen (app/server-entry.tsx) the request's.
 */
let renderingHost: string | null = null;

export const pageHost = (): string => renderingHost ?? window.location.host;

/** The server's render of a request names its host before filling the first screen's data. */
export function setRenderingHost(host: string): void {
  renderingHost = host;
}
