import { describe, expect, test } from 'vitest';
import { beadPlate, bigRoad } from './roads.ts';
import type { RoadEntry } from './roads.ts';

/** History from letters: P player, B banker, T tie; a following p or b marks a player or banker pair. */
function history(text: string): RoadEntry[] {
  return [...text.matchAll(/([PBT])(p?)(b?)/g)].map(([, letter, playerPair, bankerPair]) => ({
    result: letter === 'P' ? 'PLAYER' : letter === 'B' ? 'BANKER' : 'TIE',
    playerPair: playerPair === 'p',
    bankerPair: bankerPair === 'b',
  }));
}

/** Big road cells as compact strings: column,row,letter,+ties. */
const cells = (text: string, rows?: number) =>
  bigRoad(history(text), rows).map(
    (cell) => `${cell.column},${cell.row},${cell.result[0]}${cell.ties ? `+${cell.ties}` : ''}`,
  );

describe('beadPlate', () => {
  test('fills each column top to bottom, ties and pairs included', () => {
    const plate = beadPlate(history('PBTPpBPBb'), 3);
    expect(plate.map((cell) => [cell.column, cell.row, cell.result[0]])).toEqual([
      [0, 0, 'P'],
      [0, 1, 'B'],
      [0, 2, 'T'],
      [1, 0, 'P'],
      [1, 1, 'B'],
      [1, 2, 'P'],
      [2, 0, 'B'],
    ]);
    expect(plate[3]!.playerPair).toBe(true);
    expect(plate[6]!.bankerPair).toBe(true);
  });

  test('is empty for no rounds', () => {
    expect(beadPlate([])).toEqual([]);
  });
});

describe('bigRoad', () => {
  test.each([
    ['no rounds', '', []],
    ['a new column on every change of winner', 'PPBPBB', ['0,0,P', '0,1,P', '1,0,B', '2,0,P', '3,0,B', '3,1,B']],
    ['ties mark the cell before them', 'PTTBTP', ['0,0,P+2', '1,0,B+1', '2,0,P']],
    ['ties before the first hand go on the first cell', 'TTBB', ['0,0,B+2', '0,1,B']],
    [
      'a streak longer than six turns right along the bottom',
      'BBBBBBBBP',
      ['0,0,B', '0,1,B', '0,2,B', '0,3,B', '0,4,B', '0,5,B', '1,5,B', '2,5,B', '1,0,P'],
    ],
  ])('%s', (_, text, expected) => {
    expect(cells(text)).toEqual(expected);
  });

  test('a streak that meets an earlier tail turns right above it', () => {
    // Rows of 3: B B B B turns at the bottom into column 1; the P streak in column 1 stops at row 1.
    expect(cells('BBBBPPPP', 3)).toEqual(['0,0,B', '0,1,B', '0,2,B', '1,2,B', '1,0,P', '1,1,P', '2,1,P', '3,1,P']);
  });

  test('a new streak skips a top cell already taken by a tail', () => {
    // With 2 rows the P streak turns at once and its tail fills the top row of columns 2 and 3.
    expect(cells('BBBPPPB', 2)).toEqual(['0,0,B', '0,1,B', '1,1,B', '1,0,P', '2,0,P', '3,0,P', '4,0,B']);
  });

  test('keeps the pairs of the hand a cell records', () => {
    const [first, second] = bigRoad(history('PpBb'));
    expect([first!.playerPair, first!.bankerPair, second!.playerPair, second!.bankerPair]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
