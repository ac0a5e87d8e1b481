/**
 * The app's icon, drawn once as shapes and rendered two ways from the same
 * drawing: SVG (the favicon and the manifest's scalable icon) and pixels (the
 * PNG sizes browsers and home screens ask for), so the two never disagree.
 * Two playing cards fanned on the table's green, a gold crown on the front
 * one: the games are card games of a kingdom.
 */

type Colour = readonly [number, number, number];
type Point = readonly [number, number];

type Shape =
  | {
      readonly kind: 'card';
      readonly centre: Point;
      readonly width: number;
      readonly height: number;
      readonly radius: number;
      readonly degrees: number;
      readonly fill: Colour;
    }
  | { readonly kind: 'polygon'; readonly points: readonly Point[]; readonly fill: Colour }
  | { readonly kind: 'circle'; readonly centre: Point; readonly radius: number; readonly fill: Colour };

/** The drawing's own square: 512 units a side. */
const SIZE = 512;
const TABLE: Colour = [0x1f, 0x4d, 0x3a];
const INK: Colour = [0x14, 0x2b, 0x22];
const PAPER_BACK: Colour = [0xe8, 0xd9, 0xb5];
const PAPER: Colour = [0xfb, 0xf4, 0xe2];
const GOLD: Colour = [0xd4, 0xa0, 0x17];
const RUBY: Colour = [0xb3, 0x26, 0x1e];

/** The theme colour the manifest and the page announce: the table's green. */
export const THEME_COLOUR = hex(TABLE);

/** A card with a dark edge: the edge is the same card a little larger beneath. */
function card(centre: Point, degrees: number, fill: Colour): Shape[] {
  const [width, height, radius, edge] = [210, 300, 22, 8];
  return [
    { kind: 'card', centre, width: width + 2 * edge, height: height + 2 * edge, radius: radius + edge, degrees, fill: INK },
    { kind: 'card', centre, width, height, radius, degrees, fill },
  ];
}

/** A point turned by `degrees` (clockwise on screen, as SVG's rotate) around `centre`. */
function turned([x, y]: Point, [cx, cy]: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  return [cx + (x - cx) * Math.cos(a) - (y - cy) * Math.sin(a), cy + (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)];
}

/** A shape turned with the card it is drawn on. */
function onCard(shape: Shape, centre: Point, degrees: number): Shape {
  switch (shape.kind) {
    case 'polygon':
      return { ...shape, points: shape.points.map((p) => turned(p, centre, degrees)) };
    case 'circle':
      return { ...shape, centre: turned(shape.centre, centre, degrees) };
    case 'card':
      return { ...shape, centre: turned(shape.centre, centre, degrees), degrees: shape.degrees + degrees };
  }
}

/** The crown on the front card, upright around (cx, cy) (a five-pointed band with a ruby). */
function crown(cx: number, cy: number): Shape[] {
  const band: Point[] = [
    [cx - 70, cy + 40],
    [cx - 78, cy - 40],
    [cx - 38, cy - 5],
    [cx, cy - 62],
    [cx + 38, cy - 5],
    [cx + 78, cy - 40],
    [cx + 70, cy + 40],
  ];
  const base: Point[] = [
    [cx - 72, cy + 48],
    [cx + 72, cy + 48],
    [cx + 72, cy + 70],
    [cx - 72, cy + 70],
  ];
  return [
    { kind: 'polygon', points: band, fill: GOLD },
    { kind: 'polygon', points: base, fill: GOLD },
    ...([-78, 0, 78] as const).map((dx): Shape => ({ kind: 'circle', centre: [cx + dx, dx === 0 ? cy - 66 : cy - 44], radius: 11, fill: GOLD })),
    { kind: 'circle', centre: [cx, cy + 16], radius: 14, fill: RUBY },
  ];
}

/** The shapes in painting order. */
const FRONT: Point = [294, 262];
const DRAWING: readonly Shape[] = [
  ...card([214, 262], -14, PAPER_BACK),
  ...card(FRONT, 9, PAPER),
  ...crown(FRONT[0], FRONT[1]).map((shape) => onCard(shape, FRONT, 9)),
];

