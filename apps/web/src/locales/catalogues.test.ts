import { expect, test } from 'vitest';
import en from './en.json';
import th from './th.json';

test('TH and EN catalogues have exactly the same keys, none empty', () => {
  expect(Object.keys(en).sort()).toEqual(Object.keys(th).sort());
  for (const catalogue of [en, th]) {
    for (const [key, text] of Object.entries(catalogue)) expect(text, key).not.toBe('');
  }
});

test('the spec names its own keys', () => {
  for (const key of ['in_popup_prompt', 'in_sure_logout', 'in_increase_submit', 'invitation_code_error'])
    expect(th).toHaveProperty(key);
});
