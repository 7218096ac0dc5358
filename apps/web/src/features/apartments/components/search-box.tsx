import { memo, startTransition, useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';

interface SearchBoxProps {
  /** Called in a transition: the table filters in a render that never delays typing. */
  onSearch: (query: string) => void;
}

/**
 * The table's search input. It owns what is typed, so a keystroke's urgent render is this
 * input alone; the panel and table follow in a transition (React's deferred-value pattern,
 * with the deferral at the source instead of re-rendering the whole panel twice).
 */
export const SearchBox = memo(function SearchBox({ onSearch }: SearchBoxProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <TextInput
      label={t('apartments.search.label')}
      placeholder={t('apartments.search.placeholder')}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setValue(next);
        startTransition(() => onSearch(next));
      }}
      w={{ base: '100%', sm: 360 }}
    />
  );
});
