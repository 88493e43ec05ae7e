/**
 * Quick replies (spec part 3 §2 "Quick replies page", §6, §7 "Quick replies"; part 1 §5 the '/'
 * suggestions). Rules from the shared policy (policy/quick-messages.ts): everyone sees the company's
 * (toAll) and their own; admins and supervisors manage every reply they see and choose toAll; a user
 * manages only their own replies that are not toAll.
 */
import { ulid } from '@atende/shared/ids';
import {
  mayManageQuickMessage,
  maySeeQuickMessage,
  maySetQuickMessageToAll,
  type CreateQuickMessageInput,
  type QuickMessageDto,
  type UpdateQuickMessageInput,
} from '@atende/shared';
import {
  deleteQuickMessage,
  getQuickMessage,
  isToAll,
  listQuickMessages,
  putQuickMessage,
  replaceQuickMessage,
  type QuickMessageRecord,
} from '../../data/quick-messages';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { viewerFromClaims } from '../../platform/viewer';
import { toQuickMessageDto } from './quick-message-dto';
import { publishQuickMessageDeleted, publishQuickMessageSaved } from './quick-message-events';

/** Conditional writes lost to another change of the same reply before giving up with 409. */
export const WRITE_ATTEMPTS = 5;
export const quickMessageNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);
const noPermission = () => new AppError('ERR_NO_PERMISSION', 403);
const facts = (q: QuickMessageRecord) => ({ userId: q.userId ?? null, toAll: isToAll(q) });

/** GET /quick-messages/list: the company's (toAll) and the caller's own, by shortcode. */
export async function listQuickMessagesFor(companyId: string, userId: string): Promise<QuickMessageDto[]> {
  return (await listQuickMessages(companyId)) // AP-QM1
    .filter((q) => maySeeQuickMessage({ userId }, facts(q)))
    .map(toQuickMessageDto)
    .sort((a, b) => a.shortcode.localeCompare(b.shortcode, 'pt-BR'));
}

/** A reply the caller sees (404 otherwise: a private one of someone else does not exist for them). */
export async function visibleQuickMessage(auth: AccessClaims, id: string): Promise<QuickMessageRecord> {
  const q = await getQuickMessage(auth.companyId, id); // AP-QM2
  if (!q || !maySeeQuickMessage(viewerFromClaims(auth), facts(q))) throw quickMessageNotFound();
  return q;
}

/** A reply the caller may change. */
export async function manageableQuickMessage(auth: AccessClaims, id: string): Promise<QuickMessageRecord> {
  const q = await visibleQuickMessage(auth, id);
  if (!mayManageQuickMessage(viewerFromClaims(auth), facts(q))) throw noPermission();
  return q;
}

export async function showQuickMessage(auth: AccessClaims, id: string): Promise<QuickMessageDto> {
  return toQuickMessageDto(await visibleQuickMessage(auth, id));
}

export async function createQuickMessage(auth: AccessClaims, input: CreateQuickMessageInput): Promise<QuickMessageDto> {
  if (input.toAll && !maySetQuickMessageToAll(viewerFromClaims(auth))) throw noPermission();
  const now = new Date().toISOString();
  const record: QuickMessageRecord = {
    id: ulid(),
    companyId: auth.companyId,
    shortcode: input.shortcode,
    message: input.message,
    userId: auth.userId,
    toAll: input.toAll,
    media: [],
    createdAt: now,
    updatedAt: now,
  };
  await putQuickMessage(record);
  const dto = toQuickMessageDto(record);
  await publishQuickMessageSaved(auth.companyId, 'create', dto);
  return dto;
}

export async function updateQuickMessage(
  auth: AccessClaims,
  id: string,
  input: UpdateQuickMessageInput,
): Promise<QuickMessageDto> {
  const viewer = viewerFromClaims(auth);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await manageableQuickMessage(auth, id);
    const toAll = input.toAll ?? isToAll(before);
    if (toAll !== isToAll(before) && !maySetQuickMessageToAll(viewer)) throw noPermission();
    const after = await replaceQuickMessage(before, {
      shortcode: input.shortcode ?? before.shortcode,
      message: input.message ?? before.message,
      toAll,
      media: before.media ?? [],
      updatedAt: new Date().toISOString(),
    });
    if (after) {
      const dto = toQuickMessageDto(after);
      await publishQuickMessageSaved(auth.companyId, 'update', dto, isToAll(before));
      return dto;
    }
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** DELETE /quick-messages/{id}. Its files' objects stay (decisions.md "Quick replies"). */
export async function removeQuickMessage(auth: AccessClaims, id: string): Promise<void> {
  const q = await manageableQuickMessage(auth, id);
  if (!(await deleteQuickMessage(auth.companyId, id))) throw quickMessageNotFound();
  await publishQuickMessageDeleted(auth.companyId, toQuickMessageDto(q));
}
