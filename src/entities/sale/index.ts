export { SALE_FALLBACKS, exportSales, fetchSales, fetchSalesSummary } from './api/sale.api';
export { saleQueries } from './api/sale.queries';
export type { PaymentMethod, Sale, SaleFilters, SaleListParams, SaleStatus, SalesSummary } from './model/types';
export { SaleStatusBadge } from './ui/sale-status-badge';
