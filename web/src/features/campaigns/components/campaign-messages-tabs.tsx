import { Button, Field, HStack, Tabs, Text, Textarea, Wrap } from '@chakra-ui/react';
import { MAX_CAMPAIGN_MESSAGE } from '@atende/shared';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { CAMPAIGNS_NS } from '../i18n';
import { MESSAGE_SLOTS, type CampaignFormValues, type MessageField } from '../lib/campaign-form';
import { insertAtCursor } from '../lib/insert-at-cursor';

interface CampaignMessagesTabsProps {
  form: UseFormReturn<CampaignFormValues>;
  /** `{nome}`, `{numero}`, `{email}` and the company's own. */
  variableTokens: string[];
  readOnly: boolean;
}

/**
 * Messages 1–5 and, while confirmation is on, confirmation messages 1–5, one tab each (spec part 3
 * §3); one message among the filled ones is drawn per contact. The variable chips put their
 * placeholder at the caret of the open tab's text.
 */
export function CampaignMessagesTabs({ form, variableTokens, readOnly }: CampaignMessagesTabsProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { register, watch, setValue, getValues, formState } = form;
  const confirmation = watch('confirmation');
  const [tab, setTab] = useState<MessageField>('message1');
  const fields = useRef<Partial<Record<MessageField, HTMLTextAreaElement | null>>>({});

  const triggers = useRef<Partial<Record<MessageField, HTMLButtonElement | null>>>({});

  // "Fill a message" points at message 1, "fill a confirmation message" at confirmation 1: its tab
  // opens, scrolled into the (narrow screen's) tab list, and the caret goes into its text.
  const messageError = formState.errors.message1?.message;
  const confirmationError = formState.errors.confirmationMessage1?.message;
  useEffect(() => {
    const target: MessageField | undefined = messageError
      ? 'message1'
      : confirmationError
        ? 'confirmationMessage1'
        : undefined;
    if (!target) return;
    setTab(target);
    const frame = requestAnimationFrame(() => {
      triggers.current[target]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      fields.current[target]?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [messageError, confirmationError, formState.submitCount]);

  const tabs: MessageField[] = [
    ...MESSAGE_SLOTS.map((n) => `message${n}` as const),
    ...(confirmation ? MESSAGE_SLOTS.map((n) => `confirmationMessage${n}` as const) : []),
  ];
  // Confirmation switched off while on one of its tabs: those tabs are gone, message 1 shows.
  const active = tabs.includes(tab) ? tab : 'message1';
  const label = (field: MessageField) => {
    const n = field.slice(-1);
    return field.startsWith('confirmation') ? t('dialog.confirmationTab', { n }) : t('dialog.messageTab', { n });
  };

  const insert = (token: string) => {
    const element = fields.current[active];
    const next = insertAtCursor(getValues(active), token, element?.selectionStart, element?.selectionEnd);
    setValue(active, next.text, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    // After React wrote the new value: back to the text, caret after the placeholder.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Tabs.Root value={active} onValueChange={(details) => setTab(details.value as MessageField)} size="sm" variant="line">
      <Tabs.List overflowX="auto" overflowY="hidden" data-testid="campaign-message-tabs">
        {tabs.map((field) => (
          <Tabs.Trigger
            key={field}
            value={field}
            whiteSpace="nowrap"
            flexShrink={0} // a narrow screen scrolls the list instead of squeezing the labels over each other
            ref={(element) => {
              triggers.current[field] = element;
            }}
            data-testid={`campaign-tab-${field}`}
          >
            {label(field)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {readOnly ? null : (
        <HStack gap="2" mt="3" align="center" wrap="wrap">
          <Text textStyle="xs" color="fg.muted">
            {t('dialog.variables')}
          </Text>
          <Wrap gap="1">
            {variableTokens.map((token) => (
              <Button
                key={token}
                size="2xs"
                variant="subtle"
                colorPalette="brand"
                fontFamily="mono"
                aria-label={t('dialog.insertVariable', { token })}
                data-testid="campaign-variable-chip"
                onClick={() => insert(token)}
              >
                {token}
              </Button>
            ))}
          </Wrap>
        </HStack>
      )}
      {tabs.map((field) => {
        const registered = register(field);
        const error = formState.errors[field]?.message;
        return (
          <Tabs.Content key={field} value={field} pt="3">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label srOnly>{label(field)}</Field.Label>
              <Textarea
                {...registered}
                ref={(element) => {
                  registered.ref(element);
                  fields.current[field] = element;
                }}
                rows={6}
                maxLength={MAX_CAMPAIGN_MESSAGE}
                readOnly={readOnly}
                placeholder={t('dialog.messagePlaceholder')}
                data-testid={`campaign-${field}`}
              />
              <Field.ErrorText>{translateMessage(error)}</Field.ErrorText>
            </Field.Root>
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
