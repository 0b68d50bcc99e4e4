import { encodePng } from './pngEncoder';

// The demo tenant's logo: a rounded square in the brand colour with a white "A".

type Point = [number, number];

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

function hexToRgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

export function drawDemoLogo(size = 96, color = '#1565c0'): Buffer {
  const [r, g, b] = hexToRgb(color);
  const s = size / 96;
  const strokes: [Point, Point][] = [
    [
      [48 * s, 18 * s],
      [26 * s, 78 * s],
    ],
    [
      [48 * s, 18 * s],
      [70 * s, 78 * s],
    ],
    [
      [35 * s, 56 * s],
      [61 * s, 56 * s],
    ],
  ];
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4;
      const centre: Point = [x + 0.5, y + 0.5];
      if (!insideRoundedSquare(centre[0], centre[1], size, 18 * s)) continue;
      const onLetter = strokes.some(([a, bEnd]) => distanceToSegment(centre, a, bEnd) <= 5 * s);
      pixels.set(onLetter ? [255, 255, 255, 255] : [r, g, b, 255], at);
    }
  }
  return encodePng(size, size, pixels);
}
