import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@planvy/shared';
import { i18n } from '../../../lib/i18n';
import { cleanupRender, jsonResponse, renderRoute, requestUrl } from '../../../test/render';
import { AuditLog } from './audit-log';

const fetchMock = vi.fn<typeof fetch>();

const entry = (id: number, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-23T10:00:00.000Z',
  action: 'update',
  entity_type: 'apartment',
  entity_id: '7',
  entity_label: 'A-101',
  entity_deleted: false,
  project: { id: 3, name: 'Alpha', deleted: false },
  actor: { id: 1, name: 'Ada Admin' },
  as_user: null,
  detail: { fields: ['price', 'status'] },
  ...fields,
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(async () => {
  await i18n.changeLanguage('sv');
  cleanupRender();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('AuditLog', () => {
  it('names the admin and the user acted as, and pages to older entries', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        entries: [
          entry(12, { as_user: { id: 5, name: 'Kim Kund' } }),
          entry(11, {
            action: 'impersonation.start',
            entity_type: 'user',
            entity_id: '5',
            entity_label: 'Kim Kund',
            project: null,
            detail: {},
          }),
        ],
        next_before: 11,
      }),
    );
    renderRoute(<AuditLog users={[]} projects={[]} />);
    await screen.findByText('Ada Admin som Kim Kund');
    const rows = within(screen.getByRole('table', { name: 'Händelser, nyaste först' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Ada Admin som Kim Kund');
    expect(rows[1]?.textContent).toContain('Lägenhet A-101');
    expect(rows[1]?.textContent).toContain('fält: price, status');
    expect(rows[2]?.textContent).toContain('Loggade in som');
    expect(rows[2]?.textContent).toContain('Användare Kim Kund');

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [entry(3)], next_before: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Äldre' }));
    await screen.findByText('Sida 2');
    expect(requestUrl(fetchMock.mock.calls.at(-1)?.[0] ?? '')).toBe('/api/v1/admin/audit?before=11');
  });

  it('names deleted items and projects as they were, and reads a role change, in Swedish and English', async () => {
    const page = {
      entries: [
        entry(23, {
          action: 'update',
          entity_type: 'user',
          entity_id: '5',
          entity_label: 'Kim Kund',
          project: null,
          detail: { fields: ['first_name', 'role'], role: { from: 'client', to: 'broker' } },
        }),
        entry(22, {
          action: 'delete',
          entity_type: 'project',
          entity_id: '4',
          entity_label: 'Beta',
          entity_deleted: true,
          project: { id: 4, name: 'Beta', deleted: true },
          detail: { labels: { entity: 'Beta', project: 'Beta' } },
        }),
        entry(21, {
          action: 'update',
          entity_label: 'B-7',
          entity_deleted: true,
          project: { id: 4, name: 'Beta', deleted: true },
          detail: { fields: ['price'], labels: { entity: 'B-7', project: 'Beta' } },
        }),
      ],
      next_before: null,
    };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, page));
    renderRoute(<AuditLog users={[]} projects={[]} />);
    const table = await screen.findByRole('table', { name: 'Händelser, nyaste först' });
    await within(table).findByText('Roll: Kund → Mäklare', { exact: false });
    let rows = within(table).getAllByRole('row');
    expect(rows[2]?.textContent).toContain('Tog bort');
    expect(rows[2]?.textContent).toContain('Projekt Beta');
    expect(rows[2]?.textContent).toContain('Beta (borttaget)');
    expect(rows[3]?.textContent).toContain('Lägenhet B-7 (finns inte längre)');
    expect(rows[3]?.textContent).not.toContain('labels');
    // A deleted project is named, not linked.
    expect(within(table).queryByRole('link', { name: /Beta/ })).toBeNull();

    await i18n.changeLanguage('en');
    const english = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    await within(english).findByText('Role: Client → Broker', { exact: false });
    rows = within(english).getAllByRole('row');
    expect(rows[2]?.textContent).toContain('Beta (deleted)');
    expect(rows[3]?.textContent).toContain('Apartment B-7 (no longer exists)');
  });

  it('says so when nothing is recorded', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { entries: [], next_before: null }));
    renderRoute(<AuditLog users={[]} projects={[]} />);
    await screen.findByText('Inget loggat ännu');
  });
});
