import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Written through decode(base64 text): PGlite's JavaScript encoding of binary
 * parameters is several times slower than PostgreSQL's own decoder. Read large
 * values with encode(…, 'base64') for the same reason. Only the old `content` columns
 * use it: uploaded bytes now live in the file store (ADR 022).
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => sql`decode(${v.toString('base64')}, 'base64')`,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role', { enum: ['client', 'admin', 'broker'] })
      .notNull()
      .default('client'),
    password_hash: text('password_hash').notNull(),
    /**
     * Every token carries the version it was issued under; bumping it (password, role or
     * e-mail change, "sign out everywhere") ends every earlier session at once.
     */
    token_version: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * An admin signed in as another user ("log in as"). The token names its row, and every
 * request checks it: ended, expired, or started by someone who is no longer an admin
 * means the session is over.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: serial('id').primaryKey(),
    admin_id: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('impersonations_admin_idx').on(t.admin_id)],
);

export const userConfigs = pgTable(
  'user_configs',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.name] })],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['rental', 'sale', 'tomter'] })
      .notNull()
      .default('sale'),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    broker_id: integer('broker_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Optimistic-concurrency counter, bumped on every change of the project's own fields. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('projects_user_idx').on(t.user_id), index('projects_broker_idx').on(t.broker_id)],
);

export const projectSettings = pgTable(
  'project_settings',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    /** Optimistic-concurrency counter per setting; a setting never written is version 0. */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.name] })],
);

export const buildingNumbers = pgTable(
  'building_numbers',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    label_svg: text('label_svg').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('building_numbers_project_idx').on(t.project_id)],
);

export const apartments = pgTable(
  'apartments',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    building_number_id: integer('building_number_id').references(() => buildingNumbers.id, {
      onDelete: 'set null',
    }),
    bostad: text('bostad').notNull().default(''),
    square: doublePrecision('square'),
    rooms: text('rooms').notNull().default(''),
    floor: text('floor').notNull().default(''),
    status: text('status').notNull().default('sale'),
    price: doublePrecision('price'),
    fee: doublePrecision('fee'),
    garden_size: doublePrecision('garden_size'),
    inactive: boolean('inactive').notNull().default(false),
    link: text('link').notNull().default(''),
    file_name: text('file_name').notNull().default(''),
    description: text('description').notNull().default(''),
    info: jsonb('info').$type<{ url: string }[]>().notNull().default([]),
    statistic_count: integer('statistic_count').notNull().default(0),
    /** Optimistic-concurrency counter, bumped on every edit (not on clicks). */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('apartments_project_idx').on(t.project_id)],
);

export const apartmentStatusChanges = pgTable(
  'apartment_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The admin who made the change while signed in as `user_id`, if so. */
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('apartment_status_changes_apartment_idx').on(t.apartment_id),
    // Statistics read the changes since a day (sales progress over time).
    index('apartment_status_changes_changed_at_idx').on(t.changed_at),
  ],
);

/**
 * Every change of an apartment's price or fee (issue 24): append-only, written in the
 * transaction of the change, one row per write that changed either (never for a save that
 * left both as they were), with who made it.
 */
export const apartmentPriceChanges = pgTable(
  'apartment_price_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonator_id: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    from_price: doublePrecision('from_price'),
    to_price: doublePrecision('to_price'),
    from_fee: doublePrecision('from_fee'),
    to_fee: doublePrecision('to_fee'),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('apartment_price_changes_apartment_idx').on(t.apartment_id, t.changed_at)],
);

/**
 * Uploaded bytes kept outside the database, by their sha256 (ADR 022): on disk under
 * DATA_DIR/files or in an S3-compatible bucket. One row per stored blob, shared by every file
 * or copy with the same bytes. Every upload of those bytes renews touched_at before it
 * stores them; the sweep removes a blob no row refers to only once it is untouched for a while.
 */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    /** The sha256 of the bytes in hex: their name in the store. */
    key: text('key').primaryKey(),
    size: integer('size').notNull(),
    touched_at: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_blobs_touched_at_idx').on(t.touched_at)],
);

