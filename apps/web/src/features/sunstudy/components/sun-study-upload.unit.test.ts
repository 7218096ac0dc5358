import { describe, expect, it } from 'vitest';
import { labelFromFileName } from './sun-study-upload';

describe('labelFromFileName', () => {
  it('labels an upload by its name without the extension', () => {
    expect(labelFromFileName('21 juni 09.00.jpg')).toBe('21 juni 09.00');
    expect(labelFromFileName('21_juni_12.00.webp')).toBe('21 juni 12.00');
    expect(labelFromFileName('.png')).toBe('.png');
    expect(labelFromFileName(`${'x'.repeat(150)}.jpg`)).toHaveLength(100);
  });
});
