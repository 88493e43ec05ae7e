import { Button, Dialog, Separator, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  campaignSchema,
  isCampaignEditable,
  isCampaignSetupLocked,
  type CampaignDto,
  type CampaignInput,
} from '@atende/shared';
import { useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
import { useCampaignSettings } from '../api/campaign-settings-api';
import { CampaignMediaError, useSaveCampaign } from '../api/campaigns-api';
import { CAMPAIGNS_NS } from '../i18n';
import { campaignFormValues, type CampaignFormValues } from '../lib/campaign-form';
import { campaignVariableTokens } from '../lib/campaign-variables';
import { CampaignMediaField } from './campaign-media-field';
import { CampaignMessagesTabs } from './campaign-messages-tabs';
import { CampaignPreview } from './campaign-preview';
import { CampaignTargetFields } from './campaign-target-fields';

/**
 * Add or edit a campaign (spec part 3 §3–§5): name, connections, a contact list or a tag, when, the
 * confirmation switch, messages 1–5 (and confirmation messages 1–5), one file, and a live preview of
 * message 1. Editable only while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA
 * (isCampaignEditable); otherwise everything is read-only and the title says so (spec §4). A
 * CANCELADA one changes its name, messages and file only. The file uploads once the campaign is
 * saved (it needs the id).
 */
export function CampaignDialog({ campaign, onClose }: { campaign: CampaignDto | null; onClose: () => void }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const isPhone = useMediaQuery('(max-width: 479px)');
  const save = useSaveCampaign();
  const settings = useCampaignSettings().data;
  // After a first save whose file failed, the dialog goes on with the saved campaign (a PUT next).
  const [current, setCurrent] = useState<CampaignDto | null>(campaign);
  const [file, setFile] = useState<File | null>(null);
  const readOnly = current !== null && !isCampaignEditable(current);
  // Spec §4: a CANCELADA campaign still saves its name and messages; restart continues the rest as set.
  const setupLocked = !readOnly && !!current && isCampaignSetupLocked(current);
  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignSchema) as unknown as Resolver<CampaignFormValues>,
    defaultValues: campaignFormValues(campaign),
  });
  const message1 = form.watch('message1');

  const onSubmit = async (values: CampaignFormValues) => {
    try {
      // The resolver ran the shared schema: what it hands over is its output.
      await save.mutateAsync({ id: current?.id, input: values as CampaignInput, file });
      notify.success(t('toasts.saved'));
      onClose();
    } catch (failure) {
      if (failure instanceof CampaignMediaError) {
        setCurrent(failure.campaign);
        return notify.error(failure.cause);
      }
      const fields = isApiError(failure) ? failure.fields : undefined;
      const known = Object.entries(fields ?? {}).filter(([name]) => name in form.getValues());
      for (const [name, message] of known) form.setError(name as Path<CampaignFormValues>, { message });
      if (!known.length) notify.error(failure);
    }
  };

  const title = readOnly ? t('dialog.readOnlyTitle') : current ? t('dialog.editTitle') : t('dialog.addTitle');
  return (
    <DialogShell open onClose={onClose} size={isPhone ? 'full' : 'xl'} scrollBehavior="inside" testId="campaign-dialog">
      {/* display: contents keeps the dialog's header/body/footer layout (the body scrolls, the footer stays in the dialog). */}
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate style={{ display: 'contents' }}>
        <Dialog.Header>
          <Dialog.Title data-testid="campaign-dialog-title">{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="5">
            {readOnly ? (
              <Text textStyle="sm" color="fg.muted" data-testid="campaign-readonly-hint">
                {t('dialog.readOnlyHint')}
              </Text>
            ) : null}
            {setupLocked ? (
              <Text textStyle="sm" color="fg.muted" data-testid="campaign-cancelled-hint">
                {t('dialog.cancelledHint')}
              </Text>
            ) : null}
            <CampaignTargetFields form={form} readOnly={readOnly} setupLocked={setupLocked} />
            <Separator />
            <CampaignMessagesTabs
              form={form}
              variableTokens={campaignVariableTokens(settings?.variables)}
              readOnly={readOnly}
            />
            <CampaignPreview message={message1} variables={settings?.variables ?? []} />
            <CampaignMediaField
              campaign={current}
              file={file}
              onFileChange={setFile}
              onRemoved={setCurrent}
              disabled={readOnly}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            {readOnly ? t('dialog.close') : t('dialog.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} data-testid="campaign-submit">
              {t('dialog.save')}
            </Button>
          )}
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
