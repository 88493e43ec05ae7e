import { Badge, Text } from '@chakra-ui/react';
import type { TagDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RecordsTable } from '@/components/records-table';
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
    <RecordsTable
      records={tags}
      rowTestId="tag-row"
      columns={[
        {
          header: t('columns.name'),
          cellProps: { maxW: '0', w: 'full' },
          cell: (tag) => (
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
          ),
        },
        {
          header: t('columns.tickets'),
          headerProps: { textAlign: 'end', w: '28' },
          cellProps: { textAlign: 'end' },
          testId: 'tag-count',
          cell: (tag) => tag.ticketsCount ?? 0,
        },
      ]}
      actions={{ header: t('columns.actions'), width: '24', onEdit, onDelete }}
    />
  );
}
