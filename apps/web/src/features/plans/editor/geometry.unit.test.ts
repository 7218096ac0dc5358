import { describe, expect, it } from 'vitest';
import {
  formatPoints,
  moveRectCorner,
  moveVertex,
  parsePoints,
  polygonArea,
  polygonClick,
  rectCorners,
  rectFromCorners,
  removeVertex,
} from './geometry';

describe('polygon points', () => {
  it('reads comma and space separated points and writes them back rounded', () => {
    expect(parsePoints('1,2 3.5,4 5 6')).toEqual([
      { x: 1, y: 2 },
      { x: 3.5, y: 4 },
      { x: 5, y: 6 },
    ]);
    expect(
      formatPoints([
        { x: 1.23456, y: 2 },
        { x: 3, y: 4.005 },
      ]),
    ).toBe('1.23,2 3,4.01');
  });

  it('reads nothing from missing or malformed points', () => {
    expect(parsePoints(null)).toEqual([]);
    expect(parsePoints('1,2 x,4')).toEqual([]);
  });
});

describe('drawing a polygon', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ];

  it('closes on a click near the first point once there are three points', () => {
    expect(polygonClick(square, { x: 1, y: 1 }, 2)).toBe('close');
    expect(polygonClick(square.slice(0, 2), { x: 0.5, y: 0 }, 2)).toBe('add');
  });

  it('ignores a second click on the last point (a double-click) and adds others', () => {
    expect(polygonClick(square, { x: 10, y: 10.4 }, 2)).toBe('ignore');
    expect(polygonClick(square, { x: 5, y: 15 }, 2)).toBe('add');
  });

  it('knows a flat polygon has no area', () => {
    expect(
      polygonArea([
        { x: 0, y: 0 },
        { x: 5, y: 5 },
        { x: 10, y: 10 },
      ]),
    ).toBe(0);
    expect(polygonArea([...square, { x: 0, y: 10 }])).toBe(100);
  });
});

describe('editing vertices', () => {
  const triangle = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 5, y: 8 },
  ];

  it('moves one vertex', () => {
    expect(moveVertex(triangle, 2, { x: 6.123, y: 9 })).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 6.12, y: 9 },
    ]);
  });

  it('deletes a vertex but keeps at least three', () => {
    expect(removeVertex([...triangle, { x: 0, y: 8 }], 1)).toHaveLength(3);
    expect(removeVertex(triangle, 0)).toBeNull();
    expect(removeVertex([...triangle, { x: 0, y: 8 }], 9)).toBeNull();
  });
});

describe('rectangles', () => {
  it('are normalised whichever way they are dragged', () => {
    expect(rectFromCorners({ x: 10, y: 20 }, { x: 0, y: 5 })).toEqual({ x: 0, y: 5, width: 10, height: 15 });
  });

  it('resize from a corner while the opposite corner stays', () => {
    const r = { x: 0, y: 0, width: 10, height: 10 };
    expect(moveRectCorner(r, 2, { x: 20, y: 15 })).toEqual({ x: 0, y: 0, width: 20, height: 15 });
    // Dragging the top-left corner past the bottom-right one flips the rectangle.
    expect(moveRectCorner(r, 0, { x: 15, y: 12 })).toEqual({ x: 10, y: 10, width: 5, height: 2 });
    expect(rectCorners(r)[1]).toEqual({ x: 10, y: 0 });
  });
});
