/**
 * For tests only (never imported by the server): the setup the tests of official results share, one
 * test app on a fake clock with two operators and the official draws made, and their calls (a draw by
 * game and numero, a funded member and its balance, a bet, an operator call, a result entered).
 */
import {
  adminLotteryResultPaths,
  lotteryOrderPaths,
  type AdminLotteryResultEntry,
  type LotteryPlaceOrderRequest,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { fundedTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import type { OperatorRole } from '../../backoffice/index.ts';
import { createOperatorSession, insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import { memberBalance } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { createOfficialDrawsAhead } from './create-official-draws.ts';
import { runOfficialTick } from './official-tick.ts';

export interface OfficialTestKitOptions {
  /** Where the fake clock starts (tests move `clock.nowMs` on). */
  startMs: number;
  /** `member()` names its members with this and a count (`official1`, `official2`, ...). */
  memberPrefix?: string;
  /** The roles of `operatorA` and `operatorB`, inserted in that order: both `platform` unless said. */
  operatorRoles?: readonly [OperatorRole, OperatorRole];
  /**
   * How the draws are made before the tests: `tick` runs the official games' pass (runOfficialTick)
   * and then the draw loop's (runLotteryTick) once, `ahead` only creates the official draws ahead.
   */
  draws?: 'tick' | 'ahead';
}

export type OfficialTestKit = ReturnType<typeof useOfficialTestKit>;

/**
 * The kit of one test file: its app is made (operators inserted, draws made) before its tests and
 * closed after all. The helpers may be taken from it at once; `t`, `merchantId`, `operatorA` and
 * `operatorB` exist only once the first hook has run, so read them only inside tests and hooks.
 */
export function useOfficialTestKit(options: OfficialTestKitOptions) {
  const { memberPrefix = 'official', operatorRoles = ['platform', 'platform'], draws = 'tick' } = options;
  const clock = { nowMs: options.startMs };
  let testApp: TestApp | undefined;
  let started: { t: TestApp; operatorA: TestOperator; operatorB: TestOperator } | undefined;
  const app = () => {
    if (!started) throw new Error('the official test kit is read before its beforeAll hook has run');
    return started;
  };

  beforeAll(async () => {
    const t = await createTestApp({}, { now: () => clock.nowMs });
    testApp = t;
    const merchantId = t.demoMerchantId;
    const operatorA = await insertTestOperator(t.db, { merchantId, role: operatorRoles[0], nowMs: clock.nowMs });
    const operatorB = await insertTestOperator(t.db, { merchantId, role: operatorRoles[1], nowMs: clock.nowMs });
    started = { t, operatorA, operatorB };
    if (draws === 'tick') {
      await runOfficialTick(t.db, clock.nowMs);
      await runLotteryTick(t.db, clock.nowMs);
    } else {
      await createOfficialDrawsAhead(t.db, clock.nowMs);
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function drawOf(gameCode: string, numero: string) {
    return app()
      .t.db.selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['d.id', 'd.game_id', 'd.status', 'd.locks_at', 'd.draws_at', 'd.result'])
      .where('g.code', '=', gameCode)
      .where('d.numero', '=', numero)
      .executeTakeFirstOrThrow();
  }

  let memberCount = 0;
  /** A member of the demo merchant with `amountMinor` in its main wallet and a live token. */
  async function member(amountMinor = 100_000n) {
    const { t } = app();
    memberCount += 1;
    return fundedTestMember(t.db, t.demoMerchantId, `${memberPrefix}${memberCount}`, amountMinor, {
      nowMs: clock.nowMs,
    });
  }

  const balanceOf = (memberId: bigint) => {
    const { t } = app();
    return memberBalance(t.db, t.demoMerchantId, 'THB', { kind: 'member_main', memberId });
  };

  /**
   * One bet of 1.00 a stake unit at series 2000 (a unit's win in satang is then the play's
   * hundredths), `units` units (by default one a number of `betContent`, comma separated).
   */
  async function bet(
    token: string,
    gameId: number,
    numero: string,
    playId: number,
    betContent: string,
    units = betContent.split(',').length,
  ) {
    const body: LotteryPlaceOrderRequest = {
      gameId,
      numero,
      bets: [{ playId, betContent, betNum: units, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
      totalAmount: `${units}.00`,
    };
    const response = await app().t.app.inject({
      method: 'POST',
      url: lotteryOrderPaths.place,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: token },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A call of the operator on a session opened at the clock's time (the clock jumps days: sessions would expire). */
  async function admin(
    operator: TestOperator,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    language = 'EN',
  ) {
    const { t } = app();
    const { token } = await createOperatorSession(t.db, {
      merchantId: t.demoMerchantId,
      operatorId: operator.id,
      stage: 'full',
      ip: '127.0.0.1',
      nowMs: clock.nowMs,
    });
    return t.app.inject({
      method,
      url,
      headers: { Merchant: 'demo', Language: language, Authorization: token },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }

  /** The operator's entry of a result (the first of the four eyes), answered 200. */
  async function entered(operator: TestOperator, gameCode: string, numero: string, result: OfficialLotteryResult) {
    const response = await admin(operator, 'POST', adminLotteryResultPaths.enter, { gameCode, numero, result });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ value: AdminLotteryResultEntry }>().value;
  }

  const confirmUrl = (entryId: string) => adminLotteryResultPaths.confirm.replace(':entryId', entryId);

  return {
    clock,
    get t() {
      return app().t;
    },
    get merchantId() {
      return app().t.demoMerchantId;
    },
    get operatorA() {
      return app().operatorA;
    },
    get operatorB() {
      return app().operatorB;
    },
    drawOf,
    member,
    balanceOf,
    bet,
    admin,
    entered,
    confirmUrl,
  };
}
