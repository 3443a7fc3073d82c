/**
 * What other modules may use of media: the routes, and the address of an image. Other modules store
 * the URL an upload answered (a plain string column); they never read `media_image`.
 */
export { mediaRoutes, mediaUploadPermissions } from './media.routes.ts';
export { imageUrl } from './images.ts';
// The check every upload passes, for modules that keep members' pictures of their own (modules/promotions).
export { inspectImage, type InspectedImage } from './inspect-image.ts';
export type { MediaTables } from './media.tables.ts';
