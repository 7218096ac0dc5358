import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostPage {
  url: string;
  close: () => Promise<void>;
}

/**
 * A sales site on a second origin (localhost rather than the server's 127.0.0.1, on a port of
 * its own) that embeds `html`, usually a Code snippet, with a phone's viewport tag. `above` and
 * `below` put that many pixels of the site's own content around the snippet: the long page a
 * widget really lives in.
 */
export async function hostPage(html: string, { above = 0, below = 0 } = {}): Promise<HostPage> {
  const filler = (px: number, text: string) =>
    px > 0 ? `<section style="height:${px}px;background:#eef1f6"><p>${text}</p></section>` : '';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="sv"><head><title>Mäklaren</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        `<body style="margin:0"><h1>Mäklaren</h1>${filler(above, 'Om området')}${html}` +
        `${filler(below, 'Fler objekt')}<p>Sidfot</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // The browser keeps its connection alive; close() alone would wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
