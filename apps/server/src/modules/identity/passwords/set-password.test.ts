import { expect, test } from 'vitest';
import { useAccountsKit } from '../accounts.testing.ts';
import { hashPassword } from './passwords.ts';
import { setMemberPassword } from './set-password.ts';

const kit = useAccountsKit();

test("setMemberPassword stores the hash, restarts the password's age, clears a forced change and ends every session of that member only", async () => {
  const member = await kit.registerMember();
  const bystander = await kit.registerMember();
  const secondToken = (await kit.login(member.username, member.password)).json().value.token as string;
  await kit.testApp.db.updateTable('member').set({ must_change_password: true }).where('id', '=', member.id).execute();

  kit.clock.nowMs += 60_000;
  const passwordHash = await hashPassword('renewed123');
  await kit.testApp.db
    .transaction()
    .execute((trx) => setMemberPassword(trx, { memberId: member.id, passwordHash, nowMs: kit.clock.nowMs }));

  const row = await kit.testApp.db
    .selectFrom('member')
    .select(['password_hash', 'password_changed_at', 'must_change_password'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({
    password_hash: passwordHash,
    password_changed_at: new Date(kit.clock.nowMs),
    must_change_password: false,
  });
  for (const token of [member.token, secondToken])
    expect((await kit.json('GET', '/wps/member/info', undefined, { token })).statusCode).toBe(401);
  expect((await kit.json('GET', '/wps/member/info', undefined, { token: bystander.token })).statusCode).toBe(200);
  expect((await kit.login(member.username, 'renewed123')).statusCode).toBe(200);
});
