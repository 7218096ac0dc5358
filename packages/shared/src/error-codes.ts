/**
 * Every server message that has a stable code, with its English text (ADR 019). The API
 * builds its messages from here and sends the code and its parameters beside the text; the
 * web app translates by code. A `{{name}}` marks a parameter, as in the web app's locales.
 * Zod-free, so any app may import it.
 */
export const SERVER_MESSAGES = {
  invalid: 'The given data was invalid: {{detail}}',
  notStored: 'The given data could not be stored',
  unstorable: 'Contains a character that cannot be stored (NUL or an unpaired surrogate)',
  internal: 'Internal server error',
  shuttingDown: 'This server is shutting down; try again',
  forbidden: 'You do not have access to this resource',
  credentials: 'These credentials do not match our records.',
  tooManyLogins: 'Too many login attempts. Try again later.',
  tooManyResets: 'Too many password reset requests. Try again later.',
  resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  invitationLinkInvalid:
    'This invitation has expired or has already been used. Ask the person who invited you for a new one.',
  passwordWithInvite: 'Leave the password empty: the invited user chooses their own',
  invitationAccepted: 'The user has already chosen a password',
  mailHasLink:
    'This mail carried a one-time link that is no longer kept. Send a new invitation or reset link instead.',
  emailTaken: 'The email has already been taken',
  emailFixed: 'The email cannot be changed',
  passwordCommon:
    'This password is too common and easy to guess. Choose a less common one, for example a few unrelated words.',
  passwordMin: 'The password must be at least {{n}} characters',
  passwordMax: 'The password must be at most {{n}} characters',
  passwordConfirm: 'The password confirmation does not match',
  ownAdminRole: 'You cannot remove your own admin role',
  userOwnsProjects: 'The user owns projects. Give them to another user first.',
  userMissing: 'The selected user does not exist',
  brokerMissing: 'The selected broker does not exist',
  notBroker: 'The selected user is not a broker',
  apartmentNotFound: 'Apartment not found',
  buildingNotFound: 'Building number not found',
  fileNotFound: 'File not found',
  projectNotFound: 'Project not found',
  sunStudyFileNotFound: 'Sun study file not found',
  themeNotFound: 'Theme not found',
  userNotFound: 'User not found',
  mailNotFound: 'Mail not found',
  webhookNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  holdNotFound: 'Reservation not found',
  apartmentHeld: 'The apartment is already reserved for someone else',
  apartmentNotAvailable: 'Only an apartment that is for sale or available can be reserved',
  holdEnded: 'The reservation has already ended',
  holdCap: 'A reservation can last at most {{n}} days from when it was placed',
  holdExtendBrokers: 'Only brokers and admins extend reservations',
  releaseNotFound: 'Release not found',
  offerNotFound: 'Offer not found',
  offerEnded: 'The offer has already been answered or has run out',
  checkoutClosed: 'Homes of this release cannot be reserved online now',
  checkoutTaken: 'You already have a home reserved in this release',
  checkoutLinkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  // The access policy's reasons (policy.ts): every 403 it gives is one of these or `forbidden`.
  adminsOnly: 'Only admins may do this',
  notWhileImpersonating: 'Not while signed in as another user',
  deleteSelf: 'You cannot delete your own account',
  impersonateSelf: 'You are already signed in as yourself',
  impersonateAdmin: 'Admins cannot sign in as another admin',
  projectCoreFields: 'Only an admin can change the name, type, description, owner or broker of a project',
  apartmentCreate: 'Only admins add apartments',
  apartmentDelete: 'Only admins delete apartments',
  apartmentImport: 'Only admins import apartments',
  apartmentZoneLink: 'Only admins change zone links',
  apartmentBuildingNumber: 'Only admins change building numbers',
  planUpload: 'Only admins upload files',
  planEdit: 'Only admins edit plans',
  planBuildings: 'Only admins attach building numbers',
  planBackground: 'Only admins set background images',
  fileChange: 'Only admins change files',
  fileDelete: 'Only admins delete files',
  settingsAdminOnly: 'Only an admin can change project settings',
  stylesAdminOnly: 'Only an admin can change project styles',
  sunStudyAdminOnly: 'Only admins change sun studies',
  buildingNumbersAdminOnly: 'Only admins manage building numbers',
  webhooksAdminOnly: 'Only admins manage webhooks',
  webhookUrl: 'The address must start with https://',
  webhookDisabled: 'The endpoint is disabled: enable it first',
  interestNotFound: 'Interest entry not found',
  interestClosed: 'This project does not take interest registrations',
  interestLinkInvalid:
    'This link has expired or is no longer valid. Register again, or ask for your link by e-mail.',
  interestFormStale: 'The form was sent too quickly or too late. Wait a moment and send it again.',
  interestUnknownApartment: 'An apartment named is not in this project',
  tooManyInterest: 'Too many registrations. Try again later.',
  interestEnded: 'This registration has ended: it can no longer be changed',
  // Ranked wishes in a release (ADR 041).
  wishReleaseUnknown: 'The release is not in this project',
  wishesClosed: 'This release does not take wishes now',
  wishesTooMany: 'At most {{n}} wishes in this release',
  wishNotInRelease: 'An apartment named is not in this release',
  statisticsOff: 'Statistics are not enabled for this user',
  foreignApartments: 'Some apartments do not belong to this project',
  foreignBuilding: 'The building number does not belong to this project',
  statusType: 'The status "{{status}}" does not apply to {{type}} projects',
  themeTaken: 'A theme with this name already exists',
  fileMissing: 'Choose a file to upload',
  fileTypes: 'Only .svg, .jpg, .jpeg and .png files can be uploaded',
  fileEmpty: 'The file is empty',
  notSvg: 'The file is not an SVG image',
  notImage: 'The file is not a PNG or JPEG image',
  jpegNamedPng: 'The file is a JPEG image but its name ends in .png',
  pngNamedOther: 'The file is a PNG image but its name does not end in .png',
  imageDamaged: 'The image could not be read; it may be damaged',
  imagePixels: 'The image is too large: at most {{n}} megapixels',
  fileTooLarge: 'The file is larger than the limit of {{n}} MB',
  noRename: 'Files cannot be renamed; upload the file again under the new name',
  noPlan: 'There is no plan named {{name}}',
  planTitleTaken: 'Another plan is already called {{name}}',
  planTitleEmpty: 'The plan needs a name',
  planTitleLong: "A plan's name may be at most {{n}} characters",
  planTitleImage: 'Only plans have names',
  noImage: 'There is no image named {{name}}',
  inSunStudy: '{{name}} is already in the sun study',
  releaseManage: 'Only the client and admins change a release, its order and its allocation',
  releasePauseAdmins: 'Only admins pause and resume a release',
  releaseTimeMissing: 'Set this time before scheduling the release',
  releaseCloseAfterOpen: 'The wish window must close after it opens',
  releasePublicAfterWishes: 'The release can go public only when the wish window has closed',
  releaseClosesAfterPublic: 'The release must close after it goes public',
  releaseTierOutside: "A tier must open inside the release's window",
  releaseTierOrder: 'A tier cannot open before the tier above it',
  releaseTierKeyTwice: 'Each tier needs a key of its own',
  releaseApartmentTaken: 'Apartment {{bostad}} is already in another release',
  releaseStale:
    'Someone else changed this release after you opened it. Reload to see their changes, then make yours again.',
  releaseWrongState: 'Not possible while the release is {{state}}',
  releasePaused: 'The release is paused: resume it first',
  releaseSettingsLocked:
    'The mode, tiers, wishes and household rule cannot change once the wish window has opened',
  releaseDeleteDraft: 'Only a release in draft can be deleted',
  releaseRunApproved: 'The allocation has already been approved',
  releaseNoRun: 'Run the allocation first',
  releaseNoApartments: 'The release has no apartments',
  stalePlan:
    'Someone else saved this plan after you opened it. Reload the plan to see their changes, then make yours again.',
} as const;

