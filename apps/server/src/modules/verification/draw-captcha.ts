import { glyphColumns, glyphRows, isGlyphCellSet } from './bitmap-font.ts';
import { randomBetween, randomIntegerBetween, randomItem, randomUnit } from './random.ts';
import { Mask, Raster, hexColour, mixColours, type Rgb } from './raster.ts';

export const captchaWidth = 120;
export const captchaHeight = 40;

/** Light, friendly colours that read well on the dark panel of the site's login modal. */
const inkColours: readonly Rgb[] = ['#ffd166', '#7ee0c3', '#8ec5ff', '#ff9fc6', '#c7b3ff', '#f1f4ff', '#ffb38a'].map(
  hexColour,
);
const panelTop = hexColour('#151a2d');
const panelBottom = hexColour('#252f4d');

type Segment = readonly [fromX: number, fromY: number, toX: number, toY: number];

/**
 * The strokes of a glyph in cell units: every set cell joined to its set neighbours, so the 5x7
 * bitmap reads as a rounded pen stroke instead of blocks. A diagonal is only joined where no
 * right-angle path already joins the two cells, which keeps corners crisp.
 */
function glyphStrokes(character: string): Segment[] {
  const segments: Segment[] = [];
  const isSet = (column: number, row: number) => isGlyphCellSet(character, column, row);
  for (let row = 0; row < glyphRows; row++) {
    for (let column = 0; column < glyphColumns; column++) {
      if (!isSet(column, row)) continue;
      const x = column + 0.5;
      const y = row + 0.5;
      segments.push([x, y, x, y]);
      if (isSet(column + 1, row)) segments.push([x, y, x + 1, y]);
      if (isSet(column, row + 1)) segments.push([x, y, x, y + 1]);
      if (isSet(column + 1, row + 1) && !isSet(column + 1, row) && !isSet(column, row + 1))
        segments.push([x, y, x + 1, y + 1]);
      if (isSet(column - 1, row + 1) && !isSet(column - 1, row) && !isSet(column, row + 1))
        segments.push([x, y, x - 1, y + 1]);
    }
  }
  return segments;
}

function distanceToSegment(x: number, y: number, [fromX, fromY, toX, toY]: Segment): number {
  const segmentX = toX - fromX;
  const segmentY = toY - fromY;
  const lengthSquared = segmentX * segmentX + segmentY * segmentY;
  const along =
    lengthSquared === 0
      ? 0
      : Math.min(1, Math.max(0, ((x - fromX) * segmentX + (y - fromY) * segmentY) / lengthSquared));
  return Math.hypot(x - (fromX + along * segmentX), y - (fromY + along * segmentY));
}

/** The strokes near each cell (itself and its neighbours), so a sample tests a handful, not all. */
function strokesByCell(character: string): Segment[][] {
  const segments = glyphStrokes(character);
  const cells: Segment[][] = Array.from({ length: (glyphColumns + 2) * (glyphRows + 2) }, () => []);
  for (let row = -1; row <= glyphRows; row++) {
    for (let column = -1; column <= glyphColumns; column++) {
      const near = segments.filter(
        ([fromX, fromY, toX, toY]) =>
          Math.min(fromX, toX) < column + 2 &&
          Math.max(fromX, toX) > column - 1 &&
          Math.min(fromY, toY) < row + 2 &&
          Math.max(fromY, toY) > row - 1,
      );
      cells[(row + 1) * (glyphColumns + 2) + column + 1] = near;
    }
  }
  return cells;
}

const glyphStrokeCache = new Map<string, Segment[][]>();

