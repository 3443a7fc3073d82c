/// <reference lib="dom" />
// The slot's ten symbols as one inline SVG sprite (no image files: the page's CSP and the iframe
// want everything in our own bundle). Each symbol is a <symbol> drawn once and placed by <use>,
// so a spinning reel of forty cells stays light.
import type { SlotSymbol } from '@lotus/fair';
import { s } from './page-kit.ts';

const gradients: Record<string, [string, string, string]> = {
  gold: ['#fff4b8', '#f2c14e', '#a8740a'],
  jade: ['#9af5d0', '#20a77a', '#0a4f3a'],
  red: ['#ff8a78', '#d7263d', '#6e0d16'],
  orange: ['#ffd28f', '#f08a1c', '#8f4306'],
  slate: ['#e3ecf8', '#93a9cc', '#44577c'],
  pink: ['#fff0f6', '#ff9cc8', '#c13f7d'],
  blue: ['#b9e2ff', '#3b82f6', '#1e3a8a'],
  purple: ['#f0c8ff', '#a855f7', '#4c1d95'],
  green: ['#c7f9cc', '#22c55e', '#14532d'],
};

const medallion = (fill: string) =>
  s('circle', { cx: 50, cy: 50, r: 45, fill, stroke: 'url(#g-gold)', 'stroke-width': 4 });
const stroke = (d: string, color: string, width: number) =>
  s('path', {
    d,
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });

function letter(text: string, gradient: string): SVGElement[] {
  const shape = s('text', {
    x: 50,
    y: 74,
    'text-anchor': 'middle',
    'font-family': "'DejaVu Serif', Georgia, 'Times New Roman', serif",
    'font-weight': 900,
    'font-size': 72,
    fill: `url(#g-${gradient})`,
    stroke: '#ffe7a3',
    'stroke-width': 2.5,
    'paint-order': 'stroke',
  });
  shape.textContent = text;
  return [s('ellipse', { cx: 50, cy: 86, rx: 30, ry: 5, fill: 'rgba(0,0,0,0.35)' }), shape];
}

function caption(text: string, y: number, size: number): SVGElement {
  const label = s('text', {
    x: 50,
    y,
    'text-anchor': 'middle',
    'font-family': 'Verdana, sans-serif',
    'font-weight': 700,
    'font-size': size,
    fill: '#fff7d6',
    stroke: '#4a2a00',
    'stroke-width': 2,
    'paint-order': 'stroke',
    'letter-spacing': 0.5,
  });
  label.textContent = text;
  return label;
}

