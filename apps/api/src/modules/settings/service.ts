import {
  settingsFromRows,
  PROJECT_SETTINGS,
  type ProjectSetting,
  type ProjectSettingName,
  type ProjectSettings,
  type ProjectSettingVersions,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { assertProjectVisible, assertVersion, lockVisibleProject, type Caller } from '../projects/service';
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
  return { name, value: stored?.value ?? PROJECT_SETTINGS[name].default, version: stored?.version ?? 0 };
}

/** Every setting and its version; rows with names outside the catalogue are ignored. */
export async function getSettings(
  db: DbOrTx,
  caller: Caller,
  projectId: number,
): Promise<{ settings: ProjectSettings; versions: ProjectSettingVersions }> {
  await assertProjectVisible(db, caller, projectId);
  return settingsFromRows(await repo.readSettings(db, projectId));
}

/**
 * Stores an already validated and normalised value, unless the writer loaded another
 * version of this setting than the stored one (409). Admins only (spec §6).
 */
export async function setSetting(
  db: Db,
  caller: Caller,
  projectId: number,
  setting: { name: ProjectSettingName; value: string; version?: number },
): Promise<ProjectSetting> {
  return db.transaction(async (tx) => {
    // Someone else's project is a 404 before it is a 403: the caller learns nothing about it.
    // The project lock keeps it from being deleted under the write, and orders concurrent
    // writes of its settings, so the version read below is the one the write replaces.
    await lockVisibleProject(tx, caller, projectId);
    if (caller.role !== 'admin') throw forbidden(SETTINGS_ADMIN_ONLY);
    const stored = await repo.readSetting(tx, projectId, setting.name);
    assertVersion(
      setting.version,
      stored?.version ?? 0,
      `Someone else changed the setting ${setting.name} after you opened it. Reload to see their change, then make yours again.`,
    );
    const version = await repo.writeSetting(tx, projectId, setting.name, setting.value);
    return { name: setting.name, value: setting.value, version };
  });
}
