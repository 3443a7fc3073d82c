// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { initTestI18n } from '../testing';
import { SmsCodeField } from './sms-code-field';

beforeAll(initTestI18n);
beforeEach(() => {
  // The server under test accepts the slider token 'bypass' (see slider-challenge.tsx).
  window.__lotusSliderBypass = true;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.__lotusSliderBypass;
});

function Harness({
  canSend,
  send,
}: {
  canSend: () => boolean;
  send: (sliderToken: string) => Promise<{ expiredMinutes: number }>;
}) {
  const [code, setCode] = useState('');
  return <SmsCodeField id="code" value={code} onChange={setCode} canSend={canSend} send={send} />;
}

const sendButton = () => screen.getByRole('button', { name: /Send|Resend|Sending/ });

describe('SmsCodeField', () => {
  test('a number that fails its check asks for nothing: no slider, no call', () => {
    const send = vi.fn();
    render(<Harness canSend={() => false} send={send} />);
    fireEvent.click(sendButton());
    expect(send).not.toHaveBeenCalled();
    expect(sendButton().textContent).toBe('Send code');
  });

  test('after the slider the code is sent; the button counts down 60 s per expiredMinutes, then offers a new one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const send = vi.fn(async () => ({ expiredMinutes: 2 }));
    render(<Harness canSend={() => true} send={send} />);
    await act(async () => fireEvent.click(sendButton()));
    expect(send).toHaveBeenCalledWith('bypass');
    expect(sendButton().textContent).toBe('Resend in 120s');
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Code sent. Please check your SMS.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox'));

    fireEvent.click(sendButton());
    await act(async () => vi.advanceTimersByTime(119_000));
    expect(sendButton().textContent).toBe('Resend in 1s');
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(sendButton().textContent).toBe('Send again');
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  test('a refusal opens the warning dialog with the server message and the confirm button; no countdown', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(
        'Too many requests for this number. Please try again in 5 minutes.',
        'sms.too.many.requests',
        429,
      );
    });
    render(<Harness canSend={() => true} send={send} />);
    await act(async () => fireEvent.click(sendButton()));
    const dialog = screen.getByRole('alertdialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('Too many requests for this number. Please try again in 5 minutes.');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sendButton().textContent).toBe('Send code');
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  test('Escape closes the warning dialog and nothing behind it hears the key', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('Network error', 'network.error', 0);
    });
    const seenByDocument: string[] = [];
    const listener = (event: KeyboardEvent) => seenByDocument.push(event.key);
    document.addEventListener('keydown', listener);
    try {
      render(<Harness canSend={() => true} send={send} />);
      await act(async () => fireEvent.click(sendButton()));
      // A network failure is told in the site's words, not as a code.
      expect(screen.getByRole('alertdialog').textContent).not.toContain('network.error');
      fireEvent.keyDown(screen.getByRole('button', { name: 'Confirm' }), { key: 'Escape' });
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(seenByDocument).toEqual([]);
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });
});
