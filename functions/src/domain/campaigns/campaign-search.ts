/**
 * GET /campaigns: the company's campaigns newest first (AP-CA2), or those whose name has a word
 * starting with what was typed, through the campaign index kept on write (KIX, search-index.ts): a
 * page reads a slice of the index and the campaigns it names, never the company's campaigns. Paged
 * by the `cursor` of the previous page, or by `pageNumber` (the skipped pages re-read, bounded). A
 * campaign found by several words ("promo promocao" for "promo") is listed once; further words must
 * appear in its name.
 */
import { PAGE_SIZE, type CampaignListAnswer, type ListCampaignsQuery } from '@atende/shared';
import { getCampaigns, isCampaignsCursorOf, listCampaignsPage, type CampaignRecord } from '../../data/campaigns';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { indexTokens, isIndexKeyOf, scanIndex, unindexTokens } from '../../data/search-index';
import { normaliseForSearch, searchTerms, tokensOf } from '../../data/search-tokens';
import { AppError } from '../../platform/app-error';
import { toCampaignDtos } from './campaign-dto';

const SLICE = 60;
/** Items one request reads at most (skipped pages included); a deeper `pageNumber` must continue by cursor. */
const MAX_ITEMS_READ = 1_000;
/** Words of a name indexed (a name is at most 50 characters). */
const MAX_NAME_TOKENS = 12;

const invalid = (field: string) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: 'validation.invalid' } });

/** The words a campaign of this name is indexed under. */
export const campaignTokens = (name: string): string[] => tokensOf(name, MAX_NAME_TOKENS);

/** Puts the words `next` has that `previous` had not (before the campaign is written: a search skips what it cannot find). */
export const indexCampaignWords = (companyId: string, id: string, next: string[], previous: string[] = []) =>
  indexTokens(
    'KIX',
    companyId,
    id,
    next.filter((t) => !previous.includes(t)),
  );

/** Takes off the words no longer there (after the campaign is written or deleted). */
export const unindexCampaignWords = (companyId: string, id: string, previous: string[], next: string[] = []) =>
  unindexTokens(
    'KIX',
    companyId,
    id,
    previous.filter((t) => !next.includes(t)),
  );

/** The one entry of a campaign among those the term finds: its greatest word starting with the term. */
const isCampaignsOwnEntry = (campaign: CampaignRecord, token: string, term: string) =>
  (campaign.searchTokens ?? [])
    .filter((word) => word.startsWith(term))
    .sort()
    .at(-1) === token;

export async function listCampaigns(companyId: string, query: ListCampaignsQuery): Promise<CampaignListAnswer> {
  if (query.searchParam.trim()) return searchCampaigns(companyId, query);
  const after = decodeCursor(query.cursor);
  if (query.cursor && (!after || !isCampaignsCursorOf(companyId, after))) throw invalid('cursor');
  const skip = after ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
  if (skip + PAGE_SIZE > MAX_ITEMS_READ) throw invalid('pageNumber');
  const page = await listCampaignsPage(companyId, { limit: skip + PAGE_SIZE, after }); // AP-CA2
  const cursor = encodeCursor(page.next);
  return {
    records: await toCampaignDtos(companyId, page.campaigns.slice(skip)),
    hasMore: !!page.next,
    ...(cursor ? { cursor } : {}),
  };
}

async function searchCampaigns(companyId: string, query: ListCampaignsQuery): Promise<CampaignListAnswer> {
  const terms = searchTerms(query.searchParam);
  if (!terms.length) return { records: [], hasMore: false };
  const [primary, ...others] = terms as [string, ...string[]];
  const after = decodeCursor(query.cursor);
  if (query.cursor && (!after || !isIndexKeyOf('KIX', companyId, after))) throw invalid('cursor');
  const skip = after ? 0 : (query.pageNumber - 1) * PAGE_SIZE;
  const scan = await scanIndex('KIX', companyId, primary, {
    after,
    want: skip + PAGE_SIZE,
    slice: SLICE,
    maxItems: MAX_ITEMS_READ,
    resolve: async (entries) => {
      const found = new Map(
        (await getCampaigns(companyId, [...new Set(entries.map((e) => e.ownerId))])).map((c) => [c.id, c]), // AP-CA1 batch
      );
      return entries.map((entry) => {
        const campaign = found.get(entry.ownerId);
        return campaign &&
          isCampaignsOwnEntry(campaign, entry.token, primary) &&
          others.every((term) => normaliseForSearch(campaign.name).includes(term))
          ? campaign
          : undefined;
      });
    },
  });
  const page = scan.found.slice(skip).sort((a, b) => b.id.localeCompare(a.id)); // newest first within the page
  const cursor = encodeCursor(scan.next);
  return { records: await toCampaignDtos(companyId, page), hasMore: !!scan.next, ...(cursor ? { cursor } : {}) };
}
