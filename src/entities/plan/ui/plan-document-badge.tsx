import { Badge } from '@mantine/core';

/** 'PDF Disponible': the plan has its terms as a PDF. Filled, so it stays readable on any card or row. */
export function PlanDocumentBadge() {
  return (
    <Badge variant="filled" color="blue.8" autoContrast radius="sm" tt="none">
      PDF Disponible
    </Badge>
  );
}
