import { describe, expect, it } from 'vitest';
import {
  buildingZone,
  centredLabel,
  createLabelElement,
  estimateTextWidth,
  LABEL_BOX,
  labelFontSize,
  labelGeometry,
  layoutLabels,
  moveLabel,
  parseLabelSvg,
  placeLabelElement,
  planLabelFontSize,
  resizeLabel,
  storedLabel,
} from './building-labels';

const base = { x: 10, y: 20, w: 1000, h: 800 };

describe('building label box (spec §9)', () => {
  it('is the text plus 26 wide and the font size plus 14 high, text 6 from the top, centred across', () => {
    const g = labelGeometry(100, 200, 'Hus A', 45);
    expect(g.width).toBeCloseTo(estimateTextWidth('Hus A', 45) + 26, 1);
    expect(g.height).toBe(59);
    expect(g.textX).toBeCloseTo(g.x + g.width / 2, 1);
    expect(g.textY).toBeCloseTo(200 + 6 + 45 * 0.8);
  });

  it('keeps its proportions at any size: the padding is in ems of its font', () => {
    const big = labelGeometry(0, 0, 'Hus A', 45);
    const small = labelGeometry(0, 0, 'Hus A', 4.5);
    expect(small.width).toBeCloseTo(big.width / 10, 1);
    expect(small.height).toBeCloseTo(big.height / 10, 1);
  });

  it('grows with the text: wide letters more than narrow ones', () => {
    expect(estimateTextWidth('Hus 11', 10)).toBeLessThan(estimateTextWidth('Hus MM', 10));
    expect(estimateTextWidth('Hus A', 20)).toBe(2 * estimateTextWidth('Hus A', 10));
  });

  it('moves box and text together', () => {
    const g = labelGeometry(0, 0, 'Hus 1', 40);
    expect(moveLabel(g, 10, -5)).toEqual({ ...g, x: 10, y: -5, textX: g.textX + 10, textY: g.textY - 5 });
  });

  it('reads stored positions (and a resized label’s scale, within limits) and treats malformed ones as never placed', () => {
    const g = labelGeometry(5, 6, 'Hus 7', 8);
    expect(parseLabelSvg(JSON.stringify(g))).toEqual(g);
    expect(parseLabelSvg(JSON.stringify({ ...g, scale: 1.5 }))).toEqual({ ...g, scale: 1.5 });
    expect(parseLabelSvg(JSON.stringify({ ...g, scale: 99 }))).toEqual({ ...g, scale: 4 });
    expect(parseLabelSvg(JSON.stringify({ ...g, scale: 1 }))).toEqual(g);
    for (const bad of [
      '',
      null,
      '{"x":1}',
      'not json',
      '3',
      '{"x":"1","y":2,"width":3,"height":4,"textX":5,"textY":6}',
    ])
      expect(parseLabelSvg(bad)).toBeNull();
  });

  it('reads the font size setting with the spec’s default of 45', () => {
    expect(labelFontSize('30')).toBe(30);
    expect(labelFontSize(undefined)).toBe(45);
    expect(labelFontSize('x')).toBe(45);
  });

  it('is the same share of a plan’s width whatever its units (ADR 025): the setting is for a plan 1,000 wide', () => {
    expect(planLabelFontSize('45', { w: 1000 })).toBe(45);
    expect(planLabelFontSize('45', { w: 268 })).toBeCloseTo(12.06, 2);
    expect(planLabelFontSize(undefined, { w: 29700 })).toBeCloseTo(1336.5, 1);
    expect(planLabelFontSize('30', { w: 0 })).toBe(30);
    const onSite = labelGeometry(0, 0, 'Hus A', planLabelFontSize('45', { w: 268 }));
    const onLarge = labelGeometry(0, 0, 'Hus A', planLabelFontSize('45', { w: 2680 }));
    expect(onSite.width / 268).toBeCloseTo(onLarge.width / 2680, 3);
  });

  it('resizes about its centre and stores its scale, never its font size', () => {
    const g = centredLabel(200, 100, 'Hus A', 45);
    const r = resizeLabel(g, 'Hus A', 45, 2);
    expect([r.x + r.width / 2, r.y + r.height / 2].map((n) => Math.round(n))).toEqual([200, 100]);
    expect(r.fontSize).toBe(90);
    expect(storedLabel(r)).toEqual({ ...labelGeometry(r.x, r.y, 'Hus A', 90), scale: 2 });
    expect(resizeLabel(g, 'Hus A', 45, 10).scale).toBe(4);
  });
});

