import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLink } from 'react-icons/lu';
import { notify } from '@/lib/toaster';
import { useEnterPairingCode } from '../api/simulator-api';

/** "Link with phone number" on the simulated business phone: the person types the code the console shows. */
export function PairingCodeForm({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation('simulator');
  const enter = useEnterPairingCode();
  const [code, setCode] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    enter.mutate(
      { connectionId, code },
      { onSuccess: () => notify.success(t('connections.paired')), onError: (error) => notify.error(error.message) },
    );
  };

  return (
    <Stack as="form" mt="3" gap="2" onSubmit={submit} onClick={(e) => e.stopPropagation()}>
      <Field.Root>
        <Field.Label textStyle="xs">{t('connections.pairingCodeLabel')}</Field.Label>
        <Input
          size="sm"
          placeholder="ABCD-1234"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          maxLength={9}
          autoComplete="off"
          fontFamily="mono"
          letterSpacing="widest"
          data-testid="sim-pairing-code"
        />
        <Field.HelperText textStyle="2xs">{t('connections.pairingCode')}</Field.HelperText>
      </Field.Root>
      <Button
        type="submit"
        size="sm"
        colorPalette="green"
        loading={enter.isPending}
        disabled={code.replace(/\W/g, '').length !== 8}
        data-testid="sim-pair"
      >
        <LuLink /> {t('connections.pair')}
      </Button>
    </Stack>
  );
}
