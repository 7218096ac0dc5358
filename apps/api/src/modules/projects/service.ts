import type { z } from 'zod';
import type { Project, projectCreateSchema, projectUpdateSchema, Role } from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import * as userRepo from '../users/repository';
import * as repo from './repository';

/** Who is asking: the signed-in user as loaded from the database. */
export interface Caller {
  id: number;
  role: Role;
  /** The admin signed in as this user, if any (recorded beside their changes). */
  impersonatorId?: number;
}

/** Admins reach every project, clients the ones they own, brokers the ones they broker. */
export function scopeFor(caller: Caller): repo.ProjectScope {
  switch (caller.role) {
    case 'admin':
      return { kind: 'all' };
    case 'client':
      return { kind: 'owner', userId: caller.id };
    case 'broker':
      return { kind: 'broker', userId: caller.id };
  }
}

/** The same answer whether the project is missing or someone else's: the caller learns nothing. */
export const projectNotFound = () => notFound('Project');

export function toProject({ project, owner, broker }: repo.ProjectWithPeople): Project {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    type: project.type,
    user: owner,
    user_id: project.user_id,
    broker_id: project.broker_id,
    broker: broker ?? null,
    created_at: project.created_at.toISOString(),
    version: project.version,
  };
}

/** 409 when the writer loaded another version than the stored one; no version, no check. */
export function assertVersion(sent: number | undefined, stored: number, message: string): void {
  if (sent !== undefined && sent !== stored) throw new HttpError(409, message, { version: [message] });
}

export const STALE_PROJECT =
  'Someone else changed this project after you opened it. Reload to see their changes, then make yours again.';

export async function listProjects(db: DbOrTx, caller: Caller): Promise<Project[]> {
  return (await repo.listProjects(db, scopeFor(caller))).map(toProject);
}

const ALL: repo.ProjectScope = { kind: 'all' };

async function load(db: DbOrTx, id: number, scope: repo.ProjectScope): Promise<Project> {
  const row = await repo.findProject(db, id, scope);
  if (!row) throw projectNotFound();
  return toProject(row);
}

export function getProject(db: DbOrTx, caller: Caller, id: number): Promise<Project> {
  return load(db, id, scopeFor(caller));
}

/** Throws 404 unless the caller reaches the project. */
export async function assertProjectVisible(db: DbOrTx, caller: Caller, id: number): Promise<void> {
  if (!(await repo.projectVisible(db, id, scopeFor(caller)))) throw projectNotFound();
}

/** Locks the project row for the rest of the transaction; 404 unless the caller reaches it. */
export async function lockVisibleProject(tx: DbOrTx, caller: Caller, id: number): Promise<void> {
  if (!(await repo.lockProject(tx, id, scopeFor(caller)))) throw projectNotFound();
}

async function assertOwnerExists(db: DbOrTx, userId: number) {
  if (!(await userRepo.findUserById(db, userId))) {
    throw invalid('user_id', 'The selected user does not exist');
  }
}

async function assertBroker(db: DbOrTx, userId: number, field: string) {
  const user = await userRepo.findUserById(db, userId);
  if (!user) throw invalid(field, 'The selected broker does not exist');
  if (user.role !== 'broker') throw invalid(field, 'The selected user is not a broker');
}

export async function createProject(
  db: Db,
  ownerId: number,
  input: z.output<typeof projectCreateSchema>,
): Promise<Project> {
  if (input.user_id !== undefined && input.user_id !== ownerId) {
    throw invalid('user_id', 'The user_id must match the user in the path');
  }
  return db.transaction(async (tx) => {
    await assertOwnerExists(tx, ownerId);
    const row = await repo.insertProject(tx, {
      name: input.name,
      type: input.type,
      description: input.description,
      user_id: ownerId,
    });
    return load(tx, row.id, ALL);
  });
}

/** Fields only an admin may change (spec §6). */
const ADMIN_FIELDS = ['name', 'type', 'description', 'user_id', 'broker_id'] as const;

/**
 * Admins change any field. Everyone else may only send the stored values back (the
 * project form always posts every field); a different value is refused with 403 and
 * nothing is changed. A non-admin's own id as user_id is taken as "unchanged", since
 * the client app sends the current user as owner (spec §6).
 */
export async function updateProject(
  db: Db,
  caller: Caller,
  id: number,
  input: z.output<typeof projectUpdateSchema>,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id, scopeFor(caller));
    if (!current) throw projectNotFound();
    assertVersion(input.version, current.version, STALE_PROJECT);

    if (caller.role !== 'admin') {
      const refused = ADMIN_FIELDS.filter((field) => {
        const sent = input[field];
        if (sent === undefined || sent === current[field]) return false;
        return !(field === 'user_id' && sent === caller.id);
      });
      if (refused.length > 0) {
        const message = 'Only an admin can change the name, type, description, owner or broker of a project';
        throw new HttpError(403, message, Object.fromEntries(refused.map((f) => [f, [message]])));
      }
      return getProject(tx, caller, id);
    }

    if (input.user_id !== undefined && input.user_id !== current.user_id) {
      await assertOwnerExists(tx, input.user_id);
    }
    if (input.broker_id != null && input.broker_id !== current.broker_id) {
      await assertBroker(tx, input.broker_id, 'broker_id');
    }
    await repo.updateProject(tx, id, {
      name: input.name,
      type: input.type,
      description: input.description,
      user_id: input.user_id,
      broker_id: input.broker_id,
    });
    return getProject(tx, caller, id);
  });
}

/** Sets or, with null, clears the broker (v2 POST /users/brokers; admins only). */
export async function assignBroker(db: Db, projectId: number, brokerId: number | null): Promise<Project> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockProject(tx, projectId, ALL))) throw projectNotFound();
    if (brokerId !== null) await assertBroker(tx, brokerId, 'userId');
    await repo.updateProject(tx, projectId, { broker_id: brokerId });
    return load(tx, projectId, ALL);
  });
}

export async function deleteProject(db: DbOrTx, id: number): Promise<void> {
  if (!(await repo.deleteProject(db, id))) throw projectNotFound();
}
