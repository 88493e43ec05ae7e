/**
 * Campaigns (spec part 3 "Campaigns page", "Campaign report page", "Campaign settings page", §3
 * Campaign / Campaign settings, §4 "Campaign statuses", §5, §7 "Campaigns", §9; part 2 "Campaign
 * stats" and the company campaign parameters). A campaign sends one of up to five messages to every
 * WhatsApp-valid contact of a list (or of a tag), paced per connection, optionally asking for a
 * confirmation first, and sends each contact its message exactly once.
 */
import * as z from '../zod';
import { cursorSchema, idSchema, nameSchema, pageNumberSchema, searchParamSchema } from './common';
import { attachmentFileSchema } from './attachments';
import type { UploadTicket } from './messages';
import {
  CAMPAIGN_GREATER_INTERVALS,
  CAMPAIGN_LONGER_AFTER,
  CAMPAIGN_MESSAGE_INTERVALS,
  campaignConfirmationMessages,
  campaignMessages,
  DEFAULT_CAMPAIGN_DAILY_CAP,
  MAX_CAMPAIGN_MESSAGE,
  type CampaignMessageFields,
  type CampaignStatus,
} from './campaign-rules';

export const CAMPAIGN_MSG = {
  targetRequired: 'validation.campaign.targetRequired',
  connectionRequired: 'validation.campaign.connectionRequired',
  messageRequired: 'validation.campaign.messageRequired',
  confirmationMessageRequired: 'validation.campaign.confirmationMessageRequired',
  scheduledAtInvalid: 'validation.campaign.scheduledAtInvalid',
} as const;

const messageSchema = z.optional(z.string().check(z.maxLength(MAX_CAMPAIGN_MESSAGE)));

/**
 * POST /campaigns, PUT /campaigns/{id}. `whatsappIds`: the chosen connections (spec: whatsappId is
 * their comma-joined ids; the API takes an array). Exactly one of contactListId / tagListId.
 * `scheduledAt` null or absent keeps the campaign INATIVA; a time makes it PROGRAMADA.
 */
export const campaignSchema = z
  .object({
    name: nameSchema,
    message1: messageSchema,
    message2: messageSchema,
    message3: messageSchema,
    message4: messageSchema,
    message5: messageSchema,
    confirmation: z._default(z.boolean(), false),
    confirmationMessage1: messageSchema,
    confirmationMessage2: messageSchema,
    confirmationMessage3: messageSchema,
    confirmationMessage4: messageSchema,
    confirmationMessage5: messageSchema,
    contactListId: z.optional(z.nullable(idSchema)),
    tagListId: z.optional(z.nullable(idSchema)),
    whatsappIds: z.array(idSchema).check(z.minLength(1, CAMPAIGN_MSG.connectionRequired), z.maxLength(10)),
    scheduledAt: z.optional(z.nullable(z.iso.datetime({ offset: true, error: CAMPAIGN_MSG.scheduledAtInvalid }))),
  })
  .check(
    z.refine((c) => !!c.contactListId !== !!c.tagListId, { message: CAMPAIGN_MSG.targetRequired, path: ['contactListId'] }),
    z.refine((c) => campaignMessages(c).length > 0, { message: CAMPAIGN_MSG.messageRequired, path: ['message1'] }),
    // Confirmation on asks each contact first: with nothing to ask, it would send without asking.
    z.refine((c) => !c.confirmation || campaignConfirmationMessages(c).length > 0, {
      message: CAMPAIGN_MSG.confirmationMessageRequired,
      path: ['confirmationMessage1'],
    }),
  );
export type CampaignInput = z.infer<typeof campaignSchema>;
export type CampaignFormInput = z.input<typeof campaignSchema>;

export const listCampaignsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuerySchema>;

export const campaignIdParamsSchema = z.object({ id: idSchema });

export interface CampaignDto extends CampaignMessageFields {
  id: string;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  contactListId: string | null;
  contactList: { id: string; name: string } | null;
  tagListId: string | null;
  whatsappIds: string[];
  /** Names of the chosen connections, comma-joined (the list's column). */
  whatsapp: { id: string; name: string }[];
  scheduledAt: string | null;
  completedAt: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /campaigns/{id}/report: the report page's figures (spec "Campaign report page"). */
export interface CampaignReportDto {
  campaign: CampaignDto;
  /** Contacts of the target whose number is on WhatsApp. */
  validContacts: number;
  /** Shipping records planned so far (one per valid contact). */
  planned: number;
  /** Main messages delivered (handed to WhatsApp). */
  delivered: number;
  /** Confirmation requests sent. */
  confirmationRequested: number;
  /** Contacts who answered a confirmation request. */
  confirmed: number;
  /** Shippings that failed for good (number refused by WhatsApp, connection removed). */
  failed: number;
}

const variableSchema = z.object({
  key: z.string().check(z.trim(), z.minLength(1), z.maxLength(30), z.regex(/^[\p{L}\p{N}_]+$/u)),
  value: z.string().check(z.maxLength(1000)),
});
export const campaignSettingsSchema = z.object({
  messageInterval: z.union(CAMPAIGN_MESSAGE_INTERVALS.map((v) => z.literal(v))),
  longerIntervalAfter: z.union(CAMPAIGN_LONGER_AFTER.map((v) => z.literal(v))),
  greaterInterval: z.union(CAMPAIGN_GREATER_INTERVALS.map((v) => z.literal(v))),
  dailyCapPerConnection: z._default(z.number().check(z.int(), z.gte(1), z.lte(100_000)), DEFAULT_CAMPAIGN_DAILY_CAP),
  variables: z.array(variableSchema).check(z.maxLength(50)),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;
/** GET /campaigns/stats (spec part 2 "Campaign stats"). */
export interface CampaignStatsDto {
  limitOfCampaignBy: 'doNotLimit' | 'day' | 'week' | 'month' | 'year';
  numberOfCampaigns: number;
  numberOfGroupsCampaigns: number;
  numberOfContactsInGroupsCampaigns: number;
  valueOfResourceCampaigns: number;
  stats: {
    /** Campaigns created in the current period (or in all, when not limited). */
    campaigns: number;
    /** Contact lists the company has. */
    groupsCampaigns: number;
    /** Remaining capacity per list. */
    contactsInGroupsCampaigns: { id: string; value: number }[];
  };
}

// --- The campaigns API's own shapes (functions/src/handlers/campaigns) --------------------------

/** GET /campaigns: a page, newest first (or the campaigns a search word finds); `cursor` continues. */
export interface CampaignListAnswer {
  records: CampaignDto[];
  hasMore: boolean;
  cursor?: string;
}

/** POST /campaign-settings {settings}; GET /campaign-settings answers the settings (defaults when unset). */
export const campaignSettingsBodySchema = z.object({ settings: campaignSettingsSchema });
export type CampaignSettingsBody = z.infer<typeof campaignSettingsBodySchema>;

/**
 * POST /campaigns/{id}/media-upload: the presigned flow of schedules' attachments, for the one file a
 * campaign carries. Without `key`: checked (type, 5 MB) and a presigned PUT comes back. With the `key`
 * that PUT used, once uploaded: checked in S3 and attached, replacing any earlier file.
 * DELETE /campaigns/{id}/media-upload takes the file off.
 */
export const campaignMediaUploadSchema = z.object({
  file: attachmentFileSchema,
  key: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type CampaignMediaUploadInput = z.infer<typeof campaignMediaUploadSchema>;

export interface CampaignMediaUploadAnswer {
  record: CampaignDto;
  upload?: UploadTicket;
}
