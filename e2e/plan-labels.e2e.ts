import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { REAL_PLANS, realPlanMarkup, withApartments } from '@planvy/shared/test/real-plans';
import type { PublicView } from '@planvy/shared';
import { adminToken, api, freshPage, launch } from './support/browser';
import { hostPage } from './support/host-page';
import { signInAsAdmin } from './support/session';
import { addApartment, addBuilding, attachBuildings, createProject } from './support/widget-fixtures';

/**
 * Issue 20, ADR 025: plans drawn by others, in a buyer's first minute. The admin uploads three
 * real plans (an Inkscape export with a <title>, a Floorplanner-style export, a site plan 268
 * units wide; 17 apartments) in the back-office; the buyer reads the plans' names, never their
 * files, in the widget embedded in a long page on another origin, and at default settings no
 * building label covers more than 5 % of any plan, in the widget and in the page the server
 * writes, on a laptop and on a phone. Then the admin turns the apartment numbers on, and they
 * are in the server's page, inside their zones.
 */

let browser: Awaited<ReturnType<typeof launch>>;
let token: string;

beforeAll(async () => {
  browser = await launch();
  token = await adminToken();
});
afterAll(() => browser.close());

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const MAX_SHARE = 0.05;

/**
 * Each building label's share of the plan as drawn (its box on screen over the plan's box on
 * screen, getBoundingClientRect), and whether it lies inside the plan (not clipped).
 */
function labelShares(target: Page | Frame) {
  return target.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('.pv-canvas > svg')!;
    const vb = svg.viewBox.baseVal;
    const r = svg.getBoundingClientRect();
    // preserveAspectRatio meet: the plan is drawn at one scale, centred in the element.
    const s = Math.min(r.width / vb.width, r.height / vb.height);
    const plan = { left: r.left + (r.width - vb.width * s) / 2, top: r.top + (r.height - vb.height * s) / 2 };
    const area = vb.width * s * vb.height * s;
    return [...svg.querySelectorAll('.pv-label')].map((g) => {
      const b = g.getBoundingClientRect();
      return {
        text: g.textContent,
        share: (b.width * b.height) / area,
        inside:
          b.left >= plan.left - 1 &&
          b.top >= plan.top - 1 &&
          b.right <= plan.left + vb.width * s + 1 &&
          b.bottom <= plan.top + vb.height * s + 1,
      };
    });
  });
}

