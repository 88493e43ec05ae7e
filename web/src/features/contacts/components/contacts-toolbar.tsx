import { Button, HStack, IconButton, Input, InputGroup, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  LuCheck,
  LuChevronDown,
  LuDownload,
  LuListChecks,
  LuListPlus,
  LuSearch,
  LuSmartphone,
  LuTrash2,
  LuUpload,
  LuUserPlus,
} from 'react-icons/lu';
import { CONTACTS_NS } from '../i18n';

interface ContactsToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  /** contacts-page:importExportContact: the menu and select mode. */
  mayImportExport: boolean;
  mayDelete: boolean;
  selecting: boolean;
  selectedCount: number;
  onImport: () => void;
  /** Import the default connection's address book; `importingPhone` while it runs. */
  onImportPhone: () => void;
  importingPhone: boolean;
  onExport: () => void;
  onSelect: () => void;
  onDeleteSelected: () => void;
  onDoneSelecting: () => void;
  /** Bulk add to a campaign contact list: only with the `cshow` flag and campaigns on (spec part 3 "Contacts page"). */
  onAddToList?: () => void;
  /** A new contact typed in by hand (the contact form of spec part 1 §5). */
  onAdd: () => void;
}

/** The contacts page's header: search, the import/export menu, and the select-mode bar. */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { t } = useTranslation(CONTACTS_NS);
  return (
    <HStack gap="2" wrap="wrap" justify={{ base: 'stretch', md: 'flex-end' }}>
      <InputGroup startElement={<LuSearch />} flexBasis={{ base: '100%', sm: 'auto' }} w={{ sm: '72' }}>
        <Input
          type="search"
          placeholder={t('search')}
          aria-label={t('search')}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          bg="bg.panel"
          data-testid="contacts-search"
        />
      </InputGroup>
      {props.selecting ? (
        <HStack gap="2" data-testid="contacts-select-bar">
          <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
            {t('select.count', { count: props.selectedCount })}
          </Text>
          {props.mayDelete ? (
            <IconButton
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={t('select.delete')}
              title={t('select.delete')}
              disabled={props.selectedCount === 0}
              onClick={props.onDeleteSelected}
              data-testid="contacts-delete-selected"
            >
              <LuTrash2 />
            </IconButton>
          ) : null}
          {props.onAddToList ? (
            <IconButton
              size="sm"
              variant="outline"
              aria-label={t('select.addToList')}
              title={t('select.addToList')}
              disabled={props.selectedCount === 0}
              onClick={props.onAddToList}
              data-testid="contacts-add-to-list"
            >
              <LuListPlus />
            </IconButton>
          ) : null}
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('select.export')}
            title={t('select.export')}
            onClick={props.onExport}
            data-testid="contacts-export-selected"
          >
            <LuDownload />
          </IconButton>
          <Button size="sm" onClick={props.onDoneSelecting} data-testid="contacts-select-done">
            <LuCheck />
            {t('select.done')}
          </Button>
        </HStack>
      ) : (
        <HStack gap="2" wrap="wrap" flexBasis={{ base: '100%', sm: 'auto' }}>
          <Button
            flex={{ base: '1 1 auto', sm: 'none' }}
            colorPalette="brand"
            onClick={props.onAdd}
            data-testid="contacts-add"
          >
            <LuUserPlus />
            {t('actions.add')}
          </Button>
          {props.mayImportExport ? <ImportExportMenu {...props} /> : null}
        </HStack>
      )}
    </HStack>
  );
}

/** Import (a spreadsheet, the phone's address book), export and select mode: contacts-page:importExportContact. */
function ImportExportMenu(props: ContactsToolbarProps) {
  const { t } = useTranslation(CONTACTS_NS);
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button flex={{ base: '1 1 auto', sm: 'none' }} variant="outline" data-testid="contacts-menu">
          {t('actions.menu')} <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.Item value="import" onClick={props.onImport} data-testid="contacts-import">
              <LuUpload />
              {t('actions.import')}
            </Menu.Item>
            <Menu.Item
              value="import-phone"
              onClick={props.onImportPhone}
              disabled={props.importingPhone}
              data-testid="contacts-import-phone"
            >
              <LuSmartphone />
              {t('actions.importPhone')}
            </Menu.Item>
            <Menu.Item value="export" onClick={props.onExport} data-testid="contacts-export">
              <LuDownload />
              {t('actions.export')}
            </Menu.Item>
            <Menu.Item value="select" onClick={props.onSelect} data-testid="contacts-select">
              <LuListChecks />
              {t('actions.select')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
