import { PNG } from 'pngjs';

/** An sRGB colour, 0..255 per channel. */
export type Rgb = readonly [red: number, green: number, blue: number];

export function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

export function mixColours(from: Rgb, to: Rgb, amount: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * amount,
    from[1] + (to[1] - from[1]) * amount,
    from[2] + (to[2] - from[2]) * amount,
  ];
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

/**
 * A small RGBA image in memory, just enough to draw challenges: per-pixel painting with coverage
 * (for anti-aliased edges) and PNG output through pngjs.
 */
export class Raster {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4);
  }

  /** Fills every pixel with the colour `paint(x, y)` returns, fully opaque. */
  fill(paint: (x: number, y: number) => Rgb): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const [red, green, blue] = paint(x, y);
        const offset = (y * this.width + x) * 4;
        this.data[offset] = clampByte(red);
        this.data[offset + 1] = clampByte(green);
        this.data[offset + 2] = clampByte(blue);
        this.data[offset + 3] = 255;
      }
    }
  }

  /** Paints `colour` over the pixel with opacity `alpha` (0..1); pixels outside the image are ignored. */
  blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const opacity = Math.min(alpha, 1);
    const offset = (y * this.width + x) * 4;
    const below = this.data[offset + 3]! / 255;
    const outAlpha = opacity + below * (1 - opacity);
    for (let channel = 0; channel < 3; channel++) {
      const mixed = (colour[channel]! * opacity + this.data[offset + channel]! * below * (1 - opacity)) / outAlpha;
      this.data[offset + channel] = clampByte(mixed);
    }
    this.data[offset + 3] = clampByte(outAlpha * 255);
  }

  /** Paints `colour` through a coverage mask (one 0..1 value per pixel) at opacity `alpha`. */
  paintMask(mask: Mask, colour: Rgb, alpha: number): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const coverage = mask.at(x, y);
        if (coverage > 0) this.blend(x, y, colour, coverage * alpha);
      }
    }
  }

  pixel(x: number, y: number): [number, number, number, number] {
    const offset = (y * this.width + x) * 4;
    return [this.data[offset]!, this.data[offset + 1]!, this.data[offset + 2]!, this.data[offset + 3]!];
  }

  setPixel(x: number, y: number, [red, green, blue]: Rgb, alpha255: number): void {
    const offset = (y * this.width + x) * 4;
    this.data[offset] = clampByte(red);
    this.data[offset + 1] = clampByte(green);
    this.data[offset + 2] = clampByte(blue);
    this.data[offset + 3] = clampByte(alpha255);
  }

  /** The image as a PNG; `hasAlpha` false writes RGB, which is smaller for opaque images. */
  toPng(hasAlpha: boolean): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    this.data.copy(png.data);
    return PNG.sync.write(png, { colorType: hasAlpha ? 6 : 2 });
  }

  toDataUrl(hasAlpha: boolean): string {
    return `data:image/png;base64,${this.toPng(hasAlpha).toString('base64')}`;
  }
}

/** Coverage per pixel (0..1), for drawing anti-aliased strokes that overlap themselves without darkening. */
export class Mask {
  readonly values: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.values = new Float32Array(width * height);
  }

  at(x: number, y: number): number {
    return this.values[y * this.width + x]!;
  }

  /** Covers a filled disc, with a one-pixel soft edge. */
  stampDisc(centreX: number, centreY: number, radius: number): void {
    const left = Math.max(0, Math.floor(centreX - radius - 1));
    const right = Math.min(this.width - 1, Math.ceil(centreX + radius + 1));
    const top = Math.max(0, Math.floor(centreY - radius - 1));
    const bottom = Math.min(this.height - 1, Math.ceil(centreY + radius + 1));
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const distance = Math.hypot(x + 0.5 - centreX, y + 0.5 - centreY);
        const coverage = Math.min(1, Math.max(0, radius + 0.5 - distance));
        const index = y * this.width + x;
        if (coverage > this.values[index]!) this.values[index] = coverage;
      }
    }
  }

  /** Covers a stroke of the given width along the curve `point(s)` for s in [0, 1]. */
  strokeCurve(point: (s: number) => readonly [number, number], strokeWidth: number): void {
    // Step about a third of a pixel along the curve, measured on a coarse polyline first.
    let length = 0;
    let [previousX, previousY] = point(0);
    for (let sample = 1; sample <= 32; sample++) {
      const [x, y] = point(sample / 32);
      length += Math.hypot(x - previousX, y - previousY);
      [previousX, previousY] = [x, y];
    }
    const steps = Math.max(8, Math.ceil(length * 3));
    for (let step = 0; step <= steps; step++) {
      const [x, y] = point(step / steps);
      this.stampDisc(x, y, strokeWidth / 2);
    }
  }
}
