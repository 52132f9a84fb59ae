// No zod here: the panel's pages and the component tests' mock server read these without
// loading the schemas.

/** What a DSP does: sells plans, takes bookings, or both. SALE is the default. */
export const DSP_TYPES = ['SALE', 'BOOKING', 'MIXED'] as const;
export type DspType = (typeof DSP_TYPES)[number];
export const DSP_TYPE_LABELS: Record<DspType, string> = { SALE: 'Venta', BOOKING: 'Reserva', MIXED: 'Mixto' };

/** How a connector reaches the DSP's system. */
export const CONNECTOR_DRIVERS = ['database', 'api'] as const;
export type ConnectorDriver = (typeof CONNECTOR_DRIVERS)[number];
/** What a connector carries. */
export const CONNECTOR_TYPES = ['BOOKING', 'PAYMENT'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];
/** How staff read each driver and type; the API's own word stays in brackets. */
export const CONNECTOR_DRIVER_LABELS: Record<ConnectorDriver, string> = { database: 'Base de datos (database)', api: 'API (api)' };
export const CONNECTOR_TYPE_LABELS: Record<ConnectorType, string> = { BOOKING: 'Reservas (BOOKING)', PAYMENT: 'Pagos (PAYMENT)' };

export const API_CLIENT_TYPES = ['BACKEND', 'PARTNER', 'INTEGRATOR', 'ANALYTICS'] as const;
export type ApiClientType = (typeof API_CLIENT_TYPES)[number];
/** The window of an API client's rate limit; hour is the default. */
export const RATE_LIMIT_PERIODS = ['minute', 'hour', 'day'] as const;
export type RateLimitPeriod = (typeof RATE_LIMIT_PERIODS)[number];

export { DSP_DEFAULT_SORT, DSP_INCLUDES, DSP_PAGE_SIZE, DSP_SORTS } from './dsp-list.constants';
export const DSP_FIELDS = [
  'id',
  'name',
  'type',
  'country_id',
  'sponsor_id',
  'website_url',
  'address',
  'phone_primary',
  'phone_secondary',
  'email_primary',
  'settings',
  'enabled',
  'image_url',
  'image_path',
  'created_at',
  'updated_at', 'version',
] as const;
/** Most staff one page answers: the staff picker's page, and the cap of a DSP's staff list. */
export const DSP_STAFF_LIMIT = 100;
/** A DSP's staff (`GET /dsps/{id}/users`): the fields of each person, its sorts, and its page. */
export const DSP_STAFF_FIELDS = ['id', 'name', 'email', 'dni', 'rol'] as const;
export const DSP_STAFF_SORTS = ['name'] as const;
/** Alphabetical, ignoring case and accents. */
export const DSP_STAFF_DEFAULT_SORT = 'name';
export const DSP_STAFF_PAGE_SIZE = 12;

export const DSP_NOT_FOUND = 'La DSP no existe.';

/** The `message` of each successful write. */
export const DSP_ANSWERS = {
  created: 'DSP creada correctamente.',
  updated: 'DSP actualizada correctamente.',
  deleted: 'DSP eliminada correctamente.',
} as const;

/** The `message` of a staff change, in the singular for one person. */
export const dspStaffAnswer = (change: 'assigned' | 'removed', people: number) =>
  change === 'assigned'
    ? people === 1
      ? 'Usuario asignado correctamente.'
      : 'Usuarios asignados correctamente.'
    : people === 1
      ? 'Usuario quitado de la DSP correctamente.'
      : 'Usuarios quitados de la DSP correctamente.';

/** The noun of each thing that blocks a DSP's delete ('No se puede eliminar: tiene 3 clientes'). */
export const DSP_DEPENDENT_NOUNS = {
  customers: ['cliente', 'clientes'],
} as const;

/**
 * The settings 'Usar plantilla' fills in for a DSP of that name and type: its storefront (theme,
 * components, layout). Staff edit it as JSON; the server only requires an object.
 */
export const dspSettingsTemplate = (name: string, type: DspType) => ({
  name,
  type,
  theme: { primaryColor: '#1E5EA8', accentColor: '#48BBE6', font: 'Inter', darkMode: false },
  components: {
    logo: '',
    darkLogo: '',
    favicon: '',
    title: name,
    languageSelector: false,
    notifications: true,
    otpVerification: { default: 'sms', sms: true, email: true },
    phoneCountryCode: '+57',
    cart: true,
    extraComponents: { addBeneficiaries: false, addComments: false, addInsureds: false },
    paymentComponent: 'checkout',
    paymentMethods: [
      { name: 'card', label: 'Tarjeta de crédito o débito', value: 'CARD' },
      { name: 'pse', label: 'PSE', value: 'PSE' },
    ],
    footer: {
      logo: '',
      businessName: name,
      address: '',
      phone: '',
      email: '',
      socialMedia: [
        { name: 'facebook', url: '' },
        { name: 'instagram', url: '' },
      ],
      links: { about: '', privacy: '', refund: '' },
      storeApps: { appStore: '', googlePlay: '' },
      paymentGateways: [],
      text: '',
    },
  },
  layout: {
    entry: '/',
    navigation: 'top',
    menuItems: [
      { id: 'home', label: 'Inicio', icon: 'home', path: '/', isAuth: false },
      { id: 'plans', label: 'Planes', icon: 'list', path: '/planes', isAuth: false },
      { id: 'account', label: 'Mi cuenta', icon: 'user', path: '/cuenta', isAuth: true },
    ],
  },
});

/** The template of a DSP not yet named. */
export const DSP_SETTINGS_TEMPLATE = dspSettingsTemplate('Mi DSP', 'SALE');
