// @vitest-environment jsdom
import { dealBaccarat, hashServerSeed, spinSlot } from '@lotus/fair';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../config/paths';
import fairEn from '../../../locales/fair/en.json';
import fairTh from '../../../locales/fair/th.json';
import { initTestI18n, LocationProbe, renderWithProviders } from '../../auth/testing';
import { switchLanguage } from '../../money/testing';

let FairVerifier: ComponentType;

beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'translation', fairEn, true, false);
  i18next.addResourceBundle('th', 'translation', fairTh, true, false);
  ({ FairVerifier } = await import('./fair-verifier'));
});
beforeEach(async () => {
  await switchLanguage('EN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** packages/fair README's worked example. */
const serverSeed = '4f3c2a1b9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffee0';
const serverSeedHash = 'bed5a87ba808cede8cd39732cad35bf0fc48fd7b326bd7d2b47e232d5c8b8f50';
const clientSeed = 'my-lucky-seed';
/** With these seeds, nonce 581 is a slot round with a line win and 10 free spins. */
const freeSpinNonce = 581;

const symbolNames: Record<string, string> = {
  WILD: 'Wild',
  SCATTER: 'Scatter',
  LOTUS: 'Lotus',
  DRAGON: 'Dragon',
  TIGER: 'Tiger',
  ELEPHANT: 'Elephant',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
};
const suits: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cardLabelOf = (card: { rank: number; suit: string }) =>
  `${({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' } as Record<number, string>)[card.rank] ?? card.rank}${suits[card.suit]}`;
const money = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The grid as shown, row by row (row 0 at the top), each row across the five reels. */
function shownRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('/fair: recomputing a round in the browser', () => {
  test('a slot link is verified on arrival: the grid, line wins, free spins and total win are those spinSlot gives', () => {
    const expected = spinSlot({ serverSeed, clientSeed, nonce: freeSpinNonce }, 10);
    // The round this test stands on: it must keep having line wins and free spins.
    expect(expected.lineWins.length).toBeGreaterThan(0);
    expect(expected.freeSpins).toHaveLength(10);
    renderWithProviders(<FairVerifier />, {
      route: paths.fair.getHref({
        game: 'slot',
        serverSeed,
        serverSeedHash,
        clientSeed,
        nonce: freeSpinNonce,
        betPerLineMinor: 10,
      }),
    });

    const result = screen.getByRole('region', { name: `Slot, nonce ${freeSpinNonce}` });
    const rows = shownRows(within(result).getByRole('table', { name: 'Reels' }));
    expect(rows).toEqual([0, 1, 2].map((row) => expected.grid.map((reel) => symbolNames[reel[row]!])));
    for (const win of expected.lineWins) {
      expect(
        within(result).getAllByText(
          `Line ${win.line}: ${win.count} × ${symbolNames[win.symbol]} wins ${money(win.winMinor)}`,
        ).length,
      ).toBeGreaterThan(0);
    }
    expect(within(result).getByText('Reel stops').nextElementSibling?.textContent).toBe(expected.stops.join(', '));
    expect(within(result).getByText('Free spins').nextElementSibling?.textContent).toBe('10');
    expect(within(result).getByText('Total bet').nextElementSibling?.textContent).toBe('2.00');
    expect(within(result).getByText('Total win').nextElementSibling?.textContent).toBe(money(expected.totalWinMinor));
    // Each free spin's reels too, in play order.
    const spinTables = within(result).getAllByRole('table', { name: /^Free spin \d+ reels$/ });
    expect(spinTables).toHaveLength(10);
    expect(shownRows(spinTables[3]!)).toEqual(
      [0, 1, 2].map((row) => expected.freeSpins[3]!.grid.map((reel) => symbolNames[reel[row]!])),
    );
    expect(within(result).getByText(/Matches the hash shown before play/).textContent).toBe(
      '✓ Matches the hash shown before play: this is the seed the house committed to.',
    );
  });

  test('the bet per line scales the wins', () => {
    const expected = spinSlot({ serverSeed, clientSeed, nonce: freeSpinNonce }, 25);
    renderWithProviders(<FairVerifier />, {
      route: paths.fair.getHref({ game: 'slot', serverSeed, clientSeed, nonce: freeSpinNonce, betPerLineMinor: 25 }),
    });
    expect(screen.getByText('Total bet').nextElementSibling?.textContent).toBe('5.00');
    expect(screen.getByText('Total win').nextElementSibling?.textContent).toBe(money(expected.totalWinMinor));
  });

  test("baccarat typed in the form: the README's hand, player 2♣ Q♠ 10♣ (2) against banker 3♦ A♣ (4), banker wins", async () => {
    renderWithProviders(
      <>
        <FairVerifier />
        <LocationProbe />
      </>,
      { route: paths.fair.getHref() },
    );
    const form = screen.getByRole('form', { name: 'Round to verify' });
    fireEvent.click(within(form).getByLabelText('Baccarat'));
    expect(within(form).queryByLabelText('Bet per line (minor units)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Server seed (revealed)'), { target: { value: serverSeed } });
    fireEvent.change(within(form).getByLabelText('Client seed'), { target: { value: clientSeed } });
    fireEvent.change(within(form).getByLabelText('Nonce'), { target: { value: '1' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Verify' })));

    const expected = dealBaccarat({ serverSeed, clientSeed, nonce: 1 });
    const result = screen.getByRole('region', { name: 'Baccarat, nonce 1' });
    const cardsOf = (side: 'Player' | 'Banker') =>
      within(within(result).getByRole('list', { name: side }))
        .getAllByRole('listitem')
        .map((card) => card.textContent);
    expect(cardsOf('Player')).toEqual(expected.playerCards.map(cardLabelOf));
    expect(cardsOf('Banker')).toEqual(expected.bankerCards.map(cardLabelOf));
    expect(cardsOf('Player')).toEqual(['2♣', 'Q♠', '10♣']);
    expect(cardsOf('Banker')).toEqual(['3♦', 'A♣']);
    expect(within(result).getByText('Total 2')).toBeTruthy();
    expect(within(result).getByText('Total 4')).toBeTruthy();
    expect(within(result).getByText('Banker wins')).toBeTruthy();
    expect(within(result).getByText(hashServerSeed(serverSeed))).toBeTruthy();
    expect(within(result).getByText('Enter the hash shown before play to check the commitment too.')).toBeTruthy();
    // The address now links to this round.
    expect(screen.getByLabelText('location').textContent).toBe('/fair');
  });

  test("a hash that is not the seed's: ✗", () => {
    const otherHash = `${serverSeedHash.slice(0, 63)}1`;
    renderWithProviders(<FairVerifier />, {
      route: paths.fair.getHref({ game: 'baccarat', serverSeed, serverSeedHash: otherHash, clientSeed, nonce: 1 }),
    });
    const mismatch = screen.getByRole('alert');
    expect(mismatch.textContent).toBe(
      '✗ Does not match the hash you entered: this is not the seed the house committed to.',
    );
    expect(screen.queryByText(/Matches the hash/)).toBeNull();
  });

  test('the hash check ignores case and surrounding spaces (a pasted hash)', () => {
    renderWithProviders(<FairVerifier />, {
      route: paths.fair.getHref({
        game: 'baccarat',
        serverSeed,
        serverSeedHash: ` ${serverSeedHash.toUpperCase()} `,
        clientSeed,
        nonce: 1,
      }),
    });
    expect(screen.getByText(/Matches the hash shown before play/)).toBeTruthy();
  });

  test('a partial link only prefills the form', () => {
    renderWithProviders(<FairVerifier />, { route: '/fair?game=baccarat&serverSeed=abc' });
    expect(screen.queryByRole('region', { name: /nonce/ })).toBeNull();
    expect((screen.getByLabelText('Server seed (revealed)') as HTMLInputElement).value).toBe('abc');
    expect((screen.getByLabelText('Baccarat') as HTMLInputElement).checked).toBe(true);
  });

  test.each([
    ['serverSeed', '', 'Server seed (revealed)', 'Please enter the revealed server seed'],
    ['serverSeed', 'x'.repeat(129), 'Server seed (revealed)', 'A server seed has at most 128 characters'],
    ['serverSeedHash', 'abc', 'Server seed hash (optional)', 'A server seed hash is 64 characters, 0-9 and a-f'],
    ['clientSeed', '', 'Client seed', 'Please enter the client seed'],
    ['clientSeed', 'c'.repeat(65), 'Client seed', 'A client seed has at most 64 characters'],
    ['nonce', '', 'Nonce', 'Enter the nonce as a whole number (0, 1, 2, …)'],
    ['nonce', '-1', 'Nonce', 'Enter the nonce as a whole number (0, 1, 2, …)'],
    ['nonce', '1.5', 'Nonce', 'Enter the nonce as a whole number (0, 1, 2, …)'],
    ['betPerLine', '0', 'Bet per line (minor units)', 'Enter the bet per line as a whole number of at least 1'],
    ['betPerLine', '0.10', 'Bet per line (minor units)', 'Enter the bet per line as a whole number of at least 1'],
  ])('%s %j is refused under its field: %s', async (_name, value, label, message) => {
    renderWithProviders(<FairVerifier />, {
      route: `/fair?${new URLSearchParams({ game: 'slot', serverSeed, clientSeed })}`,
    });
    const form = screen.getByRole('form', { name: 'Round to verify' });
    fireEvent.change(within(form).getByLabelText('Nonce'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Verify' })));
    const field = within(form).getByLabelText(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.closest('.auth-field')?.textContent).toContain(message);
    expect(screen.queryByRole('region', { name: /nonce/ })).toBeNull();
  });

  test('in Thai', async () => {
    await switchLanguage('TH');
    renderWithProviders(<FairVerifier />, {
      route: paths.fair.getHref({ game: 'baccarat', serverSeed, serverSeedHash, clientSeed, nonce: 1 }),
    });
    expect(screen.getByText('ความยุติธรรมทำงานอย่างไร')).toBeTruthy();
    expect(screen.getByText('แบงเกอร์ชนะ')).toBeTruthy();
    expect(screen.getByText(/ตรงกับค่าแฮชที่แสดงก่อนเล่น/)).toBeTruthy();
  });
});
