export {
  apiClientDeletion,
  campaignCategoryDeletion,
  campaignDeletion,
  categoryDeletion,
  connectorDeletion,
  customerDeletion,
  dspDeletion,
  planDeletion,
  serviceDeletion,
  sponsorDeletion,
  userDeletion,
} from './config/deletions';
export type { Deletion } from './model/deletion';
export { DeleteWithConfirmation, type DeleteWithConfirmationProps } from './ui/delete-with-confirmation';
