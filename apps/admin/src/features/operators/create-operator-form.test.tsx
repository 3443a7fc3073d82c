// @vitest-environment jsdom
import { adminApiPaths, createOperatorBodySchema, operatorListSchema } from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

/** The field block (label, input, message) of the input labelled `label`. */
const fieldOf = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label).closest('.field')!;

async function openCreate() {
  const user = await openBackOffice('Operators');
  await user.click(await screen.findByRole('button', { name: 'Add operator' }));
  return { user, dialog: await findDialog('Add operator') };
}

describe('new operator form (react-hook-form with the contract schema)', () => {
  test('a rule of the contract schema shows its message under its own field, as typed', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.operators}`]: () => ok(operatorListSchema.parse({ items: [] })),
    });
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Username'), 'ab');
    await user.type(within(dialog).getByLabelText('First password'), 'short');
    await waitFor(() => expect(fieldOf(dialog, 'Username').getAttribute('class')).toBe('field has-error'));
    expect(within(fieldOf(dialog, 'Username') as HTMLElement).getByRole('alert').textContent).toBe(
      '3-32 letters, digits, _ . -',
    );
    await waitFor(() => expect(fieldOf(dialog, 'First password').getAttribute('class')).toBe('field has-error'));
    expect(within(fieldOf(dialog, 'First password') as HTMLElement).getByRole('alert').textContent).toBe(
      'At least 10 characters',
    );
    expect((within(dialog).getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(calls, 'POST', adminApiPaths.operators)).toHaveLength(0);
  });

  test('a refusal naming a field (a name already taken) shows under that field, not as the form error', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminApiPaths.operators}`]: () => ok(operatorListSchema.parse({ items: [] })),
      [`POST ${adminApiPaths.operators}`]: () =>
        refuse(409, 'operator.username.taken', 'This username is taken', 'username'),
    });
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Username'), ' ops.bee ');
    await user.type(within(dialog).getByLabelText('First password'), 'a-long-first-password');
    const submit = within(dialog).getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() =>
      expect(within(fieldOf(dialog, 'Username') as HTMLElement).queryByRole('alert')?.textContent).toBe(
        'This username is taken',
      ),
    );
    expect(within(fieldOf(dialog, 'First password') as HTMLElement).queryByRole('alert')).toBeNull();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    const sent = callsTo(calls, 'POST', adminApiPaths.operators);
    expect(sent.map((call) => call.body)).toEqual([
      { username: 'ops.bee', password: 'a-long-first-password', role: 'support' },
    ]);
    expect(createOperatorBodySchema.safeParse(sent[0]!.body).success).toBe(true);
  });
});
