import { Button, Input, InputGroup } from '@chakra-ui/react';
import { LuPlus, LuSearch } from 'react-icons/lu';

interface SearchAndAddProps {
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  addLabel: string;
  /** Without it (the viewer may not add) only the search box shows. */
  onAdd?: () => void;
  /** `<prefix>-search` and `<prefix>-add` test ids. */
  testIdPrefix?: string;
}

/** The list pages' header actions: a search box (full width on a phone) and the add button. */
export function SearchAndAdd({ searchLabel, search, onSearch, addLabel, onAdd, testIdPrefix }: SearchAndAddProps) {
  return (
    <>
      <InputGroup startElement={<LuSearch />} flexBasis={{ base: '100%', sm: 'auto' }} w={{ sm: '72' }}>
        <Input
          type="search"
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          bg="bg.panel"
          data-testid={testIdPrefix ? `${testIdPrefix}-search` : undefined}
        />
      </InputGroup>
      {onAdd ? <AddButton label={addLabel} onAdd={onAdd} testId={testIdPrefix ? `${testIdPrefix}-add` : undefined} /> : null}
    </>
  );
}

/** A list page's add button (header). */
export function AddButton({ label, onAdd, testId }: { label: string; onAdd: () => void; testId?: string }) {
  return (
    <Button onClick={onAdd} flexShrink={0} data-testid={testId}>
      <LuPlus />
      {label}
    </Button>
  );
}
