import { Badge, Box, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { UserDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { USERS_NS } from '../i18n';

interface UsersTableProps {
  users: UserDto[];
  currentUserId?: string;
  onEdit: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

/** Ids are long ULIDs: the table shows their tail, the tooltip the whole id. */
const shortId = (id: string) => (id.length > 8 ? `…${id.slice(-6)}` : id);

export function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation(USERS_NS);
  return (
    <Table.Root size="md" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="28" display={{ base: 'none', sm: 'table-cell' }}>
            {t('columns.status')}
          </Table.ColumnHeader>
          <Table.ColumnHeader w="28" display={{ base: 'none', lg: 'table-cell' }}>
            {t('columns.id')}
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('columns.email')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('columns.profile')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w={{ base: '20', sm: '24' }}>
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user.id} data-testid="user-row">
            <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>
              <Badge colorPalette={user.status ? 'green' : 'gray'} variant="subtle" size="sm" borderRadius="full" px="2">
                <Box boxSize="1.5" borderRadius="full" bg={user.status ? 'green.500' : 'gray.400'} />
                {user.status ? t('common.active') : t('common.inactive')}
              </Badge>
            </Table.Cell>
            <Table.Cell display={{ base: 'none', lg: 'table-cell' }}>
              <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={user.id}>
                {shortId(user.id)}
              </Text>
            </Table.Cell>
            {/* Long names and e-mails are cut with an ellipsis (full text on hover), never push the columns out of view. */}
            <Table.Cell maxW={{ base: '0', md: 'xs' }} w={{ base: 'full', md: 'auto' }}>
              <Stack gap="0" minW="0">
                <HStack gap="2">
                  <Box
                    display={{ base: 'inline-block', sm: 'none' }}
                    boxSize="2"
                    flexShrink={0}
                    borderRadius="full"
                    bg={user.status ? 'green.500' : 'gray.400'}
                    title={user.status ? t('common.active') : t('common.inactive')}
                  />
                  <Text fontWeight="medium" truncate title={user.name}>
                    {user.name}
                  </Text>
                  {user.id === currentUserId ? (
                    <Badge size="xs" variant="outline" colorPalette="gray">
                      {t('you')}
                    </Badge>
                  ) : null}
                </HStack>
                <Text fontSize="xs" color="fg.muted" truncate display={{ base: 'block', md: 'none' }}>
                  {user.email}
                  <Box as="span" display={{ base: 'inline', sm: 'none' }}>
                    {' · '}
                    {t(`profiles.${user.profile}`)}
                  </Box>
                </Text>
              </Stack>
            </Table.Cell>
            <Table.Cell display={{ base: 'none', md: 'table-cell' }} color="fg.muted" maxW="xs">
              <Text truncate title={user.email}>
                {user.email}
              </Text>
            </Table.Cell>
            <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>
              <Badge
                variant={user.profile === 'admin' ? 'subtle' : 'outline'}
                colorPalette={user.profile === 'admin' ? 'brand' : 'gray'}
                size="sm"
              >
                {t(`profiles.${user.profile}`)}
              </Badge>
            </Table.Cell>
            <Table.Cell textAlign="end">
              <HStack gap="1" justify="flex-end">
                <IconButton
                  variant="ghost"
                  size="sm"
                  aria-label={t('editAria', { name: user.name })}
                  title={t('common.edit')}
                  onClick={() => onEdit(user)}
                >
                  <LuPencil />
                </IconButton>
                <IconButton
                  variant="ghost"
                  size="sm"
                  colorPalette="red"
                  aria-label={t('deleteAria', { name: user.name })}
                  title={t('common.delete')}
                  disabled={user.id === currentUserId}
                  onClick={() => onDelete(user)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
