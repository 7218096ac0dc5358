import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, launch } from './support/browser';
import { signInAsAdmin, toastSeen } from './support/session';
import { addApartment, createProject } from './support/widget-fixtures';

/**
 * Signed webhooks (issue 23, ADR 034): an admin adds an endpoint in the back office, sends
 * the test event, changes a status, and a receiver in this process gets both, verified with
 * the secret the page showed once; the delivery log shows the delivery. The production
 * server's own outbox loop sends them.
 */

interface Received {
  headers: Record<string, string>;
  body: string;
}
let browser: Awaited<ReturnType<typeof launch>>;
let token: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
const waiting: { type: string; resolve: (r: Received) => void }[] = [];

const typeOf = (r: Received) => (JSON.parse(r.body) as { type: string }).type;
/** The first request of `type` the receiver got, now or when it comes. */
function delivery(type: string): Promise<Received> {
  const seen = received.find((r) => typeOf(r) === type);
  return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ type, resolve }));
}

beforeAll(async () => {
  token = await adminToken();
  browser = await launch();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString() };
      received.push(r);
      for (const w of waiting.filter((x) => x.type === typeOf(r))) w.resolve(r);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/planvy`;
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks in the back office', () => {
  it('adds an endpoint, sends the test event and a status change, signed, and logs them', async () => {
    const projectId = await createProject(token, 'Webhook launch');
    await addApartment(token, projectId, { bostad: 'W-1', status: 'sale' });
    const page = await browser.context.newPage();
    await signInAsAdmin(page, `/projects/${projectId}?tab=webhooks`);

    await page.getByLabel('Adress (https://…)').fill(receiverUrl);
    expect(await page.getByRole('checkbox', { name: 'Lägenhetens status ändrad' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Lägg till mottagare' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Klar' }).click();

    const endpoints = page.getByRole('table', { name: 'Webhooks' });
    await endpoints
      .getByRole('row')
      .filter({ hasText: receiverUrl })
      .getByRole('button', { name: 'Skicka test' })
      .click();
    const test = await delivery('webhook.test');
    expect(() => new Webhook(secret).verify(test.body, test.headers)).not.toThrow();

    // A status changed in the back office, as the sales team does.
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('row', { name: 'Öppna W-1', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Såld', exact: true }).click();
    await form.getByRole('button', { name: 'Spara' }).click();
    await toastSeen(page, 'Lägenheten har uppdaterats');

    const change = await delivery('apartment.status_changed');
    expect(new Webhook(secret).verify(change.body, change.headers)).toMatchObject({
      type: 'apartment.status_changed',
      data: { project_id: projectId, apartment: { bostad: 'W-1' }, previous_status: 'sale', status: 'sold' },
    });

    await page.goto(`/projects/${projectId}?tab=webhooks`);
    const log = page.getByRole('table', { name: 'Leveranslogg (30 dagar)' });
    const row = log.getByRole('row').filter({ hasText: 'Lägenhetens status ändrad' });
    await row.getByText('Levererad').waitFor();
    await row.getByText('204').waitFor();
    await log.getByRole('row').filter({ hasText: 'Testhändelse' }).getByText('Levererad').waitFor();
    await page.close();
  });
});