/** Plans (svg), background images (image) and sun-study files; image and video bytes live in the file store. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * A plan's name as people read it (ADR 025): its `<title>` on upload, else "Plan n"; editable.
     * '' for images, and for plans stored before names existed until the start-up names them.
     */
    title: text('title').notNull().default(''),
    kind: text('kind', { enum: ['svg', 'image', 'sunstudy'] }).notNull(),
    content_type: text('content_type').notNull(),
    /** Image and video bytes in the file store; null for plans, whose markup is in `svg`. */
    blob_key: text('blob_key').references(() => fileBlobs.key),
    /** Bytes written before ADR 022 (and by older backups); moved to the store at start-up, then null. */
    content: bytea('content'),
    /** Plan markup (sanitised); '' for images. */
    svg: text('svg').notNull().default(''),
    size: integer('size').notNull().default(0),
    etag: text('etag').notNull(),
    sort_index: integer('sort_index').notNull().default(0),
    /** For an SVG: the name of its background image. */
    data: text('data').notNull().default(''),
    /** Optimistic-concurrency counter, bumped on every save of the markup. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('files_project_name_idx').on(t.project_id, t.name),
    // The sweep asks whether any file still refers to a blob.
    index('files_blob_key_idx').on(t.blob_key),
  ],
);

export const fileBuildings = pgTable(
  'file_buildings',
  {
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    building_number_id: integer('building_number_id')
      .notNull()
      .references(() => buildingNumbers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.building_number_id] })],
);

/**
 * Resized copies of an uploaded image (sun-study images): one row per width and format,
 * served at immutable URLs, bytes in the file store. They go with their file.
 */
export const fileVariants = pgTable(
  'file_variants',
  {
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    content_type: text('content_type').notNull(),
    blob_key: text('blob_key').references(() => fileBlobs.key),
    /** Bytes written before ADR 022; moved to the store at start-up, then null. */
    content: bytea('content'),
    size: integer('size').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.file_id, t.width, t.content_type] }),
    index('file_variants_blob_key_idx').on(t.blob_key),
  ],
);

/**
 * The sun study of a project: uploaded files (kind 'sunstudy') in the order buyers step
 * through them; sort_index is always the list position (spec §9).
 */
export const sunStudyFiles = pgTable(
  'sun_study_files',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The stored upload; deleting it removes the entry. */
    file_id: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    file_path: text('file_path').notNull(),
    file_name: text('file_name').notNull(),
    sort_index: integer('sort_index').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sun_study_files_file_idx').on(t.file_id),
    index('sun_study_files_project_idx').on(t.project_id, t.sort_index),
  ],
);

/** Saved looks (spec §3 Theme): `data` holds {attr: style name, val} entries; names are unique ignoring case. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    data: jsonb('data').$type<{ attr: string; val: string }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('themes_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** A project's own style values: [key, attr, value] triples over the default styles (spec §3, §7). */
export const projectStyles = pgTable(
  'project_styles',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    attr: text('attr').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.key, t.attr] })],
);

export const clickEvents = pgTable(
  'click_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    clicked_at: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('click_events_project_time_idx').on(t.project_id, t.clicked_at),
    index('click_events_apartment_idx').on(t.apartment_id),
  ],
);

/**
 * The salt that makes click visitors' address hashes unlinkable to addresses: random,
 * one per UTC day, shared by every instance on one database, and deleted when the
 * day is over (so yesterday's hashes can no longer be recomputed by anyone).
 */
export const clickSalts = pgTable('click_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Apartments per project and status, for statistics (counting 100,000 apartments on every
 * dashboard read costs more than the read's budget). Kept exact by triggers on apartments
 * (insert, delete, and updates that change a status or project) in the custom migration
 * *_statistics_roll_ups.sql; the app never writes it. Decision record 013.
 */
export const apartmentStatusCounts = pgTable(
  'apartment_status_counts',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.status] })],
);

