import type { ColorScheme } from '@contract/preferences.constants';
import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PREFERENCES_FALLBACKS, changePreferences, preferencesQueries } from '@/entities/preference';
import { errorMessage } from '@/shared/api';

/**
 * The person's theme: shown at once (Mantine writes it to this browser's storage, which the page's
 * first script reads on the next visit, /login included) and kept on the server for every browser.
 * A refused save puts the previous theme back and says so.
 */
export function useColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const queryClient = useQueryClient();
  const choose = (scheme: ColorScheme) => {
    if (scheme === colorScheme) return;
    const before = colorScheme;
    setColorScheme(scheme);
    changePreferences(queryClient, { color_scheme: scheme }).catch((error: unknown) => {
      setColorScheme(before);
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, PREFERENCES_FALLBACKS.save) });
    });
  };
  return { colorScheme, choose };
}

/**
 * Once signed in, the theme kept on the server wins over this browser's last one (chosen, say, on
 * another computer), and becomes this browser's last one.
 */
export function useKeptColorScheme() {
  const kept = useQuery(preferencesQueries.mine()).data?.color_scheme;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (kept) setColorScheme(kept);
  }, [kept, setColorScheme]);
}
