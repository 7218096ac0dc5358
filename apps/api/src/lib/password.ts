import { hash, verify } from '@node-rs/argon2';

const options = {
  algorithm: 2 /* Argon2id; the enum is const and cannot be imported here */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash of nothing in particular, to verify against when the user is unknown. */
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));

/**
 * The app's password hasher, decorated on the instance so tests can count the
 * (expensive) verifications a burst of sign-ins causes.
 */
export interface Passwords {
  hash: (password: string) => Promise<string>;
  verify: (hashed: string, password: string) => Promise<boolean>;
}

export const argon2Passwords = (): Passwords => ({ hash: hashPassword, verify: verifyPassword });
