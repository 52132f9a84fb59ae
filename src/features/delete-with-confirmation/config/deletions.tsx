import { apiClientQueries, checkApiClientDeletion, deleteApiClient, type ApiClient } from '@/entities/api-client';
import { campaignQueries, checkCampaignDeletion, deleteCampaign, type Campaign } from '@/entities/campaign';
import { checkConnectorDeletion, connectorQueries, deleteConnector, type Connector } from '@/entities/connector';
import { categoryQueries, checkCategoryDeletion, deleteCategory, type Category } from '@/entities/category';
import { checkCustomerDeletion, customerQueries, deleteCustomer, type Customer } from '@/entities/customer';
import { checkDspDeletion, deleteDsp, dspQueries, type Dsp } from '@/entities/dsp';
import { checkPlanDeletion, deletePlan, planQueries, type Plan } from '@/entities/plan';
import {
  campaignCategoryQueries,
  checkCampaignCategoryDeletion,
  deleteCampaignCategory,
  type CampaignCategory,
} from '@/entities/campaign-category';
import { checkServiceDeletion, deleteService, serviceQueries, type Service } from '@/entities/service';
import { checkSponsorDeletion, deleteSponsor, sponsorQueries, type Sponsor } from '@/entities/sponsor';
import { checkUserDeletion, deleteUser, userQueries, type User } from '@/entities/user';
import { CONFIRM_KEYWORD, type Deletion } from '../model/deletion';

const confirmWord = () => CONFIRM_KEYWORD;

export const sponsorDeletion: Deletion<Sponsor> = {
  title: 'Eliminar sponsor',
  describe: (sponsor) => (
    <>
      Se eliminará el sponsor <strong>{sponsor.name}</strong> y su logo. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Sponsor eliminado.',
  remove: deleteSponsor,
  check: checkSponsorDeletion,
  queries: sponsorQueries,
};

export const campaignDeletion: Deletion<Campaign> = {
  title: 'Eliminar campaña',
  describe: (campaign) => (
    <>
      Se eliminará la campaña <strong>{campaign.name}</strong> y su imagen. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Campaña eliminada.',
  remove: deleteCampaign,
  check: checkCampaignDeletion,
  queries: campaignQueries,
};

/** A person is confirmed by typing their exact name, so the wrong one is hard to delete. */
export const userDeletion: Deletion<User> = {
  title: 'Eliminar usuario',
  describe: (user) => (
    <>
      Se eliminará a <strong>{user.name}</strong> ({user.email}) y se cerrarán sus sesiones. Esta acción no se puede deshacer.
    </>
  ),
  keyword: (user) => user.name,
  deleted: 'Usuario eliminado.',
  remove: deleteUser,
  check: checkUserDeletion,
  queries: userQueries,
};

/** A catalogue category is confirmed by typing its own name: subcategories share words with their parents. */
export const categoryDeletion: Deletion<Category> = {
  title: 'Eliminar categoría',
  describe: (category) => (
    <>
      Se eliminará la categoría <strong>{category.name}</strong> y su imagen. Esta acción no se puede deshacer.
    </>
  ),
  keyword: (category) => category.name,
  deleted: 'Categoría eliminada.',
  remove: deleteCategory,
  check: checkCategoryDeletion,
  queries: categoryQueries,
};

/** A plan with services or upgrades cannot go: the check says which, before anything is typed. */
export const planDeletion: Deletion<Plan> = {
  title: 'Eliminar plan',
  describe: (plan) => (
    <>
      Se eliminará el plan <strong>{plan.name}</strong>, su imagen y su PDF. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Plan eliminado.',
  remove: deletePlan,
  check: checkPlanDeletion,
  queries: planQueries,
};

export const campaignCategoryDeletion: Deletion<CampaignCategory> = {
  title: 'Eliminar categoría',
  describe: (category) => (
    <>
      Se eliminará la categoría <strong>{category.name}</strong> de la campaña y su imagen. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Categoría eliminada.',
  remove: deleteCampaignCategory,
  check: checkCampaignCategoryDeletion,
  queries: campaignCategoryQueries,
};

export const serviceDeletion: Deletion<Service> = {
  title: 'Eliminar servicio',
  describe: (service) => (
    <>
      Se eliminará el servicio <strong>{service.name}</strong> y su imagen. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Servicio eliminado.',
  remove: deleteService,
  check: checkServiceDeletion,
  queries: serviceQueries,
};

export const connectorDeletion: Deletion<Connector> = {
  title: 'Eliminar conector',
  describe: (connector) => (
    <>
      ¿Eliminar este conector? Se eliminará el conector <strong>{connector.key}</strong> y su mapa de planes. Esta acción no se puede deshacer.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Conector eliminado.',
  remove: deleteConnector,
  check: checkConnectorDeletion,
  queries: connectorQueries,
};

/** A DSP's API client: whatever calls the API with its credentials stops being let in. */
export const apiClientDeletion: Deletion<ApiClient> = {
  title: 'Eliminar cliente API',
  describe: (client) => (
    <>
      ¿Eliminar este cliente? Esta acción no se puede deshacer. <strong>{client.name}</strong> ({client.client_id}) dejará de poder llamar a la API.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Cliente API eliminado.',
  remove: deleteApiClient,
  check: checkApiClientDeletion,
  queries: apiClientQueries,
};

/** A DSP is confirmed by typing its own name; one with customers cannot go (the check says so first). */
export const dspDeletion: Deletion<Dsp> = {
  title: 'Eliminar DSP',
  describe: (dsp) => (
    <>
      Se eliminará la DSP <strong>{dsp.name}</strong>, su imagen, sus planes asignados y su personal asignado. Esta acción no se puede deshacer.
    </>
  ),
  keyword: (dsp) => dsp.name,
  deleted: 'DSP eliminada.',
  remove: deleteDsp,
  check: checkDspDeletion,
  queries: dspQueries,
};

/** A DSP's customer goes with their subscriptions; one with bookings cannot go (the check says so first). */
export const customerDeletion: Deletion<Customer> = {
  title: 'Eliminar cliente',
  describe: (customer) => (
    <>
      ¿Eliminar este cliente? Esta acción no se puede deshacer. Se eliminarán <strong>{customer.name}</strong> (DNI {customer.dni}) y sus
      suscripciones.
    </>
  ),
  keyword: confirmWord,
  deleted: 'Cliente eliminado.',
  remove: deleteCustomer,
  check: checkCustomerDeletion,
  queries: customerQueries,
};