describe('three real plans, from the admin’s upload to a buyer on another site', () => {
  it('are named by their <title> or "Plan n", and no building label covers more than 5 % of a plan', async () => {
    const projectId = await createProject(token, 'Kvarteret Eken');
    const ids = new Map<string, number>();
    for (const plan of REAL_PLANS)
      for (const bostad of plan.bostader)
        ids.set(bostad, await addApartment(token, projectId, { bostad, status: 'sale', rooms: '3' }));
    const [site, inkscape, floorplanner] = REAL_PLANS as [
      (typeof REAL_PLANS)[number],
      (typeof REAL_PLANS)[number],
      (typeof REAL_PLANS)[number],
    ];
    const houseA = await addBuilding(token, projectId, 'A');
    const houseB = await addBuilding(token, projectId, 'B');
    const markup = (plan: (typeof REAL_PLANS)[number]) =>
      withApartments(realPlanMarkup(plan.file), ids, { target: inkscape.file, buildingNumberId: houseA });

    // The admin drops the three files on the SVG images tab.
    const admin = await freshPage(browser.context);
    await signInAsAdmin(admin, `/projects/${projectId}`);
    await admin.getByRole('tab', { name: 'SVG-bilder' }).click();
    await admin.getByRole('button', { name: 'Ladda upp filer' }).click();
    const transfer = await admin.evaluateHandle(
      (files) => {
        const dt = new DataTransfer();
        for (const [name, text] of files) dt.items.add(new File([text], name, { type: 'image/svg+xml' }));
        return dt;
      },
      REAL_PLANS.map((p) => [p.file, markup(p)] as [string, string]),
    );
    const dropzone = admin.getByTestId('plan-dropzone');
    await dropzone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await dropzone.dispatchEvent('drop', { dataTransfer: transfer });
    await admin.getByRole('button', { name: 'Ladda upp', exact: true }).click();
    const list = admin.getByRole('list', { name: 'Planer i visningsordning' });
    await list.getByRole('listitem', { name: 'Plan 3' }).waitFor();
    const names = await list
      .getByRole('listitem')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names).toEqual(['Plan 1', 'Hus A, plan 1', 'Plan 3']);

    const view = (await api<PublicView>('GET', `/api/v1/public/view/${projectId}`)).body;
    const planId = (file: string) => view.plans.find((p) => p.name === file)!.id;
    // Building labels on every plan: A where its zone is and on its own plan, B on the Floorplanner plan.
    await attachBuildings(token, planId(site.file), [houseA]);
    await attachBuildings(token, planId(inkscape.file), [houseA]);
    await attachBuildings(token, planId(floorplanner.file), [houseB]);

    const code = await api<{ code: { full: string } }>(
      'GET',
      `/api/v1/admin/project/code/${projectId}`,
      token,
    );
    const host = await hostPage(code.body.code.full, { above: 1400, below: 1600 });
    const shares: Record<string, number> = {};
    try {
      for (const viewport of VIEWPORTS) {
        // The page the server writes, as a browser without the script shows it.
        const server = await browser.context.newPage();
        await server.setViewportSize(viewport);
        await server.route('**/*.js', (route) => route.abort());
        for (const plan of REAL_PLANS) {
          await server.goto(`/view/${projectId}?plan=${planId(plan.file)}`);
          const labels = await labelShares(server);
          expect(labels.length, `${plan.file} server`).toBeGreaterThan(0);
          for (const l of labels) {
            expect(l.share, `${l.text} on ${plan.file}, server page, ${viewport.name}`).toBeLessThan(
              MAX_SHARE,
            );
            expect(l.inside, `${l.text} on ${plan.file} inside the plan`).toBe(true);
            shares[`${plan.file} ${l.text} server ${viewport.name}`] = l.share;
          }
        }
        // A link shared before plans had names (by file name) still opens its plan.
        await server.goto(`/view/${projectId}?plan=${encodeURIComponent(floorplanner.file)}`);
        await server.locator('.pv-canvas > svg.pv-p2').waitFor({ state: 'attached' });
        await server.close();

        // The widget in the sales site: names, and the labels of each plan it shows.
        const page = await browser.context.newPage();
        await page.setViewportSize(viewport);
        await page.goto(host.url);
        // The snippet's frame loads as the buyer scrolls to it.
        const iframe = page.locator('iframe');
        await iframe.scrollIntoViewIfNeeded();
        await page.frameLocator('iframe').locator('#root[data-ready="1"]').waitFor({ state: 'attached' });
        const frame = (await (await iframe.elementHandle()).contentFrame())!;
        const phone = viewport.name === 'phone';
        const chooser = frame.getByRole('combobox', { name: 'Planer' });
        expect(await chooser.isVisible()).toBe(phone);
        const titles = phone
          ? await chooser.locator('option').allTextContents()
          : await frame.locator('.pv-pages button').allTextContents();
        expect(titles).toEqual(['Plan 1', 'Hus A, plan 1', 'Plan 3']);
        expect(await frame.locator('body').innerText()).not.toContain('.svg');
        for (const [i, plan] of REAL_PLANS.entries()) {
          const title = titles[i]!;
          if (i > 0) {
            if (phone) await chooser.selectOption({ label: title });
            else await frame.getByRole('button', { name: title, exact: true }).click();
          }
          await frame.locator(`.pv-canvas > svg.pv-p${i} > .pv-labels .pv-label`).first().waitFor();
          for (const l of await labelShares(frame)) {
            expect(l.share, `${l.text} on ${plan.file}, widget, ${viewport.name}`).toBeLessThan(MAX_SHARE);
            expect(l.inside, `${l.text} on ${plan.file} inside the plan`).toBe(true);
            shares[`${plan.file} ${l.text} widget ${viewport.name}`] = l.share;
          }
        }
        await page.close();
      }
    } finally {
      await host.close();
    }
    // The figures for the report (ADR 025).
    console.log(
      Object.entries(shares)
        .map(([k, v]) => `label share ${k}: ${(v * 100).toFixed(2)} %`)
        .join('\n'),
    );

    // The admin turns the apartment numbers on: the server's page has them, inside their zones.
    await admin.getByRole('tab', { name: 'Inställningar' }).click();
    await admin.getByText('Visa bostadsnummer på planen', { exact: true }).click();
    await admin.getByRole('button', { name: 'Spara ändringar' }).click();
    await admin.getByText('Projektet har sparats').waitFor();
    const server = await browser.context.newPage();
    await server.route('**/*.js', (route) => route.abort());
    await server.goto(`/view/${projectId}`);
    const numbers = await server.evaluate(() =>
      [...document.querySelectorAll('.pv-nums text')].map((t) => {
        const b = t.getBoundingClientRect();
        const x = b.left + b.width / 2;
        const y = b.top + b.height / 2;
        // The zone under the number's middle (numbers themselves let every pointer through).
        const zone = document.elementsFromPoint(x, y).find((el) => el.classList.contains('pv-zone'));
        return [t.textContent, zone?.getAttribute('aria-label')?.split(',')[0] ?? null];
      }),
    );
    expect(numbers).toEqual(site.bostader.map((b) => [b, `Bostad ${b}`]));
    await server.close();
    await admin.close();
  });
});
