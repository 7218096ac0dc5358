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

/** Why not: a stable code (for the error envelope and translations) and the API's English text. */
export interface Denial {
  code: string;
  message: string;
}

/**
 * Every reason a rule gives, in one place: the codes are stable, the messages are the
 * English texts the API has always sent (the web app and tests read them).
 */
export const DENIALS = {
  adminsOnly: { code: 'admins_only', message: 'Only admins may do this' },
  /** Admins' own ground: an /admin/… path, and the few admin calls outside it. */
  noAccess: { code: 'forbidden', message: 'You do not have access to this resource' },
  notWhileImpersonating: { code: 'not_while_impersonating', message: 'Not while signed in as another user' },
  deleteSelf: { code: 'delete_self', message: 'You cannot delete your own account' },
  impersonateSelf: { code: 'impersonate_self', message: 'You are already signed in as yourself' },
  impersonateAdmin: { code: 'impersonate_admin', message: 'Admins cannot sign in as another admin' },
  projectCore: {
    code: 'project_core_fields',
    message: 'Only an admin can change the name, type, description, owner or broker of a project',
  },
  apartmentCreate: { code: 'apartment_create', message: 'Only admins add apartments' },
  apartmentDelete: { code: 'apartment_delete', message: 'Only admins delete apartments' },
  apartmentImport: { code: 'apartment_import', message: 'Only admins import apartments' },
  apartmentZoneLink: { code: 'apartment_zone_link', message: 'Only admins change zone links' },
  apartmentBuildingNumber: {
    code: 'apartment_building_number',
    message: 'Only admins change building numbers',
  },
  planUpload: { code: 'plan_upload', message: 'Only admins upload files' },
  planEdit: { code: 'plan_edit', message: 'Only admins edit plans' },
  planBuildings: { code: 'plan_buildings', message: 'Only admins attach building numbers' },
  planBackground: { code: 'plan_background', message: 'Only admins set background images' },
  fileChange: { code: 'file_change', message: 'Only admins change files' },
  fileDelete: { code: 'file_delete', message: 'Only admins delete files' },
  settings: { code: 'settings_admin_only', message: 'Only an admin can change project settings' },
  styles: { code: 'styles_admin_only', message: 'Only an admin can change project styles' },
  sunStudy: { code: 'sun_study_admin_only', message: 'Only admins change sun studies' },
  buildingNumbers: { code: 'building_numbers_admin_only', message: 'Only admins manage building numbers' },
  statistics: { code: 'statistics_off', message: 'Statistics are not enabled for this user' },
} as const satisfies Record<string, Denial>;

export type DenialName = keyof typeof DENIALS;

type Rule = (actor: PolicyActor, target: PolicyUser) => Denial | null;

const anyone: Rule = () => null;
/** A rule that holds for admins (whoever they act as is their role) and refuses everyone else. */
const admins =
  (reason: Denial): Rule =>
  (actor) =>
    actor.role === 'admin' ? null : reason;

/** An admin in their own session (never one who is acting as somebody else). */
const ownAdmin: Rule = (actor) =>
  actor.impersonating ? DENIALS.notWhileImpersonating : actor.role === 'admin' ? null : DENIALS.adminsOnly;

/**
 * Each rule answers null (allowed) or why not. Reading something of a project is
 * `anyone`: scope (404) has already decided that the actor reaches the project.
 */
export const POLICY = {
  /** Any route under /admin (the route-prefix context): admins only, whatever the action. */
  'context.admin': admins(DENIALS.noAccess),
  'project.list': anyone,
  'project.read': anyone,
  /** Updating a project; its core fields are `project.editCore`. */
  'project.update': anyone,
  /** Name, type, description, owner and broker (PROJECT_CORE_FIELDS). */
  'project.editCore': admins(DENIALS.projectCore),
  'project.create': admins(DENIALS.noAccess),
  'project.delete': admins(DENIALS.noAccess),
  'project.assignBroker': admins(DENIALS.noAccess),

  'apartment.read': anyone,
  'apartment.export': anyone,
  'apartment.update': anyone,
  /** Several apartments' status at once (v2 update-status). */
  'apartment.setStatus': anyone,
  'apartment.create': admins(DENIALS.apartmentCreate),
  'apartment.delete': admins(DENIALS.apartmentDelete),
  'apartment.import': admins(DENIALS.apartmentImport),
  /** The apartment's zone links (file_name). */
  'apartment.linkZone': admins(DENIALS.apartmentZoneLink),
  /** The apartment's building number (building_number_id). */
  'apartment.setBuildingNumber': admins(DENIALS.apartmentBuildingNumber),

  'plan.read': anyone,
  'plan.upload': admins(DENIALS.planUpload),
  'plan.edit': admins(DENIALS.planEdit),
  'plan.attachBuildings': admins(DENIALS.planBuildings),
  'plan.setBackground': admins(DENIALS.planBackground),
  /** A file's sort order, background image or a plan's name. */
  'plan.update': admins(DENIALS.fileChange),
  'plan.delete': admins(DENIALS.fileDelete),
  /** The back office's file lists and single files (/admin only). */
  'plan.manage': admins(DENIALS.noAccess),

  'settings.read': anyone,
  'settings.update': admins(DENIALS.settings),

  'styles.read': anyone,
  'styles.update': admins(DENIALS.styles),
  /** Saved themes and the default styles (/admin only). */
  'themes.manage': admins(DENIALS.noAccess),

  'sunStudy.read': anyone,
  'sunStudy.manage': admins(DENIALS.sunStudy),

  'buildingNumbers.read': anyone,
  'buildingNumbers.manage': admins(DENIALS.buildingNumbers),

  /** Admins, and others whose user setting project_statistic is "1" (spec §2, §3). */
  'statistics.read': (actor) => (actor.role === 'admin' || actor.statistics ? null : DENIALS.statistics),

  /** List, create and edit users, their roles, passwords and settings. */
  'users.manage': ownAdmin,
  /** The broker list (v2), for the project form's broker picker. */
  'users.listBrokers': admins(DENIALS.noAccess),
  'users.delete': (actor, target) =>
    ownAdmin(actor, target) ?? (target.id === actor.id ? DENIALS.deleteSelf : null),
  /** "Log in as": never another admin, never from a session that is itself impersonated. */
  'users.impersonate': (actor, target) =>
    ownAdmin(actor, target) ??
    (target.id === actor.id
      ? DENIALS.impersonateSelf
      : target.role === 'admin'
        ? DENIALS.impersonateAdmin
        : null),
  /** The signed-in user's own profile. */
  'sessions.read': anyone,
  /** "Back to my account" from a session as another user. */
  'sessions.endImpersonation': anyone,
  /** Ends every session of the signed-in user; an admin acting as them may not. */
  'sessions.signOutEverywhere': (actor) => (actor.impersonating ? DENIALS.notWhileImpersonating : null),
  'audit.read': ownAdmin,
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
