import { serverMessage } from '@planvy/shared';
import type { z } from 'zod';
import {
  denial,
  PROJECT_CORE_FIELDS,
  type Project,
  type projectCreateSchema,
  type projectUpdateSchema,
  type Role,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { HttpError, invalid, notFound } from '../../lib/http-error';
import { deniedError, policyActor } from '../../plugins/auth';
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

/** 404 unless the caller reaches the project (statistics filter by a project named in the query). */
export async function assertProjectVisible(db: DbOrTx, caller: Caller, id: number): Promise<void> {
  if (!(await repo.projectVisible(db, id, scopeFor(caller)))) throw projectNotFound();
}

/** Locks the project row for the rest of the transaction; 404 when it is gone meanwhile. */
export async function lockProject(tx: DbOrTx, id: number): Promise<void> {
  if (!(await repo.lockProject(tx, id, ALL))) throw projectNotFound();
}

async function assertOwnerExists(db: DbOrTx, userId: number) {
  if (!(await userRepo.findUserById(db, userId))) {
    throw invalid('user_id', serverMessage('userMissing'));
  }
}

async function assertBroker(db: DbOrTx, userId: number, field: string) {
  const user = await userRepo.findUserById(db, userId);
  if (!user) throw invalid(field, serverMessage('brokerMissing'));
  if (user.role !== 'broker') throw invalid(field, serverMessage('notBroker'));
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

/**
 * Admins change any field. Everyone else may only send the stored values back of the core
 * fields (`project.editCore`; the project form always posts every field); a different value
 * is refused with 403 and nothing is changed. A non-admin's own id as user_id is taken as
 * "unchanged", since the client app sends the current user as owner (spec §6).
 * `project` is the one the access hook checked.
 */
export async function updateProject(
  db: Db,
  caller: Caller,
  project: Project,
  input: z.output<typeof projectUpdateSchema>,
): Promise<Project> {
  const { id } = project;
  return db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id, ALL);
    if (!current) throw projectNotFound();
    assertVersion(input.version, current.version, STALE_PROJECT);

    const coreDenied = denial(policyActor(caller), 'project.editCore');
    if (coreDenied) {
      const refused = PROJECT_CORE_FIELDS.filter((field) => {
        const sent = input[field];
        if (sent === undefined || sent === current[field]) return false;
        return !(field === 'user_id' && sent === caller.id);
      });
      if (refused.length > 0) {
        throw deniedError(coreDenied, Object.fromEntries(refused.map((f) => [f, [coreDenied]])));
      }
      return load(tx, id, ALL);
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
    return load(tx, id, ALL);
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
