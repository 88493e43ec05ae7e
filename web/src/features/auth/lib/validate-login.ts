import { loginSchema, type LoginInput } from '@atende/shared';

export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/** The shared schema's verdict on the sign-in form: the parsed input, or each field's first message key. */
export function validateLogin(values: LoginInput): { data: LoginInput } | { errors: LoginErrors } {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof LoginInput] ??= issue.message;
  return { errors };
}