/**
 * Clicks per apartment and calendar day (Europe/Stockholm), for statistics over date
 * ranges. This and the three tables below are kept exact by triggers on click_events (the
 * custom migration *_statistics_roll_ups.sql): every insert or delete of clicks updates them
 * in the same statement, so today's clicks count as soon as they are written, whoever
 * writes them. The app never writes them. Decision record 013.
 */
export const clickDaily = pgTable(
  'click_daily',
  {
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apartment_id, t.day] }),
    index('click_daily_project_day_idx').on(t.project_id, t.day),
    index('click_daily_day_idx').on(t.day),
  ],
);

/**
 * Clicks per apartment and calendar year (of click_daily's days), kept by the same
 * triggers: an upper bound on an apartment's clicks in any range within those years, so a
 * custom-range ranking over many projects sums click_daily only for the apartments that
 * could still make the list (repository `rankedInRange`, decision record 013).
 */
export const clickYearly = pgTable(
  'click_yearly',
  {
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clicks: integer('clicks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.apartment_id, t.year] }),
    index('click_yearly_year_clicks_idx').on(t.year, t.clicks),
  ],
);

/** Clicks per project and day: clicks per day over many projects without reading every apartment's row. */
export const clickDailyProjects = pgTable(
  'click_daily_projects',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project_id, t.day] })],
);

/**
 * Each apartment's clicks in the 7, 30 and 90 days ending on click_windows_state.day
 * (today and the days before): the dashboard's ranges and "most clicked this week" as
 * one small row per clicked apartment instead of a sum over click_daily. The insert and
 * delete triggers keep them exact for that day; click_windows_roll_to(day), called before
 * a read, moves them on to a new day. Apartments without clicks in 90 days have no row.
 * Stored with fillfactor 70 (set in that migration), so those updates stay on their page.
 */
export const clickWindows = pgTable(
  'click_windows',
  {
    apartment_id: integer('apartment_id')
      .primaryKey()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    d7: integer('d7').notNull().default(0),
    d30: integer('d30').notNull().default(0),
    d90: integer('d90').notNull().default(0),
  },
  (t) => [index('click_windows_project_idx').on(t.project_id)],
);

/** The one row saying which day click_windows end on (null: not built yet). */
export const clickWindowsState = pgTable(
  'click_windows_state',
  {
    id: integer('id').primaryKey().default(1),
    day: date('day', { mode: 'string' }),
  },
  (t) => [check('click_windows_state_single_row', sql`${t.id} = 1`)],
);

/**
 * Counters shared by every instance on one database (login limits, click caps):
 * the table rate-limiter-flexible's Drizzle store expects, updated with one atomic upsert.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * Who did what to which user, project, apartment, plan, setting or style, and when.
 * Written by the audit plugin for every successful signed-in write (see ADR 007).
 * Names are copied so an entry stays readable after a user is deleted; nothing else
 * personal is kept (no bodies, no addresses). project_id has no foreign key: the
 * history of a deleted project stays.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The person who acted: the admin, also while signed in as someone else. */
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name').notNull(),
    /** The user the admin was signed in as, if any. */
    as_user_id: integer('as_user_id').references(() => users.id, { onDelete: 'set null' }),
    as_user_name: text('as_user_name'),
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id'),
    project_id: integer('project_id'),
    /** Small, non-secret facts: the names of the fields sent, a status, a file name. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** "PUT /api/v1/admin/apartment/:id" */
    route: text('route').notNull(),
    request_id: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actor_id, t.id),
    index('audit_log_as_user_idx').on(t.as_user_id, t.id),
    index('audit_log_project_idx').on(t.project_id, t.id),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id, t.id),
  ],
);

