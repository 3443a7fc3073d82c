import { describe, expect, test } from 'vitest';
import { setRefusalFieldError } from './refusal-field.ts';

type Placed = [string, { type: string; message: string }];

function place(error: unknown, fields: Parameters<typeof setRefusalFieldError<string>>[2]) {
  const placed: Placed[] = [];
  const isPlaced = setRefusalFieldError(error, (name, fieldError) => placed.push([name, fieldError]), fields);
  return { isPlaced, placed };
}

describe('setRefusalFieldError', () => {
  test.each<[string, unknown, readonly string[] | Record<string, string>]>([
    ['not an error', 'boom', ['amount']],
    ['null', null, ['amount']],
    ['a refusal without a field', { message: 'Too many attempts' }, ['amount']],
    ['a field the form does not have', { message: 'Bad code', field: 'verificationCode' }, ['amount']],
    ['a field left out of the map', { message: 'Bad code', field: 'verificationCode' }, { amount: 'amount' }],
    ['a field without a message', { field: 'amount' }, ['amount']],
  ])('leaves %s to the form’s general error', (_case, error, fields) => {
    expect(place(error, fields)).toEqual({ isPlaced: false, placed: [] });
  });

  test('places a named field of the form under it, with the server’s words', () => {
    expect(place({ message: 'Below the minimum', field: 'amount' }, ['amount', 'note'])).toEqual({
      isPlaced: true,
      placed: [['amount', { type: 'server', message: 'Below the minimum' }]],
    });
  });

  test('maps the server’s name to the form’s', () => {
    expect(place({ message: 'Wrong PIN', field: 'oldPaymentPassword' }, { oldPaymentPassword: 'old' })).toEqual({
      isPlaced: true,
      placed: [['old', { type: 'server', message: 'Wrong PIN' }]],
    });
  });
});
