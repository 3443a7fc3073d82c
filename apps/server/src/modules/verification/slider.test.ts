import type { SliderTrackPoint } from '@lotus/contract';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { ChallengeCheckOptions } from './challenge-bypass.ts';
import { checkSlider } from './check-slider.ts';
import { consumeSliderToken, requireSliderToken } from './consume-slider-token.ts';
import { deleteExpiredChallenges } from './delete-expired-challenges.ts';
import { sliderHeight, sliderPieceSize, sliderWidth } from './draw-slider.ts';
import { freshIp, humanTrack, linearTrack } from './testing.ts';

let testApp: TestApp;
let merchantId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  merchantId = testApp.demoMerchantId;
});
afterAll(async () => {
  await testApp?.close();
});

const now = (): ChallengeCheckOptions => ({ isBypassEnabled: false, nowMs: Date.now() });
const silentLog = { info: () => {} };

function decodeDataUrl(dataUrl: string): PNG {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return PNG.sync.read(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
}

/** A new slider from the API, with the gap's x that only the server knows. */
async function newSlider(remoteAddress = freshIp()) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/wps/captcha/slider',
    headers: { Merchant: 'demo' },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  const value = response.json().value as { challengeId: string; background: string; piece: string; pieceY: number };
  const row = await testApp.db
    .selectFrom('challenge')
    .select('gap_x')
    .where('id', '=', value.challengeId)
    .executeTakeFirstOrThrow();
  return { ...value, gapX: row.gap_x!, response };
}

