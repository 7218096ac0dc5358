import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, serverMessage, type CodedMessage, type ErrorEnvelope } from '@planvy/shared';
import { en, sv } from '../locales';
import { i18n } from './i18n';
import { localizeEnvelope, localizeServerMessage } from './server-messages';

afterEach(() => i18n.changeLanguage('sv'));

/** A message as the API sends it: its text and, beside it, its code. */
const read = ({ message, code, params }: CodedMessage) => localizeServerMessage(message, { code, params });

describe('server messages', () => {
  it('read in Swedish by their code, with their parameters kept', async () => {
    await i18n.changeLanguage('sv');
    expect(read(serverMessage('emailTaken'))).toBe('E-postadressen används redan');
    expect(read(serverMessage('fileTooLarge', { n: 25 }))).toBe('Filen är större än gränsen på 25 MB');
    expect(read(serverMessage('statusType', { status: 'sold', type: 'rental' }))).toBe(
      'Statusen ”sold” gäller inte för projekt av typen hyresrätter',
    );
    expect(read(serverMessage('noPlan', { name: 'hus-a.svg' }))).toBe(
      'Det finns ingen plan som heter hus-a.svg',
    );
    expect(read(serverMessage('passwordCommon'))).toMatch(/^Lösenordet är för vanligt/);
  });

  it('translate the detail of "The given data was invalid: …" and each field message', async () => {
    await i18n.changeLanguage('sv');
    const taken = serverMessage('emailTaken');
    const envelope: ErrorEnvelope = {
      ...serverMessage('invalid', { detail: taken.message }),
      status_code: 422,
      errors: { email: [taken.message], other: ['Something new'] },
      error_codes: { email: [{ code: taken.code, params: {} }], other: [null] },
    };
    expect(localizeEnvelope(envelope)).toEqual({
      message: 'Uppgifterna är ogiltiga: E-postadressen används redan',
      errors: { email: ['E-postadressen används redan'], other: ['Something new'] },
    });
  });

  it('read in English exactly as the server wrote them', async () => {
    await i18n.changeLanguage('en');
    for (const coded of [
      serverMessage('invalid', { detail: 'The password must be at least 6 characters' }),
      serverMessage('statusType', { status: 'sold', type: 'rent' }),
      serverMessage('inSunStudy', { name: 'plan-2.jpg' }),
      serverMessage('stalePlan'),
    ])
      expect(read(coded)).toBe(coded.message);
  });

  it('leave a message without a code, or with one they do not know, as it is', () => {
    expect(localizeServerMessage('Route GET /api/v1/nope not found')).toBe(
      'Route GET /api/v1/nope not found',
    );
    expect(localizeServerMessage('Something new', { code: 'fromANewerServer', params: {} })).toBe(
      'Something new',
    );
  });

  it('each have a text in both languages, the English one the server’s own template', () => {
    const server = { en: en.server as Record<string, unknown>, sv: sv.server as Record<string, unknown> };
    for (const [code, template] of Object.entries(SERVER_MESSAGES)) {
      expect(server.en[code], code).toBe(template);
      expect(server.sv[code], code).toBeTruthy();
    }
    const codes = [...Object.keys(SERVER_MESSAGES), 'projectTypes'].sort();
    expect(Object.keys(server.en).sort()).toEqual(codes);
    expect(Object.keys(server.sv).sort()).toEqual(codes);
  });
});