/**
 * Everything that leaves Planvy (ADR 032): written in the same transaction as the change
 * that causes it, sent by the outbox loop. A row is `pending` until due_at, `sending`
 * while one instance holds it (due_at is then when its claim lapses), and ends `sent` or
 * `failed` (after the last attempt).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the payload is: 'mail' (ADR 033); webhooks will follow. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The project it belongs to, for the per-project mail log; none for account mail. */
    project_id: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    due_at: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** Which claim holds a `sending` row: a lapsed claimer's late answer changes nothing. */
    claim: text('claim'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.due_at)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('outbox_project_idx').on(t.project_id, t.id),
  ],
);

/** Each attempt to send an outbox row: when, and what went wrong (null: it left). */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outbox_id: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    /** The HTTP status a webhook's receiver answered (ADR 034); null for mail and for no answer. */
    response_code: integer('response_code'),
  },
  (t) => [index('outbox_attempts_outbox_idx').on(t.outbox_id, t.attempt)],
);

/**
 * A project's webhook endpoint (ADR 034): where events it subscribes to are POSTed, signed
 * per Standard Webhooks with `secret` (and `previous_secret` too until it expires, after a
 * rotation). Its deliveries are outbox rows of kind 'webhook' naming it in their payload.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** whsec_ and base64 of 24 random bytes. */
    secret: text('secret').notNull(),
    previous_secret: text('previous_secret'),
    previous_secret_expires_at: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Why Planvy turned it off (persistent failure); null when on or turned off by hand. */
    disabled_reason: text('disabled_reason'),
    /** Whether events may carry buyers' personal data to it. */
    personal_data: boolean('personal_data').notNull().default(false),
    /** Deliveries failed in a row (any attempt), and when the first of them failed. */
    failure_count: integer('failure_count').notNull().default(0),
    first_failure_at: timestamp('first_failure_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.project_id)],
);

/**
 * One-time links sent by mail (password reset, invitation): only the SHA-256 of the token
 * is kept, and a token is spent once, before it expires. `purpose` is plain text in the
 * database (no check constraint), so a new purpose needs no migration.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'invite'] }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.token_hash), index('user_tokens_user_idx').on(t.user_id)],
);

/**
 * A buyer's interest in a project (intresseanmälan, ADR 036). `confirmed_at` is the place in
 * the queue. Tokens are kept only as SHA-256: the confirmation link's (valid until
 * confirm_expires_at) and the buyer's own page's ("Min sida", a magic link). The row is
 * deleted, consents with it, once a withdrawn or lapsed entry's retention has passed.
 * The e-mail is kept in lower case; one live (pending or confirmed) entry per address and project.
 */
export const interestEntries = pgTable(
  'interest_entries',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    lang: text('lang', { enum: ['sv', 'en'] })
      .notNull()
      .default('sv'),
    rooms: integer('rooms')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    max_price: bigint('max_price', { mode: 'number' }),
    /** Apartment ids in the buyer's order of preference (no foreign key: a deleted apartment just drops out). */
    apartment_ids: integer('apartment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    status: text('status', { enum: ['pending', 'confirmed', 'withdrawn', 'lapsed'] })
      .notNull()
      .default('pending'),
    source: text('source', { enum: ['widget', 'viewing'] }).notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was withdrawn or lapsed: erasure counts from here. */
    ended_at: timestamp('ended_at', { withTimezone: true }),
    tier: text('tier'),
    /** Queue points (Riksbyggen, HSB): more is served first within a tier (ADR 040). */
    points: integer('points').notNull().default(0),
    /** People with the same household key get at most one home of a release (ADR 040); null: their own. */
    household: text('household'),
    notes: text('notes'),
    confirm_token_hash: text('confirm_token_hash'),
    confirm_expires_at: timestamp('confirm_expires_at', { withTimezone: true }),
    page_token_hash: text('page_token_hash'),
  },
  (t) => [
    index('interest_entries_project_idx').on(t.project_id, t.id),
    uniqueIndex('interest_entries_live_email_idx')
      .on(t.project_id, t.email)
      .where(sql`${t.status} in ('pending', 'confirmed')`),
    uniqueIndex('interest_entries_confirm_token_idx').on(t.confirm_token_hash),
    uniqueIndex('interest_entries_page_token_idx').on(t.page_token_hash),
  ],
);

