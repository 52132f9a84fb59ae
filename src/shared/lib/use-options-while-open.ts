import { useMemo, useState } from 'react';

interface SelectOption {
  value: string;
}

/**
 * A long select's options (300 sponsors, 250 countries) drawn only while its dropdown is open.
 * Mantine keeps a closed dropdown mounted with every option in it, hidden, and draws them all
 * again whenever the screen around it renders: on a phone, a screen's largest task once its list
 * had arrived. Closed, the select holds only the option it shows (Mantine keeps showing a chosen
 * option missing from the data too). Spread the answer into the Select; `onOpen` also runs when
 * the dropdown opens (to fetch the options, say).
 */
export function useOptionsWhileOpen<Option extends SelectOption>(options: Option[], value: string | null, onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  const data = useMemo(() => (open ? options : options.filter((option) => option.value === value)), [open, options, value]);
  return {
    data,
    onDropdownOpen: () => {
      setOpen(true);
      onOpen?.();
    },
    onDropdownClose: () => setOpen(false),
  };
}
