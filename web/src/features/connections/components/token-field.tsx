import { Field, Group, IconButton, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCopy, LuKeyRound } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { generateApiToken } from '@atende/shared';

/** Copy with the async clipboard API, falling back to a hidden textarea outside secure contexts. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Bearer token for the external API: read-only, generate + copy (spec part 2 §2). */
export function TokenField({ value, onChange }: { value: string | null | undefined; onChange: (token: string) => void }) {
  const { t } = useTranslation('connections');
  const copy = async () => {
    if (!value) return;
    try {
      await copyText(value);
      notify.success(t('form.tokenCopied'));
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <Field.Root>
      <Field.Label>{t('form.token')}</Field.Label>
      <Group attached w="full">
        <Input readOnly value={value ?? ''} fontFamily="mono" textStyle="xs" placeholder={t('form.tokenPlaceholder')} />
        <IconButton
          variant="outline"
          aria-label={t('form.generateToken')}
          title={t('form.generateToken')}
          onClick={() => onChange(generateApiToken())}
        >
          <LuKeyRound />
        </IconButton>
        <IconButton
          variant="outline"
          aria-label={t('form.copyToken')}
          title={t('form.copyToken')}
          disabled={!value}
          onClick={() => void copy()}
        >
          <LuCopy />
        </IconButton>
      </Group>
      <Field.HelperText>{t('form.tokenHelp')}</Field.HelperText>
    </Field.Root>
  );
}
