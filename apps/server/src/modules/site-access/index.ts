/**
 * The back-office's maintenance and access pages: the merchant configuration's `maintenance` and
 * `access` sections, versioned and audited. Above merchant, site and backoffice; only the
 * composition root imports it.
 */
export { siteAccessRoutes } from './site-access.routes.ts';
