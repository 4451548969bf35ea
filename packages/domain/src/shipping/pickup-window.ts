import { kolkataDay, nextDay } from '../admin/orders.ts';

/**
 * The days staff may book a courier pickup for (decision 147): from today to PICKUP_DAYS_AHEAD days later, by the
 * shop's calendar (Asia/Kolkata). A courier cannot come yesterday, and Shiprocket generates pickups for the next few
 * days only: a date months ahead would be the carrier's refusal at best, and at worst a parcel waiting on a shelf for
 * a pickup nobody remembers. The API refuses a date outside the window (422 `shipment_pickup_date_outside_window`)
 * and the back office's date input offers only these days (min/max).
 */
export const PICKUP_DAYS_AHEAD = 3;

/** The first and last day a pickup may be booked for, both YYYY-MM-DD in India and both allowed. */
export interface PickupWindow {
  from: string;
  to: string;
}

/** The pickup window at the instant `now`: today in India, through PICKUP_DAYS_AHEAD days later. */
export function pickupWindow(now: Date): PickupWindow {
  const from = kolkataDay(now);
  let to = from;
  for (let day = 0; day < PICKUP_DAYS_AHEAD; day += 1) to = nextDay(to);
  return { from, to };
}

/** Whether a real calendar date (calendar.ts's isCalendarDate) lies in the window; YYYY-MM-DD strings sort as days. */
export function isInPickupWindow(date: string, window: PickupWindow): boolean {
  return date >= window.from && date <= window.to;
}
