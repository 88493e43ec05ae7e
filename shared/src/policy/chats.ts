/**
 * Internal chat (spec part 3 §6): an admin creates chats, and so does anyone when the company setting
 * allowsUserToUseInternalChat is 'enabled'; only a chat's owner edits or deletes it; only its members
 * see it (the API answers 404 to anyone else, and the realtime fan-out addresses its events to them).
 */
import { isAdmin, type PolicySettings, type Viewer } from './viewer';

/** The 'Nova' button and POST /chats. */
export const mayCreateChat = (viewer: Pick<Viewer, 'profile' | 'super'>, settings: PolicySettings): boolean =>
  isAdmin(viewer) || settings.allowsUserToUseInternalChat === true;

export interface ChatAccessFacts {
  ownerId: string;
  memberIds: readonly string[];
}

export const maySeeChat = (viewer: Pick<Viewer, 'userId'>, chat: ChatAccessFacts): boolean =>
  chat.memberIds.includes(viewer.userId);

/** Edit (title, members) and delete. */
export const mayManageChat = (viewer: Pick<Viewer, 'userId'>, chat: ChatAccessFacts): boolean =>
  chat.ownerId === viewer.userId && maySeeChat(viewer, chat);
