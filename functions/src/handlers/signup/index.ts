/** Sign-up area (spec part 1 §2 "Sign-up", §4 "Lead", §7 "Sign-up"): public, rate limited. */
import * as z from '@atende/shared/zod';
import { cursorSchema, emailSchema, signupSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { listOutboxMails } from '../../data/email-outbox';
import { assertLocalOutbox, resendSignupToken, validateSignupToken } from '../../domain/signup/confirm-signup';
import { listLeads } from '../../domain/signup/read-leads';
import { registerLead } from '../../domain/signup/register-lead';

export const handler = areaRouter('signup', [
  route('POST /leads-web', 'public', {
    body: signupSchema,
    handler: async ({ body, ip }) => json(await registerLead(body, ip), 201),
  }),

  route('GET /leads-web', 'super', {
    query: z.object({ cursor: cursorSchema }),
    handler: async ({ query }) => json(await listLeads(query.cursor)),
  }),

  route('POST /auth/tokenSignup', 'public', {
    body: z.object({ email: emailSchema, name: z.optional(z.string().check(z.maxLength(100))) }),
    handler: async ({ body }) => {
      await resendSignupToken(body.email);
      return json({ sent: true });
    },
  }),

  route('POST /auth/validateTokenSignup', 'public', {
    body: z.object({ token: z.string().check(z.minLength(10), z.maxLength(200)) }),
    handler: async ({ body }) => json(await validateSignupToken(body.token)),
  }),

  // Local mode only: the e-mails the platform "sent", so a person can click the confirmation link.
  route('GET /outbox', 'public', {
    handler: async () => {
      assertLocalOutbox();
      return json({ mails: await listOutboxMails() });
    },
  }),
]);
