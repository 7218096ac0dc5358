import {
  defaultProjectSettings,
  isProjectSettingName,
  PROJECT_SETTINGS,
  type ProjectSetting,
  type ProjectSettingName,
  type ProjectSettings,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { assertProjectVisible, lockVisibleProject, type Caller } from '../projects/service';
import * as repo from './repository';

export const SETTINGS_ADMIN_ONLY = 'Only an admin can change project settings';

/** One setting: the stored value, or the catalogue default when never written. */
export async function getSetting(
  db: DbOrTx,
  caller: Caller,
  projectId: number,
  name: ProjectSettingName,
): Promise<ProjectSetting> {
  await assertProjectVisible(db, caller, projectId);
  const stored = await repo.readSetting(db, projectId, name);
  return { name, value: stored ?? PROJECT_SETTINGS[name].default };
}

/** All 15 settings; rows with names outside the catalogue are ignored. */
export async function getSettings(db: DbOrTx, caller: Caller, projectId: number): Promise<ProjectSettings> {
  await assertProjectVisible(db, caller, projectId);
  const settings = defaultProjectSettings();
  for (const row of await repo.readSettings(db, projectId)) {
    if (isProjectSettingName(row.name)) settings[row.name] = row.value;
  }
  return settings;
}

/** Stores an already validated and normalised value. Admins only (spec §6). */
export async function setSetting(
  db: Db,
  caller: Caller,
  projectId: number,
  setting: ProjectSetting,
): Promise<ProjectSetting> {
  return db.transaction(async (tx) => {
    // Someone else's project is a 404 before it is a 403: the caller learns nothing about it.
    // The lock keeps the project from being deleted under the write.
    await lockVisibleProject(tx, caller, projectId);
    if (caller.role !== 'admin') throw forbidden(SETTINGS_ADMIN_ONLY);
    await repo.writeSetting(tx, projectId, setting.name, setting.value);
    return setting;
  });
}
