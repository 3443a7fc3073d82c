import {
  adminBonusPaths,
  adminBonusSettingsSchema,
  bonusDetailsSchema,
  bonusPaths,
  turnoverInfoSchema,
  withdrawalPaths,
} from '@lotus/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, memberBalance } from '../ledger/index.ts';
import {
  createVendorKit,
  otherVendor,
  type Player,
  type VendorKit,
} from '../seamless-wallet/seamless-wallet.testing.ts';
import { createWithdrawalKit, type WithdrawalTestMember } from '../withdrawal/withdrawal.testing.ts';
import {
  expireBonuses,
  getTurnoverInfo,
  grantBonus,
  runBonusJob,
  settleMemberBonuses,
  type BonusGrant,
} from './index.ts';

/**
 * The bonus engine on one app: the withdrawal kit (members with a payment password and a bank account)
 * and the vendor kit (seamless bets and wins of an outside vendor, through the group-commit path).
 */
let kit: Awaited<ReturnType<typeof createWithdrawalKit>>;
let vendor: VendorKit;
let sequence = 0;

beforeAll(async () => {
  kit = await createWithdrawalKit({ withdrawals: { turnoverMultiplier: 1 } });
  vendor = await createVendorKit(kit.testApp, () => kit.clock.nowMs, 'bn');
});
afterAll(async () => kit?.testApp.close());

const thb = (amount: string) => BigInt(Math.round(Number(amount) * 100));
async function balances(memberId: bigint) {
  const read = (kind: 'member_main' | 'member_bonus') =>
    memberBalance(kit.db, kit.merchantId, 'THB', { kind, memberId });
  return { main: await read('member_main'), bonus: await read('member_bonus') };
}
function grantOf(memberId: bigint, amount: string, turnover: string, over: Partial<BonusGrant> = {}): BonusGrant {
  sequence += 1;
  return {
    merchantId: kit.merchantId,
    memberId,
    currency: 'THB',
    amountMinor: thb(amount),
    turnoverRequiredMinor: thb(turnover),
    productTypes: null,
    expiresAt: null,
    source: { kind: 'issued', id: `t-${sequence}` },
    transferKind: 'promotion_bonus',
    nowMs: kit.clock.nowMs,
    ...over,
  };
}
/** A member with `cash` in main (deposited and wagered) and a seamless session with the outside vendor. */
async function playerWith(cash: string): Promise<{ member: WithdrawalTestMember; player: Player }> {
  const member = await kit.newMember(cash === '0.00' ? {} : { balance: cash });
  const player = await vendor.player(0n, { memberId: member.id, vendor: otherVendor });
  return { member, player };
}
/** A bet in a round of its own, closed at once (so it settles and counts), answered as the vendor sees it. */
async function bet(p: Player, amount: string) {
  sequence += 1;
  return vendor.send(p, 'bet', vendor.body(p, { roundId: `b${sequence}`, amount, roundClosed: false }));
}
async function settledBet(p: Player, amount: string) {
  sequence += 1;
  const round = `s${sequence}`;
  const answer = await vendor.send(p, 'bet', vendor.body(p, { roundId: round, amount }));
  if (answer.statusCode !== 200) return answer;
  return vendor.send(p, 'win', vendor.body(p, { roundId: round, amount: '0', roundClosed: true }));
}
const scope = (memberId: bigint) => ({ merchantId: kit.merchantId, memberId, nowMs: kit.clock.nowMs });
async function grantsOf(memberId: bigint) {
  return kit.db.selectFrom('member_bonus').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}
async function closeKinds(memberId: bigint) {
  const { rows } = await sql<{ kind: string; amount: bigint }>`
    SELECT t.kind, t.amount FROM ledger_transfer t JOIN ledger_account a ON a.id = t.debit_account_id
    WHERE a.member_id = ${memberId} AND a.kind = 'member_bonus' AND t.kind LIKE 'bonus_%' ORDER BY t.id`.execute(
    kit.db,
  );
  return rows.map((row) => `${row.kind}:${row.amount}`);
}
async function setting(rule: 'block' | 'forfeit', below: bigint | null) {
  await kit.db
    .insertInto('bonus_setting')
    .values({ merchant_id: kit.merchantId, withdrawal_rule: rule, forfeit_below_minor: below, updated_at: new Date() })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ withdrawal_rule: rule, forfeit_below_minor: below }))
    .execute();
}

