import { vnPrizeTiers, type OfficialLotteryFamily, type OfficialLotteryResult } from '@lotus/contract';

/**
 * One input of a result form: `key` is the form's field, `path` the part of the result the server
 * names in a refusal (`result.front3.1`, `result.prizes.G3.4`), `digits` its exact length (the
 * contract's officialLotteryResultSchema), `index` its place in a group of several (0 for one).
 */
export interface ResultInput {
  key: string;
  path: string;
  digits: number;
  index: number;
  count: number;
}

/** The inputs of a family in groups, drawn as the official result sheet lays them out. */
export interface ResultGroup {
  /** Catalogue key suffix: `lottery_results_part_<part>`. */
  part: string;
  inputs: ResultInput[];
}

function group(part: string, path: string, count: number, digits: number, isList: boolean): ResultGroup {
  return {
    part,
    inputs: Array.from({ length: count }, (_, index) => ({
      key: isList ? `${part}_${index}` : part,
      path: isList ? `${path}.${index}` : path,
      digits,
      index,
      count,
    })),
  };
}

export function resultGroups(family: OfficialLotteryFamily): ResultGroup[] {
  switch (family) {
    case 'THAI_GOV':
      return [
        group('first', 'first', 1, 6, false),
        group('front3', 'front3', 2, 3, true),
        group('back3', 'back3', 2, 3, true),
        group('last2', 'last2', 1, 2, false),
      ];
    case 'LAO':
      return [group('number', 'number', 1, 4, false)];
    case 'THAI_STYLE':
      return [group('top3', 'top3', 1, 3, false), group('bottom2', 'bottom2', 1, 2, false)];
    case 'VN_NORTH':
    case 'VN_SOUTH':
      return vnPrizeTiers[family].map(({ tier, count, digits }) => group(tier, `prizes.${tier}`, count, digits, true));
  }
}

export const resultInputs = (family: OfficialLotteryFamily): ResultInput[] =>
  resultGroups(family).flatMap((item) => item.inputs);

/** The server's refusal field (`result.<path>`) to the form's input, for setRefusalFieldError. */
export function refusalFields(family: OfficialLotteryFamily): Record<string, string> {
  return Object.fromEntries(resultInputs(family).map((input) => [`result.${input.path}`, input.key]));
}

/** The form's values as the contract's result of the family. */
export function toResult(
  family: OfficialLotteryFamily,
  values: Readonly<Record<string, string>>,
): OfficialLotteryResult {
  const list = (part: string, count: number) =>
    Array.from({ length: count }, (_, index) => values[`${part}_${index}`] ?? '');
  switch (family) {
    case 'THAI_GOV':
      return {
        family,
        first: values.first ?? '',
        front3: list('front3', 2) as [string, string],
        back3: list('back3', 2) as [string, string],
        last2: values.last2 ?? '',
      };
    case 'LAO':
      return { family, number: values.number ?? '' };
    case 'THAI_STYLE':
      return { family, top3: values.top3 ?? '', bottom2: values.bottom2 ?? '' };
    case 'VN_NORTH': {
      const prizes = Object.fromEntries(vnPrizeTiers[family].map(({ tier, count }) => [tier, list(tier, count)]));
      return { family, prizes: prizes as Extract<OfficialLotteryResult, { family: 'VN_NORTH' }>['prizes'] };
    }
    case 'VN_SOUTH': {
      const prizes = Object.fromEntries(vnPrizeTiers[family].map(({ tier, count }) => [tier, list(tier, count)]));
      return { family, prizes: prizes as Extract<OfficialLotteryResult, { family: 'VN_SOUTH' }>['prizes'] };
    }
  }
}

/** A result as groups of numbers (part and its numbers), for tables and the operator's own entries. */
export function resultParts(result: OfficialLotteryResult): { part: string; numbers: string[] }[] {
  switch (result.family) {
    case 'THAI_GOV':
      return [
        { part: 'first', numbers: [result.first] },
        { part: 'front3', numbers: result.front3 },
        { part: 'back3', numbers: result.back3 },
        { part: 'last2', numbers: [result.last2] },
      ];
    case 'LAO':
      return [{ part: 'number', numbers: [result.number] }];
    case 'THAI_STYLE':
      return [
        { part: 'top3', numbers: [result.top3] },
        { part: 'bottom2', numbers: [result.bottom2] },
      ];
    case 'VN_NORTH':
      return vnPrizeTiers.VN_NORTH.map(({ tier }) => ({ part: tier, numbers: result.prizes[tier] }));
    case 'VN_SOUTH':
      return vnPrizeTiers.VN_SOUTH.map(({ tier }) => ({ part: tier, numbers: result.prizes[tier] }));
  }
}

/** The CSV columns after `gameCode,numero` (the server's import-results importColumns). */
export function importColumns(family: OfficialLotteryFamily): string[] {
  return resultGroups(family).flatMap(({ part, inputs }) =>
    inputs.map((input) => (input.count === 1 ? part : `${part}_${input.index + 1}`)),
  );
}
