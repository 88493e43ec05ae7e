import { Badge, Button, Card, Field, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { PLATFORM_SETTING_KEYS, type PlatformSettingKey, type PlatformSettingView } from '@atende/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuChevronUp, LuUpload } from 'react-icons/lu';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { notify } from '@/lib/toaster';
import { usePlatformSetting, usePlatformSettings, useUploadCertificate } from '../api/settings';
import { SETTINGS_NS } from '../i18n';

/** Spec part 2 §2 "Options tab": the super users' panels. */
const PANELS: { key: string; settings: PlatformSettingKey[]; certificate?: boolean }[] = [
  { key: 'payment', settings: ['efiSandbox', 'efiClientId', 'efiClientSecret', 'efiChavePix'], certificate: true },
  { key: 'facebook', settings: ['facebookClientId', 'facebookClientSecret'] },
  {
    key: 'email',
    settings: [
      'sendEmailEnabled',
      'apiKeySendGrid',
      'idEmailRegister',
      'idEmailInvite',
      'idEmailRecoveryPassword',
      'idEmailSendInvoice',
      'idEmailOverdueInvoice',
      'idEmailInvoicePaid',
    ],
  },
];

/** The .p12 travels as base64 in JSON (`POST /upload-p12 { fileName, file }`). */
async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function PlatformPanels() {
  const { t } = useTranslation(SETTINGS_NS);
  const settings = usePlatformSettings();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const byKey = new Map(settings.data.settings.map((view) => [view.key, view]));
  return (
    <Stack gap="3">
      {PANELS.map((panel) => (
        <Panel key={panel.key} title={t(`platform.${panel.key}`)}>
          {panel.settings.map((key) => (
            <SettingControl key={key} settingKey={key} view={byKey.get(key)} />
          ))}
          {panel.certificate ? <CertificateUpload current={settings.data.efiCertificate} /> : null}
        </Panel>
      ))}
    </Stack>
  );
}

/** A collapsible panel (closed at first: secrets stay out of sight until asked for). */
function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root>
      <HStack
        as="button"
        px="4"
        py="3"
        justify="space-between"
        w="full"
        cursor="pointer"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        <Text fontWeight="semibold">{title}</Text>
        {open ? <LuChevronUp /> : <LuChevronDown />}
      </HStack>
      {open ? (
        <Card.Body pt="0" gap="4">
          {children}
        </Card.Body>
      ) : null}
    </Card.Root>
  );
}

function SettingControl({ settingKey, view }: { settingKey: PlatformSettingKey; view: PlatformSettingView | undefined }) {
  const { t } = useTranslation(SETTINGS_NS);
  const write = usePlatformSetting();
  const kind = PLATFORM_SETTING_KEYS[settingKey];
  const current = view && view.kind !== 'secret' ? view.value : '';
  const [draft, setDraft] = useState(current);

  const persist = async (value: string) => {
    try {
      await write.mutateAsync({ key: settingKey, value });
      notify.success(t('platform.updated'));
      if (kind === 'secret') setDraft('');
    } catch {
      notify.error(t('platform.updateFailed'));
      setDraft(current);
    }
  };

  if (kind === 'toggle') {
    const on = current === 'enabled' || current === 'true';
    return (
      <Switch.Root
        checked={on}
        onCheckedChange={({ checked }) => void persist(checked ? 'enabled' : 'disabled')}
        colorPalette="brand"
        disabled={write.isPending}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t(`platform.keys.${settingKey}`)}</Switch.Label>
      </Switch.Root>
    );
  }
  const isSet = view?.kind === 'secret' && view.set;
  return (
    <Field.Root>
      <Field.Label>
        {t(`platform.keys.${settingKey}`)}
        {kind === 'secret' ? (
          <Badge colorPalette={isSet ? 'green' : 'gray'}>{isSet ? t('platform.defined') : t('platform.notDefined')}</Badge>
        ) : null}
      </Field.Label>
      <HStack w="full">
        <Input
          type={kind === 'secret' ? 'password' : 'text'}
          autoComplete="off"
          value={draft}
          placeholder={kind === 'secret' && isSet ? '••••••••' : undefined}
          onChange={(e) => setDraft(e.currentTarget.value)}
          data-testid={`platform-${settingKey}`}
        />
        <Button
          variant="outline"
          onClick={() => void persist(draft)}
          loading={write.isPending}
          disabled={kind === 'secret' ? !draft : draft === current}
        >
          {t('common.save')}
        </Button>
      </HStack>
      {kind === 'secret' ? <Field.HelperText>{t('platform.writeOnly')}</Field.HelperText> : null}
    </Field.Root>
  );
}

function CertificateUpload({ current }: { current: string | null }) {
  const { t } = useTranslation(SETTINGS_NS);
  const upload = useUploadCertificate();
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ fileName: file.name, file: await fileToBase64(file) });
      notify.success(t('platform.updated'));
    } catch {
      notify.error(t('platform.uploadFailed'));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Field.Root>
      <Field.Label>{t('platform.certificate')}</Field.Label>
      <HStack>
        <input ref={input} type="file" accept=".p12" hidden onChange={(e) => void onFile(e.currentTarget.files?.[0])} />
        <Button variant="outline" onClick={() => input.current?.click()} loading={upload.isPending}>
          <LuUpload />
          {t('platform.upload')}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {current ?? t('platform.noCertificate')}
        </Text>
      </HStack>
    </Field.Root>
  );
}