/**
 * Each consent an interest entry was given with (ADR 036): the purpose, the exact version of
 * the text shown (packages/shared interest.ts, never rewritten), when, and how.
 */
export const interestConsents = pgTable(
  'interest_consents',
  {
    id: serial('id').primaryKey(),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => interestEntries.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['interest_list', 'newsletter'] }).notNull(),
    text_version: text('text_version').notNull(),
    given_at: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method', { enum: ['widget_form', 'added_at_viewing'] }).notNull(),
  },
  (t) => [index('interest_consents_entry_idx').on(t.entry_id)],
);

/**
 * Holds (ADR 035): an apartment kept for one person until `expires_at`. Active while
 * `ended_at` is null; at most one active hold per apartment, by the unique partial index, so
 * double booking cannot happen whatever the requests race. Reads treat an overdue active
 * hold as ended (expired) before the outbox's timer has ended it.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reservation', 'booking', 'checkout'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** The language of the buyer's mail. */
    language: text('language', { enum: ['sv', 'en'] })
      .notNull()
      .default('sv'),
    /** The interest-list entry the person came from, if any; erasing the entry keeps the hold. */
    interest_id: integer('interest_id').references(() => interestEntries.id, { onDelete: 'set null' }),
    /** The status the hold set, and the one it restores on expiry if the apartment still has the first. */
    set_status: text('set_status').notNull(),
    previous_status: text('previous_status').notNull(),
    placed_at: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The latest expiry extensions may reach (the kind's cap from placed_at). */
    max_expires_at: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    extensions: integer('extensions').notNull().default(0),
    placed_by: integer('placed_by').references(() => users.id, { onDelete: 'set null' }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    end_reason: text('end_reason', { enum: ['expired', 'released', 'converted'] }),
  },
  (t) => [
    uniqueIndex('holds_one_active_per_apartment')
      .on(t.apartment_id)
      .where(sql`${t.ended_at} is null`),
    index('holds_project_idx').on(t.project_id, t.expires_at),
    index('holds_email_idx').on(t.project_id, sql`lower(${t.email})`),
    check('holds_ended', sql`(${t.ended_at} is null) = (${t.end_reason} is null)`),
  ],
);

/**
 * Releases (säljstart, ADR 040): a set of a project's apartments sold by one mode (queue,
 * lottery, per-apartment lottery, first come). `state` follows the times through the outbox's
 * timer (packages/shared release-states.ts), each step also a button; `paused` stops the timer.
 * The seed is secret until the wishes are frozen; its commitment (SHA-256) is published when
 * the wish window opens. Times are null until the client sets them.
 */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['queue', 'lottery', 'per_apartment_lottery', 'first_come'] }).notNull(),
    state: text('state', {
      enum: [
        'draft',
        'scheduled',
        'wishes_open',
        'wishes_closed',
        'allocated',
        'offers_out',
        'public',
        'closed',
      ],
    })
      .notNull()
      .default('draft'),
    paused: boolean('paused').notNull().default(false),
    max_wishes: integer('max_wishes').notNull().default(5),
    one_per_household: boolean('one_per_household').notNull().default(true),
    /** How long an offer stands, in hours (default 48). */
    offer_hours: integer('offer_hours').notNull().default(48),
    /** First-come checkout holds, in minutes (10–15). */
    checkout_minutes: integer('checkout_minutes').notNull().default(15),
    /** Buyer tiers in priority order, each with when its wish window (or checkout) opens. */
    tiers: jsonb('tiers')
      .$type<{ key: string; label: string; opens_at: string | null }[]>()
      .notNull()
      .default([]),
    wishes_open_at: timestamp('wishes_open_at', { withTimezone: true }),
    wishes_close_at: timestamp('wishes_close_at', { withTimezone: true }),
    public_at: timestamp('public_at', { withTimezone: true }),
    closes_at: timestamp('closes_at', { withTimezone: true }),
    /** Whether the widget shows per apartment how many have it as first choice (aggregated, never names). */
    show_demand: boolean('show_demand').notNull().default(false),
    /** The rules text being written (Swedish and English); published with the settings as a rules version. */
    rules_text: jsonb('rules_text').$type<{ sv: string; en: string }>().notNull().default({ sv: '', en: '' }),
    /** The published rules' current version (release_rule_versions); 0 until first published. */
    rules_version: integer('rules_version').notNull().default(0),
    seed: text('seed'),
    seed_commitment: text('seed_commitment'),
    /** Bumped by every write: the optimistic-concurrency version the forms send back. */
    version: integer('version').notNull().default(1),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('releases_project_idx').on(t.project_id)],
);

