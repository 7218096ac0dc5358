import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLES, type StyleTriple } from '@planvy/shared/src/styles';
import { isSafeCssValue, statusClass, themeCss } from './theme-css';

describe('themeCss', () => {
  it('turns style triples into custom properties and status classes', () => {
    const css = themeCss([...DEFAULT_STYLES, ['sale', 'svg', '#00ff00']]);
    expect(css).toContain('--pv-sale-svg:#00ff00');
    expect(css).toContain('--pv-font-family:system-ui');
    expect(css).toContain('.pv-zone.pv-st-sale{fill:var(--pv-sale-svg,#10b74d)!important}');
    expect(css).toContain('.pv-dot.pv-st-sale{background:var(--pv-sale-svg,#10b74d)}');
    expect(css).toContain('.pv-zone.pv-st-fs-co-owner{fill:var(--pv-fsCoOwner-svg,');
    expect(css).toContain('.pv-zone.pv-zone.pv-inactive{fill:var(--pv-inactive-svg,#9e9e9e)!important}');
  });

  it('drops values and names that could break out of a declaration or fetch something', () => {
    const hostile: StyleTriple[] = [
      ['sale', 'svg', 'red;} body{display:none'],
      ['main', 'background', 'url(https://evil.example/x.png)'],
      ['main', 'background', 'image-set("x.png" 1x)'],
      ['x', 'y', 'red</style><script>alert(1)</script>'],
      ['a}b', 'svg', 'red'],
      ['font', 'family', '\\"x'],
    ];
    const css = themeCss(hostile);
    expect(css.split('\n')[0]).toBe('.pv-root{}');
    for (const [k, , v] of hostile) if (k !== 'a}b') expect(isSafeCssValue(v), v).toBe(false);
    expect(isSafeCssValue('rgba(17, 24, 39, 0.55)')).toBe(true);
    expect(isSafeCssValue('"Segoe UI", sans-serif')).toBe(true);
  });

  it('gives unknown statuses a neutral class', () => {
    expect(statusClass('sale')).toBe('pv-st-sale');
    expect(statusClass('x" onclick="y')).toBe('pv-st-unknown');
  });
});