describe('where labels stand', () => {
  const placed = labelGeometry(300, 400, 'Hus C', 45);
  const labels = [
    { id: 1, text: 'Hus A', placed: null },
    { id: 2, text: 'Hus B', placed: null },
    { id: 3, text: 'Hus C', placed },
    { id: 4, text: 'Hus D', placed: null },
  ];
  const zones = new Map([[2, { x: 500, y: 500, w: 100, h: 60 }]]);
  const layout = layoutLabels(labels, 45, base, (id) => zones.get(id) ?? null);

  it('puts a placed label where the admin left it', () => {
    expect(layout.get(3)).toEqual({ ...placed, fontSize: 45 });
  });

  it('keeps a placed label’s centre when the plan’s label size differs from the one it was placed at, and its own scale', () => {
    const [small] = layoutLabels([labels[2]!], 15, base, () => null).values();
    expect(small!.x + small!.width / 2).toBeCloseTo(placed.x + placed.width / 2, 1);
    expect(small!.y + small!.height / 2).toBeCloseTo(placed.y + placed.height / 2, 1);
    expect(small!.fontSize).toBe(15);
    const [scaled] = layoutLabels(
      [{ ...labels[2]!, placed: { ...placed, scale: 2 } }],
      15,
      base,
      () => null,
    ).values();
    expect(scaled!.fontSize).toBe(30);
  });

  it('centres an unplaced label on its building’s zone', () => {
    const g = layout.get(2)!;
    expect(g.x + g.width / 2).toBeCloseTo(550, 1);
    expect(g.y + g.height / 2).toBeCloseTo(530, 1);
    expect(g).toEqual(centredLabel(550, 530, 'Hus B', 45));
  });

  it('stacks the rest down the top-left corner without overlap', () => {
    const [a, d] = [layout.get(1)!, layout.get(4)!];
    expect(a.x).toBe(d.x);
    expect(a.x).toBeGreaterThan(base.x);
    expect(a.y).toBeGreaterThan(base.y);
    expect(d.y).toBeGreaterThan(a.y + a.height);
  });
});

describe('drawing', () => {
  it('draws the box and the text (as text, never markup) centred in it', () => {
    const doc = document.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null);
    const g = { ...labelGeometry(10, 20, 'Hus <b>', 45), fontSize: 45 };
    const group = createLabelElement(doc.documentElement, 7, 'Hus <b>', g);
    expect([group, ...group.children].map((e) => e.namespaceURI)).toEqual(
      Array(3).fill(doc.documentElement.namespaceURI),
    );
    const [rect, text] = [group.firstElementChild!, group.lastElementChild!];
    expect(group.getAttribute('data-pv-label')).toBe('7');
    expect(rect.getAttribute('width')).toBe(String(g.width));
    expect(text.textContent).toBe('Hus <b>');
    expect(text.children).toHaveLength(0);
    expect(text.getAttribute('text-anchor')).toBe('middle');
    expect(Number(text.getAttribute('x'))).toBeCloseTo(g.x + g.width / 2, 1);
    group.setAttribute('transform', 'translate(5 5)');
    placeLabelElement(group, moveLabel(g, 5, 5));
    expect(group.hasAttribute('transform')).toBe(false);
    expect(rect.getAttribute('x')).toBe(String(g.x + 5));
    expect(LABEL_BOX.extraWidth * 45).toBeCloseTo(26, 5);
  });

  it('finds a building’s zone: a link zone with its number', () => {
    const root = new DOMParser().parseFromString(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect id="1" data-bostad="x" data-building-number="4"/><rect data-link-to="a.svg" data-building-number="4"/></svg>',
      'image/svg+xml',
    ).documentElement;
    expect(buildingZone(root, 4)).toBe(root.children[1]);
    expect(buildingZone(root, 5)).toBeNull();
  });
});
