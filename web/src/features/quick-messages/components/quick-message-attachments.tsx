import { MESSAGE_MSG, QUICK_MESSAGE_MSG, type QuickMessageMediaDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, type AttachmentsFieldProps } from '@/components/attachments-field';
import { translateMessage } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { QUICK_MESSAGES_NS } from '../i18n';

/** Spec part 3 §8: the quick-reply file warnings and how long each stays (type 5 s, size 4 s, name 5 s). */
const ISSUES = {
  blocked: { key: MESSAGE_MSG.blockedType, ms: 5000 },
  tooLarge: { key: MESSAGE_MSG.tooLarge, ms: 4000 },
  tooMany: { key: MESSAGE_MSG.tooMany, ms: 5000 },
  duplicate: { key: QUICK_MESSAGE_MSG.duplicateName, ms: 5000 },
} as const;

type QuickMessageAttachmentsProps = Omit<
  AttachmentsFieldProps<QuickMessageMediaDto>,
  'testIdPrefix' | 'accept' | 'labels' | 'onIssue'
>;

/** Picks files for a reply: the shared field with the quick replies' texts and warnings. */
export function QuickMessageAttachments(props: QuickMessageAttachmentsProps) {
  const { t } = useTranslation(QUICK_MESSAGES_NS);
  return (
    <AttachmentsField
      {...props}
      testIdPrefix="quick-message"
      accept="image/*,video/*,audio/*,.doc,.docx,.pdf,.txt,.rtf,.ppt,.pptx,.xls,.xlsx,.csv,.odt,.ods,.odp"
      labels={{
        title: t('dialog.attachments'),
        attach: t('dialog.attach'),
        hint: t('dialog.attachHint'),
        pending: t('dialog.pending'),
        removeFile: (name) => t('dialog.removeFile', { name }),
        removeTitle: t('removeTitle'),
        removeText: (name) => t('removeText', { name }),
        removeConfirm: t('delete'),
        removed: t('fileRemoved'),
      }}
      onIssue={(issue) =>
        toaster.create({ type: 'warning', title: translateMessage(ISSUES[issue.kind].key), duration: ISSUES[issue.kind].ms })
      }
    />
  );
}
