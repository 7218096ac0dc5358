import fs from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright-core';
const html = fs.readFileSync('/tmp/wp.html', 'utf8');
const PROBE = `(() => { const check = () => { const z = document.querySelectorAll('.pv-zone[data-pv-id]');
 if (z.length === 1000 && getComputedStyle(z[0]).fill !== 'rgb(221, 221, 221)') { window.__c = performance.now(); performance.mark('pv-coloured'); return; }
 requestAnimationFrame(check); }; requestAnimationFrame(check); })();`;
const svg = /<svg[\s\S]*<\/svg>/.exec(html)![0];
const css = /<style id="pv-page-css">[\s\S]*?<\/style>/.exec(html)![0];
const variants: Record<string, string> = {
  static: `<!doctype html><html lang="sv"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>S</title>${css}<style>.pv-plan-svg{display:block;width:100%;height:auto}</style></head><body>${svg}</body></html>`,
  widget: html,
  noWidgetCss: html.replace(/<style>html,body[\s\S]*?<\/style>/, ''),
  noJson: html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''),
};
const server = http.createServer((req, res) => {
  const body = variants[req.url!.slice(1)];
  if (!body) { res.statusCode = 404; res.end(); return; }
  res.setHeader('content-type', 'text/html; charset=utf-8'); res.end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const agg: Record<string, Record<string, number[]>> = {};
for (let run = 0; run < 5; run++) for (const name of Object.keys(variants)) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(PROBE);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'] });
  await page.goto(`http://127.0.0.1:${port}/${name}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => '__c' in window, undefined, { polling: 250 });
  const ev = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: any[] }).traceEvents;
  const mark = ev.find((e) => e.name === 'pv-coloured');
  const nav = ev.filter((e) => e.name === 'navigationStart' && e.pid === mark.pid && e.ts <= mark.ts).sort((a, b) => b.ts - a.ts)[0];
  const sums: Record<string, number> = {};
  for (const e of ev) {
    if (e.pid !== mark.pid || e.tid !== mark.tid || e.ph !== 'X' || e.ts < nav.ts || e.ts > mark.ts || e.tdur === undefined) continue;
    if (!['RunTask', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseAuthorStyleSheet', 'EvaluateScript', 'HitTest', 'UpdateLayer', 'CommitLoad'].includes(e.name)) continue;
    sums[e.name] = (sums[e.name] ?? 0) + e.tdur / 1000;
  }
  sums.wall = (mark.ts - nav.ts) / 1000;
  for (const [k, v] of Object.entries(sums)) ((agg[name] ??= {})[k] ??= []).push(v);
  await ctx.close();
}
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
for (const [name, m] of Object.entries(agg)) console.log(name.padEnd(12), Object.entries(m).map(([k, v]) => `${k}=${med(v).toFixed(1)}`).join(' '));
await browser.close(); server.close();