describe('spending rule: cash first, then bonus; wins to cash', () => {
  it.each([
    ['cash covers the bet: bonus untouched', '100.00', '50.00', '30.00', { main: '70.00', bonus: '50.00' }, '120.00'],
    [
      'cash short: all cash, the rest from bonus',
      '30.00',
      '100.00',
      '50.00',
      { main: '0.00', bonus: '80.00' },
      '80.00',
    ],
    ['no cash: all from bonus', '0.00', '100.00', '40.00', { main: '0.00', bonus: '60.00' }, '60.00'],
    ['both short: refused, nothing moves', '10.00', '20.00', '50.00', { main: '10.00', bonus: '20.00' }, null],
  ] as const)('%s', async (_name, cash, bonus, amount, after, answered) => {
    const { member, player } = await playerWith(cash);
    await grantBonus(kit.db, grantOf(member.id, bonus, '1000.00'));
    const balance = await vendor.send(player, 'balance', vendor.body(player, { amount: '0' }));
    expect((await vendor.expectOk(balance)).balance).toBe((Number(cash) + Number(bonus)).toFixed(2));
    const response = await bet(player, amount);
    if (answered === null) {
      const refused = await vendor.expectError(response, 'INSUFFICIENT_FUNDS');
      expect(refused.value).toMatchObject({ balance: '30.00' });
    } else {
      expect((await vendor.expectOk(response)).balance).toBe(answered);
    }
    expect(await balances(member.id)).toEqual({ main: thb(after.main), bonus: thb(after.bonus) });
    const [grant] = await grantsOf(member.id);
    expect(grant!.remaining).toBe(thb(after.bonus));
  });

  it('bonus is taken from the oldest grant first; a win is paid to cash', async () => {
    const { member, player } = await playerWith('0.00');
    await grantBonus(kit.db, grantOf(member.id, '50.00', '1000.00'));
    await grantBonus(kit.db, grantOf(member.id, '50.00', '1000.00'));
    sequence += 1;
    const round = `w${sequence}`;
    await vendor.expectOk(await vendor.send(player, 'bet', vendor.body(player, { roundId: round, amount: '70.00' })));
    expect((await grantsOf(member.id)).map((g) => g.remaining)).toEqual([0n, 3000n]);
    const win = await vendor.send(
      player,
      'win',
      vendor.body(player, { roundId: round, amount: '25.00', roundClosed: true }),
    );
    expect((await vendor.expectOk(win)).balance).toBe('55.00');
    expect(await balances(member.id)).toEqual({ main: 2500n, bonus: 3000n });
    expect((await checkLedger(kit.db)).ok).toBe(true);
  });
});

describe('rollback of a bet that spent bonus', () => {
  it('gives the bonus part back to the bonus wallet and its grant, the cash part to cash', async () => {
    const { member, player } = await playerWith('30.00');
    await grantBonus(kit.db, grantOf(member.id, '100.00', '1000.00'));
    sequence += 1;
    const round = `rb${sequence}`;
    const placed = vendor.body(player, { roundId: round, amount: '50.00' });
    await vendor.expectOk(await vendor.send(player, 'bet', placed));
    expect(await balances(member.id)).toEqual({ main: 0n, bonus: 8000n });
    const undo = vendor.body(player, { roundId: round, amount: '50.00', referenceTransactionId: placed.transactionId });
    expect((await vendor.expectOk(await vendor.send(player, 'rollback', undo))).balance).toBe('130.00');
    expect(await balances(member.id)).toEqual({ main: 3000n, bonus: 10_000n });
    expect(await grantsOf(member.id)).toMatchObject([{ remaining: 10_000n, status: 'active' }]);
    expect((await checkLedger(kit.db)).ok).toBe(true);
  });
});

