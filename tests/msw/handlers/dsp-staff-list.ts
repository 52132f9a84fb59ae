import { DSP_NOT_FOUND, dspStaffMember } from '@contract/dsp';
import { DSP_STAFF_LIMIT, DSP_STAFF_PAGE_SIZE } from '@contract/dsp.constants';
import { limitTooLargeMessage } from '@contract/list.constants';
import { http } from 'msw';
import { apiUrl, fail } from '../envelope';
import { listAnswer } from '../paginate';
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

/** Case and accents ignored, as the server searches. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * `GET v1/dsps/:id/users`: one DSP's staff from `dspStaffDb`, by name, searched (name, e-mail,
 * DNI) and paged; 404 for a DSP neither store holds.
 */
export const dspStaffListHandlers = [
  http.get(apiUrl('v1/dsps/:id/users'), ({ request, params }) => {
    const dspId = Number(params.id);
    const url = new URL(request.url);
    dspStaffListDb.requests.push(url);
    if (!dspStaffDb.dspIds.has(dspId) && !dspsDb.dsps.some((dsp) => dsp.id === dspId)) return fail(404, DSP_NOT_FOUND);
    if (Number(url.searchParams.get('limit') ?? DSP_STAFF_PAGE_SIZE) > DSP_STAFF_LIMIT) return fail(400, limitTooLargeMessage(DSP_STAFF_LIMIT));
    const q = folded((url.searchParams.get('filter[q]') ?? url.searchParams.get('q') ?? '').trim());
    const found = dspStaffDb.staffOf(dspId).filter((person) => [person.name, person.email, person.dni ?? ''].some((text) => folded(text).includes(q)));
    return listAnswer(dspStaffMember, found, url, DSP_STAFF_PAGE_SIZE);
  }),
];
