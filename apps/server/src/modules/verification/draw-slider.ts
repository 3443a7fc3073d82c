import { randomBetween, randomItem } from './random.ts';
import { Raster, hexColour, mixColours, type Rgb } from './raster.ts';

export const sliderWidth = 300;
export const sliderHeight = 160;
/** The piece's image is a square of this side; the piece itself fills most of it. */
export const sliderPieceSize = 50;

/** Palettes of soft colours on a deep blue ground, to sit in the site's dark modal. */
const palettes: ReadonlyArray<{ ground: readonly [Rgb, Rgb]; blobs: readonly Rgb[] }> = [
  {
    ground: [hexColour('#10162e'), hexColour('#1f2c55')],
    blobs: ['#3d5a80', '#7b5ea7', '#98c1d9', '#e07a5f', '#f2cc8f'].map(hexColour),
  },
  {
    ground: [hexColour('#0f1a24'), hexColour('#193a4a')],
    blobs: ['#2a9d8f', '#e9c46a', '#f4a261', '#8ab17d', '#5e8ca8'].map(hexColour),
  },
  {
    ground: [hexColour('#1a1030'), hexColour('#33215a')],
    blobs: ['#ff8fab', '#a06cd5', '#6fb1fc', '#ffc971', '#4cc9b0'].map(hexColour),
  },
];

/**
 * Signed distance (pixels) from a point in the piece's square to the piece's outline: negative
 * inside. The piece is a square body with a knob on top and on the right and a notch on the left,
 * the classic jigsaw shape people recognise at once.
 */
export function pieceDistance(x: number, y: number): number {
  const bodyX = Math.abs(x - 21) - 19;
  const bodyY = Math.abs(y - 29) - 19;
  const body = Math.hypot(Math.max(bodyX, 0), Math.max(bodyY, 0)) + Math.min(Math.max(bodyX, bodyY), 0);
  const topKnob = Math.hypot(x - 21, y - 10) - 7;
  const rightKnob = Math.hypot(x - 40, y - 29) - 7;
  const leftNotch = Math.hypot(x - 2, y - 29) - 6;
  return Math.max(Math.min(body, topKnob, rightKnob), -leftNotch);
}

function coverageOf(distance: number): number {
  return Math.min(1, Math.max(0, 0.5 - distance));
}

/** Coverage of a ring just inside the outline, which draws the piece's and the gap's edge. */
function edgeOf(distance: number): number {
  return Math.min(1, Math.max(0, 1.2 - Math.abs(distance + 0.9)));
}

/** The soft abstract picture the puzzle is cut from: a gradient, glowing blobs and faint rings. */
function drawBackground(): Raster {
  const palette = randomItem(palettes);
  const blobs = Array.from({ length: 7 }, () => ({
    x: randomBetween(-20, sliderWidth + 20),
    y: randomBetween(-20, sliderHeight + 20),
    radius: randomBetween(22, 60),
    colour: randomItem(palette.blobs),
    strength: randomBetween(0.45, 0.8),
  })).map((blob) => ({ ...blob, falloff: 1 / (2 * blob.radius * blob.radius), reachSquared: (blob.radius * 4) ** 2 }));
  const rings = Array.from({ length: 9 }, () => ({
    x: randomBetween(0, sliderWidth),
    y: randomBetween(0, sliderHeight),
    radius: randomBetween(8, 36),
    thickness: randomBetween(1.5, 5),
    colour: randomItem(palette.blobs),
    strength: randomBetween(0.25, 0.5),
  })).map((ring) => ({ ...ring, reach: ring.radius + ring.thickness + 1 }));
  const waveAngle = randomBetween(0, Math.PI);
  const waveX = Math.cos(waveAngle) / 9;
  const waveY = Math.sin(waveAngle) / 9;
  const [groundTop, groundBottom] = palette.ground;

  const image = new Raster(sliderWidth, sliderHeight);
  // Plain numbers in the loop (no colour tuples): this runs for every pixel of every challenge.
  for (let y = 0; y < sliderHeight; y++) {
    const rowMix = y / sliderHeight;
    for (let x = 0; x < sliderWidth; x++) {
      let red = groundTop[0] + (groundBottom[0] - groundTop[0]) * rowMix;
      let green = groundTop[1] + (groundBottom[1] - groundTop[1]) * rowMix;
      let blue = groundTop[2] + (groundBottom[2] - groundTop[2]) * rowMix;
      for (const blob of blobs) {
        const distanceSquared = (x - blob.x) ** 2 + (y - blob.y) ** 2;
        if (distanceSquared > blob.reachSquared) continue;
        const weight = blob.strength * Math.exp(-distanceSquared * blob.falloff);
        red += (blob.colour[0] - red) * weight;
        green += (blob.colour[1] - green) * weight;
        blue += (blob.colour[2] - blue) * weight;
      }
      for (const ring of rings) {
        if (Math.abs(x - ring.x) > ring.reach || Math.abs(y - ring.y) > ring.reach) continue;
        const distance = Math.abs(Math.hypot(x - ring.x, y - ring.y) - ring.radius);
        const weight = ring.strength * Math.min(1, Math.max(0, ring.thickness / 2 + 0.5 - distance));
        red += (ring.colour[0] - red) * weight;
        green += (ring.colour[1] - green) * weight;
        blue += (ring.colour[2] - blue) * weight;
      }
      // Faint diagonal ripples give every region its own texture, so the piece visibly belongs to its gap.
      const ripple = 1 + 0.045 * Math.sin((x * waveX + y * waveY) * Math.PI * 2);
      image.setPixel(x, y, [red * ripple, green * ripple, blue * ripple], 255);
    }
  }
  return image;
}

const white: Rgb = [255, 255, 255];
const shadow: Rgb = [0, 0, 0];

/**
 * The slider's two images: the background with a dark, outlined gap whose left edge is at gapX,
 * and the piece cut from that spot (transparent around it) for the client to drag along pieceY.
 */
export function drawSlider(gapX: number, pieceY: number): { background: Raster; piece: Raster } {
  const background = drawBackground();
  const piece = new Raster(sliderPieceSize, sliderPieceSize);
  for (let y = 0; y < sliderPieceSize; y++) {
    for (let x = 0; x < sliderPieceSize; x++) {
      const distance = pieceDistance(x + 0.5, y + 0.5);
      const coverage = coverageOf(distance);
      const edge = edgeOf(distance);
      const [red, green, blue] = background.pixel(gapX + x, pieceY + y);
      if (coverage > 0) {
        piece.setPixel(x, y, [red * 1.08 + 6, green * 1.08 + 6, blue * 1.08 + 6], coverage * 255);
        piece.blend(x, y, white, edge * 0.9);
      } else if (distance < 3) {
        // A thin shadow outside the outline lifts the piece off whatever it is dragged over.
        piece.setPixel(x, y, shadow, ((3 - distance) / 3) * 0.45 * 255);
      }
      // The gap: the same spot darkened, with a lighter rim so a person sees where the piece goes.
      if (coverage > 0) {
        background.setPixel(gapX + x, pieceY + y, mixColours([red, green, blue], [8, 10, 20], 0.68 * coverage), 255);
        background.blend(gapX + x, pieceY + y, white, edge * 0.45);
      }
    }
  }
  return { background, piece };
}
