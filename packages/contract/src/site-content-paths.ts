/** The site content's addresses (site-content.ts has the bodies): schema-free, so the home page can
 * name its lanes' path without zod. */
export const siteContentPaths = {
  /** GET list, POST create. */
  adminCustomerService: '/admin-api/site/customer-service',
  /** PUT update (with `version`), DELETE `?version=`. */
  adminCustomerServiceItem: '/admin-api/site/customer-service/:id',
  adminResources: '/admin-api/site/resources',
  adminResourceItem: '/admin-api/site/resources/:id',
  adminPartners: '/admin-api/site/partners',
  adminPartnerItem: '/admin-api/site/partners/:id',
  adminHelpCategories: '/admin-api/site/help/categories',
  adminHelpCategoryItem: '/admin-api/site/help/categories/:id',
  adminHelpArticles: '/admin-api/site/help/articles',
  adminHelpArticleItem: '/admin-api/site/help/articles/:id',
  adminHomeLanes: '/admin-api/site/home-lanes',
  adminHomeLaneItem: '/admin-api/site/home-lanes/:id',
  /** GET (no token): the home page's enabled game lanes in order, each with its games. */
  homeLanes: '/wps/system/homeLanes',
} as const;