describe('turnover and conversion', () => {
  it('valid bets after the grant count; met, the remaining bonus converts to cash exactly once (10 parallel settles)', async () => {
    const { member, player } = await playerWith('0.00');
    await settledBet(player, '0.01').catch(() => undefined); // refused: no money, counts nothing
    await grantBonus(kit.db, grantOf(member.id, '100.00', '50.00'));
    await vendor.expectOk(await settledBet(player, '30.00'));
    let info = await kit.db.transaction().execute((trx) => getTurnoverInfo(trx, scope(member.id)));
    expect(info).toMatchObject({ status: 'N', totalRequiredMinor: 5000n, totalActualMinor: 3000n });
    expect(info.details).toEqual([{ gameType: 'ALL', requiredMinor: 5000n, actualMinor: 3000n }]);
    await vendor.expectOk(await settledBet(player, '20.00'));
    // The member's own settles and the job's sweep, racing: one conversion.
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        kit.db.transaction().execute((trx) => settleMemberBonuses(trx, scope(member.id))),
      ),
      runBonusJob(kit.db, kit.clock.nowMs),
    ]);
    expect(await closeKinds(member.id)).toEqual(['bonus_convert:5000']);
    expect(await balances(member.id)).toEqual({ main: 5000n, bonus: 0n });
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'converted', remaining: 0n, turnover_counted: 5000n }]);
    info = await kit.db.transaction().execute((trx) => getTurnoverInfo(trx, scope(member.id)));
    expect(info.status).toBe('D');
  });
});

describe('member calls: refusals', () => {
  it.each([
    ['a status off the list', 'real', `${bonusPaths.bonusDetails}?status=bogus`, 400, 'validation.failed'],
    ['a trial account (bonus details)', 'trial', bonusPaths.bonusDetails, 403, 'member.trial.forbidden'],
    ['a trial account (turnover)', 'trial', bonusPaths.turnoverInfo, 403, 'member.trial.forbidden'],
    ['no session', 'none', bonusPaths.turnoverInfo, 401, null],
  ] as const)('%s', async (_name, who, url, status, errorCode) => {
    const member = who === 'none' ? null : await kit.newMember(who === 'trial' ? { isTrial: true } : {});
    const response = await kit.send('GET', url, undefined, member ? { token: member.token } : {});
    expect(response.statusCode).toBe(status);
    if (errorCode) expect(response.json().errorCode).toBe(errorCode);
    if (status === 400) expect(response.json().field).toBe('status');
  });
});

describe('the job', () => {
  it('converts a met grant without the member looking, in the minute of the member’s slice', async () => {
    const { member, player } = await playerWith('0.00');
    await grantBonus(kit.db, grantOf(member.id, '20.00', '10.00'));
    await vendor.expectOk(await settledBet(player, '10.00'));
    const minute = () => Math.floor(kit.clock.nowMs / 60_000);
    while (BigInt(minute() % 10) === member.id % 10n) kit.clock.nowMs += 60_000;
    await runBonusJob(kit.db, kit.clock.nowMs);
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'active' }]);
    while (BigInt(minute() % 10) !== member.id % 10n) kit.clock.nowMs += 60_000;
    expect(await runBonusJob(kit.db, kit.clock.nowMs)).toMatchObject({ expired: 0 });
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'converted', remaining: 0n }]);
    expect(await balances(member.id)).toEqual({ main: 1_000n, bonus: 0n });
  });
});

