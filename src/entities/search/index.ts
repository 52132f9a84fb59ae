export { SEARCH_FALLBACK, fetchSearchResults, searchQueries, type SearchResult, type SearchType } from './api/search.api';
