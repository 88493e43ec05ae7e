import { Button, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { CAMPAIGNS_NS } from '../i18n';
import { addCampaignVariable, type CampaignVariable } from '../lib/campaign-variables';

interface CampaignVariablesEditorProps {
  value: CampaignVariable[];
  onChange: (value: CampaignVariable[]) => void;
  disabled: boolean;
}

/**
 * The company's own placeholders (spec part 3 §3, §9): a key and what replaces `{key}` in the
 * messages. Adding a key that already exists is ignored (spec §5), and the form says why nothing
 * was added.
 */
export function CampaignVariablesEditor({ value, onChange, disabled }: CampaignVariablesEditorProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const [key, setKey] = useState('');
  const [content, setContent] = useState('');
  const [ignored, setIgnored] = useState<string | null>(null);

  const add = () => {
    if (!key.trim()) return;
    const next = addCampaignVariable(value, { key, value: content });
    if (next.length === value.length) return setIgnored(key.trim());
    onChange(next);
    setKey('');
    setContent('');
    setIgnored(null);
  };

  return (
    <Stack gap="3">
      {disabled ? null : (
        <Stack gap="1">
          <HStack gap="2" align="stretch" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input
              value={key}
              onChange={(event) => setKey(event.target.value)}
              placeholder={t('config.key')}
              aria-label={t('config.key')}
              maxW={{ sm: '48' }}
              fontFamily="mono"
              data-testid="campaign-variable-key"
            />
            <Input
              value={content}
              onChange={(event) => setContent(event.target.value)}
              placeholder={t('config.value')}
              aria-label={t('config.value')}
              data-testid="campaign-variable-value"
            />
            <Button variant="outline" onClick={add} flexShrink={0} data-testid="campaign-variable-add">
              <LuPlus />
              {t('config.addVariable')}
            </Button>
          </HStack>
          {ignored ? (
            <Text textStyle="xs" color="fg.warning" data-testid="campaign-variable-ignored">
              {t('config.duplicateKey', { key: `{${ignored}}` })}
            </Text>
          ) : null}
        </Stack>
      )}
      {value.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {t('config.noVariables')}
        </Text>
      ) : (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{t('config.key')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('config.value')}</Table.ColumnHeader>
              <Table.ColumnHeader w="12" />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {value.map((variable) => (
              <Table.Row key={variable.key} data-testid="campaign-variable-row">
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">{`{${variable.key}}`}</Table.Cell>
                <Table.Cell maxW="0" w="full">
                  <Text truncate title={variable.value}>
                    {variable.value}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {disabled ? null : (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('config.removeVariable', { key: variable.key })}
                      onClick={() => onChange(value.filter((v) => v.key !== variable.key))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
