import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RowActionsCell } from './row-actions-cell';

export interface RecordsTableColumn<T> {
  header: string;
  cell: (record: T) => ReactNode;
  headerProps?: Table.ColumnHeaderProps;
  cellProps?: Table.CellProps;
  /** `data-testid` of the column's cells. */
  testId?: string;
}

export interface RecordsTableActions<T> {
  header: string;
  /** The actions column's width (a size token). */
  width: string;
  onEdit: (record: T) => void;
  onDelete?: (record: T) => void;
  /** Buttons before edit and delete (open the record's page…). */
  extra?: (record: T) => ReactNode;
}

/**
 * An administration table (tags, contact lists…): a header row, a row per record with the given
 * columns, and the edit / delete buttons at its end. The page keeps the delete confirmation.
 */
export function RecordsTable<T extends { id: string }>({
  records,
  columns,
  actions,
  rowTestId,
}: {
  records: T[];
  columns: RecordsTableColumn<T>[];
  actions: RecordsTableActions<T>;
  rowTestId: string;
}) {
  const { onEdit, onDelete, extra } = actions;
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          {columns.map((column) => (
            <Table.ColumnHeader key={column.header} {...column.headerProps}>
              {column.header}
            </Table.ColumnHeader>
          ))}
          <Table.ColumnHeader textAlign="end" w={actions.width}>
            {actions.header}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {records.map((record) => (
          <Table.Row key={record.id} data-testid={rowTestId}>
            {columns.map((column) => (
              <Table.Cell key={column.header} data-testid={column.testId} {...column.cellProps}>
                {column.cell(record)}
              </Table.Cell>
            ))}
            <RowActionsCell onEdit={() => onEdit(record)} onDelete={onDelete ? () => onDelete(record) : undefined}>
              {extra?.(record)}
            </RowActionsCell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
