import { Alert, Button, Card, Code, Field, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { mayManageWebhook, webhookConfigSchema, type WebhookConfigInput } from '@atende/shared';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuKeyRound } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useSession } from '@/hooks/use-session';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useRotateWebhookSecret, useSaveWebhook, useWebhook } from '../api/webhook';
import { WEBHOOK_NS } from '../webhook-i18n';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * Settings → Options → Webhook (spec part 2 §2; docs/webhooks.md): the company's URL, its signing
 * secret (shown once, when made or rotated) and the latest delivery attempts. Admins only (the policy).
 */
export function WebhookPanel() {
  const { t } = useTranslation(WEBHOOK_NS);
  const { viewer } = useSession();
  const allowed = !!viewer && mayManageWebhook(viewer);
  const webhook = useWebhook(allowed);
  const [secret, setSecret] = useState<string | null>(null);
  if (!allowed) return null;
  return (
    <Card.Root data-testid="webhook-panel">
      <Card.Header>
        <Card.Title>{t('title')}</Card.Title>
        <Card.Description>{t('description')}</Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        {webhook.isPending ? (
          <LoadingState minH="24" />
        ) : webhook.isError ? (
          <ErrorState error={webhook.error} onRetry={() => void webhook.refetch()} />
        ) : (
          <>
            <WebhookForm url={webhook.data?.url ?? ''} enabled={webhook.data?.enabled ?? true} onSecret={setSecret} />
            {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
            {webhook.data ? <SecretRow hint={webhook.data.secretHint} onSecret={setSecret} /> : null}
            {webhook.data ? <WebhookDeliveries /> : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WebhookForm({ url, enabled, onSecret }: { url: string; enabled: boolean; onSecret: (s: string) => void }) {
  const { t } = useTranslation(WEBHOOK_NS);
  const save = useSaveWebhook();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WebhookConfigInput>({
    resolver: zodResolver(webhookConfigSchema) as unknown as Resolver<WebhookConfigInput>,
    defaultValues: { url, enabled },
  });
  useEffect(() => reset({ url, enabled }), [url, enabled, reset]);
  const onSubmit = async (input: WebhookConfigInput) => {
    try {
      const answer = await save.mutateAsync(input);
      if (answer.secret) onSecret(answer.secret);
      notify.success(t('saved'));
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
        <Field.Root invalid={!!errors.url} required flex="1">
          <Field.Label>
            {t('url')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="url" placeholder="https://" {...register('url')} data-testid="webhook-url" />
          <Field.ErrorText>{translateMessage(errors.url?.message)}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch.Root
              colorPalette="brand"
              checked={field.value}
              onCheckedChange={({ checked }) => field.onChange(checked)}
              pb="2"
            >
              <Switch.HiddenInput name={field.name} onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>{t('enabled')}</Switch.Label>
            </Switch.Root>
          )}
        />
        <Button type="submit" loading={isSubmitting} data-testid="webhook-save">
          {t('save')}
        </Button>
      </Stack>
    </form>
  );
}

/** The secret, this once: copy it now, it is never shown again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation(WEBHOOK_NS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(t('copied'));
    } catch {
      notify.warning(t('copyFailed'));
    }
  };
  return (
    <Alert.Root status="warning" data-testid="webhook-secret">
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0">
        <Alert.Title>{t('secretOnceTitle')}</Alert.Title>
        <Alert.Description>{t('secretOnceText')}</Alert.Description>
        <Code wordBreak="break-all" whiteSpace="normal" p="2">
          {secret}
        </Code>
        <HStack>
          <Button size="xs" variant="outline" onClick={() => void copy()}>
            <LuCopy />
            {t('copy')}
          </Button>
          <Button size="xs" variant="ghost" onClick={onDone}>
            {t('secretStored')}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

function SecretRow({ hint, onSecret }: { hint: string; onSecret: (s: string) => void }) {
  const { t } = useTranslation(WEBHOOK_NS);
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);
  const onConfirm = async () => {
    try {
      const answer = await rotate.mutateAsync();
      onSecret(answer.secret);
      setConfirming(false);
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('secretHint')} <Code>{hint}</Code>
      </Text>
      <Button size="sm" variant="outline" onClick={() => setConfirming(true)} data-testid="webhook-rotate">
        <LuKeyRound />
        {t('rotate')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('rotateTitle')}
        confirmLabel={t('rotate')}
        destructive
        loading={rotate.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(false)}
      >
        {t('rotateText')}
      </ConfirmDialog>
    </HStack>
  );
}
