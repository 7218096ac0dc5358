/**
 * Sign-in brute force (issue 9): 100 simultaneous wrong-password requests for one
 * e-mail, from one address and from 100 addresses, through app.inject on PGlite (or on
 * the PostgreSQL in DATABASE_URL). Prints how many argon2 verifications ran and how
 * long the burst took.
 */
import { pathToFileURL } from 'node:url';
import { argon2Passwords } from '../../apps/api/src/lib/password';
import { createTestApp } from '../../apps/api/test/harness';

export async function run(): Promise<void> {
  const passwords = argon2Passwords();
  let checks = 0;
  const verify = passwords.verify;
  passwords.verify = (hash, password) => {
    checks += 1;
    return verify(hash, password);
  };
  const t = await createTestApp({}, { passwords });
  const limit = t.config.loginLimits.perEmail;

  for (const [label, address] of [
    ['one address', () => '198.51.100.7'],
    ['100 addresses', (i: number) => `203.0.113.${i + 1}`],
  ] as const) {
    await t.reset();
    await t.createUser('client', { email: 'victim@example.com' });
    checks = 0;
    const start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: 'victim@example.com', password: `wrong-${i}` },
          remoteAddress: address(i),
        }),
      ),
    );
    const took = performance.now() - start;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    console.log(
      `100 concurrent wrong passwords, ${label}: ${checks} password checks (limit ${limit}), ${refused} × 429, burst took ${took.toFixed(0)} ms`,
    );
  }
  await t.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
