import type { CampaignDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, type AttachedMedia } from '@/components/attachments-field';
import { notify } from '@/lib/toaster';
import { useRemoveCampaignMedia } from '../api/campaigns-api';
import { CAMPAIGNS_NS } from '../i18n';

/** The warnings of spec part 1 §5/§9, shared with the message input (validation.message.*). */
const ISSUE_KEYS = {
  blocked: 'validation.message.blockedType',
  tooLarge: 'validation.message.tooLarge',
  tooMany: 'validation.message.tooMany',
  duplicate: 'validation.message.duplicateName',
} as const;

interface CampaignMediaFieldProps {
  /** The saved campaign (its attached file), or null for a new one. */
  campaign: CampaignDto | null;
  /** The file picked here, uploaded once the campaign is saved. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The campaign as it stands once its file was removed. */
  onRemoved: (campaign: CampaignDto) => void;
  disabled: boolean;
}

/**
 * The campaign's one attachment, sent with the first message (spec §3 mediaPath/mediaName), on the
 * platform's attachment field: the same type and size rules. A file picked while one is attached
 * replaces it when the campaign is saved (the API keeps one).
 */
export function CampaignMediaField({ campaign, file, onFileChange, onRemoved, disabled }: CampaignMediaFieldProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const removeMedia = useRemoveCampaignMedia();
  const attached: AttachedMedia[] = campaign?.mediaName
    ? [{ originalName: campaign.mediaName, mimetype: '', size: 0, url: null }]
    : [];
  // One file per campaign: a new pick replaces the one waiting (and, once saved, the attached one).
  const pick = (files: File[]) => onFileChange(files.at(-1) ?? null);
  return (
    <AttachmentsField
      testIdPrefix="campaign"
      accept="audio/*,video/*,image/*,application/pdf,text/plain"
      labels={{
        title: t('dialog.media'),
        attach: t('dialog.attach'),
        hint: t('dialog.attachHint'),
        pending: t('dialog.pending'),
        removeFile: (name) => t('dialog.removeFile', { name }),
        removeTitle: t('dialog.removeTitle'),
        removeText: (name) => t('dialog.removeText', { name }),
        removeConfirm: t('actions.delete'),
        removed: t('dialog.fileRemoved'),
      }}
      attached={attached}
      pending={file ? [file] : []}
      onPendingChange={pick}
      removeAttached={async () => {
        if (!campaign) return;
        const updated = await removeMedia.mutateAsync(campaign.id);
        onRemoved(updated ?? { ...campaign, mediaName: null, mediaPath: null });
      }}
      removing={removeMedia.isPending}
      onIssue={(issue) => notify.warning(t(ISSUE_KEYS[issue.kind], { ns: 'translation' }))}
      disabled={disabled}
    />
  );
}