const drawings: Record<SlotSymbol, () => SVGElement[]> = {
  WILD: () => [
    s('polygon', {
      points: '50,4 95,50 50,96 5,50',
      fill: 'url(#g-jade)',
      stroke: 'url(#g-gold)',
      'stroke-width': 5,
      'stroke-linejoin': 'round',
    }),
    s('polygon', {
      points: '50,16 83,50 50,84 17,50',
      fill: 'none',
      stroke: '#fff4b8',
      'stroke-opacity': 0.5,
      'stroke-width': 1.5,
    }),
    caption('WILD', 58, 23),
  ],
  SCATTER: () => [
    s('circle', { cx: 50, cy: 46, r: 42, fill: 'url(#g-gold)', stroke: '#7a5200', 'stroke-width': 2 }),
    s('circle', { cx: 50, cy: 46, r: 32, fill: 'none', stroke: '#8a5d00', 'stroke-width': 2.5 }),
    s('rect', { x: 40, y: 30, width: 20, height: 20, rx: 2, fill: '#3b2300', stroke: '#fff1b0', 'stroke-width': 1.5 }),
    s('rect', {
      x: 6,
      y: 66,
      width: 88,
      height: 22,
      rx: 6,
      fill: 'url(#g-red)',
      stroke: 'url(#g-gold)',
      'stroke-width': 2,
    }),
    caption('SCATTER', 82, 15),
  ],
  LOTUS: () => [
    s('ellipse', { cx: 50, cy: 80, rx: 40, ry: 10, fill: 'url(#g-jade)' }),
    ...[-64, -32, 32, 64, 0].map((angle) =>
      s('ellipse', {
        cx: 50,
        cy: 40,
        rx: 12,
        ry: 30,
        fill: 'url(#g-pink)',
        stroke: '#fff',
        'stroke-opacity': 0.7,
        'stroke-width': 1.5,
        transform: `rotate(${angle} 50 72)`,
      }),
    ),
    s('circle', { cx: 50, cy: 66, r: 7, fill: 'url(#g-gold)' }),
  ],
  DRAGON: () => [
    medallion('url(#g-red)'),
    stroke('M24 74 C 14 52, 40 40, 48 56 S 76 66, 70 40', 'url(#g-gold)', 10),
    stroke('M24 74 C 14 52, 40 40, 48 56 S 76 66, 70 40', '#7a1a00', 2),
    s('circle', { cx: 70, cy: 32, r: 11, fill: 'url(#g-gold)' }),
    stroke('M64 24 L58 12 M76 24 L84 13', '#ffe08a', 3.5),
    stroke('M80 36 C 88 38, 90 44, 94 42', '#ffe08a', 2),
    s('circle', { cx: 73, cy: 30, r: 2.6, fill: '#4a0a00' }),
    s('circle', { cx: 30, cy: 30, r: 7, fill: '#fff8e1', stroke: 'url(#g-gold)', 'stroke-width': 2 }),
  ],
  TIGER: () => [
    medallion('#10261f'),
    s('circle', { cx: 27, cy: 30, r: 11, fill: 'url(#g-orange)' }),
    s('circle', { cx: 73, cy: 30, r: 11, fill: 'url(#g-orange)' }),
    s('circle', { cx: 27, cy: 30, r: 5, fill: '#ffb4a2' }),
    s('circle', { cx: 73, cy: 30, r: 5, fill: '#ffb4a2' }),
    s('ellipse', { cx: 50, cy: 55, rx: 32, ry: 30, fill: 'url(#g-orange)' }),
    stroke('M50 27 v12 M40 29 l4 10 M60 29 l-4 10 M20 52 h12 M21 62 l11 -3 M80 52 h-12 M79 62 l-11 -3', '#1b1208', 3.5),
    s('ellipse', { cx: 50, cy: 70, rx: 15, ry: 11, fill: '#fff6e6' }),
    s('ellipse', { cx: 39, cy: 50, rx: 5.5, ry: 4.5, fill: '#d8f24a', stroke: '#1b1208', 'stroke-width': 1.5 }),
    s('ellipse', { cx: 61, cy: 50, rx: 5.5, ry: 4.5, fill: '#d8f24a', stroke: '#1b1208', 'stroke-width': 1.5 }),
    s('circle', { cx: 39, cy: 50, r: 2, fill: '#1b1208' }),
    s('circle', { cx: 61, cy: 50, r: 2, fill: '#1b1208' }),
    s('path', { d: 'M44 62 h12 l-6 7 z', fill: '#7a2f2f' }),
  ],
  ELEPHANT: () => [
    medallion('url(#g-jade)'),
    s('ellipse', { cx: 27, cy: 48, rx: 17, ry: 22, fill: 'url(#g-slate)', stroke: '#2d3c58', 'stroke-width': 1.5 }),
    s('ellipse', { cx: 73, cy: 48, rx: 17, ry: 22, fill: 'url(#g-slate)', stroke: '#2d3c58', 'stroke-width': 1.5 }),
    s('circle', { cx: 50, cy: 44, r: 20, fill: 'url(#g-slate)' }),
    stroke('M50 52 C 50 70, 42 76, 50 86', '#93a9cc', 11),
    stroke('M42 60 q -7 10 2 15 M58 60 q 7 10 -2 15', '#fffbea', 4),
    s('circle', { cx: 43, cy: 42, r: 2.8, fill: '#1d2536' }),
    s('circle', { cx: 57, cy: 42, r: 2.8, fill: '#1d2536' }),
    stroke('M36 28 Q 50 18 64 28', 'url(#g-gold)', 5),
    s('circle', { cx: 50, cy: 21, r: 5, fill: 'url(#g-red)', stroke: 'url(#g-gold)', 'stroke-width': 2 }),
  ],
  A: () => letter('A', 'red'),
  K: () => letter('K', 'blue'),
  Q: () => letter('Q', 'purple'),
  J: () => letter('J', 'green'),
};

/** The hidden sprite: gradients and one <symbol> per slot symbol. Added once to the page. */
export function symbolSprite(): SVGElement {
  const defs = s('defs');
  for (const [name, [light, mid, dark]] of Object.entries(gradients)) {
    defs.appendChild(
      s(
        'linearGradient',
        { id: `g-${name}`, x1: 0, y1: 0, x2: 0.3, y2: 1 },
        s('stop', { offset: '0', 'stop-color': light }),
        s('stop', { offset: '0.5', 'stop-color': mid }),
        s('stop', { offset: '1', 'stop-color': dark }),
      ),
    );
  }
  for (const [symbol, draw] of Object.entries(drawings))
    defs.appendChild(s('symbol', { id: `sym-${symbol}`, viewBox: '0 0 100 100' }, ...draw()));
  // Not display:none: Chromium does not paint gradients defined inside a hidden SVG.
  return s('svg', { class: 'sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false' }, defs);
}

/** One symbol, drawn from the sprite. */
export function symbolIcon(symbol: SlotSymbol, label: string): SVGElement {
  const icon = s(
    'svg',
    { class: `symbol symbol--${symbol.toLowerCase()}`, viewBox: '0 0 100 100', role: 'img', 'aria-label': label },
    s('use', { href: `#sym-${symbol}` }),
  );
  return icon;
}
