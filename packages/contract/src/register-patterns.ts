/**
 * The 24 register pattern messages of spec §5, in one place. A register rule carries a `patternId`
 * (which message explains it) and an `acceptedPattern` (the regex that decides); the operator picks
 * an id here and, normally, the canonical pattern that goes with it. The server's message
 * `register.pattern.{id}` and the site's `register_pattern_{id}` explain the id in TH and EN; an id
 * not listed here is explained by a general text on both sides.
 *
 * Ids 0-10 are the ones the first merchants were configured with; they never change meaning.
 */
export const registerPatternIds = {
  anyText: 0,
  lettersOnly: 1,
  letterFirstLettersAndDigits: 2,
  digitsOnly: 3,
  email: 4,
  noSpaces: 5,
  uppercaseRequired: 6,
  mixedCaseDigitAndSymbol: 7,
  fullNameWithSpace: 8,
  thaiOnly: 9,
  lettersOrDigits: 10,
  lowercaseLettersOrDigits: 11,
  lettersDigitsOrUnderscore: 12,
  thaiOrEnglishLetters: 13,
  thaiOrEnglishWords: 14,
  thaiMobileNumber: 15,
  startsWithLetter: 16,
  letterAndDigitRequired: 17,
  noSpecialCharacters: 18,
  uppercaseLettersOrDigits: 19,
  lineId: 20,
  isoDate: 21,
  thaiNationalId: 22,
  bankAccountNumber: 23,
} as const;

export type RegisterPatternName = keyof typeof registerPatternIds;
export type RegisterPatternId = (typeof registerPatternIds)[RegisterPatternName];

export interface RegisterPattern {
  id: RegisterPatternId;
  name: RegisterPatternName;
  /** The regex an operator sets as the rule's `acceptedPattern` for this id ('*' is any text). */
  acceptedPattern: string;
  /** Values the canonical pattern accepts, and values it refuses: documentation that is tested. */
  validSamples: readonly string[];
  invalidSamples: readonly string[];
}

/** Thai letters, vowels, tone marks and digits: the Unicode Thai block. */
const thai = '\\u0E00-\\u0E7F';

