import { afterEach, describe, expect, it } from 'vitest';
import { en, sv } from '../locales';
import { i18n } from './i18n';
import { localizeServerErrors, localizeServerMessage, SERVER_MESSAGE_KEYS } from './server-messages';

afterEach(() => i18n.changeLanguage('sv'));

describe('server messages', () => {
  it('read in Swedish, with their variable parts kept', async () => {
    await i18n.changeLanguage('sv');
    expect(localizeServerMessage('The email has already been taken')).toBe('E-postadressen används redan');
    expect(localizeServerMessage('The file is larger than the limit of 25 MB')).toBe(
      'Filen är större än gränsen på 25 MB',
    );
    expect(localizeServerMessage('The status "sold" does not apply to rental projects')).toBe(
      'Statusen ”sold” gäller inte för projekt av typen hyresrätter',
    );
    expect(localizeServerMessage('There is no plan named hus-a.svg')).toBe(
      'Det finns ingen plan som heter hus-a.svg',
    );
    expect(
      localizeServerMessage(
        'This password is too common and easy to guess. Choose a less common one, for example a few unrelated words.',
      ),
    ).toMatch(/^Lösenordet är för vanligt/);
  });

  it('translate the detail of "The given data was invalid: …" too', async () => {
    await i18n.changeLanguage('sv');
    expect(localizeServerMessage('The given data was invalid: The email has already been taken')).toBe(
      'Uppgifterna är ogiltiga: E-postadressen används redan',
    );
    expect(
      localizeServerErrors({ email: ['The email has already been taken'], other: ['Something new'] }),
    ).toEqual({
      email: ['E-postadressen används redan'],
      other: ['Something new'],
    });
  });

  it('read in English exactly as the server wrote them', async () => {
    await i18n.changeLanguage('en');
    for (const message of [
      'The given data was invalid: The password must be at least 6 characters',
      'The status "sold" does not apply to rent projects',
      'plan-2.jpg is already in the sun study',
      'Someone else saved this plan after you opened it. Reload the plan to see their changes, then make yours again.',
    ])
      expect(localizeServerMessage(message)).toBe(message);
  });

  it('leave a message they do not know as it is', () => {
    expect(localizeServerMessage('Route GET /api/v1/nope not found')).toBe(
      'Route GET /api/v1/nope not found',
    );
  });

  it('each have a text in both languages', () => {
    const server = { en: en.server as Record<string, unknown>, sv: sv.server as Record<string, unknown> };
    for (const key of SERVER_MESSAGE_KEYS) {
      expect(server.en[key], key).toBeTruthy();
      expect(server.sv[key], key).toBeTruthy();
    }
  });
});
