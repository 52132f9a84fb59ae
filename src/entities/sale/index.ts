export {
  SALE_FALLBACKS,
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