describe('forfeit and expiry', () => {
  it('the job expires grants past their expiry once: bonus back to the house, rerun pays nothing', async () => {
    const { member } = await playerWith('0.00');
    await grantBonus(kit.db, grantOf(member.id, '40.00', '100.00', { expiresAt: new Date(kit.clock.nowMs + 60_000) }));
    expect(await expireBonuses(kit.db, kit.clock.nowMs)).toBe(0);
    kit.clock.nowMs += 120_000;
    const [first, second] = await Promise.all([
      expireBonuses(kit.db, kit.clock.nowMs),
      expireBonuses(kit.db, kit.clock.nowMs),
    ]);
    expect(first + second).toBe(1);
    expect(await expireBonuses(kit.db, kit.clock.nowMs)).toBe(0);
    expect(await closeKinds(member.id)).toEqual(['bonus_forfeit:4000']);
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'expired', remaining: 0n }]);
    expect(await balances(member.id)).toEqual({ main: 0n, bonus: 0n });
  });

  it('cash + bonus below the merchant threshold forfeits the active bonuses', async () => {
    const { member } = await playerWith('0.00');
    await grantBonus(kit.db, grantOf(member.id, '5.00', '100.00'));
    await setting('block', 1000n);
    try {
      await kit.db.transaction().execute((trx) => settleMemberBonuses(trx, scope(member.id)));
    } finally {
      await setting('block', null);
    }
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'forfeited', close_reason: 'below_threshold' }]);
    expect(await closeKinds(member.id)).toEqual(['bonus_forfeit:500']);
  });
});

describe('withdrawal', () => {
  it('refused with promotion_turnover_not_enough while N, nothing held; allowed once the bonus converted', async () => {
    const { member, player } = await playerWith('500.00');
    await grantBonus(kit.db, grantOf(member.id, '100.00', '200.00'));
    const before = await kit.ledgerState();
    const refused = await kit.withdraw(member, { amount: '100.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'promotion_turnover_not_enough',
      value: { remainingTurnover: '200.00' },
    });
    expect(await kit.ledgerState()).toEqual(before);

    const answer = await kit.send('GET', bonusPaths.turnoverInfo, undefined, { token: member.token });
    expect(turnoverInfoSchema.parse(answer.json().value)).toEqual({
      status: 'N',
      totalRequiredTurnover: '200.00',
      totalActualTurnover: '0.00',
      details: [{ gameType: 'ALL', requiredTurnover: '200.00', actualTurnover: '0.00' }],
    });

    await vendor.expectOk(await settledBet(player, '200.00'));
    const allowed = await kit.withdraw(member, { amount: '100.00' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // 500 - 200 bet + 100 converted - 100 withdrawn (held)
    expect(await balances(member.id)).toEqual({ main: 30_000n, bonus: 0n });
    const history = await kit.send('GET', `${withdrawalPaths.transactionHistory}?type=bonus_convert`, undefined, {
      token: member.token,
    });
    // Both sides: out of the bonus wallet, into the main wallet.
    expect(history.json().value.content).toMatchObject([
      { type: 'bonus_convert', amount: '-100.00', wallet: 'bonus' },
      { type: 'bonus_convert', amount: '100.00', wallet: 'main' },
    ]);
    const details = await kit.send('GET', bonusPaths.bonusDetails, undefined, { token: member.token });
    expect(bonusDetailsSchema.parse(details.json().value)).toMatchObject({
      bonusBalance: '0.00',
      list: [
        { status: 'converted', amount: '100.00', remaining: '0.00', actualTurnover: '200.00', progressPercent: 100 },
      ],
    });
  });

  it('under the merchant rule `forfeit` the status is I and a withdrawal forfeits the bonus instead', async () => {
    const { member } = await playerWith('500.00');
    await grantBonus(kit.db, grantOf(member.id, '100.00', '200.00'));
    await setting('forfeit', null);
    try {
      const info = await kit.send('GET', bonusPaths.turnoverInfo, undefined, { token: member.token });
      expect(info.json().value.status).toBe('I');
      const allowed = await kit.withdraw(member, { amount: '100.00' });
      expect(allowed.statusCode, allowed.body).toBe(200);
    } finally {
      await setting('block', null);
    }
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'forfeited', close_reason: 'withdrawal' }]);
    expect(await balances(member.id)).toEqual({ main: 40_000n, bonus: 0n });
  });
});

