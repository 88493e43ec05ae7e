import type { ScheduleMediaDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { AttachmentsField, type AttachmentsFieldProps } from '@/components/attachments-field';
import { notify } from '@/lib/toaster';
import { SCHEDULES_NS } from '../i18n';

/** The warnings of spec part 1 §5/§9, shared with the message input (validation.message.*). */
const ISSUE_KEYS = {
  blocked: 'validation.message.blockedType',
  tooLarge: 'validation.message.tooLarge',
  tooMany: 'validation.message.tooMany',
  duplicate: 'validation.message.duplicateName',
} as const;

type ScheduleAttachmentsProps = Omit<
  AttachmentsFieldProps<ScheduleMediaDto>,
  'testIdPrefix' | 'accept' | 'labels' | 'onIssue'
>;

/** The schedule's attachment picker: the shared field with the schedule's texts and warnings. */
export function ScheduleAttachments(props: ScheduleAttachmentsProps) {
  const { t } = useTranslation(SCHEDULES_NS);
  return (
    <AttachmentsField
      {...props}
      testIdPrefix="schedule"
      accept="audio/*,video/*,image/*,application/*,text/plain,text/csv"
      labels={{
        title: t('attachments'),
        attach: t('attach'),
        hint: t('attachHint'),
        pending: t('pending'),
        removeFile: (name) => t('removeFile', { name }),
        removeTitle: t('removeTitle'),
        removeText: (name) => t('removeText', { name }),
        removeConfirm: t('delete'),
        removed: t('fileRemoved'),
      }}
      onIssue={(issue) => notify.warning(t(ISSUE_KEYS[issue.kind], { ns: 'translation' }))}
    />
  );
}
