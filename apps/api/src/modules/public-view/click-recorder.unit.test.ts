import { describe, expect, it } from 'vitest';
import { visitorNetwork } from './click-recorder';

describe('visitorNetwork', () => {
  it('counts an IPv4 address as itself, also when written IPv4-mapped', () => {
    expect(visitorNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one visitor', () => {
    const a = visitorNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(visitorNetwork('2001:db8:1:2::1')).toBe(a);
    expect(visitorNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(visitorNetwork('2001:db8:1:3::1')).not.toBe(a);
  });
});
