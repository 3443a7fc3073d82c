import { PNG } from 'pngjs';

/**
 * The installed app's icons, drawn per merchant in the brand's colours: the brand's background, a
 * disc in its primary colour, a ring of the background inside and an accent dot at the centre. Full
 * bleed, with the mark inside the central 80%, so it also serves as a maskable icon (Android crops it
 * to a circle or a squircle). The brand's own logo is not rasterised: the project has no image
 * decoder or resizer for uploaded JPEG/WebP/SVG logos (modules/media stores them as uploaded).
 */
export interface IconColours {
  background: string;
  primary: string;
  accent: string;
}

type Rgb = [number, number, number];

/** `#rgb` or `#rrggbb`; anything else (a CSS variable, a name) falls back. */
export function parseHexColour(value: string | undefined, fallback: Rgb): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match) return fallback;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

const cache = new Map<string, Buffer>();

/** The PNG of one size (cached per colours and size: drawing 512 px takes a few milliseconds). */
export function drawAppIcon(size: number, colours: IconColours): Buffer {
  const key = `${size}:${colours.background}:${colours.primary}:${colours.accent}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const background = parseHexColour(colours.background, [10, 12, 18]);
  const primary = parseHexColour(colours.primary, [217, 169, 53]);
  const accent = parseHexColour(colours.accent, [200, 40, 63]);
  const png = new PNG({ width: size, height: size });
  const centre = size / 2;
  // Radii as shares of the size: the disc, the ring's inner and outer edge, the dot.
  const disc = size * 0.34;
  const ringOuter = size * 0.24;
  const ringInner = size * 0.19;
  const dot = size * 0.1;
  // Four samples per pixel: smooth edges without a renderer.
  const offsets = [0.25, 0.75];
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (const dy of offsets)
        for (const dx of offsets) {
          const distance = Math.hypot(x + dx - centre, y + dy - centre);
          const colour =
            distance <= dot
              ? accent
              : distance <= ringInner
                ? primary
                : distance <= ringOuter
                  ? background
                  : distance <= disc
                    ? primary
                    : background;
          red += colour[0];
          green += colour[1];
          blue += colour[2];
        }
      const index = (y * size + x) * 4;
      png.data[index] = Math.round(red / 4);
      png.data[index + 1] = Math.round(green / 4);
      png.data[index + 2] = Math.round(blue / 4);
      png.data[index + 3] = 255;
    }
  }
  const bytes = PNG.sync.write(png);
  if (cache.size > 200) cache.clear();
  cache.set(key, bytes);
  return bytes;
}
