/**
 * For the lottery results page's component tests only (never imported by the app): an entry as the
 * server answers it, and the steps and readings every one of those tests repeats (picking a game,
 * reading a result form's tiers).
 */
import { adminLotteryResultEntrySchema, type AdminLotteryResultEntry } from '@lotus/contract';
import { screen, within } from '@testing-library/dom';
import type { User } from '../../testing/back-office';

const hourMs = 3_600_000;

/**
 * A result entry as the server lists it: a manual first entry by another operator, pending, typed an
 * hour after its draw; `fields` names the draw and anything the test turns.
 */
export const resultEntry = (
  fields: Pick<AdminLotteryResultEntry, 'entryId' | 'gameCode' | 'gameName' | 'family' | 'numero' | 'drawTime'> &
    Partial<AdminLotteryResultEntry>,
): AdminLotteryResultEntry =>
  adminLotteryResultEntrySchema.parse({
    drawStatus: 'locked',
    purpose: 'result',
    source: 'manual',
    status: 'pending',
    result: null,
    isOwn: false,
    enteredBy: 'ops.ben',
    enteredAt: fields.drawTime + hourMs,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...fields,
  });

/** Picks the game of the draws panel by (part of) its name, once the list has it. */
export async function pickGame(user: User, gameName: string): Promise<void> {
  const select = await screen.findByLabelText('Game');
  await user.selectOptions(select, await within(select).findByRole('option', { name: new RegExp(gameName) }));
}

/** A result form's tiers as the operator sees them: each one's legend and how many inputs it has. */
export const resultTiersOf = (form: HTMLElement): [string | null, number][] =>
  within(form)
    .getAllByRole('group')
    .map((tier) => [tier.querySelector('legend')!.textContent, within(tier).getAllByRole('textbox').length]);
