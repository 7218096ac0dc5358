import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget } from './address-guard';

/** A receiver has this long to answer, headers and body (ADR 034). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` to the endpoint and answers the response's status code. The host is resolved
 * and checked first (address-guard), and the connection is pinned to the checked address,
 * so a DNS answer that changes between the check and the connection (rebinding) cannot steer
 * it elsewhere. Redirects are not followed. TLS still checks the certificate of the name.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<number> {
  const target = await checkTarget(rawUrl, allowPrivate);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Planvy-Webhooks/1',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        // The answer's body is not kept; reading it to the end frees the connection.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', (err) =>
      reject(err.name === 'AbortError' ? new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`) : err),
    );
    req.end(body);
  });
}
