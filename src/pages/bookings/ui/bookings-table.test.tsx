import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBooking } from '../../../../tests/msw/handlers/bookings';
import { renderWithProviders } from '../../../../tests/utils/render';
import { BookingsTable } from './bookings-table';
import { LiveStatus } from './live-status';

const noop = () => {};

describe('the bookings list, live', () => {
  it('marks the rows the live stream just reported, and only those', () => {
    const [first, second] = [buildBooking(), buildBooking()];
    renderWithProviders(<BookingsTable bookings={[first, second]} stale={false} recentlyChanged={new Set([second.id])} onView={noop} onChangeStatus={noop} />);
    expect(screen.getByText(second.code_ref).closest('tr')).toHaveClass('booking-row-changed');
    expect(screen.getByText(first.code_ref).closest('tr')).not.toHaveClass('booking-row-changed');
  });

  it('says whether changes arrive by themselves, and how to see them once they no longer do', () => {
    const { rerender } = renderWithProviders(<LiveStatus state="live" />);
    expect(screen.getByRole('status')).toHaveTextContent('En vivo');
    rerender(<LiveStatus state="reconnecting" />);
    expect(screen.getByRole('status')).toHaveTextContent('Reconectando…');
    rerender(<LiveStatus state="failed" />);
    expect(screen.getByRole('alert')).toHaveTextContent('pulsa «Actualizar»');
  });
});
