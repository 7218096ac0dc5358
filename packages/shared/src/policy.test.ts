import { describe, expect, it } from 'vitest';
import { can, denial } from './policy';

const admin = { id: 1, role: 'admin' as const, impersonating: false };
const actingAdmin = { id: 5, role: 'client' as const, impersonating: true };
const client = { id: 5, role: 'client' as const };
const otherAdmin = { id: 2, role: 'admin' as const };

describe('policy', () => {
  it('lets an admin sign in as a client or broker, never as an admin or themselves', () => {
    expect(can(admin, 'users.impersonate', client)).toBe(true);
    expect(can(admin, 'users.impersonate', { id: 7, role: 'broker' })).toBe(true);
    expect(denial(admin, 'users.impersonate', otherAdmin)).toBe('Admins cannot sign in as another admin');
    expect(can(admin, 'users.impersonate', { id: 1, role: 'admin' })).toBe(false);
  });

  it('gives an impersonated session no user management, no further impersonation, no sign-out-everywhere', () => {
    for (const action of [
      'users.manage',
      'users.delete',
      'users.impersonate',
      'sessions.signOutEverywhere',
    ] as const) {
      expect(denial(actingAdmin, action, { id: 9, role: 'client' })).toBe(
        'Not while signed in as another user',
      );
    }
    // Even if the user acted as were an admin.
    expect(can({ ...actingAdmin, role: 'admin' }, 'users.manage')).toBe(false);
  });

  it('lets an admin delete others but not themselves; nobody else deletes', () => {
    expect(can(admin, 'users.delete', client)).toBe(true);
    expect(denial(admin, 'users.delete', { id: 1, role: 'admin' })).toMatch(/own account/);
    expect(can({ id: 5, role: 'client', impersonating: false }, 'users.delete', otherAdmin)).toBe(false);
  });

  it('lets anyone sign out everywhere in their own session, and only admins read the audit log', () => {
    expect(can({ id: 5, role: 'client', impersonating: false }, 'sessions.signOutEverywhere')).toBe(true);
    expect(can(admin, 'audit.read')).toBe(true);
    expect(can({ id: 5, role: 'broker', impersonating: false }, 'audit.read')).toBe(false);
  });
});
