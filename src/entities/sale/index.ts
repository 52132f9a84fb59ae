export {
  SALE_FALLBACKS,
  exportSales,
  fetchSales,
  fetchSalesSummary,
  saleQueries,
  type PaymentMethod,
  type Sale,
  type SaleFilters,
  type SaleListParams,
  type SaleStatus,
  type SalesSummary,
} from './api/sale.api';
export { SaleStatusBadge } from './ui/sale-status-badge';
