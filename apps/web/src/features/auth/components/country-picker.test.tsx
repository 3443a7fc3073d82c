// @vitest-environment jsdom
import { apiPaths } from '@lotus/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { demoCountries, initTestI18n, installFakeApi, ok, renderWithProviders } from '../testing';
import { CountryPicker, countryPickerCloseDelayMs } from './country-picker';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The picker as a form holds it, with the value shown beside it. */
function Harness() {
  const [code, setCode] = useState('66');
  return (
    <div>
      <CountryPicker value={code} onChange={setCode} />
      <output data-testid="value">{code}</output>
      <button type="button">elsewhere</button>
    </div>
  );
}

async function openPicker() {
  installFakeApi({ [`GET ${apiPaths.country}`]: () => ok(demoCountries) });
  renderWithProviders(<Harness />);
  const trigger = screen.getByRole('button', { name: /Country code/ });
  await waitFor(() => expect(trigger.getAttribute('aria-label')).toBe('Country code: Thailand, +66'));
  fireEvent.click(trigger);
  return { trigger, search: screen.getByRole('combobox', { name: 'Search country or code' }) };
}

describe('CountryPicker', () => {
  test("starts on Thailand +66 and lists the server's countries with their codes", async () => {
    const { search } = await openPicker();
    expect(document.activeElement).toBe(search);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Thailand+66',
      'Laos+856',
      'Malaysia+60',
      'United States+1',
      'Canada+1',
    ]);
    expect(screen.getByRole('option', { name: /Thailand/ }).getAttribute('aria-selected')).toBe('true');
    expect(options[0]!.querySelector('svg[data-country="TH"]')).not.toBeNull();
  });

  test('searching by name or by code narrows the list; Enter picks the active one', async () => {
    const { trigger, search } = await openPicker();
    fireEvent.change(search, { target: { value: 'lao' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Laos+856']);
    fireEvent.change(search, { target: { value: '+6' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Thailand+66', 'Malaysia+60']);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('60');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-label')).toBe('Country code: Malaysia, +60');
  });

  test('nothing matching says so', async () => {
    const { search } = await openPicker();
    fireEvent.change(search, { target: { value: 'atlantis' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No country matches')).toBeTruthy();
  });

  test('two countries sharing +1 keep the flag of the one picked', async () => {
    const { trigger } = await openPicker();
    fireEvent.click(screen.getByRole('option', { name: /Canada/ }));
    expect(screen.getByTestId('value').textContent).toBe('1');
    expect(trigger.getAttribute('aria-label')).toBe('Country code: Canada, +1');
    expect(trigger.querySelector('svg[data-country="CA"]')).not.toBeNull();
  });

  test('Escape closes the picker without reaching the modal around it', async () => {
    // The modal listens on document (components/modal.tsx).
    const keysSeenByDocument: string[] = [];
    const listener = (event: KeyboardEvent) => keysSeenByDocument.push(event.key);
    document.addEventListener('keydown', listener);
    try {
      const { search } = await openPicker();
      fireEvent.keyDown(search, { key: 'ArrowDown' });
      fireEvent.keyDown(search, { key: 'Escape' });
      expect(screen.queryByRole('listbox')).toBeNull();
      expect(keysSeenByDocument).toEqual(['ArrowDown']);
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });

  test(`closes ${countryPickerCloseDelayMs} ms after focus leaves it, not before`, async () => {
    const { search } = await openPicker();
    vi.useFakeTimers();
    fireEvent.blur(search, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    act(() => vi.advanceTimersByTime(countryPickerCloseDelayMs - 1));
    expect(screen.queryByRole('listbox')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('66');
  });

  test('focus coming back within the delay keeps it open', async () => {
    const { search } = await openPicker();
    vi.useFakeTimers();
    fireEvent.blur(search, { relatedTarget: null });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.focus(search);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('listbox')).not.toBeNull();
  });
});