/** The apartments of a release; an apartment is in at most one release. */
export const releaseApartments = pgTable(
  'release_apartments',
  {
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.release_id, t.apartment_id] }),
    uniqueIndex('release_apartments_apartment_idx').on(t.apartment_id),
  ],
);

/** Every published version of a release's rules, never rewritten: what buyers were shown, and when. */
export const releaseRuleVersions = pgTable(
  'release_rule_versions',
  {
    id: serial('id').primaryKey(),
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The settings in force (mode, tiers, times, limits) and the rules text in both languages. */
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull(),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    published_by: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('release_rule_versions_idx').on(t.release_id, t.version)],
);

/** A buyer's ranked wishes in a release: one row per interest entry, apartment ids first choice first. */
export const releaseWishes = pgTable(
  'release_wishes',
  {
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => interestEntries.id, { onDelete: 'cascade' }),
    apartment_ids: integer('apartment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.release_id, t.entry_id] })],
);

/**
 * An allocation run (ADR 039/040): the frozen input, the protocol (seed, digest, version,
 * order, allocations) exactly as `allocate` returned it. The latest run not superseded is the
 * one offers follow once approved.
 */
export const releaseRuns = pgTable(
  'release_runs',
  {
    id: serial('id').primaryKey(),
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    protocol: jsonb('protocol').$type<Record<string, unknown>>().notNull(),
    input_digest: text('input_digest').notNull(),
    algorithm_version: text('algorithm_version').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    superseded: boolean('superseded').notNull().default(false),
  },
  (t) => [index('release_runs_release_idx').on(t.release_id, t.id)],
);

/**
 * An offer of one home to one person (ADR 040). Pending until accepted (a reservation hold),
 * declined, expired or withdrawn; then the home passes to the next unserved person who wished
 * it. At most one pending or accepted offer per apartment, by the partial unique index.
 */
export const releaseOffers = pgTable(
  'release_offers',
  {
    id: serial('id').primaryKey(),
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    run_id: integer('run_id').references(() => releaseRuns.id, { onDelete: 'set null' }),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => interestEntries.id, { onDelete: 'cascade' }),
    apartment_id: integer('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    /** The place of the apartment in the person's wishes. */
    rank: integer('rank').notNull(),
    state: text('state', { enum: ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] })
      .notNull()
      .default('pending'),
    offered_at: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
    /** Who answered for the buyer (a broker on the phone), null when the buyer did on Min sida. */
    responded_by: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    hold_id: integer('hold_id').references(() => holds.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('release_offers_release_idx').on(t.release_id, t.state),
    index('release_offers_entry_idx').on(t.entry_id),
    uniqueIndex('release_offers_one_live_per_apartment')
      .on(t.apartment_id)
      .where(sql`${t.state} in ('pending', 'accepted')`),
  ],
);
