import {
  agentTransferPaths,
  depositPaths,
  inboxPaths,
  withdrawalPaths,
  type InboxMail,
  type InboxPage,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { placeUnder } from '../agents/index.ts';
import type { TestOperator } from '../backoffice/backoffice.testing.ts';
import { depositKit, type DepositKit } from '../deposit/deposit.testing.ts';
import {
  createWithdrawalKit,
  freshKey,
  paymentPassword,
  type WithdrawalKit,
  type WithdrawalTestMember,
} from '../withdrawal/withdrawal.testing.ts';
import { systemTemplates } from './system-templates.ts';
import { translate } from '../../i18n/messages.ts';
import { systemMessageKeys } from './system-templates.ts';

/**
 * System messages are written by the modules that cause them, in the transaction that moves the
 * money: a deposit approved, a withdrawal paid, an agent's transfer to a downline (single or lucky
 * bag) and a member's transfer to its upline. Each once, whatever replays its cause; each worded in
 * the reader's language when read.
 */
let kit: WithdrawalKit;
let deposits: DepositKit;
let finance: TestOperator;

beforeAll(async () => {
  kit = await createWithdrawalKit();
  deposits = depositKit(kit.testApp);
  finance = await kit.newOperator('finance');
});
afterAll(async () => {
  await kit?.close();
});

async function inbox(token: string, language: 'TH' | 'EN' = 'EN'): Promise<InboxMail[]> {
  const response = await kit.app.inject({
    method: 'GET',
    url: `${inboxPaths.list}?startTime=0&size=50`,
    headers: { Merchant: 'demo', Language: language, Authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: InboxPage }>().value.content;
}

async function messagesOfSource(sourceKey: string): Promise<number> {
  const row = await kit.db
    .selectFrom('inbox_message')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('source_key', '=', sourceKey)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

test('every template has its subject and content in TH and EN', () => {
  for (const template of systemTemplates)
    for (const language of ['TH', 'EN'] as const)
      for (const key of Object.values(systemMessageKeys(template)))
        expect(translate(language, key), `${language} ${key}`).not.toBe(key);
});

describe('deposit approved', () => {
  const approve = (depositId: number) => kit.operatorCall(finance, 'POST', depositPaths.adminApprove, { depositId });

  test('the member’s inbox says so, in its language, once', async () => {
    const member = await deposits.member();
    const deposit = await deposits.bankDeposit(member.token, '500.00');
    expect(await inbox(member.token)).toEqual([]);
    const approved = await approve(deposit.depositId);
    expect(approved.statusCode, approved.body).toBe(200);
    const [mail, ...rest] = await inbox(member.token);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ sendType: 'system', pushType: 'DEPOSIT', senderName: 'merchant', read: false });
    expect(mail!.subject).toBe('Deposit approved');
    expect(mail!.content).toContain(`#${deposit.depositId} of 500.00 THB`);
    const [inThai] = await inbox(member.token, 'TH');
    expect(inThai!.subject).toBe('อนุมัติการฝากเงินแล้ว');
    expect(inThai!.content).toContain(`#${deposit.depositId}`);
    // Approving again is refused (409) and writes nothing more.
    expect((await approve(deposit.depositId)).statusCode).toBe(409);
    expect(await messagesOfSource(`deposit.approved:${deposit.depositId}`)).toBe(1);
  });

  test('an approval rolled back at commit leaves no message (and no money); the next approval writes it once', async () => {
    const member = await deposits.member();
    const deposit = await deposits.bankDeposit(member.token, '250.00');
    // A deferred check that fails at COMMIT, after the approval wrote its posting and its message.
    await sql`
      CREATE FUNCTION test_refuse_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${sql.lit(deposit.depositId)} AND NEW.status = 'approved' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NULL;
      END $$`.execute(kit.db);
    await sql`
      CREATE CONSTRAINT TRIGGER test_refuse_deposit AFTER UPDATE ON deposit DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION test_refuse_deposit()`.execute(kit.db);
    try {
      const refused = await approve(deposit.depositId);
      expect(refused.statusCode).toBe(500);
      expect(await messagesOfSource(`deposit.approved:${deposit.depositId}`)).toBe(0);
      expect(await inbox(member.token)).toEqual([]);
      expect(await deposits.balance(member.memberId)).toBe(0n);
    } finally {
      await sql`DROP TRIGGER test_refuse_deposit ON deposit`.execute(kit.db);
      await sql`DROP FUNCTION test_refuse_deposit()`.execute(kit.db);
    }
    expect((await approve(deposit.depositId)).statusCode).toBe(200);
    expect(await messagesOfSource(`deposit.approved:${deposit.depositId}`)).toBe(1);
    expect((await inbox(member.token)).map((mail) => mail.pushType)).toEqual(['DEPOSIT']);
  });
});

describe('withdrawal paid', () => {
  test('paying writes the message with the payout; rejecting writes none', async () => {
    const member = await kit.newMember({ balance: '1000.00' });
    const paid = await kit.pendingWithdrawal(member, '300.00');
    const rejected = await kit.pendingWithdrawal(member, '100.00');
    const reject = await kit.operatorCall(finance, 'POST', withdrawalPaths.adminReject, {
      withdrawalId: rejected,
      reason: 'account name differs',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await inbox(member.token)).toEqual([]);
    const approve = await kit.operatorCall(finance, 'POST', withdrawalPaths.adminApprove, {
      withdrawalId: paid,
      payoutReference: 'KB-20261122-01',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const mails = await inbox(member.token);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ pushType: 'WITHDRAW', subject: 'Withdrawal paid' });
    expect(mails[0]!.content).toContain(`#${paid}`);
  });
});

describe('agent transfers', () => {
  let agent: WithdrawalTestMember;
  let first: WithdrawalTestMember;
  let second: WithdrawalTestMember;

  beforeAll(async () => {
    agent = await kit.newMember({ balance: '500.00' });
    first = await kit.newMember({ balance: '50.00' });
    second = await kit.newMember();
    await sql`UPDATE member SET is_agent = 1 WHERE id = ${agent.id}`.execute(kit.db);
    await sql`UPDATE member SET upline_id = ${agent.id} WHERE id IN (${first.id}, ${second.id})`.execute(kit.db);
    await kit.db.transaction().execute(async (trx) => {
      for (const downline of [first, second])
        await placeUnder(trx, { merchantId: kit.merchantId, memberId: downline.id, uplineId: agent.id });
    });
  });

  const sealed = (from: WithdrawalTestMember, url: string, body: Record<string, unknown>, key = freshKey()) =>
    kit.sendSealed('POST', url, { password: paymentPassword, ...body }, { token: from.token, idempotencyKey: key });

  test('to a downline: the downline reads who sent what, once however often the request is replayed', async () => {
    const key = freshKey();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await sealed(
        agent,
        agentTransferPaths.toDownline,
        { downlineId: Number(first.id), transferAmount: '120.00' },
        key,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const mails = await inbox(first.token);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ pushType: 'AGENT_TRANSFER_AGENT_TO_DOWNLINE', subject: 'Money from your upline' });
    expect(mails[0]!.content).toBe(`You received 120.00 THB from ${agent.username} in your main wallet.`);
    // The sender's own inbox is unchanged.
    expect(await inbox(agent.token)).toEqual([]);
  });

  test('a lucky bag: each recipient its own share in its message', async () => {
    const response = await sealed(agent, agentTransferPaths.luckyBag, {
      recipients: 'ALL',
      type: 'SHARE',
      totalAmount: '10.00',
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const downline of [first, second]) {
      const [latest] = await inbox(downline.token);
      expect(latest!.content).toBe(`You received 5.00 THB from ${agent.username} in your main wallet.`);
    }
  });

  test('to the upline: the agent reads which member of its team sent it', async () => {
    await kit.updateMerchantConfig((config) => {
      config.agentTransfers.toUpline = true;
    });
    const response = await sealed(first, agentTransferPaths.toUpline, { transferAmount: '20.00' });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await inbox(agent.token, 'TH');
    expect(mail).toMatchObject({ pushType: 'AGENT_TRANSFER_DOWNLINE_TO_AGENT', subject: 'ได้รับเงินโอนจากดาวน์ไลน์' });
    expect(mail!.content).toContain(first.username);
    expect(mail!.content).toContain('20.00 THB');
  });
});
