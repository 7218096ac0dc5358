import { APARTMENT_LINK_MESSAGE, WEB_URL_MESSAGE } from '@planvy/shared';

/**
 * The import preview's reasons come from the server in English; the known ones are shown in
 * the UI language, anything else as sent.
 */
export type ImportReason =
  | {
      key:
        | 'bostadRequired'
        | 'bostadTwice'
        | 'notANumber'
        | 'negative'
        | 'flag'
        | 'tooLong'
        | 'linkUrl'
        | 'webUrl';
    }
  | { key: 'unknownStatus'; values: { status: string } }
  | { key: 'unknownBuilding'; values: { label: string } }
  | { key: null; text: string };

const EXACT: Record<string, ImportReason['key']> = {
  'Bostad is required to match the row': 'bostadRequired',
  'The same bostad appears twice in the file': 'bostadTwice',
  'Must be a number': 'notANumber',
  'Must not be negative': 'negative',
  'Must be 1 or 0': 'flag',
  [APARTMENT_LINK_MESSAGE]: 'linkUrl',
  [WEB_URL_MESSAGE]: 'webUrl',
};

export function importReason(message: string): ImportReason {
  const key = EXACT[message];
  if (key) return { key } as ImportReason;
  const status = /^Unknown status "(.*)" for a \w+ project$/.exec(message);
  if (status) return { key: 'unknownStatus', values: { status: status[1] ?? '' } };
  const building = /^No building number "(.*)" in this project$/.exec(message);
  if (building) return { key: 'unknownBuilding', values: { label: building[1] ?? '' } };
  if (/^Too big: expected string to have <=/.test(message)) return { key: 'tooLong' };
  return { key: null, text: message };
}
