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

/** A shape ready to test many points: its bounds, and whether a point inside them is in it. */
interface Hit {
  readonly fill: Colour;
  readonly box: readonly [number, number, number, number];
  readonly hit: (x: number, y: number) => boolean;
}

function compile(shape: Shape): Hit {
  switch (shape.kind) {
    case 'card': {
      // Into the card's own frame, then a rounded rectangle's distance test.
      const [cos, sin] = [Math.cos((-shape.degrees * Math.PI) / 180), Math.sin((-shape.degrees * Math.PI) / 180)];
      const [cx, cy] = shape.centre;
      const [hw, hh, r] = [shape.width / 2, shape.height / 2, shape.radius];
      const reach = Math.hypot(hw, hh);
      return {
        fill: shape.fill,
        box: [cx - reach, cy - reach, cx + reach, cy + reach],
        hit: (x, y) => {
          const u = Math.abs((x - cx) * cos - (y - cy) * sin);
          const v = Math.abs((x - cx) * sin + (y - cy) * cos);
          if (u > hw || v > hh) return false;
          const du = u - (hw - r);
          const dv = v - (hh - r);
          return du <= 0 || dv <= 0 || du * du + dv * dv <= r * r;
        },
      };
    }
    case 'circle': {
      const [cx, cy] = shape.centre;
      const r = shape.radius;
      return { fill: shape.fill, box: [cx - r, cy - r, cx + r, cy + r], hit: (x, y) => (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r };
    }
    case 'polygon': {
      const xs = shape.points.map(([x]) => x);
      const ys = shape.points.map(([, y]) => y);
      return {
        fill: shape.fill,
        box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        // Even–odd rule: a ray to the right crosses the edges an odd number of times.
        hit: (x, y) => {
          let odd = false;
          for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
            const [xi, yi, xj, yj] = [xs[i]!, ys[i]!, xs[j]!, ys[j]!];
            if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
          }
          return odd;
        },
      };
    }
  }
}

/** The drawing ready for pixels, topmost shape first: the first hit is the colour seen. */
const TOPMOST_FIRST: readonly Hit[] = DRAWING.map(compile).reverse();

/** The colour at a point of the drawing's square, or null outside the background. */
function colourAt(x: number, y: number, maskable: boolean): Colour | null {
  if (!maskable) {
    // The rounded square's corners (radius 96) are transparent.
    const r = 96;
    const dx = x - Math.min(Math.max(x, r), SIZE - r);
    const dy = y - Math.min(Math.max(y, r), SIZE - r);
    if (dx * dx + dy * dy > r * r) return null;
  }
  const px = maskable ? (x - 51.2) / 0.8 : x;
  const py = maskable ? (y - 51.2) / 0.8 : y;
  for (let i = 0; i < TOPMOST_FIRST.length; i++) {
    const { box, hit, fill } = TOPMOST_FIRST[i]!;
    if (px >= box[0] && px <= box[2] && py >= box[1] && py <= box[3] && hit(px, py)) return fill;
  }
  return TABLE;
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
      if (a === 0) continue;
      // Colours averaged over the covered samples (straight alpha), coverage as alpha.
      const at = (py * size + px) * 4;
      pixels[at] = Math.round(r / a);
      pixels[at + 1] = Math.round(g / a);
      pixels[at + 2] = Math.round(b / a);
      pixels[at + 3] = Math.round((255 * a) / (grid * grid));
    }
  return pixels;
}
