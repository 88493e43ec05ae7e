import {
  CAMPAIGN_MESSAGE_SLOTS,
  type CampaignDto,
  type CampaignMessageField,
  type CampaignMessageFields,
} from '@atende/shared';

export type MessageSlot = 1 | 2 | 3 | 4 | 5;
export const MESSAGE_SLOTS: readonly MessageSlot[] = Array.from(
  { length: CAMPAIGN_MESSAGE_SLOTS },
  (_, i) => (i + 1) as MessageSlot,
);
export type MessageField = CampaignMessageField;

/** What the editor's form holds: the shared schema's fields, every one present (react-hook-form). */
export interface CampaignFormValues extends CampaignMessageFields {
  name: string;
  confirmation: boolean;
  contactListId: string | null;
  tagListId: string | null;
  whatsappIds: string[];
  /** ISO with offset, or null (INATIVA). The date input shows it in local time. */
  scheduledAt: string | null;
}

/** The form's start: a campaign's saved values, or an empty new one. */
export function campaignFormValues(campaign: CampaignDto | null): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    message1: campaign?.message1 ?? '',
    message2: campaign?.message2 ?? '',
    message3: campaign?.message3 ?? '',
    message4: campaign?.message4 ?? '',
    message5: campaign?.message5 ?? '',
    confirmation: campaign?.confirmation ?? false,
    confirmationMessage1: campaign?.confirmationMessage1 ?? '',
    confirmationMessage2: campaign?.confirmationMessage2 ?? '',
    confirmationMessage3: campaign?.confirmationMessage3 ?? '',
    confirmationMessage4: campaign?.confirmationMessage4 ?? '',
    confirmationMessage5: campaign?.confirmationMessage5 ?? '',
    contactListId: campaign?.contactListId ?? null,
    tagListId: campaign?.tagListId ?? null,
    whatsappIds: campaign?.whatsappIds ?? [],
    scheduledAt: campaign?.scheduledAt ?? null,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO → the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value → ISO (UTC, with its `Z` offset); empty or invalid → null. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
