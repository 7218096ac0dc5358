import { describe, expect, it } from 'vitest';
import {
  APARTMENT_FIELD_ACTIONS,
  can,
  canEditApartmentField,
  denial,
  POLICY,
  type PolicyAction,
} from './policy';
import { SERVER_MESSAGES } from './error-codes';

const admin = { id: 1, role: 'admin' as const, impersonating: false };
const actingAdmin = { id: 5, role: 'client' as const, impersonating: true };
const client = { id: 5, role: 'client' as const };
const otherAdmin = { id: 2, role: 'admin' as const };

describe('policy', () => {
  it('lets an admin sign in as a client or broker, never as an admin or themselves', () => {
    expect(can(admin, 'users.impersonate', client)).toBe(true);
    expect(can(admin, 'users.impersonate', { id: 7, role: 'broker' })).toBe(true);
    expect(denial(admin, 'users.impersonate', otherAdmin)?.message).toBe(
      'Admins cannot sign in as another admin',
    );
    expect(can(admin, 'users.impersonate', { id: 1, role: 'admin' })).toBe(false);
  });

  it('gives an impersonated session no user management, no further impersonation, no sign-out-everywhere', () => {
    for (const action of [
      'users.manage',
      'users.delete',
      'users.impersonate',
      'sessions.signOutEverywhere',
    ] as const) {
      expect(denial(actingAdmin, action, { id: 9, role: 'client' })).toEqual({
        code: 'notWhileImpersonating',
        params: {},
        message: 'Not while signed in as another user',
      });
    }
    // Even if the user acted as were an admin.
    expect(can({ ...actingAdmin, role: 'admin' }, 'users.manage')).toBe(false);
  });

  it('lets an admin delete others but not themselves; nobody else deletes', () => {
    expect(can(admin, 'users.delete', client)).toBe(true);
    expect(denial(admin, 'users.delete', { id: 1, role: 'admin' })?.message).toMatch(/own account/);
    expect(can({ id: 5, role: 'client', impersonating: false }, 'users.delete', otherAdmin)).toBe(false);
  });

  it('lets anyone sign out everywhere in their own session, and only admins read the audit log', () => {
    expect(can({ id: 5, role: 'client', impersonating: false }, 'sessions.signOutEverywhere')).toBe(true);
    expect(can(admin, 'audit.read')).toBe(true);
    expect(can({ id: 5, role: 'broker', impersonating: false }, 'audit.read')).toBe(false);
  });

  it('lets admins see statistics always; clients and brokers only with project_statistic "1"', () => {
    expect(can(admin, 'statistics.read')).toBe(true);
    expect(can({ ...client, impersonating: false, statistics: true }, 'statistics.read')).toBe(true);
    expect(can({ id: 7, role: 'broker', impersonating: false, statistics: true }, 'statistics.read')).toBe(
      true,
    );
    expect(denial({ ...client, impersonating: false, statistics: false }, 'statistics.read')?.code).toBe(
      'statisticsOff',
    );
    expect(can({ id: 7, role: 'broker', impersonating: false }, 'statistics.read')).toBe(false);
  });
});

describe('the project actions', () => {
  const owner = { id: 5, role: 'client' as const, impersonating: false };
  const broker = { id: 7, role: 'broker' as const, impersonating: false };
  /** What a client or broker may do within a project they reach; everything else is the admin's. */
  const OPEN: PolicyAction[] = [
    'release.console.read',
    'release.offers.work',
    'project.list',
    'project.read',
    'project.update',
    'apartment.read',
    'apartment.export',
    'apartment.update',
    'apartment.setStatus',
    'apartment.setPrices',
    'plan.read',
    'settings.read',
    'styles.read',
    'sunStudy.read',
    'buildingNumbers.read',
    'sessions.read',
    'sessions.endImpersonation',
    'sessions.signOutEverywhere',
    // Their own projects' interest lists (ADR 036): the sales team works them.
    'interest.read',
    'interest.export',
    'interest.update',
    'interest.add',
    'holds.read',
    'holds.place',
    'holds.release',
    'holds.convert',
    'release.read',
  ];

  it('lets an admin do every one of them; a client or broker only read, update apartments and set statuses, and work the interest list', () => {
    for (const action of Object.keys(POLICY) as PolicyAction[]) {
      if (
        action.startsWith('users.') ||
        action === 'audit.read' ||
        action === 'holds.extend' ||
        action === 'release.manage'
      )
        continue;
      expect(can(admin, action), action).toBe(true);
      for (const who of [owner, broker]) {
        expect(can(who, action), `${who.role} ${action}`).toBe(OPEN.includes(action));
      }
    }
  });

  it("lets brokers and admins extend holds, not the project's client", () => {
    expect(can(admin, 'holds.extend')).toBe(true);
    expect(can(broker, 'holds.extend')).toBe(true);
    expect(denial(owner, 'holds.extend')?.code).toBe('holdExtendBrokers');
  });

  it('lets the client and admins manage a release, not brokers; only admins pause one', () => {
    expect(can(admin, 'release.manage')).toBe(true);
    expect(can(owner, 'release.manage')).toBe(true);
    expect(denial(broker, 'release.manage')?.code).toBe('releaseManage');
    expect(can(admin, 'release.pause')).toBe(true);
    expect(denial(owner, 'release.pause')?.code).toBe('releasePauseAdmins');
    expect(denial(broker, 'release.pause')?.code).toBe('releasePauseAdmins');
    expect(can(broker, 'release.read')).toBe(true);
  });

  it("gives the API's own words as reasons, each a code of the server-message catalogue", () => {
    expect(denial(owner, 'apartment.create')).toEqual({
      code: 'apartmentCreate',
      params: {},
      message: 'Only admins add apartments',
    });
    expect(denial(broker, 'settings.update')?.message).toBe('Only an admin can change project settings');
    expect(denial(owner, 'project.editCore')?.message).toBe(
      'Only an admin can change the name, type, description, owner or broker of a project',
    );
    for (const action of Object.keys(POLICY) as PolicyAction[]) {
      const reason = denial(owner, action);
      if (reason) expect(reason.message, action).toBe(SERVER_MESSAGES[reason.code]);
    }
  });

  it('locks the zone links and the building number of an apartment for everyone but admins', () => {
    expect(Object.keys(APARTMENT_FIELD_ACTIONS).sort()).toEqual(['building_number_id', 'file_name']);
    expect(denial(owner, APARTMENT_FIELD_ACTIONS.file_name)?.message).toBe('Only admins change zone links');
    expect(canEditApartmentField(owner, 'building_number_id')).toBe(false);
    expect(canEditApartmentField(owner, 'price')).toBe(true);
    expect(canEditApartmentField(admin, 'building_number_id')).toBe(true);
  });
});
