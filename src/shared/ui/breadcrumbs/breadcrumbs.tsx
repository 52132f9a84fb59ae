import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import type { ReactElement } from 'react';

export interface Crumb {
  label: string;
  /** The router link it opens (`(props) => <Link to="/" {...props} />`); the last crumb has none. */
  link?: (props: Record<string, unknown>) => ReactElement;
}

/** Where a page sits below its list: 'Sponsors / Andes Protección / Plan Hogar', the last one current. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación">
      <MantineBreadcrumbs separator="/" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {items.map((item) =>
          item.link ? (
            <Anchor key={item.label} size="sm" renderRoot={item.link}>
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} size="sm" c="dimmed" aria-current="page" lineClamp={1}>
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
