import * as z from '../zod';
import { PROFILES } from '../constants';
import { cursorSchema, idSchema, nameSchema, pageNumberSchema, passwordSchema, searchParamSchema } from './common';
import { emailSchema } from './email';
import type { SubscriptionStatus } from './auth';

export const profileSchema = z.enum(PROFILES);

const userFields = {
  name: nameSchema,
  email: emailSchema,
  profile: z._default(profileSchema, 'user'),
  status: z._default(z.boolean(), true),
  queueIds: z._default(z.array(idSchema).check(z.maxLength(200)), []),
  /** Only honoured when the caller is a super user. */
  super: z.optional(z.boolean()),
  /** Only honoured when the caller is a super user (acting on another company). */
  companyId: z.optional(idSchema),
};

export const createUserSchema = z.object({ ...userFields, password: passwordSchema });
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Update: every field optional; an empty password means "keep the current one". */
export const updateUserSchema = z.object({
  name: z.optional(userFields.name),
  email: z.optional(userFields.email),
  profile: z.optional(profileSchema),
  status: z.optional(z.boolean()),
  queueIds: z.optional(userFields.queueIds),
  super: userFields.super,
  companyId: userFields.companyId,
  password: z.optional(z.union([z.literal(''), passwordSchema])),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The user form in the console: password optional when editing, required when creating. */
export const userFormSchema = z.extend(updateUserSchema, {
  name: nameSchema,
  email: emailSchema,
});
export type UserFormInput = z.infer<typeof userFormSchema>;

export const listUsersQuerySchema = z.object({
  searchParam: searchParamSchema,
  cursor: cursorSchema,
  pageNumber: pageNumberSchema,
  companyId: z.optional(idSchema),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const drawerSchema = z.object({ drawerMenuOpen: z.boolean() });

export interface QueueRef {
  id: string;
  name: string;
  color: string;
}

/** A user as the API returns it (never the password hash). */
export interface UserDto {
  id: string;
  name: string;
  email: string;
  profile: z.infer<typeof profileSchema>;
  status: boolean;
  super: boolean;
  companyId: string;
  queues: QueueRef[];
  drawerMenuOpen: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CompanyDto {
  id: string;
  name: string;
  email: string;
  status: boolean;
  dueDate: string | null;
  trialExpiration?: string | null;
  planId: string;
  /** The plan's limits and feature flags the console gates on (e.g. the integrations menu item). */
  plan: PlanSummaryDto | null;
  settings: { key: string; value: string }[];
}

export interface PlanSummaryDto {
  id: string;
  name: string;
  users: number;
  connections: number;
  queues: number;
  useIntegration: boolean;
}

export interface SessionUserDto extends UserDto {
  company: CompanyDto;
}

/**
 * Login and refresh answer. `subscription` lets the console send an overdue admin to /invoices;
 * `sessionId` (the same across refreshes of one sign-in) tells the console's own sign-in apart from
 * another device's in the `company-<cid>-auth` event.
 */
export interface LoginResponse {
  token: string;
  user: SessionUserDto;
  subscription: SubscriptionStatus;
  sessionId: string;
}
export interface UsersPage {
  users: UserDto[];
  hasMore: boolean;
  cursor?: string;
  count?: number;
}
