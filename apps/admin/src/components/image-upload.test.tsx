// @vitest-environment jsdom
import { mediaPaths, type MediaImage } from '@lotus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { changeLanguage, initI18n } from '../lib/i18n';
import { callsTo, installFakeApi, ok, pngFile, refuse } from '../testing/back-office';
import { ImageUpload } from './image-upload';

// React's act() warnings are off in this hand-made root (the app tests render through the entry).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const uploaded: MediaImage = {
  id: 3,
  url: `/media/1/${'a'.repeat(64)}-1920x560.png`,
  contentType: 'image/png',
  sizeBytes: 68,
  width: 1920,
  height: 560,
  sha256: 'a'.repeat(64),
};

let root: Root | null = null;
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The field inside a tiny form that shows what it was handed, as a page's form would store it. */
async function renderField(initial = '') {
  await initI18n();
  await changeLanguage('EN');
  function Form() {
    const [url, setUrl] = useState(initial);
    return (
      <>
        <ImageUpload label="Banner image" value={url} onChange={setUrl} isOptional />
        <output aria-label="Stored address">{url}</output>
      </>
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <Form />
      </QueryClientProvider>,
    ),
  );
  return userEvent.setup({ delay: null });
}

describe('ImageUpload', () => {
  test('uploads the chosen file as multipart field file, then previews and hands on the served address', async () => {
    const { calls } = installFakeApi({ [`POST ${mediaPaths.upload}`]: () => ok(uploaded) });
    // The fake edge records JSON bodies only: keep the multipart body the field sent.
    const bodies: unknown[] = [];
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      bodies.push(init.body);
      return fakeFetch(input, init);
    });
    const user = await renderField();
    expect(screen.getByText('No image yet')).toBeTruthy();
    await user.upload(screen.getByLabelText('Banner image'), pngFile('banner.png'));
    await waitFor(() => expect(screen.getByLabelText('Stored address').textContent).toBe(uploaded.url));
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Banner image' }).getAttribute('src')).toBe(uploaded.url);
    // The sizes the member site gets, read from the address.
    expect(
      screen.getByText('1920 × 560 px: sent to browsers as AVIF and WebP at 360, 720, 1080, 1600 px wide'),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', mediaPaths.upload)).toHaveLength(1);
    const sent = bodies.find((body): body is FormData => body instanceof FormData);
    expect((sent!.get('file') as File).name).toBe('banner.png');
  });

  test("shows the server's refusal under the field and keeps the previous image", async () => {
    installFakeApi({
      [`POST ${mediaPaths.upload}`]: () =>
        refuse(
          400,
          'media.svg.refused',
          'SVG files (file) are not accepted because they can carry script: convert it to PNG or WebP first',
          'file',
        ),
    });
    const user = await renderField('/media/1/old.png');
    await user.upload(screen.getByLabelText('Banner image'), pngFile('logo.svg'));
    expect((await screen.findByRole('alert')).textContent).toContain('SVG files (file) are not accepted');
    expect(screen.getByLabelText('Stored address').textContent).toBe('/media/1/old.png');
    expect(screen.getByLabelText('Banner image').getAttribute('aria-invalid')).toBe('true');
  });

  test('a GIF is said to be sent as uploaded, in Thai too; an address without its size says nothing', async () => {
    installFakeApi({});
    await renderField(`/media/1/${'b'.repeat(64)}-40x30.gif`);
    expect(screen.getByText('40 × 30 px: a GIF is sent as uploaded (an animation stays whole)')).toBeTruthy();
    await act(() => changeLanguage('TH'));
    expect(screen.getByText('40 × 30 พิกเซล: ไฟล์ GIF ส่งตามที่อัปโหลด (ภาพเคลื่อนไหวคงเดิม)')).toBeTruthy();
    act(() => root?.unmount());
    root = null;
    await renderField('/media/1/old.png');
    expect(document.querySelector('.image-upload-sizes')).toBeNull();
  });

  test('an optional image can be removed', async () => {
    installFakeApi({});
    const user = await renderField('/media/1/old.png');
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByLabelText('Stored address').textContent).toBe('');
    expect(screen.getByText('No image yet')).toBeTruthy();
  });
});
