import { Badge, Table, Text } from '@chakra-ui/react';
import type { TagDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RowActionsCell } from '@/components/row-actions-cell';
import { TAGS_NS } from '../i18n';

/** White or near-black text, whichever reads on the tag's colour. */
export function chipTextColor(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  if (Number.isNaN(n)) return 'white';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#1A202C' : 'white';
}

/** Spec part 3 "Tags page": the name as a chip in its colour, the tickets count, edit and delete. */
export function TagsTable({
  tags,
  onEdit,
  onDelete,
}: {
  tags: TagDto[];
  onEdit: (tag: TagDto) => void;
  onDelete: (tag: TagDto) => void;
}) {
  const { t } = useTranslation(TAGS_NS);
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="28">
            {t('columns.tickets')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="24">
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {tags.map((tag) => (
          <Table.Row key={tag.id} data-testid="tag-row">
            <Table.Cell maxW="0" w="full">
              <Badge
                size="md"
                maxW="full"
                bg={tag.color}
                color={chipTextColor(tag.color)}
                borderRadius="full"
                px="3"
                data-testid="tag-chip"
              >
                <Text as="span" truncate>
                  {tag.name}
                </Text>
              </Badge>
            </Table.Cell>
            <Table.Cell textAlign="end" data-testid="tag-count">
              {tag.ticketsCount ?? 0}
            </Table.Cell>
            <RowActionsCell onEdit={() => onEdit(tag)} onDelete={() => onDelete(tag)} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
