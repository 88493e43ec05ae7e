import { z } from 'zod';
import { emailSchema, MSG } from './common';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;
