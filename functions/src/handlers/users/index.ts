/**
 * Users area (spec part 1 §7, part 2 §7). The company always comes from the token; `companyId`
 * in body or query only matters for super users (domain/users/user-scope.ts).
 */
import * as z from '@atende/shared/zod';
import { createUserSchema, drawerSchema, idSchema, listUsersQuerySchema, updateUserSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { route, json, noContent } from '../../platform/http-route';
import { createUser } from '../../domain/users/create-user';
import { deleteUser } from '../../domain/users/delete-user';
import { listCompanyUsers, listUsers, setDrawerMenuOpen, showUser } from '../../domain/users/read-users';
import { updateUser } from '../../domain/users/update-user';
import { refreshFamilyOf } from '../../domain/credentials/refresh-sessions';
import { readRefreshCookie } from '../../domain/auth/refresh-cookie';

const byId = z.object({ id: idSchema });
const companyQuery = z.object({ companyId: z.optional(idSchema) });

export const handler = areaRouter('users', [
  route('GET /users', 'admin', {
    query: listUsersQuerySchema,
    handler: async ({ auth, query }) => json(await listUsers(auth, query)),
  }),

  route('GET /users/list', 'user', {
    query: companyQuery,
    handler: async ({ auth, query }) => json(await listCompanyUsers(auth, query.companyId)),
  }),

  route('POST /users', 'admin', {
    body: createUserSchema,
    handler: async ({ auth, body }) => json(await createUser(auth, body), 201),
  }),

  route('GET /users/{id}', 'user', {
    params: byId,
    query: companyQuery,
    handler: async ({ auth, params, query }) => json(await showUser(auth, params.id, query.companyId)),
  }),

  route('PUT /users/{id}', 'user', {
    params: byId,
    body: updateUserSchema,
    handler: async ({ auth, params, body, cookies }) =>
      json(await updateUser(auth, params.id, body, refreshFamilyOf(readRefreshCookie(cookies)))),
  }),

  route('DELETE /users/{id}', 'admin', {
    params: byId,
    query: companyQuery,
    handler: async ({ auth, params, query }) => {
      await deleteUser(auth, params.id, query.companyId);
      return noContent();
    },
  }),

  route('PUT /users/drawer/{userId}', 'user', {
    params: z.object({ userId: idSchema }),
    body: drawerSchema,
    handler: async ({ auth, params, body }) => json(await setDrawerMenuOpen(auth, params.userId, body.drawerMenuOpen)),
  }),
]);