function postCheck(payload: unknown, language: 'TH' | 'EN' = 'EN', remoteAddress = freshIp()) {
  return testApp.app.inject({
    method: 'POST',
    url: '/wps/captcha/slider/check',
    headers: { Merchant: 'demo', Language: language, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress,
  });
}

/** Solves a new slider the way a person would and returns the token. */
async function solvedToken(): Promise<string> {
  const slider = await newSlider();
  const response = await postCheck({ challengeId: slider.challengeId, x: slider.gapX, track: humanTrack(slider.gapX) });
  expect(response.statusCode).toBe(200);
  return response.json().value.sliderToken as string;
}

describe('GET /wps/captcha/slider', () => {
  test('answers a 300x160 background with a visibly dark gap, and a piece that is transparent around its shape', async () => {
    const slider = await newSlider();
    expect(slider.response.headers['cache-control']).toBe('no-store');
    expect(slider.response.json().value).toMatchObject({
      width: 300,
      height: 160,
      pieceSize: 50,
      expiresInSeconds: 120,
    });
    expect(slider.response.json().value).not.toHaveProperty('gapX');
    const background = decodeDataUrl(slider.background);
    const piece = decodeDataUrl(slider.piece);
    expect([background.width, background.height]).toEqual([sliderWidth, sliderHeight]);
    expect([piece.width, piece.height]).toEqual([sliderPieceSize, sliderPieceSize]);
    expect(slider.gapX).toBeGreaterThanOrEqual(sliderPieceSize + 30);
    expect(slider.gapX + sliderPieceSize).toBeLessThanOrEqual(sliderWidth);

    const brightness = (image: PNG, x: number, y: number) => {
      const offset = (y * image.width + x) * 4;
      return image.data[offset]! + image.data[offset + 1]! + image.data[offset + 2]!;
    };
    const alpha = (image: PNG, x: number, y: number) => image.data[(y * image.width + x) * 4 + 3]!;
    // Inside the body of the piece (its centre) the piece is opaque; its corners are not part of it.
    expect(alpha(piece, 21, 29)).toBe(255);
    expect(alpha(piece, 0, 0)).toBe(0);
    expect(alpha(piece, 49, 49)).toBe(0);
    // The gap is the piece's spot darkened.
    const pieceCentre = brightness(piece, 21, 29);
    const gapCentre = brightness(background, slider.gapX + 21, slider.pieceY + 29);
    expect(gapCentre).toBeLessThan(pieceCentre * 0.6);
  });
});

describe('POST /wps/captcha/slider/check', () => {
  test('the gap x with a human drag earns a single-use token for 2 minutes', async () => {
    const slider = await newSlider();
    const response = await postCheck({
      challengeId: slider.challengeId,
      x: slider.gapX,
      track: humanTrack(slider.gapX),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ success: true, value: { expiresInSeconds: 120 } });
    expect(body.value.sliderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const challenge = await testApp.db
      .selectFrom('challenge')
      .selectAll()
      .where('id', '=', slider.challengeId)
      .executeTakeFirstOrThrow();
    expect(challenge.solved_at).not.toBeNull();
    expect(challenge.consumed_at).not.toBeNull();
  });

  test.each([-5, -3, 3, 5])('a drop %i px from the gap still counts', async (offset) => {
    const slider = await newSlider();
    const x = slider.gapX + offset;
    expect((await postCheck({ challengeId: slider.challengeId, x, track: humanTrack(x) })).statusCode).toBe(200);
  });

  test.each([-6, 6, 40])('a drop %i px from the gap is refused, and the challenge is spent', async (offset) => {
    const slider = await newSlider();
    const x = slider.gapX + offset;
    const missed = await postCheck({ challengeId: slider.challengeId, x, track: humanTrack(x) }, 'TH');
    expect(missed.statusCode).toBe(400);
    expect(missed.json()).toMatchObject({ success: false, value: null, errorCode: 'slider.check.failed' });
    expect(missed.json().message).toMatch(/[ก-๙]/);
    const retry = await postCheck({ challengeId: slider.challengeId, x: slider.gapX, track: humanTrack(slider.gapX) });
    expect(retry.statusCode).toBe(400);
    expect(retry.json().errorCode).toBe('slider.check.failed');
  });

  test.each<[string, (gapX: number) => SliderTrackPoint[]]>([
    [
      'two points',
      (gapX) => [
        { x: 0, y: 0, t: 0 },
        { x: gapX, y: 0, t: 600 },
      ],
    ],
    ['a straight line at constant speed', (gapX) => linearTrack(gapX)],
    ['a whole drag in 10 ms', (gapX) => humanTrack(gapX).map((point, index) => ({ ...point, t: index / 3 }))],
  ])('the right x with a robotic drag (%s) is refused, and the challenge is spent', async (_name, makeTrack) => {
    const slider = await newSlider();
    const robotic = await postCheck({ challengeId: slider.challengeId, x: slider.gapX, track: makeTrack(slider.gapX) });
    expect(robotic.statusCode).toBe(400);
    expect(robotic.json().errorCode).toBe('slider.check.failed');
    expect(
      (await postCheck({ challengeId: slider.challengeId, x: slider.gapX, track: humanTrack(slider.gapX) })).statusCode,
    ).toBe(400);
  });

  test('two concurrent checks of one challenge: exactly one earns a token', async () => {
    const slider = await newSlider();
    const payload = { challengeId: slider.challengeId, x: slider.gapX, track: humanTrack(slider.gapX) };
    const responses = await Promise.all([postCheck(payload), postCheck(payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  test('an expired challenge is refused (clock moved past 2 minutes)', async () => {
    const slider = await newSlider();
    const request = { challengeId: slider.challengeId, x: slider.gapX, track: humanTrack(slider.gapX) };
    await expect(checkSlider(testApp.db, merchantId, request, Date.now() + 121_000, silentLog)).rejects.toMatchObject({
      statusCode: 400,
      errorCode: 'slider.check.failed',
    });
  });

  test.each<[string, unknown, string]>([
    ['no body fields', {}, 'challengeId'],
    ['x as text', { challengeId: 'a', x: '100', track: humanTrack(100) }, 'x'],
    ['an empty track', { challengeId: 'a', x: 100, track: [] }, 'track'],
    ['401 points', { challengeId: 'a', x: 100, track: humanTrack(100, 5_000, 400) }, 'track'],
    [
      't going back',
      {
        challengeId: 'a',
        x: 100,
        track: [
          { x: 0, y: 0, t: 10 },
          { x: 5, y: 0, t: 5 },
        ],
      },
      'track.1.t',
    ],
    [
      't standing still',
      {
        challengeId: 'a',
        x: 100,
        track: [
          { x: 0, y: 0, t: 10 },
          { x: 5, y: 0, t: 10 },
        ],
      },
      'track.1.t',
    ],
    ['a point without y', { challengeId: 'a', x: 100, track: [{ x: 0, t: 10 }] }, 'track.0.y'],
    ['a huge x', { challengeId: 'a', x: 1e300, track: humanTrack(100) }, 'x'],
    ['a challengeId of 65 characters', { challengeId: 'a'.repeat(65), x: 100, track: humanTrack(100) }, 'challengeId'],
  ])('%s is 400 validation.failed naming %s', async (_name, payload, field) => {
    const response = await postCheck(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'validation.failed', field });
  });

  test.each([
    [
      'an infinite number (1e400 in JSON)',
      '{"challengeId":"a","x":1e400,"track":[{"x":0,"y":0,"t":0}]}',
      'validation.failed',
    ],
    ['NaN', '{"challengeId":"a","x":NaN,"track":[]}', 'request.body.malformed'],
    ['broken JSON', '{"challengeId":', 'request.body.malformed'],
  ])('%s is a 400, never a 500', async (_name, raw, errorCode) => {
    const response = await postCheck(raw);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(errorCode);
  });

  test.each([
    ['an unknown challenge', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', 'not-a-uuid'],
  ])('%s is slider.check.failed', async (_name, challengeId) => {
    const response = await postCheck({ challengeId, x: 100, track: humanTrack(100) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('slider.check.failed');
  });

  test('a captcha id is not a slider challenge', async () => {
    const captcha = await testApp.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { Merchant: 'demo' },
      remoteAddress: freshIp(),
    });
    const response = await postCheck({ challengeId: captcha.json().value.captchaId, x: 100, track: humanTrack(100) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('slider.check.failed');
  });
});

describe('consumeSliderToken', () => {
  test('a token is good once: the second consume is false; the purpose is recorded', async () => {
    const token = await solvedToken();
    expect(await consumeSliderToken(testApp.db, merchantId, token, 'login', now())).toBe(true);
    expect(await consumeSliderToken(testApp.db, merchantId, token, 'login', now())).toBe(false);
    const rows = await testApp.db
      .selectFrom('challenge_token')
      .select(['purpose', 'consumed_at'])
      .where('purpose', '=', 'login')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  test('two concurrent consumes of one token: exactly one is true', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await solvedToken();
      const results = await Promise.all([
        consumeSliderToken(testApp.db, merchantId, token, 'register', now()),
        consumeSliderToken(testApp.db, merchantId, token, 'sms', now()),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  test('an expired token is false (clock moved past 2 minutes), an unexpired one just before is fine', async () => {
    const expired = await solvedToken();
    expect(
      await consumeSliderToken(testApp.db, merchantId, expired, null, {
        isBypassEnabled: false,
        nowMs: Date.now() + 121_000,
      }),
    ).toBe(false);
    const fresh = await solvedToken();
    expect(
      await consumeSliderToken(testApp.db, merchantId, fresh, null, {
        isBypassEnabled: false,
        nowMs: Date.now() + 100_000,
      }),
    ).toBe(true);
  });

  test('a token of another merchant is false', async () => {
    const token = await solvedToken();
    expect(await consumeSliderToken(testApp.db, merchantId + 1000, token, null, now())).toBe(false);
    expect(await consumeSliderToken(testApp.db, merchantId, token, null, now())).toBe(true);
  });

  test.each([undefined, null, '', 'x', 'A'.repeat(43), 'A'.repeat(10_000), "'; delete from challenge_token; --"])(
    'refuses %s without throwing',
    async (token) => {
      expect(await consumeSliderToken(testApp.db, merchantId, token, null, now())).toBe(false);
    },
  );

  test('requireSliderToken throws 400 slider.token.invalid naming the sliderToken field', async () => {
    await expect(requireSliderToken(testApp.db, merchantId, 'nope', 'login', now())).rejects.toMatchObject({
      statusCode: 400,
      errorCode: 'slider.token.invalid',
      options: { field: 'sliderToken' },
    });
  });

  test('without CHALLENGE_BYPASS, "bypass" is an ordinary wrong token; with it, it passes', async () => {
    expect(await consumeSliderToken(testApp.db, merchantId, 'bypass', 'login', now())).toBe(false);
    expect(
      await consumeSliderToken(testApp.db, merchantId, 'bypass', 'login', { isBypassEnabled: true, nowMs: Date.now() }),
    ).toBe(true);
    expect(
      await consumeSliderToken(testApp.db, merchantId, 'BYPASS', 'login', { isBypassEnabled: true, nowMs: Date.now() }),
    ).toBe(false);
  });
});

describe('deleteExpiredChallenges', () => {
  test('removes what expired and keeps what is still open', async () => {
    const token = await solvedToken();
    const slider = await newSlider();
    const removed = await deleteExpiredChallenges(testApp.db, Date.now() + 121_000);
    expect(removed.challenges).toBeGreaterThanOrEqual(2);
    expect(removed.tokens).toBeGreaterThanOrEqual(1);
    expect(
      await testApp.db.selectFrom('challenge').select('id').where('id', '=', slider.challengeId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await consumeSliderToken(testApp.db, merchantId, token, null, now())).toBe(false);
    const open = await newSlider();
    await deleteExpiredChallenges(testApp.db, Date.now());
    expect(
      await testApp.db.selectFrom('challenge').select('id').where('id', '=', open.challengeId).executeTakeFirst(),
    ).toBeDefined();
  });
});
