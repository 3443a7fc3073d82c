import type { AppInstance } from '../../http/types.ts';

/** Routes of modules/vendor-wallet (see its README.md). */
export async function vendorWalletRoutes(app: AppInstance): Promise<void> {
  void app;
}
