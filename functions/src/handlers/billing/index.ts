/** Billing area: invoices, the Pix checkout and its webhook (spec part 2 §2 "Invoices screen", §7). */
import * as z from '@atende/shared/zod';
import { checkoutSchema, idSchema, listInvoicesQuerySchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import { payInvoice } from '../../domain/billing/pay-invoice';
import { assertWebhookSecret, handlePixWebhook, pixWebhookBodySchema } from '../../domain/billing/pix-webhook';
import { listAllInvoices, listOwnInvoices, removeInvoice } from '../../domain/billing/read-invoices';
import { simulateSandboxPayment } from '../../domain/billing/sandbox-payment';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('billing', [
  route('GET /invoices/all', 'admin', {
    query: listInvoicesQuerySchema,
    handler: async ({ auth, query }) => json(await listOwnInvoices(auth, query)),
  }),

  route('GET /invoices/listAll', 'super', {
    query: listInvoicesQuerySchema,
    handler: async ({ query }) => json(await listAllInvoices(query)),
  }),

  route('DELETE /invoices/{id}', 'super', {
    params: byId,
    query: z.object({ companyId: idSchema }),
    handler: async ({ params, query }) => {
      await removeInvoice(query.companyId, params.id);
      return noContent();
    },
  }),

  route('POST /subscription', 'admin', {
    body: checkoutSchema,
    handler: async ({ auth, body }) => json(await payInvoice(auth, body), 201),
  }),

  route('POST /subscription/webhook', 'public', {
    query: z.object({
      hmac: z.optional(z.string().check(z.maxLength(200))),
      ignorar: z.optional(z.string().check(z.maxLength(10))),
    }),
    body: pixWebhookBodySchema,
    handler: async ({ query, body }) => {
      await assertWebhookSecret(query.hmac);
      return json({ outcomes: await handlePixWebhook(body) });
    },
  }),

  route('POST /subscription/sandbox/{id}/pay', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => json({ outcome: await simulateSandboxPayment(auth, params.id) }),
  }),
]);