describe("the merchant's bonus rules in the back-office", () => {
  it('an admin reads and saves them (audited, then applied); support is refused; a bad threshold names its field', async () => {
    const admin = await kit.newOperator('admin');
    const support = await kit.newOperator('support');
    const read = await kit.send('GET', adminBonusPaths.settings, undefined, { operatorToken: admin.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(adminBonusSettingsSchema.parse(read.json().value)).toEqual({ withdrawalRule: 'block', forfeitBelow: null });
    const put = (body: unknown, token = admin.token) =>
      kit.send('PUT', adminBonusPaths.settings, body, { operatorToken: token });
    expect((await put({ withdrawalRule: 'forfeit', forfeitBelow: '5.00' }, support.token)).statusCode).toBe(403);
    const bad = await put({ withdrawalRule: 'forfeit', forfeitBelow: '-1' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'forfeitBelow']);
    try {
      const saved = await put({ withdrawalRule: 'forfeit', forfeitBelow: '5.00' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().value).toEqual({ withdrawalRule: 'forfeit', forfeitBelow: '5.00' });
      const audit = await kit.db
        .selectFrom('operator_audit')
        .select(['operator_id', 'before', 'after'])
        .where('action', '=', 'bonus.settings.update')
        .where('merchant_id', '=', kit.merchantId)
        .execute();
      expect(audit).toMatchObject([
        {
          operator_id: admin.id,
          before: { withdrawalRule: 'block', forfeitBelow: null },
          after: { withdrawalRule: 'forfeit', forfeitBelow: '5.00' },
        },
      ]);
      // The engine reads them: a member with a bonus now sees I (a withdrawal forfeits instead of refusing).
      const { member } = await playerWith('500.00');
      await grantBonus(kit.db, grantOf(member.id, '100.00', '200.00'));
      const info = await kit.send('GET', bonusPaths.turnoverInfo, undefined, { token: member.token });
      expect(info.json().value.status).toBe('I');
    } finally {
      await setting('block', null);
    }
  });
});

describe('property: deposit → bonus → bets and wins → conversion or forfeit', () => {
  it('money is conserved, no account below zero, grants add up to the bonus balance', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 8_000 }) }),
      fc.record({ kind: fc.constant('win' as const), amount: fc.integer({ min: 0, max: 6_000 }) }),
      fc.record({ kind: fc.constant('settle' as const), amount: fc.constant(0) }),
      fc.record({ kind: fc.constant('expire' as const), amount: fc.constant(0) }),
      fc.record({ kind: fc.constant('rollback' as const), amount: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (cash, bonus, turnover, steps) => {
          const { member, player } = await playerWith((cash / 100).toFixed(2));
          await grantBonus(
            kit.db,
            grantOf(member.id, (bonus / 100).toFixed(2), (turnover / 100).toFixed(2), {
              expiresAt: new Date(kit.clock.nowMs + 3_600_000),
            }),
          );
          const model =
            turnover === 0 ? { main: BigInt(cash + bonus), bonus: 0n } : { main: BigInt(cash), bonus: BigInt(bonus) };
          let round = '';
          let expired = false;
          let lastBet = { transactionId: '', amount: '', fromCash: 0n, fromBonus: 0n };
          for (const s of steps) {
            const now = await balances(member.id);
            if (s.kind === 'bet') {
              sequence += 1;
              round = `p${sequence}`;
              const placed = vendor.body(player, { roundId: round, amount: (s.amount / 100).toFixed(2) });
              const response = await vendor.send(player, 'bet', placed);
              const amount = BigInt(s.amount);
              if (now.main + now.bonus >= amount) {
                expect(response.statusCode, response.body).toBe(200);
                const fromCash = now.main >= amount ? amount : now.main;
                model.main = now.main - fromCash;
                model.bonus = now.bonus - (amount - fromCash);
                lastBet = {
                  transactionId: placed.transactionId,
                  amount: placed.amount,
                  fromCash,
                  fromBonus: amount - fromCash,
                };
              } else {
                expect(response.json().errorCode).toBe('INSUFFICIENT_FUNDS');
                round = '';
              }
            } else if (s.kind === 'win' && round !== '') {
              const response = await vendor.send(
                player,
                'win',
                vendor.body(player, { roundId: round, amount: (s.amount / 100).toFixed(2), roundClosed: true }),
              );
              expect(response.statusCode, response.body).toBe(200);
              model.main = now.main + BigInt(s.amount);
              model.bonus = now.bonus;
              round = '';
            } else if (s.kind === 'rollback' && round !== '') {
              const undo = vendor.body(player, {
                roundId: round,
                amount: lastBet.amount,
                referenceTransactionId: lastBet.transactionId,
              });
              await vendor.expectOk(await vendor.send(player, 'rollback', undo));
              // The bonus part goes back to an active grant; with none left it comes back as cash.
              const active = (await grantsOf(member.id))[0]!.status === 'active';
              model.main = now.main + lastBet.fromCash + (active ? 0n : lastBet.fromBonus);
              model.bonus = now.bonus + (active ? lastBet.fromBonus : 0n);
              round = '';
            } else if (s.kind === 'settle') {
              await kit.db.transaction().execute((trx) => settleMemberBonuses(trx, scope(member.id)));
              const [grant] = await grantsOf(member.id);
              model.main = now.main + (grant!.status === 'converted' ? now.bonus : 0n);
              model.bonus = grant!.status === 'active' ? now.bonus : 0n;
            } else if (s.kind === 'expire' && !expired) {
              expired = true;
              kit.clock.nowMs += 3_700_000;
              await expireBonuses(kit.db, kit.clock.nowMs);
              model.bonus = 0n;
              model.main = now.main;
            }
            expect(await balances(member.id)).toEqual(model);
            const grants = await grantsOf(member.id);
            expect(grants.filter((g) => g.status === 'active').reduce((sum, g) => sum + g.remaining, 0n)).toBe(
              model.bonus,
            );
          }
          const report = await checkLedger(kit.db);
          expect(report.differences).toEqual([]);
          expect(report.ok).toBe(true);
        },
      ),
      { numRuns: 20, seed: 20261127 },
    );
  });
});

