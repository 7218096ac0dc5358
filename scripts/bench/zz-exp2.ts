import fs from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright-core';
const html = fs.readFileSync('/tmp/wp.html', 'utf8');
const PROBE = `(() => { const check = () => { const z = document.querySelectorAll('.pv-zone[data-pv-id]');
 if (z.length === 1000 && getComputedStyle(z[0]).fill !== 'rgb(221, 221, 221)') { window.__c = performance.now(); return; }
 requestAnimationFrame(check); }; requestAnimationFrame(check); })();`;
const svg = /<svg[\s\S]*<\/svg>/.exec(html)![0];
const css = /<style id="pv-page-css">[\s\S]*?<\/style>/.exec(html)![0];
const variants: Record<string, string> = {
  static: `<!doctype html><html lang="sv"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>S</title>${css}<style>.pv-plan-svg{display:block;width:100%;height:auto}</style></head><body>${svg}</body></html>`,
  widget: html,
  noJson: html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''),
  noScript: html.replace(/<script type="module"[^>]*><\/script>/, ''),
  noWidgetCss: html.replace(/<style>html,body[\s\S]*?<\/style>/, ''),
  noJsonNoScript: html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '').replace(/<script type="module"[^>]*><\/script>/, ''),
};
const server = http.createServer((req, res) => {
  const name = req.url!.slice(1);
  const body = variants[name];
  if (!body) { res.statusCode = 404; res.end(); return; }
  res.setHeader('content-type', 'text/html; charset=utf-8'); res.end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results: Record<string, number[]> = {};
for (let run = 0; run < 7; run++) {
  for (const name of Object.keys(variants)) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.addInitScript(PROBE);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`http://127.0.0.1:${port}/${name}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => '__c' in window, undefined, { polling: 250 });
    (results[name] ??= []).push(await page.evaluate<number>('window.__c'));
    await ctx.close();
  }
}
for (const [k, v] of Object.entries(results)) { const s = [...v].sort((a, b) => a - b); console.log(k.padEnd(16), Math.round(s[3]!), v.map(Math.round).join(' ')); }
await browser.close(); server.close();
