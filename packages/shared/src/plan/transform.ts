/**
 * SVG `transform` attributes as 2×3 matrices, read without a browser: the widget's server measures
 * plan elements with them, and tests stand in for the browser's geometry with them.
 * Zod-free and DOM-free.
 */

export type Matrix = [a: number, b: number, c: number, d: number, e: number, f: number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** A `transform` attribute as one matrix (an unreadable one as none, as browsers do). */
export function parseTransform(text: string | undefined): Matrix {
  if (!text) return IDENTITY;
  let m = IDENTITY;
  const re = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g;
  let found: RegExpExecArray | null;
  while ((found = re.exec(text))) {
    const v = (found[2]!.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const [p = 0, q, r, s, t, u] = v;
    let n: Matrix;
    switch (found[1]) {
      case 'matrix':
        if (v.length !== 6) return IDENTITY;
        n = [p, q!, r!, s!, t!, u!];
        break;
      case 'translate':
        n = [1, 0, 0, 1, p, q ?? 0];
        break;
      case 'scale':
        n = [p, 0, 0, q ?? p, 0, 0];
        break;
      case 'rotate': {
        const cos = Math.cos(rad(p));
        const sin = Math.sin(rad(p));
        const [cx, cy] = [q ?? 0, r ?? 0];
        n = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
        break;
      }
      case 'skewX':
        n = [1, 0, Math.tan(rad(p)), 1, 0, 0];
        break;
      default:
        n = [1, Math.tan(rad(p)), 0, 1, 0, 0];
    }
    m = multiply(m, n);
  }
  return m;
}

/** Where `m` takes the point (x, y). */
export function applyMatrix(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** The inverse of `m`, or null when it flattens the plane. */
export function invertMatrix(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!det) return null;
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}
