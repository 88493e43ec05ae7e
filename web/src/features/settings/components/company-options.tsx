import { Card, Field, Grid, HStack, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import {
  CHATBOT_TYPES,
  COMPANY_TOGGLE_SETTINGS,
  mayEditCompanySettings,
  parseCompanySetting,
  SCHEDULE_TYPES,
  type CompanySettingKey,
} from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useSession } from '@/hooks/use-session';
import { useRealtime } from '@/lib/realtime';
import { notify } from '@/lib/toaster';
import { companySettingsKeys, useCompanySettings, useUpdateCompanySetting } from '../api/company-settings';
import { SETTINGS_NS } from '../i18n';

const MINUTE_SETTINGS = ['ticketReopenWindowMinutes', 'autoCloseTicketsMinutes'] as const satisfies CompanySettingKey[];

/**
 * Settings → Options, the company's own part (spec part 2 §2 "Options tab", §8): a control per setting,
 * each saved on change with 'Parâmetro atualizado com sucesso.'; a refused change shows 'Erro ao
 * atualizar parâmetro.' and the control goes back to the value it had. Changes made elsewhere arrive
 * live (`company-<cid>-changed`). Read-only for whoever the policy does not let edit.
 */
export function CompanyOptions() {
  const { t } = useTranslation(SETTINGS_NS);
  const { viewer } = useSession();
  const client = useQueryClient();
  const settings = useCompanySettings();
  const update = useUpdateCompanySetting();
  /** Values shown while their save is on its way; dropped on success or failure. */
  const [pending, setPending] = useState<Partial<Record<CompanySettingKey, string>>>({});
  useRealtime('companyChanged', () => void client.invalidateQueries({ queryKey: companySettingsKeys.list() }));

  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;

  const canEdit = !!viewer && mayEditCompanySettings(viewer);
  const stored = new Map(settings.data.map((s) => [s.key, s.value]));
  const valueOf = (key: CompanySettingKey) => pending[key] ?? stored.get(key) ?? '';

  const save = async (key: CompanySettingKey, value: string) => {
    if (value === valueOf(key)) return;
    setPending((p) => ({ ...p, [key]: value }));
    try {
      await update.mutateAsync({ key, value });
      notify.success(t('options.updated'));
    } catch {
      notify.error(t('options.updateFailed'));
    } finally {
      setPending(({ [key]: _done, ...rest }) => rest);
    }
  };

  return (
    <Card.Root data-testid="company-options">
      <Card.Body gap="5">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {COMPANY_TOGGLE_SETTINGS.map((key) => (
            <Switch.Root
              key={key}
              colorPalette="brand"
              checked={valueOf(key) === 'enabled'}
              disabled={!canEdit}
              onCheckedChange={({ checked }) => void save(key, checked ? 'enabled' : 'disabled')}
              alignItems="flex-start"
              data-testid={`setting-${key}`}
            >
              <Switch.HiddenInput />
              <Switch.Control mt="0.5" />
              <Stack gap="0.5">
                <Switch.Label>{t(`options.keys.${key}.label`)}</Switch.Label>
                <Text fontSize="sm" color="fg.muted">
                  {t(`options.keys.${key}.help`)}
                </Text>
              </Stack>
            </Switch.Root>
          ))}
        </Grid>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <Choice
            settingKey="scheduleType"
            values={SCHEDULE_TYPES}
            value={valueOf('scheduleType')}
            disabled={!canEdit}
            onChange={(value) => void save('scheduleType', value)}
          />
          {/* Spec part 2 §2: the chatbot type select is disabled and shows 'text'. */}
          <Choice settingKey="chatBotType" values={CHATBOT_TYPES} value={valueOf('chatBotType') || 'text'} disabled />
          {MINUTE_SETTINGS.map((key) => (
            <MinutesField
              key={`${key}:${valueOf(key)}`}
              settingKey={key}
              value={valueOf(key)}
              disabled={!canEdit}
              onSave={(value) => void save(key, value)}
            />
          ))}
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

function Choice({
  settingKey,
  values,
  value,
  disabled,
  onChange,
}: {
  settingKey: CompanySettingKey;
  values: readonly string[];
  value: string;
  disabled?: boolean;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{t(`options.keys.${settingKey}.label`)}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          data-testid={`setting-${settingKey}`}
        >
          {values.map((v) => (
            <option key={v} value={v}>
              {t(`options.values.${settingKey}.${v}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{t(`options.keys.${settingKey}.help`)}</Field.HelperText>
    </Field.Root>
  );
}

/** Minutes, saved on Enter or when the field loses focus; a value the key's schema refuses is not sent. */
function MinutesField({
  settingKey,
  value,
  disabled,
  onSave,
}: {
  settingKey: CompanySettingKey;
  value: string;
  disabled?: boolean;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation(SETTINGS_NS);
  const [draft, setDraft] = useState(value);
  const parsed = parseCompanySetting(settingKey, draft);
  const commit = () => {
    if (parsed !== null && parsed !== value) onSave(parsed);
  };
  return (
    <Field.Root invalid={parsed === null} disabled={disabled}>
      <Field.Label>{t(`options.keys.${settingKey}.label`)}</Field.Label>
      <HStack>
        <Input
          inputMode="numeric"
          maxW="32"
          value={draft}
          onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
          onBlur={commit}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') commit();
          }}
          data-testid={`setting-${settingKey}`}
        />
        <Text color="fg.muted">{t('options.minutes')}</Text>
      </HStack>
      <Field.HelperText>{t(`options.keys.${settingKey}.help`)}</Field.HelperText>
      <Field.ErrorText>{t('options.invalidMinutes')}</Field.ErrorText>
    </Field.Root>
  );
}
