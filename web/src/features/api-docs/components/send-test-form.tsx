import { Box, Button, Card, Code, Field, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  externalSendMediaTesterSchema,
  externalSendTesterSchema,
  isAllowedAttachment,
  MAX_MEDIA_BYTES,
  type ExternalSendMediaTesterInput,
} from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useSendTestMessage } from '../api/send-test-message';
import { API_DOCS_NS } from '../i18n';

const MB = MAX_MEDIA_BYTES / 1024 / 1024;

/**
 * A test form of /apidocs (spec part 3 §5 "Messages API tester"): token, number (no mask: country
 * code + area code + number) and text required; `withMedia` adds a file, and the text becomes its
 * optional caption. Sends for real, through the same API integrators call.
 */
export function SendTestForm({ withMedia = false }: { withMedia?: boolean }) {
  const { t } = useTranslation(API_DOCS_NS);
  const send = useSendTestMessage();
  const [file, setFile] = useState<File | null>(null);
  /** Already translated: the form's own checks and the API's `fields.medias`. */
  const [fileError, setFileError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<string | null>(null);
  const prefix = withMedia ? 'media' : 'text';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ExternalSendMediaTesterInput>({
    resolver: zodResolver(
      withMedia ? externalSendMediaTesterSchema : externalSendTesterSchema,
    ) as Resolver<ExternalSendMediaTesterInput>,
    defaultValues: { token: '', number: '', body: '' },
  });

  const checkFile = (chosen: File | null): string | undefined => {
    if (!chosen) return t('fileRequired');
    if (chosen.size > MAX_MEDIA_BYTES) return t('fileTooLarge', { mb: MB });
    if (!isAllowedAttachment(chosen.name, chosen.type || 'application/octet-stream')) return t('fileBlocked');
    return undefined;
  };

  const onSubmit = handleSubmit(async (values) => {
    const problem = withMedia ? checkFile(file) : undefined;
    setFileError(problem);
    if (problem) return;
    setAnswer(null);
    try {
      const result = await send.mutateAsync({ ...values, ...(withMedia && file ? { file } : {}) });
      setAnswer(JSON.stringify(result, null, 2));
      notify.success(t('sent'));
    } catch (err) {
      const fields = isApiError(err) ? (err.fields ?? {}) : {};
      for (const name of ['number', 'body'] as const) if (fields[name]) setError(name, { message: fields[name] });
      if (fields.medias) setFileError(translateMessage(fields.medias));
      notify.error(err);
    }
  });

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid={`${prefix}-test-form`}>
          <Stack gap="4">
            <Heading as="h3" size="md">
              {withMedia ? t('testMedia') : t('testText')}
            </Heading>
            <FormField label={t('token')} error={errors.token?.message} required>
              <Input autoComplete="off" {...register('token')} data-testid={`${prefix}-token`} />
            </FormField>
            <FormField label={t('number')} error={errors.number?.message} required>
              <Input
                inputMode="numeric"
                placeholder={t('numberPlaceholder')}
                {...register('number')}
                data-testid={`${prefix}-number`}
              />
            </FormField>
            <FormField label={withMedia ? t('caption') : t('body')} error={errors.body?.message} required={!withMedia}>
              <Textarea rows={3} {...register('body')} data-testid={`${prefix}-body`} />
            </FormField>
            {withMedia ? (
              <Field.Root invalid={!!fileError} required>
                <Field.Label>
                  {t('file')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type="file"
                  p="1"
                  onChange={(e) => {
                    const chosen = e.currentTarget.files?.[0] ?? null;
                    setFile(chosen);
                    setFileError(chosen ? checkFile(chosen) : undefined);
                  }}
                  data-testid="media-file"
                />
                <Field.ErrorText>{fileError}</Field.ErrorText>
              </Field.Root>
            ) : null}
            <Box>
              <Button type="submit" loading={send.isPending} data-testid={`${prefix}-send`}>
                {t('send')}
              </Button>
            </Box>
            {answer ? (
              <Box>
                <Heading as="h4" size="sm" mb="1">
                  {t('answer')}
                </Heading>
                <Code as="pre" display="block" whiteSpace="pre-wrap" p="3" data-testid={`${prefix}-answer`}>
                  {answer}
                </Code>
              </Box>
            ) : null}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
