import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it.each([
    'password',
    '123456',
    'qwerty',
    'iloveyou',
    'Password1',
    'letmein1',
    'abc123',
    'abcdef',
    '111111',
  ])('refuses the common password %j', (pw) => expect(passwordProblem(pw)).toBe(COMMON_PASSWORD_MESSAGE));

  it('counts the user’s own details as known words', () => {
    expect(passwordProblem('bergkvist')).toBeNull();
    expect(passwordProblem('bergkvist', ['eva.bergkvist@example.com', 'Eva', 'Bergkvist'])).toBe(
      COMMON_PASSWORD_MESSAGE,
    );
  });

  it.each(['hemligt1', 'secret123', 'admin-secret-1', 'rättvis8', 'korv med bröd'])('accepts %j', (pw) =>
    expect(passwordProblem(pw)).toBeNull(),
  );

  it('keeps the spec’s lengths', () => {
    expect(passwordProblem('Xq7!z')).toMatchObject({
      code: 'passwordMin',
      message: 'The password must be at least 6 characters',
    });
    expect(passwordProblem('Xq7!zP0-'.repeat(4))).toMatchObject({
      code: 'passwordMax',
      message: 'The password must be at most 30 characters',
    });
  });
});
