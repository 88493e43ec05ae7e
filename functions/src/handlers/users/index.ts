/**
 * Users area (spec part 1 §7, part 2 §7). The company always comes from the token; `companyId`
 * in body or query only matters for super users (domain/users/user-scope.ts).
 */
import * as z from '@atende/shared/zod';
import { createUserSchema, drawerSchema, idSchema, listUsersQuerySchema, updateUserSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json, noContent } from '../../platform/http-route';
import { createUser } from '../../domain/users/create-user';
import { deleteUser } from '../../domain/users/delete-user';
import { listCompanyUsers, listUsers, setDrawerMenuOpen, showUser } from '../../domain/users/read-users';
import { updateUser } from '../../domain/users/update-user';
import { refreshFamilyOf } from '../../domain/auth/refresh-sessions';
import { readRefreshCookie } from '../../domain/auth/refresh-cookie';

const byId = z.object({ id: idSchema });
const companyQuery = z.object({ companyId: z.optional(idSchema) });

export const handler = areaRouter({
  'GET /users': httpRoute({
    access: 'admin',
    query: listUsersQuerySchema,
    handler: async ({ auth, query }) => json(await listUsers(auth, query)),
  }),

  'GET /users/list': httpRoute({
    access: 'user',
    query: companyQuery,
    handler: async ({ auth, query }) => json(await listCompanyUsers(auth, query.companyId)),
  }),

  'POST /users': httpRoute({
    access: 'admin',
    body: createUserSchema,
    handler: async ({ auth, body }) => json(await createUser(auth, body), 201),
  }),

  'GET /users/{id}': httpRoute({
    access: 'user',
    params: byId,
    query: companyQuery,
    handler: async ({ auth, params, query }) => json(await showUser(auth, params.id, query.companyId)),
  }),

  'PUT /users/{id}': httpRoute({
    access: 'user',
    params: byId,
    body: updateUserSchema,
    handler: async ({ auth, params, body, cookies }) => json(await updateUser(auth, params.id, body, refreshFamilyOf(readRefreshCookie(cookies)))),
  }),

  'DELETE /users/{id}': httpRoute({
    access: 'admin',
    params: byId,
    query: companyQuery,
    handler: async ({ auth, params, query }) => {
      await deleteUser(auth, params.id, query.companyId);
      return noContent();
    },
  }),

  'PUT /users/drawer/{userId}': httpRoute({
    access: 'user',
    params: z.object({ userId: idSchema }),
    body: drawerSchema,
    handler: async ({ auth, params, body }) => json(await setDrawerMenuOpen(auth, params.userId, body.drawerMenuOpen)),
  }),
});
