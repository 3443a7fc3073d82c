/**
 * What other modules may use of media: the routes, and the address of an image. Other modules store
 * the URL an upload answered (a plain string column); they never read `media_image`.
 */
export { mediaRoutes, mediaUploadPermissions } from './media.routes.ts';
export { imageUrl } from './images.ts';
export type { MediaTables } from './media.tables.ts';
