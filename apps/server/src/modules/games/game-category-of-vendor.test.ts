import { describe, expect, test } from 'vitest';
import type { GameCategory } from '@lotus/contract';
import { gameCategoryOfVendor } from './game-category-of-vendor.ts';

const lists = { esportsVendors: ['LTESPORT', 'IMES', 'TF'], cockfightVendors: ['LTCOCK', 'DS88'] };

describe('gameCategoryOfVendor', () => {
  test.each<[string, GameCategory, GameCategory]>([
    ['IMES', 'SPORTS', 'ESPORTS'],
    ['TF', 'SPORTS', 'ESPORTS'],
    ['DS88', 'SPORTS', 'COCKFIGHT'],
    ['LTSPORT', 'SPORTS', 'SPORTS'],
    ['imes', 'SPORTS', 'SPORTS'], // vendor codes are exact
    ['LTESPORT', 'ESPORTS', 'ESPORTS'],
    ['LTCOCK', 'COCKFIGHT', 'COCKFIGHT'],
    ['LTLOTTO', 'LOTT', 'ELOTT'],
    ['LTLOTTO', 'ELOTT', 'ELOTT'],
    ['IMES', 'LIVE', 'LIVE'], // only sports vendors are split
    ['LTFISH', 'FISH', 'FISH'],
  ])('%s stored as %s shows under %s', (vassalage, gameCategory, expected) => {
    expect(gameCategoryOfVendor({ vassalage, gameCategory }, lists)).toBe(expected);
  });
});
