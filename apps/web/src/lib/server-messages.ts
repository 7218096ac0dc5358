import type serverTexts from '../locales/en/server.json';
import { i18n } from './i18n';

type ServerMessageKey = keyof typeof serverTexts;
const PROJECT_TYPES = { sale: true, rental: true, tomter: true } as const;

/**
 * The API writes its messages in English: they are part of its contract, read by
 * integrations as well as by people. The back-office speaks Swedish by default, so the
 * messages a person can meet through it are shown in the interface's language, their
 * variable parts (a file name, a limit) kept as the server gave them. A message not listed
 * here is shown as the server wrote it.
 */
const KNOWN: ReadonlyArray<readonly [RegExp, ServerMessageKey]> = [
  [/^The given data was invalid: (?<detail>[\s\S]+)$/, 'invalid'],
  [/^The given data could not be stored$/, 'notStored'],
  [/^Contains a character that cannot be stored \(NUL or an unpaired surrogate\)$/, 'unstorable'],
  [/^Internal server error$/, 'internal'],
  [/^This server is shutting down; try again$/, 'shuttingDown'],
  [/^You do not have access to this resource$/, 'noAccess'],
  [/^These credentials do not match our records\.$/, 'credentials'],
  [/^Too many login attempts\. Try again later\.$/, 'tooManyLogins'],
  [/^The email has already been taken$/, 'emailTaken'],
  [/^The email cannot be changed$/, 'emailFixed'],
  [/^This password is too common and easy to guess\./, 'passwordCommon'],
  [/^The password must be at least (?<n>\d+) characters$/, 'passwordMin'],
  [/^The password must be at most (?<n>\d+) characters$/, 'passwordMax'],
  [/^The password confirmation does not match$/, 'passwordConfirm'],
  [/^You cannot remove your own admin role$/, 'ownAdminRole'],
  [/^The user owns projects\. Give them to another user first\.$/, 'userOwnsProjects'],
  [/^The selected user does not exist$/, 'userMissing'],
  [/^The selected broker does not exist$/, 'brokerMissing'],
  [/^The selected user is not a broker$/, 'notBroker'],
  [/^Apartment not found$/, 'apartmentNotFound'],
  [/^Building number not found$/, 'buildingNotFound'],
  [/^File not found$/, 'fileNotFound'],
  [/^Project not found$/, 'projectNotFound'],
  [/^Sun study file not found$/, 'sunStudyFileNotFound'],
  [/^Theme not found$/, 'themeNotFound'],
  [/^User not found$/, 'userNotFound'],
  [/^Only an admin can change project settings$/, 'settingsAdminOnly'],
  [/^Only an admin can change project styles$/, 'stylesAdminOnly'],
  [
    /^Only an admin can change the name, type, description, owner or broker of a project$/,
    'projectAdminOnly',
  ],
  [/^Statistics are not enabled for this user$/, 'noStatistics'],
  [/^Some apartments do not belong to this project$/, 'foreignApartments'],
  [/^The building number does not belong to this project$/, 'foreignBuilding'],
  [/^The status "(?<status>[^"]+)" does not apply to (?<type>\w+) projects$/, 'statusType'],
  [/^A theme with this name already exists$/, 'themeTaken'],
  [/^Choose a file to upload$/, 'fileMissing'],
  [/^Only \.svg, \.jpg, \.jpeg and \.png files can be uploaded$/, 'fileTypes'],
  [/^The file is empty$/, 'fileEmpty'],
  [/^The file is not an SVG image$/, 'notSvg'],
  [/^The file is not a PNG or JPEG image$/, 'notImage'],
  [/^The file is a JPEG image but its name ends in \.png$/, 'jpegNamedPng'],
  [/^The file is a PNG image but its name does not end in \.png$/, 'pngNamedOther'],
  [/^The image could not be read; it may be damaged$/, 'imageDamaged'],
  [/^The image is too large: at most (?<n>[\d.]+) megapixels$/, 'imagePixels'],
  [/^The file is larger than the limit of (?<n>[\d.]+) MB$/, 'fileTooLarge'],
  [/^Files cannot be renamed; upload the file again under the new name$/, 'noRename'],
  [/^There is no plan named (?<name>.+)$/, 'noPlan'],
  [/^Another plan is already called (?<name>.+)$/, 'planTitleTaken'],
  [/^The plan needs a name$/, 'planTitleEmpty'],
  [/^A plan's name may be at most (?<n>\d+) characters$/, 'planTitleLong'],
  [/^Only plans have names$/, 'planTitleImage'],
  [/^There is no image named (?<name>.+)$/, 'noImage'],
  [/^(?<name>.+) is already in the sun study$/, 'inSunStudy'],
  [/^Someone else saved this plan after you opened it\./, 'stalePlan'],
];

/** i18next's typed `t` cannot check one call against keys with different variables. */
const translate = (key: `server.${string}`, values: Record<string, string>) =>
  (i18n.t as (key: string, options: Record<string, string>) => string)(key, values);

/** `message` in the interface's language when it is a known server message, else as it is. */
export function localizeServerMessage(message: string): string {
  for (const [pattern, key] of KNOWN) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = { ...match.groups };
    if (values.detail !== undefined) values.detail = localizeServerMessage(values.detail);
    if (values.type !== undefined && values.type in PROJECT_TYPES)
      values.type = translate(`server.projectTypes.${values.type as keyof typeof PROJECT_TYPES}`, {});
    return translate(`server.${key}`, values);
  }
  return message;
}

/** Every field message of an error envelope, localised. */
export function localizeServerErrors(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.map(localizeServerMessage)]),
  );
}

/** The known messages' keys, for the test that each has a text in every language. */
export const SERVER_MESSAGE_KEYS = KNOWN.map(([, key]) => key);
