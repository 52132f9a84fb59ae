import { DSP_NOT_FOUND, dspStaffMember, type DspStaffMember } from '@contract/dsp';
import { DSP_STAFF_DEFAULT_SORT, DSP_STAFF_FIELDS, DSP_STAFF_PAGE_SIZE, DSP_STAFF_SORTS } from '@contract/dsp.constants';
import { http } from 'msw';
import { apiUrl, fail } from '../envelope';
import { listHandler, type ListSpec } from '../resource';
import { dspStaffDb } from './dsp-staff';
import { dspsDb } from './dsps';

/** What the DSP staff list handler was asked, for the Usuarios tab's tests. */
export const dspStaffListDb = {
  /** Every `GET v1/dsps/:id/users`, as sent. */
  requests: [] as URL[],
  reset() {
    dspStaffListDb.requests = [];
  },
};

const spec: ListSpec<DspStaffMember> = {
  item: dspStaffMember,
  sorts: DSP_STAFF_SORTS,
  defaultSort: DSP_STAFF_DEFAULT_SORT,
  pageSize: DSP_STAFF_PAGE_SIZE,
  fields: DSP_STAFF_FIELDS,
  search: (person) => [person.name, person.email, person.dni],
};

/** `GET v1/dsps/:id/users`: one DSP's staff from `dspStaffDb`; 404 for a DSP neither store holds. */
export const dspStaffListHandlers = [
  // Records the request and falls through to the list (a handler that returns nothing passes it on).
  http.get(apiUrl('v1/dsps/:id/users'), ({ request }) => {
    dspStaffListDb.requests.push(new URL(request.url));
  }),
  listHandler('v1/dsps/:id/users', spec, ({ id }) => {
    const dspId = Number(id);
    const known = dspStaffDb.dspIds.has(dspId) || dspsDb.dsps.some((dsp) => dsp.id === dspId);
    return known ? dspStaffDb.staffOf(dspId) : fail(404, DSP_NOT_FOUND);
  }),
];
