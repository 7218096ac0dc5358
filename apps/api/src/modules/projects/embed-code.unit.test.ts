import { describe, expect, it } from 'vitest';
import { buildEmbedCode, escapeHtml, publicBaseUrl } from './embed-code';

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters and keeps the rest', () => {
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b> åäö`)).toBe(
      '&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt; åäö',
    );
  });
});

describe('publicBaseUrl', () => {
  it('prefers the configured URL, without trailing slashes', () => {
    expect(publicBaseUrl('https://x.example/', { protocol: 'http', host: 'internal:3000' })).toBe(
      'https://x.example',
    );
    expect(publicBaseUrl('https://x.example/planvy', { protocol: 'http', host: 'h' })).toBe(
      'https://x.example/planvy',
    );
  });

  it('falls back to the request origin and drops a default port', () => {
    expect(publicBaseUrl(undefined, { protocol: 'http', host: 'localhost:3000' })).toBe(
      'http://localhost:3000',
    );
    expect(publicBaseUrl(undefined, { protocol: 'http', host: 'planvy.se:80' })).toBe('http://planvy.se');
    expect(publicBaseUrl(undefined, { protocol: 'https', host: 'planvy.se:443' })).toBe('https://planvy.se');
    expect(publicBaseUrl(undefined, { protocol: 'http', host: 'planvy.se:8080' })).toBe(
      'http://planvy.se:8080',
    );
  });
});

describe('buildEmbedCode', () => {
  it('builds the script snippet and the iframe for one project', () => {
    const code = buildEmbedCode({ baseUrl: 'https://x.example', projectId: 42, projectName: 'Kv. Eken' });
    expect(code.full).toBe(
      '<div data-planvy-project="42" data-lang="sv"></div>\n' +
        '<script src="https://x.example/embed.js" async></script>',
    );
    expect(code.iframe).toBe(
      '<iframe src="https://x.example/view/42" title="Kv. Eken" ' +
        'style="width:100%;border:0;min-height:600px" loading="lazy" allow="fullscreen"></iframe>',
    );
  });

  it('escapes the project name so it cannot break out of the title attribute', () => {
    const code = buildEmbedCode({
      baseUrl: 'https://x.example',
      projectId: 1,
      projectName: '"><script>alert(1)</script>',
    });
    expect(code.iframe).toContain('title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(code.iframe).not.toContain('<script>');
  });

  it('escapes a request-derived base URL too', () => {
    const code = buildEmbedCode({ baseUrl: 'http://evil"x', projectId: 1, projectName: 'P' });
    expect(code.full).toContain('src="http://evil&quot;x/embed.js"');
  });
});