const round = (n: number) => Math.round(n * 10) / 10;

function hex([r, g, b]: Colour): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The icon as SVG. `maskable`: the background fills the square edge to edge
 * and the drawing shrinks into the middle 80 % (the safe zone a platform's
 * mask never cuts); otherwise a rounded square.
 */
export function iconSvg(maskable = false): string {
  const background = maskable
    ? `<rect width="${SIZE}" height="${SIZE}" fill="${hex(TABLE)}"/>`
    : `<rect width="${SIZE}" height="${SIZE}" rx="96" fill="${hex(TABLE)}"/>`;
  const body = DRAWING.map((shape) => {
    const fill = `fill="${hex(shape.fill)}"`;
    switch (shape.kind) {
      case 'card': {
        const [x, y] = shape.centre;
        return `<rect x="${x - shape.width / 2}" y="${y - shape.height / 2}" width="${shape.width}" height="${shape.height}" rx="${shape.radius}" transform="rotate(${shape.degrees} ${x} ${y})" ${fill}/>`;
      }
      case 'polygon':
        return `<polygon points="${shape.points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" ${fill}/>`;
      case 'circle':
        return `<circle cx="${round(shape.centre[0])}" cy="${round(shape.centre[1])}" r="${shape.radius}" ${fill}/>`;
    }
  }).join('');
  const drawing = maskable ? `<g transform="translate(51.2 51.2) scale(0.8)">${body}</g>` : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}">${background}${drawing}</svg>\n`;
}

function inside(shape: Shape, x: number, y: number): boolean {
  switch (shape.kind) {
    case 'card': {
      // Into the card's own frame, then a rounded rectangle's distance test.
      const angle = (-shape.degrees * Math.PI) / 180;
      const [dx, dy] = [x - shape.centre[0], y - shape.centre[1]];
      const u = Math.abs(dx * Math.cos(angle) - dy * Math.sin(angle));
      const v = Math.abs(dx * Math.sin(angle) + dy * Math.cos(angle));
      const [hw, hh, r] = [shape.width / 2, shape.height / 2, shape.radius];
      if (u > hw || v > hh) return false;
      const [cu, cv] = [u - (hw - r), v - (hh - r)];
      return cu <= 0 || cv <= 0 || cu * cu + cv * cv <= r * r;
    }
    case 'circle':
      return (x - shape.centre[0]) ** 2 + (y - shape.centre[1]) ** 2 <= shape.radius ** 2;
    case 'polygon': {
      // Even–odd rule: a ray to the right crosses the edges an odd number of times.
      let odd = false;
      const points = shape.points;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
      }
      return odd;
    }
  }
}

/** The colour at a point of the drawing's square, or null outside the background. */
function colourAt(x: number, y: number, maskable: boolean): Colour | null {
  if (!maskable) {
    // The rounded square's corners (radius 96) are transparent.
    const r = 96;
    const [cx, cy] = [Math.min(Math.max(x, r), SIZE - r), Math.min(Math.max(y, r), SIZE - r)];
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  }
  const [px, py] = maskable ? [(x - 51.2) / 0.8, (y - 51.2) / 0.8] : [x, y];
  let colour: Colour = TABLE;
  for (const shape of DRAWING) if (inside(shape, px, py)) colour = shape.fill;
  return colour;
}

/** The icon as `size` × `size` RGBA pixels, each the average of 4 × 4 samples (smooth edges). */
export function iconPixels(size: number, maskable = false): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const grid = 4;
  const scale = SIZE / size;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < grid; sy++)
        for (let sx = 0; sx < grid; sx++) {
          const colour = colourAt((px + (sx + 0.5) / grid) * scale, (py + (sy + 0.5) / grid) * scale, maskable);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a++;
        }
      const at = (py * size + px) * 4;
      // Colours averaged over the covered samples (straight alpha), coverage as alpha.
      pixels.set(a === 0 ? [0, 0, 0, 0] : [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / (grid * grid))], at);
    }
  return pixels;
}
