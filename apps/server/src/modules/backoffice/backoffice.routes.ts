import type { AppInstance } from '../../http/types.ts';

/** Routes of modules/backoffice (see its README.md). */
export async function backofficeRoutes(app: AppInstance): Promise<void> {
  void app;
}
