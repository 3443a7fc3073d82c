import type { AppInstance } from '../../http/types.ts';

const tags = ['identity'];

/** Routes of the login-security calls (see README.md). */
export async function loginSecurityRoutes(app: AppInstance): Promise<void> {
  void app;
  void tags;
}
