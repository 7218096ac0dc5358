/**
 * Who may do what, written once (convention 18, ADR 027): the API enforces it (each route
 * declares its action; one hook answers 403 with the rule's reason) and the web app reads
 * it (`useCan()`) to show, hide or lock the same actions and form fields. Zod-free, so any
 * app may import it.
 *
 * Which projects someone reaches at all (scope: admins every project, a client those they
 * own, a broker those they broker) is not a rule here: a project outside it is 404, never
 * 403, and the API applies it in the query that loads the project.
 */
import type { AdminOnlyApartmentField } from './apartment-fields';
import { serverMessage, type CodedMessage } from './error-codes';
import type { Role } from './users';

/** The signed-in person as the server sees them. */
export interface PolicyActor {
  id: number;
  role: Role;
  /** True while an admin is signed in as this user ("log in as"). */
  impersonating: boolean;
  /** The user setting project_statistic is "1" (read only for the statistics rule). */
  statistics?: boolean;
}

/** The user an action is aimed at. */
export interface PolicyUser {
  id: number;
  role: Role;
}

/**
 * Why not: a code of the server-message catalogue (error-codes.ts) with its English text,
 * the way the API sends it in the 403 envelope and the web app translates it (ADR 019).
 */
export type Denial = CodedMessage;

/** The catalogue's codes the rules below give as reasons (texts without parameters). */
export type DenialCode =
  | 'forbidden'
  | 'adminsOnly'
  | 'notWhileImpersonating'
  | 'deleteSelf'
  | 'impersonateSelf'
  | 'impersonateAdmin'
  | 'projectCoreFields'
  | 'apartmentCreate'
  | 'apartmentDelete'
  | 'apartmentImport'
  | 'apartmentZoneLink'
  | 'apartmentBuildingNumber'
  | 'planUpload'
  | 'planEdit'
  | 'planBuildings'
  | 'planBackground'
  | 'fileChange'
  | 'fileDelete'
  | 'settingsAdminOnly'
  | 'stylesAdminOnly'
  | 'sunStudyAdminOnly'
  | 'buildingNumbersAdminOnly'
  | 'webhooksAdminOnly'
  | 'holdExtendBrokers'
  | 'releaseManage'
  | 'releasePauseAdmins'
  | 'statisticsOff';

const deny = (code: DenialCode): Denial => serverMessage(code);

type Rule = (actor: PolicyActor, target: PolicyUser) => Denial | null;

const anyone: Rule = () => null;
/** A rule that holds for admins (whoever they act as is their role) and refuses everyone else. */
const admins =
  (reason: DenialCode): Rule =>
  (actor) =>
    actor.role === 'admin' ? null : deny(reason);

/** An admin in their own session (never one who is acting as somebody else). */
const ownAdmin: Rule = (actor) =>
  actor.impersonating ? deny('notWhileImpersonating') : actor.role === 'admin' ? null : deny('adminsOnly');

/**
 * Each rule answers null (allowed) or why not. Reading something of a project is
 * `anyone`: scope (404) has already decided that the actor reaches the project.
 */
