/**
 * p50/p99 of POST /auth/login and GET /users/ through the local API Gateway emulation
 * (in-memory DynamoDB Local, the real handlers), printed as a table.
 * Run: npx tsx bench/auth-users.ts [iterations] [--json]
 */
import { startLocalStack } from '../infra/local/stack';
import { printJson } from './support/bench-json';
import { printTable, summarize, timed } from './support/stats';

const iterations = Number(process.argv[2] ?? 200);

const stack = await startLocalStack({ web: 'none', sessionHost: false, pollers: false, scheduler: false });
try {
  const admin = stack.seeded.logins.find((l) => l.role === 'admin');
  if (!admin) throw new Error('no seeded admin');
  const login = () =>
    fetch(`${stack.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });

  const first = await login();
  if (first.status !== 200) throw new Error(`login answered ${first.status}`);
  const { token } = (await first.json()) as { token: string };

  // Enough users for a full page, so GET /users does real work.
  for (let i = 0; i < 25; i++) {
    await fetch(`${stack.apiUrl}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Bench User ${i}`,
        email: `bench${i}-${Date.now()}@demo.local`,
        password: 'secret123',
        profile: 'user',
        status: false,
      }),
    });
  }

  const loginMs: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const { ms, value } = await timed(login);
    if (value.status !== 200) throw new Error(`login answered ${value.status}`);
    await value.arrayBuffer();
    loginMs.push(ms);
  }
  const usersMs: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const { ms, value } = await timed(() =>
      fetch(`${stack.apiUrl}/users/?pageNumber=1`, { headers: { authorization: `Bearer ${token}` } }),
    );
    if (value.status !== 200) throw new Error(`GET /users answered ${value.status}`);
    await value.arrayBuffer();
    usersMs.push(ms);
  }
  console.log(
    `\nAuth and users on the local platform (${iterations} sequential requests each; includes scrypt for login)\n`,
  );
  const rows = [summarize('POST /auth/login', loginMs), summarize('GET /users/ (page 1)', usersMs)];
  printTable(rows);
  printJson({ iterations, rows });
} finally {
  await stack.stop();
}
