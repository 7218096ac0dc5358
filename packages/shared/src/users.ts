import { z } from 'zod';
import { codedIssue } from './error-codes';
import { LANGUAGES } from './language';

export const ROLES = ['client', 'admin', 'broker'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_NAMES: Record<Role, string> = { client: 'Client', admin: 'Admin', broker: 'Broker' };

/** Per-user settings (spec §3 "config"). Values are strings, booleans as "1"/"0". */
export const USER_CONFIG = {
  project_statistic: { values: ['0', '1'], default: '0' },
} as const;
export type UserConfigName = keyof typeof USER_CONFIG;
export const USER_CONFIG_NAMES = Object.keys(USER_CONFIG) as [UserConfigName, ...UserConfigName[]];

export const LIMITS = {
  email: 100,
  name: 100,
  phone: 30,
  passwordMin: 6,
  passwordMax: 30,
} as const;

const trimmed = (max: number) => z.string().trim().max(max);
export const emailField = z.string().trim().min(1).max(LIMITS.email).pipe(z.email());
export const passwordField = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);
/** An empty role falls back to client (spec §5). */
export const roleField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 'client' : v),
  z.enum(ROLES),
);

export const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(LIMITS.email),
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /password-reset ("Glömt lösenord?"): the address, and the language the mail is written in. */
export const passwordResetRequestSchema = z.object({
  email: emailField,
  language: z.enum(LANGUAGES).optional(),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /password-reset/complete: the link's token and the new password, typed twice (as in the user form). */
export const passwordResetSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordField,
    password_confirm: z.string().max(LIMITS.passwordMax),
  })
  .refine((u) => u.password === u.password_confirm, {
    path: ['password_confirm'],
    ...codedIssue('passwordConfirm'),
  });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

const userFields = {
  first_name: trimmed(LIMITS.name).min(1),
  last_name: trimmed(LIMITS.name).default(''),
  phone: trimmed(LIMITS.phone).default(''),
  role: roleField,
};

const userCreateFields = z.object({
  ...userFields,
  email: emailField,
  /**
   * Mail the user a link to choose their own password (ADR 033) instead of setting one: the
   * password fields are then left empty. Without it the spec's payload (password and
   * password_confirm) works as before.
   */
  invite: z.boolean().optional(),
  /** The language of the invitation mail; the admin's own by default. */
  language: z.enum(LANGUAGES).optional(),
  password: z.string().max(LIMITS.passwordMax).optional(),
  password_confirm: z.string().max(LIMITS.passwordMax).optional(),
});

type CreateFields = z.output<typeof userCreateFields>;
const coded = (ctx: z.RefinementCtx, path: string, issue: ReturnType<typeof codedIssue>) =>
  ctx.addIssue({ code: 'custom', path: [path], message: issue.error, params: issue.params });
/** A password is required (and checked as before) unless the user is invited; an invitation carries none. */
const passwordRule = (u: CreateFields, ctx: z.RefinementCtx) => {
  if (u.invite) {
    if (u.password) coded(ctx, 'password', codedIssue('passwordWithInvite'));
    return;
  }
  for (const issue of passwordField.safeParse(u.password ?? '').error?.issues ?? []) {
    ctx.addIssue({ ...issue, path: ['password'] });
  }
};

/**
 * POST /admin/user. The spec's clients send `password_confirm` empty: that (or none at all)
 * means "no confirmation given"; a confirmation that is given must match.
 */
export const userCreateSchema = userCreateFields.superRefine((u, ctx) => {
  passwordRule(u, ctx);
  if (!u.invite && u.password_confirm && u.password !== u.password_confirm) {
    coded(ctx, 'password_confirm', codedIssue('passwordConfirm'));
  }
});
/** The admin form's: a person types the password twice, so an empty confirmation does not match. */
export const userCreateFormSchema = userCreateFields.superRefine((u, ctx) => {
  passwordRule(u, ctx);
  if (!u.invite && u.password !== u.password_confirm) {
    coded(ctx, 'password_confirm', codedIssue('passwordConfirm'));
  }
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** Email is not editable; a password is only changed when one is given. */
export const userUpdateSchema = z
  .object({
    ...userFields,
    email: z.string().optional(),
    password: z.union([z.literal(''), passwordField]).optional(),
    password_confirm: z.string().max(LIMITS.passwordMax).optional(),
  })
  .refine((u) => !u.password || u.password === u.password_confirm, {
    path: ['password_confirm'],
    ...codedIssue('passwordConfirm'),
  });
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userConfigBodySchema = z.object({
  name: z.enum(USER_CONFIG_NAMES),
  value: z.enum(['0', '1']),
});

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.object({ slug: z.enum(ROLES), name: z.string() })),
  config: z.array(z.object({ name: z.string(), value: z.string() })),
  /**
   * Invited and not yet accepted: no password is set, so the user cannot sign in yet. The
   * API always sends it; optional so a session stored in a browser before it existed still reads.
   */
  invitation_pending: z.boolean().optional(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const clientEntrySchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ClientEntry = z.infer<typeof clientEntrySchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Answers of the user routes: the routes declare them, the web app reads them. */
export const userResponseSchema = z.object({ user: userSchema });
/** A user's own role change answers with a new token for the new role. */
export const userUpdateResponseSchema = userResponseSchema.extend({ token: z.string().optional() });
export const usersResponseSchema = z.object({ users: z.array(userSchema) });
export const brokersResponseSchema = z.object({ brokers: z.array(userSchema) });
export const clientsResponseSchema = z.object({ clients: z.array(clientEntrySchema) });
/** GET /user/me: the signed-in user, and the admin behind a "log in as" session. */
export const meResponseSchema = z.object({
  profile: userSchema,
  impersonator_id: z.number().int().nullable(),
});
export type Me = z.infer<typeof meResponseSchema>;

export function userRole(user: Pick<User, 'roles'>): Role {
  return user.roles[0]?.slug ?? 'client';
}

export function userConfigValue(user: Pick<User, 'config'>, name: UserConfigName): string {
  return user.config.find((c) => c.name === name)?.value ?? USER_CONFIG[name].default;
}
