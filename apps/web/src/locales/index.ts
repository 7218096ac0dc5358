/**
 * Each feature keeps its texts in its own file per language (locales/{lang}/{feature}.json),
 * merged here under the feature's name: t('apartments.title') reads apartments.json.
 * translation.json holds the app-wide texts.
 */
import enAccess from './en/access.json';
import enApartments from './en/apartments.json';
import enConflicts from './en/conflicts.json';
import enAudit from './en/audit.json';
import enPlans from './en/plans.json';
import enProjects from './en/projects.json';
import enSunStudy from './en/sunstudy.json';
import enStatistics from './en/statistics.json';
import enStyles from './en/styles.json';
import enServer from './en/server.json';
import enBase from './en/translation.json';
import enInterest from './en/interest.json';
import enWebhooks from './en/webhooks.json';
import enHolds from './en/holds.json';
import enReleases from './en/releases.json';
import enLaunchConsole from './en/launch-console.json';
import svAccess from './sv/access.json';
import svApartments from './sv/apartments.json';
import svConflicts from './sv/conflicts.json';
import svAudit from './sv/audit.json';
import svPlans from './sv/plans.json';
import svProjects from './sv/projects.json';
import svSunStudy from './sv/sunstudy.json';
import svStatistics from './sv/statistics.json';
import svStyles from './sv/styles.json';
import svServer from './sv/server.json';
import svBase from './sv/translation.json';
import svInterest from './sv/interest.json';
import svWebhooks from './sv/webhooks.json';
import svHolds from './sv/holds.json';
import svReleases from './sv/releases.json';
import svLaunchConsole from './sv/launch-console.json';

export const en = {
  ...enBase,
  projects: enProjects,
  apartments: enApartments,
  plans: enPlans,
  sunstudy: enSunStudy,
  conflicts: enConflicts,
  access: enAccess,
  audit: enAudit,
  statistics: enStatistics,
  styles: enStyles,
  server: enServer,
  webhooks: enWebhooks,
  interest: enInterest,
  holds: enHolds,
  releases: enReleases,
  launchConsole: enLaunchConsole,
};
export const sv = {
  ...svBase,
  projects: svProjects,
  apartments: svApartments,
  plans: svPlans,
  sunstudy: svSunStudy,
  conflicts: svConflicts,
  access: svAccess,
  audit: svAudit,
  statistics: svStatistics,
  styles: svStyles,
  server: svServer,
  webhooks: svWebhooks,
  interest: svInterest,
  holds: svHolds,
  releases: svReleases,
  launchConsole: svLaunchConsole,
};