// Last in the file: it gives the outside vendor a product type and an exclusion, which the tests above do not expect.
describe('product types and the exclusion percent', () => {
  it('only bets of the grant’s product types count, each less its vendor’s excluded percent', async () => {
    const { member, player } = await playerWith('100.00');
    await grantBonus(kit.db, grantOf(member.id, '10.00', '30.00', { productTypes: ['LIVE'] }));
    await vendor.expectOk(await settledBet(player, '20.00')); // no product type yet: counts nothing
    await kit.db
      .insertInto('game_vendor')
      .values({
        merchant_id: kit.merchantId,
        vassalage: otherVendor,
        game_category: 'LIVE',
        game_type: 'LIVE',
        display_name_th: 'ACME',
        display_name_en: 'ACME',
        account_type_name: 'ACME',
        logo_kind: 'SV3',
        logo_url: '',
        wallet_mode: 'seamless',
        sort: 999,
        turnover_exclusion_pct: 50,
      })
      .execute();
    await vendor.expectOk(await settledBet(player, '40.00')); // LIVE, half excluded: counts 20.00
    const info = await kit.db.transaction().execute((trx) => getTurnoverInfo(trx, scope(member.id)));
    expect(info).toMatchObject({
      status: 'N',
      totalActualMinor: 2000n,
      details: [{ gameType: 'LIVE', requiredMinor: 3000n }],
    });
    await vendor.expectOk(await settledBet(player, '20.00')); // 10.00 more: met
    await kit.db.transaction().execute((trx) => settleMemberBonuses(trx, scope(member.id)));
    expect(await grantsOf(member.id)).toMatchObject([{ status: 'converted', turnover_counted: 3000n }]);
  });
});
