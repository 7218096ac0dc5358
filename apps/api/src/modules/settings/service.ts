import {
  settingsFromRows,
  PROJECT_SETTINGS,
  type ProjectSetting,
  type ProjectSettingName,
  type ProjectSettings,
  type ProjectSettingVersions,
} from '@planvy/shared';
import type { Db, DbOrTx } from '../../db/client';
import { assertVersion, lockProject } from '../projects/service';
import * as repo from './repository';

/** One setting: the stored value, or the catalogue default when never written. */
export async function getSetting(
  db: DbOrTx,
  projectId: number,
  name: ProjectSettingName,
): Promise<ProjectSetting> {
  const stored = await repo.readSetting(db, projectId, name);
  return { name, value: stored?.value ?? PROJECT_SETTINGS[name].default, version: stored?.version ?? 0 };
}

/** Every setting and its version; rows with names outside the catalogue are ignored. */
export async function getSettings(
  db: DbOrTx,
  projectId: number,
): Promise<{ settings: ProjectSettings; versions: ProjectSettingVersions }> {
  return settingsFromRows(await repo.readSettings(db, projectId));
}

/**
 * Stores an already validated and normalised value, unless the writer loaded another
 * version of this setting than the stored one (409). Who may is checked before (`settings.update`).
 */
export async function setSetting(
  db: Db,
  projectId: number,
  setting: { name: ProjectSettingName; value: string; version?: number },
): Promise<ProjectSetting> {
  return db.transaction(async (tx) => {
    // The project lock keeps it from being deleted under the write, and orders concurrent
    // writes of its settings, so the version read below is the one the write replaces.
    await lockProject(tx, projectId);
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
