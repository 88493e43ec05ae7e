/** Internal chat area (spec part 3 §7 "Internal chat"): members only; the caller comes from the token. */
import {
  chatIdParamsSchema,
  chatInputSchema,
  chatMessageInputSchema,
  chatReadSchema,
  listChatMessagesQuerySchema,
  listChatsQuerySchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import { createChat, listChats, removeChat, showChat, updateChat } from '../../domain/chats/manage-chats';
import { chatUnreadTotal, listChatMessages, markChatRead, sendChatMessage } from '../../domain/chats/chat-messages';

export const handler = areaRouter('chats', [
  route('GET /chats', 'user', {
    query: listChatsQuerySchema,
    handler: async ({ auth, query }) => json(await listChats(auth, query)),
  }),
  route('GET /chats/unread', 'user', {
    handler: async ({ auth }) => json(await chatUnreadTotal(auth)),
  }),
  route('POST /chats', 'user', {
    body: chatInputSchema,
    handler: async ({ auth, body }) => json(await createChat(auth, body), 201),
  }),
  route('GET /chats/{id}', 'user', {
    params: chatIdParamsSchema,
    handler: async ({ auth, params }) => json(await showChat(auth, params.id)),
  }),
  route('PUT /chats/{id}', 'user', {
    params: chatIdParamsSchema,
    body: chatInputSchema,
    handler: async ({ auth, params, body }) => json(await updateChat(auth, params.id, body)),
  }),
  route('DELETE /chats/{id}', 'user', {
    params: chatIdParamsSchema,
    handler: async ({ auth, params }) => {
      await removeChat(auth, params.id);
      return noContent();
    },
  }),
  route('GET /chats/{id}/messages', 'user', {
    params: chatIdParamsSchema,
    query: listChatMessagesQuerySchema,
    handler: async ({ auth, params, query }) => json(await listChatMessages(auth, params.id, query)),
  }),
  route('POST /chats/{id}/messages', 'user', {
    params: chatIdParamsSchema,
    body: chatMessageInputSchema,
    handler: async ({ auth, params, body }) => json(await sendChatMessage(auth, params.id, body.message), 201),
  }),
  // the body's `userId` (spec) is accepted and ignored: only the caller marks themself read
  route('POST /chats/{id}/read', 'user', {
    params: chatIdParamsSchema,
    body: chatReadSchema,
    handler: async ({ auth, params }) => json(await markChatRead(auth, params.id)),
  }),
]);
