import { createRef } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconX } from './icons';

afterEach(cleanup);

describe('icons', () => {
  it('draw as Tabler’s React icons do: size, stroke, colour, classes, title and any SVG attribute', () => {
    const ref = createRef<SVGSVGElement>();
    const { container } = render(
      <IconX ref={ref} size={16} stroke={1.5} color="red" className="mine" title="Stäng" aria-hidden />,
    );
    const svg = container.querySelector('svg')!;
    expect(ref.current).toBe(svg);
    expect(svg.getAttribute('class')).toBe('tabler-icon tabler-icon-x mine');
    expect(svg.getAttribute('width')).toBe('16');
    expect(svg.getAttribute('height')).toBe('16');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke-width')).toBe('1.5');
    expect(svg.getAttribute('stroke')).toBe('red');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('title')?.textContent).toBe('Stäng');
    expect([...svg.querySelectorAll('path')].map((p) => p.getAttribute('d'))).toEqual([
      'M18 6l-12 12',
      'M6 6l12 12',
    ]);
  });

  it('default to 24 px, a stroke of 2 and the current colour', () => {
    const svg = render(<IconX />).container.querySelector('svg')!;
    expect([svg.getAttribute('width'), svg.getAttribute('stroke-width'), svg.getAttribute('stroke')]).toEqual(
      ['24', '2', 'currentColor'],
    );
    expect(svg.querySelector('title')).toBeNull();
  });
});
