import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a `<dl>`: a small grey label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}
