import { publicKeySchema, vendorWalletRequestSchema, type PublicKey } from '@lotus/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { developmentHouseVendorSecret } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { insertTestOperator, createOperatorSession } from '../../modules/backoffice/backoffice.testing.ts';
import { startTestHouseGames } from '../house-games.ts';
import { fundedTestMember, insertTestSession } from '../members.ts';
import { createTestApp } from '../test-app.ts';
import type { TestDatabase } from '../test-database.ts';
import { buildRouteTable, type FuzzRoute } from './route-table.ts';
import type { JsonSchema } from './schema-values.ts';

/** The running app as the fuzzer sees it: where to send, whom to log in as, what to sign with. */
export interface FuzzTarget {
  origin: { host: string; port: number };
  db: Kysely<Database>;
  routes: FuzzRoute[];
  publicKey: PublicKey;
  vendorSecret: string;
  /** The body schema of vendor calls, which the OpenAPI document cannot show (their body is signed text). */
  vendorBodySchema: JsonSchema;
  /** A fresh session of the fuzzing member (a request may log the previous one out). */
  newMemberToken(): Promise<string>;
  /** A fresh full session (password and TOTP passed) of the fuzzing back-office admin. */
  newOperatorToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app, as tests build it (`createTestApp`, nothing mocked), listening on a loopback port of
 * the given database, with the real house vendor beside it so game calls reach a vendor. Throttles
 * would otherwise answer 429 to most of the run, which is correct but hides everything behind them:
 * each request comes from its own address (X-Forwarded-For from the trusted loopback) and the
 * sealed and credential budgets are raised.
 */
export async function startFuzzTarget(database: TestDatabase): Promise<FuzzTarget> {
  const house = await startTestHouseGames(database, Date.now);
  const testApp = await createTestApp(
    {
      CHALLENGE_BYPASS: '1',
      TRUST_PROXY: '127.0.0.1',
      SEALED_CALLS_PER_MINUTE_PER_IP: '1000000',
      CREDENTIAL_CALLS_PER_HOUR_PER_IP: '1000000',
      HOUSE_GAMES_INTERNAL_URL: house.url,
    },
    { database },
  );
  const { app, db, demoMerchantId } = testApp;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const keyResponse = await app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { Merchant: 'demo' } });
  const publicKey = z.object({ value: publicKeySchema }).parse(keyResponse.json()).value;
  const { memberId } = await fundedTestMember(db, demoMerchantId, 'fuzzmember', 1_000_000n);
  const operator = await insertTestOperator(db, { merchantId: demoMerchantId, role: 'admin', username: 'fuzzadmin' });

  return {
    origin: { host: '127.0.0.1', port },
    db,
    routes: buildRouteTable(
      app.swagger() as Parameters<typeof buildRouteTable>[0],
      app.printRoutes({ commonPrefix: false }),
    ),
    publicKey,
    vendorSecret: developmentHouseVendorSecret,
    vendorBodySchema: z.toJSONSchema(vendorWalletRequestSchema) as JsonSchema,
    newMemberToken: () => insertTestSession(db, demoMerchantId, memberId),
    newOperatorToken: async () =>
      (
        await createOperatorSession(db, {
          merchantId: demoMerchantId,
          operatorId: operator.id,
          stage: 'full',
          ip: '127.0.0.1',
          nowMs: Date.now(),
        })
      ).token,
    close: async () => {
      await house.close();
      await app.close();
    },
  };
}
