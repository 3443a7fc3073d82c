import { apiPaths, envelopeSchema, publicKeySchema } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';

const tags = ['sealed'];

/** The key that clients seal the "encrypted" calls of spec §7 with (see ./README.md). */
export async function sealedRoutes(app: AppInstance): Promise<void> {
  app.get(
    apiPaths.publicKey,
    { schema: { tags, response: { 200: envelopeSchema(publicKeySchema) } } },
    async (_request, reply) => {
      // The client derives its clock offset from this answer's Date header, so no cache may replay it.
      reply.header('Cache-Control', 'no-store');
      return ok(await app.sealedPayloads.getPublicKey());
    },
  );
}