export type ErrorCode = keyof typeof SERVER_MESSAGES;
export type ErrorParams = Record<string, string | number>;

/** The parameter names a template mentions: `'at most {{n}} MB'` → `'n'`. */
type ParamNames<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
/** The parameters a code's text needs: none, or each one it names. */
export type ParamsOf<C extends ErrorCode> = [ParamNames<(typeof SERVER_MESSAGES)[C]>] extends [never]
  ? []
  : [params: Record<ParamNames<(typeof SERVER_MESSAGES)[C]>, string | number>];

/** A server message with its code: what the error envelope carries for it. */
export interface CodedMessage {
  code: ErrorCode;
  params: ErrorParams;
  /** The English text, filled in. */
  message: string;
}

/** Fills `{{name}}` in a template; a name without a value stays as it is. */
export function fillTemplate(template: string, params: ErrorParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The message for `code`, its English text filled in from `params`. */
export function serverMessage<C extends ErrorCode>(code: C, ...params: ParamsOf<C>): CodedMessage {
  const values: ErrorParams = params[0] ?? {};
  return { code, params: values, message: fillTemplate(SERVER_MESSAGES[code], values) };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(SERVER_MESSAGES, value);
}

/**
 * A zod refinement's options that carry the code: the issue keeps `params` (the API sends
 * them in the envelope) and the text as its message.
 */
export function codedIssue<C extends ErrorCode>(code: C, ...params: ParamsOf<C>) {
  const coded = serverMessage(code, ...params);
  return { error: coded.message, params: { code: coded.code, params: coded.params } };
}
