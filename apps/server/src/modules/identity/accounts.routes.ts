import type { AppInstance } from '../../http/types.ts';

const tags = ['identity'];

/** Routes of the accounts calls (see README.md). */
export async function accountsRoutes(app: AppInstance): Promise<void> {
  void app;
  void tags;
}
