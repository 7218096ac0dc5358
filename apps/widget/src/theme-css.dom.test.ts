import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLES, STYLE_KEYS, type StyleTriple } from '@planvy/shared/styles';
import { STATUSES } from '@planvy/shared/statuses';
import { applyTheme } from './apply-theme';
import { statusCss } from './status-rules';
import { statusClass } from './theme-css';

describe('applyTheme', () => {
  it('sets every key as a custom property on the root, from the project or the default', () => {
    const root = document.createElement('div');
    applyTheme([...DEFAULT_STYLES, ['sold', 'svg', '#00ff00'], ['font', 'family', 'Georgia, serif']], root);
    expect(root.style.getPropertyValue('--pv-sold-svg')).toBe('#00ff00');
    expect(root.style.getPropertyValue('--pv-font-family')).toBe('Georgia, serif');
    expect(root.style.getPropertyValue('--pv-sale-svg')).toBe('#10b74d');
    for (const k of STYLE_KEYS) expect(root.style.getPropertyValue(`--pv-${k.name}`)).not.toBe('');
    expect(root.style.getPropertyValue('--pv-sold-text')).toBe('#000000');
  });

  it('never lets a hostile value through, and writes no CSS text', () => {
    const root = document.createElement('div');
    const hostile: StyleTriple[] = [
      ['sold', 'svg', 'red;} body{display:none'],
      ['main', 'background', 'url(https://evil.example/x.png)'],
      ['main', 'background', 'image-set("x.png" 1x)'],
      ['font', 'family', 'x</style><script>alert(1)</script>'],
      ['a}b', 'svg', 'red'],
    ];
    applyTheme(hostile, root);
    expect(root.style.getPropertyValue('--pv-sold-svg')).toBe('#803c3c');
    expect(root.style.getPropertyValue('--pv-main-background')).toBe('#ffffff');
    expect(root.style.cssText).not.toMatch(/url\(|script|display:|image-set/);
  });
});

describe('statusCss', () => {
  it('colours zones, dots and badges of every status from its properties, and hatches sold zones', () => {
    const css = statusCss();
    for (const s of STATUSES) {
      const hatch = s.alias === 'sold' ? 'url(#pv-hatch) ' : '';
      expect(css).toContain(`.pv-zone.pv-st-${s.alias}{fill:${hatch}var(--pv-${s.styleKey}-svg)!important}`);
      expect(css).toContain(
        `.pv-badge.pv-st-${s.alias}{background:linear-gradient(var(--pv-${s.styleKey}-svg),var(--pv-${s.styleKey}-svg)) #fff;color:var(--pv-${s.styleKey}-text)}`,
      );
    }
    expect(css).toContain('.pv-zone.pv-zone.pv-inactive{fill:var(--pv-inactive-svg)!important}');
  });

  it('gives unknown statuses a neutral class', () => {
    expect(statusClass('sale')).toBe('pv-st-sale');
    expect(statusClass('x" onclick="y')).toBe('pv-st-unknown');
  });
});