const definitions: Record<RegisterPatternName, Omit<RegisterPattern, 'id' | 'name'>> = {
  anyText: { acceptedPattern: '*', validSamples: ['anything', 'สมชาย ใจดี', 'a b-c!'], invalidSamples: [] },
  lettersOnly: {
    acceptedPattern: '^[A-Za-z]+$',
    validSamples: ['Somchai', 'abc'],
    invalidSamples: ['abc1', 'สมชาย', 'ab cd'],
  },
  letterFirstLettersAndDigits: {
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    validSamples: ['somchai88', 'A1', 'Lucky'],
    invalidSamples: ['88somchai', 'som_chai', 'som chai'],
  },
  digitsOnly: {
    acceptedPattern: '^[0-9]+$',
    validSamples: ['0812345678', '123456'],
    invalidSamples: ['12a4', '+66812345678', '12 34'],
  },
  email: {
    acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    validSamples: ['somchai@example.com', 'a.b+c@mail.co.th'],
    invalidSamples: ['somchai.example.com', 'somchai@example', 'som chai@example.com', 'a@@b.com'],
  },
  noSpaces: {
    acceptedPattern: '^\\S+$',
    validSamples: ['somchai_line', 'สมชาย', 'a.b-c'],
    invalidSamples: ['two words', ' lead', 'no\u00a0break'],
  },
  uppercaseRequired: {
    acceptedPattern: '^(?=.*[A-Z]).+$',
    validSamples: ['Secret1', 'ABC', 'aB'],
    invalidSamples: ['secret1', '12345', 'สมชาย'],
  },
  mixedCaseDigitAndSymbol: {
    acceptedPattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
    validSamples: ['Secret1!', 'aB3#'],
    invalidSamples: ['Secret1', 'secret1!', 'SECRET1!', 'Secret!!'],
  },
  fullNameWithSpace: {
    acceptedPattern: '^\\S+( \\S+)+$',
    validSamples: ['Somchai Jaidee', 'สมชาย ใจดี', 'Mary Ann Smith'],
    invalidSamples: ['Somchai', 'Somchai  Jaidee', 'Somchai '],
  },
  thaiOnly: {
    acceptedPattern: `^[${thai}]+$`,
    validSamples: ['สมชาย', 'ใจดี'],
    invalidSamples: ['Somchai', 'สมชาย ใจดี', 'สมชาย1'],
  },
  lettersOrDigits: {
    acceptedPattern: '^[A-Za-z0-9]+$',
    validSamples: ['abc123', '123', 'ABC'],
    invalidSamples: ['abc 123', 'abc-123', 'สมชาย'],
  },
  lowercaseLettersOrDigits: {
    acceptedPattern: '^[a-z0-9]+$',
    validSamples: ['somchai88', '88'],
    invalidSamples: ['Somchai88', 'som_chai', 'som chai'],
  },
  lettersDigitsOrUnderscore: {
    acceptedPattern: '^[A-Za-z0-9_]+$',
    validSamples: ['som_chai_88', '_x', 'Lucky7'],
    invalidSamples: ['som-chai', 'som.chai', 'som chai'],
  },
  thaiOrEnglishLetters: {
    acceptedPattern: `^[A-Za-z${thai}]+$`,
    validSamples: ['สมชาย', 'Somchai', 'สมชายJ'],
    invalidSamples: ['สมชาย ใจดี', 'Somchai1', 'som-chai'],
  },
  thaiOrEnglishWords: {
    acceptedPattern: `^[A-Za-z${thai}]+( [A-Za-z${thai}]+)*$`,
    validSamples: ['สมชาย ใจดี', 'Somchai Jaidee', 'สมชาย'],
    invalidSamples: ['สมชาย  ใจดี', 'Somchai Jaidee2', 'Somchai-Jaidee', ' สมชาย'],
  },
  thaiMobileNumber: {
    acceptedPattern: '^0?[689][0-9]{8}$',
    validSamples: ['0812345678', '0912345678', '0612345678', '812345678'],
    invalidSamples: ['0212345678', '081234567', '08123456789', '+66812345678'],
  },
  startsWithLetter: {
    acceptedPattern: '^[A-Za-z].*$',
    validSamples: ['a', 'Lucky 7!', 'b_1'],
    invalidSamples: ['7lucky', '_abc', 'สมชาย'],
  },
  letterAndDigitRequired: {
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9]).+$',
    validSamples: ['secret1', '1a', 'Pass word 9!'],
    invalidSamples: ['secret', '123456', 'สมชาย123'],
  },
  noSpecialCharacters: {
    acceptedPattern: `^[A-Za-z0-9${thai} ]+$`,
    validSamples: ['Somchai 88', 'สมชาย ใจดี', 'abc'],
    invalidSamples: ['Somchai!', 'som_chai', 'a@b'],
  },
  uppercaseLettersOrDigits: {
    acceptedPattern: '^[A-Z0-9]+$',
    validSamples: ['LUCKY88', 'AB12CD', '777'],
    invalidSamples: ['Lucky88', 'AB-12', 'AB 12'],
  },
  lineId: {
    acceptedPattern: '^[A-Za-z0-9._-]+$',
    validSamples: ['somchai.88', 'som_chai-line', 'abc'],
    invalidSamples: ['@somchai', 'som chai', 'สมชาย'],
  },
  isoDate: {
    acceptedPattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
    validSamples: ['1990-12-31', '2000-01-01'],
    invalidSamples: ['31/12/1990', '1990-13-01', '1990-1-1', '2533-12-32'],
  },
  thaiNationalId: {
    acceptedPattern: '^[0-9]-?[0-9]{4}-?[0-9]{5}-?[0-9]{2}-?[0-9]$',
    validSamples: ['1234567890123', '1-2345-67890-12-3'],
    invalidSamples: ['123456789012', '12345678901234', '1-2345-6789O-12-3', '12-345-67890-12-3'],
  },
  bankAccountNumber: {
    acceptedPattern: '^[0-9]+(-[0-9]+)*$',
    validSamples: ['1234567890', '123-4-56789-0'],
    invalidSamples: ['123 456 7890', '-1234567890', '123--456', '12345o7890'],
  },
};

/** The 24 patterns, indexed by id. */
export const registerPatterns: readonly RegisterPattern[] = (
  Object.entries(registerPatternIds) as [RegisterPatternName, RegisterPatternId][]
)
  .map(([name, id]) => ({ id, name, ...definitions[name] }))
  .sort((a, b) => a.id - b.id);

/** How many pattern messages there are (spec §5: 24, ids 0 to 23). */
export const registerPatternCount = registerPatterns.length;

/** Whether `patternId` has a message of its own; any other id is explained by the general text. */
export function isRegisterPatternId(patternId: number): patternId is RegisterPatternId {
  return Number.isInteger(patternId) && patternId >= 0 && patternId < registerPatternCount;
}
