// @vitest-environment jsdom
import {
  adminDepositChannelsSchema,
  adminUpdateDepositChannelsBodySchema,
  depositPaths,
  type AdminDepositChannels,
  type AdminUpdateDepositChannelsBody,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, installFakeApi, ok, openBackOffice, refuse } from '../../testing/back-office';

afterEach(closeBackOffice);

const base = {
  enabled: true,
  minAmount: '100',
  maxAmount: '50000',
  feeFixed: '0',
  feePercent: '0',
  dailyCountLimit: 10,
  dailyAmountLimit: '100000',
};

/** What the server answers: the DEMOPAY secret itself never, only whether one is set. */
function channels(hasSecret: boolean): AdminDepositChannels {
  return adminDepositChannelsSchema.parse({
    pendingMinutes: 30,
    channels: {
      BANK: {
        ...base,
        accounts: [
          {
            id: 'kbank-main',
            bankCode: 'KBANK',
            accountName: 'Lotus88 Co., Ltd.',
            accountNumber: '0123456789',
            enabled: true,
          },
        ],
      },
      PROMPTPAY: { ...base, promptPayId: '0812345678', accountName: 'Lotus88 Co., Ltd.' },
      DEMOPAY: { ...base, enabled: false, feeFixed: '5', feePercent: '1.5', hasSecret },
    },
    isDemoPayAllowed: true,
  });
}

/** The DEMOPAY panel of the page (a section titled by the channel's name). */
async function demoPayPanel(): Promise<HTMLElement> {
  const title = await screen.findByRole('heading', { name: 'DEMOPAY (demo gateway)' });
  return title.closest('section')!;
}

const currentDemoPayPanel = (): HTMLElement =>
  screen.getByRole('heading', { name: 'DEMOPAY (demo gateway)' }).closest('section')!;

const newSecret = 'whsec-9f8e7d6c5b4a39281706f5e4d3c2b1a0';

describe('payment channels: the gateway secret', () => {
  test('a set secret is never shown: the field starts empty; saving without typing leaves the secret out, so the server keeps it', async () => {
    const { calls } = installFakeApi({
      [`GET ${depositPaths.adminChannels}`]: () => ok(channels(true)),
      [`PUT ${depositPaths.adminUpdateChannels}`]: () => ok(channels(true)),
    });
    const user = await openBackOffice('Payment channels');
    const panel = await demoPayPanel();
    const secret = within(panel).getByLabelText(/^New secret \(32\+ characters\)/) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.type).toBe('password');
    expect(within(panel).getByText('Leave empty to keep the current secret')).toBeTruthy();
    expect(within(panel).getByText('Set')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment channels saved')).toBeTruthy();
    const [sent] = callsTo(calls, 'PUT', depositPaths.adminUpdateChannels);
    const body = sent!.body as AdminUpdateDepositChannelsBody;
    expect(adminUpdateDepositChannelsBodySchema.safeParse(body).success).toBe(true);
    expect(body.channels.DEMOPAY).not.toHaveProperty('secret');
    expect(body.channels.DEMOPAY).toEqual({
      enabled: false,
      minAmount: '100',
      maxAmount: '50000',
      feeFixed: '5',
      feePercent: '1.5',
      dailyCountLimit: 10,
      dailyAmountLimit: '100000',
    });
    // Nothing of the secret travels in any other part either.
    expect(JSON.stringify(body)).not.toMatch(/secret|hasSecret/i);
  });

  test('a new secret replaces the old one: it is sent once, and after the save the field is empty again (the secret is not shown back)', async () => {
    let hasSecret = false;
    const { calls } = installFakeApi({
      [`GET ${depositPaths.adminChannels}`]: () => ok(channels(hasSecret)),
      [`PUT ${depositPaths.adminUpdateChannels}`]: (call) => {
        const body = call.body as AdminUpdateDepositChannelsBody;
        if (body.channels.DEMOPAY.enabled && !body.channels.DEMOPAY.secret && !hasSecret)
          return refuse(400, 'validation.failed', 'A secret is needed to enable DEMOPAY', 'channels.DEMOPAY.secret');
        hasSecret ||= Boolean(body.channels.DEMOPAY.secret);
        return ok(channels(hasSecret));
      },
    });
    const user = await openBackOffice('Payment channels');
    const panel = await demoPayPanel();
    expect(within(panel).getByText('Not set')).toBeTruthy();
    expect(within(panel).getByText('A secret is needed to enable it')).toBeTruthy();
    await user.click(within(panel).getByRole('checkbox'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A secret is needed to enable DEMOPAY')).toBeTruthy();
    expect(screen.getByText('Check the field: channels.DEMOPAY.secret')).toBeTruthy();

    await user.type(within(panel).getByLabelText(/^New secret \(32\+ characters\)/), newSecret);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment channels saved')).toBeTruthy();
    const sent = callsTo(calls, 'PUT', depositPaths.adminUpdateChannels);
    expect(sent).toHaveLength(2);
    const body = sent[1]!.body as AdminUpdateDepositChannelsBody;
    expect(adminUpdateDepositChannelsBodySchema.safeParse(body).success).toBe(true);
    expect(body.channels.DEMOPAY).toMatchObject({ enabled: true, secret: newSecret });

    // The page shows what the server stored: set, and an empty field.
    // (The editor is drawn anew from the stored answer: look the panel up again each time.)
    await waitFor(() => expect(within(currentDemoPayPanel()).getByText('Set')).toBeTruthy());
    const field = within(currentDemoPayPanel()).getByLabelText(/^New secret \(32\+ characters\)/) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(document.body.textContent).not.toContain(newSecret);
  });
});

describe('payment channels: the contract rules (react-hook-form)', () => {
  /** The panel of a channel by its title. */
  const panelOf = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
  const fieldIn = (panel: HTMLElement, label: RegExp) => within(panel).getByLabelText(label).closest('.field')!;

  test('a rule of the contract shows under its own field and nothing is sent; a refusal naming a field shows under it', async () => {
    const { calls } = installFakeApi({
      [`GET ${depositPaths.adminChannels}`]: () => ok(channels(true)),
      [`PUT ${depositPaths.adminUpdateChannels}`]: () =>
        refuse(400, 'validation.failed', 'Too many deposits a day', 'channels.BANK.dailyAmountLimit'),
    });
    const user = await openBackOffice('Payment channels');
    await demoPayPanel();
    const bank = panelOf('Bank transfer');
    const minimum = within(bank).getByLabelText(/^Minimum/);
    await user.clear(minimum);
    await user.type(minimum, '60000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(fieldIn(bank, /^Minimum/) as HTMLElement).queryByRole('alert')?.textContent).toBe(
        'Check the field: channels.BANK.minAmount',
      ),
    );
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(within(fieldIn(bank, /^Maximum/) as HTMLElement).queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'PUT', depositPaths.adminUpdateChannels)).toHaveLength(0);

    await user.clear(minimum);
    await user.type(minimum, '100');
    await waitFor(() => expect(within(fieldIn(bank, /^Minimum/) as HTMLElement).queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(fieldIn(bank, /^Amount a day per member/) as HTMLElement).queryByRole('alert')?.textContent).toBe(
        'Too many deposits a day',
      ),
    );
    expect(callsTo(calls, 'PUT', depositPaths.adminUpdateChannels)).toHaveLength(1);
  });
});
