/**
 * What other modules may use of the site: the country of an IP (for registration and login records),
 * the demo content and catalogue the seed writes, and the site's routes.
 */
export { findCountryOfIp } from './find-country-of-ip.ts';
// The back-office's maintenance and access pages (modules/site-access): the country list and what a visitor sees.
export { listCountries } from './list-countries.ts';
export { evaluateSystemStatus } from './site-access.ts';
export { demoGames, demoIntegrations, demoVendors, type DemoGame, type DemoVendor } from './demo-catalogue.ts';
export { demoCustomerService, demoHelpTopics, demoPartners, demoSiteResources } from './demo-content.ts';
export { seedDemoAnnouncements, seedDemoBanners } from './seed-demo-content.ts';
// The agent centre's announcement page (modules/agents checks the caller is an agent and the page is on).
export { listAgentAnnouncements } from './list-announcements.ts';
export { siteRoutes } from './site.routes.ts';
