import type { AppInstance } from '../../http/types.ts';

/** Routes of modules/withdrawal (see its README.md). */
export async function withdrawalRoutes(app: AppInstance): Promise<void> {
  void app;
}
