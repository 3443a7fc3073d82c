import type { RoadEntry } from '@lotus/fair';
import { expect, test } from 'vitest';
import { tableRoads } from './baccarat-roads.ts';

const entry = (result: RoadEntry['result'], playerPair = false, bankerPair = false): RoadEntry => ({
  result,
  playerPair,
  bankerPair,
});

test('the history arrives latest first; the roads are drawn oldest first', () => {
  // Oldest to newest: P, B, B, T, P. The server sends it reversed.
  const latestFirst = [
    entry('PLAYER'),
    entry('TIE'),
    entry('BANKER'),
    entry('BANKER', false, true),
    entry('PLAYER', true),
  ];
  const { bead, big } = tableRoads(latestFirst, { bead: 12, big: 30 });
  expect(bead.cells.map((cell) => [cell.column, cell.row, cell.result])).toEqual([
    [0, 0, 'PLAYER'],
    [0, 1, 'BANKER'],
    [0, 2, 'BANKER'],
    [0, 3, 'TIE'],
    [0, 4, 'PLAYER'],
  ]);
  expect(bead.cells[0]!.playerPair).toBe(true);
  expect(bead.cells[1]!.bankerPair).toBe(true);
  expect(big.cells.map((cell) => [cell.column, cell.row, cell.result, cell.ties])).toEqual([
    [0, 0, 'PLAYER', 0],
    [1, 0, 'BANKER', 0],
    [1, 1, 'BANKER', 1],
    [2, 0, 'PLAYER', 0],
  ]);
  expect(bead).toMatchObject({ columns: 12, rows: 6 });
  expect(big).toMatchObject({ columns: 30, rows: 6 });
});

test('a long shoe keeps the newest columns on the board', () => {
  // 15 alternating wins: 15 big-road columns and 3 bead columns (6 rows each).
  const oldestFirst = Array.from({ length: 15 }, (_, index) => entry(index % 2 === 0 ? 'PLAYER' : 'BANKER'));
  const { bead, big } = tableRoads([...oldestFirst].reverse(), { bead: 2, big: 10 });
  expect(big.cells).toHaveLength(10);
  expect(big.cells.map((cell) => cell.column)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  // The newest hand (the 15th, a PLAYER win) is in the last visible column.
  expect(big.cells.at(-1)).toMatchObject({ column: 9, result: 'PLAYER' });
  // Bead columns 1 and 2 of 0..2 stay: rounds 7 to 15.
  expect(bead.cells).toHaveLength(9);
  expect(bead.cells[0]).toMatchObject({ column: 0, row: 0, result: 'PLAYER' });
  expect(bead.cells.at(-1)).toMatchObject({ column: 1, row: 2, result: 'PLAYER' });
});

test('an empty table has empty roads of the requested size', () => {
  expect(tableRoads([], { bead: 12, big: 30 })).toEqual({
    bead: { cells: [], columns: 12, rows: 6 },
    big: { cells: [], columns: 30, rows: 6 },
  });
});
