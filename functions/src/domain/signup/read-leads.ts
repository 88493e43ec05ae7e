/** `GET /leads-web` (super users): the sign-ups, newest first, without their password hashes. */
import { PAGE_SIZE } from '@atende/shared';
import { queryLeads } from '../../data/leads';
import { decodeCursor, encodeCursor } from '../../data/paging';

export async function listLeads(cursor: string | undefined) {
  const page = await queryLeads(PAGE_SIZE, decodeCursor(cursor));
  return {
    leads: page.leads.map(({ passwordHash: _h, activation: _a, ...lead }) => lead),
    hasMore: !!page.nextCursor,
    cursor: encodeCursor(page.nextCursor),
  };
}
