import * as z from '../zod';
import { SAAS_MSG as MSG } from './saas-messages';

/** Money typed with a comma or a dot as decimal separator (spec part 2 §5 "Plan form"). */
export const moneySchema = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.maxLength(20))]),
  z.transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v.replace(',', '.'));
    if (!Number.isFinite(n) || n < 0) {
      ctx.issues.push({ code: 'custom', message: MSG.invalidNumber, input: v });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  }),
);

const count = z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000));

/** Plans tab (spec part 2 §3 "Plan", §5): the name is upper-cased on save. */
export const planSchema = z.object({
  name: z.pipe(
    z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, MSG.required), z.maxLength(50, MSG.tooLong)),
    z.transform((s) => s.toUpperCase()),
  ),
  users: count,
  connections: count,
  queues: count,
  value: moneySchema,
  valueYearly: z._default(moneySchema, 0),
  useIntegration: z._default(z.boolean(), false),
  isActive: z._default(z.boolean(), true),
  isPublished: z._default(z.boolean(), true),
});
export type PlanInput = z.output<typeof planSchema>;

export interface PlanDto {
  id: string;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  valueYearly: number;
  useIntegration: boolean;
  isActive: boolean;
  isPublished: boolean;
}

/** Help videos (spec part 2 §3 "Help"): title, description and a video code (e.g. a YouTube id). */
export const helpSchema = z.object({
  title: z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, MSG.required), z.maxLength(100, MSG.tooLong)),
  description: z._default(z.string().check(z.trim(), z.maxLength(500, MSG.tooLong)), ''),
  video: z._default(z.string().check(z.trim(), z.maxLength(200, MSG.tooLong)), ''),
});
export type HelpInput = z.output<typeof helpSchema>;
export interface HelpDto extends HelpInput {
  id: string;
}
