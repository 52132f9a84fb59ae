const cop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  // Colombian prices are quoted in whole pesos.
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Money in Colombian pesos as staff read it, e.g. '$ 150.000'; '—' when there is no number. */
export const formatCOP = (amount: number | string | null | undefined): string => {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? cop.format(value) : '—';
};
