// The bet content grammar of the original (LOTTJS OrderInfoTranslator), strict both ways:
//
//   content   = [positions "@"] rows
//   positions = position *("," position)      1..99, no leading zero, ascending, each once
//   rows      = row *("|" row)
//   row       = "-" | ball *("," ball)         "-" is a row with no ball (an unused digit position)
//   ball      = 1*(DIGIT | "A"-"Z")            "7", "07", "123", "BIG"
//
// Examples: `1,2,3|4|-` (three rows, the last empty), `1,3@BIG,ODD` (positions 1 and 3, one row).
// Nothing is trimmed or fixed up: a member's bet is stored and shown exactly as sent, so text the
// grammar does not describe is refused rather than guessed at. Which balls, how many rows and which
// positions a play takes is the play's `count` to check; this file only reads and writes the shape.
import { BetContentError } from './types.ts';
import type { BetContent } from './types.ts';

/**
 * The longest content accepted, in characters. The largest legitimate bets (every 3-digit number
 * for a Thai play, all 80 Keno numbers) stay well under it; the cap bounds the work of parsing and
 * counting a request before any play has looked at it.
 */
export const MAX_BET_CONTENT_LENGTH = 2000;

const EMPTY_ROW = '-';
const BALL = /^[0-9A-Z]+$/;
const POSITION = /^[1-9][0-9]?$/;

/** Reads a bet's content. Throws BetContentError naming what is wrong. */
export function parseBetContent(text: string): BetContent {
  if (typeof text !== 'string' || text.length === 0)
    throw new BetContentError('content_invalid', 'betContent is empty');
  if (text.length > MAX_BET_CONTENT_LENGTH)
    throw new BetContentError(
      'content_too_large',
      `betContent has ${text.length} characters; at most ${MAX_BET_CONTENT_LENGTH} are accepted`,
    );
  const parts = text.split('@');
  if (parts.length > 2) throw new BetContentError('content_invalid', 'betContent has more than one "@"');
  if (parts.length === 2) {
    const [positionsText, rowsText] = parts as [string, string];
    return { positions: parsePositions(positionsText), rows: parseRows(rowsText) };
  }
  return { rows: parseRows(text) };
}

/** Writes a content back in the original's format; `parseBetContent(formatBetContent(c))` gives `c` back. */
export function formatBetContent(content: BetContent): string {
  if (content.rows.length === 0) throw new BetContentError('content_invalid', 'betContent has no row');
  const rowsText = content.rows
    .map((row, index) => {
      if (row.length === 0) return EMPTY_ROW;
      for (const ball of row) assertBall(ball, index);
      return row.join(',');
    })
    .join('|');
  if (content.positions === undefined) return checkedLength(rowsText);
  const positionsText = content.positions.map(String).join(',');
  // Parsing what we wrote checks the positions by the same rules as a member's input.
  parsePositions(positionsText);
  return checkedLength(`${positionsText}@${rowsText}`);
}

function parsePositions(text: string): number[] {
  if (text.length === 0) throw new BetContentError('positions_invalid', 'positions before "@" are empty');
  const positions = text.split(',').map((part, index) => {
    if (!POSITION.test(part))
      throw new BetContentError(
        'positions_invalid',
        `position ${index + 1} (${quoted(part)}) is not a number from 1 to 99 without a leading zero`,
      );
    return Number(part);
  });
  // Ascending and distinct, so a set of positions has exactly one spelling and no position is paid twice.
  for (let i = 1; i < positions.length; i += 1)
    if (positions[i]! <= positions[i - 1]!)
      throw new BetContentError('positions_invalid', 'positions must be ascending, each named once');
  return positions;
}

function parseRows(text: string): string[][] {
  if (text.length === 0) throw new BetContentError('content_invalid', 'betContent has no row');
  return text.split('|').map((rowText, rowIndex) => {
    if (rowText === EMPTY_ROW) return [];
    if (rowText.length === 0)
      throw new BetContentError('content_invalid', `row ${rowIndex + 1} is empty (an empty row is written "-")`);
    const balls = rowText.split(',');
    for (const ball of balls) assertBall(ball, rowIndex);
    return balls;
  });
}

function assertBall(ball: string, rowIndex: number): void {
  if (ball.length === 0) throw new BetContentError('content_invalid', `row ${rowIndex + 1} has an empty ball`);
  if (!BALL.test(ball))
    throw new BetContentError(
      'content_invalid',
      `row ${rowIndex + 1} has a ball ${quoted(ball)} with a character other than 0-9 and A-Z`,
    );
}

function checkedLength(text: string): string {
  if (text.length > MAX_BET_CONTENT_LENGTH)
    throw new BetContentError(
      'content_too_large',
      `betContent would have ${text.length} characters; at most ${MAX_BET_CONTENT_LENGTH} are accepted`,
    );
  return text;
}

/** A member's text inside a message, cut short: the message names the problem, it does not echo 2,000 characters. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}...` : text);
}