export const POLICY = {
  /** Any route under /admin (the route-prefix context): admins only, whatever the action. */
  'context.admin': admins('forbidden'),
  'project.list': anyone,
  'project.read': anyone,
  /** Updating a project; its core fields are `project.editCore`. */
  'project.update': anyone,
  /** Name, type, description, owner and broker (PROJECT_CORE_FIELDS). */
  'project.editCore': admins('projectCoreFields'),
  'project.create': admins('forbidden'),
  'project.delete': admins('forbidden'),
  'project.assignBroker': admins('forbidden'),

  'apartment.read': anyone,
  'apartment.export': anyone,
  'apartment.update': anyone,
  /** Several apartments' status at once (v2 update-status). */
  'apartment.setStatus': anyone,
  /** Several apartments' price or fee by one rule (issue 24), as anyone who may edit an apartment's price. */
  'apartment.setPrices': anyone,
  'apartment.create': admins('apartmentCreate'),
  'apartment.delete': admins('apartmentDelete'),
  'apartment.import': admins('apartmentImport'),
  /** The apartment's zone links (file_name). */
  'apartment.linkZone': admins('apartmentZoneLink'),
  /** The apartment's building number (building_number_id), one or several at once (v2 update-building-number). */
  'apartment.setBuildingNumber': admins('apartmentBuildingNumber'),

  'plan.read': anyone,
  'plan.upload': admins('planUpload'),
  'plan.edit': admins('planEdit'),
  'plan.attachBuildings': admins('planBuildings'),
  'plan.setBackground': admins('planBackground'),
  /** A file's sort order, background image or a plan's name. */
  'plan.update': admins('fileChange'),
  'plan.delete': admins('fileDelete'),
  /** The back office's file lists and single files (/admin only). */
  'plan.manage': admins('forbidden'),

  'settings.read': anyone,
  'settings.update': admins('settingsAdminOnly'),

  'styles.read': anyone,
  'styles.update': admins('stylesAdminOnly'),
  /** Saved themes and the default styles (/admin only). */
  'themes.manage': admins('forbidden'),

  'sunStudy.read': anyone,
  'sunStudy.manage': admins('sunStudyAdminOnly'),

  'buildingNumbers.read': anyone,
  'buildingNumbers.manage': admins('buildingNumbersAdminOnly'),

  /** A project's webhook endpoints, their secrets, test events, deliveries and replays (ADR 034). */
  'webhooks.manage': admins('webhooksAdminOnly'),

  /**
   * A project's interest list (ADR 036): reading it (personal data, every read audited), the
   * CSV export, tiers and notes, and adding a person met at a viewing. Scope decides: clients
   * and brokers reach their own projects' lists only.
   */
  'interest.read': anyone,
  'interest.export': anyone,
  'interest.update': anyone,
  'interest.add': anyone,
  /** A project's holds (ADR 035): the board, placing one, releasing one and converting one to a sale. */
  'holds.read': anyone,
  'holds.place': anyone,
  'holds.release': anyone,
  'holds.convert': anyone,
  /** More days on a hold, within its cap: the broker's call (issue 23), and admins'. */
  'holds.extend': (actor) =>
    actor.role === 'admin' || actor.role === 'broker' ? null : deny('holdExtendBrokers'),

  /** A project's releases (ADR 040): their settings, state, runs and protocol. */
  'release.read': anyone,
  /**
   * Rules, times and apartments, scheduling, the step buttons, running and approving the
   * allocation: the client's (and admins'). Brokers work the offers but cannot change the order.
   */
  'release.manage': (actor) =>
    actor.role === 'admin' || actor.role === 'client' ? null : deny('releaseManage'),
  /** Stopping the timer (and starting it again): admins only. */
  'release.pause': admins('releasePauseAdmins'),
  /**
   * A release's launch console (ADR 042): the offers, who is next in line, the counters and
   * the export; and answering an offer for a buyer on the phone. Scope decides, so brokers
   * work their own projects' offers; nobody here changes the order.
   */
  'release.console.read': anyone,
  'release.offers.work': anyone,

  /** Admins, and others whose user setting project_statistic is "1" (spec §2, §3). */
  'statistics.read': (actor) => (actor.role === 'admin' || actor.statistics ? null : deny('statisticsOff')),

  /** List, create and edit users, their roles, passwords and settings. */
  'users.manage': ownAdmin,
  /** The broker list (v2), for the project form's broker picker. */
  'users.listBrokers': admins('forbidden'),
  'users.delete': (actor, target) =>
    ownAdmin(actor, target) ?? (target.id === actor.id ? deny('deleteSelf') : null),
  /** "Log in as": never another admin, never from a session that is itself impersonated. */
  'users.impersonate': (actor, target) =>
    ownAdmin(actor, target) ??
    (target.id === actor.id
      ? deny('impersonateSelf')
      : target.role === 'admin'
        ? deny('impersonateAdmin')
        : null),
  /** The signed-in user's own profile. */
  'sessions.read': anyone,
  /** "Back to my account" from a session as another user. */
  'sessions.endImpersonation': anyone,
  /** Ends every session of the signed-in user; an admin acting as them may not. */
  'sessions.signOutEverywhere': (actor) => (actor.impersonating ? deny('notWhileImpersonating') : null),
  'audit.read': ownAdmin,
  /** The mail log (who was mailed what, and how sending went), global or per project. */
  'mail.read': ownAdmin,
  /** "Skicka igen": a copy of a mail from the log. */
  'mail.resend': ownAdmin,
} satisfies Record<string, Rule>;

export type PolicyAction = keyof typeof POLICY;

/**
 * Actions refused before any project is looked up, since the refusal is about the user
 * and never about a project (statistics switched off for them). Every other refusal comes
 * after scope: someone else's project is a 404 before it is a 403.
 */
export const USER_GATES: ReadonlySet<PolicyAction> = new Set<PolicyAction>(['statistics.read']);

/** The project fields `project.editCore` guards (spec §6); the rest of a project anyone who reaches it may send. */
export const PROJECT_CORE_FIELDS = ['name', 'type', 'description', 'user_id', 'broker_id'] as const;

/**
 * The rule for each field the apartment field catalogue marks admin-only (spec §6: building
 * numbers and zone links). The type holds it to exactly the catalogue's list.
 */
export const APARTMENT_FIELD_ACTIONS = {
  building_number_id: 'apartment.setBuildingNumber',
  file_name: 'apartment.linkZone',
} as const satisfies Record<AdminOnlyApartmentField, PolicyAction>;

/** Why `actor` may not do `action` (to `target`), or null when they may. */
export function denial(actor: PolicyActor, action: PolicyAction, target?: PolicyUser): Denial | null {
  // Rules that ignore the target are called with the actor as target.
  return POLICY[action](actor, target ?? actor);
}

export function can(actor: PolicyActor, action: PolicyAction, target?: PolicyUser): boolean {
  return denial(actor, action, target) === null;
}

/** Whether `actor` may change apartment `field` (true for a field without a rule of its own). */
export function canEditApartmentField(actor: PolicyActor, field: string): boolean {
  const action = (APARTMENT_FIELD_ACTIONS as Record<string, PolicyAction | undefined>)[field];
  return action === undefined || can(actor, action);
}
