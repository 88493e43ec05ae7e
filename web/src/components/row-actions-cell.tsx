import { IconButton, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

/**
 * The edit and delete buttons ending a row of an administration table. Delete only asks: the page
 * keeps the confirmation dialog. Without `onDelete` (a record that cannot go) only edit shows;
 * `children` are buttons of the row's own before them.
 */
export function RowActionsCell({
  onEdit,
  onDelete,
  children,
}: {
  onEdit: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap">
      {children}
      <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={onEdit}>
        <LuPencil />
      </IconButton>
      {onDelete ? (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('common.delete')} onClick={onDelete}>
          <LuTrash2 />
        </IconButton>
      ) : null}
    </Table.Cell>
  );
}
