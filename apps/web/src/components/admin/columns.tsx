/**
 * Columns of the generic list (back-office §2 "Generic list screen": start and end datetime, totalCost,
 * status and payment status as coloured dots, ...). A screen lists its columns with these helpers;
 * each knows how to show its kind of value.
 */
import type { ReactNode } from 'react';
import { StatusDot } from '@/components/status-dot';
import { bookingStatusDot, paymentStatusDot } from '@/lib/booking-status';
import { formatDate, formatDateTime, formatMoneyText, formatRate } from '@/lib/format';
import type { IncludedIndex, Resource } from '@/lib/api/jsonapi';
import { InlineEditCell, type InlineEditCellProps } from './inline-edit-cell';
import { Tick } from './tick';

export interface Column<A extends object> {
  id: string;
  label: string;
  /** The API's sort key; the column header sorts when it is set. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  render: (row: Resource<A>, included: IncludedIndex) => ReactNode;
  /** Left out of the phone layout's cards (the first column is their title). */
  hideOnMobile?: boolean;
}

type Key<A> = Extract<keyof A, string>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const columns = {
  text<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      sortKey: key,
      render: (row) => text(row.attributes[key as keyof A]),
      ...options,
    };
  },
  date<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      sortKey: key,
      render: (row) => formatDate(text(row.attributes[key as keyof A])),
      ...options,
    };
  },
  datetime<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      sortKey: key,
      render: (row) => formatDateTime(text(row.attributes[key as keyof A])),
      ...options,
    };
  },
  money<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      sortKey: key,
      align: 'right',
      render: (row) => formatMoneyText(text(row.attributes[key as keyof A])),
      ...options,
    };
  },
  rate<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      align: 'right',
      render: (row) => formatRate(text(row.attributes[key as keyof A])),
      ...options,
    };
  },
  bool<A extends object>(key: Key<A>, label: string, options: Partial<Column<A>> = {}): Column<A> {
    return {
      id: key,
      label,
      align: 'center',
      render: (row) => <Tick value={row.attributes[key as keyof A] === true} />,
      ...options,
    };
  },
  /** Booking status: complete green, pending yellow, any other red (back-office §4). */
  status<A extends object>(key: Key<A> = 'status' as Key<A>, label = 'Status'): Column<A> {
    return {
      id: key,
      label,
      sortKey: key,
      render: (row) => {
        const dot = bookingStatusDot(text(row.attributes[key as keyof A]));
        return <StatusDot colour={dot.colour} label={dot.label} />;
      },
    };
  },
  /** Payment status: unpaid grey, paid green, refunded red (back-office §4). */
  paymentStatus<A extends object>(key: Key<A> = 'paymentStatus' as Key<A>, label = 'Payment'): Column<A> {
    return {
      id: key,
      label,
      render: (row) => {
        // A row that carries what has been paid (the bookings) says "Part paid" rather than "Unpaid".
        const paid: unknown = 'amountPaid' in row.attributes ? row.attributes.amountPaid : null;
        const dot = paymentStatusDot(text(row.attributes[key as keyof A]), paid === null ? null : text(paid));
        return <StatusDot colour={dot.colour} label={dot.label} />;
      },
    };
  },
  /** A value edited in the row itself, with its own Save (the extras' Cost Variations). */
  inlineEdit<A extends object>(
    id: string,
    label: string,
    editor: (row: Resource<A>, included: IncludedIndex) => InlineEditCellProps,
    options: Partial<Column<A>> = {},
  ): Column<A> {
    return {
      id,
      label,
      render: (row, included) => <InlineEditCell key={row.id} {...editor(row, included)} />,
      ...options,
    };
  },
  /** An attribute of an included related resource (a vehicle's owner, a flight's airline). */
  related<A extends object, R extends object>(
    relationship: string,
    type: string,
    show: (related: R) => string,
    label: string,
    options: Partial<Column<A>> = {},
  ): Column<A> {
    return {
      id: relationship,
      label,
      render: (row, included) => {
        const related = included.one<R>(row, relationship, type);
        return related ? show(related.attributes) : '';
      },
      ...options,
    };
  },
};