/** Draws one character centred at (centreX, centreY), scaled, slanted and turned a little at random. */
function drawGlyph(image: Raster, character: string, centreX: number, centreY: number, colour: Rgb): void {
  let cells = glyphStrokeCache.get(character);
  if (!cells) glyphStrokeCache.set(character, (cells = strokesByCell(character)));
  const cellWidth = randomBetween(2.7, 3.2);
  const cellHeight = randomBetween(3.4, 3.9);
  const angle = randomBetween(-0.25, 0.25);
  const slant = randomBetween(-0.2, 0.2);
  const strokeRadius = 0.5;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = 22;
  const samplesPerAxis = 3;
  for (let y = Math.max(0, Math.floor(centreY - reach)); y < Math.min(image.height, centreY + reach); y++) {
    for (let x = Math.max(0, Math.floor(centreX - reach)); x < Math.min(image.width, centreX + reach); x++) {
      let covered = 0;
      for (let sampleY = 0; sampleY < samplesPerAxis; sampleY++) {
        for (let sampleX = 0; sampleX < samplesPerAxis; sampleX++) {
          const offsetX = x + (sampleX + 0.5) / samplesPerAxis - centreX;
          const offsetY = y + (sampleY + 0.5) / samplesPerAxis - centreY;
          // Undo the rotation, then the slant, then the scale: image pixels back to glyph cells.
          const turnedX = offsetX * cos + offsetY * sin;
          const turnedY = -offsetX * sin + offsetY * cos;
          const cellY = turnedY / cellHeight + glyphRows / 2;
          const cellX = (turnedX + slant * turnedY) / cellWidth + glyphColumns / 2;
          if (cellX < -1 || cellY < -1 || cellX >= glyphColumns + 1 || cellY >= glyphRows + 1) continue;
          const near = cells[(Math.floor(cellY) + 1) * (glyphColumns + 2) + Math.floor(cellX) + 1]!;
          if (near.some((segment) => distanceToSegment(cellX, cellY, segment) <= strokeRadius)) covered++;
        }
      }
      if (covered > 0) image.blend(x, y, colour, covered / (samplesPerAxis * samplesPerAxis));
    }
  }
}

/** A gentle random wave across the image, as a function of s in [0, 1]. */
function randomWave(width: number, height: number): (s: number) => readonly [number, number] {
  const startY = randomBetween(height * 0.2, height * 0.8);
  const endY = randomBetween(height * 0.2, height * 0.8);
  const amplitude = randomBetween(3, height * 0.25);
  const cycles = randomBetween(0.5, 1.8);
  const phase = randomBetween(0, Math.PI * 2);
  return (s) => [
    -4 + s * (width + 8),
    startY + (endY - startY) * s + amplitude * Math.sin(phase + s * cycles * Math.PI * 2),
  ];
}

/**
 * The captcha image for `text` (characters of the captcha alphabet): a dark panel, the characters
 * in light colours each with its own size, slant, turn and offset, and noise lines and dots that
 * stop a plain OCR pass without stopping a person.
 */
export function drawCaptcha(text: string): Raster {
  const image = new Raster(captchaWidth, captchaHeight);
  const tilt = randomUnit();
  image.fill((x, y) =>
    mixColours(panelTop, panelBottom, (y / captchaHeight) * 0.7 + ((x / captchaWidth) * 0.3 + tilt * 0.2) * 0.5),
  );

  for (let line = 0; line < 3; line++) {
    const mask = new Mask(captchaWidth, captchaHeight);
    mask.strokeCurve(randomWave(captchaWidth, captchaHeight), randomBetween(1, 2));
    image.paintMask(mask, mixColours(randomItem(inkColours), panelBottom, 0.5), 0.45);
  }

  const slotWidth = (captchaWidth - 10) / text.length;
  [...text].forEach((character, index) => {
    const centreX = 5 + slotWidth * (index + 0.5) + randomBetween(-2, 2);
    const centreY = captchaHeight / 2 + randomBetween(-3, 3);
    drawGlyph(image, character, centreX, centreY, randomItem(inkColours));
  });

  for (let line = 0; line < 2; line++) {
    const mask = new Mask(captchaWidth, captchaHeight);
    mask.strokeCurve(randomWave(captchaWidth, captchaHeight), randomBetween(0.8, 1.2));
    image.paintMask(mask, randomItem(inkColours), 0.55);
  }

  const dots = new Mask(captchaWidth, captchaHeight);
  for (let dot = 0; dot < 60; dot++) {
    dots.stampDisc(randomBetween(0, captchaWidth), randomBetween(0, captchaHeight), randomBetween(0.4, 1.1));
  }
  image.paintMask(dots, randomItem(inkColours), 0.6);
  for (let speck = 0; speck < 40; speck++) {
    image.blend(
      randomIntegerBetween(0, captchaWidth - 1),
      randomIntegerBetween(0, captchaHeight - 1),
      randomItem(inkColours),
      randomBetween(0.2, 0.5),
    );
  }
  return image;
}
