import type { AppInstance } from '../../http/types.ts';

/** Routes of modules/deposit (see its README.md). */
export async function depositRoutes(app: AppInstance): Promise<void> {
  void app;
}
