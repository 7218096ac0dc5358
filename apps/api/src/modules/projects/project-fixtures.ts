import type { Project } from '@planvy/shared';
import { arrangeFor, type TestApp } from '../../../test/harness';

type TestUser = Awaited<ReturnType<TestApp['createUser']>>;

export interface ProjectWorld {
  admin: TestUser;
  clientA: TestUser;
  clientB: TestUser;
  broker: TestUser;
  /** Owned by clientA, brokered by broker. */
  projectA: Project;
  /** Owned by clientB, no broker. */
  projectB: Project;
}

/** Test data for role scoping: an admin, two clients, a broker and one project per client. */
export async function seedProjectWorld(t: TestApp): Promise<ProjectWorld> {
  const admin = await t.createUser('admin', { first_name: 'Ada' });
  const clientA = await t.createUser('client', { first_name: 'Anna' });
  const clientB = await t.createUser('client', { first_name: 'Bertil' });
  const broker = await t.createUser('broker', { first_name: 'Bo' });
  const arrange = arrangeFor(t, admin.token);
  const a = await arrange.project({
    owner: clientA.id,
    name: 'Alpha',
    type: 'rental',
    description: 'A',
    user_id: clientA.id,
  });
  const b = await arrange.project({ owner: clientB.id, name: 'Beta', type: 'tomter', description: 'B' });
  const res = await t.as(admin.token, {
    method: 'POST',
    url: '/api/v2/users/brokers',
    payload: { userId: broker.id, projectId: a.id },
  });
  if (res.statusCode !== 200) throw new Error(`seed failed: ${res.statusCode} ${res.body}`);
  return { admin, clientA, clientB, broker, projectA: res.json<{ project: Project }>().project, projectB: b };
}
