import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is derived from the routes' zod schemas (which come from packages/contract),
 * so it cannot drift from what the server validates. Served at /api/docs (JSON at /api/docs/json).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lotus platform API',
        version: '1',
        description:
          'Every response is the envelope { success, value, message?, errorCode? }. Requests carry the headers Merchant, Device and Language; logged-in calls carry the raw token in Authorization (no Bearer prefix).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
