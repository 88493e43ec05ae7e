/**
 * Creates the first super admin of a freshly deployed stage: the platform company, the default
 * plan and one super user, through the same domain functions the API uses. Idempotent: existing
 * items are reused, an existing e-mail is left alone. Nothing demo-like is created (unlike the
 * local seed). Runs on your machine with your AWS credentials (docs/deploy.md "First super admin").
 *
 *   SUPER_ADMIN_PASSWORD='…' npx tsx infra/bin/bootstrap-super-admin.ts \
 *     --table <TableName output> --email you@example.com [--name "Super Admin"] [--company Plataforma] [--region sa-east-1]
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string', default: 'Super Admin' },
    company: { type: 'string', default: 'Plataforma' },
    region: { type: 'string' },
  },
});
const password = process.env.SUPER_ADMIN_PASSWORD ?? '';
if (!values.table || !values.email) throw new Error('--table and --email are required');
// The password comes from the environment so it stays out of the shell history and process list.
if (password.length < 8) throw new Error('set SUPER_ADMIN_PASSWORD (8 characters or more)');

// The data layer reads these on first use, so they are set before the domain modules load.
process.env.TABLE_NAME = values.table;
if (values.region) process.env.AWS_REGION = values.region;

const { addUser, createCompany, createPlan, DEFAULT_PLAN, findCompanyIdByName, findPlanByName, findUserIdByEmail } =
  await import('@atende/functions/ops');

const plan = (await findPlanByName(DEFAULT_PLAN.name)) ?? (await createPlan(DEFAULT_PLAN));
const companyId =
  (await findCompanyIdByName(values.company)) ??
  (await createCompany({ name: values.company, email: values.email, planId: plan.id, dueDate: null, isPlatform: true })).id;

const existing = await findUserIdByEmail(values.email);
if (existing) {
  console.log(`${values.email} already exists (company ${existing.companyId}); nothing changed.`);
} else {
  const user = await addUser(companyId, {
    name: values.name,
    email: values.email,
    password,
    profile: 'admin',
    status: true,
    super: true,
    queueIds: [],
  });
  console.log(`Super admin ${user.email} created in "${values.company}" (${companyId}). Log in at the console URL.`);
}
