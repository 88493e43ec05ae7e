import { passwordSchema, userFormSchema, type Profile, type UserDto } from '@atende/shared';
import * as z from '@atende/shared/zod';

/**
 * The user form validates with the shared schema, so the console shows exactly the API's
 * messages ('Muito curto!', 'Muito longo!', 'Obrigatório', 'Email inválido'). Creating a
 * user needs a password; editing keeps the current one when the field is left empty.
 */
export const editUserFormSchema = userFormSchema;
export const createUserFormSchema = z.extend(userFormSchema, { password: passwordSchema });

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  status: boolean;
  queueIds: string[];
}

export function formValuesOf(user: UserDto | null | undefined): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    status: user?.status ?? true,
    queueIds: user?.queues.map((queue) => queue.id) ?? [],
  };
}

export function toCreatePayload(values: UserFormValues) {
  const { name, email, password, profile, status, queueIds } = values;
  return { name, email, password, profile, status, queueIds };
}

/** Fields the API accepts from this form; admin-only fields are left out for operators editing themselves. */
export function toUserPayload(values: UserFormValues, { includeAdminFields }: { includeAdminFields: boolean }) {
  return {
    name: values.name,
    email: values.email,
    ...(values.password ? { password: values.password } : {}),
    ...(includeAdminFields ? { profile: values.profile, status: values.status, queueIds: values.queueIds } : {}),
  };
}
