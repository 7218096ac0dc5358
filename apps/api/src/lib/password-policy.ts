import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { LIMITS, serverMessage, type CodedMessage } from '@planvy/shared';

/**
 * A password an attacker would reach within this many guesses is refused: the ten
 * thousand most common passwords and the variants a cracker tries first (capitals,
 * digits, l33t, keyboard walks, the user's own name). With the sign-in limits that is
 * weeks of online guessing, not minutes. See ADR 007.
 */
export const MIN_GUESSES = 1e4;

export const COMMON_PASSWORD_MESSAGE = serverMessage('passwordCommon');

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  // The dictionaries take ~70 ms to load: once, on first use.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

/**
 * What is wrong with `password` as a new password, or null when it will do. `userInputs`
 * (e-mail, names) count as known words, so "anna1234" is weak for Anna.
 */
export function passwordProblem(password: string, userInputs: string[] = []): CodedMessage | null {
  if (password.length < LIMITS.passwordMin) return serverMessage('passwordMin', { n: LIMITS.passwordMin });
  if (password.length > LIMITS.passwordMax) return serverMessage('passwordMax', { n: LIMITS.passwordMax });
  const words = userInputs
    .flatMap((v) => v.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 2);
  const result = zxcvbn().check(password, [...words, 'planvy']);
  return result.guesses < MIN_GUESSES ? COMMON_PASSWORD_MESSAGE : null;
}
